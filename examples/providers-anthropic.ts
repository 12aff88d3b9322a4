// Anthropic: a screenshot tool's result goes back to Claude as a `tool_result` block. The image travels as an
// image block; the audio clip cannot (Anthropic has no audio block), so it becomes a placeholder that onLoss
// hears of. The Anthropic SDK sends the block as it is: its fetch is replaced here, so nothing leaves the
// machine.
import assert from "node:assert/strict";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { ContentPart, ContentPartError, ToolResult } from "toolnexus";
import { toAnthropic, type Loss } from "toolnexus/providers";

const media = (file: string) => join(import.meta.dirname, "..", "fixtures", "media", file);
const shot = await ContentPart.image(media("fixture.png"));
const clip = await ContentPart.audio(media("fixture.wav"));
const result = ToolResult.ok("Screenshot taken, with the page's sound", { parts: [shot, clip], metadata: { tookMs: 84 } });

const losses: Loss[] = [];
const block = toAnthropic(result, { toolUseId: "toolu_01", onLoss: (l) => losses.push(l) });
assert.deepEqual(block, {
  type: "tool_result",
  tool_use_id: "toolu_01",
  is_error: false,
  content: [
    { type: "text", text: "Screenshot taken, with the page's sound" },
    { type: "image", source: { type: "base64", media_type: "image/png", data: shot.data } },
    { type: "text", text: "[unsupported audio part (audio/wav, 52 bytes)]" },
  ],
});
assert.equal(losses.length, 1);
assert.equal(losses[0]!.path, "parts[1]");
console.log("ok: the image is an image block; the audio is a placeholder, and onLoss heard:", losses[0]!.reason);
assert.ok(!JSON.stringify(block).includes("tookMs"));
console.log("ok: metadata never reaches the provider");

// The SDK sends the block unchanged.
let sent: { messages: { content: unknown }[] } | undefined;
const client = new Anthropic({
  apiKey: "sk-ant-example",
  fetch: async (_url, init) => {
    sent = JSON.parse(String(init?.body));
    const reply = {
      id: "msg_01",
      type: "message",
      role: "assistant",
      model: "claude-example",
      content: [{ type: "text", text: "A red, green, blue and white square." }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 120, output_tokens: 12 },
    };
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  },
});
const message = await client.messages.create({
  model: "claude-example",
  max_tokens: 256,
  messages: [
    { role: "user", content: "Take a screenshot and describe it." },
    { role: "assistant", content: [{ type: "tool_use", id: "toolu_01", name: "screenshot", input: {} }] },
    { role: "user", content: [block] },
  ],
});
assert.deepEqual(sent?.messages[2]?.content, [block]);
assert.equal(message.content[0]?.type, "text");
console.log("ok: the Anthropic SDK sent the tool_result as built");

// An error result keeps is_error; the strict policy refuses to send a part it would lose.
const failed = toAnthropic(ToolResult.error("Browser crashed"), { toolUseId: "toolu_02" });
assert.deepEqual(failed, { type: "tool_result", tool_use_id: "toolu_02", is_error: true, content: "Browser crashed" });
assert.throws(
  () => toAnthropic(result, { toolUseId: "toolu_01", unsupported: "error" }),
  (e) => e instanceof ContentPartError && e.code === "unsupported" && e.path === "parts[1]",
);
console.log("ok: is_error is carried, and unsupported: \"error\" throws a ContentPartError (code unsupported)");
