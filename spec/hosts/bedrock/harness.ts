// The Bedrock SDK, offline: a BedrockRuntimeClient whose `requestHandler` captures the ConverseCommand's request
// and answers with a response whose message holds the same content block, which the SDK then parses.
//
// The SDK warns once per process on Node before 22 (NodeVersionSupportWarning, from @aws-sdk/core's
// emitWarningIfUnsupportedVersion, when a client is made). Its own documented switch,
// AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true, keeps the test output quiet; it is set here, before the
// first client is made, so that no jest setup or CI variable is needed.
import { Readable } from "node:stream";
import { BedrockRuntimeClient, ConverseCommand, type ContentBlock } from "@aws-sdk/client-bedrock-runtime";
import type { BedrockToolResultBlock } from "toolnexus/bedrock";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

/** What one Converse call sent (the content block, from the JSON body) and what the SDK parsed back. */
export interface Converse {
  readonly sent: unknown;
  readonly parsed: ContentBlock.ToolResultMember;
}

/** Sends `block` in a `user` message of a ConverseCommand, offline: the body as sent, and the block as the SDK parses it. */
export async function converse(block: BedrockToolResultBlock): Promise<Converse> {
  let sent: unknown;
  const client = new BedrockRuntimeClient({
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    requestHandler: {
      handle: async (request: { body?: unknown }) => {
        const body = JSON.parse(typeof request.body === "string" ? request.body : new TextDecoder().decode(request.body as Uint8Array)) as { messages: { content: unknown[] }[] };
        sent = body.messages[0]!.content[0];
        const response = { output: { message: { role: "assistant", content: [sent] } }, stopReason: "end_turn", usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, metrics: { latencyMs: 1 } };
        return { response: { statusCode: 200, headers: { "content-type": "application/json" }, body: Readable.from([Buffer.from(JSON.stringify(response))]) } };
      },
    },
  });
  // The SDK's own type takes the block as it is (no cast): its ContentBlock union accepts our shape.
  const out = await client.send(new ConverseCommand({ modelId: "anthropic.claude-sonnet-4-20250514-v1:0", messages: [{ role: "user", content: [block] }] }));
  const parsed = out.output?.message?.content?.[0];
  if (parsed === undefined || !("toolResult" in parsed) || parsed.toolResult === undefined) throw new Error("the SDK parsed no toolResult");
  return { sent, parsed: parsed as ContentBlock.ToolResultMember };
}
