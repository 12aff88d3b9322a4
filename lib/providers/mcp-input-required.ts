/**
 * MCP 2026-07-28 (SEP-2322, multi round-trip requests): a toolnexus pause as an `input_required` result, both
 * ways. A tool call answers `{ resultType: "input_required", inputRequests: { <key>: { method, params } },
 * requestState? }`, and the client retries the same call, with a new id, holding `inputResponses` under the
 * same keys and `requestState` echoed. The key is the request's id, so that answers come back by id.
 *
 * Written on the MCP elicitation bridge (`toMcpElicitation`, `fromMcpElicitation`, `toMcpElicitResult`,
 * `fromMcpElicitResult`), which makes each entry, and on the pause kit, which matches answers by id. The
 * shapes are this package's own structural types; the spec suite runs them through the MCP TypeScript SDK v2
 * in-process. Nothing here imports the SDK. See docs/hosts/mcp.md.
 *
 * @module
 */
import { defineKey, isArrayAt, ownField, ownKeys, readArray, snapshot, stringOrAbsent, type Snapshot } from "../boundary";
import { isToolnexusError, raise, rerooted } from "../errors";
import { typeName } from "../json-data";
import { optionKeys, readOptionsOf } from "../options";
import { joinPath, keyPath } from "../path";
import { checkAnswerFor, matchLists } from "../pause";
import { quoted, quotedValue } from "../quote";
import { toAnswer, type Answer, type AnyAnswer } from "../answer";
import { toRequest, type AnyRequest, type Request } from "../request";
import type { AnyToolResult } from "../tool-result";
import { lossTargetOf, reportLoss, type LossTarget, type OnLoss } from "./loss";
import {
  fromMcpElicitation,
  fromMcpElicitResult,
  toMcpElicitation,
  toMcpElicitResult,
  type McpClientCapabilities,
  type McpElicitFormParams,
  type McpElicitParamsInput,
  type McpElicitResult,
  type McpElicitResultInput,
} from "./mcp-elicitation";
import { asResult, optionalString } from "./options";

/** The provider named in the losses of these functions. */
const PROVIDER = "mcp-input-required";

/** The params of a 2026-07-28 URL-mode elicitation: no `elicitationId` (removed in 2026-07-28; the entry's key is the id). */
export type McpInputUrlParams = {
  mode: "url";
  message: string;
  url: string;
};

/** The params of an embedded `elicitation/create` request, as {@link toMcpInputRequired} writes them. */
export type McpInputElicitParams = McpElicitFormParams | McpInputUrlParams;

/** One embedded request of an `input_required` result, as {@link toMcpInputRequired} writes it. */
export type McpInputRequest = {
  method: "elicitation/create";
  params: McpInputElicitParams;
};

/**
 * The `input_required` result of a paused tool call (MCP 2026-07-28), as {@link toMcpInputRequired} writes it:
 * what an MCP SDK v2 tool handler returns. The MCP SDK's `InputRequiredResult` accepts it.
 */
export type McpInputRequiredResult = {
  resultType: "input_required";
  /** One entry, under the request's id. */
  inputRequests: { [key: string]: McpInputRequest };
  /** The state the client echoes on the retry, as it was given. */
  requestState?: string;
};

/** Options of {@link toMcpInputRequired}. */
export interface ToMcpInputRequiredOptions {
  /**
   * The client's capabilities, which 2026-07-28 sends in every request's `_meta`
   * (`io.modelcontextprotocol/clientCapabilities`) and the per-request server reports
   * (`server.server.getClientCapabilities()`): the mode then follows what the client declared, as in
   * `toMcpElicitation`. `undefined` counts as not given.
   */
  capabilities?: McpClientCapabilities | undefined;
  /**
   * The state the client echoes on the retry: a non-empty string, passed through as given. It comes back
   * attacker-controlled: seal it (the MCP SDK's `createRequestStateCodec`, see docs/hosts/mcp.md), never put an
   * unsealed request in it.
   */
  requestState?: string | undefined;
}

