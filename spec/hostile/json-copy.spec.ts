// Copying JSON data (metadata, Request.data): a Proxy of an array that lies about its length is refused at
// its path, never a bare RangeError and never a way to smuggle an unchecked object into the frozen copy;
// and keys that fast-deep-equal misreads compare correctly inside a pending request.
import { describe, expect, it } from "@jest/globals";
import { Request, ToolResult, ToolnexusError } from "toolnexus";
import { describeThrown, safeInstanceOf } from "./constructs";

/** A Proxy of `[1, 2]` whose `length` reads as `length`. */
function lyingArray(length: unknown): unknown[] {
  return new Proxy([1, 2], { get: (target, key) => (key === "length" ? length : (target as unknown as Record<PropertyKey, unknown>)[key as string]) });
}

/** What copying `value` as metadata under `k` gives: the copy, or the code and path of the refusal. */
function copied(value: unknown): unknown {
  try {
    return ToolResult.ok("x", { metadata: { k: value } }).metadata!.k;
  } catch (e) {
    if (!safeInstanceOf(e, ToolnexusError)) throw new Error(`not a ToolnexusError: ${describeThrown(e)}`);
    const t = e as ToolnexusError;
    return { code: t.code, path: t.path };
  }
}

describe("a Proxy of an array that lies about its length", () => {
  it.each([
    ["negative", -1],
    ["fractional", 1.5],
    ["past the largest array length", 2 ** 32],
    ["NaN", NaN],
    ["a numeric string", "2"],
    ["a Date", new Date(0)],
    ["an object whose valueOf throws", { valueOf: () => { throw new Error("valueOf"); } }],
  ])("(%s) is refused as not-json at its path", (_name, length) => {
    expect(copied(lyingArray(length))).toEqual({ code: "not-json", path: "metadata.k" });
  });

  it("that tells the truth is copied", () => {
    const copy = copied(lyingArray(2));
    expect(copy).toEqual([1, 2]);
    expect(Object.isFrozen(copy)).toBe(true);
  });
});

describe("a key fast-deep-equal misreads, in a pending request's data", () => {
  const pending = (data: Record<string, unknown>) => ToolResult.pending(Request.create({ id: "r", kind: "input", prompt: "p", data }));

  it("compares by value", () => {
    const a = pending({ constructor: { a: [1] }, valueOf: 1 });
    expect(a.equals(pending({ constructor: { a: [1] }, valueOf: 1 }))).toBe(true);
    expect(a.equals(pending({ constructor: { a: [2] }, valueOf: 1 }))).toBe(false);
    expect(a.equals(ToolResult.fromJSON(JSON.parse(JSON.stringify(a))))).toBe(true);
  });

  it("compares by value next to other hazardous metadata", () => {
    const make = (n: number) => ToolResult.fromJSON({ output: "", metadata: { toString: n, pending: { id: "r", kind: "k", prompt: "p", data: { valueOf: { n } } } } });
    expect(make(1).equals(make(1))).toBe(true);
    expect(make(1).equals(make(2))).toBe(false);
  });
});
