/**
 * LangChain.js tool messages, both ways: a `ToolResult` to the fields of a `ToolMessage`, and a `ToolMessage`
 * (or its fields, or its serialized form) back to a `ToolResult`.
 *
 * The shapes are this package's own structural types, which `@langchain/core`'s `ToolMessage` accepts; nothing
 * here imports LangChain.
 *
 * @module
 */
import { encodeBase64 } from "../base64";
import { isArrayAt, readArray, readOwn, snapshot, type Snapshot } from "../boundary";
import { ContentPart } from "../content-part";
import { readBytes } from "../platform";
import { raise } from "../errors";
import { typeName } from "../json-data";
import { mimeForExtension, normalizeMime } from "../media";
import { ToolResult, type AnyToolResult } from "../tool-result";
import { optionKeys } from "../options";
import { inboundPart, InboundAccumulator, isListAt, lostBlock, unknownType, type BlockRead, type InboundHost } from "./inbound";
import { quoted } from "../quote";
import { asResult, projection, readerContext } from "./options";
import type { ProjectionOptions } from "./loss";
import { checkpointSafe } from "./langgraph-checkpoint";
import { isBlank } from "./part-output";
import { blankOutput, defineProjection, idKey, openProjection, readId, readOptionalId, writeParts, type MediaPart } from "./projection";

/** A `text` content block. */
export type LangChainTextBlock = { type: "text"; text: string };

/**
 * A current LangChain standard data block (`image`, `file` or `audio`), as `toLangChain` writes it: camelCase
 * `mimeType`, base64 `data` or an http(s) `url`, and the part's name in `metadata.filename`.
 */
export type LangChainDataBlock = {
  type: "image" | "file" | "audio";
  mimeType: string;
  data?: string;
  url?: string;
  metadata?: { filename: string };
};

/** A content block that {@link toLangChain} writes. */
export type LangChainContentBlock = LangChainTextBlock | LangChainDataBlock;

/**
 * What {@link toLangChain} keeps beside the content, in the `ToolMessage`'s `artifact` (which LangChain never
 * shows a model): the result's metadata (`null` without metadata), and `outputBlock`, 1 when `content[0]` is
 * the output's text block. The metadata is a fresh copy of the object, or its JSON text when a LangGraph
 * checkpoint would change the object: when it holds, at any depth, an object with an own `__proto__`, `lc` or
 * `__lc_escaped__` key, or an own `lg_name` of `"Send"` (the checkpoint's reviver turns the first into a
 * prototype, and revives or unwraps objects keyed by the others; its writer turns the last into `{ node, args
 * }`). docs/hosts/langchain.md lists every such shape.
 */
export type LangChainArtifact = {
  toolnexus: { v: 1; metadata: { [key: string]: unknown } | string | null; outputBlock: 0 | 1 };
};

/** The fields of a LangChain `ToolMessage`, as {@link toLangChain} gives them: pass them to `new ToolMessage(...)`. */
export type LangChainToolMessageFields = {
  content: string | LangChainContentBlock[];
  tool_call_id: string;
  status: "success" | "error";
  artifact: LangChainArtifact;
  name?: string;
};

/**
 * What {@link fromLangChain} reads: a `ToolMessage`, the fields given to its constructor, or its serialized
 * form (`message.toJSON()`, `{ lc: 1, type: "constructor", id, kwargs }`).
 */
export type LangChainToolMessageInput = {
  readonly content?: unknown;
  readonly status?: string | undefined;
  readonly artifact?: unknown;
  readonly tool_call_id?: string | undefined;
};

/** Options of {@link toLangChain}. */
export interface LangChainOptions extends ProjectionOptions {
  /** The id of the tool call this message answers (`toolCall.id`). */
  toolCallId: string;
  /** The tool's name, stored as the message's `name`. */
  name?: string;
}

