// The A2A host helpers, checked by @a2a-js/sdk itself, in process and without network: a real
// DefaultRequestHandler runs an AgentExecutor that publishes toA2aEvents, the SDK's own client (JSON-RPC
// transport, its fetch calling JsonRpcTransportHandler.handle) sends the messages toA2aAnswer makes, and every
// object we write passes the SDK's own X.fromJSON(X.toJSON(v)) law. See docs/hosts/a2a.md.
import { describe, expect, it } from "@jest/globals";
import type { Message, Task } from "@a2a-js/sdk";
import type { AgentExecutionEvent, AgentExecutor, ExecutionEventBus, RequestContext } from "@a2a-js/sdk/server";
import fc from "fast-check";
import { Answer, ContentPart, Request, ToolResult, ValidationError } from "toolnexus";
import { fromA2a, fromA2aAnswer, toA2aAnswer, toA2aEvents, toA2aParts, type A2aEvent } from "toolnexus/providers";
import { partJSON, requestJSON } from "../../properties/arbitraries";
import { RUNS, timeout } from "../../properties/settings";
import { thrownValidation } from "../../support/throws";
import { asTask, inProcessClient, loadA2a } from "./harness";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const image = ContentPart.fromBase64(PNG, { mimeType: "image/png", name: "shot.png" });
const pdfUrl = ContentPart.fromUrl("https://example.com/spec.pdf", { name: "spec.pdf" });

/**
 * A deploy tool that needs an environment: pending until it has one, then a report with a chart. The executor
 * keeps each paused task's request and events: a refused answer publishes the task event and the same events.
 */
function deployAgent(sdk: Awaited<ReturnType<typeof loadA2a>>["sdk"], server: Awaited<ReturnType<typeof loadA2a>>["server"], kind = "input") {
  const paused = new Map<string, { request: Request; events: A2aEvent[] }>();
  const refusals: ValidationError[] = [];
  const publishTask = (ctx: RequestContext, bus: ExecutionEventBus) =>
    bus.publish(
      server.AgentEvent.task(
        ctx.task ?? { id: ctx.taskId, contextId: ctx.contextId, status: { state: sdk.TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: undefined }, artifacts: [], history: [], metadata: undefined },
      ),
    );
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      publishTask(ctx, bus);
      const waiting = paused.get(ctx.taskId);
      let result: ToolResult;
      if (waiting === undefined) {
        result = kind === "authorization" ? ToolResult.authRequired("https://example.com/login") : ToolResult.pending({ kind, prompt: "Which environment?" });
      } else {
        let answer: Answer;
        try {
          answer = fromA2aAnswer(waiting.request, thisRealm(sdk, ctx.userMessage));
        } catch (e) {
          refusals.push(e as ValidationError);
          for (const event of waiting.events) bus.publish(event as AgentExecutionEvent);
          bus.finished();
          return;
        }
        paused.delete(ctx.taskId);
        result = ToolResult.ok(`Deployed to ${String((answer.data as { output?: string } | undefined)?.output ?? "the default")}`, { parts: [image, pdfUrl] });
      }
      const events = toA2aEvents(result, { taskId: ctx.taskId, contextId: ctx.contextId });
      if (result.pending !== undefined) paused.set(ctx.taskId, { request: result.pending, events });
      for (const event of events) bus.publish(event as AgentExecutionEvent);
      bus.finished();
    },
    async cancelTask() {},
  };
  return { executor, refusals };
}

/**
 * The message as this realm's objects. The SDK's RequestContext copies the request with `structuredClone`, which
 * under Jest is Node's own and builds the copy in the outer realm, while the spec runs in a vm context; in a real
 * agent there is one realm. (Plain objects of another realm are JSON data by the README's metadata rules; the
 * core reads them so once that branch is merged.)
 */
function thisRealm(sdk: Awaited<ReturnType<typeof loadA2a>>["sdk"], message: Message): Message {
  return sdk.Message.fromJSON(JSON.parse(JSON.stringify(sdk.Message.toJSON(message))));
}

