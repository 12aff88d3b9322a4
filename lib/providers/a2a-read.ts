/**
 * The Agent2Agent protocol (A2A), read: A2A messages, artifacts and tasks (`@a2a-js/sdk` 1.x, v1.0
 * protobuf-style objects) into results, and the user message that answers a paused task into an `Answer`.
 * The writers are in a2a.ts.
 *
 * @module
 */
import { isArrayAt, ownField, ownKeys, readArray, readOwn, snapshot } from "../boundary";
import { readBytes } from "../platform";
import { isHttpUrl } from "../url";
import { isToolnexusError, raise } from "../errors";
import { copyJson, newWalk, typeName } from "../json-data";
import { joinPath } from "../path";
import { Answer, toAnswer } from "../answer";
import { Request, toRequest, type AnyRequest } from "../request";
import { ToolResult } from "../tool-result";
import { AUTH_REQUIRED, CANCELED, COMPLETED, FAILED, INPUT_REQUIRED, REJECTED, type A2aPartsOptions } from "./a2a";
import { optionKeys } from "../options";
import { checkAnswerFor, pendingText } from "../pause";
import { quoted } from "../quote";
import { builtBlock, inboundPart, InboundAccumulator, isListAt, lostBlock, unknownType, type BlockRead, type InboundHost } from "./inbound";
import { projection, readerContext } from "./options";
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
const FROM_A2A = projection("a2a", "A2A", "fromA2a");
const FROM_A2A_KEYS = optionKeys("fromA2a", ["unsupported", "onLoss", "maxBytes"]);

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

/** What one part read holds: a block of the accumulator's, or a toolnexus data part (not text: the request or answer it carries). */
type A2aRead = BlockRead | (Ours & { readonly kind: "toolnexus" });

const A2A_HOST: InboundHost = { name: "A2A", fix: "Fix the agent's parts" };

/** Reads a list field (`parts`, `artifacts`) of a snapshot: absent is empty, anything but an array an `invalid-type` error. */
function a2aListAt(value: unknown, path: string, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || !isListAt(value, path, what)) return raise("invalid-type", path, `${what} must be an array, got ${typeName(value)}`, "Pass the object as the A2A SDK gives it.");
  return readArray(value, path);
}

const isA2aObject = (v: unknown): v is object => typeof v === "object" && v !== null;

/** A toolnexus data part: which record it holds (`request` or `answer`), its value, and their paths. */
interface Ours {
  readonly key: "request" | "answer";
  readonly value: unknown;
  /** The path of the record's value: `parts[1].data.toolnexus.request`. */
  readonly path: string;
  /** The path of the part: `parts[1]`. */
  readonly part: string;
}

/**
 * A data part's value, read once: this package's own record when it is one, else the value to keep as data.
 * Only `{ toolnexus: { request } }` and `{ toolnexus: { answer } }`, exactly as toA2aEvents and toA2aAnswer
 * write them (no other key beside `toolnexus`, none beside `request` or `answer`), are ours: any other value,
 * `{ toolnexus: "2.1", forecast }` included, is data. Each key is read once: a value that is not ours is given
 * back as what was read (the `toolnexus` entry already read stands in a fresh object), to be copied as JSON.
 */
function dataPartOf(value: unknown, path: string, part: string): { readonly ours: Ours } | { readonly data: unknown } {
  if (!isA2aObject(value) || isArrayAt(value, path)) return { data: value };
  const keys = ownKeys(value, path);
  if (keys.length !== 1 || keys[0] !== "toolnexus") return { data: value };
  const entry = ownField(value, "toolnexus", path);
  const at = `${path}.toolnexus`;
  if (isA2aObject(entry) && !isArrayAt(entry, at)) {
    const inner = ownKeys(entry, at);
    const key = inner.length === 1 ? inner[0] : undefined;
    if (key === "request" || key === "answer") return { ours: { key, value: ownField(entry, key, at), path: `${at}.${key}`, part } };
  }
  return { data: { toolnexus: entry } };
}

