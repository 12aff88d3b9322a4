// truncate() is linear in the parts: it gives exactly the results of the first, quadratic algorithm (kept
// here as the reference, written against the public API) on every case of fixtures/core/truncate.json and on
// results with hundreds of parts, under budgets of every kind. Its speed is measured in bench/, not here.
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult, type TruncateBudget } from "toolnexus";
import { loadJSON } from "../support/fixtures";

/** How an omitted part is named: the library's label, rebuilt from the part's public fields. */
function label(p: ContentPart): string {
  if (p.type === "text") return `text part (${p.text!.length} characters)`;
  return `${p.type} part (${p.mimeType}, ${p.data === undefined ? "url" : `${p.byteLength} bytes`})`;
}

function withLines(output: string, lines: string): string {
  return output === "" ? lines.slice(1) : output + lines;
}

function cutOutput(output: string, lines: string, omitted: number, limit: number): string {
  const full = withLines(output, lines);
  if (full.length <= limit) return full;
  const n = output.length;
  const marker = (k: number) => `[truncated: ${k} of ${n} characters]`;
  const cut = (k: number) => (k > 0 ? `${output.slice(0, k)}\n` : "") + marker(k) + lines;
  let k = 0;
  for (let hi = n; k < hi; ) {
    const mid = Math.ceil((k + hi) / 2);
    if (cut(mid).length <= limit) k = mid;
    else hi = mid - 1;
  }
  if (k > 0 && output.codePointAt(k - 1)! > 0xffff) k--;
  const alone = `[truncated: ${k} of ${n} characters${omitted === 0 ? "" : `; ${omitted} ${omitted === 1 ? "part" : "parts"} omitted`}]`;
  return cut(k).length <= limit ? cut(k) : alone;
}

/** The first algorithm: each step re-joins the omitted lines and re-sums the tokens (quadratic). */
function reference(r: ToolResult, limits: TruncateBudget): { same: boolean; output: string; kept: number } {
  const maxChars = limits.maxOutputChars ?? Infinity;
  const maxTokens = limits.maxTokens ?? Infinity;
  const maxPartBytes = limits.maxPartBytes ?? Infinity;
  const output = r.output;
  const parts = r.parts ?? [];
  const tokens = (ps: readonly ContentPart[]) => ps.reduce((n, p) => n + p.estimatedTokens, 0);
  let kept = 0;
  let bytes = 0;
  while (kept < parts.length && (bytes += parts[kept]!.byteLength) <= maxPartBytes) kept++;
  const lines = () => parts.slice(kept).map((p) => `\n[omitted ${label(p)}]`).join("");
  const room = () => (maxTokens - tokens(parts.slice(0, kept))) * 4;
  while (kept > 0 && withLines(output, lines()).length > room()) kept--;
  const cut = cutOutput(output, lines(), parts.length - kept, Math.min(maxChars, room()));
  return { same: kept === parts.length && cut === output, output: cut, kept };
}

function expectSame(r: ToolResult, budget: TruncateBudget): void {
  const want = reference(r, budget);
  const out = r.truncate(budget);
  expect(out === r).toBe(want.same);
  expect(out.output).toBe(want.output);
  expect(out.parts?.length ?? 0).toBe(want.kept);
}

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** A result with `n` parts of every kind (text of varied length, data, url), output with astral characters. */
function manyParts(n: number, output = "😀 out ".repeat(40)): ToolResult {
  const big = ContentPart.fromBase64("A".repeat(4000 * 4), { mimeType: "application/octet-stream" });
  const image = ContentPart.fromBase64(PNG, { mimeType: "image/png" });
  const url = ContentPart.fromUrl("https://example.com/chart.png");
  const parts: ContentPart[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % 5;
    parts.push(k === 0 ? ContentPart.text("t".repeat(1 + ((i * 7) % 300))) : k === 1 ? image : k === 2 ? url : k === 3 ? big : ContentPart.text("😀".repeat(1 + (i % 9))));
  }
  return ToolResult.ok(output, { parts });
}

describe("truncate gives the first algorithm's results", () => {
  const t = loadJSON<{ cases: { name: string; result: unknown; budget: TruncateBudget }[] }>("core/truncate.json");

  it.each(t.cases.map((c) => [c.name, c] as const))("fixture: %s", (_n, c) => {
    expectSame(ToolResult.fromJSON(c.result), c.budget);
  });

  it("on 600 parts of every kind, under budgets of every kind (the reference is quadratic: more would be slow)", () => {
    const r = manyParts(600);
    const total = r.estimatedTokens;
    const budgets: TruncateBudget[] = [
      {},
      { maxTokens: total },
      { maxTokens: total - 1 },
      { maxTokens: Math.floor(total / 2) },
      { maxTokens: 200 },
      { maxTokens: 0 },
      { maxOutputChars: 100 },
      { maxOutputChars: 100_000, maxTokens: Math.floor(total / 3) },
      { maxPartBytes: 1_000_000 },
      { maxPartBytes: 0, maxTokens: 5000 },
      { maxTokens: Math.floor(total / 4), maxOutputChars: 5000, maxPartBytes: 3_000_000 },
    ];
    for (const budget of budgets) expectSame(r, budget);
  });

  it("on an empty output beside many parts (the omitted lines open the text)", () => {
    const r = manyParts(300, "");
    for (const maxTokens of [0, 10, 1000, 20_000, r.estimatedTokens]) expectSame(r, { maxTokens });
  });

  it("keeps its promises on 8,000 parts: a prefix of the parts, within the budget, one line per omitted part", () => {
    const r = manyParts(8000);
    const maxTokens = Math.floor(r.estimatedTokens / 3);
    const out = r.truncate({ maxTokens });
    expect(out.estimatedTokens).toBeLessThanOrEqual(maxTokens);
    const kept = out.parts?.length ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(8000);
    (out.parts ?? []).forEach((p, i) => expect(p).toBe(r.parts![i]));
    expect(out.output.match(/\n\[omitted /g)?.length).toBe(8000 - kept);
    // Every dropped part is named, in order.
    expect(out.output.endsWith(`\n[omitted ${label(r.parts![7999]!)}]`)).toBe(true);
  });
});
