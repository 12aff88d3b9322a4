/**
 * toolnexus/mistral: the Mistral chat completions projection: a `tool` message (`toMistral`), as
 * `@mistralai/mistralai`'s `ToolMessage` takes it, with its types and the shared loss types it uses.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toMistral } from "toolnexus/mistral";
 * ```
 *
 * @module toolnexus/mistral
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toMistral } from "../providers/mistral";
export type { MistralContentChunk, MistralDocumentUrlChunk, MistralImageUrlChunk, MistralOptions, MistralTextChunk, MistralToolMessage } from "../providers/mistral";
