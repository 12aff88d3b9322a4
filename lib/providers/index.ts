/**
 * toolnexus/providers: projections of a `ToolResult` onto each provider's tool-result shape, the
 * suspension bridges, and the host helpers (`toAgentsToolOutput`, `toOpenAIChatMessages`, the A2A events).
 *
 * It re-exports every host's entry (`toolnexus/anthropic`, `toolnexus/openai`, `toolnexus/mcp`, ...), so an
 * import from either gives the same functions (`===`); a host's entry alone loads only that host's code.
 *
 * Every projection is a pure function returning this package's own structural types, which the providers'
 * SDK types accept; none imports a provider SDK. Each takes the options `unsupported`, `onLoss` and
 * `maxBytes`: a part a provider cannot carry is never dropped silently.
 *
 * @example
 * ```ts
 * import { toAnthropic, toOpenAIChat, toMcp, fromMcp } from "toolnexus/providers";
 * ```
 *
 * @module toolnexus/providers
 */
export * from "../hosts/anthropic";
export * from "../hosts/openai";
export * from "../hosts/gemini";
export * from "../hosts/mcp";
export * from "../hosts/ai-sdk";
export * from "../hosts/openai-agents";
export * from "../hosts/langchain";
export * from "../hosts/ag-ui";
export * from "../hosts/claude-agent";
export * from "../hosts/a2a";
export * from "../hosts/mistral";
export * from "../hosts/bedrock";
export * from "../hosts/ollama";
export * from "../hosts/cohere";
