/**
 * The Amazon Bedrock Converse API projection: a `toolResult` content block of a `user` message.
 *
 * @module
 */
import { decodeBase64 } from "../base64";
import { CLAUDE_LIMITS, limitsCache } from "../budgets/limits";
import { bedrockFeatures } from "../budgets/target";
import { raise } from "../errors";
import { quoted } from "../quote";
import type { AnyToolResult } from "../tool-result";
import { refusal, reportLoss, type ProjectionOptions, type Refusal } from "./loss";
import { ANTHROPIC_EMPTY_ERROR } from "./anthropic";
import { BEDROCK_IMAGES, type BedrockImageMediaType } from "./media-set";
import { asResult } from "./options";
import { isBlank } from "./part-output";
import { defineProjection, idKey, openProjection, readId, readOptionalId, writeBlocks, partVerdicts, type MediaPart, type Projection } from "./projection";

/** The image formats of a Bedrock `image` block. */
export type BedrockImageFormat = "png" | "jpeg" | "gif" | "webp";

/** The document formats of a Bedrock `document` block. */
export type BedrockDocumentFormat = "pdf" | "csv" | "doc" | "docx" | "xls" | "xlsx" | "html" | "txt" | "md";

/** The video formats of a Bedrock `video` block. */
export type BedrockVideoFormat = "mp4" | "mov" | "mkv" | "webm" | "flv" | "mpeg" | "mpg" | "wmv" | "three_gp";

/** A `text` block. */
export type BedrockTextBlock = { text: string };

/** An `image` block: the decoded bytes (the SDK base64-encodes them on the wire). */
export type BedrockImageBlock = { image: { format: BedrockImageFormat; source: { bytes: Uint8Array } } };

/** A `document` block: `name` is the part's name as Bedrock allows it, else `part-<i>`. */
export type BedrockDocumentBlock = { document: { format: BedrockDocumentFormat; name: string; source: { bytes: Uint8Array } } };

/** A `video` block. */
export type BedrockVideoBlock = { video: { format: BedrockVideoFormat; source: { bytes: Uint8Array } } };

/** A block inside a `toolResult`'s content. */
export type BedrockToolResultContent = BedrockTextBlock | BedrockImageBlock | BedrockDocumentBlock | BedrockVideoBlock;

/** A `ToolResultBlock`, as the SDK's type accepts it. `status` is left out for a model that does not take it. */
export type BedrockToolResult = { toolUseId: string; content: BedrockToolResultContent[]; status?: "success" | "error" };

/** The content block `{ toolResult }` of a Converse `user` message, as the SDK's `ContentBlock` accepts it. */
export type BedrockToolResultBlock = { toolResult: BedrockToolResult };

/** Options of {@link toBedrock}. */
export interface BedrockOptions extends ProjectionOptions {
  /** The `toolUseId` of the `toolUse` block this result answers (`^[a-zA-Z0-9_-]{1,64}$`). */
  toolUseId: string;
  /** The model id the request goes to (`anthropic.claude-sonnet-4-20250514-v1:0`): its features and limits apply. */
  model?: string;
}

const IMAGE_FORMATS: Readonly<Record<BedrockImageMediaType, BedrockImageFormat>> = Object.freeze({ "image/png": "png", "image/jpeg": "jpeg", "image/gif": "gif", "image/webp": "webp" });

/** Bedrock's document formats, by the mime type a part carries. */
export const BEDROCK_DOCUMENTS: Readonly<Record<string, BedrockDocumentFormat>> = Object.freeze({
  "application/pdf": "pdf",
  "text/csv": "csv",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/html": "html",
  "text/plain": "txt",
  "text/markdown": "md",
});

/** Bedrock's video formats, by the mime type a part carries (`mpg` is read as `video/mpeg`, written `mpeg`). */
export const BEDROCK_VIDEOS: Readonly<Record<string, BedrockVideoFormat>> = Object.freeze({
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/x-matroska": "mkv",
  "video/webm": "webm",
  "video/x-flv": "flv",
  "video/mpeg": "mpeg",
  "video/x-ms-wmv": "wmv",
  "video/3gpp": "three_gp",
});

