/**
 * The Amazon Bedrock Converse reader: a `{ toolResult }` block (or a `ToolResultBlock`) back to a `ToolResult`,
 * as an SDK object, the wire JSON, or a history stored with `JSON.stringify`.
 *
 * @module
 */
import { isObjectAt, ownKeys, readArray, readOwn, snapshot } from "../boundary";
import { isInstance, raise } from "../errors";
import { copyJson, MAX_VALUES, newWalk, typeName } from "../json-data";
import { optionKeys } from "../options";
import { quoted } from "../quote";
import { ToolResult } from "../tool-result";
import { BEDROCK_DOCUMENTS, BEDROCK_VIDEOS } from "./bedrock";
import { builtBlock, carried, inboundPart, InboundAccumulator, isListAt, lostBlock, unknownType, type BlockRead, type InboundHost } from "./inbound";
import type { ProjectionOptions } from "./loss";
import { projection, readerContext } from "./options";

/** What {@link fromBedrock} reads: a `{ toolResult }` content block, or the `ToolResultBlock` itself. */
export type BedrockToolResultInput =
  | { readonly toolResult: object | undefined }
  | { readonly toolUseId?: string | undefined; readonly content?: readonly unknown[] | undefined; readonly status?: string | undefined };

/** Options of {@link fromBedrock}: `unsupported` and `onLoss` apply to blocks that cannot become parts, `maxBytes` to the parts read. */
export type FromBedrockOptions = ProjectionOptions;

const FROM_BEDROCK = projection("bedrock", "Bedrock", "fromBedrock");
const FROM_BEDROCK_KEYS = optionKeys("fromBedrock", ["unsupported", "onLoss", "maxBytes"]);
const BEDROCK_HOST: InboundHost = { name: "Bedrock", fix: "Fix the tool result" };

const OUTER_KEYS = ["toolResult", "toolUseId", "content", "status"] as const;
const RESULT_KEYS = ["toolUseId", "content", "status"] as const;
const BLOCK_KEYS = ["text", "json", "image", "document", "video", "searchResult", "$unknown"] as const;
const MEDIA_KEYS = ["format", "name", "source"] as const;
const SOURCE_KEYS = ["bytes", "s3Location", "text", "content"] as const;

/** The mime type of each of Bedrock's formats: its images, documents and videos (`mpg` is `video/mpeg`). */
const IMAGE_MIME: ReadonlyMap<string, string> = new Map([
  ["png", "image/png"],
  ["jpeg", "image/jpeg"],
  ["gif", "image/gif"],
  ["webp", "image/webp"],
]);
const DOCUMENT_MIME: ReadonlyMap<string, string> = new Map(Object.entries(BEDROCK_DOCUMENTS).map(([mime, format]) => [format, mime]));
const VIDEO_MIME: ReadonlyMap<string, string> = new Map([...Object.entries(BEDROCK_VIDEOS).map(([mime, format]): [string, string] => [format, mime]), ["mpg", "video/mpeg"]]);

/**
 * Reads a Bedrock Converse tool result into a `ToolResult`: a `{ toolResult }` content block of a `user`
 * message, or the `ToolResultBlock` itself, as a host holds it: the SDK's object (bytes as a `Uint8Array`),
 * the wire JSON (bytes as base64), or a history stored with `JSON.stringify` and parsed back (bytes as an
 * object of byte values keyed `"0"` to `"n-1"`, or a Buffer's `{ type: "Buffer", data: [...] }`).
 *
 * - `status: "error"` gives `isError`; `"success"` or none a success.
 * - Output: the `text` blocks and each `json` block's compact JSON text, joined by `"\n"` in order, as sent
 *   (no summary line is made up for a result of parts alone: the output is the text the blocks hold).
 * - Parts: `image`, `document` and `video` blocks with bytes (or a document's `text` source, as its UTF-8
 *   bytes), the mime type from `format` (a document without one: the bytes' signature, else
 *   `application/octet-stream`), a document's `name` kept as its name.
 * - A block that cannot become a part (an `s3Location` source, a `searchResult`, an unknown block or format,
 *   a string that is not base64) is never dropped silently: it is reported to `onLoss` at its path
 *   (`toolResult.content[2]`), and under the default policy named in the output on a line of its own:
 *   `[unsupported Bedrock image: s3://bucket/shot.png]`, `[unsupported Bedrock searchResult: Guide
 *   (https://a.b/guide)]`, `[unsupported Bedrock citationsContent: an unknown content block type]`.
 *   `unsupported: "error"` throws a `ContentPartError` there instead, `"omit"` leaves the line out; a part over
 *   `maxBytes` gets the usual placeholder.
 * - Bytes in any other shape (a number, an array, an object of other keys, a value that is no byte) are a
 *   `ValidationError` at their path (`toolResult.content[1].image.source.bytes`), and so is a byte list
 *   longer than the package's value limit (1,000,000), a `status` other than the two, and a `content` that is
 *   not a list. Every field is read once, as an own property (see docs/trust.md, "Reading what callers pass").
 *
 * Law: `fromBedrock(toBedrock(r, o))` equals `r` without its metadata and without the names Bedrock cannot
 * carry, for every `r` whose parts Bedrock carries (docs/hosts/bedrock.md).
 *
 * @example
 * ```ts
 * import { fromBedrock } from "toolnexus/bedrock";
 *
 * const block = history.at(-1).content[0]; // { toolResult: { toolUseId, content, status } }
 * const result = fromBedrock(block);
 * ```
 */