/** An embedded request of an `input_required` result, as {@link fromMcpInputRequired} reads it (the MCP SDK's `InputRequest` fits). */
export type McpInputRequestInput = {
  readonly method: string;
  readonly params?: object | undefined;
};

/**
 * What {@link fromMcpInputRequired} reads: an `input_required` result, as the MCP SDK v2 client hands it back
 * in manual mode (`client.callTool(params, { allowInputRequired: true })`). Extra keys (`_meta`) are ignored.
 */
export type McpInputRequiredInput = {
  readonly resultType: string;
  readonly inputRequests?: { readonly [key: string]: McpInputRequestInput } | undefined;
  readonly requestState?: string | undefined;
};

/** Options of {@link fromMcpInputRequired}. */
export interface FromMcpInputRequiredOptions {
  /** Told of what the requests do not keep (a URL-mode `elicitationId`, which 2026-07-28 does not have). */
  onLoss?: OnLoss | undefined;
}

/** What {@link fromMcpInputRequired} gives: the requests to answer and the state to echo on the retry. */
export interface McpInputRequired {
  /** One `Request` per `elicitation/create` entry, in key order, each with its key as its id. */
  requests: Request[];
  /** The `requestState` to echo on the retry, byte for byte; `undefined` when the server sent none. */
  requestState: string | undefined;
}

/** The `inputResponses` of a retry, as {@link toMcpInputResponses} writes them: one `ElicitResult` per request, under its id. */
export type McpInputResponses = { [key: string]: McpElicitResult };

/** What {@link fromMcpInputResponses} reads: a retry's `inputResponses` (`ctx.mcpReq.inputResponses`), or nothing. */
export type McpInputResponsesInput = { readonly [key: string]: unknown } | null | undefined;

/** Options of {@link toMcpInputResponses}. */
export interface ToMcpInputResponsesOptions {
  /** Told of what MCP's `ElicitResult` cannot carry: a refusal's data, and a reason other than declined or cancelled. */
  onLoss?: OnLoss | undefined;
}

const TO_REQUIRED = optionKeys("toMcpInputRequired", ["capabilities", "requestState"]);
const FROM_REQUIRED = optionKeys("fromMcpInputRequired", ["onLoss"]);
const TO_RESPONSES = optionKeys("toMcpInputResponses", ["onLoss"]);

const REQUIRED_FIELDS = ["resultType", "inputRequests", "requestState"] as const;
const ENTRY_FIELDS = ["method", "params"] as const;
const PARAMS_FIELDS = ["mode", "message", "url", "requestedSchema", "elicitationId"] as const;
const RESPONSE_FIELDS = ["action", "content", "method", "result"] as const;
const ACTIONS = "MCP results carry action \"accept\", \"decline\" or \"cancel\".";

/** The client's capabilities as given: `undefined`, or an object (`toMcpElicitation` reads its `elicitation`). */
function isCapabilities(v: unknown): v is McpClientCapabilities | undefined {
  return v === undefined || (typeof v === "object" && v !== null);
}

