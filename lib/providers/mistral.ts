/**
 * The Mistral chat completions projection: a `tool` message, as `@mistralai/mistralai`'s `ToolMessage` takes it.
 *
 * @module
 */
import type { AnyToolResult } from "../tool-result";
import { asResult } from "./options";
import { refusal, type ProjectionOptions, type Refusal } from "./loss";
import { dataUrl } from "./part-output";
import { MISTRAL_IMAGES } from "./media-set";
import { defineProjection, idKey, openProjection, readId, readOptionalId, writeBlocks, type MediaPart } from "./projection";

/** A `text` chunk. */
export type MistralTextChunk = { type: "text"; text: string };

/** An `image_url` chunk: a `data:` URL of the image's data, or the part's URL. */
export type MistralImageUrlChunk = { type: "image_url"; imageUrl: string };

/** A `document_url` chunk: a PDF as a `data:` URL of its data or by its URL, named by the part's name when it has one. */
export type MistralDocumentUrlChunk = { type: "document_url"; documentUrl: string; documentName?: string };

/** A chunk of a tool message's content that {@link toMistral} writes. */
export type MistralContentChunk = MistralTextChunk | MistralImageUrlChunk | MistralDocumentUrlChunk;

/**
 * A `tool` message, as the Mistral SDK's `ToolMessage` takes it (camelCase: the SDK sends `tool_call_id`,
 * `image_url`, `document_url` and `document_name`). `name` is present only when the option was given.
 */
export type MistralToolMessage = {
  role: "tool";
  toolCallId: string;
  name?: string;
  content: string | MistralContentChunk[];
};

/** Options of {@link toMistral}. */
export interface MistralOptions extends ProjectionOptions {
  /** The `id` of the tool call this message answers, as the service issued it (`toolCall.id`). */
  toolCallId: string;
  /** The tool's name, sent as the message's `name`. */
  name?: string;
}

const TOOL_CALL_ID = idKey<MistralOptions>("toolCallId", (o) => o.toolCallId, "toolCall.id");
const NAME = idKey<MistralOptions>("name", (o) => o.name, '"get_weather"');

/** What Mistral cannot carry, each loss's reason made once. */
const NO_AUDIO = refusal("a Mistral tool message carries no audio");
const OTHER_FILE = refusal("Mistral's document_url chunks take only application/pdf");

const MISTRAL = defineProjection<MistralContentChunk, MistralOptions>({
  provider: "mistral",
  label: "Mistral",
  fn: "toMistral",
  ids: [TOOL_CALL_ID, NAME],
  text: (text) => ({ type: "text", text }),
  part: mistralChunk,
  // A document_url chunk has a document_name; an image_url chunk has no name field.
  nameless: { image: "a Mistral image_url chunk" },
});

/**
 * Projects a result onto a Mistral `tool` message: `{ role: "tool", toolCallId, name?, content }`, for the
 * `messages` of `chat.complete`.
 *
 * Without parts (or when every part was left out), `content` is the output string. With parts, it is a list
 * of chunks: a `text` chunk of the output (left out when empty; a blank output is left out and reported to
 * `onLoss`, path `output`), then one chunk per part in order: `text` for a text part, `image_url` (a `data:`
 * URL of the data, or the part's URL) for a png, jpeg, webp or gif image, `document_url` (likewise) for a PDF,
 * with `documentName` the part's name when it has one.
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: audio, a file other than a PDF, an image of
 * another type, a blank text part, and any part over `maxBytes`. An image's name has no field in an
 * `image_url` chunk: it is reported to `onLoss` (path `parts[i].name`, no placeholder, since the image itself
 * arrives). Mistral has no error flag: the output is sent as the tool wrote it. `toolCallId` is sent as given
 * (never made up); `name`, when given, is sent as the message's `name`. Metadata is never sent.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toMistral } from "toolnexus/mistral";
 *
 * const message = toMistral(ToolResult.ok("72F, sunny"), { toolCallId: call.id, name: call.function.name });
 * // { role: "tool", toolCallId: "D681PevKs", name: "get_weather", content: "72F, sunny" }
 * messages.push(message);
 * ```
 */
export function toMistral(result: AnyToolResult, options: MistralOptions): MistralToolMessage {
  const ctx = openProjection(MISTRAL, options);
  const toolCallId = readId(MISTRAL, options, TOOL_CALL_ID);
  const name = readOptionalId(options, NAME);
  const r = asResult(result, "toMistral");
  // Without parts, or when every part was left out, the output alone.
  const content = writeBlocks(MISTRAL, ctx, r.output, r.parts) ?? r.output;
  return name === undefined ? { role: "tool", toolCallId, content } : { role: "tool", toolCallId, name, content };
}

/** A part other than text as Mistral's chunk: an image of its set, a PDF; else its loss. */
function mistralChunk(p: MediaPart): MistralContentChunk | Refusal {
  switch (p.type) {
    case "image":
      if (!MISTRAL_IMAGES.has(p.mimeType)) return MISTRAL_IMAGES.refusal;
      return { type: "image_url", imageUrl: p.data !== undefined ? dataUrl(p) : p.url };
    case "file": {
      if (p.mimeType !== "application/pdf") return OTHER_FILE;
      const documentUrl = p.data !== undefined ? dataUrl(p) : p.url;
      return p.name === undefined ? { type: "document_url", documentUrl } : { type: "document_url", documentUrl, documentName: p.name };
    }
    default:
      return NO_AUDIO;
  }
}
