/**
 * The types of `toolnexus/testing`: the few shapes of Jest it relies on, written out structurally so that
 * the published declarations need no Jest package to compile, and the declarations that add the matchers
 * to Jest's `expect` (both `@jest/globals` and the global `expect` of `@types/jest`).
 *
 * @module
 */
// Loads the `expect` package that `declare module "expect"` below extends (types only, nothing at run
// time), for programs of this repository that load nothing else of Jest's, such as the API docs build.
import type {} from "expect";
import type { ToolnexusAsymmetricMatchers, ToolnexusMatchers } from "./matcher-types";

export type { ToolnexusAsymmetricMatchers, ToolnexusMatchers } from "./matcher-types";

/**
 * An equality tester, as `expect.addEqualityTesters` takes it: `true` or `false` decides, `undefined` leaves
 * the pair to the next tester (and finally to Jest's own comparison).
 *
 * @example
 * ```ts
 * const tester: EqualityTester = (a, b) => (typeof a === "bigint" && typeof b === "bigint" ? a === b : undefined);
 * ```
 */
export type EqualityTester = (a: unknown, b: unknown, customTesters: unknown[]) => boolean | undefined;

/**
 * The part of Jest's `this.utils` (jest-matcher-utils) that the matchers use.
 *
 * @example
 * ```ts
 * const hint = utils.matcherHint("toBeOk", undefined, "", { isNot: false });
 * ```
 */
export interface MatcherUtilsLike {
  /** The first line of a message: `expect(received).toBeOk()`. */
  matcherHint(name: string, received?: string, expected?: string, options?: { isNot?: boolean; promise?: string; comment?: string }): string;
  /** A usage error's message (`Matcher error: ...`). */
  matcherErrorMessage(hint: string, generic: string, specific?: string): string;
  /** `Received has type: ... / Received has value: ...`. */
  printWithType<T>(name: string, value: T, print: (value: T) => string): string;
  /** An expected value, printed and coloured. */
  printExpected(value: unknown): string;
  /** A received value, printed and coloured. */
  printReceived(value: unknown): string;
  /** A diff of two values, or both printed when a diff would not help. */
  printDiffOrStringify(expected: unknown, received: unknown, expectedLabel: string, receivedLabel: string, expand: boolean): string;
  /** jest-diff's diff of two values (a line diff of two strings). */
  diff(a: unknown, b: unknown, options?: { aAnnotation?: string; bAnnotation?: string; expand?: boolean; includeChangeCounts?: boolean }): string | null;
  /** A value printed on one line, as in messages. */
  stringify(value: unknown, maxDepth?: number, maxWidth?: number): string;
  /** Colours text as an expected value (green). */
  EXPECTED_COLOR(text: string): string;
  /** Colours text as a received value (red). */
  RECEIVED_COLOR(text: string): string;
}

/**
 * The matcher context Jest passes as `this` (a structural subset of `expect`'s `MatcherContext`).
 *
 * @example
 * ```ts
 * function toBeEven(this: MatcherContextLike, n: number) { return { pass: n % 2 === 0, message: () => "" }; }
 * ```
 */
export interface MatcherContextLike {
  /** True under `.not`. */
  isNot?: boolean;
  /** `"resolves"`, `"rejects"` or `""` in an assertion; absent when the matcher runs as an asymmetric matcher. */
  promise?: string;
  /** Jest's `--expand` flag. */
  expand?: boolean;
  /** The equality testers registered with `expect.addEqualityTesters`. */
  customTesters: unknown[];
  /** Jest's deep equality. */
  equals(a: unknown, b: unknown, customTesters?: unknown[], strictCheck?: boolean): boolean;
  /** jest-matcher-utils. */
  utils: MatcherUtilsLike;
}

/**
 * What a matcher returns.
 *
 * @example
 * ```ts
 * const result: MatcherResult = { pass: true, message: () => "expected not to pass" };
 * ```
 */
export interface MatcherResult {
  /** True when the value satisfies the matcher (Jest inverts it under `.not`). */
  pass: boolean;
  /** The failure message, built only when the assertion fails. */
  message: () => string;
  /** The received value, for reporters. */
  actual?: unknown;
  /** The expected value, for reporters. */
  expected?: unknown;
  /** The matcher's name. */
  name?: string;
}

/**
 * A matcher function for `expect.extend`.
 *
 * @example
 * ```ts
 * const toBeEven: MatcherFunction = function (n) { return { pass: (n as number) % 2 === 0, message: () => "" }; };
 * ```
 */
export type MatcherFunction = (this: MatcherContextLike, received: unknown, ...expected: unknown[]) => MatcherResult;

/**
 * The options pretty-format hands a plugin (a structural subset of its `Config`).
 *
 * @example
 * ```ts
 * const config: PrettyConfig = { indent: "  ", min: false, spacingInner: "\n", spacingOuter: "\n", maxDepth: Infinity };
 * ```
 */
export interface PrettyConfig {
  indent: string;
  min: boolean;
  spacingInner: string;
  spacingOuter: string;
  maxDepth: number;
}

/**
 * pretty-format's printer: prints a nested value with the same options and plugins.
 *
 * @example
 * ```ts
 * const text = printer(value, config, indentation, depth, refs);
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pretty-format's own printer takes its full Config, which a plugin only passes on: with `any` here its printer is accepted as this type
export type PrettyPrinter = (value: unknown, config: any, indentation: string, depth: number, refs: unknown[]) => string;

/**
 * A pretty-format plugin, as `expect.addSnapshotSerializer` and the `snapshotSerializers` option take it.
 *
 * @example
 * ```ts
 * expect.addSnapshotSerializer(snapshotSerializer);
 * ```
 */
export interface SnapshotPlugin {
  /** True for the values this plugin prints. */
  test(value: unknown): boolean;
  /** Prints a value `test` accepted; `printer` prints the values inside it. */
  serialize(value: unknown, config: PrettyConfig, indentation: string, depth: number, refs: unknown[], printer: PrettyPrinter): string;
}

/**
 * The part of Jest's `expect` that {@link install} uses.
 *
 * @example
 * ```ts
 * import { expect } from "@jest/globals";
 * install(expect);
 * ```
 */
export interface ExpectLike {
  /** Adds matchers. */
  extend(matchers: Record<string, unknown>): void;
  /** Adds equality testers to Jest's deep equality. */
  addEqualityTesters(testers: unknown[]): void;
  /** Adds a snapshot serializer. */
  addSnapshotSerializer(serializer: unknown): void;
}

declare module "expect" {
  // The matchers on `expect(value)` from `@jest/globals` (and from the `expect` package itself).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- declaration merging needs expect's own type parameters, `T` included
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ToolnexusMatchers<R> {}
  interface AsymmetricMatchers extends ToolnexusAsymmetricMatchers<void> {}
}

declare global {
  // The matchers on the global `expect` typed by `@types/jest`.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type -- declaration merging needs @types/jest's own type parameters, `T = {}` included
    interface Matchers<R, T = {}> extends ToolnexusMatchers<R> {}
    interface Expect extends ToolnexusAsymmetricMatchers {}
    interface InverseAsymmetricMatchers extends ToolnexusAsymmetricMatchers {}
  }
}
