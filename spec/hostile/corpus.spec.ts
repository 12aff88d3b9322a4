// The corpus of broken documents in fixtures/invalid/: each one must be refused with the stated error
// class, code and path, by every reading door, without a crash, a getter read twice, or a change to the
// caller's objects. See fixtures/invalid/README.md for the format.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult, ToolnexusError, ValidationError } from "toolnexus";
import { loadDir } from "../support/fixtures";
import { build, describeThrown, expandPath, safeInstanceOf, type Built } from "./constructs";

type TypeName = "ToolResult" | "ContentPart" | "Request" | "Answer";

interface Case {
  name: string;
  type?: TypeName;
  input: unknown;
  code: string;
  path: string;
  error?: string;
}

interface Entry {
  file: string;
  type: TypeName;
  c: Case;
}

const files = loadDir<{ type: TypeName; cases: Case[] }>("invalid");
const entries: Entry[] = files.flatMap(({ file, data }) => data.cases.map((c) => ({ file, type: c.type ?? data.type, c })));

interface Reader {
  safe(value: unknown): { success: boolean; error?: unknown; data?: unknown };
  strict(value: unknown): unknown;
  /** The constructor, when it reads the same shape as fromJSON. */
  construct?(value: unknown): unknown;
}

const readers: Record<TypeName, Reader> = {
  ToolResult: { safe: (v) => ToolResult.safeFromJSON(v), strict: (v) => ToolResult.fromJSON(v) },
  ContentPart: { safe: (v) => ContentPart.safeFromJSON(v), strict: (v) => ContentPart.fromJSON(v), construct: (v) => new ContentPart(v as never) },
  Request: { safe: (v) => Request.safeFromJSON(v), strict: (v) => Request.fromJSON(v), construct: (v) => new Request(v as never) },
  Answer: { safe: (v) => Answer.safeFromJSON(v), strict: (v) => Answer.fromJSON(v), construct: (v) => new Answer(v as never) },
};

/** `parts[1]` + `data` = `parts[1].data`, as the library joins paths. */
function joinPath(prefix: string, rest: string): string {
  if (rest === "") return prefix;
  return rest.startsWith("[") ? prefix + rest : `${prefix}.${rest}`;
}

interface Expected {
  code: string;
  path: string;
  error: string;
}

function expected(type: TypeName, c: Case): Expected {
  return { code: c.code, path: expandPath(c.path), error: c.error ?? (type === "ContentPart" ? "ContentPartError" : "ValidationError") };
}

/** Part payloads in the input: they must never appear in an error message. */
function payloads(spec: unknown, out: string[] = []): string[] {
  if (Array.isArray(spec)) for (const e of spec) payloads(e, out);
  else if (typeof spec === "object" && spec !== null) {
    const o = spec as Record<string, unknown>;
    if (typeof o.data === "string" && o.data.length >= 8 && typeof o.type === "string") out.push(o.data);
    for (const k of Object.keys(o)) payloads(o[k], out);
  }
  return out;
}

/** Runs one reading door on a freshly built input and checks everything but the error itself. */
function refuse(door: (v: unknown) => unknown, spec: unknown): { error: unknown; built: Built } {
  const built = build(spec);
  let error: unknown;
  let returned: unknown;
  let threw = false;
  try {
    returned = door(built.value);
  } catch (e) {
    threw = true;
    error = e;
  }
  if (!threw) {
    const r = returned as { success?: boolean; error?: unknown };
    expect(r?.success).toBe(false);
    error = r.error;
  }
  // Whatever escaped is described before Jest sees it: Jest hangs printing a Proxy whose traps throw.
  if (!safeInstanceOf(error, ToolnexusError)) throw new Error(`not a ToolnexusError: ${describeThrown(error)}`);
  for (const g of built.getters) expect({ getter: g.label, reads: g.reads }).toEqual({ getter: g.label, reads: Math.min(g.reads, 1) });
  for (const node of built.nodes) expect(Object.isFrozen(node)).toBe(false);
  return { error, built };
}

function check(error: unknown, want: Expected, spec: unknown): void {
  expect(error).toBeInstanceOf(ToolnexusError);
  expect(error).toBeInstanceOf(ValidationError);
  const e = error as ToolnexusError;
  expect({ error: e.name, code: e.code, path: e.path }).toEqual({ error: want.error, code: want.code, path: want.path });
  expect(typeof e.message).toBe("string");
  if (want.path !== "") expect(e.message.includes(want.path)).toBe(true);
  for (const data of payloads(spec)) expect(e.message.includes(data)).toBe(false);
}

describe("the corpus of broken documents (fixtures/invalid)", () => {
  it("holds at least 150 documents, covering the four types", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    const per = new Map<string, number>();
    for (const e of entries) per.set(e.type, (per.get(e.type) ?? 0) + 1);
    for (const t of ["ToolResult", "ContentPart", "Request", "Answer"]) expect(per.get(t) ?? 0).toBeGreaterThanOrEqual(20);
  });

  it("names every case once, with a known code", () => {
    const codes = [
      "invalid-type", "missing", "not-json", "cycle", "too-deep", "invalid-value", "invalid-timestamp", "invalid-pending",
      "source-conflict", "source-missing", "unknown-extension", "unknown-mime", "too-large", "invalid-base64", "empty",
      "mime-mismatch", "read-failed", "invalid-source", "invalid-name", "unsupported",
    ];
    const names = entries.map((e) => `${e.file}: ${e.c.name}`);
    expect(new Set(names).size).toBe(names.length);
    for (const e of entries) expect(codes).toContain(e.c.code);
  });

  describe.each(files.map((f) => f.file))("%s", (file) => {
    const own = entries.filter((e) => e.file === file);
    it.each(own.map((e) => [e.c.name, e] as const))("%s", (_name, { type, c }) => {
      const reader = readers[type];
      const want = expected(type, c);

      // safeFromJSON never throws, and reports the error as data.
      const safe = refuse((v) => reader.safe(v), c.input);
      check(safe.error, want, c.input);

      // fromJSON throws the same error.
      const strict = refuse((v) => reader.strict(v), c.input);
      check(strict.error, want, c.input);

      // The constructor reads the same shape and refuses it the same way.
      if (reader.construct) check(refuse((v) => reader.construct!(v), c.input).error, want, c.input);

      // A bad part inside a result names its place in the list.
      if (type === "ContentPart") {
        const doc = { output: "x", parts: [{ type: "text", text: "fine" }, c.input] };
        const inResult = { code: want.code, path: joinPath("parts[1]", want.path), error: "ContentPartError" };
        check(refuse((v) => ToolResult.safeFromJSON(v), doc).error, inResult, doc);
        check(refuse((v) => ToolResult.fromJSON(v), doc).error, inResult, doc);
      }

      // A bad request held as a result's pending request is an invalid-pending error at its place.
      if (type === "Request") {
        const doc = { output: "x", metadata: { pending: c.input } };
        const asPending = { code: "invalid-pending", path: joinPath("metadata.pending", want.path), error: "ValidationError" };
        check(refuse((v) => ToolResult.safeFromJSON(v), doc).error, asPending, doc);
      }
    });
  });
});
