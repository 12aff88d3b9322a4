// Vercel AI SDK: a tool's `execute` returns a ToolResult, and `toModelOutput` turns it into the SDK's
// tool-result output with `toAiSdk`. A scripted model (the SDK's MockLanguageModelV4) calls the tool, then
// reads what the tool sent back; no network.
import assert from "node:assert/strict";
import { join } from "node:path";
import { generateText, isStepCount, tool, toolModelMessageSchema } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { ContentPart, ToolResult } from "toolnexus";
import { toAiSdk, type Loss } from "toolnexus/providers";

const shot = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"), { name: "home.png" });

// What toAiSdk gives: text without parts, the SDK's current `file` items with parts, error-text on an error.
assert.deepEqual(toAiSdk(ToolResult.ok("3 results")), { type: "text", value: "3 results" });
assert.deepEqual(toAiSdk(ToolResult.ok("Home page", { parts: [shot] })), {
  type: "content",
  value: [
    { type: "text", text: "Home page" },
    { type: "file", data: { type: "data", data: shot.data }, mediaType: "image/png", filename: "home.png" },
  ],
});
const losses: Loss[] = [];
assert.deepEqual(toAiSdk(ToolResult.error("Page timed out", { parts: [shot] }), { onLoss: (l) => losses.push(l) }), {
  type: "error-text",
  value: "Page timed out\n[unsupported image part (image/png, 82 bytes)]",
});
assert.equal(losses[0]?.reason, "the AI SDK's error output is text only");
console.log("ok: text, content with file items, and error-text (an error's media is a named loss)");

// A URL part is a file item holding a URL object, as the SDK's own schema requires.
const linked = toAiSdk(ToolResult.ok("Logo", { parts: [ContentPart.fromUrl("https://example.com/logo.png")] }));
const message = { role: "tool" as const, content: [{ type: "tool-result" as const, toolCallId: "call_1", toolName: "logo", output: linked }] };
assert.deepEqual(toolModelMessageSchema.parse(message), message);
console.log("ok: the SDK's toolModelMessageSchema reads a URL file item unchanged");

// In a loop: the model calls `screenshot`, then answers after reading the tool's output.
const model = new MockLanguageModelV4({
  doGenerate: [
    {
      content: [{ type: "tool-call", toolCallId: "call_1", toolName: "screenshot", input: JSON.stringify({ url: "https://example.com" }) }],
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
      warnings: [],
    },
    {
      content: [{ type: "text", text: "The home page shows a small colour grid." }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: { inputTokens: { total: 20, noCache: 20, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 9, text: 9, reasoning: 0 } },
      warnings: [],
    },
  ],
});
const screenshot = tool({
  description: "Take a screenshot of a page",
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => ToolResult.ok(`Screenshot of ${url}`, { parts: [shot] }),
  toModelOutput: ({ output }) => toAiSdk(output),
});
const answer = await generateText({ model, tools: { screenshot }, stopWhen: isStepCount(2), prompt: "What is on the home page?" });
assert.equal(answer.text, "The home page shows a small colour grid.");
const seen = model.doGenerateCalls[1]!.prompt.find((m) => m.role === "tool");
const part = seen?.role === "tool" ? seen.content.find((c) => c.type === "tool-result") : undefined;
// (The SDK's prompt conversion adds `providerOptions: undefined`; JSON drops it.)
assert.deepEqual(JSON.parse(JSON.stringify(part?.type === "tool-result" ? part.output : null)), {
  type: "content",
  value: [
    { type: "text", text: "Screenshot of https://example.com" },
    { type: "file", data: { type: "data", data: shot.data }, mediaType: "image/png", filename: "home.png" },
  ],
});
console.log("ok: the model's second call saw the screenshot as a file item, and answered:", JSON.stringify(answer.text));
