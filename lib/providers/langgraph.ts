/**
 * LangGraph.js pauses: a toolnexus `Request` as the value of LangGraph's `interrupt()`, the `Answer` as the
 * resume value of a `Command`, and `createAgent`'s human-in-the-loop middleware (its action requests and
 * decisions) as toolnexus approval requests and answers.
 *
 * The shapes are this package's own structural types, which LangGraph's `Interrupt` and `Command` and
 * LangChain's `HITLRequest` / `HITLResponse` fit; nothing here imports LangChain or LangGraph.
 *
 * @module
 */
import { isArrayAt, ownField, readArray, snapshot } from "../boundary";
import { raise } from "../errors";
import { copyJsonObject, typeName } from "../json-data";
import { joinPath } from "../path";
import { checkAnswerFor, checkLink, listPaths, matchById } from "../pause";
import { quoted, quotedValue } from "../quote";
import { toAnswer, type Answer, type AnswerJSON, type AnyAnswer } from "../answer";
import { Request, toRequest, type AnyRequest, type RequestJSON } from "../request";
import { checkpointSafe, fromCheckpointText } from "./langgraph-checkpoint";
import { approvalPrompt, promptInput } from "./prompt";

/** An entry of a LangGraph result's `__interrupt__` list (or of `state.tasks[i].interrupts`): `{ id, value }`. */
export type LangGraphInterrupt<V = unknown> = {
  readonly id?: string | undefined;
  readonly value?: V | undefined;
};

/**
 * The params of `new Command(...)` that resume a graph: `{ resume: answer JSON }` for one pending interrupt, or
 * `{ resume: { [interruptId]: answer JSON } }` when several are pending. An answer whose JSON a LangGraph
 * checkpoint would change (see {@link toLangGraphResume}) is its JSON text instead, which
 * {@link fromLangGraphResume} reads back whole.
 */
export type LangGraphResume = { resume: AnswerJSON | string | { [interruptId: string]: AnswerJSON | string } };

/** A decision `createAgent`'s human-in-the-loop middleware allows for an action. */
export type LangChainHitlDecisionType = "approve" | "edit" | "reject";

/** One action the human-in-the-loop middleware asks about: a tool call, with the text shown to a person. */
export type LangChainHitlActionRequest = {
  readonly name: string;
  readonly args: { readonly [key: string]: unknown };
  readonly description?: string | undefined;
};

/** How an action may be decided. */
export type LangChainHitlReviewConfig = {
  readonly actionName: string;
  readonly allowedDecisions: readonly LangChainHitlDecisionType[];
  readonly argsSchema?: { readonly [key: string]: unknown } | undefined;
};

/** The value the human-in-the-loop middleware interrupts with (LangChain's `HITLRequest`). */
export type LangChainHitlRequest = {
  readonly actionRequests: readonly LangChainHitlActionRequest[];
  readonly reviewConfigs: readonly LangChainHitlReviewConfig[];
};

/** One decision of a {@link LangChainHitlResponse}. */
export type LangChainHitlDecision =
  | { type: "approve" }
  | { type: "edit"; editedAction: { name: string; args: Record<string, unknown> } }
  | { type: "reject"; message: string };

/** The resume value the human-in-the-loop middleware takes (LangChain's `HITLResponse`): one decision per action, in order. */
export type LangChainHitlResponse = { decisions: LangChainHitlDecision[] };

const INTERRUPT_FIX = "Pass an entry of the result's __interrupt__ list.";
const RESUME_FIX = "Resume with new Command(toLangGraphResume(answers, result.__interrupt__)).";

/** The entries of an array argument, read once; anything else is an `invalid-type` error at `path`. */
function listAt(value: unknown, path: string, what: string, fix: string): unknown[] {
  // isArrayAt turns a revoked Proxy's throw into a ValidationError; Array.isArray, which cannot throw after it, narrows.
  if (typeof value !== "object" || value === null || !isArrayAt(value, path, what) || !Array.isArray(value)) raise("invalid-type", path, `${what} must be an array, got ${typeName(value)}`, fix);
  return readArray(value, path);
}

