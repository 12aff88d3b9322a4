// LangGraph pauses, checked by LangGraph itself (in-process, a MemorySaver checkpointer, no network): a node
// suspends with interrupt(toLangGraphInterrupt(request)) and resumes with toLangGraphResume(answer); two
// parallel interrupts answered in swapped order are refused by fromLangGraphResume, the nodes ask again, and
// the answers keyed by interrupt id reach the right nodes; createAgent's human-in-the-loop middleware, driven
// by a fake model, approves one tool call and edits another.
import { describe, expect, it } from "@jest/globals";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Annotation, Command, END, MemorySaver, START, StateGraph, interrupt } from "@langchain/langgraph";
import { createAgent, humanInTheLoopMiddleware, tool } from "langchain";
import { Answer, Request, ValidationError, type RequestJSON } from "toolnexus";
import {
  fromLangChainHitlRequest,
  fromLangGraphInterrupt,
  fromLangGraphResume,
  toLangChainHitlResponse,
  toLangGraphInterrupt,
  toLangGraphResume,
  type LangGraphInterrupt,
} from "toolnexus/providers";
import { z } from "zod";
import { thrownValidation } from "../../support/throws";

const State = Annotation.Root({
  done: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

/**
 * What a node does to wait for a person: interrupt with the request, read the answer, and on a refusal (an
 * answer meant for another request) interrupt again, since LangGraph keeps a resume value that made the node
 * throw. `refusals` counts the answers refused.
 */
function ask(request: Request, refusals: string[]): Answer {
  let value = interrupt(toLangGraphInterrupt(request));
  for (;;) {
    try {
      return fromLangGraphResume(request, value);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      refusals.push(`${request.id} refused an answer`);
      value = interrupt(toLangGraphInterrupt(request));
    }
  }
}

const requestA = new Request({ id: "deploy-api", kind: "approval", prompt: "Deploy the API?" });
const requestB = new Request({ id: "deploy-web", kind: "approval", prompt: "Deploy the web app?" });

function graph(requests: readonly Request[]) {
  const refusals: string[] = [];
  let g = new StateGraph(State) as unknown as StateGraph<typeof State.spec, any, any, string>;
  for (const request of requests) {
    g = g.addNode(request.id, () => {
      const answer = ask(request, refusals);
      return { done: [`${request.id}: ${answer.ok ? "deployed" : `skipped (${answer.reason})`}`] };
    });
    g = g.addEdge(START, request.id).addEdge(request.id, END);
  }
  return { app: g.compile({ checkpointer: new MemorySaver() }), refusals };
}

type Paused = { done: string[]; __interrupt__?: LangGraphInterrupt[] };

describe("a LangGraph node that suspends on a toolnexus Request", () => {
  it("interrupts with the request's JSON and resumes with toLangGraphResume(answer)", async () => {
    const { app } = graph([requestA]);
    const config = { configurable: { thread_id: "one" } };
    const paused = (await app.invoke({}, config)) as Paused;
    expect(paused.done ?? []).toEqual([]);
    expect(paused.__interrupt__).toHaveLength(1);
    const stored = JSON.parse(JSON.stringify(paused.__interrupt__![0])) as LangGraphInterrupt; // a durable host keeps it as text
    const request = fromLangGraphInterrupt(stored);
    expect(request.equals(requestA)).toBe(true);
    expect(stored.value).toEqual(requestA.toJSON() as RequestJSON);

    const done = (await app.invoke(new Command(toLangGraphResume(Answer.accept(request))), config)) as Paused;
    expect(done.done).toEqual(["deploy-api: deployed"]);
    expect(done.__interrupt__).toBeUndefined();
  });

  it("resumes the same way when given the pending interrupts, and carries a refusal", async () => {
    const { app } = graph([requestA]);
    const config = { configurable: { thread_id: "refused" } };
    const paused = (await app.invoke({}, config)) as Paused;
    const resume = toLangGraphResume(Answer.decline(requestA), paused.__interrupt__);
    expect(resume).toEqual({ resume: { id: "deploy-api", ok: false, reason: "declined" } });
    const done = (await app.invoke(new Command(resume), config)) as Paused;
    expect(done.done).toEqual(["deploy-api: skipped (declined)"]);
  });

  it("refuses answers given in swapped order to two parallel interrupts; the nodes ask again, then get their own", async () => {
    const { app, refusals } = graph([requestA, requestB]);
    const config = { configurable: { thread_id: "two" } };
    const first = (await app.invoke({}, config)) as Paused;
    const pending = first.__interrupt__!;
    expect(pending.map((i) => fromLangGraphInterrupt(i).id).sort()).toEqual(["deploy-api", "deploy-web"]);
    const [forA, forB] = ["deploy-api", "deploy-web"].map((id) => pending.find((i) => fromLangGraphInterrupt(i).id === id)!);

    // Each interrupt resumed with the other's answer: what a match by order does when the order is not the one
    // the host assumed.
    const swapped = { [forA!.id!]: Answer.accept(requestB).toJSON(), [forB!.id!]: Answer.decline(requestA).toJSON() };
    const again = (await app.invoke(new Command({ resume: swapped }), config)) as Paused;
    expect(again.done ?? []).toEqual([]); // nothing was deployed on a wrong answer
    expect(refusals.sort()).toEqual(["deploy-api refused an answer", "deploy-web refused an answer"]);
    expect(again.__interrupt__).toHaveLength(2); // both nodes asked again
    expect(again.__interrupt__!.map((i) => i.id)).not.toContain(forA!.id);

    // toLangGraphResume keys each answer by its own interrupt, whatever order the answers come in.
    const answers = [Answer.accept(requestB), Answer.decline(requestA)];
    const done = (await app.invoke(new Command(toLangGraphResume(answers, again.__interrupt__)), config)) as Paused;
    expect(done.done.sort()).toEqual(["deploy-api: skipped (declined)", "deploy-web: deployed"]);
    expect(done.__interrupt__).toBeUndefined();
  });

  it("refuses, up front, an interrupt without its answer, an answer for no interrupt, and several answers without the interrupts", async () => {
    const { app } = graph([requestA, requestB]);
    const pending = ((await app.invoke({}, { configurable: { thread_id: "checks" } })) as Paused).__interrupt__!;
    const missing = thrownValidation(() => toLangGraphResume([Answer.accept(requestA)], pending));
    expect(missing.code).toBe("invalid-value");
    expect(missing.path).toMatch(/^interrupts\[[01]\]\.value\.id$/);
    expect(missing.message).toContain('The request "deploy-web" has no answer');
    const stray = thrownValidation(() => toLangGraphResume([Answer.accept(requestA), Answer.accept(requestB), Answer.accept("other")], pending));
    expect({ code: stray.code, path: stray.path }).toEqual({ code: "invalid-value", path: "[2].id" });
    const twice = thrownValidation(() => toLangGraphResume([Answer.accept(requestA), Answer.decline(requestA)], pending));
    expect({ code: twice.code, path: twice.path }).toEqual({ code: "invalid-value", path: "[1].id" });
    const unkeyed = thrownValidation(() => toLangGraphResume([Answer.accept(requestA), Answer.accept(requestB)]));
    expect({ code: unkeyed.code, path: unkeyed.path }).toEqual({ code: "missing", path: "interrupts" });
  });
});

describe("fromLangGraphResume and fromLangGraphInterrupt", () => {
  it("refuses an answer to another request, and an answer look-alike whose ok is not a boolean", () => {
    const wrong = thrownValidation(() => fromLangGraphResume(requestA, Answer.accept(requestB).toJSON()));
    expect({ code: wrong.code, path: wrong.path }).toEqual({ code: "invalid-value", path: "id" });
    expect(thrownValidation(() => fromLangGraphResume(requestA, { id: "deploy-api", ok: "false" })).path).toBe("ok");
    expect(fromLangGraphResume(requestA, { id: "deploy-api", ok: true }).ok).toBe(true);
  });

  it("refuses an interrupt whose value is not a request", () => {
    expect(thrownValidation(() => fromLangGraphInterrupt({ id: "x", value: { question: "?" } })).path).toMatch(/^value\./);
    expect(thrownValidation(() => fromLangGraphInterrupt({ id: "x" })).path).toBe("value");
  });

  it("reads an interrupt by its own properties only", () => {
    const inherited = Object.create({ id: "x", value: requestA.toJSON() }) as LangGraphInterrupt;
    expect(thrownValidation(() => fromLangGraphInterrupt(inherited)).path).toBe("value");
  });

  it("gives interrupt values that are fresh and not frozen", () => {
    const v = toLangGraphInterrupt(requestA);
    expect(Object.isFrozen(v)).toBe(false);
    expect(v).not.toBe(toLangGraphInterrupt(requestA));
  });
});

describe("createAgent's human-in-the-loop middleware", () => {
  function agent() {
    const ran: string[] = [];
    const deploy = tool(async ({ env }: { env: string }) => (ran.push(`deploy ${env}`), `deployed to ${env}`), {
      name: "deploy",
      description: "Deploys the service",
      schema: z.object({ env: z.string() }),
    });
    const notify = tool(async ({ text }: { text: string }) => (ran.push(`notify ${text}`), "sent"), {
      name: "notify",
      description: "Posts a message",
      schema: z.object({ text: z.string() }),
    });
    const model = fakeModel()
      .respondWithTools([
        { name: "notify", args: { text: "deploying" }, id: "call_notify" },
        { name: "deploy", args: { env: "prod" }, id: "call_deploy" },
      ])
      .respond(new AIMessage("Done."));
    const app = createAgent({
      model,
      tools: [deploy, notify],
      middleware: [
        humanInTheLoopMiddleware({
          interruptOn: { deploy: { allowedDecisions: ["approve", "edit", "reject"] }, notify: { allowedDecisions: ["approve", "reject"], description: "Post a message?" } },
        }),
      ],
      checkpointer: new MemorySaver(),
    });
    return { app, ran };
  }

  it("approves one call and edits another, from toolnexus answers", async () => {
    const { app, ran } = agent();
    const config = { configurable: { thread_id: "hitl" } };
    const paused = (await app.invoke({ messages: [new HumanMessage("Deploy, please")] }, config)) as unknown as { __interrupt__?: LangGraphInterrupt[] };
    expect(ran).toEqual([]);
    expect(paused.__interrupt__).toHaveLength(1);
    const interruptEntry = paused.__interrupt__![0]!;

    // The requests stand on their own as JSON: a host stores them and answers them elsewhere.
    const requests = (JSON.parse(JSON.stringify(fromLangChainHitlRequest(interruptEntry))) as RequestJSON[]).map((r) => Request.fromJSON(r));
    expect(requests.map((r) => r.id)).toEqual([`${interruptEntry.id}:0`, `${interruptEntry.id}:1`]);
    expect(requests[0]!.prompt).toBe("Post a message?");
    expect(requests[0]!.data).toEqual({ toolName: "notify", args: { text: "deploying" }, allowedDecisions: ["approve", "reject"] });
    expect(requests[1]!.data).toEqual({ toolName: "deploy", args: { env: "prod" }, allowedDecisions: ["approve", "edit", "reject"] });
    expect(requests[1]!.prompt).toContain("deploy");

    // Answers in any order; the decisions follow the requests' order.
    const answers = [Answer.accept(requests[1]!, { args: { env: "staging" } }), Answer.accept(requests[0]!)];
    const response = toLangChainHitlResponse(requests, answers);
    expect(response).toEqual({ decisions: [{ type: "approve" }, { type: "edit", editedAction: { name: "deploy", args: { env: "staging" } } }] });

    const done = (await app.invoke(new Command({ resume: response }), config)) as unknown as { messages: unknown[] };
    expect(ran.sort()).toEqual(["deploy staging", "notify deploying"]);
    const toolMessages = done.messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
    expect(toolMessages.map((m) => m.content).sort()).toEqual(["deployed to staging", "sent"]);
  });

  it("refuses, up front, a missing answer, an answer for another id, and a decision the action does not allow", async () => {
    const { app } = agent();
    const paused = (await app.invoke({ messages: [new HumanMessage("Deploy")] }, { configurable: { thread_id: "refusals" } })) as unknown as {
      __interrupt__: LangGraphInterrupt[];
    };
    const requests = fromLangChainHitlRequest(paused.__interrupt__[0]!);
    const missing = thrownValidation(() => toLangChainHitlResponse(requests, [Answer.accept(requests[0]!)]));
    expect({ code: missing.code, path: missing.path }).toEqual({ code: "invalid-value", path: "requests[1].id" });
    const other = thrownValidation(() => toLangChainHitlResponse(requests, [Answer.accept(requests[0]!), Answer.accept(requests[1]!), Answer.accept("elsewhere:0")]));
    expect({ code: other.code, path: other.path }).toEqual({ code: "invalid-value", path: "answers[2].id" });
    // notify allows approve and reject only: editing it is refused before any decision is made.
    const edit = thrownValidation(() => toLangChainHitlResponse(requests, [Answer.accept(requests[0]!, { args: { text: "x" } }), Answer.accept(requests[1]!)]));
    expect({ code: edit.code, path: edit.path }).toEqual({ code: "invalid-value", path: "answers[0]" });
    // The requests must be the interrupt's, in their order.
    const reordered = thrownValidation(() => toLangChainHitlResponse([requests[1]!, requests[0]!], [Answer.accept(requests[0]!), Answer.accept(requests[1]!)]));
    expect(reordered.path).toBe("requests[0].id");
  });

  it("turns a refusal into reject, with data.reason as the message, else the reason word", () => {
    const interruptEntry = {
      id: "0123456789abcdef0123456789abcdef",
      value: {
        actionRequests: [{ name: "deploy", args: { env: "prod" } }, { name: "deploy", args: { env: "eu" }, description: "EU?" }],
        reviewConfigs: [{ actionName: "deploy", allowedDecisions: ["reject"] }, { actionName: "deploy", allowedDecisions: ["approve", "reject"] }],
      },
    };
    const requests = fromLangChainHitlRequest(interruptEntry);
    expect(requests[0]!.prompt).toBe('Approve the call to tool "deploy" with input {"env":"prod"}?');
    const answers = [Answer.fromJSON({ id: requests[0]!.id, ok: false, reason: "declined", data: { reason: "not today" } }), Answer.decline(requests[1]!, "expired")];
    expect(toLangChainHitlResponse(requests, answers)).toEqual({ decisions: [{ type: "reject", message: "not today" }, { type: "reject", message: "expired" }] });
  });

  it("makes the prompt from the same args it stores (a getter runs once)", () => {
    let reads = 0;
    const args = Object.defineProperty({}, "env", {
      enumerable: true,
      get: () => (++reads === 1 ? "staging" : "prod"),
    });
    const [request] = fromLangChainHitlRequest({ id: "i", value: { actionRequests: [{ name: "deploy", args }], reviewConfigs: [{ actionName: "deploy", allowedDecisions: ["approve"] }] } });
    expect(request!.prompt).toBe('Approve the call to tool "deploy" with input {"env":"staging"}?');
    expect(request!.data).toEqual({ toolName: "deploy", args: { env: "staging" }, allowedDecisions: ["approve"] });
    expect(reads).toBe(1);
  });

  it("refuses an interrupt that is not the middleware's", () => {
    expect(thrownValidation(() => fromLangChainHitlRequest({ id: "i", value: { actionRequests: [{ name: "a", args: {} }], reviewConfigs: [] } })).path).toBe("value.reviewConfigs");
    expect(thrownValidation(() => fromLangChainHitlRequest({ value: { actionRequests: [], reviewConfigs: [] } })).path).toBe("id");
    const badDecision = { id: "i", value: { actionRequests: [{ name: "a", args: {} }], reviewConfigs: [{ actionName: "a", allowedDecisions: ["maybe"] }] } };
    expect(thrownValidation(() => fromLangChainHitlRequest(badDecision)).path).toBe("value.reviewConfigs[0].allowedDecisions[0]");
  });
});
