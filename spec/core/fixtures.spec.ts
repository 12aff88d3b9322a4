// Table-driven cases from fixtures/core: valid and malformed documents, the wire strings shared with the
// other ports, and the equality table.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPartError, Request, ToolResult, ToolnexusError, ValidationError } from "toolnexus";
import { loadJSON } from "../support/fixtures";

interface ValidCase {
  name: string;
  json?: unknown;
  jsonText?: string;
  expected: { output: string; isError: boolean; parts: unknown[] | null; metadata: unknown };
  wire?: string;
  pending?: string;
}
interface InvalidCase {
  name: string;
  json?: unknown;
  deepMetadata?: number;
  code: string;
  path?: string;
  pathPrefix?: string;
  class?: "ValidationError" | "ContentPartError";
}

function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function deepFrozen(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  return Object.values(value).every(deepFrozen);
}

function expectError(fn: () => unknown, c: { code: string; path?: string; pathPrefix?: string; class?: string }): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ToolnexusError);
  expect(thrown).toBeInstanceOf(ValidationError);
  if (c.class === "ContentPartError") expect(thrown).toBeInstanceOf(ContentPartError);
  const err = thrown as ValidationError;
  expect(err.code).toBe(c.code);
  if (c.path !== undefined) expect(err.path).toBe(c.path);
  if (c.pathPrefix !== undefined) expect(err.path.startsWith(c.pathPrefix)).toBe(true);
  expect(err.message.length).toBeGreaterThan(20);
}

