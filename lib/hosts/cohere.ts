/**
 * toolnexus/cohere: the Cohere projection: a v2 `tool` message (`toCohere`), with its types and the shared
 * loss types it uses.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toCohere } from "toolnexus/cohere";
 * ```
 *
 * @module toolnexus/cohere
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toCohere } from "../providers/cohere";
export type { CohereOptions, CohereTextContent, CohereToolMessage } from "../providers/cohere";
