// Temporal's own runtime, in-process and without a server: the workflow bundle is built by Temporal's
// bundler (webpack) with our converter registered by module path, then a hand-built history of five events
// (ExecutionStarted with our payload as input, WorkflowTask Scheduled/Started/Completed,
// ExecutionCompleted) is replayed by a replay worker. The workflow throws, failing the replay, unless its
// argument arrived as a frozen SearchResult holding a pending Request, equal to what was sent.
//
// The bundle resolves `toolnexus` as an installed app would (the package's exports, so the built dist
// files): the workflow imports the ES module build and the converter module the CommonJS build, so the
// sandbox holds both copies. Source-only: it runs once (bundling takes a few seconds), on the built files.
import { describe, expect, it } from "@jest/globals";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { defaultPayloadConverter, type Payload } from "@temporalio/common";
import { temporal } from "@temporalio/proto";
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker, type WorkflowBundleWithSourceMap } from "@temporalio/worker";
import { payloadConverter } from "./replay/converter";
import { sentValue } from "./replay/search-result";

Runtime.install({ logger: new DefaultLogger("ERROR"), telemetryOptions: { logging: { filter: { core: "ERROR", other: "ERROR" } } } });

const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const replayDir = join(process.cwd(), "spec/durable/replay");

/** A completed run of `checkSearchResult(input)`: five events, as a server would have recorded them. */
function history(input: Payload): temporal.api.history.v1.History {
  const eventTime = { seconds: 1_700_000_000, nanos: 0 };
  const taskQueue = { name: "replay" };
  return temporal.api.history.v1.History.fromObject({
    events: [
      {
        eventId: 1,
        eventTime,
        eventType: "EVENT_TYPE_WORKFLOW_EXECUTION_STARTED",
        workflowExecutionStartedEventAttributes: {
          workflowType: { name: "checkSearchResult" },
          taskQueue,
          input: { payloads: [input] },
          workflowTaskTimeout: { seconds: 10 },
          originalExecutionRunId: "run-1",
          firstExecutionRunId: "run-1",
          attempt: 1,
          identity: "spec",
        },
      },
      { eventId: 2, eventTime, eventType: "EVENT_TYPE_WORKFLOW_TASK_SCHEDULED", workflowTaskScheduledEventAttributes: { taskQueue, startToCloseTimeout: { seconds: 10 }, attempt: 1 } },
      { eventId: 3, eventTime, eventType: "EVENT_TYPE_WORKFLOW_TASK_STARTED", workflowTaskStartedEventAttributes: { scheduledEventId: 2, identity: "spec", requestId: "req" } },
      { eventId: 4, eventTime, eventType: "EVENT_TYPE_WORKFLOW_TASK_COMPLETED", workflowTaskCompletedEventAttributes: { scheduledEventId: 2, startedEventId: 3, identity: "spec" } },
      {
        eventId: 5,
        eventTime,
        eventType: "EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED",
        workflowExecutionCompletedEventAttributes: {
          result: { payloads: [defaultPayloadConverter.toPayload("3 hits, waiting on req-1")] },
          workflowTaskCompletedEventId: 4,
        },
      },
    ],
  });
}

describe("a SearchResult through Temporal's converter into a replayed workflow", () => {
  let bundle: WorkflowBundleWithSourceMap;

  it("bundles: the core and toolnexus/temporal go through Temporal's webpack bundler, both builds side by side", async () => {
    expect(existsSync(join(process.cwd(), "dist/esm/temporal.js"))).toBe(true); // `npm test` builds first
    bundle = await bundleWorkflowCode({
      workflowsPath: join(replayDir, "workflows.ts"),
      payloadConverterPath: join(replayDir, "converter.ts"),
      logger: quiet,
    });
    expect(bundle.code).toMatch(/dist\/esm\/chunks\/core-[\w-]+\.js/);
    expect(bundle.code).toMatch(/dist\/cjs\/chunks\/core-[\w-]+\.cjs/);
    expect(bundle.code).toMatch(/dist\/cjs\/temporal\.cjs/);
  }, 120_000);

  it("arrives frozen, of its class, holding its pending Request, equal to what was sent", async () => {
    const input = payloadConverter.toPayload(sentValue());
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history(input))).resolves.toBeUndefined();
  }, 60_000);

  it("control: with Temporal's default converter it arrives as a plain object, and the replay fails", async () => {
    const input = defaultPayloadConverter.toPayload(sentValue());
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history(input))).rejects.toThrow(/expected a SearchResult, got \[object Object\]/);
  }, 60_000);

  it("control: a workflow that receives a different value fails too (the check can fail)", async () => {
    const other = sentValue(4);
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history(payloadConverter.toPayload(other)))).rejects.toThrow(/expected the value sent/);
  }, 60_000);
});
