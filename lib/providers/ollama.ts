/**
 * The Ollama projection: a `tool` message of Ollama's chat API.
 *
 * @module
 */
import type { AnyToolResult } from "../tool-result";
import { asResult } from "./options";
import { refusal, type ProjectionOptions, type Refusal } from "./loss";
import { defineProjection, idKey, openProjection, readOptionalId, writeTextAndMedia, type MediaPart } from "./projection";

/**
 * A `tool` message, as the `ollama` client's `Message` accepts it: `content` the text, `images` the bare base64
 * data of the images (never a data URL, never a path), `tool_name` and `tool_call_id` the call it answers.
 * Mutable, and made fresh on every call: the client writes into the messages it is given.
 */
export type OllamaToolMessage = {
  role: "tool";
  content: string;
  tool_name?: string;
  tool_call_id?: string;
  images?: string[];
};

/** Options of {@link toOllama}. */
export interface OllamaOptions extends ProjectionOptions {
  /** The name of the function the model called (`tool_name`): how Ollama ties the result to its call. */
  toolName?: string;
  /** The id of the tool call, when the model gave one (`tool_call_id`). */
  toolCallId?: string;
}

/** An image part's data, as the table writes it: a block apart from the text lines. */
type OllamaImage = { readonly base64: string };

const TOOL_NAME = idKey("toolName", (o: OllamaOptions) => o.toolName, '"get_weather"');
const TOOL_CALL_ID = idKey("toolCallId", (o: OllamaOptions) => o.toolCallId, '"call_abc123"');

/** What Ollama cannot carry, each loss's reason made once. */
const IMAGE_BY_URL = refusal("Ollama takes an image as its base64 data only, not by URL");
const NO_AUDIO = refusal("an Ollama message has no audio");
const NO_FILE = refusal("an Ollama message carries images only, no files");

/** Text parts and placeholders are lines of `content`; an image's data goes into `images`. */
const OLLAMA = defineProjection<string | OllamaImage, OllamaOptions>({
  provider: "ollama",
  label: "Ollama",
  fn: "toOllama",
  ids: [TOOL_NAME, TOOL_CALL_ID],
  text: (text) => text,
  part: ollamaImage,
  // `images` is a list of bare base64 strings: no name field.
  nameless: { image: "an Ollama image" },
});

/**
 * Projects a result onto an Ollama `tool` message, for the `messages` of `ollama.chat()`.
 *
 * `content` is the output, with each text part appended on a line of its own. `images` holds the base64
 * data of each image part given as data, bare (never a `data:` URL, and never a path: the Node client reads
 * a string that names a file from disk). `tool_name` and `tool_call_id` are the options, when given.
 *
 * Losses, handled by `unsupported` (a placeholder line in `content` by default) and reported to `onLoss`: an
 * image given by URL (Ollama takes image data only), audio, every file (PDFs included), a blank text part,
 * and any part over `maxBytes`. An image's name has no field: it is reported to `onLoss` (path
 * `parts[i].name`, no placeholder, since the image arrives). Ollama has no error flag: the output is sent as
 * the tool wrote it. Metadata is never sent.
 *
 * The message is a fresh object on every call, never frozen: the client writes into the messages it is given
 * (it rewrites `images` and sets `stream`), and a frozen message would make it throw.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toOllama } from "toolnexus/ollama";
 *
 * const message = toOllama(ToolResult.ok("72F, sunny"), { toolName: "get_weather" });
 * // { role: "tool", content: "72F, sunny", tool_name: "get_weather" }
 * messages.push(message);
 * ```
 */
export function toOllama(result: AnyToolResult, options?: OllamaOptions): OllamaToolMessage {
  const ctx = openProjection(OLLAMA, options);
  const toolName = readOptionalId(options, TOOL_NAME);
  const toolCallId = readOptionalId(options, TOOL_CALL_ID);
  const r = asResult(result, "toOllama");
  const images: OllamaImage[] = [];
  const message: OllamaToolMessage = { role: "tool", content: writeTextAndMedia(OLLAMA, ctx, r.output, r.parts, images) };
  if (toolName !== undefined) message.tool_name = toolName;
  if (toolCallId !== undefined) message.tool_call_id = toolCallId;
  if (images.length > 0) message.images = images.map((image) => image.base64);
  return message;
}

function ollamaImage(p: MediaPart): OllamaImage | Refusal {
  if (p.type === "image") return p.data !== undefined ? { base64: p.data } : IMAGE_BY_URL;
  return p.type === "audio" ? NO_AUDIO : NO_FILE;
}
