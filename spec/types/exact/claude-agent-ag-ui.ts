// Type tests of the AG-UI and Claude Agent SDK hosts, compiled with `exactOptionalPropertyTypes: true`
// (spec/types/exact/tsconfig.json, run by `npm run typecheck`): the SDKs' own values are inputs of the readers,
// and what the writers return is what the SDKs take, without a cast. Every line marked `@ts-expect-error` must
// fail to compile. Nothing here runs.
import type { CanUseTool, PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import { EventType, type Interrupt, type ResumeEntry, type RunFinishedEvent, type ToolCallResultEvent } from "@ag-ui/core";
import type { AbstractAgent } from "@ag-ui/client";
import type { Answer, Request, ToolResult } from "toolnexus";
import { fromAgUiInterrupt, fromAgUiResume, fromClaudeToolPermission, toAgUiInterrupt, toAgUiResume, toAgUiToolCallResult, toClaudePermissionResult } from "toolnexus/providers";

declare function askAPerson(request: Request): Promise<Answer>;

// canUseTool's arguments are fromClaudeToolPermission's, and the PermissionResult is what it resolves to.
export const canUseTool: CanUseTool = async (toolName, input, options) => {
  const request = fromClaudeToolPermission(toolName, input, options);
  const result: PermissionResult = toClaudePermissionResult(await askAPerson(request), request);
  return result;
};

export function claudeRefusals(request: Request, answer: Answer): void {
  // @ts-expect-error: the options are required (the tool use's id is the request's)
  fromClaudeToolPermission("Bash", {});
  // @ts-expect-error: the request answered is required
  toClaudePermissionResult(answer);
  toClaudePermissionResult(answer, request, { onLoss: (loss) => loss.path });
}

// AG-UI: what the client holds is read; what the writers give is what the client and the events take.
export async function agUi(agent: AbstractAgent, result: ToolResult, request: Request, answer: Answer): Promise<void> {
  const pending: Interrupt[] = agent.pendingInterrupts;
  const requests: Request[] = pending.map((i) => fromAgUiInterrupt(i));
  const entry: ResumeEntry = toAgUiResume(answer);
  await agent.runAgent({ resume: [entry] });
  const back: Answer = fromAgUiResume(entry, requests[0] ?? request);
  const interrupt: Interrupt = toAgUiInterrupt(request, { toolCallId: "call-1" });
  const finished: RunFinishedEvent = { type: EventType.RUN_FINISHED, threadId: "t", runId: "r", outcome: { type: "interrupt", interrupts: [interrupt] } };
  const event: ToolCallResultEvent = { ...toAgUiToolCallResult(result, { messageId: "m", toolCallId: "c" }), type: EventType.TOOL_CALL_RESULT };
  // @ts-expect-error: EventType is an enum: the string literal alone is not an AG-UI event type
  const raw: ToolCallResultEvent = toAgUiToolCallResult(result, { messageId: "m", toolCallId: "c" });
  // @ts-expect-error: messageId and toolCallId are required
  toAgUiToolCallResult(result, { toolCallId: "c" });
  void [back, finished, event, raw];
}
