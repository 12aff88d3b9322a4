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
import { copyJson, newWalk, typeName } from "../json-data";
import { holdsUnsafeChar, UNSAFE_URL } from "../url";
import { formatPath } from "../path";
import { Answer, toAnswer } from "../answer";
import type { JsonObject } from "../json-type";
import { Request, toRequest } from "../request";
import { lossAt, tellLosses, type Loss, type OnLoss } from "./loss";
import { ELICITATION, formSchema, outputSchema, type McpElicitationSchema } from "./mcp-form-schema";
import { bridgeOptions } from "./options";

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

/** What {@link fromMcpElicitResult} reads: an `ElicitResult` (extra keys such as `_meta` are ignored). */
export type McpElicitResultInput = {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: { readonly [name: string]: string | number | boolean | readonly string[] | undefined } | null | undefined;
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
 * Checks a URL for URL mode: absolute, written as sent (no whitespace or control characters, which a URL
 * parser would quietly strip or encode), with no credentials in it, and not a scheme that runs code or reads
 * local files.
 */
function checkUrl(url: string, path: string): void {
  if (holdsUnsafeChar(url)) raise("invalid-value", path, UNSAFE_URL[0], UNSAFE_URL[1]);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return raise("invalid-value", path, "The url is not an absolute URL", "MCP URL mode needs an absolute URL with a scheme, such as https://auth.example.com/login.");
  }
  if (REFUSED_SCHEMES.includes(parsed.protocol)) {
    raise("invalid-value", path, `The url uses the ${parsed.protocol} scheme, which a person is never sent to`, "Use an http(s) link to the page the person should open.");
  }
  if (parsed.username !== "" || parsed.password !== "") {
    raise("invalid-value", path, "The url carries credentials (user:password@)", "Credentials never travel in an elicitation: link to the login page and let the person sign in there.");
  }
}

const REFUSED_SCHEMES: readonly string[] = ["javascript:", "vbscript:", "data:", "file:", "blob:"];

/** Adds the parts of a request that an elicitation does not carry to `losses`, then reports them all. */
function reportRequestLosses(request: Request, keep: readonly string[], losses: Loss[], onLoss: OnLoss | undefined, mode: string): void {
  if (request.data) {
    for (const k of Object.keys(request.data)) {
      if (!keep.includes(k)) losses.push(lossAt(ELICITATION, formatPath(["data", k]), `An MCP ${mode}-mode elicitation carries no request data; "${k}" is dropped`));
    }
  }
  if (request.expiresAt !== undefined) losses.push(lossAt(ELICITATION, "expiresAt", "An MCP elicitation carries no expiry; enforce expiresAt on the server side"));
  tellLosses(onLoss, losses);
}