/** A request read from an interrupt's value (or given), its url checked by the link rule: LangGraph shows it to a person. */
function shownRequest(value: unknown, path: string, fn: string): Request {
  const req = toRequest(fromCheckpointText(value, path, "The interrupt's value", INTERRUPT_FIX), path);
  if (req.url !== undefined) checkLink(req.url, joinPath(path, "url"), fn);
  return req;
}


// ---------------------------------------------------------------------------------------------------------
// interrupt() and Command({ resume })

/**
 * The value to pass to LangGraph's `interrupt()` for a toolnexus request: the request's JSON, a fresh plain
 * object (LangGraph keeps it in its checkpoints and shows it as `result.__interrupt__[i].value`), or its JSON
 * text when its `data` holds an object a checkpoint would change (an own `__proto__`, `lc` or `__lc_escaped__`
 * key, or `lg_name: "Send"`: docs/hosts/langchain.md, "What a checkpoint changes"), so that it comes back
 * whole. {@link fromLangGraphInterrupt} and {@link toLangGraphResume} read both.
 *
 * A node runs again from its start when the graph resumes, so the request's id must be the same on every
 * run: build it from something stable, such as the tool call's id, not with `Request.create`.
 *
 * A url is shown to a person, so it must follow the link rule (https, or http to a loopback host): any other
 * is a `ValidationError` (`unsupported`, path `url`), as in every bridge.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { interrupt } from "@langchain/langgraph";
 * import { Request } from "toolnexus";
 * import { fromLangGraphResume, toLangGraphInterrupt } from "toolnexus/providers";
 *
 * const request = new Request({ id: toolCall.id, kind: "approval", prompt: "Deploy to production?" });
 * const answer = fromLangGraphResume(request, interrupt(toLangGraphInterrupt(request)));
 * ```
 */
export function toLangGraphInterrupt(request: AnyRequest): RequestJSON | string {
  return checkpointSafe(shownRequest(request, "", "toLangGraphInterrupt").toJSON());
}

/** An answer as a resume value: its JSON, or its JSON text when a checkpoint would change the JSON. */
const resumeValue = (answer: Answer): AnswerJSON | string => checkpointSafe(answer.toJSON());

/**
 * The toolnexus {@link Request} of a LangGraph interrupt made with {@link toLangGraphInterrupt}: an entry of
 * `result.__interrupt__` (`{ id, value }`), read once, by own properties; its `value` is checked as a
 * request's JSON (a `ValidationError` with a path under `value` otherwise), its url, when it has one, by the
 * link rule (`unsupported` at `value.url`), since a host shows it to a person.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const result = await graph.invoke(input, config);
 * const requests = (result.__interrupt__ ?? []).map((i) => fromLangGraphInterrupt(i));
 * ```
 */
export function fromLangGraphInterrupt(interrupt: LangGraphInterrupt): Request {
  const i = snapshot(interrupt, ["id", "value"], "", "An interrupt", INTERRUPT_FIX);
  if (i.value === undefined) raise("missing", "value", "The interrupt has no value", INTERRUPT_FIX);
  return shownRequest(i.value, "value", "fromLangGraphInterrupt");
}

