/**
 * The toolnexus matchers: `toBeOk`, `toBeError`, `toBePending`, `toHaveOutput`, `toHaveParts`.
 *
 * Each failure message names the field that differs (`isError`, `metadata.pending.kind`, `output`,
 * `parts`) and shows the received result with its part data as size and digest, never as content.
 *
 * @module
 */
import type { ToolResult } from "../tool-result";
import { ToolResult as ToolResultClass } from "../tool-result";
import { originalOf, toDisplay } from "./display";
import { partLine, render } from "./render";
import type { MatcherContextLike as Ctx, MatcherFunction, MatcherResult } from "./types";

function hint(ctx: Ctx, name: string, expected: string): string {
  return ctx.utils.matcherHint(name, undefined, expected, { isNot: ctx.isNot, promise: ctx.promise });
}

/** Throws Jest's kind of usage error: the matcher was given something it cannot judge. */
function usageError(ctx: Ctx, name: string, expected: string, problem: string, label: "Received" | "Expected", value: unknown): never {
  const print = label === "Received" ? (v: unknown): string => ctx.utils.printReceived(v) : (v: unknown): string => ctx.utils.printExpected(v);
  throw new Error(ctx.utils.matcherErrorMessage(hint(ctx, name, expected), problem, ctx.utils.printWithType(label, toDisplay(value), print)));
}

/**
 * Runs `judge` on a result. A value that is not a `ToolResult` is a usage error in an assertion, and simply
 * does not match when the matcher is used as an asymmetric matcher (`expect.toBeOk()` inside `toEqual`),
 * where Jest gives no `promise` field.
 */
function onResult(ctx: Ctx, name: string, expected: string, value: unknown, judge: (r: ToolResult) => MatcherResult): MatcherResult {
  // A display stand-in (what a failure message of another matcher is built from) is judged as the result it stands for.
  const received = originalOf(value);
  if (ToolResultClass.isToolResult(received)) return judge(received);
  if (ctx.promise === undefined) return { pass: false, message: () => `${name}: the value is not a ToolResult` };
  return usageError(ctx, name, expected, `${ctx.utils.RECEIVED_COLOR("received")} value must be a ToolResult`, "Received", received);
}

function receivedBlock(ctx: Ctx, r: ToolResult): string {
  return `\n\nReceived: ${ctx.utils.RECEIVED_COLOR(render(r))}`;
}

function expand(ctx: Ctx): boolean {
  return ctx.expand !== false;
}

function pendingNote(r: ToolResult): string {
  const req = r.pending;
  return req === undefined ? "" : ` (a pending result: metadata.pending holds a Request of kind ${JSON.stringify(req.kind)})`;
}

/** The isError check behind toBeOk and toBeError. */
function isErrorMatcher(ctx: Ctx, name: "toBeOk" | "toBeError", received: unknown, want: boolean): MatcherResult {
  return onResult(ctx, name, "", received, (r) => {
    const pass = r.isError === want;
    const u = ctx.utils;
    const message = (): string => {
      const head = hint(ctx, name, "");
      if (pass) {
        return `${head}\n\nExpected isError: not ${u.printExpected(want)}\nReceived isError: ${u.printReceived(r.isError)}${pendingNote(r)}${receivedBlock(ctx, r)}`;
      }
      const diff = u.diff(render(r.withIsError(want)), render(r), { aAnnotation: "Expected", bAnnotation: "Received", expand: expand(ctx), includeChangeCounts: true });
      return `${head}\n\nExpected isError: ${u.printExpected(want)}\nReceived isError: ${u.printReceived(r.isError)}${pendingNote(r)}\n\n${diff ?? render(r)}`;
    };
    return { pass, message };
  });
}

/**
 * Passes for a `ToolResult` whose `isError` is false.
 *
 * The failure message names `isError` and shows the received result as a diff against the same result
 * with `isError: false`, part data as size and digest.
 *
 * @example
 * ```ts
 * expect(ToolResult.ok("3 files found")).toBeOk();
 * expect(ToolResult.error("No such file")).not.toBeOk();
 * ```
 */
