// OpenAI Agents approvals, checked by the Agents SDK itself: a run against its scripted test model (no
// network) is interrupted by a tool that needs approval; the interruption becomes a toolnexus Request, which
// is serialized to JSON with the run state and read back (as a durable host would, across a restart),
// answered, applied with state.approve / state.reject, and the run completes.
import { describe, expect, it } from "@jest/globals";
import { Agent, RunState, run, setTracingDisabled, tool, type RunToolApprovalItem } from "@openai/agents-core";
import { ScriptedModel, assistantMessage, functionCall } from "@openai/agents-core/testing";
import { Answer, Request, type AnswerJSON, type RequestJSON } from "toolnexus";
import { fromAgentsInterruption, toAgentsDecision, type AgentsDecision, type AgentsInterruption } from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { thrownValidation } from "../../support/throws";

setTracingDisabled(true);

interface Fixture {
  interruptions: { name: string; item: AgentsInterruption; request: RequestJSON }[];
  invalidInterruptions: { name: string; item: unknown; code: string; path: string }[];
  decisions: { name: string; answer: AnswerJSON; decision: AgentsDecision }[];
}

const fx = loadJSON<Fixture>("bridges/agents.json");

describe("fromAgentsInterruption (fixtures/bridges/agents.json)", () => {
  it.each(fx.interruptions.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const request = fromAgentsInterruption(c.item);
    expect(request.toJSON()).toEqual(c.request);
    expect(Request.fromJSON(JSON.parse(JSON.stringify(request))).equals(request)).toBe(true);
  });

  it.each(fx.invalidInterruptions.map((c) => [c.name, c] as const))("refuses %s", (_name, c) => {
    const e = thrownValidation(() => fromAgentsInterruption(c.item as AgentsInterruption));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });
});

describe("toAgentsDecision (fixtures/bridges/agents.json)", () => {
  it.each(fx.decisions.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(toAgentsDecision(Answer.fromJSON(c.answer))).toEqual(c.decision);
    expect(toAgentsDecision(c.answer as unknown as Answer)).toEqual(c.decision); // its JSON shape too
  });
});

/** An agent with one tool that needs approval, driven by a scripted model: a call to the tool, then a reply. */
function setup() {
  const executed: string[] = [];
  const deploy = tool({
    name: "deploy",
    description: "Deploys the service",
    parameters: { type: "object", properties: { env: { type: "string" } }, required: ["env"], additionalProperties: false },
    strict: true,
    needsApproval: true,
    execute: async (input) => {
      const { env } = input as { env: string };
      executed.push(env);
      return `deployed to ${env}`;
    },
  });
  const model = new ScriptedModel([[functionCall("deploy", { env: "prod" }, { callId: "call_1" })], [assistantMessage("All done.")]]);
  const agent = new Agent({ name: "ops", instructions: "Deploy when asked.", model, tools: [deploy] });
  return { agent, model, executed };
}

/** What the model read as the tool's output on its last call. */
function toolOutput(model: ScriptedModel): unknown {
  const input = model.lastCall!.request.input as { type?: string; callId?: string; output?: unknown }[];
  return input.find((i) => i.type === "function_call_result" && i.callId === "call_1")?.output;
}

async function interruptAndResume(decide: (request: Request) => Answer) {
  const { agent, model, executed } = setup();
  const first = await run(agent, "Deploy to production");
  expect(first.interruptions).toHaveLength(1);
  const item = first.interruptions[0]!;

  const request = fromAgentsInterruption(item);
  expect(request.toJSON()).toEqual({
    id: "call_1",
    kind: "approval",
    prompt: 'Approve the call to tool "deploy" with input {"env":"prod"}?',
    data: { toolName: "deploy", arguments: '{"env":"prod"}' },
  });
  expect(fromAgentsInterruption(item.toJSON() as AgentsInterruption).equals(request)).toBe(true);
  expect(executed).toEqual([]);

  // The host persists the run state and the request as text, and stops. Later (another process, say):
  const savedState = first.state.toString();
  const savedRequest = JSON.stringify(request);
  const request2 = Request.fromJSON(JSON.parse(savedRequest));
  const answer = Answer.fromJSON(JSON.parse(JSON.stringify(decide(request2))));

  const state = await RunState.fromString(agent, savedState);
  const pending = state.getInterruptions().find((i) => fromAgentsInterruption(i).id === answer.id);
  expect(pending).toBeDefined();
  const decision = toAgentsDecision(answer);
  if (decision.approve) state.approve(pending!);
  else state.reject(pending!, { message: decision.message });

  const second = await run(agent, state);
  expect(second.interruptions).toEqual([]);
  expect(second.finalOutput).toBe("All done.");
  model.assertComplete();
  return { executed, output: toolOutput(model) };
}

describe("an OpenAI Agents run interrupted for approval, kept by a toolnexus host across a restart", () => {
  it("approved: the tool runs and its result reaches the model", async () => {
    const { executed, output } = await interruptAndResume((r) => Answer.accept(r));
    expect(executed).toEqual(["prod"]);
    expect(output).toEqual({ type: "text", text: "deployed to prod" });
  });

  it("declined with a reason: the tool never runs, and the model reads the reason", async () => {
    const { executed, output } = await interruptAndResume((r) => new Answer({ id: r.id, ok: false, reason: "declined", data: { reason: "Not during the release freeze." } }));
    expect(executed).toEqual([]);
    expect(output).toEqual({ type: "text", text: "Not during the release freeze." });
  });

  it("expired without a reason: the tool never runs, and the model reads the SDK's own refusal", async () => {
    const { executed, output } = await interruptAndResume((r) => Answer.decline(r, "expired"));
    expect(executed).toEqual([]);
    expect(output).toEqual({ type: "text", text: expect.any(String) });
    expect((output as { text: string }).text).not.toBe("");
  });

  it("compiles: the SDK's approval item is our input, and our decision fits state.reject", () => {
    const take = (item: RunToolApprovalItem): Request => fromAgentsInterruption(item);
    const decision = toAgentsDecision(Answer.decline("call_1"));
    const options: Parameters<RunState<unknown, Agent>["reject"]>[1] = decision.approve ? {} : decision;
    expect(typeof take).toBe("function");
    expect(options).toEqual({ approve: false });
  });
});