describe("valid ToolResult documents (fixtures/core/results-valid.json)", () => {
  const { cases } = loadJSON<{ cases: ValidCase[] }>("core/results-valid.json");
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const input = c.jsonText === undefined ? c.json : JSON.parse(c.jsonText);
    const before = JSON.stringify(input);
    const r = ToolResult.fromJSON(input);
    expect(r).toBeInstanceOf(ToolResult);
    expect(r.output).toBe(c.expected.output);
    expect(r.isError).toBe(c.expected.isError);
    expect(r.parts === null ? null : plain(r.parts)).toEqual(c.expected.parts);
    const expectedMeta = c.expected.metadata === "same-as-input" ? (input as { metadata: unknown }).metadata : c.expected.metadata;
    expect(r.metadata === null ? null : plain(r.toJSON().metadata)).toEqual(expectedMeta === null ? null : plain(expectedMeta));
    expect(deepFrozen(r)).toBe(true);
    if (c.pending !== undefined) {
      expect(r.pending).toBeInstanceOf(Request);
      expect(r.pending?.id).toBe(c.pending);
      expect(r.isPending).toBe(true);
    } else {
      expect(r.isPending).toBe(false);
    }
    // The wire form, and the round trip.
    expect(JSON.stringify(r)).toBe(c.wire ?? JSON.stringify(input));
    expect(ToolResult.fromJSON(JSON.parse(JSON.stringify(r))).equals(r)).toBe(true);
    // The input is untouched and not frozen.
    expect(JSON.stringify(input)).toBe(before);
    if (typeof input === "object" && input !== null) expect(Object.isFrozen(input)).toBe(false);
    // safeFromJSON agrees.
    const safe = ToolResult.safeFromJSON(input);
    expect(safe.success).toBe(true);
    expect(safe.success && safe.data.equals(r)).toBe(true);
    // Prototypes stay untouched.
    expect(Object.getPrototypeOf(r.metadata ?? {})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe("malformed ToolResult documents (fixtures/core/results-invalid.json)", () => {
  const { cases } = loadJSON<{ cases: InvalidCase[] }>("core/results-invalid.json");
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    let input = c.json;
    if (c.deepMetadata !== undefined) {
      const root: Record<string, unknown> = {};
      let cur = root;
      for (let i = 0; i < c.deepMetadata; i++) {
        const next: Record<string, unknown> = {};
        cur.a = next;
        cur = next;
      }
      input = { output: "x", metadata: root };
    }
    expectError(() => ToolResult.fromJSON(input), c);
    const safe = ToolResult.safeFromJSON(input);
    expect(safe.success).toBe(false);
    expect(!safe.success && safe.error.code).toBe(c.code);
  });

  it("1000 levels below metadata are accepted", () => {
    const root: Record<string, unknown> = {};
    let cur = root;
    for (let i = 0; i < 1000; i++) {
      const next: Record<string, unknown> = {};
      cur.a = next;
      cur = next;
    }
    cur.leaf = 1;
    expect(ToolResult.fromJSON({ output: "x", metadata: root }).metadata).not.toBeNull();
  });
});

describe("wire strings shared with the other ports (fixtures/core/wire.json)", () => {
  const wire = loadJSON<{ requests: string[]; answers: string[]; results: string[] }>("core/wire.json");
  it.each(wire.requests)("Request %s", (s) => {
    const r = Request.fromJSON(JSON.parse(s));
    expect(JSON.stringify(r)).toBe(s);
    expect(Request.fromJSON(JSON.parse(JSON.stringify(r))).equals(r)).toBe(true);
  });
  it.each(wire.answers)("Answer %s", (s) => {
    const a = Answer.fromJSON(JSON.parse(s));
    expect(JSON.stringify(a)).toBe(s);
    expect(Answer.fromJSON(JSON.parse(JSON.stringify(a))).equals(a)).toBe(true);
  });
  it.each(wire.results)("ToolResult %s", (s) => {
    const r = ToolResult.fromJSON(JSON.parse(s));
    expect(JSON.stringify(r)).toBe(s);
    expect(ToolResult.fromJSON(JSON.parse(JSON.stringify(r))).equals(r)).toBe(true);
  });
});

describe("Request and Answer documents (fixtures/core/suspension.json)", () => {
  interface Doc {
    name: string;
    json: unknown;
    code?: string;
    path?: string;
  }
  const s = loadJSON<{
    validRequests: Doc[];
    invalidRequests: Doc[];
    validAnswers: Doc[];
    invalidAnswers: Doc[];
    /** `now` as a date-time, or `nowMs` as a number of milliseconds (which may hold a fraction). */
    expiry: { expiresAt: string; now?: string; nowMs?: number; expired: boolean }[];
  }>("core/suspension.json");

  it.each(s.validRequests.map((c) => [c.name, c] as const))("valid request: %s", (_n, c) => {
    const r = Request.fromJSON(c.json);
    expect(plain(r)).toEqual(c.json);
    expect(Object.keys(r)).toEqual(["id", "kind", "prompt", "url", "data", "expiresAt"]);
    expect(deepFrozen(r)).toBe(true);
    expect(new Request(c.json as never).equals(r)).toBe(true);
  });
  it.each(s.invalidRequests.map((c) => [c.name, c] as const))("invalid request: %s", (_n, c) => {
    expectError(() => Request.fromJSON(c.json), { code: c.code!, path: c.path });
    expectError(() => new Request(c.json as never), { code: c.code!, path: c.path });
    const safe = Request.safeFromJSON(c.json);
    expect(!safe.success && safe.error.code).toBe(c.code);
  });
  it.each(s.validAnswers.map((c) => [c.name, c] as const))("valid answer: %s", (_n, c) => {
    const a = Answer.fromJSON(c.json);
    expect(plain(a)).toEqual(c.json);
    expect(Object.keys(a)).toEqual(["id", "ok", "data", "reason"]);
    expect(deepFrozen(a)).toBe(true);
  });
  it.each(s.invalidAnswers.map((c) => [c.name, c] as const))("invalid answer: %s", (_n, c) => {
    expectError(() => Answer.fromJSON(c.json), { code: c.code!, path: c.path });
    const safe = Answer.safeFromJSON(c.json);
    expect(!safe.success && safe.error.code).toBe(c.code);
  });
  it.each(s.expiry.map((c) => [`${c.expiresAt} at ${c.now ?? `${c.nowMs} ms`}`, c] as const))("isExpired: %s", (_n, c) => {
    const r = new Request({ id: "r1", kind: "input", prompt: "p", expiresAt: c.expiresAt });
    if (c.now === undefined) {
      expect(r.isExpired(c.nowMs)).toBe(c.expired);
      return;
    }
    expect(r.isExpired(new Date(c.now))).toBe(c.expired);
    expect(r.isExpired(Date.parse(c.now))).toBe(c.expired);
  });
});

describe("the equality table (fixtures/core/equality.json)", () => {
  const { pairs } = loadJSON<{ pairs: { reason: string; equal: boolean; a: unknown; b: unknown }[] }>("core/equality.json");
  it.each(pairs.map((p) => [`${p.equal ? "equal" : "not equal"}: ${p.reason}`, p] as const))("%s", (_n, p) => {
    const a = ToolResult.fromJSON(p.a);
    const b = ToolResult.fromJSON(p.b);
    expect(a.equals(b)).toBe(p.equal);
    expect(b.equals(a)).toBe(p.equal);
    expect(a.equals(a)).toBe(true);
    // Re-read copies agree too (no sharing involved).
    expect(ToolResult.fromJSON(plain(a)).equals(ToolResult.fromJSON(plain(b)))).toBe(p.equal);
  });
});
