/**
 * The Agent2Agent protocol (A2A), read: A2A messages, artifacts and tasks (`@a2a-js/sdk` 1.x, v1.0
 * protobuf-style objects) into results, and the user message that answers a paused task into an `Answer`.
 * The writers are in a2a.ts.
 *
 * @module
 */
import { escapeControl, isArrayAt, readArray, readOwn, snapshot } from "../boundary";
import type { ContentPart } from "../content-part";
import { readBytes } from "../platform";
import { isHttpUrl } from "../url";
import { ToolnexusError, raise } from "../errors";
import { copyJson, newWalk, typeName } from "../json-data";
import { joinPath } from "../path";
import { Answer, toAnswer } from "../answer";
import { Request, toRequest } from "../request";
import { ToolResult } from "../tool-result";
import { AUTH_REQUIRED, CANCELED, COMPLETED, FAILED, INPUT_REQUIRED, REJECTED, type A2aPartsOptions } from "./a2a";
import { clipLine, inboundPart, keepPart } from "./inbound";
import { projection, projectionContext, type Context } from "./options";
import { loseBlock } from "./loss";
import { joinLines } from "./part-output";

/** A part {@link fromA2a} reads: the SDK's `Part`, or any object of that shape. */
export type A2aPartInput = {
  readonly content?: { readonly $case: string; readonly value?: unknown } | undefined;
  readonly filename?: string | undefined;
  readonly mediaType?: string | undefined;
  readonly metadata?: unknown;
};

/** A message {@link fromA2a} and {@link fromA2aAnswer} read: the SDK's `Message`, or its shape. */
export type A2aMessageInput = { readonly messageId?: string | undefined; readonly parts?: readonly A2aPartInput[] | undefined };

/** An artifact {@link fromA2a} reads. */
export type A2aArtifactInput = { readonly artifactId?: string | undefined; readonly parts?: readonly A2aPartInput[] | undefined };

/** A task {@link fromA2a} reads (after `Task.fromJSON` when it came as JSON). */
export type A2aTaskInput = {
  readonly status?: { readonly state?: number | undefined; readonly message?: A2aMessageInput | undefined } | undefined;
  readonly artifacts?: readonly A2aArtifactInput[] | undefined;
};
/** The output of a task that ended without text, by its state. */
const ENDED: Readonly<Record<number, string>> = { [FAILED]: "A2A task failed", [REJECTED]: "A2A task rejected", [CANCELED]: "A2A task canceled" };
/** The prompt of a paused task without a toolnexus request and without text, by its state. */
const PAUSED: Readonly<Record<number, [kind: string, prompt: string]>> = {
  [INPUT_REQUIRED]: ["input", "Input required to continue"],
  [AUTH_REQUIRED]: ["authorization", "Authorization required to continue"],
};
const FROM_A2A = projection("a2a", "A2A", "fromA2a");

// ---------------------------------------------------------------------------------------------------------
// Inbound

const PART_KEYS = ["content", "filename", "mediaType"] as const;

/**
 * The name of a typed array's kind, read through the built-in getter, which answers only for a real typed
 * array of any realm (`undefined` for anything else, a Proxy included, and runs no code of the value's).
 */
const TAG_DESCRIPTOR: { readonly get?: (this: unknown) => unknown } | undefined = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype) as object, Symbol.toStringTag);
const TYPED_ARRAY_TAG = TAG_DESCRIPTOR?.get;
const typedArrayName = (value: unknown): unknown => (TYPED_ARRAY_TAG === undefined ? undefined : Reflect.apply(TYPED_ARRAY_TAG, value, []));
const CONTENT_KEYS = ["$case", "value"] as const;

/** What one part read holds. */
type Read =
  | { kind: "text"; text: string }
  | { kind: "part"; part: ContentPart; droppedName: string | undefined }
  | { kind: "toolnexus"; value: unknown; path: string }
  | { kind: "lost"; what: string; why: string; name: string | undefined };