/**
 * The params of an MCP `elicitation/create` request for a toolnexus {@link Request}.
 *
 * - A request with a `url` becomes URL mode: `{ mode: "url", message: prompt, elicitationId: id, url }`.
 *   The url must be absolute, written as sent (no whitespace), without credentials in it; `javascript:`,
 *   `data:`, `file:`, `vbscript:` and `blob:` links are refused too.
 * - A request of kind `authorization` always becomes URL mode, so credentials never travel through a form;
 *   one without a `url` is a `ValidationError`.
 * - Any other request becomes form mode, `{ mode: "form", message: prompt, requestedSchema }`, the schema
 *   read from `data.schema`, or, without one, one required string field `output` (what `Answer.output`
 *   gives). MCP forms are flat: a field that is a nested object, or a list of anything but string choices, is
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
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: Request<D> is invariant in D, so the default would refuse a request whose data is an interface
export function toMcpElicitation(request: Request<any>, options?: ToMcpElicitationOptions): McpElicitParams {
  const read = bridgeOptions(options, ["onLoss", "capabilities"], "toMcpElicitation");
  const onLoss = read.onLoss as OnLoss | undefined;
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
    checkUrl(req.url, "url");
    if (modes === undefined || modes.url) {
      reportRequestLosses(req, [], [], onLoss, "URL");
      return { mode: "url", message, elicitationId: req.id, url: req.url };
    }
    if (req.kind === "authorization") {
      unsupported("capabilities.elicitation.url", "The client has no URL-mode elicitation, and authorization goes to MCP as a link only, never through a form");
    }
    // A link to a client with form mode only: the form shows it, on its own line of the message.
    message = `${message}\n${req.url}`;
  } else if (modes !== undefined && !modes.form) {
    unsupported("capabilities.elicitation.form", "The client has URL-mode elicitation only, and this request needs a form (it has no url)");
  }
  const losses: Loss[] = [];
  const schema = req.data !== undefined && Object.hasOwn(req.data, "schema") ? formSchema(req.data.schema, ["data", "schema"], losses) : outputSchema();
  reportRequestLosses(req, ["schema"], losses, onLoss, "form");
  return { mode: "form", message, requestedSchema: schema };
}

/**
 * The toolnexus {@link Request} for the params of an MCP `elicitation/create` request (what an MCP client
 * receives), so that a host can keep it, route it to a person and answer it with an `Answer`.
 *
 * - URL mode gives `{ id: elicitationId, kind: "authorization", prompt: message, url }`. The url is checked
 *   as {@link toMcpElicitation} checks it.
 * - Form mode (`mode: "form"` or no mode) gives `{ kind: "input", prompt: message, data: { schema } }` with
 *   `schema` the `requestedSchema` as sent, and a generated id, since form mode carries none (use
 *   `request.with({ id })` to set your own).
 *
 * A value that is not elicitation params is a `ValidationError`. The params are read once, by their own
 * properties, and the schema is copied once as JSON data: the copy checked is the copy stored. A getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
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
    raise("invalid-value", "mode", `Unknown elicitation mode ${typeof mode === "string" ? JSON.stringify(mode) : typeName(mode)}`, "MCP elicitation modes are \"form\" (the default) and \"url\".");
  }
  if (typeof p.message !== "string") raise(p.message === undefined ? "missing" : "invalid-type", "message", `The message must be a string, got ${typeName(p.message)}`, "Pass elicitation params with the message shown to the person.");
  if (mode === "url") {
    for (const k of ["elicitationId", "url"] as const) {
      if (p[k] === undefined) raise("missing", k, `URL-mode params have no ${k}`, "URL-mode elicitations carry elicitationId and url.");
      if (typeof p[k] !== "string") raise("invalid-type", k, `${k} must be a string, got ${typeName(p[k])}`, "URL-mode elicitations carry elicitationId and url as strings.");
    }
    if (p.elicitationId === "") raise("invalid-value", "elicitationId", "The elicitationId is empty", "URL-mode elicitations carry a non-empty elicitationId.");
    checkUrl(p.url as string, "url");
    return new Request({ id: p.elicitationId as string, kind: "authorization", prompt: p.message, url: p.url as string });
  }
  if (p.requestedSchema === undefined) raise("missing", "requestedSchema", "Form-mode params have no requestedSchema", "Form-mode elicitations carry the schema of the form as requestedSchema.");
  // Copied once as JSON data (each getter read once), then checked as a schema we would send: flat, primitive
  // fields. The copy checked is the copy stored; nothing is reported: the schema is kept as sent.
  const schema = copyJson(p.requestedSchema, newWalk("requestedSchema"), 0);
  formSchema(schema, ["requestedSchema"], []);
  return Request.create({ kind: "input", prompt: p.message, data: { schema } });
}

/** One value of a form answer, read once; a list is read entry by entry into a fresh array. */
function elicitValue(v: unknown, path: string): McpElicitValue {
  if (typeof v === "string" || typeof v === "boolean" || typeof v === "number") return v;
  if (typeof v === "object" && v !== null && isArrayAt(v, path)) {
    return readArray(v as unknown[], path).map((s, i) => {
      if (typeof s !== "string") raise("invalid-type", `${path}[${i}]`, `An MCP form answer holds lists of strings only, and this list holds ${typeName(s)}`, "Send the choices as strings.");
      return s;
    });
  }
  return raise("invalid-type", path, `An MCP form answer holds strings, numbers, booleans and lists of strings, not ${typeName(v)}`, "Flatten the answer into one value per form field.");
}

