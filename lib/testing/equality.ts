/**
 * Equality testers that make Jest's `toEqual` agree with the toolnexus values' own `equals`.
 *
 * @module
 */
import { originalOf } from "./display";
import { toolnexusType } from "./render";
import type { EqualityTester } from "./types";

/**
 * Decides a pair when both sides are toolnexus values: `a.equals(b)`. Anything else is left to Jest.
 *
 * @example
 * ```ts
 * toolnexusEquality(ToolResult.ok("a"), ToolResult.ok("a")); // true
 * toolnexusEquality(ToolResult.ok("a"), { output: "a" });   // undefined: Jest decides
 * ```
 */
export const toolnexusEquality: EqualityTester = (x, y) => {
  // A display stand-in (what a matcher's failure message is built from) compares as the value it stands for.
  const a = originalOf(x);
  const left = toolnexusType(a);
  if (left === undefined) return undefined;
  const b = originalOf(y);
  const right = toolnexusType(b);
  if (right === undefined) return undefined;
  if (left !== right) return false;
  return (a as { equals(other: unknown): boolean }).equals(b);
};

/**
 * Equality testers for `expect.addEqualityTesters`: with them, `toEqual`, `toStrictEqual`,
 * `toContainEqual`, `toHaveBeenCalledWith` and every other matcher built on Jest's deep equality compare
 * results, parts, requests and answers as their `equals` does.
 *
 * So metadata key order is ignored, part order is not, and the class counts: a `SearchResult` never equals
 * a `ToolResult` with the same fields (Jest's own `toEqual` ignores classes). The testers decide only when
 * both sides are toolnexus values (recognised by their brand, so values from the ESM and the CJS build
 * both count); a result compared with a plain object is left to Jest's own comparison. Wherever the values sit
 * (in arrays, objects, Maps, mock calls), the testers apply.
 *
 * `toolnexus/testing/setup` registers them; without the setup, register them yourself.
 *
 * @example
 * ```ts
 * import { expect } from "@jest/globals";
 * import { equalityTesters } from "toolnexus/testing";
 *
 * expect.addEqualityTesters(equalityTesters);
 * expect(ToolResult.ok("a", { metadata: { x: 1, y: 2 } })).toEqual(ToolResult.ok("a", { metadata: { y: 2, x: 1 } }));
 * expect(SearchResult.ok("a")).not.toEqual(ToolResult.ok("a"));
 * ```
 */
export const equalityTesters: EqualityTester[] = Object.freeze([toolnexusEquality]) as EqualityTester[];
