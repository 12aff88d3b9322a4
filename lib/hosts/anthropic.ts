/**
 * toolnexus/anthropic: the Anthropic Messages API projection: a `tool_result` content block (`toAnthropic`), with
 * their types and the shared loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toAnthropic } from "toolnexus/anthropic";
 * ```
 *
 * @module toolnexus/anthropic
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { ANTHROPIC_EMPTY_ERROR, toAnthropic } from "../providers/anthropic";
export type {
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicImageMediaType,
  AnthropicOptions,
  AnthropicTextBlock,
  AnthropicToolResult,
  AnthropicToolResultContent,
} from "../providers/anthropic";