/**
 * The params of `new Command(...)` that resume a graph with toolnexus answers.
 *
 * With one answer and no interrupts, `{ resume: answer JSON }`. An answer whose `data` holds an object a
 * LangGraph checkpoint would change (docs/hosts/langchain.md, "What a checkpoint changes") goes as its JSON
 * text instead, which {@link fromLangGraphResume} reads back whole. Given the pending interrupts (the result's
 * `__interrupt__` list), each answer is matched to the interrupt whose request has its id, by a map (linear in
 * both lists): one pending interrupt gives `{ resume: answer JSON }`, several give `{ resume: { [interrupt id]:
 * answer JSON } }`, so that each node gets its own answer whatever the order (LangGraph alone matches a list of
 * resume values by order). Every refusal is a `ValidationError` of code `invalid-value` at the id it is about:
 * one answer for another request than the one pending (`The answer is for request "a-1", not for "b-2"`), two
 * pending interrupts whose requests share an id (one answer would resume both: at the second one's
 * `interrupts[i].value.id`), an interrupt without its answer (its `interrupts[i].value.id`), an answer that
 * matches no interrupt, or a second answer for one request (its `[j].id`). Several answers without the
 * interrupts are `missing` at `interrupts`.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { Command } from "@langchain/langgraph";
 *
 * const paused = await graph.invoke(input, config);
 * const answers = [Answer.accept(requestB), Answer.decline(requestA)]; // any order
 * await graph.invoke(new Command(toLangGraphResume(answers, paused.__interrupt__)), config);
 * ```
 */
export function toLangGraphResume(answers: AnyAnswer | readonly AnyAnswer[], interrupts?: readonly LangGraphInterrupt[]): LangGraphResume {
  const given: unknown = answers; // typed as answers, read as anything a caller may pass
  const many = typeof given === "object" && given !== null && isArrayAt(given, "", "the answers") && Array.isArray(given);
  const list = many ? readArray(given, "").map((a, i) => toAnswer(a, `[${i}]`)) : [toAnswer(given, "")];
  const answerPath = (j: number): string => joinPath(many ? `[${j}]` : "", "id");
  if (list.length === 0) raise("missing", "", "There is no answer to resume with", "Pass the Answer (or Answers) to the pending interrupts.");

  if (interrupts === undefined) {
    if (list.length > 1) raise("missing", "interrupts", "Several answers need the pending interrupts, to key each answer by its interrupt's id", "Pass the result's __interrupt__ list as the second argument.");
    return { resume: resumeValue(list[0]) };
  }
  const pending = listAt(interrupts, "interrupts", "interrupts", "Pass the result's __interrupt__ list.").map((entry, i) => {
    const at = `interrupts[${i}]`;
    const it = snapshot(entry, ["id", "value"], at, "An interrupt", INTERRUPT_FIX);
    if (it.value === undefined) raise("missing", `${at}.value`, "The interrupt has no value", INTERRUPT_FIX);
    return { id: it.id, request: toRequest(fromCheckpointText(it.value, `${at}.value`, "The interrupt's value", INTERRUPT_FIX), `${at}.value`) };
  });
  if (pending.length === 1 && list.length === 1) {
    checkAnswerFor(list[0].id, pending[0].request.id, answerPath(0), "Pass the answer to the pending interrupt's request.");
    return { resume: resumeValue(list[0]) };
  }
  const answerOf = matchById(
    pending.map((p) => p.request.id),
    list.map((a) => a.id),
    { request: (i) => `interrupts[${i}].value.id`, answer: answerPath },
  );
  if (pending.length === 1) return { resume: resumeValue(list[answerOf[0]]) };
  const map: { [interruptId: string]: AnswerJSON | string } = {};
  pending.forEach((p, i) => {
    const id = p.id;
    if (typeof id !== "string" || id === "") {
      raise("missing", `interrupts[${i}].id`, "The interrupt has no id, and several are pending", "Pass the __interrupt__ list of a graph run with a checkpointer, as LangGraph gives it.");
    }
    if (Object.hasOwn(map, id)) raise("invalid-value", `interrupts[${i}].id`, `Two pending interrupts have the id ${quoted(id)}, so one resume value would answer both`, "Pass the __interrupt__ list as LangGraph gives it: each interrupt has its own id.");
    Object.defineProperty(map, id, { value: resumeValue(list[answerOf[i]]), enumerable: true, writable: true, configurable: true });
  });
  return { resume: map };
}

