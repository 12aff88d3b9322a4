/**
 * Jest helpers for tool authors: equality testers that make `toEqual` agree with `equals`, the matchers
 * `toBeOk`, `toBeError`, `toBePending`, `toHaveOutput` and `toHaveParts`, and a snapshot serializer that
 * shows part data by size and digest, never by content.
 *
 * The simplest use is `toolnexus/testing/setup` in `setupFilesAfterEnv`, which registers everything (and
 * makes `toEqual` and `toStrictEqual` print parts by size when they fail). Importing this module adds the
 * matchers' types to `expect`, both the one of `@jest/globals` and the global one of `@types/jest`.
 *
 * @example
 * ```ts
 * // jest.config.js: setupFilesAfterEnv: ["toolnexus/testing/setup"]
 * import type {} from "toolnexus/testing"; // the matchers' types
 * import { ToolResult } from "toolnexus";
 *
 * test("reads a config key", () => {
 *   expect(readConfig("port")).toBeOk();
 *   expect(readConfig("port")).toHaveOutput("8080");
 *   expect(readConfig("nope")).toEqual(ToolResult.error("No such config key: nope"));
 * });
 * ```
 *
 * @module toolnexus/testing
 */
export { equalityTesters, toolnexusEquality } from "./equality";
export { matchers, toBeError, toBeOk, toBePending, toHaveOutput, toHaveParts } from "./matchers";
export { snapshotSerializer } from "./render";
export { install } from "./install";
export type {
  EqualityTester,
  ExpectLike,
  MatcherContextLike,
  MatcherFunction,
  MatcherResult,
  MatcherUtilsLike,
  PrettyConfig,
  PrettyPrinter,
  SnapshotPlugin,
  ToolnexusAsymmetricMatchers,
  ToolnexusMatchers,
} from "./types";
