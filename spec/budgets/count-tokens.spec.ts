// countTokens and tokenCounter (lib/budgets): a result counted as each provider counts it, the published
// vectors as a table (fixtures/budgets/tokens.json), and the targets refused (fixtures/budgets/targets-invalid.json);
// docs/budgets.md, "Token rules" and "Targets".
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult, ValidationError } from "toolnexus";
import { countTokens, limitsOf, partLimits, tokenCounter, type BudgetTarget } from "toolnexus/budgets";
import { loadBytes, loadJSON } from "../support/fixtures";
import { pngPart, wav } from "./support";

interface Vector {
  name: string;
  target: BudgetTarget;
  image: [number, number] | "url";
  tokens: number;
  measured: boolean;
}
interface Refusal {
  name: string;
  target: unknown;
  code: string;
  path: string;
  message: string;
}
const VECTORS = loadJSON<{ cases: Vector[] }>("budgets/tokens.json").cases;
const REFUSED = loadJSON<{ cases: Refusal[] }>("budgets/targets-invalid.json").cases;

const urlImage = () => ContentPart.fromUrl("https://example.com/shot.png", { mimeType: "image/png" });
const imageOf = (v: Vector) => (v.image === "url" ? urlImage() : pngPart(v.image[0], v.image[1]));

function caught(f: () => unknown): ValidationError {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
  throw new Error("expected a ValidationError");
}

describe("countTokens: images, by each provider's rule", () => {
  it.each(VECTORS.map((v) => [v.name, v] as const))("%s", (_, v) => {
    const result = ToolResult.ok("x".repeat(40), { parts: [imageOf(v)] });
    const count = countTokens(result, v.target);
    expect(count.parts).toEqual([{ tokens: v.tokens, measured: v.measured }]);
    expect(count.output).toBe(10);
    expect(count.total).toBe(10 + v.tokens);
  });
});

describe("countTokens: text and other media", () => {
  it("counts text as ceil(length / 4), never measured, on every provider", () => {
    const r = ToolResult.ok("abcde", { parts: [ContentPart.text("123456789")] });
    for (const provider of ["anthropic", "openai", "gemini", "bedrock"] as const) {
      expect(countTokens(r, { provider })).toEqual({ total: 2 + 3, output: 2, parts: [{ tokens: 3, measured: false }] });
    }
  });

  it("counts a WAV clip on Gemini by its duration, 32 tokens a second (measured)", () => {
    const two = ContentPart.fromBytes(wav(2), { mimeType: "audio/wav" });
    const tiny = ContentPart.fromBytes(loadBytes("media/fixture.wav"), { mimeType: "audio/wav" }); // 8 samples at 8 kHz
    expect(countTokens(ToolResult.ok("", { parts: [two, tiny] }), { provider: "gemini" }).parts).toEqual([
      { tokens: 64, measured: true },
      { tokens: 1, measured: true },
    ]);
  });

  it("counts other media by estimatedTokens' rule, not measured", () => {
    const pdf = ContentPart.fromBytes(loadBytes("media/fixture.pdf"), { mimeType: "application/pdf" });
    const mp3 = ContentPart.fromBytes(loadBytes("media/fixture.mp3"), { mimeType: "audio/mpeg" });
    const clip = ContentPart.fromBytes(wav(2), { mimeType: "audio/wav" });
    const r = ToolResult.ok("", { parts: [pdf, mp3, clip] });
    expect(countTokens(r, { provider: "gemini" }).parts.slice(0, 2)).toEqual([
      { tokens: pdf.estimatedTokens, measured: false },
      { tokens: mp3.estimatedTokens, measured: false },
    ]);
    expect(countTokens(r, { provider: "anthropic" }).parts[2]).toEqual({ tokens: clip.estimatedTokens, measured: false }); // only Gemini counts audio by time
  });

  it("counts an image of a format it cannot read as the most one image can cost", () => {
    const bmp = ContentPart.fromBytes(new Uint8Array([0x42, 0x4d, ...new Array<number>(60).fill(0)]), { mimeType: "image/bmp" });
    expect(countTokens(ToolResult.ok("", { parts: [bmp] }), { provider: "anthropic" }).parts).toEqual([{ tokens: 1568, measured: false }]);
  });

  it("sums every part, in order, and gives a frozen value", () => {
    const r = ToolResult.ok("abcd", { parts: [pngPart(200, 200), ContentPart.text("xy"), urlImage()] });
    const count = countTokens(r, { provider: "anthropic" });
    expect(count).toEqual({ total: 1 + 64 + 1 + 1568, output: 1, parts: [{ tokens: 64, measured: true }, { tokens: 1, measured: false }, { tokens: 1568, measured: false }] });
    expect(Object.isFrozen(count)).toBe(true);
    expect(Object.isFrozen(count.parts)).toBe(true);
    expect(Object.isFrozen(count.parts[0])).toBe(true);
  });

  it("counts a result given as its JSON shape, as the projections read one", () => {
    const json = ToolResult.ok("abcd", { parts: [pngPart(200, 200)] }).toJSON();
    expect(countTokens(json, { provider: "anthropic" }).total).toBe(65);
  });
});