/**
 * The toolnexus {@link Answer} in a node, from the value `interrupt(toLangGraphInterrupt(request))` returned
 * (the answer's JSON, or its JSON text as {@link toLangGraphResume} writes it when a checkpoint would change
 * the JSON; a string that is not JSON text is a `ValidationError`, `not-json`), checked to be the answer to
 * `request`: an answer for another request is a `ValidationError` (code
 * `invalid-value`, path `id`, `The answer is for request "a-1", not for "b-2"`), since LangGraph, given a list
 * of resume values, matches parallel interrupts by their order.
 *
 * A node must catch that refusal and call `interrupt()` again: LangGraph keeps a resume value that made the
 * node throw, so a refusal left to escape would leave the thread stuck on it.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * let answer: Answer | undefined;
 * let value = interrupt(toLangGraphInterrupt(request));
 * while (answer === undefined) {
 *   try {
 *     answer = fromLangGraphResume(request, value);
 *   } catch {
 *     value = interrupt(toLangGraphInterrupt(request)); // ask again
 *   }
 * }
 * ```
 */
export function fromLangGraphResume(request: AnyRequest, value: unknown): Answer {
  const req = toRequest(request, "");
  const answer = toAnswer(fromCheckpointText(value, "", "The resume value", RESUME_FIX), "");
  checkAnswerFor(answer.id, req.id, "id", "Resume with new Command(toLangGraphResume(answers, result.__interrupt__)), which keys each answer by its interrupt; in the node, catch this error and call interrupt() again.");
  return answer;
}

// ---------------------------------------------------------------------------------------------------------
// createAgent's human-in-the-loop middleware

const DECISIONS: readonly string[] = ["approve", "edit", "reject"];
const HITL_FIX = "Pass the entry of __interrupt__ that createAgent's humanInTheLoopMiddleware made.";

/**
 * One toolnexus approval {@link Request} per action of an interrupt from `createAgent`'s
 * `humanInTheLoopMiddleware` (an entry of `result.__interrupt__`, whose value is `{ actionRequests,
 * reviewConfigs }`), read once, by own properties.
 *
 * Each request has kind `approval`, id `<interrupt id>:<index>`, the action's description as its prompt (a
 * prompt naming the tool and its arguments when there is none), and `data: { toolName, args,
 * allowedDecisions }`, so that it stands on its own as JSON: store it, answer it elsewhere, and give the
 * answers to {@link toLangChainHitlResponse}.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const paused = await agent.invoke({ messages: [new HumanMessage("deploy")] }, config);
 * const requests = fromLangChainHitlRequest(paused.__interrupt__![0]!);
 * requests[0]!.data; // { toolName: "deploy", args: { env: "prod" }, allowedDecisions: ["approve", "reject"] }
 * ```
 */