/** Reads a list field (`parts`, `artifacts`) of a snapshot: absent is empty, anything but an array an `invalid-type` error. */
function a2aListAt(value: unknown, path: string, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || !isArrayAt(value, path, what)) raise("invalid-type", path, `${what} must be an array, got ${typeName(value)}`, "Pass the object as the A2A SDK gives it.");
  return readArray(value as unknown[], path);
}

const isA2aObject = (v: unknown): v is object => typeof v === "object" && v !== null;

/**
 * The `toolnexus` entry of a data part's value, or `undefined` when the value is no toolnexus data (not a
 * plain object with an own `toolnexus` key).
 */
function toolnexusOf(value: unknown, path: string): unknown {
  if (!isA2aObject(value) || isArrayAt(value, path)) return undefined;
  return readOwn(value, ["toolnexus"], path).toolnexus;
}

/** `report.pdf (file:///srv/r.pdf)`: a lost part's name and url, shown in one line (a `data:` url without its payload). */
function shownName(filename: unknown, url: unknown): string | undefined {
  const name = typeof filename === "string" && filename !== "" ? clipLine(filename) : undefined;
  let link: string | undefined;
  if (typeof url === "string" && url !== "") {
    const comma = url.indexOf(",");
    link = /^data:/i.test(url) && comma !== -1 ? `${clipLine(url.slice(0, comma + 1))}...` : clipLine(url);
  }
  if (name !== undefined && link !== undefined) return `${name} (${link})`;
  return name ?? link;
}

function readPart(value: unknown, path: string): Read {
  if (!isA2aObject(value) || isArrayAt(value, path, "the part")) return { kind: "lost", what: "A2A part", why: `not an object but ${typeName(value)}`, name: undefined };
  const p = readOwn(value, PART_KEYS, path);
  const at = joinPath(path, "content");
  const content = p.content;
  const lost = (what: string, why: string, url?: unknown): Read => ({ kind: "lost", what, why, name: shownName(p.filename, url) });
  if (!isA2aObject(content) || isArrayAt(content, at, "the content")) return lost("A2A part", "it has no content");
  const c = readOwn(content, CONTENT_KEYS, at);
  const kind = c.$case;
  const v = c.value;
  const name = typeof p.filename === "string" && p.filename !== "" ? p.filename : undefined;
  let mimeType: string | undefined;
  if (p.mediaType !== undefined && p.mediaType !== null && p.mediaType !== "") {
    const label = kind === "text" || kind === "raw" || kind === "url" || kind === "data" ? `A2A ${kind} part` : "A2A part";
    if (typeof p.mediaType !== "string") return lost(label, `its mediaType is ${typeName(p.mediaType)}, not a string`);
    mimeType = p.mediaType;
  }
  switch (kind) {
    case "text":
      return typeof v === "string" ? { kind: "text", text: v } : lost("A2A text part", `its text is ${typeName(v)}, not a string`);
    case "data": {
      const data = `${path}.data`;
      const ours = toolnexusOf(v, data);
      if (ours !== undefined) return { kind: "toolnexus", value: ours, path: `${data}.toolnexus` };
      try {
        return { kind: "text", text: JSON.stringify(copyJson(v, newWalk(data), 0)) };
      } catch (e) {
        if (e instanceof ToolnexusError) return lost("A2A data part", "its data is not JSON data (NaN, a class instance, a cycle, ...)");
        throw e;
      }
    }
    case "raw": {
      // A Uint8Array (a Buffer is one) of any realm, read through the built-in getters; its bytes are copied.
      const bytes = ArrayBuffer.isView(v) && typedArrayName(v) === "Uint8Array" ? readBytes(v) : undefined;
      if (bytes === undefined) return lost("A2A raw part", `its raw value is ${typeName(v)}, not a Uint8Array`);
      if (bytes === "detached" || bytes === "out-of-range") return lost("A2A raw part", `its bytes cannot be read (${bytes === "detached" ? "a detached buffer" : "a view past the end of its shrunk buffer"})`);
      if (bytes.length === 0) return lost("A2A raw part", "its raw bytes are empty");
      const built = inboundPart({ mimeType, data: bytes, name });
      return built.part !== undefined ? { kind: "part", part: built.part, droppedName: built.droppedName } : lost("A2A raw part", built.why);
    }
    case "url": {
      if (typeof v !== "string") return lost("A2A url part", `its url is ${typeName(v)}, not a string`);
      if (!isHttpUrl(v)) return lost("A2A url part", "its url is not an http(s) URL", v);
      const built = inboundPart({ mimeType, url: v, name });
      return built.part !== undefined ? { kind: "part", part: built.part, droppedName: built.droppedName } : lost("A2A url part", built.why, v);
    }
    default:
      return lost("A2A part", typeof kind === "string" ? `unknown content ${escapeControl(JSON.stringify(kind.length > 40 ? `${kind.slice(0, 40)}...` : kind))}` : "it has no content");
  }
}

