// Tool-author conveniences: attempt, json and truncate, driven by fixtures/core/attempt.json and truncate.json.
import { describe, expect, it } from "@jest/globals";
import { ToolResult, ValidationError } from "toolnexus";
import { loadJSON } from "../support/fixtures";

/** True when the string holds no lone surrogate (half a character). */
function wellFormed(s: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

interface AttemptCase {
  name: string;
  returns?: unknown;
  returnsUndefined?: boolean;
  returnsResult?: unknown;
  returnsDate?: boolean;
  throws?: { error?: string; name?: string; message?: string; code?: unknown; value?: unknown; library?: string };
  init?: Record<string, unknown>;
  expected: { output?: string; isError: boolean; metadata?: unknown; parts?: unknown };
}

function body(c: AttemptCase): () => unknown {
  return () => {
    if (c.throws) {
      const t = c.throws;
      if (t.library) ToolResult.ok(1 as never);
      if ("value" in t) throw t.value;
      const Ctor = t.error === "TypeError" ? TypeError : Error;
      const e = new Ctor(t.message) as Error & { code?: unknown };
      if (t.name) e.name = t.name;
      if (t.code !== undefined) e.code = t.code;
      throw e;
    }
    if (c.returnsUndefined) return undefined;
    if (c.returnsResult) return ToolResult.fromJSON(c.returnsResult);
    if (c.returnsDate) return { when: new Date(0) };
    return c.returns;
  };
}

function check(r: ToolResult, c: AttemptCase): void {
  expect(r).toBeInstanceOf(ToolResult);
  const json = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
  if (c.expected.output !== undefined) expect(json.output).toBe(c.expected.output);
  expect(json.isError).toBe(c.expected.isError);
  expect(json.metadata).toEqual(c.expected.metadata);
  expect(json.parts).toEqual(c.expected.parts);
}

const fixture = loadJSON<{ attempt: AttemptCase[]; init: AttemptCase[]; json: { name: string; value?: unknown; valueText?: string; output: string }[]; jsonInvalid: { name: string; construct: string; code: string; path: string }[] }>("core/attempt.json");

describe("ToolResult.attempt (fixtures/core/attempt.json)", () => {
  it.each([...fixture.attempt, ...fixture.init].map((c) => [c.name, c] as const))("sync: %s", (_n, c) => {
    let r!: ToolResult;
    expect(() => {
      r = ToolResult.attempt(body(c), c.init as never);
    }).not.toThrow();
    check(r, c);
  });

  it.each([...fixture.attempt, ...fixture.init].map((c) => [c.name, c] as const))("async: %s", async (_n, c) => {
    const sync = body(c);
    const p = ToolResult.attempt(async () => sync(), c.init as never);
    expect(p).toBeInstanceOf(Promise);
    check(await p, c);
  });

  it("a returned result of the same class is returned as is", () => {
    const mine = ToolResult.ok("mine");
    expect(ToolResult.attempt(() => mine)).toBe(mine);
  });

  it("a thrown value that cannot be turned into a string still gives an error result", () => {
    const r = ToolResult.attempt(() => {
      throw Object.create(null);
    });
    expect(r.isError).toBe(true);
    expect(r.output.length).toBeGreaterThan(0);
  });

  it("a rejected thenable becomes an error result", async () => {
    const thenable = { then: (_ok: unknown, fail: (e: unknown) => void) => fail(new RangeError("late")) };
    const r = await ToolResult.attempt(() => thenable as PromiseLike<string>);
    expect(r.output).toBe("late");
    expect(r.metadata).toEqual({ error: { name: "RangeError" } });
  });

  it("an invalid init never makes attempt throw", () => {
    const r = ToolResult.attempt(() => "x", { metadata: { when: new Date() } as never });
    expect(r.isError).toBe(true);
    expect((r.metadata as { error: { code: string } }).error.code).toBe("not-json");
  });
});

function construct(name: string): unknown {
  switch (name) {
    case "date-at-when":
      return { when: new Date() };
    case "map-at-items":
      return { items: new Map() };
    case "cycle-at-self": {
      const o: Record<string, unknown> = {};
      o.self = o;
      return o;
    }
    case "undefined":
      return undefined;
    case "function-at-list-1":
      return { list: [1, () => 2] };
    case "nan-at-score":
      return { score: NaN };
    case "bigint":
      return 1n;
  }
  throw new Error(`unknown construct ${name}`);
}

describe("ToolResult.json (fixtures/core/attempt.json)", () => {
  it.each(fixture.json.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const value = c.valueText === undefined ? c.value : JSON.parse(c.valueText);
    const r = ToolResult.json(value, { metadata: { source: "test" } });
    expect(r.output).toBe(c.output);
    expect(r.isError).toBe(false);
    expect(r.metadata).toEqual({ source: "test" });
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it.each(fixture.jsonInvalid.map((c) => [c.name, c] as const))("refuses %s", (_n, c) => {
    let err: unknown;
    try {
      ToolResult.json(construct(c.construct));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).code).toBe(c.code);
    expect((err as ValidationError).path).toBe(c.path);
  });
});

interface TruncateCase {
  name: string;
  result: unknown;
  budget: Record<string, unknown>;
  same?: boolean;
  expected?: { output: string; parts: number; isError?: boolean; pending?: string };
}

describe("result.truncate (fixtures/core/truncate.json)", () => {
  const t = loadJSON<{ cases: TruncateCase[]; invalid: { name: string; budget: Record<string, unknown>; code: string; path: string }[] }>("core/truncate.json");

  it.each(t.cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const r = ToolResult.fromJSON(c.result);
    const before = JSON.stringify(r);
    const out = r.truncate(c.budget);
    expect(JSON.stringify(r)).toBe(before);
    if (c.same) {
      expect(out).toBe(r);
      return;
    }
    const e = c.expected!;
    expect(out).not.toBe(r);
    expect(out.output).toBe(e.output);
    expect(out.parts?.length ?? 0).toBe(e.parts);
    expect(out.isError).toBe(e.isError ?? r.isError);
    expect(out.metadata).toBe(r.metadata); // kept whole, shared
    if (e.pending) expect(out.pending?.id).toBe(e.pending);
    // The one exception to both budgets: the marker alone, when nothing else fits (docs/results.md, "Tool-author conveniences: `attempt` and `json`").
    const alone = out.output.startsWith("[truncated: 0 of");
    if (typeof c.budget.maxOutputChars === "number" && !alone) {
      expect(out.output.length).toBeLessThanOrEqual(c.budget.maxOutputChars);
    }
    if (typeof c.budget.maxTokens === "number" && !alone) expect(out.estimatedTokens).toBeLessThanOrEqual(c.budget.maxTokens);
    // Never half a character: no lone surrogates.
    expect(wellFormed(out.output)).toBe(true);
    // The parts kept are the first ones, whole.
    (out.parts ?? []).forEach((p, i) => expect(p).toBe(r.parts![i]));
    // A copy that keeps every part shares the receiver's frozen list, as every copy does.
    if (r.parts !== null && out.parts?.length === r.parts.length) expect(out.parts).toBe(r.parts);
  });

  it.each(t.invalid.map((c) => [c.name, c] as const))("refuses %s", (_n, c) => {
    const budget = { ...c.budget };
    for (const k of Object.keys(budget)) if (budget[k] === "NaN") budget[k] = NaN;
    let err: unknown;
    try {
      ToolResult.ok("x").truncate(budget as never);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).code).toBe(c.code);
    expect((err as ValidationError).path).toBe(c.path);
  });

  it("every budget is optional, the argument too: truncate() is truncate({}), the same instance", () => {
    class Mine extends ToolResult {}
    const results = [
      ToolResult.ok("x".repeat(10_000)),
      ToolResult.fromJSON({ output: "hello", isError: true, parts: [{ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" }], metadata: { a: 1 } }),
      Mine.error("failed"),
      ToolResult.pending({ kind: "approval", prompt: "Allow?" }),
    ];
    for (const r of results) {
      expect(r.truncate()).toBe(r);
      expect(r.truncate(undefined)).toBe(r);
      expect(r.truncate({})).toBe(r);
    }
    // A budget that is given must still be an object.
    expect(() => ToolResult.ok("x").truncate(null as never)).toThrow(ValidationError);
  });

  it("every budget from 0 to the full length fits, on random astral text", () => {
    const text = "a😀b😀😀c" + "x".repeat(50) + "😀";
    const r = ToolResult.ok(text);
    for (let max = 0; max <= text.length + 2; max++) {
      const out = r.truncate({ maxOutputChars: max }).output;
      expect(wellFormed(out)).toBe(true);
      const marker = /\[truncated: (\d+) of (\d+) characters\]$/.exec(out);
      if (out === text) expect(text.length).toBeLessThanOrEqual(max);
      else {
        expect(marker).not.toBeNull();
        expect(Number(marker![2])).toBe(text.length);
        const kept = Number(marker![1]);
        expect(out.startsWith(text.slice(0, kept))).toBe(true);
        if (kept > 0) expect(out.length).toBeLessThanOrEqual(max);
      }
    }
  });
});
