/**
 * toolnexus/mcp: the Model Context Protocol: tool results both ways (`toMcp`, `fromMcp`), elicitation
 * (`toMcpElicitation`, `fromMcpElicitation`, `toMcpElicitResult`, `fromMcpElicitResult`) and the 2026-07-28
 * `input_required` pause (`toMcpInputRequired`, `fromMcpInputResponses`, `fromMcpInputRequired`,
 * `toMcpInputResponses`), with their types and the shared loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { fromMcp, toMcp, toMcpElicitation } from "toolnexus/mcp";
 * ```
 *
 * @module toolnexus/mcp
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { fromMcp, MCP_ERROR_TEXT, toMcp } from "../providers/mcp";
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
} from "../providers/mcp";
export { fromMcpElicitation, fromMcpElicitResult, toMcpElicitation, toMcpElicitResult } from "../providers/mcp-elicitation";
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
} from "../providers/mcp-elicitation";
export { fromMcpInputRequired, fromMcpInputResponses, toMcpInputRequired, toMcpInputResponses } from "../providers/mcp-input-required";
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
} from "../providers/mcp-input-required";
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
} from "../providers/mcp-form-schema";
