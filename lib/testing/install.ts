/**
 * Registers every toolnexus test helper with a Jest `expect`.
 *
 * @module
 */
import { builtInMatcher, equalityMatcher, type EqualityMatcherName } from "./equal-matchers";
import { JEST_PRINTING_MATCHERS, printingMatcher } from "./printing";
import { equalityTesters } from "./equality";
import { matchers } from "./matchers";
import { snapshotSerializer } from "./render";
import type { ExpectLike, MatcherFunction } from "./types";

/**
 * The key that marks the helpers as installed in a test file's environment: registered, so that the ESM and
 * the CJS copy of the package share it.
 */
export const INSTALLED = Symbol.for("toolnexus.testing.installed");

const EQUALITY_MATCHERS: readonly EqualityMatcherName[] = ["toEqual", "toStrictEqual"];

/**
 * Registers the equality testers, the five matchers and the snapshot serializer with `expect`, replaces
 * `toEqual` and `toStrictEqual` with matchers of the same meaning whose failure output shows part data by
 * size and digest, and wraps Jest's other matchers that print a value (`toBe`, `toContain`,
 * `toHaveBeenCalledWith`, `toThrow`, ...: the list is `JEST_PRINTING_MATCHERS`) so that theirs does too. Returns `false` (and does nothing) when the helpers are already installed in
 * this test file's environment, by this copy of the package or another (the ESM and the CJS build).
 *
 * `toolnexus/testing/setup` calls it with the global `expect`. Call it yourself from a setup file when
 * Jest runs with `injectGlobals: false`, passing the `expect` of `@jest/globals`.
 *
 * @example
 * ```ts
 * // jest.setup.ts, listed in setupFilesAfterEnv
 * import { expect } from "@jest/globals";
 * import { install } from "toolnexus/testing";
 * install(expect);
 * ```
 */
export function install(expect: ExpectLike): boolean {
  if (Reflect.get(globalThis, INSTALLED) === true) return false;
  expect.addEqualityTesters(equalityTesters);
  expect.extend(matchers);
  expect.addSnapshotSerializer(snapshotSerializer);
  const replaced: Record<string, MatcherFunction> = {};
  for (const name of EQUALITY_MATCHERS) {
    const original = builtInMatcher(name);
    if (original !== undefined) replaced[name] = equalityMatcher(name, original);
  }
  for (const name of JEST_PRINTING_MATCHERS) {
    const original = builtInMatcher(name);
    if (original !== undefined) replaced[name] = printingMatcher(name, original);
  }
  if (Object.keys(replaced).length > 0) expect.extend(replaced);
  Object.defineProperty(globalThis, INSTALLED, { value: true, configurable: true });
  return true;
}
