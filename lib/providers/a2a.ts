/**
 * The Agent2Agent protocol (A2A), for `@a2a-js/sdk` 1.x and its v1.0 protobuf-style objects, written: a result
 * as A2A parts and as the events an `AgentExecutor` publishes, and the answer that resumes a paused task. The
 * readers are in a2a-read.ts.
 *
 * The shapes are this package's own structural types, which the SDK's `Part`, `Message`, `Task` and
 * `AgentExecutionEvent` accept and give; nothing here imports the SDK.
 *
 * @module
 */
import type { ContentPart } from "../content-part";
import { raise } from "../errors";
import { toAnswer, type AnyAnswer } from "../answer";
import { optionKeys, readOptionsOf } from "../options";
import { checkLink } from "../pause";
import type { AnyToolResult, ToolResult } from "../tool-result";
import type { ProjectionOptions } from "./loss";
import { asResult, optionalString, requireString, type Context } from "./options";
import { blankOutput, defineProjection, idKey, openProjection, readId, readOptionalId, writeParts, type MediaPart, type Projection } from "./projection";
import { isBlank } from "./part-output";

/**
 * Raw bytes as the SDK holds them: Node's `Buffer` where its types are loaded (the SDK's own types need them),
 * else `Uint8Array`. {@link toA2aParts} writes a fresh `Buffer` that owns its memory (a plain `Uint8Array`
 * where there is no `Buffer`).
 */
export type A2aBytes = typeof globalThis extends { Buffer: { prototype: infer B } } ? B : Uint8Array;

/** A `Part` as the SDK's `Part` type takes it: one `content` case, a `filename` and a `mediaType` (`""` when none). */
export type A2aPart = {
  content: { $case: "text"; value: string } | { $case: "raw"; value: A2aBytes } | { $case: "url"; value: string } | { $case: "data"; value: unknown };
  metadata: { [key: string]: unknown } | undefined;
  filename: string;
  mediaType: string;
};

/** `Role.ROLE_USER` (1) and `Role.ROLE_AGENT` (2). */
export type A2aRole = 1 | 2;

/** A `Message`, every field at its proto default unless set. */
export type A2aMessage = {
  messageId: string;
  contextId: string;
  taskId: string;
  role: A2aRole;
  parts: A2aPart[];
  metadata: { [key: string]: unknown } | undefined;
  extensions: string[];
  referenceTaskIds: string[];
};

/** A `TaskStatus`: `state` is a `TaskState` number (completed 3, failed 4, input-required 6, auth-required 8). */
export type A2aTaskStatus = { state: number; message: A2aMessage | undefined; timestamp: string | undefined };

/** An `Artifact`. */
export type A2aArtifact = {
  artifactId: string;
  name: string;
  description: string;
  parts: A2aPart[];
  metadata: { [key: string]: unknown } | undefined;
  extensions: string[];
};

/** A `TaskStatusUpdateEvent`. */
export type A2aStatusUpdate = { taskId: string; contextId: string; status: A2aTaskStatus; metadata: { [key: string]: unknown } | undefined };

/** A `TaskArtifactUpdateEvent`. */
export type A2aArtifactUpdate = {
  taskId: string;
  contextId: string;
  artifact: A2aArtifact;
  append: boolean;
  lastChunk: boolean;
  metadata: { [key: string]: unknown } | undefined;
};

/** An `AgentExecutionEvent`, as `AgentEvent.statusUpdate` / `AgentEvent.artifactUpdate` make it: publish it on the event bus. */
export type A2aEvent = { kind: "statusUpdate"; data: A2aStatusUpdate } | { kind: "artifactUpdate"; data: A2aArtifactUpdate };
/** Options of {@link toA2aParts} and {@link fromA2a}. */
export type A2aPartsOptions = ProjectionOptions;

/** Options of {@link toA2aEvents}. */
export interface A2aEventsOptions extends ProjectionOptions {
  /** The task's id (`requestContext.taskId`). */
  taskId: string;
  /** The task's context id (`requestContext.contextId`). */
  contextId: string;
  /** The id of the status message; a new UUID when left out. */
  messageId?: string;
  /** The id of the artifact; a new UUID when left out. */
  artifactId?: string;
}

