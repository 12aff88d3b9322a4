// Type tests compiled with `exactOptionalPropertyTypes: true` (spec/types/exact/tsconfig.json, run by
// `npm run typecheck`) against the published declarations: what toOllama and toCohere return is a message of
// each SDK's own type, without a cast, and the options refuse what the SDKs would. Every line marked
// `@ts-expect-error` must fail to compile (an unused marker is itself an error). Nothing here runs.
import type { Cohere, CohereClientV2 } from "cohere-ai";
import type { ChatRequest, Message, Ollama } from "ollama";
import type { ToolResult } from "toolnexus";
import { toCohere, type CohereToolMessage } from "toolnexus/cohere";
import { toOllama, type OllamaToolMessage } from "toolnexus/ollama";

export async function ollamaChat(ollama: Ollama, result: ToolResult, history: Message[]): Promise<void> {
  const message: Message = toOllama(result, { toolName: "get_weather" });
  const request: ChatRequest = { model: "llama3.2-vision", messages: [...history, message, toOllama(result)] };
  await ollama.chat({ ...request, stream: false });
  const ours: OllamaToolMessage = toOllama(result, { toolName: "get_weather", toolCallId: "call_1", unsupported: "omit" });
  history.push(ours);
  // @ts-expect-error: toolCallId is a string
  toOllama(result, { toolCallId: 7 });
}

export async function cohereChat(cohere: CohereClientV2, result: ToolResult, callId: string): Promise<void> {
  const message: Cohere.ChatMessageV2 = toCohere(result, { toolCallId: callId });
  const tool: Cohere.ToolMessageV2 = toCohere(result, { toolCallId: callId });
  await cohere.chat({ model: "command-a-03-2025", messages: [{ role: "user", content: "Weather?" }, message] });
  const ours: CohereToolMessage = toCohere(result, { toolCallId: tool.toolCallId, maxBytes: 1024 });
  const back: Cohere.ChatMessageV2 = ours;
  void back;
  // @ts-expect-error: toolCallId is required
  toCohere(result, {});
  // @ts-expect-error: a ToolMessageV2 has no images
  const images = toCohere(result, { toolCallId: callId }).images;
  void images;
}