export function fromBedrock(value: BedrockToolResultInput, options?: FromBedrockOptions): ToolResult {
  const ctx = readerContext(options, FROM_BEDROCK, FROM_BEDROCK_KEYS);
  const outer = snapshot(value, OUTER_KEYS, "", "fromBedrock() reads a { toolResult } block or a ToolResultBlock, which", "Pass the message's content block, such as { toolResult: { toolUseId, content, status } }.");
  let prefix = "";
  let src: { toolUseId: unknown; content: unknown; status: unknown } = outer;
  if (outer.toolResult !== undefined) {
    prefix = "toolResult.";
    src = snapshot(outer.toolResult, RESULT_KEYS, "toolResult", "A toolResult", "Pass { toolUseId, content, status }.");
  }
  const status = src.status;
  if (status !== undefined && status !== "success" && status !== "error") {
    if (typeof status === "string") raise("invalid-value", `${prefix}status`, `Unknown status ${quoted(status)}`, 'Bedrock tool results carry status "success" or "error" (or none).');
    raise("invalid-type", `${prefix}status`, `status must be a string, got ${typeName(status)}`, 'Send "success", "error", or leave it out.');
  }
  const content = src.content ?? [];
  if (!isListAt(content, `${prefix}content`, "content")) {
    raise("invalid-type", `${prefix}content`, `content must be an array of content blocks, got ${typeName(content)}`, 'Send a list such as [{ text: "..." }].');
  }
  const blocks = readArray(content, `${prefix}content`);
  const acc = new InboundAccumulator(ctx, BEDROCK_HOST);
  for (let i = 0; i < blocks.length; i++) {
    const path = `${prefix}content[${i}]`;
    acc.add(readBlock(blocks[i], path), i, path);
  }
  const output = acc.output(acc.joined(), undefined, false);
  const init = { parts: acc.parts };
  return status === "error" ? ToolResult.error(output, init) : ToolResult.ok(output, init);
}



/** One content block: the member it holds (the first of Bedrock's that is set), read by its own table. */
function readBlock(block: unknown, path: string): BlockRead {
  if (!isObjectAt(block, path)) return lostBlock("content block", `not an object but ${typeName(block)}`);
  const b = readOwn(block, BLOCK_KEYS, path);
  if (typeof b.text === "string") return { kind: "text", text: b.text };
  if (b.text !== undefined) return lostBlock("text block", "its text is not a string", "text");
  // Any JSON value, read by the one counted walk of JSON data, as its compact text.
  if (b.json !== undefined) return { kind: "text", text: JSON.stringify(copyJson(b.json, newWalk(`${path}.json`), -1)) };
  if (b.image !== undefined) return readMedia(b.image, "image", `${path}.image`, IMAGE_MIME);
  if (b.document !== undefined) return readMedia(b.document, "document", `${path}.document`, DOCUMENT_MIME);
  if (b.video !== undefined) return readMedia(b.video, "video", `${path}.video`, VIDEO_MIME);
  if (b.searchResult !== undefined) {
    const s = isObjectAt(b.searchResult, `${path}.searchResult`) ? readOwn(b.searchResult, ["title", "source"], `${path}.searchResult`) : { title: undefined, source: undefined };
    return lostBlock("searchResult block", "a search result is no part", "searchResult", carried(s.title), carried(s.source));
  }
  // The SDK's unknown member, `{ $unknown: [name, value] }`; else a block of a member this reader does not know.
  const unknown = b.$unknown;
  if (unknown !== undefined) {
    const name = isListAt(unknown, `${path}.$unknown`) ? readArray(unknown, `${path}.$unknown`)[0] : undefined;
    return typeof name === "string" ? unknownType("content block", name) : lostBlock("content block", "its $unknown member has no name");
  }
  const keys = ownKeys(block, path);
  return keys.length > 0 ? unknownType("content block", keys[0]) : lostBlock("content block", "it holds no member");
}