/** What a list of parts holds, read in order. */
interface Gathered {
  texts: string[];
  parts: ContentPart[];
  lossLines: string[];
  /** The toolnexus data parts met, with their paths. */
  ours: { value: unknown; path: string; part: string }[];
}

function gather(ctx: Context, list: unknown[], base: string, into: Gathered): void {
  for (let i = 0; i < list.length; i++) {
    const path = `${base}[${i}]`;
    const read = readPart(list[i], path);
    if (read.kind === "text") into.texts.push(read.text);
    else if (read.kind === "toolnexus") into.ours.push({ value: read.value, path: read.path, part: path });
    else if (read.kind === "part") keepPart(ctx, i, path, read, into.parts, into.lossLines);
    else {
      const line = read.name !== undefined ? `[unsupported ${escapeControl(read.what)}: ${escapeControl(read.name)}]` : `[unsupported ${escapeControl(read.what)} (${escapeControl(read.why)})]`;
      const kept = loseBlock(ctx, path, read.what, read.why, line, "Fix the agent's parts");
      if (kept !== undefined) into.lossLines.push(kept);
    }
  }
}

const MESSAGE_KEYS = ["messageId", "artifactId", "parts", "status", "artifacts"] as const;
const STATUS_KEYS = ["state", "message"] as const;
const FIX = "Pass a Message, an Artifact or a Task as the A2A SDK gives it (JSON through Task.fromJSON first).";

/**
 * Reads an A2A `Message` (it has an own `messageId`), `Artifact` (an own `artifactId`) or `Task` into a result.
 *
 * - Output: the text parts and the data parts' compact JSON, joined by `"\n"` in order (a toolnexus data part,
 *   `{ toolnexus: ... }`, is not text); with no text, one summary line per part.
 * - Parts: `raw` and `url` parts, their type following the mime type, their name the `filename`; `mediaType`
 *   as sent (signatures are not checked), else the bytes' signature or the url's extension, else
 *   `application/octet-stream`.
 * - A task reads by `status.state`: `COMPLETED` is `ok` of its artifacts' parts, then its status message's;
 *   `FAILED`, `REJECTED`, `CANCELED` are errors of the same (`A2A task failed` / `rejected` / `canceled`
 *   without text); `INPUT_REQUIRED` and `AUTH_REQUIRED` are pending on the request in the status message's
 *   toolnexus data part, else on a new request of kind `input` (`authorization`) whose prompt is the text
 *   (`Input required to continue` / `Authorization required to continue` without). Any other state, or none,
 *   is a `ValidationError`. A message or an artifact is `ok`. A2A `metadata` and `history` are not read.
 *
 * A part that cannot be one (no or unknown content, a url that is not http(s), empty raw bytes, a mediaType
 * ContentPart refuses, data that is not JSON) is never dropped silently: it is reported to `onLoss` and,
 * under the default policy, named in the output after the text, one line per loss, by its filename and url
 * (`[unsupported A2A url part: report.pdf (file:///srv/r.pdf)]`) or by its fault; a part over `maxBytes` gets
 * the usual placeholder (`[unsupported image part (image/png, 82 bytes)]`). Loss paths read
 * `artifacts[0].parts[2]`.
 *
 * Reads what you pass by the rules in [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * import { fromA2a } from "toolnexus/providers";
 *
 * const task = await client.sendMessage({ message });
 * const result = fromA2a(task);
 * if (result.isPending) console.log(result.pending!.prompt);
 * ```
 */