export const toBeOk: MatcherFunction = function toBeOk(this: Ctx, received: unknown): MatcherResult {
  return isErrorMatcher(this, "toBeOk", received, false);
};

/**
 * Passes for a `ToolResult` whose `isError` is true. A pending result is an error too (its `isError` is
 * true, as on the wire); tell them apart with `.not.toBePending()`.
 *
 * @example
 * ```ts
 * expect(ToolResult.error("No such file")).toBeError();
 * expect(ToolResult.ok("done")).not.toBeError();
 * ```
 */
export const toBeError: MatcherFunction = function toBeError(this: Ctx, received: unknown): MatcherResult {
  return isErrorMatcher(this, "toBeError", received, true);
};

/**
 * Passes for a pending `ToolResult` (its `metadata.pending` holds a `Request`) and, when `kind` is given,
 * one whose request has that kind.
 *
 * The failure message names `metadata.pending` (absent or present) or `metadata.pending.kind`.
 *
 * @example
 * ```ts
 * expect(ToolResult.authRequired("https://example.com/login")).toBePending("authorization");
 * expect(ToolResult.ok("done")).not.toBePending();
 * ```
 */
export const toBePending: MatcherFunction = function toBePending(this: Ctx, received: unknown, kind?: unknown): MatcherResult {
  const name = "toBePending";
  const expectedArg = kind === undefined ? "" : "expected";
  if (kind !== undefined && (typeof kind !== "string" || kind === "")) {
    usageError(this, name, expectedArg, `${this.utils.EXPECTED_COLOR("expected")} value must be a non-empty string (a request kind such as "approval"), or left out`, "Expected", kind);
  }
  return onResult(this, name, expectedArg, received, (r) => {
    const req = r.pending;
    const pass = req !== undefined && (kind === undefined || req.kind === kind);
    const u = this.utils;
    const message = (): string => {
      const head = hint(this, name, expectedArg);
      let lines: string;
      if (!pass && req === undefined) {
        const want = kind === undefined ? "a Request" : `a Request of kind ${u.printExpected(kind)}`;
        lines = `Expected metadata.pending: ${want}\nReceived metadata.pending: ${u.printReceived(undefined)} (the result is not pending)`;
      } else if (!pass) {
        lines = `Expected metadata.pending.kind: ${u.printExpected(kind)}\nReceived metadata.pending.kind: ${u.printReceived(req.kind)}`;
      } else if (kind === undefined) {
        lines = `Expected metadata.pending: ${u.printExpected(undefined)} (a result that is not pending)\nReceived metadata.pending: a Request of kind ${u.printReceived(req.kind)}`;
      } else {
        lines = `Expected metadata.pending.kind: not ${u.printExpected(kind)}\nReceived metadata.pending.kind: ${u.printReceived(req.kind)}`;
      }
      return `${head}\n\n${lines}${receivedBlock(this, r)}`;
    };
    return { pass, message };
  });
};

/**
 * Passes for a `ToolResult` whose `output` equals `expected` exactly (a string) or matches it (a RegExp).
 *
 * The failure message names `output` and diffs the expected and received text.
 *
 * @example
 * ```ts
 * expect(result).toHaveOutput("3 files found");
 * expect(result).toHaveOutput(/^\d+ files found$/);
 * ```
 */
