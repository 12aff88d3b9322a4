/**
 * toolnexus: immutable value objects for LLM tool calling.
 *
 * @example
 * ```ts
 * import { ToolResult, ContentPart, Request, Answer } from "toolnexus";
 * ```
 *
 * @module
 */
export { ToolResult } from "./tool-result";
export type {
  DeepReadonly,
  InstanceOf,
  Metadata,
  MetadataOf,
  PartInput,
  PartsAndMetadata,
  Recipe,
  ResultClass,
  ToolResultInit,
  ToolResultJSON,
  TruncateBudget,
} from "./tool-result";
export { ContentPart } from "./content-part";
export type { BytesSource, ContentPartJSON, PartOptions, PartSource, PartType } from "./content-part";
export { Answer, Request, SuspensionRequest } from "./suspension";
export type { AnswerInit, AnswerJSON, AnswerReason, JsonObject, RequestInit, RequestJSON, RequestKind } from "./suspension";
export { ContentPartError, ToolnexusError, ValidationError } from "./errors";
export type { ContentPartErrorCode, SafeResult, ToolnexusErrorCode, ValidationErrorCode } from "./errors";
export { MAX_DEPTH } from "./json-data";