function userMessage(sdk: Awaited<ReturnType<typeof loadA2a>>["sdk"], text: string): Message {
  return sdk.Message.fromJSON({ messageId: `m-${text}`, role: "ROLE_USER", parts: [{ text }] });
}

describe("an A2A agent pausing on a tool and resuming, through the SDK's handler and client", () => {
  it("input-required: a wrong answer is refused and the task stays paused, the right one completes it", async () => {
    const { sdk, server } = await loadA2a();
    const { executor, refusals } = deployAgent(sdk, server);
    const client = await inProcessClient(executor);
    const send = async (message: Message): Promise<Task> => asTask(await client.sendMessage({ tenant: "", message, configuration: undefined, metadata: undefined }));

    const task = await send(userMessage(sdk, "deploy"));
    expect(task.status?.state).toBe(sdk.TaskState.TASK_STATE_INPUT_REQUIRED);
    const paused = fromA2a(task);
    expect(paused.isPending).toBe(true);
    expect(paused.output).toBe("Which environment?");
    const request = paused.pending!;
    expect(request.kind).toBe("input");

    // An answer for another request: refused by fromA2aAnswer; the executor publishes the same events again.
    const wrong = toA2aAnswer(Answer.output("someone-else", "prod"), { taskId: task.id, contextId: task.contextId });
    const still = await send(wrong as Message);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ code: "invalid-value", path: "parts[1].data.toolnexus.answer.id" });
    expect(still.status?.state).toBe(sdk.TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(fromA2a(still).pending!.equals(request)).toBe(true);

    // The right answer completes the task; the parts come back byte for byte.
    const right = toA2aAnswer(Answer.output(request, "staging"), { taskId: task.id, contextId: task.contextId });
    const done = await send(right as Message);
    expect(done.status?.state).toBe(sdk.TaskState.TASK_STATE_COMPLETED);
    const result = fromA2a(done);
    expect(result.isError).toBe(false);
    expect(result.output).toBe("Deployed to staging");
    expect(result.parts?.map((p) => p.toJSON())).toEqual([image.toJSON(), pdfUrl.toJSON()]);
    expect(result.parts?.[0]!.bytes()).toEqual(image.bytes());
  });

  it("a text reply answers an input request (for clients that know nothing of toolnexus)", async () => {
    const { sdk, server } = await loadA2a();
    const { executor } = deployAgent(sdk, server);
    const client = await inProcessClient(executor);
    const task = asTask(await client.sendMessage({ tenant: "", message: userMessage(sdk, "deploy"), configuration: undefined, metadata: undefined }));
    const reply = sdk.Message.fromJSON({ messageId: "m-reply", taskId: task.id, contextId: task.contextId, role: "ROLE_USER", parts: [{ text: "prod" }] });
    const done = asTask(await client.sendMessage({ tenant: "", message: reply, configuration: undefined, metadata: undefined }));
    expect(fromA2a(done).output).toBe("Deployed to prod");
  });

  it("auth-required: the task pauses on the authorization request, and an approval resumes it", async () => {
    const { sdk, server } = await loadA2a();
    const { executor, refusals } = deployAgent(sdk, server, "authorization");
    const client = await inProcessClient(executor);
    const task = asTask(await client.sendMessage({ tenant: "", message: userMessage(sdk, "deploy"), configuration: undefined, metadata: undefined }));
    expect(task.status?.state).toBe(sdk.TaskState.TASK_STATE_AUTH_REQUIRED);
    const paused = fromA2a(task);
    expect(paused.pending).toMatchObject({ kind: "authorization", url: "https://example.com/login" });

    // A text reply cannot approve an authorization.
    const text = sdk.Message.fromJSON({ messageId: "m-text", taskId: task.id, contextId: task.contextId, role: "ROLE_USER", parts: [{ text: "done" }] });
    const still = asTask(await client.sendMessage({ tenant: "", message: text, configuration: undefined, metadata: undefined }));
    expect(refusals[0]).toMatchObject({ code: "missing", path: "parts" });
    expect(still.status?.state).toBe(sdk.TaskState.TASK_STATE_AUTH_REQUIRED);

    const done = asTask(await client.sendMessage({ tenant: "", message: toA2aAnswer(Answer.accept(paused.pending!), { taskId: task.id, contextId: task.contextId }) as Message, configuration: undefined, metadata: undefined }));
    expect(done.status?.state).toBe(sdk.TaskState.TASK_STATE_COMPLETED);
    expect(fromA2a(done).output).toBe("Deployed to the default");
  });
});

