/**
 * The toolnexus test helpers on Vitest's `expect`: the same testers, matchers and serializer as under Jest,
 * and `toEqual`/`toStrictEqual` of Vitest's meaning whose failure output shows part data by size.
 *
 * Vitest's matcher context differs from Jest's in a few places the matchers rely on: its `utils` has no
 * `matcherErrorMessage` and takes `printDiffOrStringify(received, expected, options)` in another order, and
 * its built-in `toEqual` is a Chai assertion, not a Jest matcher that could be called and wrapped (the table
 * Jest keeps its matchers in holds Vitest's Chai methods). So each matcher runs on a context shaped as
 * Jest's, and the two equality matchers are written out here with Vitest's own equality and testers.
 *
 * @module
 */
import { containsToolnexus, isMockFunction, mockRecord } from "./display";
import { equalityMessage, MATCHERS_OBJECT, type EqualityMatcherName } from "./equal-matchers";
import { equalityTesters } from "./equality";
import { INSTALLED } from "./install";
import { matchers } from "./matchers";
import { given, involvesToolnexus, payloadsIn, retitle, showsPayload, type Given } from "./printing";
import { render, snapshotSerializer } from "./render";
import type { EqualityTester, ExpectLike, MatcherContextLike, MatcherFunction, MatcherResult } from "./types";


type Equals = (a: unknown, b: unknown, customTesters?: unknown[], strictCheck?: boolean) => boolean;

/** The part of Vitest's `this.utils` used here (its own order of arguments, and no `matcherErrorMessage`). */
interface VitestUtils {
  matcherHint: (name: string, received?: string, expected?: string, options?: { isNot?: boolean; promise?: string; comment?: string }) => string;
  printWithType: <T>(name: string, value: T, print: (value: T) => string) => string;
  printExpected: (value: unknown) => string;
  printReceived: (value: unknown) => string;
  printDiffOrStringify: (received: unknown, expected: unknown, options?: { aAnnotation?: string; bAnnotation?: string; expand?: boolean }) => string;
  diff: (a: unknown, b: unknown, options?: { aAnnotation?: string; bAnnotation?: string; expand?: boolean; includeChangeCounts?: boolean }) => string | null;
  stringify: (value: unknown, maxDepth?: number, maxWidth?: number) => string;
  EXPECTED_COLOR: (text: string) => string;
  RECEIVED_COLOR: (text: string) => string;
  /** Absent from some Vitest versions: checked before use. */
  BOLD_WEIGHT?: (text: string) => string;
  /** Vitest's tester for iterables, passed on to its equality as it is. */
  iterableEquality: unknown;
}

/** What Vitest passes as `this` to a matcher (the fields used here). */
interface VitestState {
  isNot?: boolean;
  promise?: string;
  customTesters?: unknown[];
  equals: Equals;
  utils: VitestUtils;
}

/** Jest's "Matcher error" message, which Vitest's utils lack. */
function matcherErrorMessage(bold: ((s: string) => string) | undefined, hint: string, generic: string, specific?: string): string {
  const label = typeof bold === "function" ? bold("Matcher error") : "Matcher error";
  return `${hint}\n\n${label}: ${generic}${specific ? `\n\n${specific}` : ""}`;
}

/** A context shaped as Jest's, made from Vitest's. */
function jestShaped(state: VitestState): MatcherContextLike {
  const u = state.utils;
  return {
    isNot: state.isNot,
    promise: state.promise,
    expand: false,
    customTesters: state.customTesters ?? [],
    equals: state.equals,
    utils: {
      matcherHint: u.matcherHint,
      matcherErrorMessage: (hint, generic, specific) => matcherErrorMessage(u.BOLD_WEIGHT, hint, generic, specific),
      printWithType: u.printWithType,
      printExpected: u.printExpected,
      printReceived: u.printReceived,
      printDiffOrStringify: (expected, received, expectedLabel, receivedLabel, expand) =>
        u.printDiffOrStringify(received, expected, { aAnnotation: expectedLabel, bAnnotation: receivedLabel, expand }),
      diff: (a, b, options) => u.diff(a, b, options),
      stringify: (value, maxDepth) => u.stringify(value, maxDepth),
      EXPECTED_COLOR: u.EXPECTED_COLOR,
      RECEIVED_COLOR: u.RECEIVED_COLOR,
    },
  };
}

/** A toolnexus matcher run on the Jest-shaped context. */
function onVitest(matcher: MatcherFunction): (this: VitestState, received: unknown, ...expected: unknown[]) => MatcherResult {
  return function (this: VitestState, received: unknown, ...expected: unknown[]): MatcherResult {
    return matcher.call(jestShaped(this), received, ...expected);
  };
}

/** Two objects of different constructors differ (what `toStrictEqual` adds to `toEqual`). */
const typeEquality: EqualityTester = (a, b) => {
  if (a == null || b == null || a.constructor === b.constructor) return undefined;
  return false;
};

