/**
 * toolnexus/claude-agent: the Claude Agent SDK: a `canUseTool` call as a request (`fromClaudeToolPermission`) and
 * an answer as its permission result (`toClaudePermissionResult`), with their types and the shared loss types they
 * use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { fromClaudeToolPermission, toClaudePermissionResult } from "toolnexus/claude-agent";
 * ```
 *
 * @module toolnexus/claude-agent
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { fromClaudeToolPermission, toClaudePermissionResult } from "../providers/claude-agent";
export type { ClaudePermissionResult, ClaudePermissionResultOptions, ClaudeToolPermissionOptions } from "../providers/claude-agent";