describe("every object written passes the SDK's X.fromJSON(X.toJSON(v)) law", () => {
  it("parts, events, their messages and artifacts, and the answer message", async () => {
    const { sdk } = await loadA2a();
    const results = [
      ToolResult.ok("chart", { parts: [image, pdfUrl, ContentPart.text("note")] }),
      ToolResult.error("boom", { parts: [image] }),
      ToolResult.error(""),
      ToolResult.ok(""),
      ToolResult.pending({ kind: "approval", prompt: "Deploy?", data: { env: "prod" } }, { parts: [image] }),
      ToolResult.authRequired("https://example.com/login"),
    ];
    for (const r of results) {
      for (const p of toA2aParts(r)) expect(sdk.Part.fromJSON(sdk.Part.toJSON(p))).toEqual(p);
      for (const e of toA2aEvents(r, { taskId: "t-1", contextId: "c-1" })) {
        if (e.kind === "statusUpdate") expect(sdk.TaskStatusUpdateEvent.fromJSON(sdk.TaskStatusUpdateEvent.toJSON(e.data))).toEqual(e.data);
        else expect(sdk.TaskArtifactUpdateEvent.fromJSON(sdk.TaskArtifactUpdateEvent.toJSON(e.data))).toEqual(e.data);
      }
    }
    const m = toA2aAnswer(Answer.output(Request.create({ kind: "input", prompt: "?" }), "yes"), { taskId: "t-1" });
    expect(sdk.Message.fromJSON(sdk.Message.toJSON(m))).toEqual(m);
  });

  it("raw bytes are a fresh Buffer that owns its memory (byteOffset 0, not a slice of Node's pool)", () => {
    const [, raw] = toA2aParts(ToolResult.ok("x", { parts: [image] }));
    const value = (raw!.content as { value: Uint8Array }).value;
    expect(Buffer.isBuffer(value)).toBe(true);
    expect(value.byteOffset).toBe(0);
    expect(value.buffer.byteLength).toBe(value.byteLength);
    expect(Object.isFrozen(raw)).toBe(false);
  });
});

describe("law: the task the SDK builds from toA2aEvents(r) reads back as r, metadata cut to pending", () => {
  const media = partJSON.filter((p) => p.type !== "text").map((p) => ContentPart.fromJSON(p));
  // The law covers results without text parts whose output is not blank (docs/hosts/a2a.md): a blank output is
  // no text part (no blank text block is ever sent), reported lost at `output`, so it cannot come back.
  // A paused task's message shows its link to a person: only links the link rule lets through are sent (an
  // authorization needs one).
  const pendingRequest = requestJSON.map((j) => Request.fromJSON(j)).filter((q) => (q.url === undefined || q.url === "" ? q.kind !== "authorization" : /^https:\/\//i.test(q.url)));
  const results = fc
    .record({
      output: fc.string({ minLength: 1, maxLength: 24 }).filter((o) => o.trim() !== ""),
      parts: fc.array(media, { maxLength: 3 }),
      kind: fc.constantFrom("ok", "error", "pending"),
      request: pendingRequest,
    })
    .map(({ output, parts, kind, request }) =>
      kind === "ok" ? ToolResult.ok(output, { parts, metadata: { audit: 1 } }) : kind === "error" ? ToolResult.error(output, { parts }) : ToolResult.pending(request, { output, parts, metadata: { audit: 2 } }),
    );

  it(
    "through the SDK's handler and client",
    async () => {
      const { sdk, server } = await loadA2a();
      let current: ToolResult = ToolResult.ok("x");
      const executor: AgentExecutor = {
        async execute(ctx, bus) {
          bus.publish(server.AgentEvent.task({ id: ctx.taskId, contextId: ctx.contextId, status: { state: sdk.TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: undefined }, artifacts: [], history: [], metadata: undefined }));
          for (const e of toA2aEvents(current, { taskId: ctx.taskId, contextId: ctx.contextId })) bus.publish(e as AgentExecutionEvent);
          bus.finished();
        },
        async cancelTask() {},
      };
      const client = await inProcessClient(executor);
      await fc.assert(
        fc.asyncProperty(results, async (r) => {
          current = r;
          const task = asTask(await client.sendMessage({ tenant: "", message: userMessage(sdk, "go"), configuration: undefined, metadata: undefined }));
          const back = fromA2a(task);
          const want = r.withMetadata(r.pending === undefined ? null : { pending: r.pending });
          // The task crossed JSON-RPC, where -0 is written as 0 (docs/wire-format.md): compare as the wire does.
          expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(want)));
          expect(back.equals(want)).toBe(true);
        }),
        { numRuns: Math.min(RUNS, 100) },
      );
    },
    timeout(50),
  );
});

