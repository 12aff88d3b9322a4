/**
 * MCP elicitation, both ways: a toolnexus `Request` becomes the params of an `elicitation/create` request
 * (URL mode for links, form mode with a flat schema), and an `ElicitResult` becomes an `Answer`.
 *
 * The shapes here are this package's own structural types; they are what the MCP TypeScript SDK's
 * `ElicitRequestParams` and `ElicitResult` accept, and the spec suite parses every output with the SDK's own
 * schemas. Nothing here imports the SDK.
 *
 * @module
 */
import { defineKey, isArrayAt, ownField, ownKeys, readArray, snapshot } from "../boundary";
import { raise } from "../errors";
import { copyJson, isPlainObject, newWalk, typeName } from "../json-data";
import { optionKeys, readOptionsOf } from "../options";
import { formatPath } from "../path";
import { checkAnswerFor, checkLink, pendingText } from "../pause";
import { quoted, quotedValue } from "../quote";
import { Answer, toAnswer, type AnyAnswer } from "../answer";
import type { JsonObject } from "../json-type";
import { Request, toRequest, type AnyRequest } from "../request";
import { lossTargetOf, reportLoss, type LossTarget, type OnLoss } from "./loss";
import { ELICITATION, approvalSchema, formSchema, isApprovalSchema, outputSchema, type Dropped, type McpElicitationSchema } from "./mcp-form-schema";

/** The params of a URL-mode `elicitation/create`: send a person to a page (a login, an OAuth consent). */
export type McpElicitUrlParams = {
  mode: "url";
  message: string;
  elicitationId: string;
  url: string;
};

/** The params of a form-mode `elicitation/create`: ask a person to fill in a flat form. */
export type McpElicitFormParams = {
  mode: "form";
  message: string;
  requestedSchema: McpElicitationSchema;
};

/** The params of an `elicitation/create` request, as {@link toMcpElicitation} writes them. */
export type McpElicitParams = McpElicitUrlParams | McpElicitFormParams;

/**
 * The params of an `elicitation/create` request, as {@link fromMcpElicitation} reads them: `mode` may be
 * absent (it means form mode), and extra keys (`_meta`, `task`, ...) are ignored.
 */
export type McpElicitParamsInput =
  | { readonly mode: "url"; readonly message: string; readonly elicitationId: string; readonly url: string }
  | {
      readonly mode?: "form" | undefined;
      readonly message: string;
      readonly requestedSchema: { readonly type: "object"; readonly properties: object; readonly required?: readonly string[] | undefined };
    };

/** A value an MCP form answer can hold. */
export type McpElicitValue = string | number | boolean | string[];

/** The result of an `elicitation/create` request. */
export type McpElicitResult = {
  action: "accept" | "decline" | "cancel";
  content?: { [name: string]: McpElicitValue };
};

/**
 * What {@link fromMcpElicitResult} reads: an `ElicitResult` (extra keys such as `_meta` are ignored). A form
 * value is a string, a number, a boolean or a list of strings, as the MCP SDK's `ElicitResult` and its schema
 * say: `undefined` is no value (the type refuses it, and so does the runtime, at `content.<field>`).
 */
export type McpElicitResultInput = {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: { readonly [name: string]: string | number | boolean | readonly string[] } | null | undefined;
};

/** Options of {@link toMcpElicitation} and {@link toMcpElicitResult}. */
export interface ElicitationOptions {
  /** Told of everything that does not reach MCP as it was (a schema keyword, a data key, an expiry). */
  onLoss?: OnLoss | undefined;
}

/**
 * What {@link toMcpElicitation} reads of a client's `ClientCapabilities` (the MCP SDK's own type fits):
 * `elicitation` with its `form` and `url` modes. `elicitation: {}` means form mode only.
 */
export type McpClientCapabilities = {
  readonly elicitation?: { readonly form?: object | undefined; readonly url?: object | undefined } | undefined;
  readonly [key: string]: unknown;
};