/** Options of {@link toA2aAnswer}. */
export interface A2aAnswerOptions {
  /** The paused task's id. */
  taskId: string;
  /** The task's context id; `""` (unset) when left out. */
  contextId?: string;
  /** The message's id; a new UUID when left out. */
  messageId?: string;
}
/** `TaskState` numbers, as the SDK's enum has them. */
export const COMPLETED = 3;
export const FAILED = 4;
export const CANCELED = 5;
export const INPUT_REQUIRED = 6;
export const REJECTED = 7;
export const AUTH_REQUIRED = 8;
const ROLE_USER = 1;
const ROLE_AGENT = 2;
const TO_ANSWER_KEYS = optionKeys("toA2aAnswer", ["taskId", "contextId", "messageId"]);

// ---------------------------------------------------------------------------------------------------------
// Outbound

/** A new id: a random UUID (version 4), from the platform's Web Crypto. */
function newId(): string {
  return globalThis.crypto.randomUUID();
}

function textPart(value: string): A2aPart {
  return { content: { $case: "text", value }, metadata: undefined, filename: "", mediaType: "text/plain" };
}

function dataPart(value: unknown): A2aPart {
  return { content: { $case: "data", value }, metadata: undefined, filename: "", mediaType: "application/json" };
}

/**
 * A part's bytes in memory of their own: a fresh `Uint8Array` decoded from the part (its own `ArrayBuffer`,
 * `byteOffset` 0), seen as a `Buffer` where Node's is present (looked up at each call, as the core does, so
 * that nothing imports `node:buffer`). Never a slice of Node's pool, which would carry other data through
 * the SDK's `structuredClone`.
 */
function ownBytes(part: ContentPart): Uint8Array {
  const bytes = part.bytes();
  const B = (globalThis as { Buffer?: { from(buffer: ArrayBuffer, offset: number, length: number): Uint8Array } }).Buffer;
  return B === undefined ? bytes : B.from(bytes.buffer as ArrayBuffer, 0, bytes.length);
}

/** A2A's table of parts: `raw` (the bytes, in memory of their own) or `url`, the mime type as `mediaType`, the name as `filename`. */
function toA2aPart(p: MediaPart): A2aPart {
  const content: A2aPart["content"] = p.data === undefined ? { $case: "url", value: p.url } : { $case: "raw", value: ownBytes(p) };
  return { content, metadata: undefined, filename: p.name ?? "", mediaType: p.mimeType };
}

/**
 * A result's parts as A2A parts: a text part of the output unless it is empty or blank (A2A's text part is the
 * output as written: a task read back gives it whole; a blank output is no text part, law 3, and is reported
 * at `output`), then each part through the kit's one parts loop.
 */
function partsOf(proj: Projection<A2aPart, never>, ctx: Context, r: Pick<ToolResult, "output" | "parts">): A2aPart[] {
  const out: A2aPart[] = [];
  if (isBlank(r.output)) blankOutput(proj, ctx, r.output);
  else out.push(textPart(r.output));
  if (r.parts !== null) writeParts(proj, ctx, r.parts, out);
  return out;
}

const TASK_ID = idKey<A2aEventsOptions>("taskId", (o) => o.taskId, "requestContext.taskId");
const CONTEXT_ID = idKey<A2aEventsOptions>("contextId", (o) => o.contextId, "requestContext.contextId");
const MESSAGE_ID = idKey<A2aEventsOptions>("messageId", (o) => o.messageId, "crypto.randomUUID()");
const ARTIFACT_ID = idKey<A2aEventsOptions>("artifactId", (o) => o.artifactId, "crypto.randomUUID()");
const TO_PARTS = defineProjection<A2aPart, A2aPartsOptions>({ provider: "a2a", label: "A2A", fn: "toA2aParts", text: textPart, part: toA2aPart });
const TO_EVENTS = defineProjection<A2aPart, A2aEventsOptions>({
  provider: "a2a",
  label: "A2A",
  fn: "toA2aEvents",
  ids: [TASK_ID, CONTEXT_ID, MESSAGE_ID, ARTIFACT_ID],
  text: textPart,
  part: toA2aPart,
});