/** Options of {@link fromLangChain}: `unsupported` and `onLoss` apply to blocks that cannot become parts. */
export type FromLangChainOptions = ProjectionOptions;

/** The output of an error message that carries no text (as `fromMcp` words its own). */
export const LANGCHAIN_ERROR_TEXT = "LangChain tool returned an error";

const FROM_LANGCHAIN = projection("langchain", "LangChain", "fromLangChain");
const TOOL_CALL_ID = idKey<LangChainOptions>("toolCallId", (o) => o.toolCallId, "toolCall.id");
const NAME = idKey<LangChainOptions>("name", (o) => o.name, '"search"');
const TO_LANGCHAIN = defineProjection<LangChainContentBlock, LangChainOptions>({
  provider: "langchain",
  label: "LangChain",
  fn: "toLangChain",
  ids: [TOOL_CALL_ID, NAME],
  text: langChainText,
  part: toLangChainBlock,
});
const FROM_LANGCHAIN_KEYS = optionKeys("fromLangChain", ["unsupported", "onLoss", "maxBytes"]);

/**
 * The fields of a LangChain `ToolMessage` for a result: `new ToolMessage(toLangChain(result, { toolCallId }))`.
 *
 * - `content` is the output string when the result has no parts; else LangChain's current standard blocks:
 *   a `text` block of the output (left out when the output is empty; a blank output is left out and reported
 *   to `onLoss` at `output`), then one block per part in order, `{ type: "image" | "file" | "audio", mimeType,
 *   data | url }` with the part's name in `metadata.filename`, and a text part as a `text` block (a blank one
 *   is a loss). No empty or blank text block is written.
 * - `status` is `"error"` for an error result, else `"success"`.
 * - `artifact` is `{ toolnexus: { v: 1, metadata, outputBlock } }`, which LangChain keeps but never sends to a
 *   model: `metadata` is a fresh, unfrozen copy of the result's metadata (`null` without metadata; a pending
 *   request included, as its JSON), or its JSON text when a LangGraph checkpoint would change the object (an
 *   object with an own `__proto__`, `lc` or `__lc_escaped__` key, or an own `lg_name` of `"Send"`, at any depth); `outputBlock` is 1 when
 *   `content[0]` is the output's text block. With it, {@link fromLangChain} gives the result back whole, after
 *   a LangGraph checkpoint too, except what was reported lost: a blank output beside parts reads back `""`.
 *
 * The object is fresh and not frozen (LangChain's constructor writes into it). Every part fits a LangChain
 * block; the one loss is a part over `maxBytes`, handled by `unsupported` (a placeholder text block by
 * default) and reported to `onLoss`. Metadata never reaches the model.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolMessage } from "@langchain/core/messages";
 * import { ToolResult } from "toolnexus";
 * import { toLangChain } from "toolnexus/providers";
 *
 * const message = new ToolMessage(toLangChain(ToolResult.ok("42"), { toolCallId: call.id!, name: call.name }));
 * message.content; // "42"
 * ```
 */
export function toLangChain(result: AnyToolResult, options: LangChainOptions): LangChainToolMessageFields {
  const ctx = openProjection(TO_LANGCHAIN, options);
  const toolCallId = readId(TO_LANGCHAIN, options, TOOL_CALL_ID);
  const name = readOptionalId(options, NAME);
  const r = asResult(result, "toLangChain");

  let content: string | LangChainContentBlock[];
  let outputBlock: 0 | 1 = 0;
  if (r.parts === null) content = r.output;
  else {
    // The output's text block unless the output is empty: the artifact says it is there, so it reads back whole.
    // A blank output is no text block (law 3): it is left out and reported at `output`, and reads back empty.
    const blocks: LangChainContentBlock[] = [];
    if (isBlank(r.output)) blankOutput(TO_LANGCHAIN, ctx, r.output);
    else {
      blocks.push({ type: "text", text: r.output });
      outputBlock = 1;
    }
    writeParts(TO_LANGCHAIN, ctx, r.parts, blocks);
    content = blocks;
  }
  const metadata = r.metadata === null ? null : checkpointSafe<{ [key: string]: unknown }>(r.metadata);
  const out: LangChainToolMessageFields = {
    content,
    tool_call_id: toolCallId,
    status: r.isError ? "error" : "success",
    artifact: { toolnexus: { v: 1, metadata, outputBlock } },
  };
  if (name !== undefined) out.name = name;
  return out;
}

