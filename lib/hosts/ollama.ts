/**
 * toolnexus/ollama: the Ollama projection: a `tool` message of Ollama's chat API (`toOllama`), with its types
 * and the shared loss types it uses.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toOllama } from "toolnexus/ollama";
 * ```
 *
 * @module toolnexus/ollama
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toOllama } from "../providers/ollama";
export type { OllamaOptions, OllamaToolMessage } from "../providers/ollama";