/**
 * The `input_required` result of a paused tool call, for an MCP SDK v2 tool handler to return (MCP 2026-07-28).
 *
 * `result` must be pending (`ToolResult.pending(...)`, `ToolResult.authRequired(...)`): else a
 * `ValidationError` (`invalid-value`, path `""`). The result is `{ resultType: "input_required",
 * inputRequests: { [request.id]: { method: "elicitation/create", params } }, requestState? }`: the key is the
 * request's id, so that the answer comes back by id. `params` is what `toMcpElicitation(request, {
 * capabilities })` gives, in the 2026 shape: form mode `{ mode: "form", message, requestedSchema }` (an
 * `approval` asks one boolean `approved`), URL mode `{ mode: "url", message, url }`, without `elicitationId`
 * (2026-07-28 removed it); the url follows the link rule. A request the client cannot be asked (by its
 * `capabilities`) is a `ValidationError` (`unsupported`), as in `toMcpElicitation`, at its option's path
 * (`options.capabilities.elicitation.url`); an error about the request names its path in the result
 * (`metadata.pending.url`). An option that is not right is refused at `options.<key>`.
 *
 * `requestState`, when given, must be a non-empty string, and is passed through as given. The client can
 * change it: seal it with the MCP SDK's `createRequestStateCodec` (docs/hosts/mcp.md shows the recipe), and
 * never put an unsealed request in it. The value returned is fresh and unfrozen.
 *
 * @example
 * ```ts
 * server.registerTool("deploy", { inputSchema }, async ({ env }, ctx) => {
 *   const sealed = ctx.mcpReq.requestState<RequestJSON>();
 *   if (sealed !== undefined) {
 *     const request = Request.fromJSON(sealed);
 *     const answer = fromMcpInputResponses(request, ctx.mcpReq.inputResponses);
 *     if (answer?.ok) return toMcp(await deploy(env));
 *     if (answer) return toMcp(ToolResult.error("Not deployed: the deployment was refused"));
 *   }
 *   const paused = ToolResult.pending({ kind: "approval", prompt: `Deploy to ${env}?` });
 *   const capabilities = server.server.getClientCapabilities();
 *   return toMcpInputRequired(paused, { capabilities, requestState: await codec.mint(paused.pending.toJSON(), ctx) });
 * });
 * ```
 */
export function toMcpInputRequired(result: AnyToolResult, options?: ToMcpInputRequiredOptions): McpInputRequiredResult {
  const read = readOptionsOf(TO_REQUIRED, options, "options");
  const capabilities = read.capabilities;
  if (!isCapabilities(capabilities)) {
    raise("invalid-type", "options.capabilities", `capabilities must be the client's ClientCapabilities, got ${typeName(capabilities)}`, "Pass the client's capabilities as server.server.getClientCapabilities() gives them, or leave them out.");
  }
  const requestState = optionalString(read.requestState, "options.requestState", "await codec.mint(result.pending.toJSON(), ctx)");
  const request = asResult(result, "toMcpInputRequired").pending;
  if (request === undefined) {
    raise(
      "invalid-value",
      "",
      "toMcpInputRequired() pauses a call with a pending result, and this result is not pending",
      "Return a complete result as the call's result (toMcp(result)); pass a result made by ToolResult.pending() or ToolResult.authRequired() here.",
    );
  }
  let params;
  try {
    params = toMcpElicitation(request, { capabilities });
  } catch (e) {
    // What the client cannot be asked is named at its option (options.capabilities.elicitation.url); what MCP
    // cannot carry of the request, in the result (metadata.pending.url).
    throw rerooted(e, isToolnexusError(e) && e.path.startsWith("capabilities") ? "options" : "metadata.pending");
  }
  const inputRequests: { [key: string]: McpInputRequest } = {};
  defineKey(inputRequests, request.id, {
    method: "elicitation/create",
    params: params.mode === "url" ? { mode: "url", message: params.message, url: params.url } : params,
  });
  const out: McpInputRequiredResult = { resultType: "input_required", inputRequests };
  if (requestState !== undefined) out.requestState = requestState;
  return out;
}

/** True for an action of an `ElicitResult`. */
function isAction(v: unknown): v is McpElicitResultInput["action"] {
  return v === "accept" || v === "decline" || v === "cancel";
}

/** An `ElicitResult`'s content as read: absent, `null`, or an object whose values `fromMcpElicitResult` reads and checks one by one. */
function isContent(v: unknown): v is McpElicitResultInput["content"] {
  return v === undefined || v === null || typeof v === "object";
}