/** Options of {@link toMcpElicitResult}. */
export interface ToMcpElicitResultOptions extends ElicitationOptions {
  /**
   * The request the answer is for. Given an `approval` request (one whose form asks the boolean `approved`),
   * an accepting answer is sent as `{ approved: true, ...data }`, which is what that form requires; the answer
   * must then be for this request (its id), else a `ValidationError` (`invalid-value`, path `id`).
   */
  request?: AnyRequest | undefined;
}

/** Options of {@link toMcpElicitation}. */
export interface ToMcpElicitationOptions extends ElicitationOptions {
  /**
   * The client's capabilities, as `server.getClientCapabilities()` gives them: the mode then follows what the
   * client declared. `undefined` counts as not given (the mode follows the request alone).
   */
  capabilities?: McpClientCapabilities | undefined;
}

const PARAMS_FIELDS = ["mode", "message", "elicitationId", "url", "requestedSchema"] as const;
const RESULT_FIELDS = ["action", "content"] as const;
const ELICITATION_OPTIONS = optionKeys("toMcpElicitation", ["onLoss", "capabilities"]);
const RESULT_OPTIONS = optionKeys("toMcpElicitResult", ["onLoss", "request"]);

/** The elicitation modes a client declared; `undefined` when its capabilities were not given. */
type Modes = { readonly form: boolean; readonly url: boolean } | undefined;

function readModes(capabilities: unknown): Modes {
  if (capabilities === undefined) return undefined;
  const caps = snapshot(capabilities, ["elicitation"], "capabilities", "capabilities", "Pass the client's capabilities as server.getClientCapabilities() gives them, or leave them out.");
  if (caps.elicitation === undefined) return { form: false, url: false };
  const e = snapshot(caps.elicitation, ["form", "url"], "capabilities.elicitation", "capabilities.elicitation", "Pass the client's capabilities as server.getClientCapabilities() gives them.");
  const url = e.url !== undefined;
  // `elicitation: {}` (as clients declared it before URL mode existed) means form mode only.
  return { form: e.form !== undefined || !url, url };
}

const RETURN_PENDING = "Return the pending result to the caller instead, and resume the tool when the answer arrives by another way.";

function unsupported(path: string, problem: string): never {
  return raise("unsupported", path, problem, RETURN_PENDING);
}

/**
 * Reports what an elicitation does not carry, once the whole request is known to be valid: the schema's
 * keywords `dropped` on the way (in the order of the schema's keys), then the request's other data and its
 * expiry.
 */
function reportRequestLosses(request: Request, keepSchema: boolean, dropped: readonly Dropped[], to: LossTarget, mode: string): void {
  if (to.onLoss === undefined) return;
  for (const d of dropped) reportLoss(to, d.path, d.reason);
  if (request.data) {
    for (const k of Object.keys(request.data)) {
      if (!keepSchema || k !== "schema") reportLoss(to, formatPath(["data", k]), `An MCP ${mode}-mode elicitation carries no request data; ${quoted(k)} is dropped`);
    }
  }
  if (request.expiresAt !== undefined) reportLoss(to, "expiresAt", "An MCP elicitation carries no expiry; enforce expiresAt on the server side");
}

/**
 * True when `request` asks a yes/no approval in its form: kind `approval`, and either no `data.schema` (the form
 * is {@link approvalSchema}'s one boolean `approved`) or a schema of its own with an `approved` field. Only an
 * explicit `approved` then approves.
 */
function asksApproval(request: Request): boolean {
  if (request.kind !== "approval") return false;
  const schema = request.data === undefined ? undefined : ownField(request.data, "schema", "data");
  if (schema === undefined) return true;
  const properties = isPlainObject(schema) ? ownField(schema, "properties", "data.schema") : undefined;
  return isPlainObject(properties) && Object.hasOwn(properties, "approved");
}