export function fromLangChainHitlRequest(interrupt: LangGraphInterrupt): Request[] {
  const it = snapshot(interrupt, ["id", "value"], "", "An interrupt", HITL_FIX);
  if (typeof it.id !== "string" || it.id === "") {
    raise(it.id === undefined ? "missing" : "invalid-type", "id", `The interrupt needs an id, got ${typeName(it.id)}`, "Run the agent with a checkpointer, and pass the interrupt as LangGraph gives it.");
  }
  const interruptId = it.id;
  const v = snapshot(it.value, ["actionRequests", "reviewConfigs"], "value", "The interrupt's value", HITL_FIX);
  const actions = listAt(v.actionRequests, "value.actionRequests", "actionRequests", HITL_FIX);
  const configs = listAt(v.reviewConfigs, "value.reviewConfigs", "reviewConfigs", HITL_FIX);
  if (actions.length !== configs.length) {
    raise("invalid-value", "value.reviewConfigs", `There are ${actions.length} actionRequests but ${configs.length} reviewConfigs`, HITL_FIX);
  }
  if (actions.length === 0) raise("invalid-value", "value.actionRequests", "The interrupt asks about no action", HITL_FIX);
  return actions.map((entry, i) => {
    const at = `value.actionRequests[${i}]`;
    const a = snapshot(entry, ["name", "args", "description"], at, "An action request", HITL_FIX);
    if (typeof a.name !== "string" || a.name === "") raise("invalid-type", `${at}.name`, `The action's name must be a non-empty string, got ${typeName(a.name)}`, HITL_FIX);
    // One copy of the args, checked as JSON data: the prompt shows the same args the request stores.
    const args = copyJsonObject(a.args, `${at}.args`, "The action's args");
    if (a.description !== undefined && typeof a.description !== "string") raise("invalid-type", `${at}.description`, `The description must be a string, got ${typeName(a.description)}`, HITL_FIX);
    const cat = `value.reviewConfigs[${i}]`;
    const c = snapshot(configs[i], ["actionName", "allowedDecisions"], cat, "A review config", HITL_FIX);
    if (c.actionName !== a.name) {
      raise("invalid-value", `${cat}.actionName`, `The review config is for ${quotedValue(c.actionName)}, but action ${i} calls ${quoted(a.name)}`, HITL_FIX);
    }
    const allowed = listAt(c.allowedDecisions, `${cat}.allowedDecisions`, "allowedDecisions", HITL_FIX);
    allowed.forEach((d, k) => {
      if (typeof d !== "string" || !DECISIONS.includes(d)) {
        raise("invalid-value", `${cat}.allowedDecisions[${k}]`, `Unknown decision ${quotedValue(d)}`, 'A decision is "approve", "edit" or "reject".');
      }
    });
    // The description (LangChain writes it over several lines) is shown as a tool's input is: one line, cut
    // at 500 characters with the rest counted. Without one, the approval prompt every host shares.
    const prompt = a.description !== undefined ? (promptInput(a.description) ?? "") : approvalPrompt(a.name, args);
    return new Request({ id: `${interruptId}:${i}`, kind: "approval", prompt, data: { toolName: a.name, args, allowedDecisions: allowed } });
  });
}

interface HitlAction {
  readonly id: string;
  readonly toolName: string;
  readonly allowed: readonly string[];
}

const isStringList = (v: unknown): v is readonly string[] => Array.isArray(v) && v.every((d) => typeof d === "string");

/** Reads a request {@link fromLangChainHitlRequest} made (or its JSON) back into what a decision needs. */
function hitlAction(value: unknown, i: number, prefix: { value: string | undefined }): HitlAction {
  const at = `requests[${i}]`;
  const req = toRequest(value, at);
  const fix = "Pass the requests fromLangChainHitlRequest() gave, all of them and in their order.";
  if (req.kind !== "approval") raise("invalid-value", `${at}.kind`, `The request has kind ${quoted(req.kind)}, not "approval"`, fix);
  const colon = req.id.lastIndexOf(":");
  const head = req.id.slice(0, colon);
  if (colon <= 0 || req.id.slice(colon + 1) !== String(i) || (prefix.value !== undefined && head !== prefix.value)) {
    raise("invalid-value", `${at}.id`, `Request ${quoted(req.id)} is not action ${i} of the interrupt`, fix);
  }
  prefix.value = head;
  const data = req.data;
  const toolName = data === undefined ? undefined : ownField(data, "toolName", `${at}.data`);
  const allowed = data === undefined ? undefined : ownField(data, "allowedDecisions", `${at}.data`);
  if (typeof toolName !== "string" || toolName === "") raise("invalid-value", `${at}.data.toolName`, "The request names no tool", fix);
  if (!isStringList(allowed)) raise("invalid-value", `${at}.data.allowedDecisions`, "The request lists no allowed decisions", fix);
  return { id: req.id, toolName, allowed };
}

