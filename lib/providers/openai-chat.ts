/**
 * The OpenAI Chat Completions projection: a `tool` message, and a `user` message for the media.
 *
 * @module
 */
import { escapeControl, isArrayAt, readArray, snapshot } from "../boundary";
import { isGenuineResult } from "../tool-result";
import type { ContentPart } from "../content-part";
import { ContentPartError, raise, ValidationError } from "../errors";
import { joinPath } from "../path";
import { typeName } from "../json-data";
import type { ToolResult } from "../tool-result";
import { asResult, idOption, projection, projectionContext, type Context } from "./options";
import { losePart, type ProjectionOptions } from "./loss";
import { dataUrl, fallbackName, splitParts, type TypedPart } from "./part-output";

/** A `text` content part. */
export type OpenAIChatTextPart = { type: "text"; text: string };

/** An `image_url` content part: an http(s) URL or a `data:` URL. */
export type OpenAIChatImagePart = { type: "image_url"; image_url: { url: string } };

/** An `input_audio` content part: base64 data in one of the two formats the API reads. */
export type OpenAIChatAudioPart = { type: "input_audio"; input_audio: { data: string; format: "wav" | "mp3" } };

/** A `file` content part: the file as a `data:` URL, with a file name. */
export type OpenAIChatFilePart = { type: "file"; file: { file_data: string; filename: string } };

/** What the `user` message carries. */
export type OpenAIChatUserContent = OpenAIChatTextPart | OpenAIChatImagePart | OpenAIChatAudioPart | OpenAIChatFilePart;

/** The `tool` message: text only, as the API requires. */
export type OpenAIChatToolMessage = { role: "tool"; tool_call_id: string; content: string | OpenAIChatTextPart[] };

/** The `user` message that follows the `tool` message when the result has media. */
export type OpenAIChatUserMessage = { role: "user"; content: OpenAIChatUserContent[] };

/** The messages of one result: the `tool` message, then a `user` message when there is media to carry. */
export type OpenAIChatMessages = [OpenAIChatToolMessage] | [OpenAIChatToolMessage, OpenAIChatUserMessage];

/** Options of {@link toOpenAIChat}. */
export interface OpenAIChatOptions extends ProjectionOptions {
  /** The `id` of the tool call this result answers. */
  toolCallId: string;
  /** The tool's name, used in the heading of the `user` message. */
  toolName: string;
}

const SPEC = projection("openai-chat", "OpenAI Chat", "toOpenAIChat");
const IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const AUDIO_FORMATS: Readonly<Record<string, "wav" | "mp3">> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/vnd.wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
};

/**
 * Projects a result onto OpenAI Chat Completions messages: always an array.
 *
 * The first message is the `tool` message, text only (the API refuses media there): its content is the output
 * string, or, when the result has text parts or placeholders, a list of text parts (the output first).
 * When the result has media OpenAI can carry, a `user` message follows, headed
 * `Output of tool <name> (<id>):`, with one part per media part in order: `image_url` (a `data:` URL or
 * the part's URL) for png, jpeg, gif and webp images; `input_audio` for WAV and MP3 data; `file` (a
 * `data:` URL and a file name: the part's name, else `part-<index>` with the media table's extension) for a
 * file with data.
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: an image of another type, audio by URL or of
 * another format, a file by URL (Chat Completions takes files as data only), and any part over `maxBytes`;
 * a placeholder goes into the `tool` message. OpenAI has no error flag: the output is sent as the tool
 * wrote it. Metadata is never sent. For the results of parallel tool calls, use {@link toOpenAIChatMessages},
 * which puts every `tool` message first.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toOpenAIChat } from "toolnexus/providers";
 *
 * const msgs = toOpenAIChat(ToolResult.ok("done"), { toolCallId: "call_1", toolName: "build" });
 * // [{ role: "tool", tool_call_id: "call_1", content: "done" }]
 * messages.push(...msgs);
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: ToolResult<M> is invariant in M
export function toOpenAIChat(result: ToolResult<any>, options: OpenAIChatOptions): OpenAIChatMessages {
  const ctx = projectionContext(options, SPEC);
  // Each read only as an own property (Object.prototype.toolName is no option).
  const toolCallId = idOption(options, "toolCallId", readToolCallId, "toOpenAIChat", '"call_abc123"');
  const toolName = idOption(options, "toolName", readToolName, "toOpenAIChat", '"get_weather"');
  const r = asResult(result, "toOpenAIChat");
  const media: OpenAIChatUserContent[] = [];
  const tool = project(ctx, r, toolCallId, "", media);
  if (media.length === 0) return [tool];
  media.unshift(heading(toolName, toolCallId));
  return [tool, { role: "user", content: media }];
}

const readToolCallId = (o: OpenAIChatOptions): unknown => o.toolCallId;
const readToolName = (o: OpenAIChatOptions): unknown => o.toolName;

/** One tool call's result, as {@link toOpenAIChatMessages} takes it. */
export interface OpenAIChatToolCallResult {
  /** What the tool returned. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: ToolResult<M> is invariant in M
  readonly result: ToolResult<any>;
  /** The `id` of the tool call this result answers. */
  readonly toolCallId: string;
  /** The tool's name, used in the heading of its group in the `user` message. */
  readonly toolName: string;
}