/**
 * The params of an MCP `elicitation/create` request for a toolnexus {@link Request}.
 *
 * - A request with a `url` becomes URL mode: `{ mode: "url", message: prompt, elicitationId: id, url }`.
 *   The url is sent to a person, so it follows the link rule of every bridge: an absolute http(s) URL written
 *   as sent (else `invalid-value`), and https, or http to a loopback host (`localhost`, `127.0.0.0/8`,
 *   `[::1]`), without credentials (`user:password@`) in it (else `unsupported`), at path `url`.
 * - A request of kind `authorization` always becomes URL mode, so credentials never travel through a form;
 *   one without a `url` is a `ValidationError`.
 * - Any other request becomes form mode, `{ mode: "form", message: prompt, requestedSchema }`, the schema
 *   read from `data.schema`, or, without one, one required string field `output` (what `Answer.output`
 *   gives); a request of kind `approval` without `data.schema` gets one required boolean field `approved`
 *   instead, titled with the prompt, so that only an explicit yes approves. MCP forms are flat: a field that is a nested object, or a list of anything but string choices, is
 *   a `ValidationError` naming it. Keywords MCP cannot carry (`pattern`, `additionalProperties`, `$schema`, a
 *   `format` other than email, uri, date and date-time, ...) are dropped and reported to `onLoss`, as are
 *   other `data` keys and `expiresAt`. To refuse such a schema instead, throw from `onLoss`.
 *
 * With `capabilities` (the client's, as `server.getClientCapabilities()` gives them), the mode follows what
 * the client declared (`elicitation: {}` means form mode only): a request with a url goes in form mode, the
 * url on its own line in the message, when the client has no URL mode; an `authorization` request then, any
 * request when the client declared no `elicitation`, and a request that needs form mode sent to a client
 * with URL mode only, are a `ValidationError` of code `unsupported`: return the pending result to the caller
 * instead. `capabilities: undefined` counts as not given.
 *
 * The request may be a `Request` or its JSON shape. The params are a fresh, unfrozen object.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const login = ToolResult.authRequired("https://auth.example.com/login?state=abc").pending!;
 * await server.elicitInput(toMcpElicitation(login));
 * // { mode: "url", message: "Authorization required to continue", elicitationId: login.id, url: "https://auth.example.com/login?state=abc" }
 *
 * const ask = Request.create({ kind: "input", prompt: "Which environment?" });
 * toMcpElicitation(ask).requestedSchema;
 * // { type: "object", properties: { output: { type: "string" } }, required: ["output"] }
 * ```
 */
export function toMcpElicitation(request: AnyRequest, options?: ToMcpElicitationOptions): McpElicitParams {
  const read = readOptionsOf(ELICITATION_OPTIONS, options);
  const to = lossTargetOf(ELICITATION, read.onLoss);
  const modes = readModes(read.capabilities);
  const req = toRequest(request, "");
  if (modes !== undefined && !modes.form && !modes.url) {
    unsupported("capabilities.elicitation", "The client declared no elicitation capability, so it cannot be asked anything");
  }
  let message = req.prompt;
  if (req.url !== undefined || req.kind === "authorization") {
    if (req.url === undefined) {
      raise("missing", "url", "A request of kind \"authorization\" has no url", "Authorization goes to MCP as a link (URL mode), never as a form: give the request the url of the login page.");
    }
    const url = checkLink(req.url, "url", "toMcpElicitation");
    if (modes === undefined || modes.url) {
      reportRequestLosses(req, false, [], to, "URL");
      return { mode: "url", message, elicitationId: req.id, url };
    }
    if (req.kind === "authorization") {
      unsupported("capabilities.elicitation.url", "The client has no URL-mode elicitation, and authorization goes to MCP as a link only, never through a form");
    }
    // A link to a client with form mode only: the form shows it, on its own line of the message.
    message = pendingText(message, url);
  } else if (modes !== undefined && !modes.form) {
    unsupported("capabilities.elicitation.form", "The client has URL-mode elicitation only, and this request needs a form (it has no url)");
  }
  const dropped: Dropped[] = [];
  const own = req.data === undefined ? undefined : ownField(req.data, "schema", "data");
  const schema = own !== undefined ? formSchema(own, ["data", "schema"], dropped) : req.kind === "approval" ? approvalSchema(req.prompt) : outputSchema();
  reportRequestLosses(req, true, dropped, to, "form");
  return { mode: "form", message, requestedSchema: schema };
}