/**
 * A result as A2A parts: a `text` part of the output (left out when empty; a blank output is left out and
 * reported to `onLoss` at `output`, as no blank text part is ever sent), then one part per part in order:
 * `text`, `raw` (the bytes, in a fresh `Buffer` that owns its memory) or `url`, with the part's mime type as
 * `mediaType` and its name as `filename` (`""` without one). Text parts have `mediaType` `text/plain`.
 *
 * A2A carries every part and its name: the losses are a part over `maxBytes`, handled by `unsupported` (a
 * placeholder `text` part by default) and reported to `onLoss`, and a blank text (the output, a text part). Metadata is not sent. Every object is fresh
 * and unfrozen, each field at the SDK's proto default when unset (`Part.fromJSON(Part.toJSON(p))` equals `p`).
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toA2aParts } from "toolnexus/providers";
 *
 * toA2aParts(ToolResult.ok("42"));
 * // [{ content: { $case: "text", value: "42" }, metadata: undefined, filename: "", mediaType: "text/plain" }]
 * ```
 */
export function toA2aParts(result: AnyToolResult, options?: A2aPartsOptions): A2aPart[] {
  const ctx = openProjection(TO_PARTS, options);
  return partsOf(TO_PARTS, ctx, asResult(result, "toA2aParts"));
}

