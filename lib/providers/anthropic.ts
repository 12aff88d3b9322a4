/**
 * The Anthropic Messages API projection: a `tool_result` content block.
 *
 * @module
 */
import { decodeBase64 } from "../base64";
import type { ContentPart } from "../content-part";
import type { ToolResult } from "../tool-result";
import { asResult, idOption, projection, projectionContext, type Context } from "./options";
import { loseAs, reportLoss, type ProjectionOptions } from "./loss";
import { appendParts, isBlank, type DataFields, type TypedPart, type UrlFields } from "./part-output";

/** The image types Anthropic's `image` block accepts: a closed set. */
export type AnthropicImageMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/** A `text` block. */
export type AnthropicTextBlock = { type: "text"; text: string };

/** An `image` block, from base64 data or a URL. */
export type AnthropicImageBlock = {
  type: "image";
  source: { type: "base64"; media_type: AnthropicImageMediaType; data: string } | { type: "url"; url: string };
};

/** A `document` block: a PDF (base64 or URL) or plain text; `title` is the part's name when it has one. */
export type AnthropicDocumentBlock = {
  type: "document";
  source:
    | { type: "base64"; media_type: "application/pdf"; data: string }
    | { type: "text"; media_type: "text/plain"; data: string }
    | { type: "url"; url: string };
  title?: string;
};

/** A block inside a `tool_result`'s content. */
export type AnthropicToolResultContent = AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock;

/**
 * A `tool_result` block, as the Anthropic SDK's `ToolResultBlockParam` accepts it. `content` is absent only
 * when there is nothing to send (an empty success).
 */
export type AnthropicToolResult = {
  type: "tool_result";
  tool_use_id: string;
  content?: string | AnthropicToolResultContent[];
  is_error: boolean;
};

/** Options of {@link toAnthropic}. */
export interface AnthropicOptions extends ProjectionOptions {
  /** The `id` of the `tool_use` block this result answers. */
  toolUseId: string;
}

const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];
const isImageType = (mime: string): mime is AnthropicImageMediaType =>
  mime === "image/png" || mime === "image/jpeg" || mime === "image/gif" || mime === "image/webp";

/** What an error result says when it has nothing to say: Anthropic refuses an error `tool_result` without content. */
export const ANTHROPIC_EMPTY_ERROR = "The tool returned an error without a message.";

const SPEC = projection("anthropic", "Anthropic", "toAnthropic");
const blank = isBlank;

/**
 * Projects a result onto an Anthropic `tool_result` block.
 *
 * `is_error` carries `isError`. Without parts (or when every part was left out), `content` is the output
 * string. With parts, `content` is a list: a text block of the output, then one block per part in order: `text` for a text part, `image` for
 * an image (base64 or URL) of a type Anthropic accepts (jpeg, png, gif, webp), `document` for a PDF (base64
 * or URL) or a `text/plain` file with data (sent as its text, titled by the part's name).
 *
 * Anything else is a loss, handled by `unsupported` and reported to `onLoss`: audio, an image of another
 * type, a file of another type, a plain-text file given by URL, a plain-text file that is not UTF-8, and any
 * part over `maxBytes`. No text block is ever empty or blank (Anthropic refuses those): a blank text part
 * is a loss too, a blank output is left out (and reported to `onLoss`, path `output`), and an empty
 * success has no `content`. An error with nothing to say gets
 * {@link ANTHROPIC_EMPTY_ERROR}, since Anthropic refuses an error result without content. Metadata is never
 * sent.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toAnthropic } from "toolnexus/providers";
 *
 * const block = toAnthropic(ToolResult.ok("3 files"), { toolUseId: "toolu_01" });
 * // { type: "tool_result", tool_use_id: "toolu_01", content: "3 files", is_error: false }
 * messages.push({ role: "user", content: [block] });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: ToolResult<M> is invariant in M
export function toAnthropic(result: ToolResult<any>, options: AnthropicOptions): AnthropicToolResult {
  const ctx = projectionContext(options, SPEC);
  const toolUseId = idOption(options, "toolUseId", readToolUseId, "toAnthropic", '"toolu_01A09q90qw90lq917835lq9"');
  const r = asResult(result, "toAnthropic");
  const output = blank(r.output) ? "" : r.output;
  if (output === "" && r.output !== "") reportLoss(ctx, "output", "Anthropic refuses a blank text block, so the blank output was left out", undefined, undefined);
  let content: string | AnthropicToolResultContent[] | undefined = output === "" ? undefined : output;
  if (r.parts !== null) {
    const blocks: AnthropicToolResultContent[] = [];
    if (output !== "") blocks.push({ type: "text", text: output });
    const head = blocks.length;
    appendParts(ctx, r.parts, toAnthropicBlock, anthropicText, blocks);
    // Every part left out: the output alone, as for a result without parts.
    if (blocks.length > head) content = blocks;
  }
  if (content === undefined) {
    if (!r.isError) return { type: "tool_result", tool_use_id: toolUseId, is_error: false };
    content = ANTHROPIC_EMPTY_ERROR;
  }
  return { type: "tool_result", tool_use_id: toolUseId, content, is_error: r.isError };
}

const readToolUseId = (o: AnthropicOptions): unknown => o.toolUseId;

/** A lost part's placeholder, as a text block. */
const anthropicText = (text: string): AnthropicTextBlock => ({ type: "text", text });

