// A result with more parts than a JavaScript call takes arguments (docs/hosts/openai.md,
// "Send a result: Chat Completions": no spread of a large array into a call): every projection gives its shape, never a bare
// RangeError. Not timed: the growth is the bench's row growth-toOpenAIChatMessages-parts.
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult } from "toolnexus";
import { toAgentsToolOutput, toAiSdk, toAnthropic, toGemini, toLangChain, toMcp, toOpenAIChat, toOpenAIChatMessages, toOpenAIResponses } from "toolnexus/providers";

/** More than V8 takes as arguments of one call (about 120,000 on a default stack). */
const N = 200_000;
const image = ContentPart.fromBase64("iVBORw0KGgo=", { mimeType: "image/png" });
const result = ToolResult.ok("charts", { parts: new Array<ContentPart>(N).fill(image) });

describe(`a result of ${N} parts`, () => {
  // OpenAI takes 1500 images a request (docs/budgets.md, "Limits as losses"): the images past it are losses,
  // their placeholders lines of the tool message.
  const IMAGES = 1500;

  it("toOpenAIChatMessages gives the tool messages and one user message of the images OpenAI takes", () => {
    const out = toOpenAIChatMessages([
      { result, toolCallId: "call_1", toolName: "render" },
      { result, toolCallId: "call_2", toolName: "render" },
    ]);
    expect(out.length).toBe(3);
    const user = out[2];
    expect(user.role).toBe("user");
    // Each call's heading, then its images.
    expect(user.content.length).toBe(2 * (IMAGES + 1));
    expect(out[0].content.length).toBe(1 + N - IMAGES);
  });

  it("toOpenAIChat gives the heading and the images OpenAI takes, a placeholder for each other", () => {
    const out = toOpenAIChat(result, { toolCallId: "call_1", toolName: "render" });
    expect(out[1]?.content.length).toBe(IMAGES + 1);
    expect(out[0].content.length).toBe(1 + N - IMAGES);
  });

  it.each([
    ["toAnthropic", () => toAnthropic(result, { toolUseId: "toolu_1" }).content?.length],
    ["toOpenAIResponses", () => (toOpenAIResponses(result, { callId: "call_1" }).output as unknown[]).length],
    ["toGemini", () => toGemini(result, { name: "render" }).functionResponse.parts?.length],
    ["toMcp", () => toMcp(result).content.length],
    ["toAiSdk", () => (toAiSdk(result) as { value: unknown[] }).value.length],
    ["toAgentsToolOutput", () => (toAgentsToolOutput(result) as unknown[]).length],
    ["toLangChain", () => (toLangChain(result, { toolCallId: "call_1" }).content as unknown[]).length],
  ] as const)("%s gives one block per part", (name, run) => {
    // The output's own block, then one per part, a part past the target's limits by its placeholder (Gemini:
    // the media parts alone).
    expect([name, run()]).toEqual([name, name === "toGemini" ? N : N + 1]);
  });
});