/**
 * The `Answer` to `request` in a retry's `inputResponses` (`ctx.mcpReq.inputResponses`, MCP 2026-07-28), or
 * `undefined` when they hold no entry for the request's id (then the tool asks again, as the spec says).
 *
 * The entry under the request's id is the bare `ElicitResult`, read as `fromMcpElicitResult` reads it: `{
 * action: "accept", content }` is `Answer.accept(request, content)` (for an `approval`, only `content.approved:
 * true` approves, `approved: false` is a refusal, and content without a boolean `approved` is a
 * `ValidationError`); URL mode's bare `{ action: "accept" }` is `Answer.accept(request)`: the person agreed to
 * open the link, not that what it asks was done, so the tool checks the outcome itself; `decline` is
 * `Answer.decline(request)`; `cancel` is a refusal with `reason: "cancelled"`.
 *
 * An entry under another key is a `ValidationError` (`invalid-value`, path `inputResponses.<key>`) whose message
 * quotes both ids: answers are matched by id, never by position. A `{ method, result }` wrapper, or an action
 * outside the three, is `invalid-value` at its path; content values follow `toMcpElicitResult`'s rule. The
 * responses are read once, by their own properties.
 *
 * @example
 * ```ts
 * const answer = fromMcpInputResponses(request, ctx.mcpReq.inputResponses);
 * if (answer === undefined) return toMcpInputRequired(ToolResult.pending(request), { requestState });
 * ```
 */
export function fromMcpInputResponses(request: AnyRequest, inputResponses: McpInputResponsesInput): Answer | undefined {
  const req = toRequest(request, "request");
  if (inputResponses === undefined || inputResponses === null) return undefined;
  if (typeof inputResponses !== "object" || isArrayAt(inputResponses, "inputResponses", "the inputResponses")) {
    raise("invalid-type", "inputResponses", `inputResponses must be an object of responses by key, got ${typeName(inputResponses)}`, "Pass ctx.mcpReq.inputResponses as the MCP SDK gives it.");
  }
  let at: string | undefined;
  let entry: unknown;
  for (const key of ownKeys(inputResponses, "inputResponses", "the keys of inputResponses")) {
    const path = keyPath("inputResponses", key);
    checkAnswerFor(key, req.id, path, "Each entry of inputResponses answers the input request of the same key: send the answer under this request's id.", true);
    at = path;
    entry = ownField(inputResponses, key, "inputResponses");
  }
  if (at === undefined) return undefined;
  const r = snapshot(entry, RESPONSE_FIELDS, at, "An input response", "Send the ElicitResult itself, such as { action: \"accept\", content: { ... } }.");
  if (r.action === undefined && (r.method !== undefined || r.result !== undefined)) {
    raise("invalid-value", at, "The input response is a { method, result } wrapper, not the bare ElicitResult", "Send the ElicitResult itself under the request's key ({ action, content? }), as MCP 2026-07-28 requires.");
  }
  if (!isAction(r.action)) {
    const code = r.action === undefined ? "missing" : typeof r.action === "string" ? "invalid-value" : "invalid-type";
    raise(code, joinPath(at, "action"), r.action === undefined ? "The input response has no action" : `Unknown action ${quotedValue(r.action)}`, ACTIONS);
  }
  const content = r.content;
  if (!isContent(content)) raise("invalid-type", joinPath(at, "content"), `content must be an object, got ${typeName(content)}`, "MCP results carry content as { field: value }.");
  try {
    return fromMcpElicitResult(req, { action: r.action, content });
  } catch (e) {
    throw rerooted(e, at);
  }
}

/** An entry's params, read once, as `fromMcpElicitation` reads them: with the entry's key as the URL mode's id. */
function elicitParams(p: Snapshot<(typeof PARAMS_FIELDS)[number]>, key: string): unknown {
  const out: Record<string, unknown> = { mode: p.mode, message: p.message };
  if (p.mode === "url") {
    out.url = p.url;
    out.elicitationId = key;
  } else {
    out.requestedSchema = p.requestedSchema;
  }
  return out;
}

/** Params read into a fresh object: what `fromMcpElicitation` reads field by field, and checks itself. */
function isParamsObject(v: unknown): v is McpElicitParamsInput {
  return typeof v === "object" && v !== null;
}

