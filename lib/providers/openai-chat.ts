/**
 * The OpenAI Chat Completions projection: a `tool` message, and a `user` message for the media.
 *
 * @module
 */
import type { ContentPart } from "../content-part";
import type { ToolResult } from "../tool-result";
import type { ProjectionOptions } from "./loss";
import { asResult, dataUrl, fallbackName, losePart, overCap, projection, readOptions, ownOnly, requireString, unreadable, type Context } from "./shared";

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
 * wrote it. Metadata is never sent.
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
export function toOpenAIChat(result: ToolResult<any>, options: OpenAIChatOptions): OpenAIChatMessages {
  const ctx = readOptions(options, SPEC);
  let id: unknown;
  let name: unknown;
  try {
    // Named reads, each kept only when it is an own property (Object.prototype.toolName is no option).
    if (options !== undefined && options !== null) {
      id = ownOnly(options, "toolCallId", options.toolCallId);
      name = ownOnly(options, "toolName", options.toolName);
    }
  } catch (e) {
    throw unreadable(e, "", "the options");
  }
  const toolCallId = requireString(id, "toolCallId", "toOpenAIChat", '"call_abc123"');
  const toolName = requireString(name, "toolName", "toOpenAIChat", '"get_weather"');
  const r = asResult(result, "toOpenAIChat");
  const texts: OpenAIChatTextPart[] = [];
  const media: OpenAIChatUserContent[] = [];
  if (r.parts !== null) {
    const parts = r.parts;
    for (let i = 0; i < parts.length; i++) {
      const item = toItem(ctx, parts[i]!, i);
      if (typeof item === "string") texts.push({ type: "text", text: item });
      else if (item !== undefined) media.push(item);
    }
  }
  let content: string | OpenAIChatTextPart[] = r.output;
  if (texts.length > 0) content = r.output === "" ? texts : [{ type: "text", text: r.output }, ...texts];
  const tool: OpenAIChatToolMessage = { role: "tool", tool_call_id: toolCallId, content };
  if (media.length === 0) return [tool];
  return [tool, { role: "user", content: [{ type: "text", text: `Output of tool ${toolName} (${toolCallId}):` }, ...media] }];
}

/** A media part as a user-message item; a text part's text or a placeholder as a string; `undefined` when omitted. */
function toItem(ctx: Context, part: ContentPart, index: number): OpenAIChatUserContent | string | undefined {
  const over = overCap(ctx, part);
  if (over !== undefined) return losePart(ctx, index, part, over);
  const mime = part.mimeType!;
  switch (part.type) {
    case "image":
      if (!IMAGE_TYPES.includes(mime)) return losePart(ctx, index, part, `OpenAI reads only ${IMAGE_TYPES.join(", ")} images`);
      return { type: "image_url", image_url: { url: part.data !== undefined ? dataUrl(part) : part.url! } };
    case "audio": {
      if (part.data === undefined) return losePart(ctx, index, part, "Chat Completions takes audio as data only, not by URL");
      const format = Object.prototype.hasOwnProperty.call(AUDIO_FORMATS, mime) ? AUDIO_FORMATS[mime] : undefined;
      if (format === undefined) return losePart(ctx, index, part, "Chat Completions reads only WAV and MP3 audio");
      return { type: "input_audio", input_audio: { data: part.data, format } };
    }
    case "file":
      if (part.data === undefined) return losePart(ctx, index, part, "Chat Completions takes files as data only, not by URL");
      return { type: "file", file: { file_data: dataUrl(part), filename: part.name ?? fallbackName(part, index) } };
    default:
      return part.text!;
  }
}
