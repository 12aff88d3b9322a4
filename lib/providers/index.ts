/**
 * toolnexus/providers: projections of a `ToolResult` onto each provider's tool-result shape, the
 * suspension bridges, and the host helpers (`toAgentsToolOutput`, `toOpenAIChatMessages`, the A2A events).
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
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "./loss";
export { ANTHROPIC_EMPTY_ERROR, toAnthropic } from "./anthropic";
export type {
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicImageMediaType,
  AnthropicOptions,
  AnthropicTextBlock,
  AnthropicToolResult,
  AnthropicToolResultContent,
} from "./anthropic";
export { toOpenAIChat, toOpenAIChatMessages } from "./openai-chat";
export type {
  OpenAIChatAudioPart,
  OpenAIChatFilePart,
  OpenAIChatImagePart,
  OpenAIChatMessages,
  OpenAIChatMessagesOptions,
  OpenAIChatOptions,
  OpenAIChatTextPart,
  OpenAIChatToolCallResult,
  OpenAIChatToolMessage,
  OpenAIChatToolMessages,
  OpenAIChatUserContent,
  OpenAIChatUserMessage,
} from "./openai-chat";
export { toOpenAIResponses } from "./openai-responses";
export type {
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesInputFile,
  OpenAIResponsesInputImage,
  OpenAIResponsesInputText,
  OpenAIResponsesOptions,
  OpenAIResponsesOutputItem,
} from "./openai-responses";
export { toGemini } from "./gemini";
export type { GeminiFunctionResponse, GeminiFunctionResponsePart, GeminiOptions, GeminiPart } from "./gemini";
export { fromMcp, MCP_ERROR_TEXT, toMcp } from "./mcp";
export type {
  FromMcpOptions,
  McpAudioContent,
  McpCallToolResult,
  McpCallToolResultInput,
  McpContentBlock,
  McpEmbeddedResource,
  McpImageContent,
  McpOptions,
  McpResourceLink,
  McpTextContent,
} from "./mcp";
export { toAiSdk } from "./ai-sdk";
export type { AiSdkContentItem, AiSdkFileItem, AiSdkOptions, AiSdkTextItem, AiSdkToolResultOutput } from "./ai-sdk";
export { fromMcpElicitation, fromMcpElicitResult, toMcpElicitation, toMcpElicitResult } from "./mcp-elicitation";
export type {
  ElicitationOptions,
  McpClientCapabilities,
  McpElicitFormParams,
  McpElicitParams,
  McpElicitParamsInput,
  McpElicitResult,
  McpElicitResultInput,
  McpElicitUrlParams,
  McpElicitValue,
  ToMcpElicitationOptions,
  ToMcpElicitResultOptions,
} from "./mcp-elicitation";
export { fromMcpInputRequired, fromMcpInputResponses, toMcpInputRequired, toMcpInputResponses } from "./mcp-input-required";
export type {
  FromMcpInputRequiredOptions,
  McpInputElicitParams,
  McpInputRequest,
  McpInputRequestInput,
  McpInputRequired,
  McpInputRequiredInput,
  McpInputRequiredResult,
  McpInputResponses,
  McpInputResponsesInput,
  McpInputUrlParams,
  ToMcpInputRequiredOptions,
  ToMcpInputResponsesOptions,
} from "./mcp-input-required";
export type {
  McpBooleanSchema,
  McpElicitationSchema,
  McpMultiSelectEnumSchema,
  McpNumberSchema,
  McpPrimitiveSchemaDefinition,
  McpSingleSelectEnumSchema,
  McpStringSchema,
  McpTitledMultiSelectEnumSchema,
  McpTitledSingleSelectEnumSchema,
} from "./mcp-form-schema";
export { fromAiSdkApprovalRequest, fromAiSdkApprovalResponse, toAiSdkApprovalRequest, toAiSdkApprovalResponse } from "./ai-sdk-approvals";
export type {
  AiSdkApprovalRequestInput,
  AiSdkApprovalResponseInput,
  AiSdkToolApprovalRequest,
  AiSdkToolApprovalRequestOutput,
  AiSdkToolApprovalResponse,
  AiSdkToolCall,
  FromAiSdkApprovalRequestOptions,
  ToAiSdkApprovalRequestOptions,
  ToAiSdkApprovalResponseOptions,
} from "./ai-sdk-approvals";
export { fromAgentsInterruption, toAgentsDecision } from "./agents";
export type { AgentsDecision, AgentsInterruption, AgentsRawToolCall } from "./agents";
export { fromLangChain, LANGCHAIN_ERROR_TEXT, toLangChain } from "./langchain";
export type {
  FromLangChainOptions,
  LangChainArtifact,
  LangChainContentBlock,
  LangChainDataBlock,
  LangChainOptions,
  LangChainTextBlock,
  LangChainToolMessageFields,
  LangChainToolMessageInput,
} from "./langchain";
export { fromLangChainHitlRequest, fromLangGraphInterrupt, fromLangGraphResume, toLangChainHitlResponse, toLangGraphInterrupt, toLangGraphResume } from "./langgraph";
export type {
  LangChainHitlActionRequest,
  LangChainHitlDecision,
  LangChainHitlDecisionType,
  LangChainHitlRequest,
  LangChainHitlResponse,
  LangChainHitlReviewConfig,
  LangGraphInterrupt,
  LangGraphResume,
} from "./langgraph";
export { toAgentsToolOutput } from "./agents-output";
export type {
  AgentsToolOutput,
  AgentsToolOutputFile,
  AgentsToolOutputImage,
  AgentsToolOutputItem,
  AgentsToolOutputOptions,
  AgentsToolOutputText,
} from "./agents-output";
export { fromAgUiInterrupt, fromAgUiResume, toAgUiInterrupt, toAgUiResume, toAgUiToolCallResult } from "./ag-ui";
export type {
  AgUiContentPart,
  AgUiInterrupt,
  AgUiInterruptInput,
  AgUiInterruptOptions,
  AgUiMediaPart,
  AgUiResumeEntry,
  AgUiResumeEntryInput,
  AgUiResumeOptions,
  AgUiSource,
  AgUiTextPart,
  AgUiToolCallResultEvent,
  AgUiToolCallResultOptions,
} from "./ag-ui";
export { fromClaudeToolPermission, toClaudePermissionResult } from "./claude-agent";
export type { ClaudePermissionResult, ClaudePermissionResultOptions, ClaudeToolPermissionOptions } from "./claude-agent";
export { toA2aAnswer, toA2aEvents, toA2aParts } from "./a2a";
export { fromA2a, fromA2aAnswer } from "./a2a-read";
export type {
  A2aAnswerOptions,
  A2aArtifact,
  A2aArtifactUpdate,
  A2aBytes,
  A2aEvent,
  A2aEventsOptions,
  A2aMessage,
  A2aPart,
  A2aPartsOptions,
  A2aRole,
  A2aStatusUpdate,
  A2aTaskStatus,
} from "./a2a";
export type { A2aArtifactInput, A2aMessageInput, A2aPartInput, A2aTaskInput } from "./a2a-read";