const TOOL_USE_ID = idKey("toolUseId", (o: BedrockOptions) => o.toolUseId, '"tooluse_kZJMlvQmRJ6eAyJE5GIl7Q"');
const MODEL = idKey("model", (o: BedrockOptions) => o.model, '"anthropic.claude-sonnet-4-20250514-v1:0"');
const TOOL_USE_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** What Bedrock cannot carry, each loss's reason made once. */
const BY_URL = refusal("Bedrock's blocks take bytes or an s3Location, not a URL");
const NO_AUDIO = refusal("Bedrock has no audio block in a tool result");
const OTHER_FILE = refusal(`Bedrock's document blocks take only ${Object.values(BEDROCK_DOCUMENTS).join(", ")}, and its video blocks only ${Object.values(BEDROCK_VIDEOS).join(", ")}`);
const NO_IMAGES = refusal("this model takes no image in a tool result (Bedrock: Claude 3 and later, Amazon Nova; docs/hosts/bedrock.md)");

const table = (provider: string, part: (p: MediaPart, index: number) => BedrockToolResultContent | Refusal): Projection<BedrockToolResultContent, BedrockOptions> =>
  defineProjection<BedrockToolResultContent, BedrockOptions>({
    provider,
    label: "Bedrock",
    fn: "toBedrock",
    ids: [TOOL_USE_ID, MODEL],
    text: (text) => ({ text }),
    part,
    // An image block has no name field; a file's depends on its block: a document's is named by Bedrock's rule, a video's is not.
    nameless: { image: "a Bedrock image block" },
    renamed: fileNameLoss,
    blankText: "Bedrock refuses a blank text block",
  });

/** The model takes images (Claude 3 and later, Nova; no model given). */
const BEDROCK = table("bedrock", bedrockBlock);
/** The model takes no image in a tool result: images are losses. */
const BEDROCK_TEXT = table("bedrock", (p, i) => (p.type === "image" ? NO_IMAGES : bedrockBlock(p, i)));

/** Bedrock's limits (Claude's on Bedrock: 5 MB of base64 an image), each model's resolved once. */
const TARGET = limitsCache({ provider: "bedrock" }, CLAUDE_LIMITS);

/**
 * Projects a result onto a Bedrock Converse `{ toolResult }` content block, for a `user` message.
 *
 * `content` is a list: a `text` block of the output, then one block per part in order: `text` for a text
 * part, `image` for a png, jpeg, gif or webp image, `document` for a pdf, csv, doc, docx, xls, xlsx, html, txt
 * or md file (its `name` the part's name reduced to what Bedrock allows: letters, digits, single spaces,
 * hyphens, parentheses and square brackets, a changed name reported to `onLoss` at `parts[i].name`; a
 * nameless part is `part-<i>`), `video` for an mp4, mov, mkv, webm, flv, mpeg, wmv or 3gp file. Each
 * `source.bytes` is a fresh `Uint8Array` of the part's decoded data: the SDK base64-encodes it. `status` is
 * `"error"` or `"success"`.
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: a part given by URL (Bedrock takes bytes or an
 * `s3Location`), audio, a file of another type, a blank text part, any part over `maxBytes`, and any part
 * over Bedrock's limits (`partLimits({ provider: "bedrock", model })` of `toolnexus/budgets`: a 5 MB image,
 * 8000 pixels a side, 2000 when the result holds more than 20 images, 100 images a request). Given a `model`
 * that takes neither (anything but Claude 3 and later and Amazon Nova), `status` is left out and image parts
 * are losses; a model without vision (Claude 3.5 Haiku, Nova Micro) takes `status` but no image. Without
 * `model`, as for Claude. No text block is ever empty or blank: a blank output is left out (reported at
 * `output`), an empty success has an empty `content`, and an error with nothing to say gets one sentence.
 * Metadata is never sent.
 *
 * `toolUseId` must match `^[a-zA-Z0-9_-]{1,64}$`, as Bedrock's ids do: another is a `ValidationError` at
 * `options.toolUseId`.
 *
 * See docs/hosts/bedrock.md and docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toBedrock } from "toolnexus/bedrock";
 *
 * const block = toBedrock(ToolResult.ok("3 files"), { toolUseId: "tooluse_1" });
 * // { toolResult: { toolUseId: "tooluse_1", content: [{ text: "3 files" }], status: "success" } }
 * messages.push({ role: "user", content: [block] });
 * ```
 */