/**
 * The toolnexus {@link Request} for the params of an MCP `elicitation/create` request (what an MCP client
 * receives), so that a host can keep it, route it to a person and answer it with an `Answer`.
 *
 * - URL mode gives `{ id: elicitationId, kind: "authorization", prompt: message, url }`. The url is checked
 *   as {@link toMcpElicitation} checks it (the link rule of every bridge: it is shown to a person).
 * - Form mode (`mode: "form"` or no mode) gives `{ kind: "input", prompt: message, data: { schema } }` with
 *   `schema` the `requestedSchema` as sent, and a generated id, since form mode carries none (use
 *   `request.with({ id })` to set your own). A form that asks exactly one required boolean `approved` (what
 *   {@link toMcpElicitation} sends for an approval) gives kind `approval`.
 *
 * A value that is not elicitation params is a `ValidationError`. The params are read once, by their own
 * properties, and the schema is copied once as JSON data: the copy checked is the copy stored. A getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * client.setRequestHandler(ElicitRequestSchema, async (req) => {
 *   const request = fromMcpElicitation(req.params);
 *   const answer = await askAPerson(request);
 *   return toMcpElicitResult(answer);
 * });
 * ```
 */
export function fromMcpElicitation(params: McpElicitParamsInput): Request {
  const p = snapshot(params, PARAMS_FIELDS, "", "Elicitation params", "Pass the params of the elicitation/create request (request.params).");
  const mode = p.mode;
  if (mode !== undefined && mode !== "url" && mode !== "form") {
    raise("invalid-value", "mode", `Unknown elicitation mode ${quotedValue(mode)}`, "MCP elicitation modes are \"form\" (the default) and \"url\".");
  }
  if (typeof p.message !== "string") raise(p.message === undefined ? "missing" : "invalid-type", "message", `The message must be a string, got ${typeName(p.message)}`, "Pass elicitation params with the message shown to the person.");
  if (mode === "url") {
    const id = urlModeField(p.elicitationId, "elicitationId");
    const url = urlModeField(p.url, "url");
    if (id === "") raise("invalid-value", "elicitationId", "The elicitationId is empty", "URL-mode elicitations carry a non-empty elicitationId.");
    return new Request({ id, kind: "authorization", prompt: p.message, url: checkLink(url, "url", "fromMcpElicitation") });
  }
  if (p.requestedSchema === undefined) raise("missing", "requestedSchema", "Form-mode params have no requestedSchema", "Form-mode elicitations carry the schema of the form as requestedSchema.");
  // Copied once as JSON data (each getter read once), then checked as a schema we would send: flat, primitive
  // fields. The copy checked is the copy stored; nothing is reported: the schema is kept as sent.
  const schema = copyJson(p.requestedSchema, newWalk("requestedSchema"), 0);
  const checked = formSchema(schema, ["requestedSchema"], []);
  return Request.create({ kind: isApprovalSchema(checked) ? "approval" : "input", prompt: p.message, data: { schema } });
}

/** `elicitationId` or `url` of URL-mode params: a string, present. */
function urlModeField(v: unknown, k: "elicitationId" | "url"): string {
  if (v === undefined) raise("missing", k, `URL-mode params have no ${k}`, "URL-mode elicitations carry elicitationId and url.");
  if (typeof v !== "string") raise("invalid-type", k, `${k} must be a string, got ${typeName(v)}`, "URL-mode elicitations carry elicitationId and url as strings.");
  return v;
}

