// Use it with AG-UI: an agent's tool pauses for approval; the run finishes with an AG-UI interrupt, the
// frontend (here `@ag-ui/client`'s own runAgent) keeps the pending interrupt, a person answers, the client
// resumes the thread with the answer as a resume entry, and the agent's next run sends the tool's result,
// image included, as a TOOL_CALL_RESULT. In process; no network.
import assert from "node:assert/strict";
import { join } from "node:path";
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import { Observable } from "rxjs";
import { Answer, ContentPart, Request, ToolResult, type RequestJSON } from "toolnexus";
import { fromAgUiInterrupt, fromAgUiResume, toAgUiInterrupt, toAgUiResume, toAgUiToolCallResult } from "toolnexus/providers";

const chart = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"), { name: "chart.png" });

// The tool: publishes a chart, only with a person's approval.
function publish(answer: Answer | undefined): ToolResult {
  if (answer === undefined) return ToolResult.pending(new Request({ id: "publish-call-1", kind: "approval", prompt: "Publish the Q3 chart?" }));
  return answer.ok ? ToolResult.ok("Published the Q3 chart", { parts: [chart] }) : ToolResult.error("Not published: declined");
}

class ChartAgent extends AbstractAgent {
  /** What the agent keeps between runs: the pause, as JSON (a database row in a real agent). */
  store = new Map<string, RequestJSON>();

  run(input: RunAgentInput): ReturnType<AbstractAgent["run"]> {
    // The client pins its own rxjs; an Observable of another copy works with it (the cast is for the types only).
    return new Observable<BaseEvent>((out) => {
      const { threadId, runId } = input;
      out.next({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
      const resume = JSON.parse(JSON.stringify(input.resume ?? [])) as NonNullable<RunAgentInput["resume"]>; // as sent over HTTP
      if (resume.length === 0) {
        out.next({ type: EventType.TOOL_CALL_START, toolCallId: "call-1", toolCallName: "publish" } as BaseEvent);
        out.next({ type: EventType.TOOL_CALL_END, toolCallId: "call-1" } as BaseEvent);
        const paused = publish(undefined);
        this.store.set(paused.pending!.id, paused.pending!.toJSON());
        const interrupt = toAgUiInterrupt(paused.pending!, { toolCallId: "call-1" });
        out.next({ type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "interrupt", interrupts: [interrupt] } } as BaseEvent);
      } else {
        const entry = resume[0]!;
        const request = Request.fromJSON(this.store.get(entry.interruptId));
        const answer = fromAgUiResume(entry, request); // refuses an entry for another interrupt
        const result = publish(answer);
        out.next({ ...toAgUiToolCallResult(result, { messageId: "msg-2", toolCallId: "call-1" }), type: EventType.TOOL_CALL_RESULT } as BaseEvent);
        out.next({ type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" } } as BaseEvent);
      }
      out.complete();
    }) as unknown as ReturnType<AbstractAgent["run"]>;
  }
}

const agent = new ChartAgent({ threadId: "thread-1" });
await agent.runAgent();

// The frontend: the run paused; show the request to a person.
assert.equal(agent.pendingInterrupts.length, 1);
const request = fromAgUiInterrupt(agent.pendingInterrupts[0]!);
assert.equal(request.prompt, "Publish the Q3 chart?");
assert.equal(agent.pendingInterrupts[0]!.reason, "tool_call");

// The person approves; the thread resumes with the answer.
await agent.runAgent({ resume: [toAgUiResume(Answer.accept(request))] });
assert.deepEqual(agent.pendingInterrupts, []);
const tool = agent.messages.find((m) => m.role === "tool");
assert.ok(tool && Array.isArray(tool.content));
assert.deepEqual(tool.content[0], { type: "text", text: "Published the Q3 chart" });
assert.deepEqual(tool.content[1], { type: "image", source: { type: "data", value: chart.data, mimeType: "image/png" }, metadata: { filename: "chart.png" } });
console.log("AG-UI: paused on", request.id, "and resumed; the tool message holds", tool.content.length, "parts");
