/**
 * toolnexus/a2a: the Agent2Agent protocol: parts and task events (`toA2aParts`, `toA2aEvents`, `toA2aAnswer`) and
 * reading them back (`fromA2a`, `fromA2aAnswer`), with their types and the shared loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { fromA2a, toA2aEvents, toA2aParts } from "toolnexus/a2a";
 * ```
 *
 * @module toolnexus/a2a
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toA2aAnswer, toA2aEvents, toA2aParts } from "../providers/a2a";
export type {
  A2aAnswerOptions,
  A2aArtifact,
  A2aArtifactUpdate,
  A2aBytes,
  A2aEvent,
  A2aEventsOptions,
  A2aMessage,
  A2aPart,
  A2aPartsOptions,
  A2aRole,
  A2aStatusUpdate,
  A2aTaskStatus,
} from "../providers/a2a";
export { fromA2a, fromA2aAnswer } from "../providers/a2a-read";
export type { A2aArtifactInput, A2aMessageInput, A2aPartInput, A2aTaskInput } from "../providers/a2a-read";
