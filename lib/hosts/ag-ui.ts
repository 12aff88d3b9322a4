/**
 * toolnexus/ag-ui: AG-UI: a `TOOL_CALL_RESULT` event (`toAgUiToolCallResult`), interrupts and resumes, with their
 * types and the shared loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toAgUiInterrupt, toAgUiToolCallResult } from "toolnexus/ag-ui";
 * ```
 *
 * @module toolnexus/ag-ui
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { fromAgUiInterrupt, fromAgUiResume, toAgUiInterrupt, toAgUiResume, toAgUiToolCallResult } from "../providers/ag-ui";
export type {
  AgUiContentPart,
  AgUiInterrupt,
  AgUiInterruptInput,
  AgUiInterruptOptions,
  AgUiMediaPart,
  AgUiResumeEntry,
  AgUiResumeEntryInput,
  AgUiResumeOptions,
  AgUiSource,
  AgUiTextPart,
  AgUiToolCallResultEvent,
  AgUiToolCallResultOptions,
} from "../providers/ag-ui";
