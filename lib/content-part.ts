/**
 * `ContentPart`: an image, a document, a clip or a piece of text that a tool hands to the model beside its
 * output.
 *
 * @module
 */
import { decodeBase64, decodedLength, decodePrefix, encodeBase64, toCanonicalBase64 } from "./base64";
import { BRAND, INSPECT, hasBrand, isInstance } from "./brand";
import { ContentPartError, ToolnexusError, thrownMessage, type SafeResult, type ToolnexusErrorCode } from "./errors";
import { Stamp, typeName } from "./json-data";
import { describeMedia, extensionOf, familyOf, hasSignature, mimeForExtension, normalizeMime, sniff, SNIFF_BYTES, type MediaType } from "./media";
import { joinPath, where } from "./path";

/** The four kinds of content part. */
export type PartType = "text" | "image" | "file" | "audio";

/** The JSON shape of a content part (the wire format shared by every toolnexus port). */
export type ContentPartJSON =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "image" | "file" | "audio";
      readonly mimeType: string;
      readonly data?: string;
      readonly url?: string;
      readonly name?: string;
    };

/** Options of the part factories. */
export interface PartOptions {
  /** The media type, such as `image/png`; stored lowercased and without parameters. */
  mimeType?: string;
  /** A name for the part; a file part read from a path or a `File` gets its base name by default. */
  name?: string;
  /** The largest number of decoded bytes accepted; no cap unless given. */
  maxBytes?: number;
  /** Check the bytes' signature against the mime type for the media table's types (default `true`). */
  verifyMime?: boolean;
}

/** Bytes in any JavaScript spelling. */
export type BytesSource = Uint8Array | ArrayBuffer | ArrayBufferView;

/** Everything `ContentPart.image`, `.file`, `.audio` and `.from` read. */
export type PartSource =
  | string
  | BytesSource
  | Blob
  | ReadableStream<BytesSource>
  | AsyncIterable<BytesSource>;

const FIELDS = ["type", "text", "mimeType", "data", "url", "name"] as const;
const TYPES: readonly string[] = ["text", "image", "file", "audio"];

/**
 * A caller's string as a message shows it: quoted when short, else only its length. A long string where a
 * mime type, a part type or a URL scheme belongs is most likely a payload in the wrong place, and part data
 * never appears in a message.
 */
function quote(s: string, max = 40): string {
  return s.length <= max ? JSON.stringify(s) : `(a string of ${s.length} characters, not shown)`;
}

/** A URL scheme for a message (`javascript:`), or its length when it is too long to be one. */
function schemeOf(protocol: string): string {
  return protocol.length <= 24 ? protocol : `(a scheme of ${protocol.length} characters, not shown)`;
}

function partError(code: ToolnexusErrorCode, path: string, problem: string, fix: string, cause?: unknown): ContentPartError {
  return new ContentPartError(code, `${problem} ${where(path)}. ${fix}`, cause === undefined ? { path } : { path, cause });
}

/**
 * Parts made by this copy of the library carry this private field, set before they are frozen. An object
 * that merely has ContentPart.prototype in its chain (made with Object.create, or a Proxy of a part) lacks
 * it, so it is read and checked by its fields like any other input, never trusted as a part.
 */
class PartMark extends Stamp {
  readonly #part = true;
  static has(value: unknown): value is ContentPart {
    return typeof value === "object" && value !== null && #part in value;
  }
}

/** Assigns the six fields in their fixed order and freezes: the one place a part is made. */
function makePart(
  proto: object,
  type: PartType,
  text: string | undefined,
  mimeType: string | undefined,
  data: string | undefined,
  url: string | undefined,
  name: string | undefined,
): ContentPart {
  const part = Object.create(proto) as { -readonly [K in keyof ContentPart]: ContentPart[K] };
  part.type = type;
  part.text = text;
  part.mimeType = mimeType;
  part.data = data;
  part.url = url;
  part.name = name;
  return Object.freeze(new PartMark(part)) as unknown as ContentPart;
}