/** Reads form content (`{ field: value }`) once, by its own keys, into a fresh object. */
function readContent(data: unknown, root: string): { [name: string]: McpElicitValue } {
  const out: Record<string, McpElicitValue> = {};
  const source = data as object;
  for (const k of ownKeys(source, root, "the content's keys")) {
    const path = formatPath([k], root);
    defineKey(out, k, elicitValue(ownField(source, k, root), path));
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
 * The answer may be an `Answer` or its JSON shape. The result is a fresh, unfrozen object.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * toMcpElicitResult(Answer.output(request, "staging")); // { action: "accept", content: { output: "staging" } }
 * toMcpElicitResult(Answer.decline(request));             // { action: "decline" }
 * toMcpElicitResult(Answer.decline(request, "expired"));  // { action: "cancel" }
 * ```
 */
export function toMcpElicitResult(answer: Answer, options?: ElicitationOptions): McpElicitResult {
  const onLoss = bridgeOptions(options, ["onLoss"], "toMcpElicitResult").onLoss as OnLoss | undefined;
  const a = toAnswer(answer, "");
  if (a.ok) {
    return a.data === undefined ? { action: "accept" } : { action: "accept", content: readContent(a.data, "data") };
  }
  if (a.data !== undefined && onLoss) {
    tellLosses(onLoss, Object.keys(a.data).map((k) => lossAt(ELICITATION, formatPath(["data", k]), `MCP sends no content with a refusal; "${k}" is dropped`)));
  }
  return { action: a.reason === "declined" ? "decline" : "cancel" };
}

/**
 * The toolnexus {@link Answer} to `request` for an MCP `ElicitResult`: `accept` gives `ok: true` with
 * `data` = `content`, `decline` gives `reason: "declined"`, `cancel` gives `reason: "cancelled"`.
 *
 * The answer's id is the request's (form-mode results carry no id of their own). Content sent with a
 * refusal is kept as the answer's `data`. A value that is not an `ElicitResult` is a `ValidationError`.
 *
 * The result is read once, by its own properties (a polluted `Object.prototype` adds nothing); a getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * const result = await server.elicitInput(toMcpElicitation(request));
 * const answer = fromMcpElicitResult(request, result);
 * if (answer.ok) resume(answer.data);
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: Request<D> is invariant in D, so the default would refuse a request whose data is an interface
export function fromMcpElicitResult(request: Request<any>, result: McpElicitResultInput): Answer {
  const req = toRequest(request, "request");
  const r = snapshot(result, RESULT_FIELDS, "", "An ElicitResult", "Pass the result of the elicitation/create request, such as { action: \"accept\", content: { ... } }.");
  const action = r.action;
  if (action === undefined) raise("missing", "action", "The ElicitResult has no action", "MCP results carry action \"accept\", \"decline\" or \"cancel\".");
  if (action !== "accept" && action !== "decline" && action !== "cancel") {
    raise(typeof action === "string" ? "invalid-value" : "invalid-type", "action", `Unknown action ${typeof action === "string" ? JSON.stringify(action) : typeName(action)}`, "MCP results carry action \"accept\", \"decline\" or \"cancel\".");
  }
  let content: JsonObject | undefined;
  const c = r.content;
  if (c !== undefined && c !== null) {
    if (typeof c !== "object" || isArrayAt(c, "content")) raise("invalid-type", "content", `content must be an object, got ${typeName(c)}`, "MCP results carry content as { field: value }.");
    content = readContent(c, "content");
  }
  if (action === "accept") return new Answer({ id: req.id, ok: true, data: content });
  return new Answer({ id: req.id, ok: false, reason: action === "decline" ? "declined" : "cancelled", data: content });
}