/** An image, document or video block: `{ format, name?, source: { bytes } }`. */
function readMedia(value: unknown, type: "image" | "document" | "video", path: string, formats: ReadonlyMap<string, string>): BlockRead {
  const what = `${type} block`;
  if (!isObjectAt(value, path)) return lostBlock(what, `not an object but ${typeName(value)}`, type);
  const m = readOwn(value, MEDIA_KEYS, path);
  const name = type === "document" ? carried(m.name) : undefined;
  const format = m.format;
  let mimeType: string | undefined;
  if (typeof format === "string") {
    mimeType = formats.get(format);
    if (mimeType === undefined) return lostBlock(what, `unknown format ${quoted(format)}`, type, name);
  } else if (format !== undefined || type !== "document") {
    return lostBlock(what, "it has no format", type, name);
  }
  if (!isObjectAt(m.source, `${path}.source`)) return lostBlock(what, "it has no source", type, name);
  const s = readOwn(m.source, SOURCE_KEYS, `${path}.source`);
  if (s.bytes !== undefined) {
    const data = readBytes(s.bytes, `${path}.source.bytes`);
    return builtBlock(inboundPart({ mimeType, data, name, uri: name }), what, type, name);
  }
  if (isObjectAt(s.s3Location, `${path}.source.s3Location`)) {
    const uri = readOwn(s.s3Location, ["uri"], `${path}.source.s3Location`).uri;
    return lostBlock(what, "its source is an s3Location, which this reader does not fetch", type, name, carried(uri));
  }
  if (type === "document" && typeof s.text === "string") return builtBlock(inboundPart({ mimeType, data: new TextEncoder().encode(s.text), name }), what, type, name);
  return lostBlock(what, "its source holds no bytes", type, name);
}

/**
 * The bytes of a block's source, in each form a host holds them: a `Uint8Array` (the SDK's), a base64 string
 * (the wire's, checked when the part is built), an object of byte values keyed `"0"` to `"n-1"` (a
 * `Uint8Array` through `JSON.stringify`), or `{ type: "Buffer", data: [...] }` (a Buffer's). Anything else,
 * a value that is no byte, and a list longer than the package's value limit are a ValidationError at `path`.
 */
function readBytes(v: unknown, path: string): string | Uint8Array {
  if (typeof v === "string" || isInstance(v, Uint8Array)) return v;
  if (!isObjectAt(v, path)) return raise("invalid-type", path, `bytes must be a Uint8Array, a base64 string or an object of byte values, got ${typeName(v)}`, "Pass the block as the SDK gave it, or as JSON.stringify stored it.");
  const keys = ownKeys(v, path);
  if (keys.length === 2 && keys[0] === "type" && keys[1] === "data") {
    const buffer = readOwn(v, ["type", "data"], path);
    if (buffer.type === "Buffer" && isListAt(buffer.data, `${path}.data`)) {
      const data = readArrayWithin(buffer.data, `${path}.data`);
      return byteList(data.length, (i) => data[i], (i) => `${path}.data[${i}]`);
    }
  }
  if (keys.length > MAX_VALUES) tooMany(path, keys.length);
  // The keys "0" to "n-1", in order (as JSON.stringify writes a Uint8Array, and as own integer keys are listed).
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== String(i)) {
      raise("invalid-value", path, `bytes as an object must be keyed "0" to "${keys.length - 1}", got the key ${quoted(keys[i])}`, "Pass the block as the SDK gave it, or as JSON.stringify stored it.");
    }
  }
  const values = readOwn(v, keys, path);
  return byteList(keys.length, (i) => values[keys[i]], (i) => `${path}["${i}"]`);
}

function readArrayWithin(list: readonly unknown[], path: string): unknown[] {
  const length: unknown = list.length;
  if (typeof length === "number" && length > MAX_VALUES) tooMany(path, length);
  return readArray(list, path);
}

function tooMany(path: string, n: number): never {
  return raise("too-large", path, `bytes hold ${n} values, more than the ${MAX_VALUES.toLocaleString("en-US")} values the package reads`, "Keep such a part out of the history, or store its bytes as base64.");
}

/** The `n` values `get(0)` .. `get(n - 1)`, each a whole number 0 to 255, as bytes; another is a ValidationError at `at(i)`. */
function byteList(n: number, get: (i: number) => unknown, at: (i: number) => string): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const b = get(i);
    if (typeof b !== "number" || !Number.isInteger(b) || b < 0 || b > 255) raise("invalid-value", at(i), `a byte must be a whole number 0 to 255, got ${typeof b === "number" ? String(b) : typeName(b)}`, "Pass the bytes as the SDK gave them, or as JSON.stringify stored them.");
    out[i] = b;
  }
  return out;
}
