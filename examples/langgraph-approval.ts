// A LangGraph agent whose tool waits for a person's approval. The tool suspends with a toolnexus Request
// (LangGraph's interrupt), the host keeps the pending requests as JSON, a person answers, and the run resumes
// with the Answer keyed by its interrupt's id. The tool's result goes back to the agent as a LangChain
// ToolMessage that reads back whole, metadata included. The model is LangChain's fake model: no network.
import assert from "node:assert/strict";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver, interrupt } from "@langchain/langgraph";
import { createAgent, tool } from "langchain";
import { Answer, Request, ToolResult, ValidationError } from "toolnexus";
import { fromLangChain, fromLangGraphInterrupt, fromLangGraphResume, toLangChain, toLangGraphInterrupt, toLangGraphResume } from "toolnexus/providers";
import { z } from "zod";

/**
 * Waits for the answer to `request`. A node runs again from its start when the graph resumes, so the request's
 * id is built from the tool call's id (stable), never generated. An answer meant for another request is
 * refused, and the tool asks again: LangGraph keeps a resume value that made a node throw, so letting the
 * refusal escape would leave the thread stuck.
 */
function waitForAnswer(request: Request): Answer {
  let value = interrupt(toLangGraphInterrupt(request));
  for (;;) {
    try {
      return fromLangGraphResume(request, value);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e; // LangGraph's own interrupt, or a real failure
      value = interrupt(toLangGraphInterrupt(request));
    }
  }
}

const deployed: string[] = [];
const deploy = tool(
  async ({ env }: { env: string }, config: { toolCall?: { id?: string } }) => {
    const toolCallId = config.toolCall?.id ?? "deploy";
    const request = new Request({ id: `approve-${toolCallId}`, kind: "approval", prompt: `Deploy to ${env}?`, data: { env } });
    const answer = waitForAnswer(request);
    const result = answer.ok
      ? (deployed.push(env), ToolResult.ok(`Deployed to ${env}.`, { metadata: { approvedBy: String(answer.data?.by ?? "someone") } }))
      : ToolResult.error(`Not deployed to ${env}: the request was ${answer.reason}.`);
    return new ToolMessage(toLangChain(result, { toolCallId, name: "deploy" }));
  },
  { name: "deploy", description: "Deploys the service to an environment", schema: z.object({ env: z.string() }) },
);

const model = fakeModel()
  .respondWithTools([
    { name: "deploy", args: { env: "staging" }, id: "call_1" },
    { name: "deploy", args: { env: "prod" }, id: "call_2" },
  ])
  .respond(new AIMessage("Staging is deployed; production was declined."));
const agent = createAgent({ model, tools: [deploy], checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "release-42" } };

// 1. The run stops at both tool calls; the host keeps what was asked as JSON (a database row, a queue message).
const paused = await agent.invoke({ messages: [new HumanMessage("Deploy to staging and prod")] }, config);
const interrupts = paused.__interrupt__ ?? [];
assert.equal(interrupts.length, 2);
const stored = JSON.stringify(interrupts);
assert.deepEqual(deployed, []);
console.log("ok: the agent paused on", interrupts.map((i) => JSON.stringify(fromLangGraphInterrupt(i).prompt)).join(" and "));

// 2. Later, perhaps in another process: a person answers each request, in whatever order they like.
const pending = (JSON.parse(stored) as typeof interrupts).map((i) => fromLangGraphInterrupt(i));
const byPrompt = (prompt: string) => pending.find((r) => r.prompt === prompt)!;
const answers = [Answer.decline(byPrompt("Deploy to prod?")), Answer.accept(byPrompt("Deploy to staging?"), { by: "ana" })];

// 3. Resume: each answer reaches its own tool call, keyed by interrupt id (never by order).
const done = await agent.invoke(new Command(toLangGraphResume(answers, JSON.parse(stored) as typeof interrupts)), config);
assert.deepEqual(deployed, ["staging"]);
const results = done.messages.filter((m) => ToolMessage.isInstance(m)).map((m) => fromLangChain(m));
assert.deepEqual(
  results.map((r) => [r.isError, r.output, r.metadata]),
  [
    [false, "Deployed to staging.", { approvedBy: "ana" }],
    [true, "Not deployed to prod: the request was declined.", null],
  ],
);
console.log("ok: resumed;", results.map((r) => JSON.stringify(r.output)).join(" and "));
console.log("ok: the agent said", JSON.stringify(done.messages.at(-1)!.content));
