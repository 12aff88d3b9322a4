/**
 * The OpenAI Chat Completions projection: a `tool` message, and a `user` message for the media.
 *
 * @module
 */
import { escapeControl, isArrayAt, readArray, snapshot } from "../boundary";
import { ContentPartError, isToolnexusError, raise, ValidationError } from "../errors";
import { joinPath } from "../path";
import { typeName } from "../json-data";
import type { AnyToolResult, ToolResult } from "../tool-result";
import { asResult, type Context } from "./options";
import { refusal, type ProjectionOptions, type Refusal } from "./loss";
import { dataUrl, isBlank } from "./part-output";
import { nameOrFallback, OPENAI_IMAGES } from "./media-set";
import { blankOutput, defineProjection, idKey, openProjection, partVerdicts, readId, writeParts, type MediaPart, type Projection, type ProjectionTable } from "./projection";
import { limitsCache, OPENAI_LIMITS } from "../budgets/limits";

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

const AUDIO_FORMATS: Readonly<Record<string, "wav" | "mp3">> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/vnd.wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
};

const AUDIO_BY_URL = refusal("Chat Completions takes audio as data only, not by URL");
const OTHER_AUDIO = refusal("Chat Completions reads only WAV and MP3 audio");
const FILE_BY_URL = refusal("Chat Completions takes files as data only, not by URL");

/** OpenAI's limits for Chat Completions (budgets/data.ts), read once: its media ride in the user message. */
const TARGET = limitsCache({ provider: "openai", api: "chat" }, OPENAI_LIMITS);

/** What an item of one result is: a text line of the `tool` message (a text part, a placeholder), or media of the `user` message. */
type ChatItem = string | OpenAIChatUserContent;

/** The shapes of both functions: text goes to the `tool` message, media to the `user` message. */
const CHAT_SHAPES = {
  provider: "openai-chat",
  label: "OpenAI Chat",
  text: (text: string): ChatItem => text,
  part: chatItem,
  // A file part has a filename; image_url and input_audio parts have no name field.
  nameless: { image: "an OpenAI Chat image_url part", audio: "an OpenAI Chat input_audio part" },
} as const;

const TOOL_CALL_ID = idKey("toolCallId", (o: OpenAIChatOptions) => o.toolCallId, '"call_abc123"');
const TOOL_NAME = idKey("toolName", (o: OpenAIChatOptions) => o.toolName, '"get_weather"');
const CHAT_TABLE: ProjectionTable<ChatItem, OpenAIChatOptions> = { ...CHAT_SHAPES, fn: "toOpenAIChat", ids: [TOOL_CALL_ID, TOOL_NAME] };
const CHAT = defineProjection(CHAT_TABLE);

/**
 * Projects a result onto OpenAI Chat Completions messages: always an array.
 *
 * The first message is the `tool` message, text only (the API refuses media there): its content is the output
 * string, or, when the result has text parts or placeholders, a list of text parts (the output first).
 * When the result has media OpenAI can carry, a `user` message follows, headed
 * `Output of tool <name> (<id>):`, with one part per media part in order: `image_url` (a `data:` URL or
 * the part's URL) for png, jpeg, gif and webp images; `input_audio` for WAV and MP3 data; `file` (a
 * `data:` URL and a file name: the part's name, else `part-<index>.<ext>` with the media table's extension,
 * `part-<index>` without one) for a file with data. An image's or audio's name has no field there: it is
 * reported to `onLoss` (path `parts[i].name`, no placeholder, since the part itself arrives).
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: an image of another type, audio by URL or of
 * another format, a file by URL (Chat Completions takes files as data only), a blank text part, any part
 * over `maxBytes`, and any part past OpenAI's documented limits of a request (1500 images, 512 MB; counted
 * per result), its placeholder naming the limit (docs/budgets.md);
 * a placeholder goes into the `tool` message. OpenAI has no error flag: the output is sent as the tool
 * wrote it. Metadata is never sent. For the results of parallel tool calls, use {@link toOpenAIChatMessages},
 * which puts every `tool` message first.
 *
 * See docs/trust.md, "Reading what callers pass".
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
export function toOpenAIChat(result: AnyToolResult, options: OpenAIChatOptions): OpenAIChatMessages {
  const ctx = openProjection(CHAT, options);
  // Each read only as an own property (Object.prototype.toolName is no option).
  const toolCallId = readId(CHAT, options, TOOL_CALL_ID);
  const toolName = readId(CHAT, options, TOOL_NAME);
  const r = asResult(result, "toOpenAIChat");
  const media: OpenAIChatUserContent[] = [];
  const tool = project(CHAT, ctx, r, toolCallId, "", media);
  if (media.length === 0) return [tool];
  media.unshift(heading(toolName, toolCallId));
  return [tool, { role: "user", content: media }];
}

/** One tool call's result, as {@link toOpenAIChatMessages} takes it. */
export interface OpenAIChatToolCallResult {
  /** What the tool returned. */
  readonly result: AnyToolResult;
  /** The `id` of the tool call this result answers. */
  readonly toolCallId: string;
  /** The tool's name, used in the heading of its group in the `user` message. */
  readonly toolName: string;
}