/** Options of {@link toOpenAIChatMessages}: the shared `unsupported`, `onLoss` and `maxBytes`. */
export type OpenAIChatMessagesOptions = ProjectionOptions;

/** The messages of one assistant turn's results: every `tool` message, then at most one `user` message. */
export type OpenAIChatToolMessages = (OpenAIChatToolMessage | OpenAIChatUserMessage)[];

const SPEC_MANY = projection("openai-chat", "OpenAI Chat", "toOpenAIChatMessages");
const CALL_KEYS = ["result", "toolCallId", "toolName"] as const;

/**
 * Projects the results of one assistant turn's parallel tool calls onto OpenAI Chat Completions messages.
 *
 * `calls` is `[{ result, toolCallId, toolName }, ...]`, in the order of the assistant message's
 * `tool_calls`. The API wants every `tool` message right after the assistant message, so this gives all
 * the `tool` messages first, in call order, then at most one `user` message holding the media of all the
 * calls, each call's group headed `Output of tool <name> (<id>):` (calling {@link toOpenAIChat} per result
 * would interleave them: tool, user, tool, user). Each result is projected as {@link toOpenAIChat} projects
 * it, with the same losses; a loss's path names the call, as in `calls[1].parts[0]`.
 *
 * An empty list gives `[]`. Two calls with one `toolCallId` are a `ValidationError` (the API would refuse
 * the second), as is a call without a non-empty `toolCallId` or `toolName`.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * import { toOpenAIChatMessages } from "toolnexus/providers";
 *
 * const calls = completion.choices[0].message.tool_calls ?? [];
 * messages.push(completion.choices[0].message);
 * const results = await Promise.all(calls.map(async (c) => ({ result: await runTool(c), toolCallId: c.id, toolName: c.function.name })));
 * messages.push(...toOpenAIChatMessages(results));
 * ```
 */
export function toOpenAIChatMessages(calls: readonly OpenAIChatToolCallResult[], options?: OpenAIChatMessagesOptions): OpenAIChatToolMessages {
  const ctx = projectionContext(options, SPEC_MANY);
  if (!isArrayAt(calls, "calls", "the calls")) {
    raise("invalid-type", "calls", `toOpenAIChatMessages() takes a list of tool call results, got ${typeName(calls)}`, "Pass [{ result, toolCallId, toolName }, ...], one entry per tool call of the assistant message.");
  }
  const entries = readArray(calls, "calls");
  const read = entries.map((entry, i) => {
    const path = `calls[${i}]`;
    const c = snapshot(entry, CALL_KEYS, path, "A tool call result", "Pass { result, toolCallId, toolName }.");
    return { path, result: c.result, toolCallId: callString(c.toolCallId, path, "toolCallId", '"call_abc123"'), toolName: callString(c.toolName, path, "toolName", '"get_weather"') };
  });
  const seen = new Map<string, number>();
  read.forEach((c, i) => {
    const first = seen.get(c.toolCallId);
    if (first !== undefined) {
      raise("invalid-value", `${c.path}.toolCallId`, `The toolCallId ${JSON.stringify(c.toolCallId)} is also the id of calls[${first}]`, "Give each tool call's result once, with the id of its own tool call.");
    }
    seen.set(c.toolCallId, i);
  });
  const tools: OpenAIChatToolMessage[] = [];
  const media: OpenAIChatUserContent[] = [];
  for (const c of read) {
    const r = resultAt(c.result, c.path);
    // The call's heading, then its media, appended one by one (never spread into a call: a result may hold
    // more parts than a call takes arguments); the heading goes again when the call has no media.
    const mark = media.length;
    media.push(heading(c.toolName, c.toolCallId));
    tools.push(project(ctx, r, c.toolCallId, `${c.path}.`, media));
    if (media.length === mark + 1) media.pop();
  }
  const out: OpenAIChatToolMessages = tools;
  if (media.length > 0) out.push({ role: "user", content: media });
  return out;
}

