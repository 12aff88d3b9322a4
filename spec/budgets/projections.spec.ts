// The limits as losses in the projections (law 1 of the host kit; docs/budgets.md, "Limits as losses"): each
// projection hands partLimits' verdicts to the one loss mechanism, so a loss's reason and placeholder are the
// verdict's, word for word; the options that select the limits (toAnthropic's platform and model,
// toGemini's model); and the request limits the fixture rows cannot hold (OpenAI's 1500 images).
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult, ValidationError } from "toolnexus";
import { partLimits, type BudgetTarget } from "toolnexus/budgets";
import { toAnthropic, toGemini, toOpenAIChat, toOpenAIResponses, type Loss } from "toolnexus/providers";
import { pngPart } from "./support";

const heard = () => {
  const losses: Loss[] = [];
  return { losses, onLoss: (l: Loss) => void losses.push(l) };
};

describe("every projection words a limit's loss as partLimits does", () => {
  const parts = [pngPart(9000, 400), ContentPart.text("note"), pngPart(640, 480)];
  const r = ToolResult.ok("Pages", { parts });
  const rows: [string, BudgetTarget, (onLoss: (l: Loss) => void) => unknown][] = [
    ["toAnthropic", { provider: "anthropic" }, (onLoss) => toAnthropic(r, { toolUseId: "toolu_1", onLoss })],
    ["toAnthropic on Bedrock", { provider: "anthropic", platform: "bedrock" }, (onLoss) => toAnthropic(r, { toolUseId: "toolu_1", platform: "bedrock", onLoss })],
    ["toGemini of gemini-2.5-pro", { provider: "gemini", model: "gemini-2.5-pro" }, (onLoss) => toGemini(r, { name: "render", model: "gemini-2.5-pro", onLoss })],
  ];
  it.each(rows)("%s", (_, target, project) => {
    const { losses, onLoss } = heard();
    project(onLoss);
    const verdicts = partLimits(target, parts);
    expect(verdicts.length).toBeGreaterThan(0);
    expect(losses.map((l) => [l.path, l.reason, l.placeholder])).toEqual(verdicts.map((v) => [`parts[${v.index}]`, v.reason, v.placeholder]));
    expect(losses.every((l) => l.part === parts[Number(/\d+/.exec(l.path)![0])])).toBe(true);
  });
});

describe("toAnthropic's limits follow platform and model", () => {
  const many = (n: number) => ToolResult.ok("Frames", { parts: Array.from({ length: n }, () => pngPart(100, 100)) });

  it("a 200k-context model takes 100 images a request: the 101st is a loss; a model of a larger context takes 600", () => {
    const { losses, onLoss } = heard();
    toAnthropic(many(101), { toolUseId: "toolu_1", onLoss, model: "claude-sonnet-4-5" });
    expect(losses.map((l) => [l.path, l.reason])).toEqual([["parts[100]", "it would be image 101 of the request, over Anthropic's 100 image limit per request"]]);
    const larger = heard();
    const block = toAnthropic(many(101), { toolUseId: "toolu_1", onLoss: larger.onLoss, model: "claude-opus-4-7" });
    expect(larger.losses).toEqual([]);
    expect(block.content).toHaveLength(102);
  });

  it("the same model given on every call gives deep-equal values (law 5), whichever platform", () => {
    const r = ToolResult.ok("x", { parts: [pngPart(9000, 10)] });
    for (const platform of ["api", "bedrock", "vertex"] as const) {
      expect(toAnthropic(r, { toolUseId: "t", platform, model: "claude-opus-4-7" })).toEqual(toAnthropic(r, { toolUseId: "t", platform, model: "claude-opus-4-7" }));
    }
  });

  it("refuses a platform and a model that are not strings of its kind, with or without parts", () => {
    for (const r of [ToolResult.ok("x"), ToolResult.ok("x", { parts: [pngPart(1, 1)] })]) {
      expect(() => toAnthropic(r, { toolUseId: "t", platform: "Bedrock" as never })).toThrow(ValidationError);
      expect(() => toAnthropic(r, { toolUseId: "t", platform: 1 as never })).toThrow(/takes platform "api", "bedrock" or "vertex", got a number at platform/);
      expect(() => toAnthropic(r, { toolUseId: "t", model: 4 as never })).toThrow(/model must be a string, got a number/);
    }
  });

  it("a platform found only on the prototype chain is no option", () => {
    const options = Object.create({ platform: "bedrock" }) as { toolUseId: string };
    options.toolUseId = "t";
    const r = ToolResult.ok("x", { parts: [pngPart(1, 1, 4.5 * 1024 * 1024)] }); // 6 MB of base64: over Bedrock's 5 MB, within the API's 10
    const { losses, onLoss } = heard();
    toAnthropic(r, { ...options, onLoss });
    expect(losses).toEqual([]);
    toAnthropic(r, { toolUseId: "t", platform: "bedrock", onLoss });
    expect(losses).toHaveLength(1);
  });
});

describe("toGemini's model", () => {
  it("without a model, media is carried as before; with a Gemini 3 model too; before 3, it is a loss", () => {
    const r = ToolResult.ok("Chart", { parts: [pngPart(800, 600)] });
    expect(toGemini(r, { name: "f" }).functionResponse.parts).toHaveLength(1);
    expect(toGemini(r, { name: "f", model: "gemini-3-flash" }).functionResponse.parts).toHaveLength(1);
    const out = toGemini(r, { name: "f", model: "gemini-2.0-flash", unsupported: "omit" });
    expect(out.functionResponse.parts).toBeUndefined();
    expect(out.functionResponse.response).toEqual({ output: "Chart" });
  });
});

describe("OpenAI's request limits", () => {
  const r = ToolResult.ok("Tiles", { parts: Array.from({ length: 1501 }, () => pngPart(10, 10)) });
  const reason = "it would be image 1501 of the request, over OpenAI's 1500 image limit per request";

  it("toOpenAIResponses: the 1501st image is a loss", () => {
    const { losses, onLoss } = heard();
    const item = toOpenAIResponses(r, { callId: "call_1", onLoss, unsupported: "omit" });
    expect(losses.map((l) => [l.path, l.reason])).toEqual([["parts[1500]", reason]]);
    expect(item.output).toHaveLength(1 + 1500);
  });

  it("toOpenAIChat: the 1501st image of the user message is a loss, its placeholder in the tool message", () => {
    const { losses, onLoss } = heard();
    const [tool, user] = toOpenAIChat(r, { toolCallId: "call_1", toolName: "tiles", onLoss });
    expect(losses.map((l) => [l.path, l.reason])).toEqual([["parts[1500]", reason]]);
    expect(user?.content).toHaveLength(1 + 1500);
    expect(tool.content).toEqual([
      { type: "text", text: "Tiles" },
      { type: "text", text: "[unsupported image part (image/png, 33 bytes): over OpenAI's 1500 image limit per request]" },
    ]);
  });
});
