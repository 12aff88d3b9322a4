// The five matchers, driven by fixtures/testing/matchers.json: each case's verdict, the opposite verdict
// under .not, the same verdict from the asymmetric form, and the usage errors.
import { describe, expect, it, jest } from "@jest/globals";
import "toolnexus/testing/setup";
import { ToolResult } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { arg, failureOf, resolve, result } from "./support";

type MatcherName = "toBeOk" | "toBeError" | "toBePending" | "toHaveOutput" | "toHaveParts";

interface Case {
  result: string;
  matcher: MatcherName;
  args: unknown[];
  pass: boolean;
}

interface UsageError {
  reason: string;
  received: unknown;
  matcher: MatcherName;
  args: unknown[];
  message: string;
}

const table = loadJSON<{ cases: Case[]; usageErrors: UsageError[] }>("testing/matchers.json");

type Assert = Record<MatcherName, (...args: unknown[]) => void>;
const run = (value: unknown, not: boolean, matcher: MatcherName, args: unknown[]) => {
  const e = expect(value) as unknown as Assert & { not: Assert };
  (not ? e.not : e)[matcher](...args);
};
const asymmetric = (matcher: MatcherName, args: unknown[], not = false): unknown => {
  const factory = (not ? expect.not : expect) as unknown as Record<MatcherName, (...a: unknown[]) => unknown>;
  return factory[matcher](...args);
};

const title = (c: Case) => `${c.matcher}(${c.args.map((a) => JSON.stringify(a)).join(", ")}) on ${c.result}: ${c.pass ? "passes" : "fails"}`;

describe("the matchers (fixtures/testing/matchers.json)", () => {
  it.each(table.cases.map((c) => [title(c), c] as const))("%s", (_t, c) => {
    const r = result(c.result);
    const args = c.args.map(arg);
    if (c.pass) {
      run(r, false, c.matcher, args);
      expect(failureOf(() => run(r, true, c.matcher, args))).toContain(`.not.${c.matcher}(`);
    } else {
      run(r, true, c.matcher, args);
      expect(failureOf(() => run(r, false, c.matcher, args))).toContain(`expect(received).${c.matcher}(`);
    }
  });

  it.each(table.cases.map((c) => [title(c), c] as const))("as an asymmetric matcher: %s", (_t, c) => {
    const r = result(c.result);
    const args = c.args.map(arg);
    // Inside toEqual, in an object and in mock calls, the asymmetric form gives the same verdict.
    if (c.pass) {
      expect({ r }).toEqual({ r: asymmetric(c.matcher, args) });
      expect({ r }).not.toEqual({ r: asymmetric(c.matcher, args, true) });
    } else {
      expect({ r }).not.toEqual({ r: asymmetric(c.matcher, args) });
      expect({ r }).toEqual({ r: asymmetric(c.matcher, args, true) });
    }
  });

  it.each(table.usageErrors.map((u) => [u.reason, u] as const))("a usage error: %s", (_r, u) => {
    const value = resolve(u.received);
    const args = u.args.map(arg);
    // Usage errors are raised whatever the verdict would be, with and without .not.
    expect(failureOf(() => run(value, false, u.matcher, args))).toContain(`Matcher error: ${u.message}`);
    expect(failureOf(() => run(value, true, u.matcher, args))).toContain(`Matcher error: ${u.message}`);
  });

  it("lets a value that is not a result simply not match in the asymmetric form", () => {
    expect({ r: "not a result" }).not.toEqual({ r: expect.toBeOk() });
    expect([1, ToolResult.ok("x")]).toEqual([expect.anything(), expect.toBeOk()]);
  });

  it("works under .resolves and .rejects", async () => {
    await expect(Promise.resolve(ToolResult.ok("done"))).resolves.toBeOk();
    await expect(Promise.resolve(ToolResult.ok("done"))).resolves.toHaveOutput("done");
    await expect(Promise.reject(ToolResult.error("nope"))).rejects.toBeError();
    const message = await expect(Promise.resolve(ToolResult.error("nope"))).resolves.toBeOk().then(
      () => "passed",
      (e: Error) => e.message,
    );
    expect(message).toContain("resolves");
    expect(message).toContain("toBeOk");
  });

  it("accepts a mock called with a pending result through toHaveBeenCalledWith", () => {
    const onResult = jest.fn();
    onResult(ToolResult.pending({ kind: "approval", prompt: "Deploy?" }));
    expect(onResult).toHaveBeenCalledWith(expect.toBePending("approval"));
    expect(onResult).not.toHaveBeenCalledWith(expect.toBePending("input"));
  });

  it("matches a RegExp with the global flag the same way every time", () => {
    const re = /files/g;
    const r = result("ok");
    expect(r).toHaveOutput(re);
    expect(r).toHaveOutput(re);
    expect(re.lastIndex).toBe(0);
  });
});