/** Options of {@link toOpenAIChatMessages}: the shared `unsupported`, `onLoss` and `maxBytes`. */
export type OpenAIChatMessagesOptions = ProjectionOptions;

/** The messages of one assistant turn's results: every `tool` message, then at most one `user` message. */
export type OpenAIChatToolMessages = (OpenAIChatToolMessage | OpenAIChatUserMessage)[];

const CHAT_MANY_TABLE: ProjectionTable<ChatItem, never> = { ...CHAT_SHAPES, fn: "toOpenAIChatMessages" };
const CHAT_MANY = defineProjection(CHAT_MANY_TABLE);
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
 * See docs/trust.md, "Reading what callers pass".
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
  const ctx = openProjection(CHAT_MANY, options);
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
    tools.push(project(CHAT_MANY, ctx, r, c.toolCallId, `${c.path}.`, media));
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
  try {
    return asResult(value, "toOpenAIChatMessages");
  } catch (e) {
    if (!isToolnexusError(e, ValidationError)) throw e;
    const Ctor = isToolnexusError(e, ContentPartError) ? ContentPartError : ValidationError;
    throw new Ctor(e.code, `${e.message} (in ${at})`, { path: joinPath(at, e.path), cause: e });
  }
}

/** `Output of tool <name> (<id>):`, the name and id (chosen by the model) shown on one line. */
function heading(toolName: string, toolCallId: string): OpenAIChatTextPart {
  return { type: "text", text: `Output of tool ${escapeControl(toolName)} (${escapeControl(toolCallId)}):` };
}

/**
 * The `tool` message of one result; its media are appended to `media` (the `user` message's content). The
 * tool message is the output string, or, when a part gave a text line (a text part, a placeholder), a list of
 * text parts: the output's first (a blank output left out, and reported), then each line.
 */
function project(proj: Projection<ChatItem, never>, ctx: Context, r: ToolResult, toolCallId: string, prefix: string, media: OpenAIChatUserContent[]): OpenAIChatToolMessage {
  if (r.parts === null) return { role: "tool", tool_call_id: toolCallId, content: r.output };
  const items: ChatItem[] = [];
  writeParts(proj, ctx, r.parts, items, prefix, partVerdicts(TARGET, undefined, r.parts));
  const content: OpenAIChatTextPart[] = [];
  for (const item of items) {
    if (typeof item === "string") content.push({ type: "text", text: item });
    else media.push(item);
  }
  if (content.length === 0) return { role: "tool", tool_call_id: toolCallId, content: r.output };
  if (!isBlank(r.output)) content.unshift({ type: "text", text: r.output });
  else blankOutput(proj, ctx, r.output, prefix);
  return { role: "tool", tool_call_id: toolCallId, content };
}

/** A media part as a user-message item; else its loss. */
function chatItem(p: MediaPart, index: number): OpenAIChatUserContent | Refusal {
  switch (p.type) {
    case "image":
      if (!OPENAI_IMAGES.has(p.mimeType)) return OPENAI_IMAGES.refusal;
      return { type: "image_url", image_url: { url: p.data !== undefined ? dataUrl(p) : p.url } };
    case "audio": {
      if (p.data === undefined) return AUDIO_BY_URL;
      const format = Object.hasOwn(AUDIO_FORMATS, p.mimeType) ? AUDIO_FORMATS[p.mimeType] : undefined;
      if (format === undefined) return OTHER_AUDIO;
      return { type: "input_audio", input_audio: { data: p.data, format } };
    }
    default:
      if (p.data === undefined) return FILE_BY_URL;
      return { type: "file", file: { file_data: dataUrl(p), filename: nameOrFallback(p, index) } };
  }
}