/** A text block: a text part's, a lost part's placeholder. */
function langChainText(text: string): LangChainTextBlock {
  return { type: "text", text };
}

/** LangChain's table of standard data blocks: `{ type, mimeType, data | url }`, the name in `metadata.filename`. */
function toLangChainBlock(p: MediaPart): LangChainContentBlock {
  const block: LangChainDataBlock = p.data === undefined ? { type: p.type, mimeType: p.mimeType, url: p.url } : { type: p.type, mimeType: p.mimeType, data: p.data };
  if (p.name !== undefined) block.metadata = { filename: p.name };
  return block;
}

// ---------------------------------------------------------------------------------------------------------
// Inbound

const MESSAGE_KEYS = ["content", "status", "artifact", "lc", "type", "kwargs"] as const;
const KWARGS_KEYS = ["content", "status", "artifact"] as const;
const ARTIFACT_KEYS = ["v", "metadata", "outputBlock"] as const;
const MESSAGE_FIX = "Pass a ToolMessage, the fields given to new ToolMessage(...), or message.toJSON().";

/**
 * Reads a LangChain `ToolMessage` into a `ToolResult`. It takes the message itself, the fields given to its
 * constructor, or its serialized form (`message.toJSON()`), read once, by own properties (see docs/trust.md,
 * "Reading what callers pass").
 *
 * - `isError` is `status === "error"` (`"success"` or no status is a success).
 * - With the `toolnexus` artifact {@link toLangChain} writes, the output and the metadata come back exactly:
 *   `fromLangChain(new ToolMessage(toLangChain(r, o))).equals(r)`, after a LangGraph checkpoint too. The text
 *   blocks after the output's own become text parts.
 * - Without it, the output is the message's text blocks joined by `"\n"` (an error's too); an error with no
 *   text reads `LangChain tool returned an error`. Metadata is null.
 * - Media blocks become parts, in the current standard shapes (`{ type: "image" | "file" | "audio" |
 *   "text-plain", mimeType, data | url }`) and the older ones LangChain's own `contentBlocks` converts
 *   (`source_type` with `mime_type`, OpenAI's `image_url`, `input_audio` and `file`, Anthropic's `image` and
 *   `document` with a `source`). A part's name comes from `metadata.filename`, else `metadata.name`, else
 *   `title`; a missing mime type from the data's signature or the url's extension, else
 *   `application/octet-stream`, and the part's type follows its mime type. `Uint8Array` data is copied.
 *
 * A block that cannot become a part (one that refers to a provider file by `fileId` only, `video`,
 * `reasoning`, an unknown type, data that is not base64, a url that is not http(s)) is never dropped
 * silently: it is reported to `onLoss` and, under the default policy, named in the output on a line of its
 * own by the name and url it carries (`[unsupported LangChain video: clip.mp4 (https://a.b/clip.mp4)]`, the
 * sender's text escaped and cut at 40 characters), an unknown type by the type (`[unsupported LangChain
 * hologram: an unknown content block type]`), else by what was wrong (`[unsupported LangChain reasoning
 * block (reasoning is not tool output a part can hold)]`); `unsupported: "error"` throws a
 * `ContentPartError` (code `unsupported`), `"omit"` leaves the line out. `maxBytes` applies to the parts read.
 * A part's name holding a control character is left off the part and reported to `onLoss` (path
 * `content[2].name`, no placeholder).
 * A malformed message (not an object, `content` neither a string nor an array, an unknown `status`, a broken
 * artifact) is a `ValidationError`.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { fromLangChain } from "toolnexus/providers";
 *
 * const messages = await toolNode.invoke({ messages: [aiMessage] });
 * const result = fromLangChain(messages.messages[0]);
 * result.parts?.[0]?.summary(); // "image (image/png, 10240 bytes)"
 * ```
 */