function callString(v: unknown, path: string, key: string, example: string): string {
  if (typeof v === "string" && v !== "") return v;
  const at = `${path}.${key}`;
  if (v === undefined) raise("missing", at, `The tool call result has no ${key}`, `Give it, as in { result, ${key}: ${example} }.`);
  if (typeof v !== "string") raise("invalid-type", at, `${key} must be a string, got ${typeName(v)}`, `Pass the id or name from the assistant message's tool call, such as ${example}.`);
  return raise("invalid-value", at, `${key} is empty`, `Pass the id or name from the assistant message's tool call, such as ${example}.`);
}

/**
 * A call's result: a `ToolResult`, or its JSON shape (checked by `ToolResult.fromJSON`). An error in it names
 * its path from `calls` (`calls[1].result.output`), not from the result.
 */
function resultAt(value: unknown, path: string): ToolResult {
  const at = `${path}.result`;
  if (value === undefined) raise("missing", at, "The tool call result has no result", "Give the ToolResult the tool returned, as in { result, toolCallId, toolName }.");
  if (isGenuineResult(value)) return value as ToolResult;
  try {
    return asResult(value, "toOpenAIChatMessages");
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const Ctor = e instanceof ContentPartError ? ContentPartError : ValidationError;
    throw new Ctor(e.code, `${e.message} (in ${at})`, { path: joinPath(at, e.path), cause: e });
  }
}

/** `Output of tool <name> (<id>):`, the name and id (chosen by the model) shown on one line. */
function heading(toolName: string, toolCallId: string): OpenAIChatTextPart {
  return { type: "text", text: `Output of tool ${escapeControl(toolName)} (${escapeControl(toolCallId)}):` };
}

/** The `tool` message of one result; its media are appended to `media` (the `user` message's content). */
function project(ctx: Context, r: ToolResult, toolCallId: string, prefix: string, media: OpenAIChatUserContent[]): OpenAIChatToolMessage {
  if (r.parts === null) return { role: "tool", tool_call_id: toolCallId, content: r.output };
  const texts: string[] = [];
  splitParts(ctx, r.parts, toOpenAIChatPart, prefix, texts, media);
  if (texts.length === 0) return { role: "tool", tool_call_id: toolCallId, content: r.output };
  // The output first (when it says something), then each text part and placeholder.
  const content: OpenAIChatTextPart[] = [];
  if (r.output !== "") content.push({ type: "text", text: r.output });
  for (const text of texts) content.push({ type: "text", text });
  return { role: "tool", tool_call_id: toolCallId, content };
}

/** A lost part's placeholder line (a text part of the `tool` message), its path from the call: `calls[1].parts[0]`. */
function lost(ctx: Context, index: number, part: ContentPart, reason: string, prefix: string): string | undefined {
  return losePart(ctx, index, part, reason, `${prefix}parts[${index}]`);
}

/** A media part as a user-message item; a text part's text or a placeholder as a string; `undefined` when omitted. */
function toOpenAIChatPart(ctx: Context, p: TypedPart, index: number, prefix: string): OpenAIChatUserContent | string | undefined {
  if (p.type === "text") return p.text;
  const mime = p.mimeType;
  switch (p.type) {
    case "image":
      if (!IMAGE_TYPES.includes(mime)) return lost(ctx, index, p, `OpenAI reads only ${IMAGE_TYPES.join(", ")} images`, prefix);
      return { type: "image_url", image_url: { url: p.data !== undefined ? dataUrl(p) : p.url } };
    case "audio": {
      if (p.data === undefined) return lost(ctx, index, p, "Chat Completions takes audio as data only, not by URL", prefix);
      const format = Object.hasOwn(AUDIO_FORMATS, mime) ? AUDIO_FORMATS[mime] : undefined;
      if (format === undefined) return lost(ctx, index, p, "Chat Completions reads only WAV and MP3 audio", prefix);
      return { type: "input_audio", input_audio: { data: p.data, format } };
    }
    default:
      if (p.data === undefined) return lost(ctx, index, p, "Chat Completions takes files as data only, not by URL", prefix);
      return { type: "file", file: { file_data: dataUrl(p), filename: p.name ?? fallbackName(p, index) } };
  }
}