export function fromA2a(value: A2aMessageInput | A2aArtifactInput | A2aTaskInput, options?: A2aPartsOptions): ToolResult {
  const ctx = projectionContext(options, FROM_A2A);
  const v = snapshot(value, MESSAGE_KEYS, "", "fromA2a() reads a Message, an Artifact or a Task, which", FIX);
  const into: Gathered = { texts: [], parts: [], lossLines: [], ours: [] };
  if (v.messageId !== undefined || v.artifactId !== undefined) {
    gather(ctx, a2aListAt(v.parts, "parts", "parts"), "parts", into);
    return ToolResult.ok(outputOf(into, undefined), { parts: into.parts });
  }
  const status = v.status;
  if (!isA2aObject(status) || isArrayAt(status, "status", "the status")) {
    return raise(status === undefined ? "missing" : "invalid-type", "status", status === undefined ? "The task has no status" : `The task's status must be an object, got ${typeName(status)}`, FIX);
  }
  const s = readOwn(status, STATUS_KEYS, "status");
  const state = s.state;
  const known = state === COMPLETED || state === FAILED || state === REJECTED || state === CANCELED || state === INPUT_REQUIRED || state === AUTH_REQUIRED;
  if (!known) {
    raise(
      typeof state === "number" ? "invalid-value" : "invalid-type",
      "status.state",
      `fromA2a() reads a task that ended or waits for input (TaskState COMPLETED, FAILED, REJECTED, CANCELED, INPUT_REQUIRED or AUTH_REQUIRED), got ${typeof state === "number" ? `state ${state}` : typeof state === "string" ? `the string ${escapeControl(JSON.stringify(state.length > 40 ? `${state.slice(0, 40)}...` : state))}` : typeName(state)}`,
      "Read the task once it has ended or paused; a task received as JSON goes through the SDK's Task.fromJSON first, which turns state names into TaskState numbers.",
    );
  }
  const artifacts = a2aListAt(v.artifacts, "artifacts", "artifacts");
  if (state === COMPLETED || state === FAILED || state === REJECTED || state === CANCELED) {
    for (let i = 0; i < artifacts.length; i++) {
      const a = artifacts[i];
      const at = `artifacts[${i}]`;
      if (!isA2aObject(a) || isArrayAt(a, at, "the artifact")) raise("invalid-type", at, `An artifact must be an object, got ${typeName(a)}`, FIX);
      gather(ctx, a2aListAt(readOwn(a, ["parts"], at).parts, `${at}.parts`, "parts"), `${at}.parts`, into);
    }
  }
  gatherMessage(ctx, s.message, into);
  if (state === COMPLETED) return ToolResult.ok(outputOf(into, undefined), { parts: into.parts });
  if (state !== INPUT_REQUIRED && state !== AUTH_REQUIRED) return ToolResult.error(outputOf(into, ENDED[state as number]), { parts: into.parts });

  let request: Request | undefined;
  for (const o of into.ours) {
    const entry = isA2aObject(o.value) && !isArrayAt(o.value, o.path) ? readOwn(o.value, ["request"], o.path).request : undefined;
    if (entry === undefined) continue;
    if (request !== undefined) raise("invalid-value", o.part, "The status message holds a second toolnexus request", "Send one request per paused task.");
    request = toRequest(entry, `${o.path}.request`);
  }
  const text = joinLines(into.texts);
  if (request === undefined) {
    const [kind, prompt] = PAUSED[state];
    request = Request.create({ kind, prompt: text !== "" ? text : prompt });
  }
  const output = text !== "" ? text : undefined;
  const withLosses = output === undefined ? undefined : joinLines([output, ...into.lossLines]);
  const pending = ToolResult.pending(request, { parts: into.parts, ...(withLosses === undefined ? {} : { output: withLosses }) });
  return into.lossLines.length > 0 && withLosses === undefined ? pending.withOutput(joinLines([pending.output, ...into.lossLines])) : pending;
}

