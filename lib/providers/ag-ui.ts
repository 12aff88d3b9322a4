/**
 * AG-UI (the Agent-User Interaction protocol, 1.0): a tool's result as a `TOOL_CALL_RESULT` event, a toolnexus
 * pause as an `Interrupt` of `RUN_FINISHED`'s `outcome`, and the `Answer` as a `ResumeEntry` of the next run.
 *
 * The shapes are this package's own structural types, which `@ag-ui/core`'s types and zod schemas accept, with
 * no key they do not know. Nothing here imports AG-UI.
 *
 * @module
 */
import { isArrayAt, requiredString, snapshot } from "../boundary";
import { raise } from "../errors";
import { copyJsonObject, typeName } from "../json-data";
import { formatPath } from "../path";
import { Answer, toAnswer } from "../answer";
import type { JsonObject } from "../json-type";
import { Request, toRequest, type AnyRequest } from "../request";
import type { AnyToolResult } from "../tool-result";
import { optionKeys, readOptionsOf } from "../options";
import { checkAnswerFor, checkLink, pendingText } from "../pause";
import { quoted } from "../quote";
import type { OnLoss, ProjectionOptions } from "./loss";
import { asResult, optionalString, projection, readerContext } from "./options";
import { defineProjection, idKey, openProjection, readId, writeBlocks, type MediaPart } from "./projection";
import { reportLoss } from "./loss";

/** Where a media part's bytes are: inline (base64) or at a URL. */
export type AgUiSource = { type: "data"; value: string; mimeType: string } | { type: "url"; value: string; mimeType: string };

/** An AG-UI text part. */
export type AgUiTextPart = { type: "text"; text: string };

/** An AG-UI media part: `image`, `audio`, `video` or `document`, its name (when it has one) in `metadata.filename`. */
export type AgUiMediaPart = {
  type: "image" | "audio" | "video" | "document";
  source: AgUiSource;
  metadata?: { filename: string };
};

/** One part of a `TOOL_CALL_RESULT`'s content. */
export type AgUiContentPart = AgUiTextPart | AgUiMediaPart;

/**
 * The `TOOL_CALL_RESULT` event. `type` is the string AG-UI's `EventType.TOOL_CALL_RESULT` holds; TypeScript
 * hosts spread the event and set `type: EventType.TOOL_CALL_RESULT` (an enum no structural type matches).
 */
export type AgUiToolCallResultEvent = {
  type: "TOOL_CALL_RESULT";
  messageId: string;
  toolCallId: string;
  content: string | AgUiContentPart[];
};

/** Options of {@link toAgUiToolCallResult}. */
export interface AgUiToolCallResultOptions extends ProjectionOptions {
  /** The id of the tool message the event makes. */
  messageId: string;
  /** The id of the tool call this result answers. */
  toolCallId: string;
}

/** An AG-UI `Interrupt`, as {@link toAgUiInterrupt} makes it. */
export type AgUiInterrupt = {
  id: string;
  reason: string;
  message?: string;
  toolCallId?: string;
  responseSchema?: { [key: string]: unknown };
  expiresAt?: string;
  metadata?: { [key: string]: unknown };
};

/** What {@link fromAgUiInterrupt} reads: an entry of `agent.pendingInterrupts` (AG-UI's `Interrupt`). */
export type AgUiInterruptInput = {
  readonly id: string;
  readonly reason: string;
  readonly message?: string | undefined;
  readonly toolCallId?: string | undefined;
  readonly responseSchema?: { readonly [key: string]: unknown } | undefined;
  readonly expiresAt?: string | undefined;
  readonly metadata?: { readonly [key: string]: unknown } | undefined;
  readonly subagentRunId?: string | undefined;
};

/** Options of {@link toAgUiInterrupt}. */
export interface AgUiInterruptOptions {
  /** The tool call that paused: an `approval` request then has the reason `"tool_call"`. */
  toolCallId?: string | undefined;
}

