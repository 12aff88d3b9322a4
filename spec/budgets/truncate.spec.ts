// result.truncate({ maxTokens, tokens }): a budget fitted as a provider counts, by the counter tokenCounter()
// makes (fixtures/budgets/truncate.json); the counter checked as every option is (a ValidationError at
// options.tokens, never a bare TypeError); and without tokens, truncate exactly as before: every row of
// fixtures/core/truncate.json gives the same with a counter that counts by estimatedTokens' rule
// (docs/budgets.md, "truncate: fitting a budget").
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult, ValidationError, type TruncateBudget, type TruncateTokens } from "toolnexus";
import { countTokens, tokenCounter, type BudgetTarget } from "toolnexus/budgets";
import { loadJSON } from "../support/fixtures";
import { pngPart, withImages } from "./support";

interface Row {
  name: string;
  result: Record<string, unknown>;
  budget: TruncateBudget;
  target: BudgetTarget;
  same?: true;
  expected?: { output: string; parts: number };
  estimated: "same" | "as counted";
}
interface Invalid {
  name: string;
  tokens: unknown;
  code: string;
  path: string;
  message?: string;
}
const FX = withImages(loadJSON<{ cases: Row[]; invalid: Invalid[] }>("budgets/truncate.json"));

describe("truncate({ maxTokens, tokens }) (fixtures/budgets/truncate.json)", () => {
  it.each(FX.cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const r = ToolResult.fromJSON(c.result);
    const counter = tokenCounter(c.target);
    const out = r.truncate({ ...c.budget, tokens: counter });
    if (c.same) expect(out).toBe(r);
    else {
      expect(out).not.toBe(r);
      expect(out.output).toBe(c.expected!.output);
      expect(out.parts?.length ?? 0).toBe(c.expected!.parts);
      expect(out.parts ?? []).toEqual((r.parts ?? []).slice(0, c.expected!.parts)); // a prefix, kept whole
    }
    // What the result costs on the target now fits the budget (the marker alone excepted, as without a counter).
    if (c.budget.maxTokens !== undefined) expect(countTokens(out, c.target).total).toBeLessThanOrEqual(c.budget.maxTokens);
    const estimated = r.truncate(c.budget);
    if (c.estimated === "same") expect(estimated).toBe(r);
    else expect([estimated.output, estimated.parts?.length ?? 0]).toEqual([out.output, out.parts?.length ?? 0]);
  });

  it("fits a screenshot to Anthropic's count: what is kept is what countTokens says fits", () => {
    const shot = pngPart(1920, 1080);
    const thumb = pngPart(200, 200);
    const r = ToolResult.ok("Captured the screen", { parts: [thumb, shot] });
    const anthropic = { provider: "anthropic" } as const;
    expect(countTokens(r, anthropic).parts.map((p) => p.tokens)).toEqual([64, 1560]);
    expect(r.estimatedTokens).toBe(5 + 85 + 85); // the byte rule sees 175 tokens: everything "fits" 1000
    expect(r.truncate({ maxTokens: 1000 })).toBe(r);
    const fitted = r.truncate({ maxTokens: 1000, tokens: tokenCounter(anthropic) });
    expect(fitted.parts).toEqual([thumb]);
    expect(fitted.output).toBe("Captured the screen\n[omitted image part (image/png, 33 bytes)]");
    expect(countTokens(fitted, anthropic).total).toBeLessThanOrEqual(1000);
  });

  it.each(FX.invalid.map((c) => [c.name, c] as const))("refuses tokens: %s", (_, c) => {
    const r = ToolResult.ok("x", { parts: [pngPart(10, 10)] });
    let thrown: unknown;
    try {
      r.truncate({ maxTokens: 100, tokens: c.tokens as never });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(thrown).toMatchObject({ code: c.code, path: c.path });
    if (c.message !== undefined) expect((thrown as Error).message).toBe(c.message);
    expect((thrown as Error).message).toContain("tokenCounter");
  });

  it("checks the counter even without maxTokens, but never calls it then", () => {
    const calls: string[] = [];
    const spy: TruncateTokens = { output: (t) => (calls.push("output"), t.length), part: () => (calls.push("part"), 1) };
    const r = ToolResult.ok("hello", { parts: [pngPart(10, 10)] });
    expect(r.truncate({ maxOutputChars: 100, tokens: spy })).toBe(r);
    expect(calls).toEqual([]);
    expect(() => r.truncate({ maxOutputChars: 100, tokens: 42 as never })).toThrow(ValidationError);
  });

  it("counts each kept part once and calls the counter on the receiver it was given", () => {
    const seen: unknown[] = [];
    const counter = {
      scale: 2,
      output(this: { scale: number }, text: string): number {
        seen.push(this);
        return Math.ceil(text.length / 4) * this.scale;
      },
      part(this: { scale: number }, p: ContentPart): number {
        seen.push(this);
        return p.estimatedTokens * this.scale;
      },
    };
    const r = ToolResult.ok("abcd", { parts: [pngPart(10, 10), pngPart(20, 20)] });
    const out = r.truncate({ maxTokens: 200, tokens: counter }); // 2 + 170 + 170 > 200: the second part goes
    expect(out.parts?.length).toBe(1);
    expect(seen.every((t) => t === counter)).toBe(true);
  });

  it.each([
    ["throws", (): unknown => { throw new Error("tokenizer not loaded"); }, /The token counter's part\(\) threw on parts\[0\] \(tokenizer not loaded\) at options\.tokens/],
    ["gives NaN", (): unknown => NaN, /must give a finite number of tokens, 0 or more, for parts\[0\]; it gave NaN at options\.tokens/],
    ["gives a negative number", (): unknown => -1, /it gave -1 at options\.tokens/],
    ["gives Infinity", (): unknown => Infinity, /it gave Infinity/],
    ["gives a string", (): unknown => "12", /it gave a string/],
  ] as const)("a counter whose part() %s is a ValidationError at options.tokens", (_, part, message) => {
    const r = ToolResult.ok("x", { parts: [pngPart(10, 10)] });
    const tokens = { output: (t: string) => t.length, part } as unknown as TruncateTokens;
    let thrown: unknown;
    try {
      r.truncate({ maxTokens: 100, tokens });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(thrown).toMatchObject({ code: "invalid-value", path: "options.tokens" });
    expect((thrown as Error).message).toMatch(message);
  });

  it("a counter whose output() throws, or that is read through a throwing getter, is a ValidationError too", () => {
    const r = ToolResult.ok("x".repeat(50));
    const throwing: TruncateTokens = { output: () => { throw new TypeError("boom"); }, part: () => 0 };
    expect(() => r.truncate({ maxTokens: 5, tokens: throwing })).toThrow(/The token counter's output\(\) threw on the output \(boom\) at options\.tokens/);
    const getter = Object.defineProperty({ part: () => 0 }, "output", { enumerable: true, get: () => { throw new Error("no"); } });
    expect(() => r.truncate({ maxTokens: 5, tokens: getter as never })).toThrow(ValidationError);
  });

  it("a tokens key found only on the prototype chain is no option", () => {
    const budget = Object.create({ tokens: 42 }) as TruncateBudget;
    budget.maxTokens = 1000;
    const r = ToolResult.ok("x");
    expect(r.truncate(budget)).toBe(r);
  });
});

describe("truncate without tokens is unchanged (fixtures/core/truncate.json)", () => {
  interface CoreCase {
    name: string;
    result: Record<string, unknown>;
    budget: TruncateBudget;
  }
  const core = loadJSON<{ cases: CoreCase[] }>("core/truncate.json").cases;
  // A counter that counts exactly as estimatedTokens does: the counted path must give what the default gives.
  const estimating: TruncateTokens = { output: (text) => Math.ceil(text.length / 4), part: (p) => p.estimatedTokens };
  it.each(core.map((c) => [c.name, c] as const))("%s: the same with a counter of estimatedTokens' rule", (_, c) => {
    const r = ToolResult.fromJSON(c.result);
    const plain = r.truncate(c.budget);
    const counted = r.truncate({ ...c.budget, tokens: estimating });
    expect(counted.output).toBe(plain.output);
    expect(counted.parts).toEqual(plain.parts);
    expect(counted === r).toBe(plain === r);
  });
});
