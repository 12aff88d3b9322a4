import { describe, expect, it } from "@jest/globals";
import { bundleWorkflowCode, Worker } from "@temporalio/worker";
import { temporal } from "@temporalio/proto";
import { defaultPayloadConverter } from "@temporalio/common";
import { payloadConverter } from "../durable/replay/converter";
import { sentValue } from "../durable/replay/search-result";

const E = temporal.api.enums.v1.EventType;
function history(input: any) {
  const time = { seconds: 1700000000, nanos: 0 };
  const tq = { name: "replay" };
  return temporal.api.history.v1.History.fromObject({ events: [
    { eventId: 1, eventTime: time, eventType: E.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED, workflowExecutionStartedEventAttributes: { workflowType: { name: "checkSearchResult" }, taskQueue: tq, input: { payloads: [input] }, workflowTaskTimeout: { seconds: 10 }, originalExecutionRunId: "run-1", firstExecutionRunId: "run-1", attempt: 1, identity: "test" } },
    { eventId: 2, eventTime: time, eventType: E.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED, workflowTaskScheduledEventAttributes: { taskQueue: tq, startToCloseTimeout: { seconds: 10 }, attempt: 1 } },
    { eventId: 3, eventTime: time, eventType: E.EVENT_TYPE_WORKFLOW_TASK_STARTED, workflowTaskStartedEventAttributes: { scheduledEventId: 2, identity: "test", requestId: "r" } },
    { eventId: 4, eventTime: time, eventType: E.EVENT_TYPE_WORKFLOW_TASK_COMPLETED, workflowTaskCompletedEventAttributes: { scheduledEventId: 2, startedEventId: 3, identity: "test" } },
    { eventId: 5, eventTime: time, eventType: E.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED, workflowExecutionCompletedEventAttributes: { result: { payloads: [payloadConverter.toPayload("3 hits, waiting on req-1")] }, workflowTaskCompletedEventId: 4 } },
  ] });
}

import { DefaultLogger, Runtime } from "@temporalio/worker";
Runtime.install({ logger: new DefaultLogger("WARN") });
describe("replay", () => {
  it("works", async () => {
    const t0 = Date.now();
    const bundle = await bundleWorkflowCode({ workflowsPath: require.resolve("../durable/replay/workflows.ts"), payloadConverterPath: require.resolve("../durable/replay/converter.ts"), logger: { log() {}, trace() {}, debug() {}, info() {}, warn(...a: any[]) { console.warn(...a) }, error(...a: any[]) { console.error(...a) } } as any });
    console.log("bundled", Date.now() - t0, bundle.code.length, bundle.code.match(/dist\/(esm|cjs)\/[a-z-]+\.c?js/g)?.filter((x,i,a)=>a.indexOf(x)===i));
    const t1 = Date.now();
    await Worker.runReplayHistory({ workflowBundle: bundle }, history(payloadConverter.toPayload(sentValue())));
    console.log("ours passed", Date.now() - t1);
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history(defaultPayloadConverter.toPayload(sentValue())))).rejects.toThrow();
  }, 120000);
});