describe("the targets refused", () => {
  it.each(REFUSED.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const target = c.target === "$undefined" ? undefined : c.target;
    const e = caught(() => countTokens(ToolResult.ok("x"), target as BudgetTarget));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
    expect(e.message).toContain(c.message);
    // The same target, the same refusal, from every function that reads one (each naming itself).
    for (const [fn, call] of [
      ["tokenCounter", () => tokenCounter(target as BudgetTarget)],
      ["limitsOf", () => limitsOf(target as BudgetTarget)],
      ["partLimits", () => partLimits(target as BudgetTarget, [])],
    ] as const) {
      const other = caught(call);
      expect({ code: other.code, path: other.path }).toEqual({ code: c.code, path: c.path });
      expect(other.message).toContain(c.message.replace("countTokens()", `${fn}()`));
    }
  });

  it("refuses what is not a result, with a fix", () => {
    const e = caught(() => countTokens(42, { provider: "anthropic" }));
    expect(e.code).toBe("invalid-type");
    expect(e.message).toMatch(/got a number\. Pass the ToolResult/);
  });

  it("counts a key found only on the prototype chain as absent", () => {
    const target = Object.assign(Object.create({ tier: "high-res", teir: "x" }) as object, { provider: "anthropic" }) as BudgetTarget;
    expect(countTokens(ToolResult.ok("", { parts: [pngPart(1920, 1080)] }), target).parts[0].tokens).toBe(1560);
  });

  it("reads each key once, and never writes to or freezes the target", () => {
    let reads = 0;
    const target = { get provider() { reads++; return "anthropic" as const; } };
    countTokens(ToolResult.ok("x"), target);
    expect(reads).toBe(1);
    expect(Object.isFrozen(target)).toBe(false);
  });
});

describe("tokenCounter", () => {
  const counter = tokenCounter({ provider: "anthropic" });

  it("is frozen, and counts as countTokens does", () => {
    expect(Object.isFrozen(counter)).toBe(true);
    expect(counter.output("abcdefgh")).toBe(2);
    expect(counter.part(pngPart(1920, 1080))).toBe(1560);
    expect(counter.part(ContentPart.text("abcde"))).toBe(2);
    expect(tokenCounter({ provider: "anthropic", tier: "high-res" }).part(pngPart(1920, 1080))).toBe(2691);
  });

  it("reads a part given as its JSON shape, and refuses what is neither", () => {
    expect(counter.part({ type: "text", text: "abcdefgh" } as never)).toBe(2);
    expect(caught(() => counter.part(42 as never)).path).toBe("part");
    expect(caught(() => counter.output(42 as never))).toMatchObject({ code: "invalid-type", path: "text" });
  });
});
