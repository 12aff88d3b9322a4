/**
 * toolnexus/bedrock: the Amazon Bedrock Converse API projection, both ways: a `ToolResult` to a `{ toolResult }`
 * content block (`toBedrock`) and back (`fromBedrock`), with their types and the shared loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { fromBedrock, toBedrock } from "toolnexus/bedrock";
 * ```
 *
 * @module toolnexus/bedrock
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toBedrock } from "../providers/bedrock";
export type {
  BedrockDocumentBlock,
  BedrockDocumentFormat,
  BedrockImageBlock,
  BedrockImageFormat,
  BedrockOptions,
  BedrockTextBlock,
  BedrockToolResult,
  BedrockToolResultBlock,
  BedrockToolResultContent,
  BedrockVideoBlock,
  BedrockVideoFormat,
} from "../providers/bedrock";
export { fromBedrock } from "../providers/bedrock-read";
export type { BedrockToolResultInput, FromBedrockOptions } from "../providers/bedrock-read";
