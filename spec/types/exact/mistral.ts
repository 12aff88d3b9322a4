// Type tests of toMistral, compiled with `exactOptionalPropertyTypes: true` (spec/types/exact/tsconfig.json, run
// by `npm run typecheck`, against the built declarations, which import nothing of the SDK): what toMistral
// returns is what `@mistralai/mistralai`'s `ToolMessage` and `chat.complete` take, without a cast. Every line
// marked `@ts-expect-error` must fail to compile. Nothing here runs.
import type { Mistral } from "@mistralai/mistralai";
import type { ChatCompletionRequestMessage, ContentChunk, DocumentURLChunk, ToolMessage } from "@mistralai/mistralai/models/components";
import type { ToolResult } from "toolnexus";
import { toMistral, type MistralContentChunk, type MistralDocumentUrlChunk, type MistralToolMessage } from "toolnexus/mistral";

export async function mistralToolMessage(client: Mistral, result: ToolResult, call: { id: string; name: string }): Promise<void> {
  const message: ToolMessage = toMistral(result, { toolCallId: call.id, name: call.name });
  const unnamed: ToolMessage = toMistral(result, { toolCallId: call.id, unsupported: "omit", onLoss: (loss) => loss.path, maxBytes: 1024 });
  const messages: ChatCompletionRequestMessage[] = [{ role: "user", content: "Weather?" }, message, unnamed];
  await client.chat.complete({ model: "mistral-small-latest", messages: [...messages, toMistral(result, { toolCallId: call.id })] });
  const ours: MistralToolMessage = toMistral(result, { toolCallId: call.id });
  const chunks: ContentChunk[] = typeof ours.content === "string" ? [] : ours.content;
  const chunk: MistralContentChunk = { type: "document_url", documentUrl: "https://example.com/a.pdf", documentName: "a.pdf" };
  const document: DocumentURLChunk = chunk.type === "document_url" ? chunk : { documentUrl: "" };
  void [chunks, document];
}

export function mistralRefusals(result: ToolResult, document: MistralDocumentUrlChunk): void {
  // @ts-expect-error: toolCallId is required (never made up)
  toMistral(result, {});
  // @ts-expect-error: toolCallId is a string
  toMistral(result, { toolCallId: 1 });
  // @ts-expect-error: the SDK type is real: a tool message is not a system message's content
  const wrong: ToolMessage = { role: "system", content: "x" };
  void [wrong, document];
}
