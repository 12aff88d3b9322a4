/**
 * The runners' own matchers (`toBe`, `toContain`, `toHaveBeenCalledWith`, `toThrow`, ...) with failure output
 * that shows part data by size. Their messages are printed by the runner with a fixed set of printers that no
 * snapshot serializer reaches, and a toolnexus value printed there shows its `toJSON`, every payload in full.
 * So each one is wrapped: it runs as it is and keeps its verdict; when it fails on values that hold toolnexus
 * values, it is run once more on their display copies (the same identities, each part's data a stand-in that
 * prints as `<2130 bytes, digest 1a2b3c4d>`), and that run's message is the one shown.
 *
 * @module
 */
import { isInstance } from "../errors";
import { containsToolnexus, displayer, displayMock, isMockFunction, mockRecord, originalOf } from "./display";
import { ORIGINAL } from "./equal-matchers";
import { toolnexusType } from "./render";
import type { MatcherContextLike, MatcherFunction, MatcherResult } from "./types";

/**
 * Jest's own matchers whose failure output prints a received or expected value, wrapped by the setup (the
 * snapshot matchers print through the snapshot serializer already; `toEqual` and `toStrictEqual` are
 * replaced whole, see equal-matchers.ts).
 *
 * @example
 * ```ts
 * JEST_PRINTING_MATCHERS.includes("toHaveBeenCalledWith"); // true
 * ```
 */
export const JEST_PRINTING_MATCHERS: readonly string[] = Object.freeze([
  "toBe",
  "toBeCloseTo",
  "toBeDefined",
  "toBeFalsy",
  "toBeGreaterThan",
  "toBeGreaterThanOrEqual",
  "toBeInstanceOf",
  "toBeLessThan",
  "toBeLessThanOrEqual",
  "toBeNaN",
  "toBeNull",
  "toBeTruthy",
  "toBeUndefined",
  "toContain",
  "toContainEqual",
  "toHaveLength",
  "toHaveProperty",
  "toMatch",
  "toMatchObject",
  "toHaveBeenCalled",
  "toHaveBeenCalledTimes",
  "toHaveBeenCalledWith",
  "toHaveBeenLastCalledWith",
  "toHaveBeenNthCalledWith",
  "toHaveReturned",
  "toHaveReturnedTimes",
  "toHaveReturnedWith",
  "toHaveLastReturnedWith",
  "toHaveNthReturnedWith",
  "toThrow",
]);

/** The matchers that call their received function and judge what it throws. */
const THROW_MATCHERS: ReadonlySet<string> = new Set(["toThrow", "toThrowError"]);

/**
 * Every base64 payload held by the toolnexus values inside `values` (a result's parts, bare parts).
 *
 * @example
 * ```ts
 * payloadsIn([ToolResult.ok("x", { parts: [chart] })]); // [chart.data]
 * ```
 */