/** Two ArrayBuffers or DataViews are equal when they hold the same bytes. */
const arrayBufferEquality: EqualityTester = (a, b) => {
  let left: DataView;
  let right: DataView;
  if (a instanceof DataView && b instanceof DataView) {
    left = a;
    right = b;
  } else if (a instanceof ArrayBuffer && b instanceof ArrayBuffer) {
    left = new DataView(a);
    right = new DataView(b);
  } else {
    return undefined;
  }
  if (left.byteLength !== right.byteLength) return false;
  for (let i = 0; i < left.byteLength; i++) if (left.getUint8(i) !== right.getUint8(i)) return false;
  return true;
};

/** A hole in an array differs from an `undefined` entry (strict equality only). */
function sparseArrayEquality(equals: Equals): EqualityTester {
  // The testers come as the third argument; a caller that passes none gets the default.
  const tester = (a: unknown, b: unknown, customTesters?: unknown[]): boolean | undefined => {
    if (!Array.isArray(a) || !Array.isArray(b)) return undefined;
    const others = (customTesters ?? []).filter((t) => t !== tester);
    return equals(a, b, others, true) && equals(Object.keys(a), Object.keys(b));
  };
  return tester;
}

/**
 * Vitest's `toEqual` or `toStrictEqual`, as a matcher: the same equality (Vitest's, with the registered
 * testers), and, when either side holds a toolnexus value, a failure message that names the fields that
 * differ and shows part data by size. Other values fail with Vitest's usual message and diff.
 */
function equalityOnVitest(name: EqualityMatcherName): (this: VitestState, received: unknown, expected: unknown) => MatcherResult {
  const replacement = function (this: VitestState, received: unknown, expected: unknown): MatcherResult {
    const custom = this.customTesters ?? [];
    const iterable = this.utils.iterableEquality;
    const strict = name === "toStrictEqual";
    const testers = strict
      ? [...custom, iterable, typeEquality, sparseArrayEquality(this.equals), arrayBufferEquality]
      : [...custom, iterable];
    const pass = this.equals(received, expected, testers, strict);
    if (containsToolnexus(received) || containsToolnexus(expected)) {
      const ctx = jestShaped(this);
      return { pass, message: () => equalityMessage(ctx, name, received, expected, pass) };
    }
    const s = (v: unknown): string => this.utils.stringify(v, 3);
    const verb = strict ? "strictly equal" : "deeply equal";
    return { pass, message: () => `expected ${s(received)} ${this.isNot ? "not " : ""}to ${verb} ${s(expected)}`, actual: received, expected };
  };
  Object.defineProperty(replacement, "name", { value: name });
  return replacement;
}

/**
 * Vitest's own assertions whose failure output prints a received or expected value, wrapped by the setup
 * (`toEqual` and `toStrictEqual` are replaced whole; the snapshot assertions print through the snapshot
 * serializer). The old names that Vitest keeps (`toBeCalledWith`, `toReturnWith`, ...) are wrapped too.
 *
 * @example
 * ```ts
 * VITEST_PRINTING_MATCHERS.includes("toHaveBeenCalledWith"); // true
 * ```
 */
const VITEST_PRINTING_MATCHERS: readonly string[] = Object.freeze([
  "toBe",
  "toMatchObject",
  "toMatch",
  "toContain",
  "toContainEqual",
  "toBeTruthy",
  "toBeFalsy",
  "toBeGreaterThan",
  "toBeGreaterThanOrEqual",
  "toBeLessThan",
  "toBeLessThanOrEqual",
  "toBeNaN",
  "toBeUndefined",
  "toBeNull",
  "toBeNullable",
  "toBeDefined",
  "toBeTypeOf",
  "toBeInstanceOf",
  "toHaveLength",
  "toHaveProperty",
  "toBeCloseTo",
  "toBeOneOf",
  "toHaveBeenCalled",
  "toBeCalled",
  "toHaveBeenCalledTimes",
  "toBeCalledTimes",
  "toHaveBeenCalledOnce",
  "toHaveBeenCalledWith",
  "toBeCalledWith",
  "toHaveBeenCalledExactlyOnceWith",
  "toHaveBeenNthCalledWith",
  "toHaveBeenLastCalledWith",
  "toHaveReturned",
  "toReturn",
  "toHaveReturnedTimes",
  "toReturnTimes",
  "toHaveReturnedWith",
  "toReturnWith",
  "toHaveLastReturnedWith",
  "toHaveNthReturnedWith",
  "toHaveResolved",
  "toHaveResolvedTimes",
  "toHaveResolvedWith",
  "toHaveLastResolvedWith",
  "toHaveNthResolvedWith",
  "toThrow",
  "toThrowError",
]);

/** The part of Vitest's `chai` used here. */
interface ChaiLike {
  Assertion: (new (object: unknown) => object) & { prototype: object };
  util: {
    flag(assertion: object, key: string, value?: unknown): unknown;
    transferFlags(from: object, to: object, includeAll?: boolean): void;
    overwriteMethod(on: object, name: string, method: (original: (...args: unknown[]) => unknown) => (this: object, ...args: unknown[]) => unknown): void;
  };
}