/** The `Request` of one entry of `inputRequests`, its id the entry's key. */
function readInputRequest(entry: unknown, key: string, at: string, to: LossTarget): Request {
  const e = snapshot(entry, ENTRY_FIELDS, at, "An input request", "Each entry of inputRequests is an embedded request { method, params }.");
  const method = e.method;
  if (method === "sampling/createMessage" || method === "roots/list") {
    raise(
      "unsupported",
      at,
      `The input request ${quoted(key)} is a ${method} request, which is no person's request`,
      `Fulfil it with the MCP SDK's own handler (client.setRequestHandler("${method}", ...) with inputRequired: { autoFulfill: true }), or answer it yourself in the retry's inputResponses.`,
    );
  }
  if (method !== "elicitation/create") {
    if (method === undefined) raise("missing", joinPath(at, "method"), "The input request has no method", "MCP 2026-07-28 input requests are elicitation/create, sampling/createMessage or roots/list.");
    raise(typeof method === "string" ? "invalid-value" : "invalid-type", joinPath(at, "method"), `Unknown input request method ${quotedValue(method)}`, "MCP 2026-07-28 input requests are elicitation/create, sampling/createMessage or roots/list.");
  }
  if (key === "") raise("invalid-value", at, "The input request's key is empty", "Key each input request by a non-empty id: its answer comes back under it.");
  const paramsAt = joinPath(at, "params");
  const p = snapshot(e.params, PARAMS_FIELDS, paramsAt, "The params of an elicitation/create request", "Send the params { mode, message, url } or { mode: \"form\", message, requestedSchema }.");
  if (p.mode === "url" && p.elicitationId !== undefined) {
    reportLoss(to, joinPath(paramsAt, "elicitationId"), `MCP 2026-07-28 URL mode has no elicitationId; the request's id is its key ${quoted(key)}`);
  }
  const params = elicitParams(p, key);
  if (!isParamsObject(params)) return raise("invalid-type", paramsAt, "The params must be an object", "Send the params of the elicitation/create request.");
  try {
    const read = fromMcpElicitation(params);
    return read.id === key ? read : read.with({ id: key });
  } catch (err) {
    throw rerooted(err, paramsAt);
  }
}

/**
 * The requests of an `input_required` result (MCP 2026-07-28), for a host that calls an MCP SDK v2 server in
 * manual mode (`inputRequired: { autoFulfill: false }`, `client.callTool(params, { allowInputRequired: true })`)
 * and routes each request to a person: `{ requests, requestState }`.
 *
 * `requests` holds one `Request` per `elicitation/create` entry, in key order, its id the entry's key, read as
 * `fromMcpElicitation` reads params: form mode gives `kind: "input"` with `data.schema` (`kind: "approval"`
 * when the schema is exactly one required boolean `approved`), URL mode `kind: "authorization"` with its `url`
 * (the link rule applies). `requestState` is the string to echo on the retry, or `undefined`.
 *
 * A `sampling/createMessage` or `roots/list` entry is no person's request: a `ValidationError` (`unsupported`,
 * path `inputRequests.<key>`) whose fix says to fulfil it with the SDK's own handler. A value whose
 * `resultType` is not `"input_required"` is a `ValidationError` (`invalid-value`, path `resultType`): read a
 * complete result with `fromMcp`. The value is read once, by its own properties.
 *
 * @example
 * ```ts
 * const first = await client.callTool({ name: "deploy", arguments }, { allowInputRequired: true });
 * if (isInputRequiredResult(first)) {
 *   const { requests, requestState } = fromMcpInputRequired(first);
 *   const answers = await Promise.all(requests.map(askAPerson));
 *   const inputResponses = toMcpInputResponses(answers, requests);
 *   const result = fromMcp(await client.callTool({ name: "deploy", arguments, inputResponses, requestState }));
 * }
 * ```
 */
