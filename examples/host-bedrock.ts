// Use it with Amazon Bedrock's Converse API: `toBedrock(result, { toolUseId, model })` is the `toolResult` block
// of the next `user` message, and `fromBedrock` reads a stored block back. The client's `requestHandler` answers
// offline here: it captures the request body and returns the block as the model's message.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Readable } from "node:stream";
import { BedrockRuntimeClient, ConverseCommand } from "@aws-sdk/client-bedrock-runtime";
import { ContentPart, ToolResult } from "toolnexus";
import { fromBedrock, toBedrock, type Loss } from "toolnexus/bedrock";

// The SDK warns once on Node before 22; its own switch keeps this example's output quiet.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

let sentBody: { messages: { content: unknown[] }[] } | undefined;
const client = new BedrockRuntimeClient({
  region: "us-east-1",
  credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "offline" },
  requestHandler: {
    handle: async (request: { body?: unknown }) => {
      const body = request.body;
      sentBody = JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(body as Uint8Array)) as typeof sentBody;
      const reply = { output: { message: { role: "assistant", content: sentBody!.messages[0]!.content } }, stopReason: "end_turn", usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, metrics: { latencyMs: 1 } };
      return { response: { statusCode: 200, headers: { "content-type": "application/json" }, body: Readable.from([Buffer.from(JSON.stringify(reply))]) } };
    },
  },
});

// 1. A screenshot tool's result, with a report and a clip it cannot carry (audio).
const shot = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"));
const report = ContentPart.fromBytes(new TextEncoder().encode("# Q3\nall good\n"), { mimeType: "text/markdown", name: "Q3 report.md" });
const clip = ContentPart.fromBase64("UklGRiQAAABXQVZF", { mimeType: "audio/wav", verifyMime: false });
const result = ToolResult.ok("Captured the dashboard.", { parts: [shot, report, clip] });

const losses: Loss[] = [];
const modelId = "us.anthropic.claude-sonnet-4-20250514-v1:0";
const block = toBedrock(result, { toolUseId: "tooluse_01", model: modelId, onLoss: (l) => losses.push(l) });
await client.send(new ConverseCommand({ modelId, messages: [{ role: "user", content: [block] }] }));

// 2. What went out: the bytes as base64 (the SDK encodes the Uint8Array), the name as Bedrock allows it.
const sent = sentBody!.messages[0]!.content[0] as { toolResult: { content: Record<string, unknown>[]; status: string } };
assert.equal(sent.toolResult.status, "success");
assert.deepEqual(sent.toolResult.content[2], { document: { format: "md", name: "Q3 report md", source: { bytes: report.data } } });
assert.deepEqual(sent.toolResult.content[3], { text: "[unsupported audio part (audio/wav, 12 bytes)]" });
console.log(losses.map((l) => `${l.path}: ${l.reason}`).join("\n"));

// 3. A model that takes no image in a tool result: no status, the image a loss.
const llama = toBedrock(result, { toolUseId: "tooluse_01", model: "meta.llama3-70b-instruct-v1:0" });
assert.equal(llama.toolResult.status, undefined);

// 4. A history stored with JSON.stringify reads back: the bytes as the parts they were.
const stored = JSON.parse(JSON.stringify([{ role: "user", content: [block] }])) as { content: Parameters<typeof fromBedrock>[0][] }[];
const back = fromBedrock(stored[0]!.content[0]!);
assert.equal(back.parts?.[0]?.data, shot.data);
assert.equal(back.parts?.[1]?.name, "Q3 report md");
console.log(back.output);