export function payloadsIn(values: readonly unknown[]): string[] {
  const out: string[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [...values];
  while (stack.length > 0) {
    const v = originalOf(stack.pop());
    if (typeof v !== "object" || v === null || seen.has(v)) continue;
    seen.add(v);
    try {
      const type = toolnexusType(v);
      if (type === "ContentPart") {
        const data: unknown = Reflect.get(v, "data");
        if (typeof data === "string") out.push(data);
      } else if (type === "ToolResult") {
        const parts: unknown = Reflect.get(v, "parts");
        if (Array.isArray(parts)) {
          const items: readonly unknown[] = parts;
          stack.push(...items);
        }
      } else if (type === undefined) {
        if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
        else if (v instanceof Set) for (const x of v) stack.push(x);
        else if (Array.isArray(v)) {
          const items: readonly unknown[] = v;
          stack.push(...items);
        }
        else if (!ArrayBuffer.isView(v)) for (const k of Reflect.ownKeys(v)) if (Object.prototype.propertyIsEnumerable.call(v, k)) stack.push(Reflect.get(v, k));
      }
    } catch {
      // a hostile Proxy or getter: nothing more to collect from it
    }
  }
  return out;
}

/**
 * True when `text` shows one of `payloads`, whole or cut (its first 16 characters, or all of a shorter one).
 *
 * @example
 * ```ts
 * showsPayload(message, payloadsIn([received])); // false for every message the wrappers give
 * ```
 */
export function showsPayload(text: string, payloads: readonly string[]): boolean {
  return payloads.some((p) => p.length > 0 && text.includes(p.slice(0, 16)));
}

/**
 * What one call of a wrapped matcher was given, and how to give it again as display copies: the received value
 * (a mock as a mock stand-in, a function that threw as a function that throws the display copy of what it threw),
 * and the expected arguments.
 */
export interface Given {
  /** The values the failure output may print (mock records and a thrown value included). */
  readonly values: readonly unknown[];
  /** The received value for the display run. */
  received(): unknown;
  /** The expected arguments for the display run. */
  expected(): unknown[];
  /** The display copy of one value (the same copy for the same value). */
  display(value: unknown): unknown;
}

/**
 * Records a call of a wrapped matcher: `received`, as the original matcher must be given it (a function that a
 * throw matcher calls is wrapped to keep what it throws, so that it is never called twice), and a {@link Given}
 * to read once the original has run.
 *
 * @example
 * ```ts
 * const call = given("toThrow", received, expected, this.promise === "rejects");
 * original.call(this, call.received, ...expected);
 * ```
 */
export function given(name: string, received: unknown, expected: readonly unknown[], fromPromise: boolean): { received: unknown; given: () => Given } {
  let thrown: { value: unknown } | undefined;
  let call = received;
  const throws = THROW_MATCHERS.has(name) && typeof received === "function" && !fromPromise;
  if (throws) {
    const fn = received;
    call = function (this: unknown, ...args: unknown[]): unknown {
      try {
        const out: unknown = Reflect.apply(fn, this, args);
        return out;
      } catch (e) {
        thrown = { value: e };
        throw e;
      }
    };
  }
  return {
    received: call,
    given: (): Given => {
      const display = displayer();
      const mock = !throws && isMockFunction(received) ? received : undefined;
      const values = [...(mock === undefined ? (throws ? [] : [received]) : mockRecord(mock)), ...expected, ...(thrown === undefined ? [] : [thrown.value])];
      return {
        values,
        display,
        received: () => {
          if (mock !== undefined) return displayMock(mock, display);
          if (!throws) return display(received);
          const caught = thrown;
          return caught === undefined
            ? (): void => {}
            : (): never => {
                throw display(caught.value);
              };
        },
        expected: () => expected.map(display),
      };
    },
  };
}

/**
 * True when the failure output of a call may print a toolnexus value.
 *
 * @example
 * ```ts
 * if (!involvesToolnexus(g)) return result;
 * ```
 */
export function involvesToolnexus(g: Given): boolean {
  return g.values.some((v) => containsToolnexus(v));
}

/** The plain message of the last resort: the matcher, then what it was given, part data by size. */
function plainMessage(ctx: MatcherContextLike, name: string, g: Given): string {
  const u = ctx.utils;
  const expected = g.expected();
  const head = u.matcherHint(name, undefined, expected.length === 0 ? "" : "expected", { isNot: ctx.isNot, promise: ctx.promise });
  const lines = expected.length === 0 ? [] : [`Expected: ${u.printExpected(expected.length === 1 ? expected[0] : expected)}`];
  const received = g.received();
  lines.push(isMockFunction(received) ? `Received calls: ${u.printReceived(mockRecord(received)[0])}` : `Received: ${typeof received === "function" ? "a function" : u.printReceived(received)}`);
  return `${head}\n\n${lines.join("\n")}`;
}

/**
 * Jest's `original` matcher, of the same verdict, whose failure output shows part data by size when the
 * values it was given hold toolnexus values: the message of a second run on their display copies, when that
 * run reaches the same verdict (the testers and the toolnexus matchers judge a stand-in as its value), else
 * the original message when it shows no payload, else a plain message of what the matcher was given. The
 * result's `actual` and `expected` (which reporters may write out) are display copies too.
 *
 * @example
 * ```ts
 * expect.extend({ toBe: printingMatcher("toBe", builtInMatcher("toBe")!) });
 * ```
 */
export function printingMatcher(name: string, original: MatcherFunction): MatcherFunction {
  const replacement = function (this: MatcherContextLike, received: unknown, ...expected: unknown[]): MatcherResult {
    const call = given(name, received, expected, this.promise === "rejects");
    let result: MatcherResult;
    try {
      result = original.call(this, call.received, ...expected);
    } catch (e) {
      // A usage error (`received value must be a mock function`) prints what it was given too.
      throw quietError(e, () => {
        const g = call.given();
        original.call(this, g.received(), ...g.expected());
      }, call.given);
    }
    // A passing assertion prints nothing: it is returned as it is, and nothing is looked at.
    if (result.pass !== (this.isNot === true)) return result;
    let g: Given | undefined;
    const read = (): Given => (g ??= call.given());
    if (!involvesToolnexus(read())) return result;
    const first = result;
    let text: string | undefined;
    const message = (): string => (text ??= failureText(this, name, original, first, read()));
    const out: MatcherResult = { pass: first.pass, message };
    Object.defineProperties(out, {
      actual: { enumerable: "actual" in first, get: () => read().display(first.actual) },
      expected: { enumerable: "expected" in first, get: () => read().display(first.expected) },
      name: { enumerable: "name" in first, value: first.name },
    });
    return out;
  };
  Object.defineProperty(replacement, "name", { value: name });
  Object.defineProperty(replacement, ORIGINAL, { value: original });
  return replacement;
}

function failureText(ctx: MatcherContextLike, name: string, original: MatcherFunction, first: MatcherResult, g: Given): string {
  const payloads = payloadsIn(g.values);
  try {
    const again = original.call(ctx, g.received(), ...g.expected());
    if (again.pass === first.pass) {
      const text = again.message();
      if (!showsPayload(text, payloads)) return text;
    }
  } catch {
    // the display run could not judge the copies: fall back below
  }
  const text = first.message();
  return showsPayload(text, payloads) ? plainMessage(ctx, name, g) : text;
}

/**
 * `e` as it is, unless it is an Error whose message shows a payload of the values the matcher was given: then
 * its message is the one the display run throws (`rerun`), or, when that shows a payload too or throws
 * nothing, a note that the message was withheld.
 *
 * @example
 * ```ts
 * throw quietError(e, () => original.call(this, g.received(), ...g.expected()), call.given);
 * ```
 */
function quietError(e: unknown, rerun: () => void, read: () => Given): unknown {
  if (!isInstance(e, Error)) return e;
  const payloads = payloadsIn(read().values);
  const before = e.message;
  if (!showsPayload(before, payloads)) return e;
  let after = "";
  try {
    rerun();
  } catch (again) {
    if (isInstance(again, Error) && !showsPayload(again.message, payloads)) after = again.message;
  }
  if (after === "") after = "The matcher failed, and its message, which showed a part's data, was withheld (toolnexus/testing shows part data by size only).";
  retitle(e, before, after);
  return e;
}

/**
 * Gives `e` the message `after` in place of `before`, in its `stack` too (whose first lines repeat the message).
 *
 * @example
 * ```ts
 * retitle(error, error.message, sanitized);
 * ```
 */
export function retitle(e: Error, before: string, after: string): void {
  e.message = after;
  const stack = e.stack;
  if (typeof stack !== "string") return;
  const at = stack.indexOf(before);
  if (at >= 0) {
    e.stack = stack.slice(0, at) + after + stack.slice(at + before.length);
    return;
  }
  const frames = stack.indexOf("\n    at ");
  e.stack = `${e.name}: ${after}${frames >= 0 ? stack.slice(frames) : ""}`;
}