export function fromMcpInputRequired(value: McpInputRequiredInput, options?: FromMcpInputRequiredOptions): McpInputRequired {
  const to = lossTargetOf(PROVIDER, readOptionsOf(FROM_REQUIRED, options, "options").onLoss, "options.onLoss");
  const v = snapshot(value, REQUIRED_FIELDS, "", "fromMcpInputRequired() reads an input_required result, which", "Pass what client.callTool(params, { allowInputRequired: true }) gave when its resultType is \"input_required\".");
  if (v.resultType !== "input_required") {
    raise(
      "invalid-value",
      "resultType",
      v.resultType === undefined ? "The result has no resultType, so it is not an input_required result" : `The resultType is ${quotedValue(v.resultType)}, not "input_required"`,
      "Read a complete result with fromMcp(); fromMcpInputRequired() reads the result of a call that asks for input.",
    );
  }
  const state = stringOrAbsent(v.requestState, "requestState", "requestState", "Echo the server's requestState as it sent it.");
  const requests: Request[] = [];
  const inputRequests = v.inputRequests;
  if (inputRequests !== undefined) {
    if (typeof inputRequests !== "object" || inputRequests === null || isArrayAt(inputRequests, "inputRequests", "the inputRequests")) {
      raise("invalid-type", "inputRequests", `inputRequests must be an object of requests by key, got ${typeName(inputRequests)}`, "Pass the input_required result as the MCP SDK gives it.");
    }
    for (const key of ownKeys(inputRequests, "inputRequests", "the keys of inputRequests")) {
      requests.push(readInputRequest(ownField(inputRequests, key, "inputRequests"), key, keyPath("inputRequests", key), to));
    }
  }
  return { requests, requestState: state };
}

/**
 * The `inputResponses` of the retry (MCP 2026-07-28): one `ElicitResult` per request, under its id, as
 * `toMcpElicitResult(answer, { request })` gives it (an `approval` accepted as `{ approved: true, ...data }`).
 *
 * Answers are matched to requests by id, never by position: every request needs its answer and every answer
 * its request, else a `ValidationError` (`invalid-value`) at the id that has none (`answers[1].id`,
 * `requests[0].id`); two answers for one request, or two requests with one id, are refused too. A refusal's
 * `data` and a `reason` other than declined or cancelled cannot travel (MCP's `ElicitResult` has no field for
 * them; `expired` goes as `cancel`) and are reported to `onLoss` (`answers[0].data.note`, `answers[0].reason`).
 *
 * The answers and requests may be `Answer`s and `Request`s or their JSON shapes. The value is fresh and unfrozen.
 *
 * @example
 * ```ts
 * const inputResponses = toMcpInputResponses([Answer.accept(approval)], [approval]);
 * // { [approval.id]: { action: "accept", content: { approved: true } } }
 * ```
 */
export function toMcpInputResponses(answers: readonly AnyAnswer[], requests: readonly AnyRequest[], options?: ToMcpInputResponsesOptions): McpInputResponses {
  const to = lossTargetOf(PROVIDER, readOptionsOf(TO_RESPONSES, options, "options").onLoss, "options.onLoss");
  const ans = listOf(answers, "answers").map((a, j) => toAnswer(a, `answers[${j}]`));
  const reqs = listOf(requests, "requests").map((r, i) => toRequest(r, `requests[${i}]`));
  const match = matchLists(reqs, ans);
  const out: McpInputResponses = {};
  for (let i = 0; i < reqs.length; i++) {
    const j = match[i];
    const answer = ans[j];
    const at = `answers[${j}]`;
    const onLoss: OnLoss | undefined = to.onLoss === undefined ? undefined : (loss) => {
            reportLoss(to, joinPath(at, loss.path), loss.reason);
          };
    let result: McpElicitResult;
    try {
      result = toMcpElicitResult(answer, { request: reqs[i], onLoss });
    } catch (e) {
      throw rerooted(e, at);
    }
    if (!answer.ok && answer.reason !== "declined" && answer.reason !== "cancelled") {
      reportLoss(to, joinPath(at, "reason"), `MCP's ElicitResult has no reason: ${quoted(answer.reason ?? "cancelled")} goes as cancel, which reads back as "cancelled"`);
    }
    defineKey(out, reqs[i].id, result);
  }
  return out;
}

/** A list the caller passed, read once into a fresh array; anything but an array is `invalid-type` at `path`. */
function listOf(value: unknown, path: string): unknown[] {
  if (typeof value !== "object" || value === null || !isArrayAt(value, path) || !Array.isArray(value)) {
    return raise("invalid-type", path, `${path} must be an array, got ${typeName(value)}`, `Pass the ${path} as an array.`);
  }
  return readArray(value, path);
}