export function fromLangChain(message: LangChainToolMessageInput, options?: FromLangChainOptions): ToolResult {
  const ctx = readerContext(options, FROM_LANGCHAIN, FROM_LANGCHAIN_KEYS);
  let fields: Snapshot<(typeof KWARGS_KEYS)[number]> = snapshot(message, MESSAGE_KEYS, "", "A ToolMessage", MESSAGE_FIX);
  let prefix = "";
  const outer = fields as Snapshot<(typeof MESSAGE_KEYS)[number]>;
  if (outer.lc === 1 && outer.type === "constructor" && outer.kwargs !== undefined) {
    fields = snapshot(outer.kwargs, KWARGS_KEYS, "kwargs", "The kwargs of a serialized ToolMessage", MESSAGE_FIX);
    prefix = "kwargs.";
  }

  const status = fields.status;
  if (status !== undefined && status !== null && status !== "success" && status !== "error") {
    raise("invalid-value", `${prefix}status`, `status must be "success" or "error", got ${typeof status === "string" ? quoted(status) : typeName(status)}`, "Pass the message as LangChain made it.");
  }
  const isError = status === "error";
  const artifact = readArtifact(fields.artifact, `${prefix}artifact`);

  const content = fields.content;
  let blocks: unknown[];
  if (typeof content === "string") blocks = [{ type: "text", text: content }];
  else if (content === undefined) return raise("missing", `${prefix}content`, "The message has no content", MESSAGE_FIX);
  else if (typeof content === "object" && content !== null && isListAt(content, `${prefix}content`, "content")) blocks = readArray(content, `${prefix}content`);
  else return raise("invalid-type", `${prefix}content`, `content must be a string or an array of content blocks, got ${typeName(content)}`, MESSAGE_FIX);

  let output: string | undefined;
  let first = 0;
  if (artifact !== undefined) {
    if (typeof content === "string") {
      output = content;
      first = 1;
    } else if (artifact.outputBlock === 1) {
      const head = blocks.length > 0 ? readBlock(blocks[0], `${prefix}content[0]`) : undefined;
      if (head === undefined || head.kind !== "text") {
        raise("invalid-value", `${prefix}content[0]`, "The toolnexus artifact says content[0] is the output's text block, but it is not a text block", "Pass the message as toLangChain() made it, or drop its artifact.");
      }
      output = head.text;
      first = 1;
    } else output = "";
  }

  const acc = new InboundAccumulator(ctx, LANGCHAIN_HOST);
  for (let i = first; i < blocks.length; i++) {
    const path = `${prefix}content[${i}]`;
    const read = readBlock(blocks[i], path);
    // With the artifact, the output is the artifact's: the text blocks after it are text parts.
    if (artifact !== undefined && read.kind === "text") {
      if (read.text !== "") acc.add({ kind: "part", part: ContentPart.text(read.text) }, i, path);
    } else acc.add(read, i, path);
  }
  // No summary lines: the output is the message's own text, as LangChain holds it.
  // An error whose text is blank reads as the sentence.
  const joined = acc.joined();
  const text = output === undefined ? acc.output(isError && isBlank(joined) ? "" : joined, isError ? LANGCHAIN_ERROR_TEXT : undefined, false) : acc.withLosses(output);
  return new ToolResult({ output: text, isError, parts: acc.parts, metadata: artifact?.metadata ?? null });
}

interface Artifact {
  /** A JSON object, checked by ToolResult when the result is made; null or undefined for none. */
  readonly metadata: object | null | undefined;
  readonly outputBlock: 0 | 1;
}