/** An AG-UI `ResumeEntry`, as {@link toAgUiResume} makes it. */
export type AgUiResumeEntry =
  | { interruptId: string; status: "resolved"; payload: { [key: string]: unknown } }
  | { interruptId: string; status: "cancelled" };

/** What {@link fromAgUiResume} reads: an entry of `input.resume` (AG-UI's `ResumeEntry`). */
export type AgUiResumeEntryInput = {
  readonly interruptId: string;
  readonly status: string;
  readonly payload?: unknown;
  readonly metadata?: { readonly [key: string]: unknown } | undefined;
};

/** Options of {@link toAgUiResume}. */
export interface AgUiResumeOptions {
  /** Told of what a resume entry cannot carry (a cancelled answer's data, the `expired` reason). */
  onLoss?: OnLoss;
}

const RESUME_SPEC = projection("ag-ui", "AG-UI", "toAgUiResume");
const INTERRUPT_KEYS = optionKeys("toAgUiInterrupt", ["toolCallId"]);
const RESUME_KEYS = optionKeys("toAgUiResume", ["onLoss"]);

/** The `metadata` key under which {@link toAgUiInterrupt} keeps the request, and its version. */
const KEY = "toolnexus";
const VERSION = 1;

/** What an `approval` interrupt asks back: `{ approved }`. */
const approvalSchema = (): { [key: string]: unknown } => ({ type: "object", properties: { approved: { type: "boolean" } }, required: ["approved"] });
/** What any other interrupt without a url asks back: one required string `output`, as MCP form mode does. */
const agUiOutputSchema = (): { [key: string]: unknown } => ({ type: "object", properties: { output: { type: "string" } }, required: ["output"] });

/** A fresh, unfrozen copy of a JSON object the library owns (AG-UI's client and agents write into what they get). */
function fresh(value: object): { [key: string]: unknown } {
  return JSON.parse(JSON.stringify(value)) as { [key: string]: unknown };
}


// ---------------------------------------------------------------------------------------------------------
// TOOL_CALL_RESULT

/** A text part: the output's, a text part's, a lost part's placeholder. */
function agUiText(text: string): AgUiTextPart {
  return { type: "text", text };
}

/**
 * The AG-UI `TOOL_CALL_RESULT` event for a tool's result: `{ type: "TOOL_CALL_RESULT", messageId, toolCallId,
 * content }`, a fresh, unfrozen object that `@ag-ui/core`'s schema accepts whole.
 *
 * `content` is the output string when the result has no parts; else AG-UI 1.0 content parts: a `text` part for
 * the output (unless it is empty), then one part per part: `text`, `image`, `audio`, or, for a file, `document`
 * (`video` for a `video/*` file), its bytes as `source: { type: "data", value: <base64>, mimeType }` or its
 * link as `{ type: "url", value, mimeType }`, its name in `metadata: { filename }`. AG-UI carries every part,
 * so the only losses are a part over `maxBytes` and a blank text part, which is never sent (the usual policy,
 * provider `"ag-ui"`, the placeholder as a `text` part; a blank output beside parts is left out and reported
 * at `output`); when every part is left out, `content` is the output string (`""` included: every tool call
 * is answered). AG-UI has no error flag: the output of
 * a failed tool goes as written. Metadata never reaches AG-UI.
 *
 * A missing or empty `messageId` or `toolCallId` is a `ValidationError`.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { EventType } from "@ag-ui/core";
 *
 * subscriber.next({ ...toAgUiToolCallResult(result, { messageId: "msg-2", toolCallId: "call-1" }), type: EventType.TOOL_CALL_RESULT });
 * ```
 */