function gatherMessage(ctx: Context, msg: unknown, into: Gathered): void {
  if (msg === undefined || msg === null) return;
  const at = "status.message";
  if (!isA2aObject(msg) || isArrayAt(msg, at, "the message")) raise("invalid-type", at, `The status message must be an object, got ${typeName(msg)}`, FIX);
  gather(ctx, a2aListAt(readOwn(msg, ["parts"], at).parts, `${at}.parts`, "parts"), `${at}.parts`, into);
}

/** The output: the text joined, else `empty` (an ended task's sentence) or the summary lines; then the loss lines. */
function outputOf(into: Gathered, empty: string | undefined): string {
  let text = joinLines(into.texts);
  if (text === "" && empty !== undefined) text = empty;
  else if (text === "") text = into.parts.map((p) => p.summary()).join("\n");
  return joinLines([text, ...into.lossLines]);
}

/**
 * Reads the user message that answers a task paused on `request`: the answer in its toolnexus data part (`{
 * toolnexus: { answer } }`, as {@link toA2aAnswer} writes it), read as `Answer.fromJSON` and checked by id;
 * without one, its non-empty text (text parts joined by `"\n"`) as `Answer.output(request, text)`, except for
 * an `approval` or `authorization` request, which needs a toolnexus answer.
 *
 * An answer for another request, a second answer part, or a message with nothing to answer with is a
 * `ValidationError`: an executor that catches it publishes its `task` event and the same events again (the
 * task stays paused on the same request).
 *
 * Reads what you pass by the rules in [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * import { fromA2aAnswer } from "toolnexus/providers";
 *
 * const answer = fromA2aAnswer(paused.pending!, requestContext.userMessage);
 * ```
 */
export function fromA2aAnswer(request: Request, message: A2aMessageInput): Answer {
  const req = toRequest(request, "");
  const m = snapshot(message, ["parts"], "", "fromA2aAnswer() reads a Message, which", "Pass requestContext.userMessage.");
  const list = a2aListAt(m.parts, "parts", "parts");
  const texts: string[] = [];
  let answer: Answer | undefined;
  for (let i = 0; i < list.length; i++) {
    const path = `parts[${i}]`;
    const value = list[i];
    if (!isA2aObject(value) || isArrayAt(value, path, "the part")) continue;
    const content = readOwn(value, ["content"], path).content;
    const at = `${path}.content`;
    if (!isA2aObject(content) || isArrayAt(content, at, "the content")) continue;
    const c = readOwn(content, CONTENT_KEYS, at);
    if (c.$case === "text" && typeof c.value === "string") texts.push(c.value);
    if (c.$case !== "data") continue;
    const ours = toolnexusOf(c.value, `${path}.data`);
    const entry = isA2aObject(ours) && !isArrayAt(ours, `${path}.data.toolnexus`) ? readOwn(ours, ["answer"], `${path}.data.toolnexus`).answer : undefined;
    if (entry === undefined) continue;
    if (answer !== undefined) raise("invalid-value", path, "The message holds a second toolnexus answer", "Send one answer per message.");
    const at2 = `${path}.data.toolnexus.answer`;
    answer = toAnswer(entry, at2);
    if (answer.id !== req.id) {
      raise(
        "invalid-value",
        `${at2}.id`,
        `The answer is for request ${escapeControl(JSON.stringify(clipLine(answer.id, 40)))}, not for the paused request ${escapeControl(JSON.stringify(clipLine(req.id, 40)))}`,
        "Answer the request of the task's status message, by its id.",
      );
    }
  }
  if (answer !== undefined) return answer;
  const text = joinLines(texts);
  if (text !== "" && req.kind !== "approval" && req.kind !== "authorization") return Answer.output(req, text);
  return raise(
    "missing",
    "parts",
    text === "" ? "The message holds neither a toolnexus answer nor text" : `A text reply cannot answer a request of kind ${JSON.stringify(req.kind)}`,
    "Send the message toA2aAnswer() makes, with Answer.accept(), Answer.decline() or Answer.output().",
  );
}