/** One value of a form answer, read once; a list is read entry by entry into a fresh array. */
function elicitValue(v: unknown, path: string): McpElicitValue {
  if (typeof v === "string" || typeof v === "boolean" || typeof v === "number") return v;
  if (typeof v === "object" && v !== null && isArrayAt(v, path) && Array.isArray(v)) {
    return readArray(v, path).map((s, i) => {
      if (typeof s !== "string") raise("invalid-type", `${path}[${i}]`, `An MCP form answer holds lists of strings only, and this list holds ${typeName(s)}`, "Send the choices as strings.");
      return s;
    });
  }
  return raise("invalid-type", path, `An MCP form answer holds strings, numbers, booleans and lists of strings, not ${typeName(v)}`, "Flatten the answer into one value per form field.");
}

/** Reads form content (`{ field: value }`) once, by its own keys, into a fresh object. */
function readContent(data: object, root: string): { [name: string]: McpElicitValue } {
  const out: Record<string, McpElicitValue> = {};
  for (const k of ownKeys(data, root, "the content's keys")) {
    const path = formatPath([k], root);
    defineKey(out, k, elicitValue(ownField(data, k, root), path));
  }
  return out;
}

/**
 * The MCP `ElicitResult` for a toolnexus {@link Answer}: `ok` becomes `accept` (with `content` = `data`),
 * `reason: "declined"` becomes `decline`, and any other refusal (`cancelled`, `expired`) becomes `cancel`.
 *
 * MCP's `content` holds strings, numbers, booleans and lists of strings: `data` holding anything else (a
 * nested object, `null`, a list of numbers) is a `ValidationError` naming the value. Data on a refusal is
 * not sent (MCP omits content there) and is reported to `onLoss`.
 *
 * Given `request`, the `approval` request the answer is for, an accepting answer is sent as `{ approved: true,
 * ...data }` (the form {@link toMcpElicitation} sends for it requires `approved`); a `data.approved` that is not
 * `true` contradicts the acceptance and is a `ValidationError` at `data.approved`; an answer for another request
 * is a `ValidationError` (`invalid-value`, path `id`). Without `request`, as before.
 *
 * The answer may be an `Answer` or its JSON shape. The result is a fresh, unfrozen object.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * toMcpElicitResult(Answer.output(request, "staging")); // { action: "accept", content: { output: "staging" } }
 * toMcpElicitResult(Answer.decline(request));             // { action: "decline" }
 * toMcpElicitResult(Answer.decline(request, "expired"));  // { action: "cancel" }
 * toMcpElicitResult(Answer.accept(approval), { request: approval }); // { action: "accept", content: { approved: true } }
 * ```
 */
export function toMcpElicitResult(answer: AnyAnswer, options?: ToMcpElicitResultOptions): McpElicitResult {
  const read = readOptionsOf(RESULT_OPTIONS, options);
  const to = lossTargetOf(ELICITATION, read.onLoss);
  const a = toAnswer(answer, "");
  const req = read.request === undefined ? undefined : toRequest(read.request, "options.request");
  if (req !== undefined) checkAnswerFor(a.id, req.id, "id", "Pass the answer to this request, or leave the request out.");
  if (a.ok) {
    const content = a.data === undefined ? undefined : readContent(a.data, "data");
    if (req !== undefined && asksApproval(req)) return { action: "accept", content: approvedContent(content) };
    return content === undefined ? { action: "accept" } : { action: "accept", content };
  }
  if (a.data !== undefined && to.onLoss !== undefined) {
    for (const k of Object.keys(a.data)) reportLoss(to, formatPath(["data", k]), `MCP sends no content with a refusal; ${quoted(k)} is dropped`);
  }
  return { action: a.reason === "declined" ? "decline" : "cancel" };
}

/** An accepting answer's content for an approval form: `{ approved: true, ...data }`; a `data.approved` other than `true` is refused. */
function approvedContent(data: { [name: string]: McpElicitValue } | undefined): { [name: string]: McpElicitValue } {
  const out: { [name: string]: McpElicitValue } = { approved: true };
  if (data === undefined) return out;
  for (const k of Object.keys(data)) {
    const v = data[k];
    if (k === "approved" && v !== true) {
      raise("invalid-value", "data.approved", `The answer accepts the approval, but its data.approved is ${typeof v === "boolean" || typeof v === "number" ? String(v) : quotedValue(v)}`, "Accept without data.approved (it is sent as true), or decline the request.");
    }
    defineKey(out, k, v);
  }
  return out;
}

