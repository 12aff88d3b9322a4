// Use it with the Vercel AI SDK: a `generateText` loop whose tool needs approval. The SDK pauses the run; the
// host keeps the pause as a pending ToolResult (JSON, in a store) with the conversation so far; the person's
// Answer arrives later (as JSON, from a UI); the host sends it back as the SDK's approval response, and the
// SDK calls the tool, which receives the Answer. A scripted model (the SDK's MockLanguageModelV4); no network.
import assert from "node:assert/strict";
import { generateText, tool, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { Answer, ToolResult } from "toolnexus";
import { fromAiSdkApprovalRequest, toAiSdk, toAiSdkApprovalResponse } from "toolnexus/providers";

// The tool: it deletes a branch, only with a person's approval.
function deleteBranch(branch: string, answer: Answer | undefined): ToolResult {
  if (answer === undefined) return ToolResult.error(`Deleting ${branch} needs an approval`);
  if (!answer.ok) return ToolResult.error(`Not deleted: ${answer.reason}`);
  return ToolResult.ok(`Deleted ${branch}`);
}

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const model = new MockLanguageModelV4({
  doGenerate: [
    {
      content: [{ type: "tool-call", toolCallId: "call-1", toolName: "deleteBranch", input: JSON.stringify({ branch: "old-ui" }) }],
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
      usage,
      warnings: [],
    },
    { content: [{ type: "text", text: "The branch old-ui is gone." }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] },
  ],
});

// Answers that arrived, by the tool call they approve; the tool reads its answer from here.
const answers = new Map<string, Answer>();
const tools = {
  deleteBranch: tool({
    description: "Deletes a git branch",
    inputSchema: z.object({ branch: z.string() }),
    needsApproval: true,
    execute: async ({ branch }, { toolCallId }) => deleteBranch(branch, answers.get(toolCallId)),
    toModelOutput: ({ output }) => toAiSdk(output),
  }),
};

// The store a durable host would use: pending results and the conversation, as JSON, by request id.
const store = new Map<string, string>();

// 1. The run pauses: the SDK asks for approval. Keep it as a pending ToolResult, with the messages so far.
const prompt: ModelMessage[] = [{ role: "user", content: "Delete the old-ui branch" }];
const first = await generateText({ model, tools, messages: prompt });
const approval = first.content.find((p) => p.type === "tool-approval-request");
assert.ok(approval !== undefined);
const paused = ToolResult.pending(fromAiSdkApprovalRequest(approval));
const request = paused.pending;
store.set(request.id, JSON.stringify({ result: paused, messages: [...prompt, ...first.response.messages] }));
console.log("ok: the run paused for approval:", JSON.stringify(request.prompt));

// 2. Later (another request, another process): the person's answer arrives as JSON from the approval UI.
const arrived = Answer.fromJSON(JSON.parse(JSON.stringify(Answer.accept(request))));

// 3. The host reads the kept result and the conversation back, and checks the answer is for that request.
const kept: { result: unknown; messages: ModelMessage[] } = JSON.parse(store.get(arrived.id) ?? "null");
const pending = ToolResult.fromJSON(kept.result).pending;
assert.ok(pending !== undefined && arrived.answers(pending));
const toolCallId = pending.data?.toolCallId;
assert.ok(typeof toolCallId === "string");
answers.set(toolCallId, arrived);

// 4. The approval response goes back to the SDK, which calls the tool; the tool receives the Answer.
const second = await generateText({ model, tools, messages: [...kept.messages, { role: "tool", content: [toAiSdkApprovalResponse(arrived)] }] });
store.delete(arrived.id);
const seen = model.doGenerateCalls[1]?.prompt.find((m) => m.role === "tool");
const result = seen?.role === "tool" ? seen.content.find((c) => c.type === "tool-result") : undefined;
assert.deepEqual(result?.type === "tool-result" ? result.output : undefined, { type: "text", value: "Deleted old-ui" });
assert.equal(second.text, "The branch old-ui is gone.");
console.log("ok: approved, the tool ran with the answer, the model read \"Deleted old-ui\" and said", JSON.stringify(second.text));