export function toAgUiToolCallResult(result: AnyToolResult, options: AgUiToolCallResultOptions): AgUiToolCallResultEvent {
  const ctx = openProjection(TO_AG_UI, options);
  const messageId = readId(TO_AG_UI, options, MESSAGE_ID);
  const toolCallId = readId(TO_AG_UI, options, TOOL_CALL_ID);
  const r = asResult(result, "toAgUiToolCallResult");
  // Every part left out: the output alone ("" included: every call is answered).
  const content = writeBlocks(TO_AG_UI, ctx, r.output, r.parts) ?? r.output;
  return { type: "TOOL_CALL_RESULT", messageId, toolCallId, content };
}

const MESSAGE_ID = idKey<AgUiToolCallResultOptions>("messageId", (o) => o.messageId, '"msg-2"');
const TOOL_CALL_ID = idKey<AgUiToolCallResultOptions>("toolCallId", (o) => o.toolCallId, '"call-1"');

/** AG-UI's table of parts: `image`, `audio`, `document` (`video` for a `video/*` file), by data or url, the name in `metadata.filename`. */
function toAgUiPart(p: MediaPart): AgUiContentPart {
  const mimeType = p.mimeType;
  const type = p.type === "image" ? "image" : p.type === "audio" ? "audio" : mimeType.startsWith("video/") ? "video" : "document";
  const source: AgUiSource = p.data !== undefined ? { type: "data", value: p.data, mimeType } : { type: "url", value: p.url, mimeType };
  return p.name === undefined ? { type, source } : { type, source, metadata: { filename: p.name } };
}

const TO_AG_UI = defineProjection<AgUiContentPart, AgUiToolCallResultOptions>({
  provider: "ag-ui",
  label: "AG-UI",
  fn: "toAgUiToolCallResult",
  ids: [MESSAGE_ID, TOOL_CALL_ID],
  text: agUiText,
  part: toAgUiPart,
});

// ---------------------------------------------------------------------------------------------------------
// Interrupt

/** The AG-UI `reason` of a request: AG-UI's own words where they exist, else `toolnexus:<kind>`. */
function reasonOf(kind: string, toolCallId: string | undefined): string {
  if (kind === "approval") return toolCallId === undefined ? "confirmation" : "tool_call";
  if (kind === "input" || kind === "question") return "input_required";
  return `toolnexus:${kind}`;
}

/**
 * The AG-UI `Interrupt` for a toolnexus {@link Request}: put it in `RUN_FINISHED`'s `outcome: { type:
 * "interrupt", interrupts: [...] }`. A fresh, unfrozen object.
 *
 * `id` is the request id; `reason` is `"tool_call"` for an `approval` with a `toolCallId`, `"confirmation"`
 * without one, `"input_required"` for `input` and `question`, else `"toolnexus:<kind>"`; `message` is the
 * prompt, followed by a newline and the url when the request has one (left out when both are empty);
 * `toolCallId` when given; `responseSchema` is `data.schema` when it is an object, else, for an `approval`,
 * `{ approved: boolean }` (required), else, without a url, one required string `output` (which
 * `Answer.output` fills), else none; `expiresAt` as the request has it. The whole request rides in
 * `metadata: { toolnexus: { v: 1, request } }`, so {@link fromAgUiInterrupt} gives it back exactly. The url,
 * which a person is sent to, must be `https:`, or `http:` to a loopback host (`localhost`, `127.0.0.0/8`,
 * `[::1]`): any other is a `ValidationError` (`unsupported`, path `url`).
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * subscriber.next({
 *   type: EventType.RUN_FINISHED, threadId, runId,
 *   outcome: { type: "interrupt", interrupts: [toAgUiInterrupt(paused.pending!, { toolCallId: "call-1" })] },
 * });
 * ```
 */