/**
 * The toolnexus {@link Answer} to `request` for an MCP `ElicitResult`: `accept` gives `ok: true` with
 * `data` = `content`, `decline` gives `reason: "declined"`, `cancel` gives `reason: "cancelled"`.
 *
 * The answer's id is the request's (form-mode results carry no id of their own). Content sent with a
 * refusal is kept as the answer's `data`. A value that is not an `ElicitResult` is a `ValidationError`.
 *
 * For an `approval` request (one whose form asks the boolean `approved`: see {@link toMcpElicitation}), `accept`
 * approves only when `content.approved` is `true`, `data` being the content less `approved` (none when empty);
 * `approved: false` reads back as `Answer.decline(request)`; content without `approved` is a `ValidationError`
 * (`missing`, path `content.approved`), and a non-boolean `approved` one of code `invalid-type` there: never an
 * approval. An `accept` without content for an approval request with a url is the URL mode's consent, accepted.
 *
 * The result is read once, by its own properties (a polluted `Object.prototype` adds nothing); a getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const result = await server.elicitInput(toMcpElicitation(request));
 * const answer = fromMcpElicitResult(request, result);
 * if (answer.ok) resume(answer.data);
 * ```
 */
export function fromMcpElicitResult(request: AnyRequest, result: McpElicitResultInput): Answer {
  const req = toRequest(request, "request");
  const r = snapshot(result, RESULT_FIELDS, "", "An ElicitResult", "Pass the result of the elicitation/create request, such as { action: \"accept\", content: { ... } }.");
  const action = r.action;
  if (action === undefined) raise("missing", "action", "The ElicitResult has no action", "MCP results carry action \"accept\", \"decline\" or \"cancel\".");
  if (action !== "accept" && action !== "decline" && action !== "cancel") {
    raise(typeof action === "string" ? "invalid-value" : "invalid-type", "action", `Unknown action ${quotedValue(action)}`, "MCP results carry action \"accept\", \"decline\" or \"cancel\".");
  }
  let content: { [name: string]: McpElicitValue } | undefined;
  const c = r.content;
  if (c !== undefined && c !== null) {
    if (typeof c !== "object" || isArrayAt(c, "content")) raise("invalid-type", "content", `content must be an object, got ${typeName(c)}`, "MCP results carry content as { field: value }.");
    content = readContent(c, "content");
  }
  if (action === "accept") {
    // URL mode's consent to an approval with a link carries no content; a form's answer always does.
    if (asksApproval(req) && !(content === undefined && req.url !== undefined)) return approvalAnswer(req.id, content);
    return new Answer({ id: req.id, ok: true, data: content });
  }
  return new Answer({ id: req.id, ok: false, reason: action === "decline" ? "declined" : "cancelled", data: content });
}

/** The answer an approval form's `accept` gives: only a boolean `approved` decides, and `true` alone approves. */
function approvalAnswer(id: string, content: { [name: string]: McpElicitValue } | undefined): Answer {
  const approved = content === undefined ? undefined : ownField(content, "approved", "content");
  if (typeof approved !== "boolean") {
    raise(
      approved === undefined ? "missing" : "invalid-type",
      "content.approved",
      approved === undefined ? "The accepted approval form has no approved" : `approved must be true or false, got ${typeName(approved)}`,
      "An approval is answered by the form's boolean approved: accept with { approved: true } or { approved: false }, or decline.",
    );
  }
  if (!approved) return new Answer({ id, ok: false, reason: "declined" });
  let data: JsonObject | undefined;
  for (const k of Object.keys(content ?? {})) {
    if (k === "approved" || content === undefined) continue;
    data ??= {};
    defineKey(data, k, content[k]);
  }
  return new Answer({ id, ok: true, data });
}