/**
 * The resume value for `createAgent`'s human-in-the-loop middleware, `{ decisions }`, from the requests
 * {@link fromLangChainHitlRequest} gave and the toolnexus answers to them (in any order: each is matched to
 * its request by id). Pass it as `new Command({ resume: toLangChainHitlResponse(requests, answers) })`.
 *
 * Decisions follow the requests' order: an accepting answer is `approve`, or `edit` (with the tool's name and
 * the answer's `data.args`) when its data carries `args`; a refusal is `reject`, its message `data.reason`
 * when that is a string, else the reason word (`declined`, `cancelled`, `expired`). Everything is checked
 * before a decision is made, and the answers are matched to the requests by id, by a map (linear in both): a
 * request without its answer (at its `requests[i].id`), an answer for no request or a second answer for one
 * (at its `answers[j].id`), all `invalid-value`, or a decision the action does not allow, is a
 * `ValidationError`, never a partial list; so are edited args holding an object a LangGraph checkpoint would
 * change (`unsupported` at `answers[j].data.args`: the middleware would run the tool with other args). Note that the middleware then runs none of the batch's calls when
 * any is rejected (it returns to the model).
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { Command } from "@langchain/langgraph";
 *
 * const requests = fromLangChainHitlRequest(paused.__interrupt__![0]!);
 * const answers = [Answer.accept(requests[0]!), Answer.accept(requests[1]!, { args: { env: "staging" } })];
 * await agent.invoke(new Command({ resume: toLangChainHitlResponse(requests, answers) }), config);
 * ```
 */
export function toLangChainHitlResponse(requests: readonly AnyRequest[], answers: readonly AnyAnswer[]): LangChainHitlResponse {
  const prefix: { value: string | undefined } = { value: undefined };
  const actions = listAt(requests, "requests", "requests", "Pass the list fromLangChainHitlRequest() gave.").map((r, i) => hitlAction(r, i, prefix));
  if (actions.length === 0) raise("missing", "requests", "There is no request to decide", "Pass the list fromLangChainHitlRequest() gave.");
  const list = listAt(answers, "answers", "answers", "Pass one Answer per request.").map((a, j) => toAnswer(a, `answers[${j}]`));
  const answerOf = matchById(
    actions.map((x) => x.id),
    list.map((a) => a.id),
    listPaths("requests", "answers"),
  );

  const decisions = actions.map((action, i): LangChainHitlDecision => {
    const j = answerOf[i];
    const a = list[j];
    const at = `answers[${j}]`;
    const allow = (type: string): void => {
      if (!action.allowed.includes(type)) {
        raise("invalid-value", at, `The answer asks to ${type} the call to ${quoted(action.toolName)}, which allows only ${action.allowed.join(", ") || "no decision"}`, `Answer with one of the allowed decisions.`);
      }
    };
    const data = a.data;
    if (!a.ok) {
      allow("reject");
      const reason = data === undefined ? undefined : ownField(data, "reason", `${at}.data`);
      return { type: "reject", message: typeof reason === "string" ? reason : (a.reason ?? "declined") };
    }
    const args = data === undefined ? undefined : ownField(data, "args", `${at}.data`);
    if (args === undefined) {
      allow("approve");
      return { type: "approve" };
    }
    if (!isJsonRecord(args)) raise("invalid-type", `${at}.data.args`, `The edited args must be an object, got ${typeName(args)}`, "Accept with { args: { ... } } to edit the call, or without args to approve it.");
    allow("edit");
    // The middleware reads the decision after a checkpoint: args the checkpoint would change would run the tool
    // with other args, and the middleware reads no JSON text. Refused, never sent changed.
    const edited = checkpointSafe(args);
    if (typeof edited === "string") {
      raise("unsupported", `${at}.data.args`, "The edited args hold an object a LangGraph checkpoint would change (an own __proto__, lc or __lc_escaped__ key, or lg_name \"Send\"), so the tool would run with other args", "Edit the call with args a checkpoint keeps (docs/hosts/langchain.md lists the shapes it changes), or reject it.");
    }
    return { type: "edit", editedAction: { name: action.toolName, args: edited } };
  });
  return { decisions };
}

/** An object of an answer's data that is not a list: the shape of a tool call's args. */
function isJsonRecord(v: unknown): v is { [key: string]: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
