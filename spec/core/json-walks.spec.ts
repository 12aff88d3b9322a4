// The internal walks of owned JSON (lib/json-data.ts): what the library's own subtrees carry, and the helper
// projections and writers use to walk them once per reference (docs/trust.md, "Guarantees, and every limit": work
// bounded by the JSON). Source only: these are not exports of the package.
import { describe, expect, it } from "@jest/globals";
import { ToolResult, ValidationError } from "toolnexus";
import { freshJson, MAX_VALUES, ownedCount } from "../../lib/json-data";
import { thrownBy } from "../support/throws";

/** An owned DAG of `depth` levels { a: x, b: x } over a record of `width` keys, built by the library itself. */
function ownedDag(depth: number, width = 80): Readonly<Record<string, unknown>> {
  let o = ToolResult.ok("", { metadata: { record: Object.fromEntries(Array.from({ length: width }, (_, i) => [`k${i}`, i])) } }).metadata!;
  for (let i = 0; i < depth; i++) o = ToolResult.ok("", { metadata: { a: o, b: o } }).metadata!;
  return o;
}

describe("owned JSON carries its count", () => {
  it("counts values as the JSON text repeats them", () => {
    const m = ToolResult.ok("", { metadata: { a: [1, { b: null }], c: "x" } }).metadata!;
    // [1, { b: null }], 1, { b: null }, null and "x": five values below the root (keys are not values)
    expect(ownedCount(m)).toBe(5);
    expect(ownedCount(m.a)).toBe(3);
    expect(ownedCount({ a: 1 })).toBe(0); // not the library's
  });

  it("a shared subtree counts at each place, and the limit holds", () => {
    const dag = ownedDag(10);
    expect(ownedCount(dag)).toBe(valuesBelow(JSON.parse(JSON.stringify(dag))));
    const big = ownedDag(13); // about 680,000 values: twice is past the limit
    const r = ToolResult.safeFromJSON({ output: "", metadata: { x: big, y: big } }); // read as JSON: the same walk
    expect(r.success ? "accepted" : r.error.code).toBe("too-large");
    expect(MAX_VALUES).toBe(1_000_000);
  });
});

/** The values below the root of a plain JSON tree, counted one by one. */
function valuesBelow(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let n = 0;
  for (const v of Object.values(value)) n += 1 + valuesBelow(v);
  return n;
}

describe("freshJson: a fresh, unfrozen, checked copy", () => {
  it("copies JSON data unfrozen, sharing nothing, with __proto__ kept as a key", () => {
    const shared = { n: 1 };
    const given = JSON.parse('{"a":[1,"x",null,true],"__proto__":{"p":1}}') as Record<string, unknown>;
    given.b = shared;
    given.c = shared;
    const copy = freshJson(given, "data") as Record<string, unknown>;
    expect(copy).toEqual(given);
    expect(Object.isFrozen(copy)).toBe(false);
    expect(Object.isFrozen(copy.a)).toBe(false);
    expect(copy.b).not.toBe(shared);
    expect(copy.b).not.toBe(copy.c);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toContain("__proto__");
  });
  it("refuses what is not JSON data, at its path", () => {
    const e = thrownBy(() => freshJson({ when: new Date(0) }, "data"));
    expect(e).toBeInstanceOf(ValidationError);
    expect([(e as ValidationError).code, (e as ValidationError).path]).toEqual(["not-json", "data.when"]);
  });
  it("copies the library's own frozen data unfrozen", () => {
    const owned = ToolResult.ok("x", { metadata: { deep: { list: [1, 2] } } }).metadata;
    const copy = freshJson(owned, "metadata") as { deep: { list: number[] } };
    copy.deep.list.push(3);
    expect(owned).toEqual({ deep: { list: [1, 2] } });
  });
});