function message(role: A2aRole, parts: A2aPart[], messageId: string | undefined, taskId: string, contextId: string): A2aMessage {
  return { messageId: messageId ?? newId(), contextId, taskId, role, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
}

function statusUpdate(taskId: string, contextId: string, state: number, msg: A2aMessage | undefined): A2aEvent {
  return { kind: "statusUpdate", data: { taskId, contextId, status: { state, message: msg, timestamp: new Date().toISOString() }, metadata: undefined } };
}

/** A fresh, unfrozen copy of JSON data the library checked (a Request's or an Answer's JSON). */
function freshA2aJSON(value: unknown): { [key: string]: unknown } {
  return JSON.parse(JSON.stringify(value)) as { [key: string]: unknown };
}

/**
 * What an A2A `AgentExecutor` publishes for a tool's result, after its `task` event, in order: events as
 * `AgentEvent.statusUpdate` / `AgentEvent.artifactUpdate` make them (`{ kind, data }`).
 *
 * - Pending (`result.pending`): one status update, `TASK_STATE_AUTH_REQUIRED` for a request of kind
 *   `authorization`, else `TASK_STATE_INPUT_REQUIRED`, whose agent message holds {@link toA2aParts} of the
 *   result (the prompt and link, the parts), then a data part `{ toolnexus: { request: <the Request's JSON> } }`
 *   by which a client answers by id ({@link toA2aAnswer}). An `authorization` request needs a url; the url a
 *   person is sent to must be `https:`, or `http:` to a loopback host (`localhost`, `127.0.0.0/8`, `[::1]`):
 *   any other is a `ValidationError` (`unsupported`, path `metadata.pending.url`).
 * - Error: one status update, `TASK_STATE_FAILED`, its message {@link toA2aParts} of the result (no message
 *   when that is empty).
 * - Else: an artifact update holding {@link toA2aParts} of the result (`append: false`, `lastChunk: true`;
 *   none when there are no parts), then `TASK_STATE_COMPLETED`, without a message.
 *
 * Messages have role `ROLE_AGENT`; ids not given are new UUIDs; `status.timestamp` is the time of the call.
 * Of the result's metadata only `pending` crosses. `taskId` and `contextId` are required non-empty strings.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { AgentEvent } from "@a2a-js/sdk/server";
 * import { toA2aEvents } from "toolnexus/providers";
 *
 * const { taskId, contextId } = requestContext;
 * for (const event of toA2aEvents(await tool.run(args), { taskId, contextId })) eventBus.publish(event);
 * ```
 */
export function toA2aEvents(result: AnyToolResult, options: A2aEventsOptions): A2aEvent[] {
  const ctx = openProjection(TO_EVENTS, options);
  const taskId = readId(TO_EVENTS, options, TASK_ID);
  const contextId = readId(TO_EVENTS, options, CONTEXT_ID);
  const messageId = readOptionalId(options, MESSAGE_ID);
  const artifactId = readOptionalId(options, ARTIFACT_ID);
  const r = asResult(result, "toA2aEvents");
  const pending = r.pending;
  if (pending !== undefined) {
    const auth = pending.kind === "authorization";
    checkPendingUrl(pending.url, auth);
    const parts = partsOf(TO_EVENTS, ctx, r);
    parts.push(dataPart({ toolnexus: { request: freshA2aJSON(pending.toJSON()) } }));
    return [statusUpdate(taskId, contextId, auth ? AUTH_REQUIRED : INPUT_REQUIRED, message(ROLE_AGENT, parts, messageId, taskId, contextId))];
  }
  const parts = partsOf(TO_EVENTS, ctx, r);
  if (r.isError) return [statusUpdate(taskId, contextId, FAILED, parts.length === 0 ? undefined : message(ROLE_AGENT, parts, messageId, taskId, contextId))];
  const events: A2aEvent[] = [];
  if (parts.length > 0) {
    const artifact: A2aArtifact = { artifactId: artifactId ?? newId(), name: "", description: "", parts, metadata: undefined, extensions: [] };
    events.push({ kind: "artifactUpdate", data: { taskId, contextId, artifact, append: false, lastChunk: true, metadata: undefined } });
  }
  events.push(statusUpdate(taskId, contextId, COMPLETED, undefined));
  return events;
}

/**
 * The link a paused task's message sends a person to (its text holds the request's url) follows the link rule:
 * `https:`, or `http:` to a loopback host; else `unsupported` at `metadata.pending.url`. An authorization
 * request needs one: without it, `missing` there.
 */
function checkPendingUrl(url: string | undefined, auth: boolean): void {
  const path = "metadata.pending.url";
  if (url !== undefined && url !== "") checkLink(url, path, "toA2aEvents");
  else if (auth) raise("missing", path, "An authorization request needs a url for the A2A auth-required state", "Give the authorization request the https: URL of the login page, as in ToolResult.authRequired(\"https://...\").");
}

/**
 * The user message that resumes a task paused on a request: a `text` part of a non-empty `data.output` when
 * the answer is `ok` (for agents that do not read toolnexus data), then a data part `{ toolnexus: { answer:
 * <the Answer's JSON> } }`. Role `ROLE_USER`; `messageId` a new UUID unless given; `contextId` `""` unless
 * given. Send it with `client.sendMessage({ message })`; the agent reads it with `fromA2aAnswer`.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { Answer } from "toolnexus";
 * import { fromA2a, toA2aAnswer } from "toolnexus/providers";
 *
 * const paused = fromA2a(task); // pending on the agent's request
 * const message = toA2aAnswer(Answer.output(paused.pending!, "staging"), { taskId: task.id, contextId: task.contextId });
 * ```
 */
export function toA2aAnswer(answer: AnyAnswer, options: A2aAnswerOptions): A2aMessage {
  const own = readOptionsOf(TO_ANSWER_KEYS, options);
  const taskId = requireString(own.taskId, "taskId", "toA2aAnswer", "task.id");
  const contextId = optionalString(own.contextId, "contextId", "task.contextId") ?? "";
  const messageId = optionalString(own.messageId, "messageId", "crypto.randomUUID()");
  const a = toAnswer(answer, "");
  const parts: A2aPart[] = [];
  // An own key only: Object.prototype.output is no answer's output.
  const output = a.ok && a.data !== undefined && Object.hasOwn(a.data, "output") ? (a.data as { output?: unknown }).output : undefined;
  if (typeof output === "string" && output !== "") parts.push(textPart(output));
  parts.push(dataPart({ toolnexus: { answer: freshA2aJSON(a.toJSON()) } }));
  return message(ROLE_USER, parts, messageId, taskId, contextId);
}
