// limitsOf and partLimits (lib/budgets/limits.ts): each target's documented limits, each with its source and
// the date it was read, and the parts of a result that pass them, with the wording every projection reports
// (fixtures/budgets/limits.json; docs/budgets.md, "Limits").
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult } from "toolnexus";
import { countTokens, limitsOf, partLimits, type BudgetTarget, type Limits } from "toolnexus/budgets";
import { loadJSON } from "../support/fixtures";
import { pngPart } from "./support";

type PartSpec = { png: [number, number]; bytes?: number } | { text: string } | { url: true } | { repeat: number; part: PartSpec };
const KEYS = ["imageBytes", "pixelsPerSide", "manyImages", "patchesPerImage", "imagesPerRequest", "requestBytes", "toolResultMedia"] as const;
interface Table {
  limits: { name: string; target: BudgetTarget; expect: Record<(typeof KEYS)[number], unknown> }[];
  losses: { name: string; target: BudgetTarget; parts: PartSpec[]; expect: { index: number; limit: string; placeholder: string }[] }[];
}
const TABLE = loadJSON<Table>("budgets/limits.json");

function partsOf(specs: PartSpec[]): ContentPart[] {
  const out: ContentPart[] = [];
  for (const s of specs) {
    if ("repeat" in s) for (let i = 0; i < s.repeat; i++) out.push(...partsOf([s.part]));
    else if ("png" in s) out.push(pngPart(s.png[0], s.png[1], s.bytes));
    else if ("text" in s) out.push(ContentPart.text(s.text));
    else out.push(ContentPart.fromUrl("https://example.com/a.png", { mimeType: "image/png" }));
  }
  return out;
}

describe("limitsOf", () => {
  it.each(TABLE.limits.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const limits: Limits = limitsOf(c.target);
    const values: Record<string, unknown> = {};
    for (const k of KEYS) values[k] = limits[k]?.value ?? null;
    expect(values).toEqual(c.expect);
    expect(limits.provider).toBe(c.target.provider);
  });

  it("gives every limit its source and the date it was read, all frozen", () => {
    for (const c of TABLE.limits) {
      const limits = limitsOf(c.target);
      expect(Object.isFrozen(limits)).toBe(true);
      for (const k of KEYS) {
        const entry = limits[k];
        if (entry === undefined) continue;
        expect(Object.isFrozen(entry)).toBe(true);
        expect(entry.read).toBe("2026-12-04");
        expect(entry.source).toMatch(/^(Claude|OpenAI|Gemini)[^"]*"[^"]+"/); // the page's title, in quotes
        expect(entry.source).toMatch(/section/);
      }
    }
  });
});

describe("partLimits", () => {
  it.each(TABLE.losses.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const parts = partsOf(c.parts);
    const got = partLimits(c.target, parts);
    expect(got.map(({ index, limit, placeholder }) => ({ index, limit, placeholder }))).toEqual(c.expect);
    for (const v of got) {
      // The reason says the same as the placeholder: the limit's words, after what was measured.
      const words = v.placeholder.slice(v.placeholder.indexOf("): ") + 3, -1);
      expect(v.reason.endsWith(words)).toBe(true);
      expect(v.reason).not.toContain("[");
      expect(Object.isFrozen(v)).toBe(true);
    }
    expect(Object.isFrozen(got)).toBe(true);
  });

  it("gives the same (shared, empty) value when no part passes a limit", () => {
    const parts = [pngPart(10, 10)];
    expect(partLimits({ provider: "anthropic" }, parts)).toBe(partLimits({ provider: "openai" }, []));
  });

  it("refuses parts that are not a list", () => {
    expect(() => partLimits({ provider: "anthropic" }, "parts" as never)).toThrow(expect.objectContaining({ code: "invalid-type", path: "parts" }));
  });

  it("changes nothing it is given", () => {
    const parts = partsOf([{ png: [9000, 400] }]);
    const copy = parts.slice();
    partLimits({ provider: "anthropic" }, parts);
    expect(parts).toEqual(copy);
    expect(Object.isFrozen(parts)).toBe(false);
  });
});

describe("a budget counted and checked together", () => {
  it("a 1920x1080 screenshot: 1560 tokens and no loss on Anthropic's standard tier", () => {
    const shot = pngPart(1920, 1080);
    const result = ToolResult.ok("Captured", { parts: [shot] });
    expect(countTokens(result, { provider: "anthropic" }).total).toBe(2 + 1560);
    expect(partLimits({ provider: "anthropic" }, [shot])).toEqual([]);
  });
});
