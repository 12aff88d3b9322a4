// The Temporal writer builds an error path only when it raises an error (docs/trust.md, "Guarantees, and every
// limit": work stays linear). Building the path of every node it visits cost depth squared: a value nested 8x
// deeper cost 64x. This spec counts the calls of the one path formatter (lib/path.ts) during writes that
// succeed: none, at any depth. Source only (the formatter is an internal module); the cost itself is measured by
// the growth row "growth-temporal-toPayload-depth" (bench/targets/growth.mjs).
import { describe, expect, it, jest } from "@jest/globals";
import { ToolResult } from "toolnexus";
import { payloadConverter } from "toolnexus/temporal";

const mockFormatted = { calls: 0 };
jest.mock("../../lib/path", () => {
  const actual = jest.requireActual<typeof import("../../lib/path")>("../../lib/path");
  return {
    ...actual,
    formatPath: (...args: Parameters<typeof actual.formatPath>): string => {
      mockFormatted.calls++;
      return actual.formatPath(...args);
    },
  };
});

/** `depth` levels of objects and arrays, with a result and a few plain values on every level. */
function nested(depth: number): unknown {
  let v: unknown = { leaf: ToolResult.ok("done", { metadata: { n: 1 } }) };
  for (let i = 0; i < depth; i++) v = { "odd key": [v, i, "x"], result: ToolResult.ok(`level ${i}`), $toolnexus: "look-alike" };
  return v;
}

describe("the Temporal writer's paths", () => {
  it.each([10, 200])("builds none while writing a value %i levels deep", (depth) => {
    const value = nested(depth);
    mockFormatted.calls = 0;
    const payload = payloadConverter.toPayload(value);
    expect(mockFormatted.calls).toBe(0);
    expect(new TextDecoder().decode(payload.data!).length).toBeGreaterThan(depth * 50);
  });

  it("builds the one path an error needs", () => {
    const value = { a: [{ get bad(): never { throw new Error("boom"); } }] };
    mockFormatted.calls = 0;
    expect(() => payloadConverter.toPayload(value)).toThrow(/at a\[0\]\.bad/);
    expect(mockFormatted.calls).toBeGreaterThan(0);
  });
});
