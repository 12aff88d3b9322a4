/**
 * The OpenAI Responses API projection: a `function_call_output` input item.
 *
 * @module
 */
import type { ToolResult } from "../tool-result";
import { asResult, idOption, projection, projectionContext, type Context } from "./options";
import { loseAs, type ProjectionOptions } from "./loss";
import { appendParts, dataUrl, fallbackName, type TypedPart } from "./part-output";

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

const SPEC = projection("openai-responses", "OpenAI Responses", "toOpenAIResponses");
const IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/**
 * Projects a result onto an OpenAI Responses `function_call_output` item.
 *
 * Without parts (or when every part was left out), `output` is the output string. With parts, it is a
 * list: an `input_text` of the output (left out when empty), then one item per part in order:
 * `input_text` for a text part, `input_image` (a `data:` URL or the part's URL) for a png, jpeg, gif or
 * webp image, `input_file` for a file (data as a `data:` URL with a file name, the part's name or
 * `part-<index>` with the media table's extension; or its URL).
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: audio (a function output has no audio item),
 * an image of another type, and any part over `maxBytes`. OpenAI has no error flag: the output is sent as
 * the tool wrote it. Metadata is never sent.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: ToolResult<M> is invariant in M
export function toOpenAIResponses(result: ToolResult<any>, options: OpenAIResponsesOptions): OpenAIResponsesFunctionCallOutput {
  const ctx = projectionContext(options, SPEC);
  const callId = idOption(options, "callId", readCallId, "toOpenAIResponses", '"call_abc123"');
  const r = asResult(result, "toOpenAIResponses");
  if (r.parts === null) return { type: "function_call_output", call_id: callId, output: r.output };
  const items: OpenAIResponsesOutputItem[] = [];
  if (r.output !== "") items.push({ type: "input_text", text: r.output });
  const head = items.length;
  appendParts(ctx, r.parts, toResponsesItem, inputText, items);
  // Every part left out: the output alone, as for a result without parts.
  return { type: "function_call_output", call_id: callId, output: items.length === head ? r.output : items };
}

const readCallId = (o: OpenAIResponsesOptions): unknown => o.callId;

/** A lost part's placeholder, as an `input_text` item. */
const inputText = (text: string): OpenAIResponsesInputText => ({ type: "input_text", text });

function toResponsesItem(ctx: Context, p: TypedPart, index: number): OpenAIResponsesOutputItem | undefined {
  switch (p.type) {
    case "text":
      return { type: "input_text", text: p.text };
    case "image":
      if (!IMAGE_TYPES.includes(p.mimeType)) return loseAs(ctx, index, p, `OpenAI reads only ${IMAGE_TYPES.join(", ")} images`, inputText);
      return { type: "input_image", image_url: p.data !== undefined ? dataUrl(p) : p.url };
    case "file":
      if (p.data !== undefined) return { type: "input_file", file_data: dataUrl(p), filename: p.name ?? fallbackName(p, index) };
      return p.name === undefined ? { type: "input_file", file_url: p.url } : { type: "input_file", file_url: p.url, filename: p.name };
    default:
      return loseAs(ctx, index, p, "a Responses function output has no audio item", inputText);
  }
}