/** Turns bytes in any spelling into a Uint8Array view of the same memory (no copy), or `undefined`. */
function asBytes(value: unknown): Uint8Array | undefined {
  // ArrayBuffer.isView reads an internal slot, never a Proxy trap; `instanceof` may run a hostile trap.
  if (ArrayBuffer.isView(value)) return value instanceof Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  try {
    if (value instanceof ArrayBuffer) return new Uint8Array(value);
    if (typeof SharedArrayBuffer !== "undefined" && value instanceof SharedArrayBuffer) return new Uint8Array(value);
  } catch {
    return undefined; // a Proxy whose traps throw, or one that only pretends to be a buffer: not bytes
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Options and small checks

interface Checked {
  mimeType: string | undefined;
  name: string | undefined;
  maxBytes: number | undefined;
  verifyMime: boolean;
}

function checkOptions(options: PartOptions | undefined): Checked {
  if (options === undefined || options === null) return { mimeType: undefined, name: undefined, maxBytes: undefined, verifyMime: true };
  if (typeof options !== "object") {
    throw partError("invalid-type", "", `The options are ${typeName(options)}`, "Pass an object such as { mimeType: \"image/png\" }.");
  }
  let mimeType: unknown, name: unknown, maxBytes: unknown, verifyMime: unknown;
  try {
    ({ mimeType, name, maxBytes, verifyMime } = options);
  } catch (e) {
    throw partError("invalid-value", "", `Reading the options threw (${thrownMessage(e)})`, "Pass a plain object such as { mimeType: \"image/png\" }.", e);
  }
  let mime: string | undefined;
  if (mimeType !== undefined) {
    if (typeof mimeType !== "string") throw partError("invalid-type", "mimeType", `options.mimeType is ${typeName(mimeType)}`, "Pass a string such as \"image/png\".");
    mime = normalizeMime(mimeType);
    if (mime === undefined) throw partError("unknown-mime", "mimeType", `options.mimeType ${quote(mimeType)} is not a mime type`, "Pass a mime type of the form type/subtype, such as \"image/png\".");
  }
  if (name !== undefined) checkName(name, "name");
  if (maxBytes !== undefined && (typeof maxBytes !== "number" || !(maxBytes >= 0) || !Number.isInteger(maxBytes) && maxBytes !== Infinity)) {
    throw partError("invalid-value", "maxBytes", "options.maxBytes must be a whole number of bytes, 0 or more", "Pass a number such as 5 * 1024 * 1024.");
  }
  if (verifyMime !== undefined && typeof verifyMime !== "boolean") {
    throw partError("invalid-type", "verifyMime", `options.verifyMime is ${typeName(verifyMime)}`, "Pass true or false.");
  }
  return { mimeType: mime, name: name as string | undefined, maxBytes: maxBytes === Infinity ? undefined : (maxBytes as number | undefined), verifyMime: (verifyMime as boolean | undefined) ?? true };
}

function checkName(name: unknown, path: string): string {
  if (typeof name !== "string") throw partError("invalid-type", path, `The name is ${typeName(name)}`, "Pass a string such as \"report.pdf\", or leave it out.");
  if (name === "") throw partError("invalid-value", path, "The name is empty", "Pass a non-empty name, or leave it out.");
  return name;
}

function familyMismatch(kind: MediaType, mime: string, path: string, json = false): ContentPartError {
  const fix = json
    ? `Set type to "${familyOf(mime)}" for ${mime}: a ${kind} part takes ${kind === "file" ? "any type but image/* and audio/*" : `${kind}/* types only`}.`
    : kind === "file"
      ? `A file part takes any type but image/* and audio/*: use ContentPart.${familyOf(mime)}() for ${mime}.`
      : `ContentPart.${kind}() takes ${kind}/* types only: use ContentPart.from() to pick the type from the mime type.`;
  return partError("mime-mismatch", path, `${mime} is not ${article(kind)} ${kind} type`, fix);
}

/** `an` before image and audio, `a` before file. */
function article(kind: MediaType): string {
  return kind === "file" ? "a" : "an";
}

/** Where an http(s) URL is refused or accepted; `data:` is handled before. */
function checkHttpUrl(url: string, path: string): void {
  if (WINDOWS_DRIVE.test(url)) {
    throw partError("invalid-source", path, "The url is a Windows file path, not a URL", "Read the file with ContentPart.image(path) (or file, audio, from), or pass an absolute http: or https: URL.");
  }
  // The URL parser would quietly strip or re-encode these, so the url kept would not be the one checked.
  if (/[\u0000-\u0020\u007f]/.test(url)) {
    throw partError("invalid-source", path, "The url holds whitespace or a control character", "Remove it, or percent-encode it (a space is %20): an absolute http: or https: URL has none.");
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw partError("invalid-source", path, "The url is not an absolute URL", "Pass an absolute http: or https: URL, a data: URL, or the bytes themselves.");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw partError(
      "invalid-source",
      path,
      `A ${schemeOf(parsed.protocol)} URL is not accepted as a part's url`,
      "Only absolute http: and https: URLs are kept as urls (a data: URL becomes data); read a local file by its path instead.",
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Building a data part: the shared pipeline of every bytes source

interface Payload {
  /** Decoded size in bytes. */
  readonly size: number;
  /** The first bytes, for the signature check. */
  head(): Uint8Array;
  /** Canonical base64. */
  base64(): string;
}

function bytesPayload(bytes: Uint8Array): Payload {
  return { size: bytes.byteLength, head: () => bytes.subarray(0, SNIFF_BYTES), base64: () => encodeBase64(bytes) };
}

function base64Payload(b64: string): Payload {
  return { size: decodedLength(b64), head: () => decodePrefix(b64, SNIFF_BYTES), base64: () => b64 };
}

interface Hints {
  /** A file's name (a path's base name, a File's name): its extension names the type, and it names a file part. */
  fileName?: string;
  /** A type the source declares weakly (a Blob's `type`): used when no option gives one. */
  declaredMime?: string;
  /** A type the source declares itself (a `data:` URL): an option that disagrees is a conflict. */
  sourceMime?: string;
  /** The type when nothing else tells it and the signature matches nothing (RFC 2397's `text/plain`). */
  fallbackMime?: string;
}

function build(kind: MediaType | undefined, payload: Payload, opts: Checked, hints: Hints, path: string): ContentPart {
  if (opts.maxBytes !== undefined && payload.size > opts.maxBytes) {
    throw partError("too-large", path, `The source holds ${payload.size} bytes, over the limit of maxBytes = ${opts.maxBytes}`, "Pass a smaller source or raise maxBytes.");
  }
  if (payload.size === 0) throw partError("empty", path, "The source holds zero bytes", "A part needs content: check that the source was read in full.");
  let mime = opts.mimeType;
  if (hints.sourceMime !== undefined) {
    if (mime !== undefined && mime !== hints.sourceMime) {
      throw partError("source-conflict", path, `options.mimeType says ${mime} but the data: URL says ${hints.sourceMime}`, "Leave out options.mimeType, or fix the data: URL.");
    }
    mime = hints.sourceMime;
  }
  if (mime === undefined && hints.declaredMime) mime = normalizeMime(hints.declaredMime);
  if (mime === undefined && hints.fileName !== undefined) {
    const ext = extensionOf(hints.fileName);
    if (ext !== "") {
      mime = mimeForExtension(ext);
      if (mime === undefined) {
        throw partError("unknown-extension", path, `The extension .${ext} is not in the media table`, "Pass options.mimeType, such as { mimeType: \"text/csv\" }.");
      }
    }
  }
  let sniffed: string | undefined | null = null; // null: not looked yet
  if (mime === undefined) {
    sniffed = sniff(payload.head());
    if (sniffed === undefined && hints.fallbackMime !== undefined) mime = hints.fallbackMime;
    else if (sniffed === undefined) {
      throw partError("unknown-mime", path, "The media type cannot be told: no mime type, no known extension, and no known signature in the bytes", "Pass options.mimeType, such as { mimeType: \"application/octet-stream\" }.");
    }
    else mime = sniffed;
  }
  const type = kind ?? familyOf(mime);
  if (familyOf(mime) !== type) throw familyMismatch(type, mime, joinPath(path, "mimeType"));
  if (opts.verifyMime && hasSignature(mime)) {
    if (sniffed === null) sniffed = sniff(payload.head());
    if (sniffed !== mime) {
      throw partError(
        "mime-mismatch",
        path,
        `The mime type says ${describeMedia(mime)} but the bytes are ${describeMedia(sniffed)}`,
        sniffed === undefined ? "Check the source, or pass verifyMime: false to skip the check." : `Pass mimeType: "${sniffed}", or verifyMime: false to skip the check.`,
      );
    }
  }
  const name = opts.name ?? (type === "file" ? hints.fileName || undefined : undefined);
  return makePart(ContentPart.prototype, type, undefined, mime, payload.base64(), undefined, name);
}

function fromUrlString(kind: MediaType | undefined, url: string, opts: Checked, path: string): ContentPart {
  if (/^data:/i.test(url)) return fromDataUrlString(kind, url, opts, path);
  checkHttpUrl(url, path);
  let mime = opts.mimeType;
  if (mime === undefined) {
    const ext = extensionOf(new URL(url).pathname);
    mime = mimeForExtension(ext);
    if (mime === undefined) {
      throw partError(
        "unknown-extension",
        path,
        ext === "" ? "The URL's path has no extension to tell its media type" : `The URL's extension .${ext} is not in the media table`,
        "Pass options.mimeType, such as { mimeType: \"image/png\" }.",
      );
    }
  }
  const type = kind ?? familyOf(mime);
  if (familyOf(mime) !== type) throw familyMismatch(type, mime, joinPath(path, "mimeType"));
  return makePart(ContentPart.prototype, type, undefined, mime, undefined, url, opts.name);
}

/** Percent-decodes the payload of a non-base64 data: URL into its octets. */
function percentDecode(payload: string, path: string): Uint8Array {
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < payload.length; i++) {
    const c = payload.charCodeAt(i);
    if (c === 37 /* % */) {
      const hex = payload.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
        throw partError("invalid-source", path, "The data: URL has a malformed percent escape", "Encode the payload with encodeURIComponent, or use ;base64.");
      }
      out.push(parseInt(hex, 16));
      i += 2;
    } else if (c < 0x80) {
      out.push(c);
    } else {
      const cp = payload.codePointAt(i)!;
      for (const b of encoder.encode(String.fromCodePoint(cp))) out.push(b);
      if (cp > 0xffff) i++;
    }
  }
  return Uint8Array.from(out);
}

function fromDataUrlString(kind: MediaType | undefined, url: string, opts: Checked, path: string): ContentPart {
  const comma = url.indexOf(",");
  if (!/^data:/i.test(url) || comma === -1) {
    throw partError("invalid-source", path, "The value is not a data: URL", "Pass a URL of the form data:image/png;base64,....");
  }
  const header = url.slice(5, comma);
  const params = header.split(";");
  const isBase64 = params.length > 1 && params[params.length - 1]!.trim().toLowerCase() === "base64";
  const declared = params[0]!.trim();
  let sourceMime: string | undefined;
  if (declared !== "") {
    sourceMime = normalizeMime(declared);
    if (sourceMime === undefined) {
      throw partError("unknown-mime", path, `The data: URL's type ${quote(declared)} is not a mime type`, "Write the type as type/subtype, such as data:image/png;base64,....");
    }
  }
  const body = url.slice(comma + 1);
  let payload: Payload;
  if (isBase64) {
    const b64 = toCanonicalBase64(body.indexOf("%") === -1 ? body : safeDecodeURIComponent(body, path));
    if (b64 === undefined) throw partError("invalid-base64", path, "The data: URL's payload is not valid base64", "Encode the bytes as base64 (standard or URL-safe, padded or not).");
    payload = base64Payload(b64);
  } else {
    payload = bytesPayload(percentDecode(body, path));
  }
  // A data: URL without a type takes options.mimeType, else the bytes' signature, else RFC 2397's text/plain.
  return build(kind, payload, opts, sourceMime === undefined ? { fallbackMime: "text/plain" } : { sourceMime }, path);
}

function safeDecodeURIComponent(s: string, path: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw partError("invalid-source", path, "The data: URL has a malformed percent escape", "Encode the payload with encodeURIComponent, or use ;base64.");
  }
}

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Reads any source; whatever goes wrong rejects with a ContentPartError, never a bare error from inside. */
async function fromSource(kind: MediaType | undefined, source: unknown, options: PartOptions | undefined): Promise<ContentPart> {
  try {
    return await readSource(kind, source, options);
  } catch (e) {
    throw asPartError(e);
  }
}

async function readSource(kind: MediaType | undefined, source: unknown, options: PartOptions | undefined): Promise<ContentPart> {
  const opts = checkOptions(options);
  if (source === undefined || source === null) {
    throw partError("source-missing", "", "No source was given", "Pass a file path, a URL, bytes, a Blob or a stream.");
  }
  if (typeof source === "string") {
    if (source === "") throw partError("source-missing", "", "The source is an empty string", "Pass a file path, a URL, bytes, a Blob or a stream.");
    const scheme = SCHEME.exec(source);
    if (scheme && !WINDOWS_DRIVE.test(source)) {
      const s = scheme[1]!.toLowerCase();
      if (s === "data") return fromDataUrlString(kind, source, opts, "");
      if (s === "http" || s === "https") return fromUrlString(kind, source, opts, "");
      throw partError(
        "invalid-source",
        "",
        `A ${schemeOf(`${s}:`)} URL is not a source a part can hold`,
        s === "file" ? "Pass the file's path instead of a file: URL." : "Pass a file path, an http(s): URL, a data: URL, bytes, a Blob or a stream.",
      );
    }
  } else {
    const bytes = asBytes(source);
    if (bytes !== undefined) return build(kind, bytesPayload(bytes), opts, {}, "");
  }
  // A file path, a Blob, a stream: read by the lazily loaded readers, which report failures as data.
  const read = await (await loadReaders()).readSource(source, opts.maxBytes, asBytes);
  if (read === undefined) {
    const hint = typeof URL !== "undefined" && source instanceof URL ? " For a URL object, pass its href (url.href)." : "";
    throw partError(
      "invalid-source",
      "",
      `The source is ${typeName(source)}`,
      `Pass a file path, an http(s): or data: URL, bytes (Uint8Array, Buffer, ArrayBuffer), a Blob or File, or a stream of byte chunks.${hint}`,
    );
  }
  if ("code" in read) throw new ContentPartError(read.code, read.message, "cause" in read ? { cause: read.cause } : undefined);
  return build(kind, bytesPayload(read.bytes), opts, { fileName: read.name, declaredMime: read.type }, "");
}

/**
 * The readers of file paths, Blobs and streams (read-source.ts), loaded on first use so that a static
 * `import "toolnexus"` does not load them. A failure to load them is a `read-failed` error.
 */
async function loadReaders(): Promise<typeof import("./read-source")> {
  try {
    return await import("./read-source");
  } catch (e) {
    throw new ContentPartError("read-failed", `Could not load the readers of file paths, Blobs and streams: ${thrownMessage(e)}. Check the installed package.`, { cause: e });
  }
}

async function safely<T>(fn: () => Promise<T>): Promise<SafeResult<T, ContentPartError>> {
  try {
    return { success: true, data: await fn() };
  } catch (e) {
    return { success: false, error: asPartError(e) };
  }
}

function asPartError(e: unknown): ContentPartError {
  if (isInstance(e, ContentPartError)) return e as ContentPartError;
  if (isInstance(e, ToolnexusError)) {
    const t = e as ToolnexusError;
    return new ContentPartError(t.code, t.message, { path: t.path, cause: e });
  }
  return new ContentPartError("read-failed", `Reading the source failed: ${thrownMessage(e)}.`, { cause: e });
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// Reading the JSON shape

/** Reads a part's JSON shape (or a part from another loaded copy of the package); errors carry `path`. */
export function partFromJSON(value: unknown, path: string): ContentPart {
  if (PartMark.has(value)) return value;
  let isArray: boolean;
  try {
    isArray = Array.isArray(value);
  } catch (e) {
    throw partError("invalid-value", path, `Reading the part threw (${thrownMessage(e)})`, "Pass plain data: a revoked Proxy cannot be read.", e);
  }
  if (typeof value !== "object" || value === null || isArray) {
    throw partError("invalid-type", path, `A content part must be an object, got ${typeName(value)}`, "Pass a ContentPart or its JSON shape, such as { type: \"text\", text: \"hi\" }.");
  }
  const fields: Record<string, unknown> = {};
  let field = "";
  try {
    for (const f of FIELDS) {
      field = f;
      fields[f] = (value as Record<string, unknown>)[f];
    }
  } catch (e) {
    throw partError("invalid-value", joinPath(path, field), `Reading ${field} threw (${thrownMessage(e)})`, "Pass plain data: a getter or a Proxy that throws cannot be read.", e);
  }
  const { type, text, mimeType, data, url, name } = fields;
  const at = (k: string) => joinPath(path, k);
  if (type === undefined) throw partError("missing", at("type"), "The part has no type", "Set type to \"text\", \"image\", \"file\" or \"audio\".");
  if (typeof type !== "string") throw partError("invalid-type", at("type"), `The part's type is ${typeName(type)}`, "Set type to \"text\", \"image\", \"file\" or \"audio\".");
  if (!TYPES.includes(type)) throw partError("invalid-value", at("type"), `Unknown part type ${quote(type)}`, "Use \"text\", \"image\", \"file\" or \"audio\".");
  if (type === "text") {
    if (text === undefined) throw partError("missing", at("text"), "A text part has no text", "Set text to a non-empty string.");
    if (typeof text !== "string") throw partError("invalid-type", at("text"), `The text is ${typeName(text)}`, "Set text to a non-empty string.");
    if (text === "") throw partError("empty", at("text"), "The text is empty", "Leave the part out, or give it text.");
    for (const k of ["mimeType", "data", "url", "name"] as const) {
      if (fields[k] !== undefined) throw partError("invalid-value", at(k), `A text part has text only, but ${k} is set`, `Remove ${k}, or use an image, file or audio part.`);
    }
    return makePart(ContentPart.prototype, "text", text, undefined, undefined, undefined, undefined);
  }
  const kind = type as MediaType;
  if (text !== undefined) throw partError("invalid-value", at("text"), `${kind === "file" ? "A" : "An"} ${kind} part has no text`, "Remove text, or use a text part.");
  if (mimeType === undefined) throw partError("missing", at("mimeType"), `The ${kind} part has no mimeType`, "Set mimeType, such as \"image/png\".");
  if (typeof mimeType !== "string") throw partError("invalid-type", at("mimeType"), `The mimeType is ${typeName(mimeType)}`, "Set mimeType to a string such as \"image/png\".");
  const mime = normalizeMime(mimeType);
  if (mime === undefined) throw partError("unknown-mime", at("mimeType"), `The mimeType ${quote(mimeType)} is not a mime type`, "Write it as type/subtype, such as \"image/png\".");
  if (familyOf(mime) !== kind) throw familyMismatch(kind, mime, at("mimeType"), true);
  if (name !== undefined) checkName(name, at("name"));
  if (data !== undefined && url !== undefined) throw partError("source-conflict", path, "The part has both data and url", "Keep one of them: data (base64) or url.");
  if (data === undefined && url === undefined) throw partError("source-missing", path, "The part has neither data nor url", "Set data (base64) or url (http or https).");
  if (data !== undefined) {
    if (typeof data !== "string") throw partError("invalid-type", at("data"), `The data is ${typeName(data)}`, "Set data to a base64 string.");
    const b64 = toCanonicalBase64(data);
    if (b64 === undefined) {
      const fix = /^data:/i.test(data) ? "It is a data: URL: put it in url instead, or keep only the base64 after the comma." : "Encode the bytes as base64 (standard or URL-safe, padded or not).";
      throw partError("invalid-base64", at("data"), "The data is not valid base64", fix);
    }
    if (b64 === "") throw partError("empty", at("data"), "The data holds zero bytes", "A part needs content.");
    return makePart(ContentPart.prototype, kind, undefined, mime, b64, undefined, name as string | undefined);
  }
  if (typeof url !== "string") throw partError("invalid-type", at("url"), `The url is ${typeName(url)}`, "Set url to an absolute http(s) URL.");
  if (/^data:/i.test(url)) {
    // A data: URL is stored as data; its bytes are not signature-checked (the wire is faithful).
    const part = fromDataUrlString(kind, url, { mimeType: mime, name: name as string | undefined, maxBytes: undefined, verifyMime: false }, at("url"));
    return part;
  }
  checkHttpUrl(url, at("url"));
  return makePart(ContentPart.prototype, kind, undefined, mime, undefined, url, name as string | undefined);
}

// ---------------------------------------------------------------------------------------------------------

/**
 * A piece of content beside a tool's text output: `text`, an `image`, a `file` (a PDF, say) or `audio`.
 *
 * A part is a frozen value with six own fields in a fixed order: `type`, `text`, `mimeType`, `data`
 * (canonical padded base64), `url` and `name`; absent ones are `undefined`. A text part has `text` only;
 * any other part has a `mimeType` and exactly one of `data` or `url` (absolute http or https). A part
 * never holds a filesystem path, and its data never appears in `toString`, `util.inspect`, `describe` or
 * an error message.
 *
 * Build parts with the factories: `ContentPart.image(source)` and its siblings read any source
 * asynchronously; `fromBytes`, `fromBase64`, `fromDataUrl`, `fromUrl` and `fromJSON` are synchronous.
 *
 * @example
 * ```ts
 * const shot = await ContentPart.image("fixtures/media/fixture.png");
 * shot.summary(); // "image (image/png, 82 bytes)"
 * const note = ContentPart.text("see the attached chart");
 * ```
 */
export class ContentPart {
  /** `text`, `image`, `file` or `audio`. */
  declare readonly type: PartType;
  /** The text of a text part; `undefined` for the other types. */
  declare readonly text: string | undefined;
  /** The media type (`image/png`), lowercased, without parameters; `undefined` for a text part. */
  declare readonly mimeType: string | undefined;
  /** The bytes as canonical padded standard base64, or `undefined` for a url or text part. */
  declare readonly data: string | undefined;
  /** An absolute http(s) URL, or `undefined` for a data or text part. */
  declare readonly url: string | undefined;
  /** A name (a file's base name, say), or `undefined`. */
  declare readonly name: string | undefined;

  /**
   * Reads a part from its JSON shape; the same as {@link ContentPart.fromJSON}.
   *
   * @example
   * ```ts
   * new ContentPart({ type: "text", text: "hello" });
   * ```
   */
  constructor(json: ContentPartJSON) {
    const p = partFromJSON(json, "");
    const self = this as { -readonly [K in keyof ContentPart]: ContentPart[K] };
    self.type = p.type;
    self.text = p.text;
    self.mimeType = p.mimeType;
    self.data = p.data;
    self.url = p.url;
    self.name = p.name;
    Object.freeze(new PartMark(this));
  }

  /** @internal The brand read by {@link ContentPart.isContentPart}, across copies of the package. */
  get [BRAND](): "ContentPart" {
    return "ContentPart";
  }

  /**
   * A text part.
   *
   * @example
   * ```ts
   * ContentPart.text("hello").toJSON(); // { type: "text", text: "hello" }
   * ```
   */
  static text(text: string): ContentPart {
    if (typeof text !== "string") throw partError("invalid-type", "text", `The text is ${typeName(text)}`, "Pass a non-empty string.");
    if (text === "") throw partError("empty", "text", "The text is empty", "Pass a non-empty string.");
    return makePart(ContentPart.prototype, "text", text, undefined, undefined, undefined, undefined);
  }

  /**
   * An image part from any source: a file path (Node only, read now), an http(s) URL (kept as a url), a
   * `data:` URL, bytes, a Blob or File, or a stream of byte chunks. The mime type must be `image/*`; for
   * the media table's types the bytes' signature is checked unless `verifyMime: false`.
   *
   * Rejects with a {@link ContentPartError}; {@link ContentPart.safeImage} never rejects.
   *
   * @example
   * ```ts
   * const png = await ContentPart.image("fixtures/media/fixture.png");
   * const remote = await ContentPart.image("https://example.com/chart.png");
   * ```
   */
  static image(source: PartSource, options?: PartOptions): Promise<ContentPart> {
    return fromSource("image", source, options);
  }

  /**
   * A file part (a PDF, say) from any source; see {@link ContentPart.image}. The mime type may be anything
   * but `image/*` and `audio/*`; a file read from a path or a `File` is named by its base name by default.
   *
   * @example
   * ```ts
   * const pdf = await ContentPart.file("fixtures/media/fixture.pdf"); // name "fixture.pdf"
   * ```
   */
  static file(source: PartSource, options?: PartOptions): Promise<ContentPart> {
    return fromSource("file", source, options);
  }

  /**
   * An audio part from any source; see {@link ContentPart.image}. The mime type must be `audio/*`.
   *
   * @example
   * ```ts
   * const clip = await ContentPart.audio("fixtures/media/fixture.wav");
   * ```
   */
  static audio(source: PartSource, options?: PartOptions): Promise<ContentPart> {
    return fromSource("audio", source, options);
  }

  /**
   * A part of whichever type the mime type names (`image/*` an image, `audio/*` audio, anything else a
   * file), from any source; see {@link ContentPart.image}.
   *
   * @example
   * ```ts
   * const part = await ContentPart.from(new Uint8Array(await blob.arrayBuffer()));
   * ```
   */
  static from(source: PartSource, options?: PartOptions): Promise<ContentPart> {
    return fromSource(undefined, source, options);
  }

  /**
   * {@link ContentPart.image} that never rejects: resolves to `{ success: true, data }` or
   * `{ success: false, error }`.
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeImage("shot.png");
   * if (!r.success) return ToolResult.error(`screenshot: ${r.error.message}`);
   * ```
   */
  static safeImage(source: PartSource, options?: PartOptions): Promise<SafeResult<ContentPart, ContentPartError>> {
    return safely(() => fromSource("image", source, options));
  }

  /** {@link ContentPart.file} that never rejects. @example `const r = await ContentPart.safeFile("report.pdf");` */
  static safeFile(source: PartSource, options?: PartOptions): Promise<SafeResult<ContentPart, ContentPartError>> {
    return safely(() => fromSource("file", source, options));
  }

  /** {@link ContentPart.audio} that never rejects. @example `const r = await ContentPart.safeAudio("clip.wav");` */
  static safeAudio(source: PartSource, options?: PartOptions): Promise<SafeResult<ContentPart, ContentPartError>> {
    return safely(() => fromSource("audio", source, options));
  }

  /** {@link ContentPart.from} that never rejects. @example `const r = await ContentPart.safeFrom(bytes);` */
  static safeFrom(source: PartSource, options?: PartOptions): Promise<SafeResult<ContentPart, ContentPartError>> {
    return safely(() => fromSource(undefined, source, options));
  }

  /**
   * A part from bytes in memory (`Uint8Array`, `Buffer`, `ArrayBuffer`, any `ArrayBufferView`; a view's
   * `byteOffset` is honoured). The type follows the mime type: from `options.mimeType`, else the extension
   * of `options.name`, else the bytes' signature.
   *
   * @example
   * ```ts
   * const part = ContentPart.fromBytes(pngBytes, { mimeType: "image/png" });
   * ```
   */
  static fromBytes(bytes: BytesSource, options?: PartOptions): ContentPart {
    const opts = checkOptions(options);
    const view = asBytes(bytes);
    if (view === undefined) {
      const hint = typeof bytes === "string" ? " For base64 use ContentPart.fromBase64, for a data: URL ContentPart.fromDataUrl." : "";
      throw partError("invalid-source", "", `fromBytes was given ${typeName(bytes)}`, `Pass a Uint8Array, Buffer, ArrayBuffer or another ArrayBufferView.${hint}`);
    }
    return build(undefined, bytesPayload(view), opts, { fileName: opts.name }, "");
  }

  /**
   * A part from base64 in any decodable spelling (padded or not, standard or URL-safe, wrapped); it is
   * stored canonical. The type follows the mime type as in {@link ContentPart.fromBytes}.
   *
   * @example
   * ```ts
   * const part = ContentPart.fromBase64("iVBORw0KGgo...", { mimeType: "image/png" });
   * ```
   */
  static fromBase64(b64: string, options?: PartOptions): ContentPart {
    const opts = checkOptions(options);
    if (typeof b64 !== "string") throw partError("invalid-source", "", `fromBase64 was given ${typeName(b64)}`, "Pass a base64 string.");
    const canonical = toCanonicalBase64(b64);
    if (canonical === undefined) {
      const fix = /^data:/i.test(b64) ? "It is a data: URL: use ContentPart.fromDataUrl (or image, file, audio, from)." : "Encode the bytes as base64 (standard or URL-safe, padded or not).";
      throw partError("invalid-base64", "", "The value is not valid base64", fix);
    }
    return build(undefined, base64Payload(canonical), opts, { fileName: opts.name }, "");
  }

  /**
   * A part from a `data:` URL, base64 or percent-encoded; the payload is stored as canonical base64.
   *
   * @example
   * ```ts
   * ContentPart.fromDataUrl("data:text/plain,hello%20world").mimeType; // "text/plain"
   * ```
   */
  static fromDataUrl(url: string, options?: PartOptions): ContentPart {
    const opts = checkOptions(options);
    if (typeof url !== "string") throw partError("invalid-source", "", `fromDataUrl was given ${typeName(url)}`, "Pass a string such as data:image/png;base64,....");
    return fromDataUrlString(undefined, url, opts, "");
  }

  /**
   * A part that points at an absolute http(s) URL (a `data:` URL becomes data). The mime type comes from
   * `options.mimeType`, else the extension of the URL's path, else it is an `unknown-extension` error.
   *
   * @example
   * ```ts
   * ContentPart.fromUrl("https://example.com/report.pdf").type; // "file"
   * ```
   */
  static fromUrl(url: string, options?: PartOptions): ContentPart {
    const opts = checkOptions(options);
    if (typeof url !== "string") throw partError("invalid-source", "", `fromUrl was given ${typeName(url)}`, "Pass an absolute http(s) URL.");
    return fromUrlString(undefined, url, opts, "");
  }

  /**
   * Reads a part from its JSON shape, checking the shape and the base64 (not the signature: the wire is
   * faithful). Throws a {@link ContentPartError}; {@link ContentPart.safeFromJSON} never throws.
   *
   * @example
   * ```ts
   * ContentPart.fromJSON({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" });
   * ```
   */
  static fromJSON(value: unknown): ContentPart {
    return partFromJSON(hasBrand(value, "ContentPart") && !PartMark.has(value) ? foreignFields(value) : value, "");
  }

  /**
   * {@link ContentPart.fromJSON} that never throws.
   *
   * @example
   * ```ts
   * const r = ContentPart.safeFromJSON(JSON.parse(text));
   * if (r.success) use(r.data); else console.log(r.error.code, r.error.path);
   * ```
   */
  static safeFromJSON(value: unknown): SafeResult<ContentPart, ContentPartError> {
    try {
      return { success: true, data: ContentPart.fromJSON(value) };
    } catch (e) {
      return { success: false, error: asPartError(e) };
    }
  }

  /**
   * True when `value` is a `ContentPart`, from this copy of the package or another (the ESM and the CJS
   * build side by side).
   *
   * @example
   * ```ts
   * ContentPart.isContentPart(ContentPart.text("x")); // true
   * ```
   */
  static isContentPart(value: unknown): value is ContentPart {
    return hasBrand(value, "ContentPart");
  }

  /**
   * `"image (image/png, 82 bytes)"` for any part, or a part's JSON shape (read as by `fromJSON`, so a bad
   * shape throws a {@link ContentPartError}); a text part gives its text.
   *
   * @example
   * ```ts
   * ContentPart.summary({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" }); // "image (image/png, url)"
   * ```
   */
  static summary(part: ContentPart | ContentPartJSON): string {
    return (PartMark.has(part) ? part : ContentPart.fromJSON(part)).summary();
  }

  /** Decoded bytes: from the base64 length without decoding; 0 for a url part; UTF-8 length for text. */
  get byteLength(): number {
    if (this.type === "text") return utf8Length(this.text!);
    return this.data === undefined ? 0 : decodedLength(this.data);
  }

  /** `max(85, floor(bytes / 750))`; a text part `ceil(length / 4)`. */
  get estimatedTokens(): number {
    if (this.type === "text") return Math.ceil(this.text!.length / 4);
    return Math.max(85, Math.floor(this.byteLength / 750));
  }

  /**
   * `"image (image/png, 82 bytes)"` (`"image (image/png, url)"` for a url part); a text part gives its text.
   *
   * @example
   * ```ts
   * (await ContentPart.image("fixtures/media/fixture.png")).summary(); // "image (image/png, 82 bytes)"
   * ```
   */
  summary(): string {
    if (this.type === "text") return this.text!;
    return `${this.type} (${this.mimeType}, ${this.data === undefined ? "url" : `${this.byteLength} bytes`})`;
  }

  /**
   * A log-safe description: `{ type, mimeType, bytes }`.
   *
   * @example
   * ```ts
   * part.describe(); // { type: "image", mimeType: "image/png", bytes: 82 }
   * ```
   */
  describe(): { type: PartType; mimeType: string | undefined; bytes: number } {
    return { type: this.type, mimeType: this.mimeType, bytes: this.byteLength };
  }

  /**
   * The decoded bytes, in a fresh `Uint8Array` (a text part gives its UTF-8). A url part has no bytes: an
   * `unsupported` error.
   *
   * @example
   * ```ts
   * const bytes = part.bytes();
   * ```
   */
  bytes(): Uint8Array {
    if (this.type === "text") return new TextEncoder().encode(this.text);
    if (this.data === undefined) {
      throw partError("unsupported", "", "A url part has no bytes in memory", "Fetch the url yourself, or build the part from the bytes.");
    }
    return decodeBase64(this.data);
  }

  /**
   * The part as a `data:` URL (`data:image/png;base64,...`). A url part is `unsupported`.
   *
   * @example
   * ```ts
   * img.src = part.toDataUrl();
   * ```
   */
  toDataUrl(): string {
    if (this.type === "text") return `data:text/plain;charset=utf-8;base64,${encodeBase64(this.bytes())}`;
    if (this.data === undefined) {
      throw partError("unsupported", "", "A url part has no bytes to put in a data: URL", "Use part.url, or build the part from the bytes.");
    }
    return `data:${this.mimeType};base64,${this.data}`;
  }

  /**
   * True when `other` is a part of the same class with the same six fields.
   *
   * @example
   * ```ts
   * ContentPart.text("a").equals(ContentPart.text("a")); // true
   * ```
   */
  equals(other: unknown): boolean {
    if (other === this) return true;
    if (!PartMark.has(other) || Object.getPrototypeOf(other) !== Object.getPrototypeOf(this)) return false;
    const o = other;
    return (
      o.type === this.type && o.text === this.text && o.mimeType === this.mimeType && o.data === this.data && o.url === this.url && o.name === this.name
    );
  }

  /**
   * A copy with another name (`undefined` removes it). A text part has no name.
   *
   * @example
   * ```ts
   * part.withName("chart.png");
   * ```
   */
  withName(name: string | undefined): ContentPart {
    if (this.type === "text") throw partError("invalid-value", "name", "A text part has no name", "Name only image, file and audio parts.");
    if (name !== undefined) checkName(name, "name");
    return makePart(Object.getPrototypeOf(this), this.type, undefined, this.mimeType, this.data, this.url, name);
  }

  /**
   * A copy with another mime type of the same family; for data in the media table the signature is checked
   * unless `verifyMime: false`.
   *
   * @example
   * ```ts
   * part.withMimeType("image/jpeg");
   * ```
   */
  withMimeType(mimeType: string, options?: { verifyMime?: boolean }): ContentPart {
    if (this.type === "text") throw partError("invalid-value", "mimeType", "A text part has no mime type", "Use an image, file or audio part.");
    let verifyMime: boolean | undefined;
    try {
      verifyMime = options?.verifyMime;
    } catch (e) {
      throw partError("invalid-value", "", `Reading the options threw (${thrownMessage(e)})`, "Pass a plain object such as { verifyMime: false }.", e);
    }
    const opts = checkOptions({ mimeType, verifyMime });
    if (opts.mimeType === undefined) throw partError("missing", "mimeType", "No mime type was given", "Pass a mime type such as \"image/png\".");
    const mime = opts.mimeType;
    if (familyOf(mime) !== this.type) throw familyMismatch(this.type, mime, "mimeType");
    if (this.data !== undefined && opts.verifyMime && hasSignature(mime)) {
      const sniffed = sniff(decodePrefix(this.data, SNIFF_BYTES));
      if (sniffed !== mime) {
        throw partError("mime-mismatch", "mimeType", `The mime type says ${describeMedia(mime)} but the bytes are ${describeMedia(sniffed)}`, "Pass the bytes' own type, or verifyMime: false.");
      }
    }
    return makePart(Object.getPrototypeOf(this), this.type, undefined, mime, this.data, this.url, this.name);
  }

  /**
   * The JSON shape: `{ type, text }` or `{ type, mimeType, data | url, name? }`, absent keys omitted.
   *
   * @example
   * ```ts
   * JSON.stringify(part); // uses toJSON
   * ```
   */
  toJSON(): ContentPartJSON {
    if (this.type === "text") return { type: "text", text: this.text! };
    const out: { type: "image" | "file" | "audio"; mimeType: string; data?: string; url?: string; name?: string } = {
      type: this.type,
      mimeType: this.mimeType!,
    };
    if (this.data !== undefined) out.data = this.data;
    if (this.url !== undefined) out.url = this.url;
    if (this.name !== undefined) out.name = this.name;
    return out;
  }

  /** The summary: never the data. @example `String(part); // "image (image/png, 82 bytes)"` */
  toString(): string {
    return this.summary();
  }

  /** @internal Node's `util.inspect` shows the summary, never the data. */
  [INSPECT](): string {
    const name = this.name === undefined ? "" : `, name: ${JSON.stringify(this.name)}`;
    return `ContentPart(${this.type === "text" ? JSON.stringify(truncateForDisplay(this.text!)) : this.summary()}${name})`;
  }
}

/**
 * `image part (image/png, 82 bytes)`: how a part is named where it is left out (an omitted-part line, a
 * provider's placeholder). Never the data.
 */
export function partLabel(p: ContentPart): string {
  if (p.type === "text") return `text part (${p.text!.length} characters)`;
  return `${p.type} part (${p.mimeType}, ${p.data === undefined ? "url" : `${p.byteLength} bytes`})`;
}

function truncateForDisplay(s: string): string {
  return s.length <= 60 ? s : `${s.slice(0, 57)}...`;
}

/** The fields of a part from another loaded copy of the package, read as its JSON shape. */
export function foreignFields(value: unknown): unknown {
  try {
    const v = value as Record<string, unknown>;
    return { type: v.type, text: v.text, mimeType: v.mimeType, data: v.data, url: v.url, name: v.name };
  } catch {
    return value;
  }
}

/** Reads one entry of a `parts` list: a local part is kept, anything else is read as JSON. */
export function toPart(value: unknown, path: string): ContentPart {
  if (PartMark.has(value)) return value;
  return partFromJSON(hasBrand(value, "ContentPart") ? foreignFields(value) : value, path);
}