/** The table of A2A's part shapes: what a part holds. A lost part is named by its filename and url (law 6). */
function readPart(value: unknown, path: string): A2aRead {
  if (!isA2aObject(value) || isArrayAt(value, path, "the part")) return lostBlock("part", `not an object but ${typeName(value)}`);
  const p = readOwn(value, PART_KEYS, path);
  const at = joinPath(path, "content");
  const content = p.content;
  const name = typeof p.filename === "string" && p.filename !== "" ? p.filename : undefined;
  const lost = (what: string, why: string, url?: unknown): BlockRead => lostBlock(what, why, what, name, typeof url === "string" ? url : undefined);
  if (!isA2aObject(content) || isArrayAt(content, at, "the content")) return lost("part", "it has no content");
  const c = readOwn(content, CONTENT_KEYS, at);
  const kind = c.$case;
  const v = c.value;
  let mimeType: string | undefined;
  if (p.mediaType !== undefined && p.mediaType !== null && p.mediaType !== "") {
    const label = kind === "text" || kind === "raw" || kind === "url" || kind === "data" ? `${kind} part` : "part";
    if (typeof p.mediaType !== "string") return lost(label, `its mediaType is ${typeName(p.mediaType)}, not a string`);
    mimeType = p.mediaType;
  }
  switch (kind) {
    case "text":
      return typeof v === "string" ? { kind: "text", text: v } : lost("text part", `its text is ${typeName(v)}, not a string`);
    case "data": {
      const data = `${path}.data`;
      const read = dataPartOf(v, data, path);
      if ("ours" in read) return { kind: "toolnexus", ...read.ours };
      try {
        return { kind: "text", text: JSON.stringify(copyJson(read.data, newWalk(data), 0)) };
      } catch (e) {
        if (isToolnexusError(e)) return lost("data part", "its data is not JSON data (NaN, a class instance, a cycle, ...)");
        throw e;
      }
    }
    case "raw": {
      // A Uint8Array (a Buffer is one) of any realm, read through the built-in getters; its bytes are copied.
      const bytes = ArrayBuffer.isView(v) && typedArrayName(v) === "Uint8Array" ? readBytes(v) : undefined;
      if (bytes === undefined) return lost("raw part", `its raw value is ${typeName(v)}, not a Uint8Array`);
      if (bytes === "detached" || bytes === "out-of-range") return lost("raw part", `its bytes cannot be read (${bytes === "detached" ? "a detached buffer" : "a view past the end of its shrunk buffer"})`);
      if (bytes.length === 0) return lost("raw part", "its raw bytes are empty");
      return builtBlock(inboundPart({ mimeType, data: bytes, name }), "raw part", "raw part", name);
    }
    case "url": {
      if (typeof v !== "string") return lost("url part", `its url is ${typeName(v)}, not a string`);
      if (!isHttpUrl(v)) return lost("url part", "its url is not an http(s) URL", v);
      return builtBlock(inboundPart({ mimeType, url: v, name }), "url part", "url part", name, v);
    }
    default:
      // A content case of its own: named on its line by the case, and by the filename when it has one.
      return typeof kind === "string" ? { ...unknownType("part", kind, "content"), name } : lost("part", "it has no content");
  }
}

/** Hands each part of `list` (at `base`) to the accumulator, in order; the toolnexus data parts go to `ours`. */
function gather(acc: InboundAccumulator, list: readonly unknown[], base: string, ours: Ours[]): void {
  for (let i = 0; i < list.length; i++) {
    const path = `${base}[${i}]`;
    const read = readPart(list[i], path);
    if (read.kind === "toolnexus") ours.push(read);
    else acc.add(read, i, path);
  }
}

const MESSAGE_KEYS = ["messageId", "artifactId", "parts", "status", "artifacts"] as const;
const STATUS_KEYS = ["state", "message"] as const;
const FIX = "Pass a Message, an Artifact or a Task as the A2A SDK gives it (JSON through Task.fromJSON first).";

