/**
 * toolnexus/openai-agents: the OpenAI Agents SDK: a function tool's structured output (`toAgentsToolOutput`) and
 * the interruption bridge (`fromAgentsInterruption`, `toAgentsDecision`), with their types and the shared loss
 * types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { fromAgentsInterruption, toAgentsDecision, toAgentsToolOutput } from "toolnexus/openai-agents";
 * ```
 *
 * @module toolnexus/openai-agents
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toAgentsToolOutput } from "../providers/agents-output";
export type {
  AgentsToolOutput,
  AgentsToolOutputFile,
  AgentsToolOutputImage,
  AgentsToolOutputItem,
  AgentsToolOutputOptions,
  AgentsToolOutputText,
} from "../providers/agents-output";
export { fromAgentsInterruption, toAgentsDecision } from "../providers/agents";
export type { AgentsDecision, AgentsInterruption, AgentsRawToolCall } from "../providers/agents";