describe("the results the task law excepts: a blank output", () => {
  const png = ContentPart.fromJSON({ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" });
  it.each([
    ["beside a part", ToolResult.ok(" \n\t", { parts: [png] }), 1],
    ["alone", ToolResult.ok("\u2028 "), 0],
    ["of an error", ToolResult.error("  "), 0],
  ])("%s is sent as no text part, and reported lost at output", (_n, r, parts) => {
    const heard: string[] = [];
    const events = toA2aEvents(r, { taskId: "t", contextId: "c", onLoss: (l) => heard.push(l.path) });
    expect(heard).toEqual(["output"]);
    const sent = events.flatMap((e) => (e.kind === "artifactUpdate" ? e.data.artifact.parts : (e.data.status.message?.parts ?? [])));
    expect(sent.map((p) => p.content.$case)).toEqual(Array.from({ length: parts }, () => "raw"));
    // An error without a part sends no message: the task reads back as the failed task it is.
    if (r.isError) expect(events.map((e) => e.kind === "statusUpdate" && e.data.status.message)).toEqual([undefined]);
  });
});

describe("refusals", () => {
  it("toA2aEvents needs taskId and contextId, and a link that follows the link rule for an authorization", () => {
    expect(thrownValidation(() => toA2aEvents(ToolResult.ok("x"), undefined as never))).toMatchObject({ code: "missing", path: "taskId" });
    expect(thrownValidation(() => toA2aEvents(ToolResult.ok("x"), { taskId: "t", contextId: "" }))).toMatchObject({ code: "invalid-value", path: "contextId" });
    const http = ToolResult.pending({ kind: "authorization", prompt: "Sign in", url: "http://example.com/login" });
    expect(thrownValidation(() => toA2aEvents(http, { taskId: "t", contextId: "c" }))).toMatchObject({ code: "unsupported", path: "metadata.pending.url" });
    const none = ToolResult.pending({ kind: "authorization", prompt: "Sign in" });
    expect(thrownValidation(() => toA2aEvents(none, { taskId: "t", contextId: "c" }))).toMatchObject({ code: "missing", path: "metadata.pending.url" });
  });

  it("fromA2a reads a task only in a state that ended or waits, as numbers (JSON goes through Task.fromJSON first)", async () => {
    const { sdk } = await loadA2a();
    expect(thrownValidation(() => fromA2a({ id: "t" } as never))).toMatchObject({ code: "missing", path: "status" });
    expect(thrownValidation(() => fromA2a({ status: { state: 2 } } as never))).toMatchObject({ code: "invalid-value", path: "status.state" });
    expect(thrownValidation(() => fromA2a({ status: { state: "TASK_STATE_COMPLETED" } } as never))).toMatchObject({ code: "invalid-type", path: "status.state" });
    expect(fromA2a(sdk.Task.fromJSON({ id: "t", status: { state: "TASK_STATE_CANCELED" } })).output).toBe("A2A task canceled");
  });
});
