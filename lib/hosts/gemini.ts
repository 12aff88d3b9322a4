/**
 * toolnexus/gemini: the Gemini projection: a `functionResponse` part (`toGemini`), with their types and the shared
 * loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toGemini } from "toolnexus/gemini";
 * ```
 *
 * @module toolnexus/gemini
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toGemini } from "../providers/gemini";
export type { GeminiFunctionResponse, GeminiFunctionResponsePart, GeminiOptions, GeminiPart } from "../providers/gemini";