/**
 * Reads an A2A `Message` (it has an own `messageId`), `Artifact` (an own `artifactId`) or `Task` into a result.
 *
 * - Output: the text parts and the data parts' compact JSON, joined by `"\n"` in order; with no text, one
 *   summary line per part. A toolnexus data part, exactly `{ toolnexus: { request } }` or `{ toolnexus: {
 *   answer } }` as `toA2aEvents` and `toA2aAnswer` write it, is not text; any other data part is
 *   data (`{ toolnexus: "2.1", forecast }` included).
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
 * (`[unsupported A2A url part: report.pdf (file:///srv/r.pdf)]`), a content case A2A does not have by the case
 * (`[unsupported A2A hologram: an unknown part type]`), else by its fault; a part over `maxBytes` gets
 * the usual placeholder (`[unsupported image part (image/png, 82 bytes)]`). Loss paths read
 * `artifacts[0].parts[2]`.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
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
  const ctx = readerContext(options, FROM_A2A, FROM_A2A_KEYS);
  const v = snapshot(value, MESSAGE_KEYS, "", "fromA2a() reads a Message, an Artifact or a Task, which", FIX);
  const acc = new InboundAccumulator(ctx, A2A_HOST);
  const ours: Ours[] = [];
  if (v.messageId !== undefined || v.artifactId !== undefined) {
    gather(acc, a2aListAt(v.parts, "parts", "parts"), "parts", ours);
    return ToolResult.ok(acc.output(joinLines(acc.texts)), { parts: acc.parts });
  }
  const status = v.status;
  if (!isA2aObject(status) || isArrayAt(status, "status", "the status")) {
    return raise(status === undefined ? "missing" : "invalid-type", "status", status === undefined ? "The task has no status" : `The task's status must be an object, got ${typeName(status)}`, FIX);
  }
  const s = readOwn(status, STATUS_KEYS, "status");
  const state = s.state;
  const ended = state === COMPLETED || state === FAILED || state === REJECTED || state === CANCELED;
  if (!ended && state !== INPUT_REQUIRED && state !== AUTH_REQUIRED) {
    raise(
      typeof state === "number" ? "invalid-value" : "invalid-type",
      "status.state",
      `fromA2a() reads a task that ended or waits for input (TaskState COMPLETED, FAILED, REJECTED, CANCELED, INPUT_REQUIRED or AUTH_REQUIRED), got ${typeof state === "number" ? `state ${state}` : typeof state === "string" ? `the string ${quoted(state)}` : typeName(state)}`,
      "Read the task once it has ended or paused; a task received as JSON goes through the SDK's Task.fromJSON first, which turns state names into TaskState numbers.",
    );
  }
  const artifacts = a2aListAt(v.artifacts, "artifacts", "artifacts");
  if (ended) {
    for (let i = 0; i < artifacts.length; i++) {
      const a = artifacts[i];
      const at = `artifacts[${i}]`;
      if (!isA2aObject(a) || isArrayAt(a, at, "the artifact")) raise("invalid-type", at, `An artifact must be an object, got ${typeName(a)}`, FIX);
      gather(acc, a2aListAt(readOwn(a, ["parts"], at).parts, `${at}.parts`, "parts"), `${at}.parts`, ours);
    }
  }
  gatherMessage(acc, s.message, ours);
  const text = joinLines(acc.texts);
  if (state === COMPLETED) return ToolResult.ok(acc.output(text), { parts: acc.parts });
  if (state === FAILED) return ToolResult.error(acc.output(text, "A2A task failed"), { parts: acc.parts });
  if (state === REJECTED) return ToolResult.error(acc.output(text, "A2A task rejected"), { parts: acc.parts });
  if (state === CANCELED) return ToolResult.error(acc.output(text, "A2A task canceled"), { parts: acc.parts });

  let request: Request | undefined;
  for (const o of ours) {
    if (o.key !== "request") continue;
    if (request !== undefined) raise("invalid-value", o.part, "The status message holds a second toolnexus request", "Send one request per paused task.");
    request = toRequest(o.value, o.path);
  }
  if (request === undefined) {
    const auth = state === AUTH_REQUIRED;
    const prompt = text !== "" ? text : auth ? "Authorization required to continue" : "Input required to continue";
    request = Request.create({ kind: auth ? "authorization" : "input", prompt });
  }
  // The output: the text, else what a pending result shows (the prompt and its link); then the loss lines.
  const output = acc.withLosses(text !== "" ? text : pendingText(request.prompt, request.url));
  return ToolResult.pending(request, { parts: acc.parts, output });
}

function gatherMessage(acc: InboundAccumulator, msg: unknown, ours: Ours[]): void {
  if (msg === undefined || msg === null) return;
  const at = "status.message";
  if (!isA2aObject(msg) || isArrayAt(msg, at, "the message")) raise("invalid-type", at, `The status message must be an object, got ${typeName(msg)}`, FIX);
  gather(acc, a2aListAt(readOwn(msg, ["parts"], at).parts, `${at}.parts`, "parts"), `${at}.parts`, ours);
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
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { fromA2aAnswer } from "toolnexus/providers";
 *
 * const answer = fromA2aAnswer(paused.pending!, requestContext.userMessage);
 * ```
 */
export function fromA2aAnswer(request: AnyRequest, message: A2aMessageInput): Answer {
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
    const read = dataPartOf(c.value, `${path}.data`, path);
    if (!("ours" in read) || read.ours.key !== "answer") continue;
    if (answer !== undefined) raise("invalid-value", path, "The message holds a second toolnexus answer", "Send one answer per message.");
    answer = toAnswer(read.ours.value, read.ours.path);
    checkAnswerFor(answer.id, req.id, `${read.ours.path}.id`, "Answer the request of the task's status message, by its id.");
  }
  if (answer !== undefined) return answer;
  const text = joinLines(texts);
  if (text !== "" && req.kind !== "approval" && req.kind !== "authorization") return Answer.output(req, text);
  return raise(
    "missing",
    "parts",
    text === "" ? "The message holds neither a toolnexus answer nor text" : `A text reply cannot answer a request of kind ${quoted(req.kind)}`,
    "Send the message toA2aAnswer() makes, with Answer.accept(), Answer.decline() or Answer.output().",
  );
}