function isChaiLike(value: unknown): value is ChaiLike {
  if (typeof value !== "object" || value === null) return false;
  const util: unknown = Reflect.get(value, "util");
  return (
    typeof Reflect.get(value, "Assertion") === "function" &&
    typeof util === "object" &&
    util !== null &&
    typeof Reflect.get(util, "flag") === "function" &&
    typeof Reflect.get(util, "transferFlags") === "function" &&
    typeof Reflect.get(util, "overwriteMethod") === "function"
  );
}

/** What a value looks like in the plain message of the last resort. */
function shown(value: unknown): string {
  return typeof value === "function" ? "a function" : render(value);
}

/**
 * `e`, the error a Vitest assertion threw on values that hold toolnexus values, made to show part data by size:
 * its message (and `actual` and `expected`, from which Vitest prints the diff) become those of the same
 * assertion run on the display copies, when that run fails too and shows no payload; else its `actual` and
 * `expected` become display copies, and its message, when it shows a payload, a plain one.
 */
function quietOnVitest(chai: ChaiLike, original: (...args: unknown[]) => unknown, assertion: object, name: string, e: unknown, g: Given): unknown {
  if (!(e instanceof Error) || !involvesToolnexus(g)) return e;
  const u = chai.util;
  const payloads = payloadsIn(g.values);
  let again: unknown;
  try {
    const copy = new chai.Assertion(g.received());
    u.transferFlags(assertion, copy, false);
    u.flag(copy, "soft", false);
    original.apply(copy, g.expected());
  } catch (thrown) {
    again = thrown;
  }
  if (again instanceof Error && !showsPayload(again.message, payloads)) {
    retitle(e, e.message, again.message);
    for (const key of ["actual", "expected", "showDiff"]) {
      if (key in again) Reflect.set(e, key, Reflect.get(again, key));
      else Reflect.deleteProperty(e, key);
    }
    return e;
  }
  for (const key of ["actual", "expected"]) if (key in e) Reflect.set(e, key, g.display(Reflect.get(e, key)));
  if (showsPayload(e.message, payloads)) {
    const received = g.received();
    const expected = g.expected();
    const calls = isMockFunction(received) ? `calls ${render(mockRecord(received)[0])}` : shown(received);
    const not = u.flag(assertion, "negate") === true ? "not." : "";
    retitle(e, e.message, `expect(received).${not}${name}(${expected.map(shown).join(", ")}) failed on ${calls}`);
  }
  return e;
}

/**
 * Wraps Vitest's assertion `name` so that its failure output shows part data by size: it runs as it is and keeps
 * its verdict; when it fails on values that hold toolnexus values, its error is made to show part data by size
 * before it is thrown (see `quietOnVitest`).
 */
function printingOnVitest(chai: ChaiLike, name: string): void {
  const u = chai.util;
  u.overwriteMethod(chai.Assertion.prototype, name, (original) =>
    function (this: object, ...args: unknown[]): unknown {
      const object = u.flag(this, "object");
      const call = given(name, object, args, u.flag(this, "promise") === "rejects");
      const swapped = call.received !== object;
      if (swapped) u.flag(this, "object", call.received);
      try {
        const result = original.apply(this, args);
        if (swapped && typeof result === "object" && result !== null) u.flag(result, "object", object);
        return result;
      } catch (e) {
        throw quietOnVitest(chai, original, this, name, e, call.given());
      } finally {
        if (swapped) u.flag(this, "object", object);
      }
    },
  );
}

/**
 * Registers the toolnexus testers, matchers and serializer with Vitest's `expect`, replaces `toEqual`
 * and `toStrictEqual`, and, given Vitest's `chai`, wraps Vitest's other assertions that print a value
 * ({@link VITEST_PRINTING_MATCHERS}) so that their failure output shows part data by size. Returns `false` when
 * they are already registered in this test file's environment.
 *
 * @example
 * ```ts
 * import { chai, expect } from "vitest";
 * installOnVitest(expect, chai);
 * ```
 */
export function installOnVitest(expect: ExpectLike, chai?: unknown): boolean {
  const table: unknown = Reflect.get(globalThis, MATCHERS_OBJECT);
  const holder: object = typeof table === "object" && table !== null ? table : expect;
  if (Reflect.get(holder, INSTALLED) === true) return false;
  expect.addEqualityTesters(equalityTesters);
  const wrapped: Record<string, unknown> = {};
  for (const [name, matcher] of Object.entries(matchers)) wrapped[name] = onVitest(matcher);
  wrapped.toEqual = equalityOnVitest("toEqual");
  wrapped.toStrictEqual = equalityOnVitest("toStrictEqual");
  expect.extend(wrapped);
  expect.addSnapshotSerializer(snapshotSerializer);
  if (isChaiLike(chai)) for (const name of VITEST_PRINTING_MATCHERS) if (typeof Reflect.get(chai.Assertion.prototype, name) === "function") printingOnVitest(chai, name);
  Object.defineProperty(holder, INSTALLED, { value: true, configurable: true });
  return true;
}
