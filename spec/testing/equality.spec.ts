// The equality testers: with toolnexus/testing/setup, Jest's deep equality agrees with `equals` for every
// pair of fixtures/core/equality.json and fixtures/testing/equality.json, wherever the values sit.
import { describe, expect, it, jest } from "@jest/globals";
import "toolnexus/testing/setup";
import { ContentPart, ToolResult } from "toolnexus";
import { equalityTesters, toolnexusEquality } from "toolnexus/testing";
import { loadJSON } from "../support/fixtures";
import { build, OtherResult, SearchResult, type ValueSpec } from "./support";

interface Pair {
  reason: string;
  equal: boolean;
  a: unknown;
  b: unknown;
}

const corePairs = loadJSON<{ pairs: { reason: string; equal: boolean; a: unknown; b: unknown }[] }>("core/equality.json").pairs.map(
  (p): Pair => ({ reason: `ToolResult: ${p.reason}`, equal: p.equal, a: ToolResult.fromJSON(p.a), b: ToolResult.fromJSON(p.b) }),
);
const table = loadJSON<{
  pairs: { reason: string; equal: boolean; a: ValueSpec; b: ValueSpec }[];
  abstain: { reason: string; value: ValueSpec; plain: unknown; toEqual: boolean; toStrictEqual: boolean }[];
}>("testing/equality.json");
const ownPairs = table.pairs.map((p): Pair => ({ reason: p.reason, equal: p.equal, a: build(p.a), b: build(p.b) }));
const pairs = [...corePairs, ...ownPairs].map((p) => [`${p.equal ? "equal" : "not equal"}: ${p.reason}`, p] as const);

/** `expect(x).toEqual(y)` when the pair is equal, `expect(x).not.toEqual(y)` when it is not. */
function sameAs(equal: boolean, x: unknown, y: unknown): void {
  if (equal) expect(x).toEqual(y);
  else expect(x).not.toEqual(y);
}

describe("toEqual agrees with equals (fixtures/core/equality.json, fixtures/testing/equality.json)", () => {
  it.each(pairs)("%s", (_n, { a, b, equal }) => {
    // The table itself is right about equals.
    expect((a as { equals(o: unknown): boolean }).equals(b)).toBe(equal);
    expect((b as { equals(o: unknown): boolean }).equals(a)).toBe(equal);
    sameAs(equal, a, b);
    sameAs(equal, b, a);
    sameAs(equal, [a], [b]);
    sameAs(equal, { deep: { value: a } }, { deep: { value: b } });
    sameAs(equal, new Map([["k", a]]), new Map([["k", b]]));
    sameAs(equal, new Set([a]), new Set([b]));
    if (equal) expect(a).toStrictEqual(b);
    else expect(a).not.toStrictEqual(b);
  });

  it.each(pairs)("in toContainEqual and toHaveBeenCalledWith: %s", (_n, { a, b, equal }) => {
    const list = ["something else", a];
    if (equal) expect(list).toContainEqual(b);
    else expect(list).not.toContainEqual(b);
    const fn = jest.fn();
    fn(1, a);
    if (equal) {
      expect(fn).toHaveBeenCalledWith(1, b);
      expect(fn).toHaveBeenLastCalledWith(1, b);
    } else {
      expect(fn).not.toHaveBeenCalledWith(1, b);
    }
  });

  it("compares every value with itself and with a fresh copy of itself", () => {
    for (const { a, b } of [...corePairs, ...ownPairs]) {
      for (const v of [a, b]) {
        expect(v).toEqual(v);
        const copy = (Object.getPrototypeOf(v).constructor as { fromJSON(j: unknown): unknown }).fromJSON(JSON.parse(JSON.stringify(v)));
        expect(copy).toEqual(v);
        expect(copy).toStrictEqual(v);
      }
    }
  });
});

describe("the testers abstain unless both sides are toolnexus values", () => {
  it.each(table.abstain.map((c) => [c.reason, c] as const))("%s", (_r, c) => {
    const value = build(c.value);
    expect(toolnexusEquality(value, c.plain, [])).toBeUndefined();
    expect(toolnexusEquality(c.plain, value, [])).toBeUndefined();
    if (c.toEqual) expect(value).toEqual(c.plain);
    else expect(value).not.toEqual(c.plain);
    if (c.toStrictEqual) expect(value).toStrictEqual(c.plain);
    else expect(value).not.toStrictEqual(c.plain);
  });

  it("leaves primitives, plain data and asymmetric matchers to Jest", () => {
    expect(toolnexusEquality(1, 1, [])).toBeUndefined();
    expect(toolnexusEquality({ a: 1 }, { a: 1 }, [])).toBeUndefined();
    expect(toolnexusEquality(null, ToolResult.ok("x"), [])).toBeUndefined();
    expect(ToolResult.ok("x", { metadata: { n: 1 } })).toEqual(expect.objectContaining({ output: "x", metadata: { n: 1 } }));
    expect(ToolResult.ok("x")).toEqual(expect.any(ToolResult));
    expect(SearchResult.ok("x")).toEqual(expect.any(ToolResult));
  });

  it("decides pairs of toolnexus values of different types as not equal", () => {
    expect(toolnexusEquality(ToolResult.ok("hi"), ContentPart.text("hi"), [])).toBe(false);
    expect(toolnexusEquality(SearchResult.ok("x"), OtherResult.ok("x"), [])).toBe(false);
    expect(toolnexusEquality(SearchResult.ok("x"), SearchResult.ok("x"), [])).toBe(true);
  });

  it("is exported as a frozen list of one tester", () => {
    expect(equalityTesters).toHaveLength(1);
    expect(equalityTesters[0]).toBe(toolnexusEquality);
    expect(Object.isFrozen(equalityTesters)).toBe(true);
  });
});
