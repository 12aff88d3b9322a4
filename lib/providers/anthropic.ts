/**
 * The Anthropic Messages API projection: a `tool_result` content block.
 *
 * @module
 */
import { decodeBase64 } from "../base64";
import type { AnyToolResult } from "../tool-result";
import { refusal, reportLoss, type ProjectionOptions, type Refusal } from "./loss";
import { isBlank } from "./part-output";
import { ANTHROPIC_IMAGES, type AnthropicImageMediaType } from "./media-set";
import { defineProjection, idKey, openProjection, partVerdicts, readId, readOptionalId, writeBlocks, type MediaPart } from "./projection";
import { asResult, namedOption } from "./options";
import { CLAUDE_LIMITS, limitsCache, type LimitsCache } from "../budgets/limits";
import { readChoice } from "../options";

export type { AnthropicImageMediaType } from "./media-set";

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
  /** Where the model is served, for its limits (an image's bytes): `"api"` (Anthropic's API, the default), `"bedrock"` or `"vertex"`. */
  platform?: "api" | "bedrock" | "vertex";
  /** The model id (`claude-opus-4-7`), for its limits (images per request); Claude's documented defaults without it. */
  model?: string;
}

/** What an error result says when it has nothing to say: Anthropic refuses an error `tool_result` without content. */
export const ANTHROPIC_EMPTY_ERROR = "The tool returned an error without a message.";

const TOOL_USE_ID = idKey("toolUseId", (o: AnthropicOptions) => o.toolUseId, '"toolu_01A09q90qw90lq917835lq9"');
const PLATFORM = idKey("platform", (o: AnthropicOptions) => o.platform, '"bedrock"');
const MODEL = idKey("model", (o: AnthropicOptions) => o.model, '"claude-opus-4-7"');
/** Where a Claude model is served. */
type Platform = NonNullable<AnthropicOptions["platform"]>;
const PLATFORMS: readonly Platform[] = ["api", "bedrock", "vertex"];

/** The limits of each platform (budgets/data.ts), each target read once. */
const TARGETS: Readonly<Record<Platform, LimitsCache>> = {
  api: limitsCache({ provider: "anthropic", platform: "api" }, CLAUDE_LIMITS),
  bedrock: limitsCache({ provider: "anthropic", platform: "bedrock" }, CLAUDE_LIMITS),
  vertex: limitsCache({ provider: "anthropic", platform: "vertex" }, CLAUDE_LIMITS),
};

/**
 * Whether `options` may give `platform` or `model`: the usual call gives neither, and then neither is read
 * again. A getter that throws answers yes, so that the reads below report it at its key.
 */
function givesTarget(options: AnthropicOptions | null | undefined): boolean {
  if (options === undefined || options === null) return false;
  try {
    return options.platform !== undefined || options.model !== undefined;
  } catch {
    return true;
  }
}

/** What Anthropic cannot carry, each loss's reason made once. */
const NO_AUDIO = refusal("Anthropic has no audio block");
const TEXT_BY_URL = refusal("Anthropic's document blocks take plain text only as data, not by URL");
const NOT_UTF8 = refusal("the text/plain data is not valid UTF-8");
const OTHER_FILE = refusal("Anthropic's document blocks take only application/pdf and text/plain");

const ANTHROPIC = defineProjection<AnthropicToolResultContent, AnthropicOptions>({
  provider: "anthropic",
  label: "Anthropic",
  fn: "toAnthropic",
  ids: [TOOL_USE_ID],
  keys: ["platform", "model"],
  text: (text) => ({ type: "text", text }),
  part: anthropicBlock,
  // A document block is titled by the part's name; an image block has no name field.
  nameless: { image: "an Anthropic image block" },
  blankText: "Anthropic refuses a blank text block",
});