export function toBedrock(result: AnyToolResult, options: BedrockOptions): BedrockToolResultBlock {
  const ctx = openProjection(BEDROCK, options);
  const toolUseId = readId(BEDROCK, options, TOOL_USE_ID);
  if (!TOOL_USE_ID_PATTERN.test(toolUseId)) {
    raise("invalid-value", "options.toolUseId", `toolUseId ${quoted(toolUseId)} does not match ^[a-zA-Z0-9_-]{1,64}$, which Bedrock requires`, "Pass the toolUseId of the model's toolUse block as it came.");
  }
  const model = readOptionalId(options, MODEL);
  const r = asResult(result, "toBedrock");
  const features = bedrockFeatures(model);
  const proj = features.images ? BEDROCK : BEDROCK_TEXT;
  // Bedrock refuses a blank text block: a blank output is left out, and reported.
  const output = isBlank(r.output) ? "" : r.output;
  if (output === "" && r.output !== "") reportLoss(ctx, "output", BEDROCK.blankOutput);
  const content = writeBlocks(proj, ctx, output, r.parts, "", partVerdicts(TARGET, model, r.parts)) ?? (output === "" ? (r.isError ? [{ text: ANTHROPIC_EMPTY_ERROR }] : []) : [{ text: output }]);
  const block: BedrockToolResult = { toolUseId, content };
  if (features.status) block.status = r.isError ? "error" : "success";
  return { toolResult: block };
}

/** A part other than text as Bedrock's block: an image, a document or a video with data; else its loss. */
function bedrockBlock(p: MediaPart, index: number): BedrockToolResultContent | Refusal {
  if (p.data === undefined) return BY_URL;
  const mime = p.mimeType;
  if (p.type === "image") {
    if (!BEDROCK_IMAGES.has(mime)) return BEDROCK_IMAGES.refusal;
    return { image: { format: IMAGE_FORMATS[mime], source: { bytes: decodeBase64(p.data) } } };
  }
  if (p.type === "audio") return NO_AUDIO;
  const document = Object.hasOwn(BEDROCK_DOCUMENTS, mime) ? BEDROCK_DOCUMENTS[mime] : undefined;
  if (document !== undefined) return { document: { format: document, name: documentName(p.name, index), source: { bytes: decodeBase64(p.data) } } };
  const video = Object.hasOwn(BEDROCK_VIDEOS, mime) ? BEDROCK_VIDEOS[mime] : undefined;
  if (video !== undefined) return { video: { format: video, source: { bytes: decodeBase64(p.data) } } };
  return OTHER_FILE;
}

const VIDEO_NAME = "a Bedrock video block carries no name; the file is sent without it";

/** The reason a carried file's name does not arrive as it is: a video's, or a document's that Bedrock's rule changes. */
function fileNameLoss(p: MediaPart, index: number): string | undefined {
  if (p.name === undefined || p.data === undefined) return undefined;
  if (Object.hasOwn(BEDROCK_VIDEOS, p.mimeType)) return VIDEO_NAME;
  const sent = documentName(p.name, index);
  if (sent === p.name) return undefined;
  return `Bedrock's document names take only letters, digits, single spaces, hyphens, parentheses and square brackets: ${quoted(p.name)} is sent as ${quoted(sent)}`;
}

/**
 * A document's name as Bedrock allows it: each run of characters other than ASCII letters, digits, hyphens,
 * parentheses and square brackets (whitespace included) is one space, none at either end (`report.pdf` is
 * `report pdf`); a nameless part, or a name of none of those, is `part-<i>`. A changed name is reported by
 * {@link fileNameLoss}.
 */
function documentName(name: string | undefined, index: number): string {
  if (name === undefined) return `part-${index}`;
  const kept = name.replace(/[^a-zA-Z0-9()[\]-]+/g, " ").trim();
  return kept === "" ? `part-${index}` : kept;
}