/** The `toolnexus` entry of a message's artifact, checked; `undefined` when there is none. */
function readArtifact(artifact: unknown, path: string): Artifact | undefined {
  if (typeof artifact !== "object" || artifact === null || isArrayAt(artifact, path, "the artifact")) return undefined;
  const ours = readOwn(artifact, ["toolnexus"], path).toolnexus;
  if (ours === undefined) return undefined;
  const at = `${path}.toolnexus`;
  const fix = "Pass the artifact as toLangChain() wrote it, or drop it.";
  const a = snapshot(ours, ARTIFACT_KEYS, at, "The toolnexus artifact", fix);
  if (a.v !== 1) raise("invalid-value", `${at}.v`, `Unknown toolnexus artifact version ${typeof a.v === "number" ? String(a.v) : typeName(a.v)}`, "Read it with the toolnexus version that wrote it.");
  if (a.outputBlock !== 0 && a.outputBlock !== 1) raise("invalid-value", `${at}.outputBlock`, `outputBlock must be 0 or 1, got ${typeof a.outputBlock === "number" ? String(a.outputBlock) : typeName(a.outputBlock)}`, fix);
  let metadata: unknown = a.metadata;
  if (typeof metadata === "string") {
    try {
      metadata = JSON.parse(metadata);
    } catch (e) {
      raise("not-json", `${at}.metadata`, "The metadata is not JSON text", fix, e);
    }
  }
  if (metadata === undefined || metadata === null) return { metadata, outputBlock: a.outputBlock };
  if (typeof metadata !== "object" || isArrayAt(metadata, `${at}.metadata`, "the metadata")) {
    return raise("invalid-type", `${at}.metadata`, `The metadata must be a JSON object, its JSON text or null, got ${typeName(metadata)}`, fix);
  }
  return { metadata, outputBlock: a.outputBlock };
}

const LANGCHAIN_HOST: InboundHost = { name: "LangChain", fix: "Convert it before reading the message" };

const BLOCK_KEYS = ["type", "text", "mimeType", "mime_type", "data", "url", "fileId", "id", "source_type", "metadata", "title", "image_url", "input_audio", "file", "source"] as const;
type Block = Snapshot<(typeof BLOCK_KEYS)[number]>;

/** A media block, normalized: what LangChain's `contentBlocks` would give, before it becomes a part. */
interface Media {
  readonly what: string;
  readonly mimeType: unknown;
  readonly data?: unknown;
  readonly url?: unknown;
  readonly fileId?: unknown;
  readonly name: string | undefined;
  /** Plain text to be stored as a file's data (a `text-plain` block, a text document). */
  readonly text?: string;
}

const isObject = (v: unknown): v is object => typeof v === "object" && v !== null;
const isString = (v: unknown): v is string => typeof v === "string";

/**
 * The table of LangChain's block shapes: what a block holds. A lost block is named by the name it carries
 * (`metadata.filename`, `metadata.name`, `title`) and its own `url` (law 6).
 */
function readBlock(value: unknown, path: string): BlockRead {
  if (!isObject(value) || isArrayAt(value, path, "the block")) return lostBlock("content block", `not an object but ${typeName(value)}`);
  const b = readOwn(value, BLOCK_KEYS, path);
  const type = b.type;
  if (!isString(type)) return lostBlock("content block", "it has no type");
  const name = nameFields(b.metadata, `${path}.metadata`) ?? (isString(b.title) && b.title !== "" ? b.title : undefined);
  const media = normalize(b, type, path, name);
  const read = media === undefined ? unknownType("content block", type) : "kind" in media ? media : toPart(media, type);
  if (read.kind !== "lost" || read.name !== undefined || read.uri !== undefined) return read;
  return { ...read, name, uri: isString(b.url) ? b.url : undefined };
}

