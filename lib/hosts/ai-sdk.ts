/**
 * toolnexus/ai-sdk: the Vercel AI SDK: a tool result's `output` (`toAiSdk`) and tool approvals both ways
 * (`toAiSdkApprovalRequest`, `fromAiSdkApprovalRequest`, `toAiSdkApprovalResponse`, `fromAiSdkApprovalResponse`),
 * with their types and the shared loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toAiSdk, toAiSdkApprovalRequest } from "toolnexus/ai-sdk";
 * ```
 *
 * @module toolnexus/ai-sdk
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toAiSdk } from "../providers/ai-sdk";
export type { AiSdkContentItem, AiSdkFileItem, AiSdkOptions, AiSdkTextItem, AiSdkToolResultOutput } from "../providers/ai-sdk";
export { fromAiSdkApprovalRequest, fromAiSdkApprovalResponse, toAiSdkApprovalRequest, toAiSdkApprovalResponse } from "../providers/ai-sdk-approvals";
export type {
  AiSdkApprovalRequestInput,
  AiSdkApprovalResponseInput,
  AiSdkToolApprovalRequest,
  AiSdkToolApprovalRequestOutput,
  AiSdkToolApprovalResponse,
  AiSdkToolCall,
  FromAiSdkApprovalRequestOptions,
  ToAiSdkApprovalRequestOptions,
  ToAiSdkApprovalResponseOptions,
} from "../providers/ai-sdk-approvals";