function toAnthropicBlock(ctx: Context, p: TypedPart, index: number): AnthropicToolResultContent | undefined {
  // Kept small so that it inlines: the common case here, the rest in `otherBlock`.
  if (p.type === "image" && isImageType(p.mimeType)) {
    return p.data !== undefined
      ? { type: "image", source: { type: "base64", media_type: p.mimeType, data: p.data } }
      : { type: "image", source: { type: "url", url: p.url } };
  }
  return otherBlock(ctx, p, index);
}

function otherBlock(ctx: Context, p: TypedPart, index: number): AnthropicToolResultContent | undefined {
  if (p.type === "text") return blank(p.text) ? loseAs(ctx, index, p, "Anthropic refuses a blank text block", anthropicText) : { type: "text", text: p.text };
  const mime = p.mimeType;
  switch (p.type) {
    case "image":
      if (!isImageType(mime)) return loseAs(ctx, index, p, `Anthropic's image blocks take only ${IMAGE_TYPES.join(", ")}`, anthropicText);
      return p.data !== undefined
        ? { type: "image", source: { type: "base64", media_type: mime, data: p.data } }
        : { type: "image", source: { type: "url", url: p.url } };
    case "file":
      return documentBlock(ctx, p, index);
    default:
      return loseAs(ctx, index, p, "Anthropic has no audio block", anthropicText);
  }
}

function documentBlock(ctx: Context, p: ContentPart & (DataFields | UrlFields), index: number): AnthropicToolResultContent | undefined {
  let block: AnthropicDocumentBlock;
  if (p.mimeType === "application/pdf") {
    block =
      p.data !== undefined
        ? { type: "document", source: { type: "base64", media_type: "application/pdf", data: p.data } }
        : { type: "document", source: { type: "url", url: p.url } };
  } else if (p.mimeType === "text/plain") {
    if (p.data === undefined) return loseAs(ctx, index, p, "Anthropic's document blocks take plain text only as data, not by URL", anthropicText);
    const text = utf8(p.data);
    if (text === undefined) return loseAs(ctx, index, p, "the text/plain data is not valid UTF-8", anthropicText);
    block = { type: "document", source: { type: "text", media_type: "text/plain", data: text } };
  } else {
    return loseAs(ctx, index, p, "Anthropic's document blocks take only application/pdf and text/plain", anthropicText);
  }
  if (p.name !== undefined) block.title = p.name;
  return block;
}

function utf8(b64: string): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(decodeBase64(b64));
  } catch {
    return undefined;
  }
}