/**
 * The block as a text or a media record, following LangChain's `contentBlocks` conversions in its order (the
 * deprecated data blocks, then OpenAI's shapes, then Anthropic's, then the current standard ones);
 * `undefined` for an unknown type.
 */
function normalize(b: Block, type: string, path: string, meta: string | undefined): Media | BlockRead | undefined {
  // Deprecated data blocks: { type, source_type, mime_type, data | url | id | text, metadata }.
  // The part's name (`meta`): `metadata.filename`, else `metadata.name`, else `title`; read once, for every shape.
  const st = b.source_type;
  if ((type === "image" || type === "audio" || type === "file") && (st === "url" || st === "base64" || st === "id" || st === "text")) {
    const what = `${type} block`;
    if (st === "url" && isString(b.url)) return { what, mimeType: b.mime_type, url: b.url, name: meta };
    if (st === "base64" && isString(b.data)) return { what, mimeType: b.mime_type, data: b.data, name: meta };
    if (st === "id" && isString(b.id)) return { what, mimeType: b.mime_type, fileId: b.id, name: meta };
    if (st === "text" && type === "file" && isString(b.text)) return { what, mimeType: b.mime_type ?? "text/plain", text: b.text, name: meta };
  }
  // OpenAI Chat Completions shapes.
  if (type === "image_url" && (isObject(b.image_url) || isString(b.image_url))) {
    const url = isString(b.image_url) ? b.image_url : readOwn(b.image_url, ["url"], `${path}.image_url`).url;
    if (isString(url)) return { what: "image_url block", mimeType: undefined, url, name: meta };
    return lostBlock("image_url block", "its image_url has no url", type);
  }
  if (type === "input_audio" && isObject(b.input_audio)) {
    const a = readOwn(b.input_audio, ["data", "format"], `${path}.input_audio`);
    if (!isString(a.data) || !isString(a.format)) return lostBlock("input_audio block", "its input_audio has no data and format", type);
    const format = a.format.toLowerCase();
    return { what: "input_audio block", mimeType: mimeForExtension(format) ?? `audio/${format}`, data: a.data, name: meta };
  }
  if (type === "file" && isObject(b.file)) {
    const f = readOwn(b.file, ["data", "file_id", "filename"], `${path}.file`);
    const name = meta ?? (isString(f.filename) && f.filename !== "" ? f.filename : undefined);
    if (isString(f.data)) return { what: "file block", mimeType: undefined, url: f.data, name };
    if (isString(f.file_id)) return { what: "file block", mimeType: undefined, fileId: f.file_id, name };
    return lostBlock("file block", "its file has neither data nor file_id", type, name);
  }
  // Anthropic shapes: { type: "image" | "document", source: { type, media_type, data | url | file_id } }.
  if ((type === "image" || type === "document") && isObject(b.source) && !isArrayAt(b.source, `${path}.source`, "the source")) {
    const s = readOwn(b.source, ["type", "media_type", "data", "url", "file_id"], `${path}.source`);
    const what = `${type} block`;
    const name = meta;
    if (s.type === "base64" && isString(s.data)) return { what, mimeType: s.media_type, data: s.data, name };
    if (s.type === "url" && isString(s.url)) return { what, mimeType: undefined, url: s.url, name };
    if (s.type === "file" && isString(s.file_id)) return { what, mimeType: undefined, fileId: s.file_id, name };
    if (type === "document" && s.type === "text" && isString(s.data)) return { what, mimeType: s.media_type ?? "text/plain", text: s.data, name };
    return lostBlock(what, `its source of type ${isString(s.type) ? quoted(s.type) : typeName(s.type)} has no content a part can hold`, type, name);
  }
  // The current standard blocks.
  switch (type) {
    case "text":
      return isString(b.text) ? { kind: "text", text: b.text } : lostBlock("text block", "its text is not a string", type);
    case "image":
    case "audio":
    case "file":
    case "text-plain": {
      const name = meta;
      const what = `${type} block`;
      const mimeType = b.mimeType ?? (type === "text-plain" ? "text/plain" : undefined);
      if (b.data !== undefined) return { what, mimeType, data: b.data, name };
      if (b.url !== undefined) return { what, mimeType, url: b.url, name };
      if (type === "text-plain" && isString(b.text)) return { what, mimeType, text: b.text, name };
      if (b.fileId !== undefined) return { what, mimeType, fileId: b.fileId, name };
      return lostBlock(what, "it has neither data nor url", type, name);
    }
    case "video":
      return lostBlock("video block", "video is not a part type", type);
    case "reasoning":
      return lostBlock("reasoning block", "reasoning is not tool output a part can hold", type);
    default:
      return undefined;
  }
}