export function toAgUiInterrupt(request: AnyRequest, options?: AgUiInterruptOptions): AgUiInterrupt {
  const o = readOptionsOf(INTERRUPT_KEYS, options);
  const toolCallId = optionalString(o.toolCallId, "toolCallId", '"call-1"');
  const req = toRequest(request, "");
  // The link a person is sent to follows the link rule (https, or http to a loopback host).
  if (req.url !== undefined && req.url !== "") checkLink(req.url, "url", "toAgUiInterrupt");
  const out: AgUiInterrupt = { id: req.id, reason: reasonOf(req.kind, toolCallId) };
  const message = pendingText(req.prompt, req.url);
  if (message !== "") out.message = message;
  if (toolCallId !== undefined) out.toolCallId = toolCallId;
  const schema = req.data !== undefined && Object.hasOwn(req.data, "schema") ? req.data.schema : undefined;
  if (typeof schema === "object" && schema !== null && !Array.isArray(schema)) out.responseSchema = fresh(schema);
  else if (req.kind === "approval") out.responseSchema = approvalSchema();
  else if (req.url === undefined) out.responseSchema = agUiOutputSchema();
  if (req.expiresAt !== undefined) out.expiresAt = req.expiresAt;
  out.metadata = { [KEY]: { v: VERSION, request: fresh(req.toJSON()) } };
  return out;
}

const INTERRUPT_FIELDS = ["id", "reason", "message", "toolCallId", "responseSchema", "expiresAt", "metadata"] as const;
const INTERRUPT_FIX = "Pass an entry of agent.pendingInterrupts (an Interrupt of RUN_FINISHED's outcome).";

/**
 * The toolnexus {@link Request} of an AG-UI `Interrupt` (an entry of `agent.pendingInterrupts`).
 *
 * An interrupt made by {@link toAgUiInterrupt} gives back its request, exactly: the one in
 * `metadata.toolnexus.request`, whose id must be the interrupt's (else a `ValidationError`). Another agent's
 * interrupt is read by its fields: the same `id`; kind `approval` for the reasons `tool_call` and
 * `confirmation`, `input` for `input_required`, `<kind>` for `toolnexus:<kind>`, else the reason itself; the
 * `message` as prompt (`""` without one); `data: { toolCallId?, schema? }` (`schema` is the
 * `responseSchema`; no data when both are absent); `expiresAt`, which must be RFC 3339 (else a
 * `ValidationError` at `expiresAt`). Other metadata is not kept.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * await agent.runAgent();
 * const requests = agent.pendingInterrupts.map((i) => fromAgUiInterrupt(i));
 * ```
 */
export function fromAgUiInterrupt(interrupt: AgUiInterruptInput): Request {
  const i = snapshot(interrupt, INTERRUPT_FIELDS, "", "An interrupt", INTERRUPT_FIX);
  const id = requiredString(i.id, "id", "The interrupt's id", INTERRUPT_FIX);
  const ours = ownRequest(i.metadata);
  if (ours !== undefined) {
    const req = toRequest(ours, `metadata.${KEY}.request`);
    if (req.id !== id) {
      raise("invalid-value", `metadata.${KEY}.request.id`, `The interrupt ${quoted(id)} carries the request ${quoted(req.id)}`, "Pass the interrupt as the agent sent it: toAgUiInterrupt() gives both the request's id.");
    }
    return req;
  }
  const reason = requiredString(i.reason, "reason", "The interrupt's reason", INTERRUPT_FIX);
  if (i.message !== undefined && typeof i.message !== "string") raise("invalid-type", "message", `The interrupt's message must be a string, got ${typeName(i.message)}`, INTERRUPT_FIX);
  if (i.toolCallId !== undefined && typeof i.toolCallId !== "string") raise("invalid-type", "toolCallId", `The interrupt's toolCallId must be a string, got ${typeName(i.toolCallId)}`, INTERRUPT_FIX);
  const schema = i.responseSchema === undefined ? undefined : copyJsonObject(i.responseSchema, "responseSchema", "The responseSchema");
  const kind =
    reason === "tool_call" || reason === "confirmation" ? "approval" : reason === "input_required" ? "input" : reason.startsWith("toolnexus:") && reason.length > 10 ? reason.slice(10) : reason;
  const data: { toolCallId?: string; schema?: JsonObject } = {};
  if (i.toolCallId !== undefined) data.toolCallId = i.toolCallId;
  if (schema !== undefined) data.schema = schema;
  return new Request({
    id,
    kind,
    prompt: i.message ?? "",
    data: i.toolCallId === undefined && schema === undefined ? undefined : data,
    expiresAt: i.expiresAt as string | undefined,
  });
}