/**
 * Projects a result onto an Anthropic `tool_result` block.
 *
 * `is_error` carries `isError`. Without parts (or when every part was left out), `content` is the output
 * string. With parts, `content` is a list: a text block of the output, then one block per part in order: `text` for a text part, `image` for
 * an image (base64 or URL) of a type Anthropic accepts (jpeg, png, gif, webp), `document` for a PDF (base64
 * or URL) or a `text/plain` file with data (sent as its text, titled by the part's name).
 *
 * Anything else is a loss, handled by `unsupported` and reported to `onLoss`: audio, an image of another
 * type, a file of another type, a plain-text file given by URL, a plain-text file that is not UTF-8, any
 * part over `maxBytes`, and any part that passes one of Claude's documented limits on `platform` (an image
 * over 10 MB of base64 on the API, 5 MB on Bedrock and Vertex AI; over 8000 pixels a side, or 2000 in a
 * result of more than 20 images; past the images or bytes of a request), its placeholder naming the limit
 * (`[unsupported image part (image/png, 9000x400): over Anthropic's 8000 pixel limit]`; docs/budgets.md). No text block is ever empty or blank (Anthropic refuses those): a blank text part
 * is a loss too, a blank output is left out (and reported to `onLoss`, path `output`), and an empty
 * success has no `content`. An error with nothing to say gets
 * {@link ANTHROPIC_EMPTY_ERROR}, since Anthropic refuses an error result without content. Metadata is never
 * sent.
 *
 * See docs/trust.md, "Reading what callers pass".
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
export function toAnthropic(result: AnyToolResult, options: AnthropicOptions): AnthropicToolResult {
  const ctx = openProjection(ANTHROPIC, options);
  const toolUseId = readId(ANTHROPIC, options, TOOL_USE_ID);
  let platform: Platform = "api";
  let model: string | undefined;
  if (givesTarget(options)) {
    platform = readChoice(namedOption(options, PLATFORM.key, PLATFORM.read), PLATFORM.key, PLATFORM.key, PLATFORMS, "toAnthropic") ?? "api";
    model = readOptionalId(options, MODEL);
  }
  const r = asResult(result, "toAnthropic");
  // Anthropic refuses a blank text block, and a blank string content too: a blank output is left out.
  const output = isBlank(r.output) ? "" : r.output;
  if (output === "" && r.output !== "") reportLoss(ctx, "output", ANTHROPIC.blankOutput);
  // With parts, the blocks; without, or when every part was left out, the output alone.
  const content = writeBlocks(ANTHROPIC, ctx, output, r.parts, "", partVerdicts(TARGETS[platform], model, r.parts)) ?? (output === "" ? undefined : output);
  if (content !== undefined) return { type: "tool_result", tool_use_id: toolUseId, content, is_error: r.isError };
  if (!r.isError) return { type: "tool_result", tool_use_id: toolUseId, is_error: false };
  return { type: "tool_result", tool_use_id: toolUseId, content: ANTHROPIC_EMPTY_ERROR, is_error: true };
}

/** A part other than text as Anthropic's block: an image of its set, a PDF or plain-text document; else its loss. */
function anthropicBlock(p: MediaPart): AnthropicToolResultContent | Refusal {
  // Kept small so that it inlines: the common case here, the rest in `documentBlock`.
  if (p.type === "image") {
    const mime = p.mimeType;
    if (!ANTHROPIC_IMAGES.has(mime)) return ANTHROPIC_IMAGES.refusal;
    return p.data !== undefined ? { type: "image", source: { type: "base64", media_type: mime, data: p.data } } : { type: "image", source: { type: "url", url: p.url } };
  }
  return p.type === "file" ? documentBlock(p) : NO_AUDIO;
}

function documentBlock(p: MediaPart): AnthropicDocumentBlock | Refusal {
  let block: AnthropicDocumentBlock;
  if (p.mimeType === "application/pdf") {
    block =
      p.data !== undefined
        ? { type: "document", source: { type: "base64", media_type: "application/pdf", data: p.data } }
        : { type: "document", source: { type: "url", url: p.url } };
  } else if (p.mimeType === "text/plain") {
    if (p.data === undefined) return TEXT_BY_URL;
    const text = utf8(p.data);
    if (text === undefined) return NOT_UTF8;
    block = { type: "document", source: { type: "text", media_type: "text/plain", data: text } };
  } else {
    return OTHER_FILE;
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