/** The name in a block's `metadata`: `filename`, else `name`; `undefined` when there is none. */
function nameFields(metadata: unknown, path: string): string | undefined {
  if (!isObject(metadata) || isArrayAt(metadata, path, "the metadata")) return undefined;
  const m = readOwn(metadata, ["filename", "name"], path);
  if (isString(m.filename) && m.filename !== "") return m.filename;
  if (isString(m.name) && m.name !== "") return m.name;
  return undefined;
}

const utf8 = new TextEncoder();

/** Builds the part through `ContentPart.fromJSON` (the wire is faithful: signatures are not checked); a refusal is a loss. */
function toPart(media: Media, type: string): BlockRead {
  // The record's optional keys count only as its own: a key it leaves out must not come from a polluted prototype.
  const own = <K extends "data" | "url" | "fileId" | "text">(k: K): Media[K] => (Object.hasOwn(media, k) ? media[k] : undefined);
  const m = { what: media.what, mimeType: media.mimeType, name: media.name, data: own("data"), url: own("url"), fileId: own("fileId"), text: own("text") };
  // A lost block is named by its name and url (a `data:` url shown without its payload).
  const lost = (why: string): BlockRead => lostBlock(m.what, why, type, m.name, isString(m.url) ? m.url : undefined);
  if (m.fileId !== undefined) return lost("it refers to a provider's file by fileId, which a part cannot hold");
  let mime: string | undefined;
  if (m.mimeType !== undefined && m.mimeType !== null) {
    if (!isString(m.mimeType)) return lost(`its mimeType is ${typeName(m.mimeType)}, not a string`);
    mime = normalizeMime(m.mimeType);
    if (mime === undefined) return lost(`its mimeType ${quoted(m.mimeType)} is not of the form type/subtype`);
  }
  let data: string | Uint8Array | undefined;
  let url: string | undefined;
  if (m.text !== undefined) {
    data = encodeBase64(utf8.encode(m.text));
    if (data === "") return lost("its text is empty");
  } else if (m.data !== undefined) {
    if (isString(m.data)) data = m.data;
    else {
      // Bytes (LangChain allows a Uint8Array; any view is taken), read as fromBytes reads them (through the
      // built-in getters: a Proxy or an own `buffer` getter runs no code) and copied into base64 now. A view
      // of a detached buffer is a loss; an ArrayBuffer itself is not bytes here. The builder copies them.
      const bytes = ArrayBuffer.isView(m.data) ? readBytes(m.data) : undefined;
      if (bytes === "detached" || bytes === "out-of-range") return lost(`its bytes cannot be read (${bytes === "detached" ? "a detached buffer" : "a view past the end of its shrunk buffer"})`);
      if (bytes === undefined) return lost(`its data is ${typeName(m.data)}, not a base64 string or bytes`);
      data = bytes;
    }
  } else if (isString(m.url)) url = m.url;
  else return lost(`its url is ${typeName(m.url)}, not a string`);

  const built = inboundPart(data !== undefined ? { mimeType: mime, data, name: m.name } : { mimeType: mime, url, name: m.name });
  return built.part !== undefined ? { kind: "part", part: built.part, droppedName: built.droppedName } : lost(built.why);
}
