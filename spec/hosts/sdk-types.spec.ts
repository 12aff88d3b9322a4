// Compile-time checks of the provider projections against the providers' own SDK types. This file is
// type-checked by the `src` project (ts-jest with diagnostics on): every assignment below must compile
// without a cast, and every line marked `@ts-expect-error` must fail to compile (an unused marker is itself
// an error). The published declarations import none of these SDKs; only this spec does.
import type { ImageBlockParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { ToolResultOutput } from "@ai-sdk/provider-utils";
import { describe, expect, it } from "@jest/globals";
import type { FunctionResponse, FunctionResponsePart, Part } from "@google/genai";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import type { ChatCompletionMessageParam, ChatCompletionToolMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { Cohere } from "cohere-ai";
import type { ChatRequest, Message as OllamaMessage } from "ollama";
import { ContentPart, ToolResult } from "toolnexus";
import { toCohere, type CohereToolMessage } from "toolnexus/cohere";
import { toOllama, type OllamaToolMessage } from "toolnexus/ollama";
import {
  fromMcp,
  toAiSdk,
  toAnthropic,
  toGemini,
  toMcp,
  toOpenAIChat,
  toOpenAIResponses,
  type AnthropicToolResult,
  type McpCallToolResult,
  type McpContentBlock,
} from "toolnexus/providers";

const result = ToolResult.ok("see attached", {
  parts: [
    ContentPart.fromBase64("iVBORw0KGgoAAAANSUhEUg==", { mimeType: "image/png", verifyMime: false }),
    ContentPart.fromUrl("https://example.com/spec.pdf"),
  ],
});

describe("the projections' return types are accepted by the providers' SDK types, without casts", () => {
  it("Anthropic: ToolResultBlockParam", () => {
    const block: ToolResultBlockParam = toAnthropic(result, { toolUseId: "toolu_1" });
    expect(block.type).toBe("tool_result");
    // The SDK type is real, not `any`: an OpenAI item is refused.
    // @ts-expect-error: a function_call_output is not a tool_result block
    const wrong: ToolResultBlockParam = toOpenAIResponses(result, { callId: "call_1" });
    expect(wrong.type).toBe("function_call_output");
    // Why our image media type is a closed union: a plain string is refused by the SDK.
    const widened = { type: "image" as const, source: { type: "base64" as const, media_type: "image/png" as string, data: "" } };
    // @ts-expect-error: media_type must be one of Anthropic's four image types
    const image: ImageBlockParam = widened;
    expect(image.type).toBe("image");
    // @ts-expect-error: toolUseId is required
    expect(() => toAnthropic(result)).toThrow();
    // @ts-expect-error: toolUseId is a string
    expect(() => toAnthropic(result, { toolUseId: 1 })).toThrow();
  });

  it("OpenAI Chat: ChatCompletionMessageParam[]", () => {
    const messages: ChatCompletionMessageParam[] = toOpenAIChat(result, { toolCallId: "call_1", toolName: "render" });
    const [tool] = toOpenAIChat(result, { toolCallId: "call_1", toolName: "render" });
    const toolMessage: ChatCompletionToolMessageParam = tool;
    expect(toolMessage.role).toBe("tool");
    expect(messages).toHaveLength(2);
    const both = toOpenAIChat(result, { toolCallId: "call_1", toolName: "render" });
    // @ts-expect-error: the second message, when there is one, is a user message, not a tool message
    const notTool: ChatCompletionToolMessageParam | undefined = both[1];
    expect(notTool?.role).toBe("user");
    // @ts-expect-error: toolName is required
    expect(() => toOpenAIChat(result, { toolCallId: "call_1" })).toThrow();
  });

  it("OpenAI Responses: ResponseInputItem", () => {
    const item: ResponseInputItem = toOpenAIResponses(result, { callId: "call_1" });
    const input: ResponseInputItem[] = [{ role: "user", content: "go" }, item];
    expect(input).toHaveLength(2);
    // @ts-expect-error: the SDK type is real: a tool_result block is not an input item
    const wrong: ResponseInputItem = toAnthropic(result, { toolUseId: "toolu_1" });
    expect(wrong.type).toBe("tool_result");
  });

  it("Gemini: Part and FunctionResponse", () => {
    const part: Part = toGemini(result, { name: "render", id: "call_1" });
    const response: FunctionResponse = toGemini(result, { name: "render" }).functionResponse;
    const media: FunctionResponsePart[] = toGemini(result, { name: "render" }).functionResponse.parts ?? [];
    expect(part.functionResponse?.name).toBe("render");
    expect(response.response).toEqual({ output: "see attached" });
    expect(media).toHaveLength(2);
    // @ts-expect-error: the SDK type is real: a function response's `response` is an object, not text
    const wrong: Part = { functionResponse: { name: "render", response: "see attached" } };
    expect(wrong).toBeDefined();
  });

  it("MCP: CallToolResult both ways", () => {
    const out: CallToolResult = toMcp(result, { meta: true });
    const blocks: ContentBlock[] = toMcp(result).content;
    expect(blocks).toHaveLength(3);
    // The SDK's own CallToolResult is what fromMcp reads.
    const back: ToolResult = fromMcp(out);
    expect(back.isError).toBe(false);
    // Why our content list is mutable: the SDK's type refuses a readonly array.
    const frozen: readonly McpContentBlock[] = [];
    // @ts-expect-error: a readonly array is not a CallToolResult's content
    const ro: CallToolResult = { content: frozen };
    expect(ro).toBeDefined();
    // @ts-expect-error: the SDK type is real: a resource_link needs a name, which toMcp always gives
    const noName: ContentBlock = { type: "resource_link", uri: "https://example.com/a.pdf" };
    expect(noName).toBeDefined();
    // @ts-expect-error: meta is a boolean
    expect(() => toMcp(result, { meta: "yes" })).toThrow();
    const ours: McpCallToolResult = toMcp(result, { meta: true });
    const sdk: CallToolResult = ours;
    expect(sdk.isError).toBe(false);
  });

  it("AI SDK: ToolResultOutput", () => {
    const output: ToolResultOutput = toAiSdk(result);
    const error: ToolResultOutput = toAiSdk(ToolResult.error("failed"));
    expect(output.type).toBe("content");
    expect(error.type).toBe("error-text");
    // @ts-expect-error: the SDK type is real: an Anthropic block is not a tool-result output
    const wrong: ToolResultOutput = toAnthropic(result, { toolUseId: "toolu_1" });
    expect(wrong.type).toBe("tool_result");
  });

  it("Ollama: Message and ChatRequest's messages", () => {
    const message: OllamaMessage = toOllama(result, { toolName: "render", toolCallId: "call_1" });
    const request: ChatRequest = { model: "llama3.2-vision", messages: [{ role: "user", content: "go" }, toOllama(result)] };
    expect(message.role).toBe("tool");
    expect(request.messages).toHaveLength(2);
    // The SDK type is real: its images are strings or bytes, never a list of objects.
    // @ts-expect-error: an Anthropic block is not an Ollama message
    const wrong: OllamaMessage = toAnthropic(result, { toolUseId: "toolu_1" });
    expect(wrong).toBeDefined();
    // Why our message is mutable: the client writes into it, and its type refuses a readonly images list.
    const frozen: { role: "tool"; content: string; readonly images: readonly string[] } = { role: "tool", content: "", images: [] };
    // @ts-expect-error: a readonly images list is not a Message's
    const ro: OllamaMessage = frozen;
    expect(ro).toBeDefined();
    const ours: OllamaToolMessage = toOllama(result);
    const sdk: OllamaMessage = ours;
    expect(sdk.images).toEqual(["iVBORw0KGgoAAAANSUhEUg=="]);
    // @ts-expect-error: toolName is a string
    expect(() => toOllama(result, { toolName: 1 })).toThrow();
  });

  it("Cohere: ChatMessageV2 and ToolMessageV2", () => {
    const message: Cohere.ChatMessageV2 = toCohere(result, { toolCallId: "call_1" });
    const tool: Cohere.ToolMessageV2 = toCohere(result, { toolCallId: "call_1" });
    const content: Cohere.ToolMessageV2Content = toCohere(result, { toolCallId: "call_1" }).content;
    expect(message.role).toBe("tool");
    expect(tool.toolCallId).toBe("call_1");
    expect(Array.isArray(content)).toBe(true);
    // @ts-expect-error: the SDK type is real: a tool message needs its toolCallId
    const noId: Cohere.ChatMessageV2 = { role: "tool", content: "x" };
    expect(noId).toBeDefined();
    // @ts-expect-error: toolCallId is required
    expect(() => toCohere(result)).toThrow();
    const ours: CohereToolMessage = toCohere(result, { toolCallId: "call_1" });
    const sdk: Cohere.ChatMessageV2 = ours;
    expect(sdk.role).toBe("tool");
  });

  it("Anthropic's type is ours: a closed image type, never a widened string", () => {
    const block: AnthropicToolResult = toAnthropic(result, { toolUseId: "toolu_1" });
    const content = Array.isArray(block.content) ? block.content : [];
    for (const b of content) {
      if (b.type === "image" && b.source.type === "base64") {
        const mt: "image/jpeg" | "image/png" | "image/gif" | "image/webp" = b.source.media_type;
        expect(mt).toBe("image/png");
      }
    }
  });
});
