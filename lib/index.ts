/**
 * toolnexus: immutable value objects for LLM tool calling.
 *
 * The core: {@link ToolResult} (what a tool returns), {@link ContentPart} (an image, PDF, audio clip or
 * text attached to it), {@link Request} and {@link Answer} (a tool that pauses for a person, and the reply
 * that resumes it), and the errors they throw. It imports no `node:` module statically, so it also runs in
 * browsers and edge runtimes. Provider projections are in `toolnexus/providers`, Jest helpers in
 * `toolnexus/testing`.
 *
 * @example
 * ```ts
 * import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
 *
 * function screenshot(approved: boolean, png: Uint8Array): ToolResult {
 *   if (!approved) return ToolResult.pending(Request.create({ kind: "approval", prompt: "Take a screenshot?" }));
 *   return ToolResult.ok("Captured", { parts: [ContentPart.fromBytes(png, { mimeType: "image/png" })] });
 * }
 *
 * const paused = screenshot(false, new Uint8Array());
 * Answer.accept(paused.pending!).answers(paused.pending!); // true
 * ```
 *
 * @module toolnexus
 */
export { ToolResult } from "./tool-result";
export type { AnyToolResult, MetadataOf, PendingResult, ResultClass } from "./tool-result";
export type { Metadata, PartInput, PartsAndMetadata, ToolResultInit, ToolResultJSON } from "./result-fields";
export type { Recipe } from "./recipe";
export type { TruncateBudget, TruncateTokens } from "./truncate";
export { ContentPart } from "./content-part";
export type { PartClass } from "./content-part";
export type { ImageDimensions } from "./image-size";
export type { BytesSource, ContentPartJSON, PartOptions, PartSource, PartType } from "./part-build";
export { Request, SuspensionRequest } from "./request";
export type { AnyRequest, RequestClass, RequestInit, RequestJSON, RequestKind, RequestOf } from "./request";
export { Answer } from "./answer";
export type { AnswerClass, AnswerInit, AnyAnswer, AnswerJSON, AnswerOf, AnswerReason } from "./answer";
export { ContentPartError, ToolnexusError, ValidationError } from "./errors";
export type { ContentPartErrorCode, SafeResult, ToolnexusErrorCode, ValidationErrorCode } from "./errors";
export { MAX_DEPTH } from "./json-data";
export type { AsJson, DeepReadonly, JsonFields, JsonObject } from "./json-type";
export type { ResultDescription } from "./result-display";
