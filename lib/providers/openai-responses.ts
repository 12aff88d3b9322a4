/**
 * The OpenAI Responses API projection: a `function_call_output` input item.
 *
 * @module
 */
import type { AnyToolResult } from "../tool-result";
import { asResult } from "./options";
import { refusal, type ProjectionOptions, type Refusal } from "./loss";
import { dataUrl } from "./part-output";
import { nameOrFallback, OPENAI_IMAGES } from "./media-set";
import { defineProjection, idKey, openProjection, partVerdicts, readId, writeBlocks, type MediaPart } from "./projection";
import { limitsCache, OPENAI_LIMITS } from "../budgets/limits";

/** An `input_text` item. */
export type OpenAIResponsesInputText = { type: "input_text"; text: string };

/** An `input_image` item: an http(s) URL or a `data:` URL. */
export type OpenAIResponsesInputImage = { type: "input_image"; image_url: string };

/** An `input_file` item: data as a `data:` URL with a file name, or a URL (with the part's name when it has one). */
export type OpenAIResponsesInputFile =
  | { type: "input_file"; file_data: string; filename: string }
  | { type: "input_file"; file_url: string; filename?: string };

/** One item of a `function_call_output`'s output list. */
export type OpenAIResponsesOutputItem = OpenAIResponsesInputText | OpenAIResponsesInputImage | OpenAIResponsesInputFile;

/** A `function_call_output` input item, as the OpenAI SDK's `ResponseInputItem` accepts it. */
export type OpenAIResponsesFunctionCallOutput = {
  type: "function_call_output";
  call_id: string;
  output: string | OpenAIResponsesOutputItem[];
};

/** Options of {@link toOpenAIResponses}. */
export interface OpenAIResponsesOptions extends ProjectionOptions {
  /** The `call_id` of the `function_call` item this result answers. */
  callId: string;
}

const CALL_ID = idKey("callId", (o: OpenAIResponsesOptions) => o.callId, '"call_abc123"');
const NO_AUDIO = refusal("a Responses function output has no audio item");

/** OpenAI's limits for the Responses API (budgets/data.ts), read once. */
const TARGET = limitsCache({ provider: "openai", api: "responses" }, OPENAI_LIMITS);

const RESPONSES = defineProjection<OpenAIResponsesOutputItem, OpenAIResponsesOptions>({
  provider: "openai-responses",
  label: "OpenAI Responses",
  fn: "toOpenAIResponses",
  ids: [CALL_ID],
  text: (text) => ({ type: "input_text", text }),
  part: responsesItem,
  // An input_file has a filename; an input_image has no name field.
  nameless: { image: "a Responses input_image" },
});

/**
 * Projects a result onto an OpenAI Responses `function_call_output` item.
 *
 * Without parts (or when every part was left out), `output` is the output string. With parts, it is a
 * list: an `input_text` of the output (left out when empty), then one item per part in order:
 * `input_text` for a text part, `input_image` (a `data:` URL or the part's URL) for a png, jpeg, gif or
 * webp image, `input_file` for a file (data as a `data:` URL with a file name, the part's name or
 * `part-<index>.<ext>` with the media table's extension, else `part-<index>`; or its URL).
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: audio (a function output has no audio item),
 * an image of another type, a blank text part, any part over `maxBytes`, and any part past OpenAI's
 * documented limits of a request (1500 images, 512 MB), its placeholder naming the limit (docs/budgets.md).
 * An image's name has no field in
 * an `input_image`: it is reported to `onLoss` (path `parts[i].name`, no placeholder, since the image
 * itself arrives). OpenAI has no error flag: the output is sent as the tool wrote it. Metadata is never sent.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toOpenAIResponses } from "toolnexus/providers";
 *
 * const item = toOpenAIResponses(ToolResult.ok("72F, sunny"), { callId: "call_1" });
 * // { type: "function_call_output", call_id: "call_1", output: "72F, sunny" }
 * input.push(item);
 * ```
 */
export function toOpenAIResponses(result: AnyToolResult, options: OpenAIResponsesOptions): OpenAIResponsesFunctionCallOutput {
  const ctx = openProjection(RESPONSES, options);
  const callId = readId(RESPONSES, options, CALL_ID);
  const r = asResult(result, "toOpenAIResponses");
  // Without parts, or when every part was left out, the output alone.
  return { type: "function_call_output", call_id: callId, output: writeBlocks(RESPONSES, ctx, r.output, r.parts, "", partVerdicts(TARGET, undefined, r.parts)) ?? r.output };
}

function responsesItem(p: MediaPart, index: number): OpenAIResponsesOutputItem | Refusal {
  switch (p.type) {
    case "image":
      if (!OPENAI_IMAGES.has(p.mimeType)) return OPENAI_IMAGES.refusal;
      return { type: "input_image", image_url: p.data !== undefined ? dataUrl(p) : p.url };
    case "file":
      if (p.data !== undefined) return { type: "input_file", file_data: dataUrl(p), filename: nameOrFallback(p, index) };
      return p.name === undefined ? { type: "input_file", file_url: p.url } : { type: "input_file", file_url: p.url, filename: p.name };
    default:
      return NO_AUDIO;
  }
}
