// Use it with A2A (the Agent2Agent protocol, @a2a-js/sdk 1.x): an agent's tool needs an environment, so the
// task pauses (input-required) with the tool's toolnexus Request; the client answers by id with toA2aAnswer, a
// wrong answer is refused and the task stays paused, the right one completes it, and the client reads the
// report and its chart back byte for byte with fromA2a. The SDK's own DefaultRequestHandler and client, in one
// process: the client's fetch calls JsonRpcTransportHandler.handle; no network.
import assert from "node:assert/strict";
import { join } from "node:path";
import { AgentCard, Message, TaskState, type Task } from "@a2a-js/sdk";
import { ClientFactory, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, ServerCallContext, type AgentExecutor } from "@a2a-js/sdk/server";
import { Answer, ContentPart, ToolResult, type Request } from "toolnexus";
import { fromA2a, fromA2aAnswer, toA2aAnswer, toA2aEvents, type A2aEvent } from "toolnexus/providers";

const chart = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"), { name: "chart.png" });

// The tool: deploys once it knows where to.
function deploy(answer: Answer | undefined): ToolResult {
  if (answer === undefined) return ToolResult.pending({ kind: "input", prompt: "Which environment?" });
  const env = (answer.data as { output?: string } | undefined)?.output ?? "staging";
  return ToolResult.ok(`Deployed to ${env}`, { parts: [chart] });
}

// The agent: a paused task keeps its request and the events it published; a refused answer publishes them again.
const paused = new Map<string, { request: Request; events: A2aEvent[] }>();
const executor: AgentExecutor = {
  async execute(ctx, bus) {
    bus.publish(AgentEvent.task(ctx.task ?? { id: ctx.taskId, contextId: ctx.contextId, status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: undefined }, artifacts: [], history: [], metadata: undefined }));
    const waiting = paused.get(ctx.taskId);
    let answer: Answer | undefined;
    if (waiting !== undefined) {
      try {
        answer = fromA2aAnswer(waiting.request, ctx.userMessage);
      } catch (e) {
        console.log(`refused: ${(e as Error).message}`);
        for (const event of waiting.events) bus.publish(event);
        bus.finished();
        return;
      }
      paused.delete(ctx.taskId);
    }
    const result = deploy(answer);
    const events = toA2aEvents(result, { taskId: ctx.taskId, contextId: ctx.contextId });
    if (result.pending !== undefined) paused.set(ctx.taskId, { request: result.pending, events });
    for (const event of events) bus.publish(event);
    bus.finished();
  },
  async cancelTask() {},
};

// The agent served in process, and the SDK's client of it.
const card = AgentCard.fromJSON({
  name: "deployer",
  description: "Deploys",
  version: "1.0.0",
  supportedInterfaces: [{ url: "http://agent.test/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [],
});
const handler = new JsonRpcTransportHandler(new DefaultRequestHandler(card, new InMemoryTaskStore(), executor));
const fetchImpl = (async (_url: unknown, init?: RequestInit) => {
  const out = await handler.handle(JSON.parse(String(init?.body)) as Record<string, unknown>, new ServerCallContext({ requestedVersion: "1.0" }));
  return new Response(JSON.stringify(out), { headers: { "Content-Type": "application/json" } });
}) as typeof fetch;
const client = await new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl })] }).createFromAgentCard(card);
const send = async (message: Message): Promise<Task> => (await client.sendMessage({ tenant: "", message, configuration: undefined, metadata: undefined })) as Task;

// 1. The task pauses on the tool's request.
const task = await send(Message.fromJSON({ messageId: "m-1", role: "ROLE_USER", parts: [{ text: "Deploy the release" }] }));
assert.equal(task.status?.state, TaskState.TASK_STATE_INPUT_REQUIRED);
const pending = fromA2a(task);
assert.equal(pending.output, "Which environment?");
const request = pending.pending!;
console.log(`paused on ${request.kind} request: ${request.prompt}`);

// 2. An answer for another request is refused; the task stays paused on the same request.
const still = await send(toA2aAnswer(Answer.output("another-request", "prod"), { taskId: task.id, contextId: task.contextId }) as Message);
assert.equal(still.status?.state, TaskState.TASK_STATE_INPUT_REQUIRED);
assert.ok(fromA2a(still).pending!.equals(request));

// 3. The right answer completes the task; the chart comes back byte for byte.
const done = await send(toA2aAnswer(Answer.output(request, "production"), { taskId: task.id, contextId: task.contextId }) as Message);
assert.equal(done.status?.state, TaskState.TASK_STATE_COMPLETED);
const result = fromA2a(done);
assert.equal(result.output, "Deployed to production");
assert.deepEqual(result.parts?.[0]?.bytes(), chart.bytes());
assert.equal(result.parts?.[0]?.name, "chart.png");
console.log(`${result.output}, with ${result.parts?.[0]?.summary()}`);