export const toHaveOutput: MatcherFunction = function toHaveOutput(this: Ctx, received: unknown, expected: unknown): MatcherResult {
  const name = "toHaveOutput";
  const isRegExp = expected instanceof RegExp || Object.prototype.toString.call(expected) === "[object RegExp]";
  if (typeof expected !== "string" && !isRegExp) {
    usageError(this, name, "expected", `${this.utils.EXPECTED_COLOR("expected")} value must be a string or a regular expression`, "Expected", expected);
  }
  return onResult(this, name, "expected", received, (r) => {
    const u = this.utils;
    if (typeof expected === "string") {
      const pass = r.output === expected;
      const message = (): string => {
        const head = hint(this, name, "expected");
        if (pass) return `${head}\n\nExpected output: not ${u.printExpected(expected)}`;
        return `${head}\n\n${u.printDiffOrStringify(expected, r.output, "Expected output", "Received output", expand(this))}`;
      };
      return { pass, message };
    }
    const re = expected as RegExp;
    const pass = new RegExp(re).test(r.output);
    const message = (): string =>
      `${hint(this, name, "expected")}\n\nExpected output: ${pass ? "not " : ""}matching ${u.printExpected(re)}\nReceived output: ${u.printReceived(r.output)}`;
    return { pass, message };
  });
};

/**
 * Passes for a `ToolResult` with at least one part, or, given `count`, with exactly that many
 * (`toHaveParts(0)` passes for a result without parts).
 *
 * The failure message names `parts`, gives both counts and lists the received parts, each as
 * `image (image/png, 2130 bytes, digest 1a2b3c4d)`.
 *
 * @example
 * ```ts
 * expect(ToolResult.ok("chart", { parts: [chart] })).toHaveParts(1);
 * expect(ToolResult.ok("no media")).not.toHaveParts();
 * ```
 */
export const toHaveParts: MatcherFunction = function toHaveParts(this: Ctx, received: unknown, count?: unknown): MatcherResult {
  const name = "toHaveParts";
  const expectedArg = count === undefined ? "" : "expected";
  if (count !== undefined && (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0)) {
    usageError(this, name, expectedArg, `${this.utils.EXPECTED_COLOR("expected")} value must be a whole number, 0 or more, or left out`, "Expected", count);
  }
  return onResult(this, name, expectedArg, received, (r) => {
    const n = r.parts === null ? 0 : r.parts.length;
    const pass = count === undefined ? n > 0 : n === count;
    const u = this.utils;
    const message = (): string => {
      const head = hint(this, name, expectedArg);
      const list = r.parts === null ? "" : `\n\nReceived parts:\n${r.parts.map((p, i) => `  [${i}] ${partLine(p)}`).join("\n")}`;
      let lines: string;
      if (count === undefined) {
        lines = pass
          ? `Expected parts: ${u.printExpected(null)} (no parts)\nReceived parts: ${u.printReceived(n)} ${n === 1 ? "part" : "parts"}`
          : `Expected parts: at least one\nReceived parts: ${u.printReceived(null)} (no parts)`;
      } else {
        lines = `Expected number of parts: ${pass ? "not " : ""}${u.printExpected(count)}\nReceived number of parts: ${u.printReceived(n)}`;
      }
      return `${head}\n\n${lines}${list}${list === "" ? receivedBlock(this, r) : ""}`;
    };
    return { pass, message };
  });
};

/**
 * The five matchers, for `expect.extend`: `toBeOk`, `toBeError`, `toBePending(kind?)`,
 * `toHaveOutput(stringOrRegExp)` and `toHaveParts(count?)`.
 *
 * `toolnexus/testing/setup` registers them; without the setup, `expect.extend(matchers)`. Their types
 * come with `toolnexus/testing` (for `@jest/globals` and for the global `expect` of `@types/jest`).
 * Each also works as an asymmetric matcher: `expect(onResult).toHaveBeenCalledWith(expect.toBeOk())`.
 *
 * @example
 * ```ts
 * import { expect } from "@jest/globals";
 * import { matchers } from "toolnexus/testing";
 *
 * expect.extend(matchers);
 * expect(ToolResult.ok("done")).toBeOk();
 * ```
 */
export const matchers: {
  toBeOk: MatcherFunction;
  toBeError: MatcherFunction;
  toBePending: MatcherFunction;
  toHaveOutput: MatcherFunction;
  toHaveParts: MatcherFunction;
} = Object.freeze({ toBeOk, toBeError, toBePending, toHaveOutput, toHaveParts });