/** The request {@link toAgUiInterrupt} put in the interrupt's metadata, or `undefined` when it holds none. */
function ownRequest(metadata: unknown): unknown {
  if (metadata === undefined) return undefined;
  const m = snapshot(metadata, [KEY], "metadata", "The interrupt's metadata", INTERRUPT_FIX);
  if (m[KEY] === undefined) return undefined;
  const t = snapshot(m[KEY], ["v", "request"], `metadata.${KEY}`, "The toolnexus metadata", INTERRUPT_FIX);
  if (t.v !== VERSION) {
    raise("invalid-value", `metadata.${KEY}.v`, `The interrupt was made by a toolnexus this one cannot read (version ${typeof t.v === "number" ? t.v : typeName(t.v)}, not ${VERSION})`, "Read it with the toolnexus version that wrote it, or update toolnexus.");
  }
  if (t.request === undefined) raise("missing", `metadata.${KEY}.request`, "The toolnexus metadata holds no request", INTERRUPT_FIX);
  return t.request;
}

// ---------------------------------------------------------------------------------------------------------
// ResumeEntry

/**
 * The AG-UI `ResumeEntry` for a toolnexus {@link Answer}: pass it in `agent.runAgent({ resume: [...] })`. A
 * fresh, unfrozen object.
 *
 * An accepted answer is `{ interruptId: id, status: "resolved", payload: { ...data, approved: true } }`; a
 * `declined` one the same with `approved: false` (AG-UI keeps a denial in the payload); a `cancelled` or
 * `expired` one is `{ interruptId, status: "cancelled" }`, without payload: the `expired` reason (path
 * `reason`) and any data (`data.<key>`) are reported to `onLoss`. A `data.approved` that is not the answer's
 * own `ok` is a `ValidationError` at `data.approved`.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * await agent.runAgent({ resume: [toAgUiResume(Answer.accept(request))] });
 * ```
 */
export function toAgUiResume(answer: Answer, options?: AgUiResumeOptions): AgUiResumeEntry {
  const ctx = readerContext(options, RESUME_SPEC, RESUME_KEYS);
  const a = toAnswer(answer, "");
  const data = a.data;
  if (a.ok || a.reason === "declined") {
    const approved = data !== undefined && Object.hasOwn(data, "approved") ? data.approved : undefined;
    if (approved !== undefined && approved !== a.ok) {
      raise(
        "invalid-value",
        "data.approved",
        `data.approved is ${typeof approved === "boolean" ? String(approved) : typeName(approved)}, but the answer ${a.ok ? "accepts" : "declines"}`,
        "Leave approved out of the answer's data: toAgUiResume() sets it from ok.",
      );
    }
    const payload: { [key: string]: unknown } = data === undefined ? {} : fresh(data);
    payload.approved = a.ok;
    return { interruptId: a.id, status: "resolved", payload };
  }
  if (a.reason === "expired") reportLoss(ctx, "reason", 'An AG-UI resume entry knows "resolved" and "cancelled" only; "expired" is sent as "cancelled"', undefined, undefined);
  if (data !== undefined) {
    for (const k of Object.keys(data)) reportLoss(ctx, formatPath(["data", k]), `A cancelled AG-UI resume entry carries no payload; ${quoted(k)} is dropped`, undefined, undefined);
  }
  return { interruptId: a.id, status: "cancelled" };
}

const ENTRY_FIX = "Pass an entry of input.resume, as the client sent it (toAgUiResume() makes one).";

/** A resolved entry for an `approval` request that does not say `approved: true` or `false`: never an approval. */
function notApproved(why: string): never {
  return raise("missing", "payload.approved", `A resume entry for an approval request must say whether it approves, but ${why}`, "Resolve it with the payload true, false or { approved: true | false, ...data } (toAgUiResume() writes { approved }).");
}

/**
 * The toolnexus {@link Answer} of an AG-UI `ResumeEntry` (an entry of the run's `input.resume`), checked to
 * answer `request`: an entry for another interrupt is a `ValidationError` (code `invalid-value`, path
 * `interruptId`).
 *
 * `cancelled` gives `reason: "cancelled"` (a payload is ignored). `resolved` accepts when there is no payload
 * (absent or `undefined`; `null` is a payload, and refused) or when it is `true`, and declines when it is
 * `false`; an object declines when its `approved` is `false`, else accepts, the answer's `data` being the
 * payload less `approved` (no data when nothing is left). For a request of kind `approval`, only `true` or an
 * object whose own `approved` is `true` approves: no payload, or an object without a boolean `approved` (`{}`,
 * `{ Approved: false }`), is a `ValidationError` (`missing`, path `payload.approved`). An `approved` that is not
 * a boolean (path `payload.approved`), any other payload or status is a `ValidationError`: never an approval.
 * An entry for another interrupt is refused as every answer for another request is: `The answer is for request
 * "a-1", not for "b-2"`.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * // in the agent's run(input)
 * const entry = input.resume?.find((e) => e.interruptId === request.id);
 * const answer = entry && fromAgUiResume(entry, request);
 * ```
 */
export function fromAgUiResume(entry: AgUiResumeEntryInput, request: AnyRequest): Answer {
  const e = snapshot(entry, ["interruptId", "status", "payload"], "", "A resume entry", ENTRY_FIX);
  const req = toRequest(request, "");
  const id = requiredString(e.interruptId, "interruptId", "The interruptId", ENTRY_FIX);
  checkAnswerFor(id, req.id, "interruptId", "Find the entry of input.resume whose interruptId is the request's id.");
  if (e.status === "cancelled") return new Answer({ id, ok: false, reason: "cancelled" });
  if (e.status !== "resolved") {
    raise(
      e.status === undefined ? "missing" : "invalid-value",
      "status",
      `The status must be "resolved" or "cancelled", got ${typeof e.status === "string" ? quoted(e.status) : typeName(e.status)}`,
      ENTRY_FIX,
    );
  }
  const payload = e.payload;
  // An approval is approved only by `true` or an own `approved: true`: an entry that does not say so is refused, never an approval.
  const approval = req.kind === "approval";
  if (payload === undefined && approval) notApproved("it has no payload");
  if (payload === undefined || payload === true) return new Answer({ id, ok: true });
  if (payload === false) return new Answer({ id, ok: false, reason: "declined" });
  if (typeof payload !== "object" || payload === null || isArrayAt(payload, "payload", "the payload")) {
    raise("invalid-type", "payload", `The payload must be an object, true, false or absent, got ${typeName(payload)}`, 'Resolve with { approved: true | false, ...data }, or cancel with status "cancelled".');
  }
  // One read of the payload, as JSON data: what decides is what is kept.
  const copy = copyJsonObject(payload, "payload", "The payload");
  const approved = Object.hasOwn(copy, "approved") ? copy.approved : undefined;
  if (approved !== undefined && typeof approved !== "boolean") {
    raise("invalid-type", "payload.approved", `approved must be true or false, got ${typeName(approved)}`, "Send approved as a boolean: a string never approves.");
  }
  if (approved === undefined && approval) notApproved("its payload has no boolean approved");
  const rest: { [key: string]: unknown } = {};
  let any = false;
  for (const k of Object.keys(copy)) {
    if (k === "approved") continue;
    Object.defineProperty(rest, k, { value: copy[k], enumerable: true, writable: true, configurable: true });
    any = true;
  }
  const data = any ? rest : undefined;
  return approved === false ? new Answer({ id, ok: false, reason: "declined", data }) : new Answer({ id, ok: true, data });
}
