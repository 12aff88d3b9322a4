// How a part's fields are made from what a caller passes: the options, the checks of each field, the one
// build pipeline of every source (size cap, mime type from the options, the source, the file name or the
// bytes, the signature check), `data:` URLs, the JSON shape, and the reading of the asynchronous sources.
// Everything here returns checked fields; content-part.ts makes the part of them. Every error is a
// ContentPartError that says what was wrong, where, and how to fix it, and never holds part data.
import { decodedLength, decodePrefix, encodeBase64, toCanonicalBase64 } from "./base64";
import { isArrayAt, readOwn, wrongType } from "./boundary";
import { readOptionsOf } from "./options";
import { asPartError, ContentPartError, partError, thrownMessage, type SafeResult, type ToolnexusErrorCode } from "./errors";
import { typeName } from "./json-data";
import { baseName, describeMedia, extensionOf, familyOf, hasSignature, mimeForExtension, normalizeMime, sniff, SNIFF_BYTES, trimAscii, type MediaType } from "./media";
import { joinPath } from "./path";
import { asyncIteratorOf, isBlob, isReadableStream, lookUp, readBytes, urlHref } from "./platform";
import { readSource, type SourceReaders } from "./read-source";
import { httpUrlProblem, isWindowsPath } from "./url";
import { quoted } from "./quote";

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

/**
 * Everything `ContentPart.image`, `.file`, `.audio` and `.from` read: a path or URL string, a `URL` object
 * (read as its `href`), bytes, a Blob or File, a web ReadableStream, or an async iterable of byte chunks.
 */
export type PartSource = string | URL | BytesSource | Blob | ReadableStream<BytesSource> | AsyncIterable<BytesSource>;

/** The six fields of a part, in their fixed order. */
export const FIELDS = ["type", "text", "mimeType", "data", "url", "name"] as const;

/** A part's fields while it is made; absent ones are `undefined`. */
export interface PartFields {
  type?: PartType;
  text?: string;
  mimeType?: string;
  data?: string;
  url?: string;
  name?: string;
}

const TYPES: readonly string[] = ["text", "image", "file", "audio"];
const OPTION_KEYS = ["mimeType", "name", "maxBytes", "verifyMime"] as const;
/** What `withMimeType`'s options take. */
const MIME_OPTION_KEYS = ["verifyMime"] as const;
const hasOwn = Object.hasOwn;

// Fixes that several messages share.
const SET_TYPE = 'Use "text", "image", "file" or "audio".';
const GIVE_MIME = 'Give a type/subtype such as "image/png".';
const PASS_TEXT = "Give a non-empty string.";
const PASS_NAME = "Pass a non-empty string, or leave it out.";
const PASS_SOURCE = "Pass a path, a URL, bytes, a Blob or a stream.";
const PASS_SOURCE_OBJECT =
  "Pass a path, a URL, bytes, a Blob or File, a web ReadableStream, or an async iterable of byte chunks (a Node Readable, an async generator); an object that only looks like one of these (a getReader method of its own, say) is not read.";
/** How `fromUrl` asks for its source. */
const PASS_HTTP = "Pass an absolute http(s) URL.";
/** How `fromDataUrl` asks for its source. */
const PASS_DATA_URL = "Pass a URL such as data:image/png;base64,....";

// ---------------------------------------------------------------------------------------------------------
// Errors

/** Runs a read or check of the boundary (`wrongType`, `readOptionsOf`, `readOwn`...): what it throws, as a ContentPartError. */
export function partCheck<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    throw asPartError(e);
  }
}

/** Boundary's `wrongType` error ("`what` must be `expected`, got a number"), as a ContentPartError. */
function partWrongType(path: string, what: string, expected: string, value: unknown, fix: string): never {
  return partCheck(() => wrongType(path, what, expected, value, fix));
}

/** Base64 that does not decode; `dataUrlFix` is the advice for a data: URL given where base64 goes. */
function notBase64(path: string, what: string, value: string, dataUrlFix = ""): ContentPartError {
  const fix = dataUrlFix && /^data:/i.test(value) ? `It is a data: URL: ${dataUrlFix}.` : "Use standard or URL-safe base64.";
  return partError("invalid-base64", path, `${what} is not valid base64`, fix);
}

function malformedEscape(path: string): ContentPartError {
  return partError("invalid-source", path, "The data: URL has a malformed percent escape", "Encode it with encodeURIComponent.");
}

function signatureMismatch(path: string, mime: string, found: string | undefined): ContentPartError {
  return partError(
    "mime-mismatch",
    path,
    found
      ? `The mime type says ${describeMedia(mime)} but the bytes are ${describeMedia(found)}`
      : `The mime type says ${describeMedia(mime)} but the bytes do not begin with its signature`,
    found ? `Pass mimeType: "${found}", or verifyMime: false.` : `Check that the bytes are what the mime type says, or pass verifyMime: false.`,
  );
}

/** `A` or `An` before a part type. */
function article(kind: MediaType): string {
  return kind === "file" ? "A" : "An";
}

/** A field that a text part does not have. */
export function notOnText(path: string, field: string): ContentPartError {
  return partError("invalid-value", path, `A text part has no ${field}`, `Remove ${field}, or use an image, file or audio part.`);
}

/** A source of the wrong type: `wrongType`'s words, with the part's code `invalid-source`. */
function wrongSource(expected: string, value: unknown, fix: string): ContentPartError {
  return partError("invalid-source", "", `The source must be ${expected}, got ${typeName(value)}`, fix);
}

function unknownExtension(path: string, ext: string): ContentPartError {
  return partError("unknown-extension", path, ext ? `The extension .${ext} is not in the media table` : "The URL's path has no extension", "Pass options.mimeType.");
}

// ---------------------------------------------------------------------------------------------------------
// Checks shared by the factories, the options and the JSON reader

/** `value` as a string, or `undefined` when absent; `invalid-type` when it is not a string. */
function stringOf(value: unknown, path: string, what: string, fix: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") partWrongType(path, what, "a string", value, fix);
  return value;
}

/** `value` as a string: a `missing` error when absent, `invalid-type` when it is not a string. */
function requiredString(value: unknown, path: string, what: string, fix: string): string {
  const s = stringOf(value, path, what, fix);
  if (s === undefined) throw partError("missing", path, `${what} is missing`, fix);
  return s;
}

/** A caller's mime type, lowercased and without parameters; `unknown-mime` when it is not type/subtype. */
function mimeOf(s: string, path: string, what: string): string {
  const mime = normalizeMime(s);
  if (mime === undefined) throw partError("unknown-mime", path, `${what} ${quoted(s)} is not a mime type`, GIVE_MIME);
  return mime;
}

/** An optional mime type: `undefined` when absent, else a string checked by {@link mimeOf}. */
function checkMime(value: unknown, path: string, what: string): string | undefined {
  const s = stringOf(value, path, what, GIVE_MIME);
  return s === undefined ? undefined : mimeOf(s, path, what);
}

/** A string that must not be empty: `invalid-type` when not a string, `emptyCode` when empty. */
function filledString(value: unknown, path: string, what: string, fix: string, emptyCode: ToolnexusErrorCode): string {
  if (typeof value !== "string") partWrongType(path, what, "a string", value, fix);
  if (value === "") throw partError(emptyCode, path, `${what} is empty`, fix);
  return value;
}

/**
 * The characters a part's name may not hold: the C0 and C1 control characters, DEL, and the line and paragraph
 * separators U+2028 and U+2029 (which end a line as a line feed does). A name is a label shown in lines of
 * text (a provider's placeholder, a log line): one of these would start a line of its own there.
 */
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A part's name: a non-empty string without a control character (an `invalid-name` error), given in
 * options, derived from a path or a File's name, or read by `fromJSON`.
 */
export function checkName(name: unknown, path: string): string {
  const s = filledString(name, path, "The name", PASS_NAME, "invalid-value");
  if (NAME_CONTROL.test(s)) {
    throw partError("invalid-name", path, `The name ${quoted(s)} holds a control character (a line break, a tab, an escape code)`, "Remove the control characters from the name, or leave the name out.");
  }
  return s;
}

/** A text part's text: a non-empty string. */
export function checkText(text: unknown, path: string): string {
  return filledString(text, path, "The text", PASS_TEXT, "empty");
}

/** A source that must be a string (fromBase64, fromDataUrl, fromUrl). */
function stringSource(value: unknown, fix: string): string {
  if (typeof value !== "string") throw wrongSource("a string", value, fix);
  return value;
}

/** The part type for a mime type: `kind` when the factory fixes one, which the mime type must then belong to. */
function partType(kind: MediaType | undefined, mime: string, path: string, json = false): MediaType {
  const family = familyOf(mime);
  if (kind !== undefined && kind !== family) {
    const fix = json ? `Set type to "${family}" for it.` : `Use ContentPart.${kind === "file" ? family : "from"}() for it.`;
    throw partError("mime-mismatch", path, `${mime} is not ${article(kind).toLowerCase()} ${kind} type`, fix);
  }
  return family;
}

/** Checked options; every key is present (a missing key would be looked up on Object.prototype). */
interface Checked {
  mimeType: string | undefined;
  name: string | undefined;
  maxBytes: number | undefined;
  verifyMime: boolean;
}

/**
 * The options of the factory `fn` (`fromBytes`), read by the one options reader (options.ts: an own key it does
 * not know is refused, with the closest known one named) and checked.
 */
export function checkOptions(options: unknown, fn: string): Checked {
  return checkedOptions(partCheck(() => readOptionsOf({ fn: `ContentPart.${fn}`, keys: OPTION_KEYS }, options)));
}

/** The options' values, checked (`withMimeType` checks its two the same way). */
function checkedOptions({ mimeType, name, maxBytes, verifyMime }: Record<(typeof OPTION_KEYS)[number], unknown>): Checked {
  const checked: Checked = { mimeType: checkMime(mimeType, "mimeType", "options.mimeType"), name: name === undefined ? undefined : checkName(name, "name"), maxBytes: undefined, verifyMime: true };
  if (maxBytes !== undefined) {
    if (typeof maxBytes !== "number" || !(maxBytes >= 0) || (!Number.isInteger(maxBytes) && maxBytes !== Infinity)) {
      throw partError("invalid-value", "maxBytes", "options.maxBytes must be a whole number of bytes, 0 or more", "Pass one such as 1048576.");
    }
    if (maxBytes !== Infinity) checked.maxBytes = maxBytes;
  }
  if (verifyMime !== undefined) {
    if (typeof verifyMime !== "boolean") partWrongType("verifyMime", "options.verifyMime", "a boolean", verifyMime, "Pass true or false.");
    checked.verifyMime = verifyMime;
  }
  return checked;
}

/**
 * The mime type `withMimeType` gives a part of type `type` with `data` (absent for a url part): checked, of
 * the part's family, and for data in the media table matching its signature unless `verifyMime: false`.
 */
export function changedMime(type: PartType, data: string | undefined, mimeType: unknown, options: unknown): string {
  if (type === "text") throw notOnText("mimeType", "mimeType");
  const { verifyMime } = partCheck(() => readOptionsOf({ fn: "part.withMimeType", keys: MIME_OPTION_KEYS }, options));
  const opts = checkedOptions({ mimeType, name: undefined, maxBytes: undefined, verifyMime });
  const mime = opts.mimeType;
  if (mime === undefined) throw partError("missing", "mimeType", "No mime type was given", GIVE_MIME);
  partType(type, mime, "mimeType");
  if (data !== undefined && opts.verifyMime && hasSignature(mime)) {
    const found = sniff(decodePrefix(data, SNIFF_BYTES));
    if (found !== mime) throw signatureMismatch("mimeType", mime, found);
  }
  return mime;
}

/** A url a part may keep, else the `invalid-source` error of the one url rule (url.ts) at `path`. */
function checkHttpUrl(url: string, path: string): void {
  const problem = httpUrlProblem(url);
  if (problem !== undefined) throw partError("invalid-source", path, problem[0], problem[1]);
}

// ---------------------------------------------------------------------------------------------------------
// The build pipeline of every source

interface Payload {
  /** Decoded size in bytes. */
  readonly size: number;
  /** The first bytes, for the signature check. */
  readonly head: Uint8Array;
  /** Canonical base64. */
  base64(): string;
}

function bytesPayload(bytes: Uint8Array): Payload {
  return { size: bytes.byteLength, head: bytes.subarray(0, SNIFF_BYTES), base64: () => encodeBase64(bytes) };
}

function base64Payload(b64: string): Payload {
  return { size: decodedLength(b64), head: decodePrefix(b64, SNIFF_BYTES), base64: () => b64 };
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

/** The fields of a data part: the cap, the mime type (options, source, file name, bytes), the signature check. */
function buildFields(kind: MediaType | undefined, payload: Payload, opts: Checked, hints: Hints, path: string): PartFields {
  const { size } = payload;
  if (opts.maxBytes !== undefined && size > opts.maxBytes) {
    throw partError("too-large", path, `The source holds ${size} bytes, over maxBytes = ${opts.maxBytes}`, "Pass a smaller source or raise maxBytes.");
  }
  if (size === 0) throw partError("empty", path, "The source holds zero bytes", "Pass a non-empty source.");
  let mime = opts.mimeType;
  // Own keys only: a hint left out must not be found on Object.prototype.
  const hint = (k: keyof Hints): string | undefined => (hasOwn(hints, k) ? hints[k] : undefined);
  const sourceMime = hint("sourceMime");
  const fileName = hint("fileName");
  const declaredMime = hint("declaredMime");
  if (sourceMime !== undefined) {
    if (mime !== undefined && mime !== sourceMime) {
      throw partError("source-conflict", path, `The mime type says ${mime} but the data: URL says ${sourceMime}`, "Make them agree.");
    }
    mime = sourceMime;
  }
  if (mime === undefined && declaredMime) mime = normalizeMime(declaredMime);
  const ext = fileName ? extensionOf(fileName) : "";
  if (mime === undefined && ext !== "") {
    mime = mimeForExtension(ext);
    if (mime === undefined) throw unknownExtension(path, ext);
  }
  const found = sniff(payload.head);
  mime ??= found ?? hint("fallbackMime");
  if (mime === undefined) throw partError("unknown-mime", path, "The media type cannot be told from the bytes or a file name", 'Pass options.mimeType, such as { mimeType: "image/png" }.');
  const type = partType(kind, mime, joinPath(path, "mimeType"));
  if (opts.verifyMime && hasSignature(mime) && found !== mime) throw signatureMismatch(path, mime, found);
  // A file part is named by its file's base name unless the options name it: checked as a given name is.
  const name = opts.name ?? (type === "file" && fileName ? checkName(fileName, joinPath(path, "name")) : undefined);
  return { type, mimeType: mime, data: payload.base64(), name };
}

/** What {@link readBytes} finds unreadable, each state with its problem and fix. */
const UNREADABLE = {
  detached: [
    "The bytes are a view of a detached ArrayBuffer (its memory was transferred, so it holds nothing to read)",
    "Pass the bytes before transferring their buffer, or a copy of them (bytes.slice()).",
  ],
  "out-of-range": [
    "The bytes are a view past the end of its buffer (a resizable ArrayBuffer that shrank no longer covers the view's range)",
    "Pass a view of the bytes the buffer holds now, or a copy made before it shrank (bytes.slice()).",
  ],
} as const;

/**
 * {@link readBytes}, with a detached view or buffer, and a view its buffer no longer covers (a resizable
 * ArrayBuffer that shrank), refused as an `invalid-source` error: never the bytes at the start of the buffer.
 */
function bytesOf(value: unknown): Uint8Array | undefined {
  const read = readBytes(value);
  if (read === "detached" || read === "out-of-range") {
    const [problem, fix] = UNREADABLE[read];
    throw partError("invalid-source", "", problem, fix);
  }
  return read;
}

/** The fields of `ContentPart.fromBytes`. */
export function bytesFields(bytes: unknown, opts: Checked): PartFields {
  const view = bytesOf(bytes);
  if (view === undefined) {
    const hint = typeof bytes === "string" ? "; for base64, ContentPart.fromBase64" : "";
    throw wrongSource("bytes", bytes, `Pass a Uint8Array, Buffer or ArrayBuffer${hint}.`);
  }
  return buildFields(undefined, bytesPayload(view), opts, { fileName: opts.name }, "");
}

/** The fields of `ContentPart.fromBase64`. */
export function base64Fields(b64: unknown, opts: Checked): PartFields {
  const given = stringSource(b64, "Pass a base64 string.");
  const canonical = toCanonicalBase64(given);
  if (canonical === undefined) throw notBase64("", "The string given to ContentPart.fromBase64", given, "use ContentPart.fromDataUrl");
  return buildFields(undefined, base64Payload(canonical), opts, { fileName: opts.name }, "");
}

/** The fields of `ContentPart.fromUrl`. */
export function urlSourceFields(url: unknown, opts: Checked): PartFields {
  return urlFields(undefined, stringSource(url, PASS_HTTP), opts, "");
}

/** The fields of `ContentPart.fromDataUrl`. */
export function dataUrlSourceFields(url: unknown, opts: Checked): PartFields {
  return dataUrlFields(undefined, stringSource(url, PASS_DATA_URL), opts, "");
}

/** An http(s) URL kept as the part's url, or a data: URL read into data. */
function urlFields(kind: MediaType | undefined, url: string, opts: Checked, path: string): PartFields {
  if (/^data:/i.test(url)) return dataUrlFields(kind, url, opts, path);
  checkHttpUrl(url, path);
  let mime = opts.mimeType;
  if (mime === undefined) {
    const ext = extensionOf(new URL(url).pathname);
    mime = mimeForExtension(ext);
    if (mime === undefined) throw unknownExtension(path, ext);
  }
  return { type: partType(kind, mime, joinPath(path, "mimeType")), mimeType: mime, url, name: opts.name };
}

/** Percent-decodes the payload of a non-base64 data: URL into its octets (other characters as UTF-8). */
function percentDecode(payload: string, path: string): Uint8Array {
  if (/%(?![0-9A-Fa-f]{2})/.test(payload)) throw malformedEscape(path);
  const bytes = new TextEncoder().encode(payload);
  let n = 0;
  // Escapes are ASCII, so each is still three bytes here; the octets are written over the input, never ahead of it.
  for (let i = 0; i < bytes.length; i++) {
    let b = bytes[i];
    if (b === 37 /* % */) {
      b = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      i += 2;
    }
    bytes[n++] = b;
  }
  return bytes.subarray(0, n);
}

/** The fields of a `data:` URL, base64 or percent-encoded; its payload stored as canonical base64. */
function dataUrlFields(kind: MediaType | undefined, url: string, opts: Checked, path: string): PartFields {
  const comma = url.indexOf(",");
  if (!/^data:/i.test(url) || comma === -1) {
    throw partError("invalid-source", path, "The value is not a data: URL", PASS_DATA_URL);
  }
  const header = url.slice(5, comma);
  const isBase64 = /;\s*base64\s*$/i.test(header);
  const declared = trimAscii(header.split(";", 1)[0]);
  const sourceMime = declared === "" ? undefined : mimeOf(declared, path, "The data: URL's type");
  let body = url.slice(comma + 1);
  let payload: Payload;
  if (isBase64) {
    if (body.indexOf("%") !== -1) {
      try {
        body = decodeURIComponent(body);
      } catch {
        throw malformedEscape(path);
      }
    }
    const b64 = toCanonicalBase64(body);
    if (b64 === undefined) throw notBase64(path, "The data: URL's payload", body);
    payload = base64Payload(b64);
  } else {
    payload = bytesPayload(percentDecode(body, path));
  }
  // A data: URL without a type takes options.mimeType, else the bytes' signature, else RFC 2397's text/plain.
  return buildFields(kind, payload, opts, sourceMime === undefined ? { fallbackMime: "text/plain" } : { sourceMime }, path);
}

// ---------------------------------------------------------------------------------------------------------
// The asynchronous sources

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** What read-source.ts needs of the library, handed in (it imports nothing). */
const READERS: SourceReaders = { isBlob, isReadableStream, asyncIteratorOf, lookUp, chunk: readBytes, message: thrownMessage, quote: quoted };

/**
 * The fields of a part read from any source of the async factories (`kind` fixed by `image`, `file` and
 * `audio`); `fn` names the factory in an options error.
 */
async function sourceFields(kind: MediaType | undefined, source: unknown, options: unknown, fn: string): Promise<PartFields> {
  const opts = checkOptions(options, fn);
  if (source === undefined || source === null || source === "") {
    throw partError("source-missing", "", `The source is ${source === "" ? "an empty string" : typeName(source)}`, PASS_SOURCE);
  }
  if (typeof source === "string") {
    // A string with a URL scheme is a URL (an http(s) URL kept, a data: URL read, any other refused); else a path.
    if (SCHEME.test(source) && !isWindowsPath(source)) return urlFields(kind, source, opts, "");
  } else {
    const bytes = bytesOf(source);
    if (bytes !== undefined) return buildFields(kind, bytesPayload(bytes), opts, {}, "");
    // A URL object is read as its href: an http(s) URL kept, a data: URL read, any other refused (never a path).
    const href = urlHref(source);
    if (href !== undefined) return urlFields(kind, href, opts, "");
  }
  // A file path, a Blob, a stream: read by read-source.ts, which reports failures as data.
  const read = await readSource(source, opts.maxBytes, READERS);
  if (read === undefined) {
    const objectLike = typeof source === "object" || typeof source === "function"; // null was refused above
    throw partError("invalid-source", "", `The source is ${typeName(source)}`, objectLike ? PASS_SOURCE_OBJECT : PASS_SOURCE);
  }
  // The readers' own objects, read by their own keys (a key absent from one is not looked up on Object.prototype).
  if (hasOwn(read, "code")) {
    const failure = read as { code: ToolnexusErrorCode; message: string; cause?: unknown };
    throw new ContentPartError(failure.code, failure.message, hasOwn(read, "cause") ? { cause: failure.cause } : undefined);
  }
  const got = read as { bytes: Uint8Array; name?: string; type?: string };
  const hints: Hints = {};
  if (hasOwn(got, "name") && got.name !== undefined) hints.fileName = baseName(got.name);
  if (hasOwn(got, "type")) hints.declaredMime = got.type;
  return buildFields(kind, bytesPayload(got.bytes), opts, hints, "");
}

/**
 * An async factory's plumbing: `begin()` resolves the receiver (inside the promise, so that an invalid one
 * rejects and never throws) and gives what makes the part of the fields read from `source`. Whatever goes
 * wrong rejects with a ContentPartError, never a bare error from inside.
 */
export async function partFromSource<P>(kind: MediaType | undefined, source: unknown, options: unknown, fn: string, begin: () => (fields: PartFields) => P): Promise<P> {
  try {
    const make = begin();
    return make(await sourceFields(kind, source, options, fn));
  } catch (e) {
    throw asPartError(e);
  }
}

/** A factory's promise as a `SafeResult` (it rejects only with a ContentPartError). */
export function settled<P>(promise: Promise<P>): Promise<SafeResult<P, ContentPartError>> {
  return promise.then(
    (data) => ({ success: true as const, data }),
    (error: unknown) => ({ success: false as const, error: asPartError(error) }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The JSON shape

/**
 * The common mistakes where a part is wanted: a source given as it is (bytes, a Blob, a File, a path or
 * URL string) or a part not yet awaited. Each is recognised by what it is, never by its shape, and named
 * with the call that makes a part of it: `[what it is, the fix]`, or `undefined` for anything else.
 */
function notAPart(value: unknown): [string, string] | undefined {
  if (typeof value === "string") {
    const fix = /^\s*\{/.test(value)
      ? "If it is a part's JSON text, parse it first: JSON.parse(text)."
      : /^(https?:|data:)/i.test(value)
      ? `For a URL, use ContentPart.fromUrl(url) or ContentPart.fromDataUrl(url); for text, ContentPart.text(text).`
      : `For a file path, use await ContentPart.from(path); for text, ContentPart.text(text).`;
    return ["A string", fix];
  }
  if (typeof value !== "object" || value === null) return undefined;
  type Class = abstract new (...args: never) => unknown;
  const g = globalThis as { Buffer?: { isBuffer(v: unknown): boolean }; Blob?: Class; File?: Class };
  try {
    if (g.Buffer !== undefined && g.Buffer.isBuffer(value)) return ["A Buffer", "Use ContentPart.fromBytes(buffer, { mimeType })."];
    if (ArrayBuffer.isView(value)) return [`A ${viewName(value)}`, "Use ContentPart.fromBytes(bytes, { mimeType })."];
    if (value instanceof ArrayBuffer) return ["An ArrayBuffer", "Use ContentPart.fromBytes(buffer, { mimeType })."];
    if (typeof g.File === "function" && value instanceof g.File) return ["A File", "Use await ContentPart.from(file)."];
    if (typeof g.Blob === "function" && value instanceof g.Blob) return ["A Blob", "Use await ContentPart.from(blob, { mimeType })."];
    if (value instanceof Promise) return ["A Promise", "Await it first: ContentPart.image, file, audio and from return a Promise."];
  } catch {
    // A Proxy whose traps throw is none of these; the field reads below report it.
  }
  return undefined;
}

/** `Uint8Array`, `DataView`, `Float32Array`...: the class of a view, by the platform's own tag. */
function viewName(view: ArrayBufferView): string {
  const tag = Object.prototype.toString.call(view).slice(8, -1);
  return /^[A-Za-z0-9]+$/.test(tag) ? tag : "typed array";
}

/**
 * The fields of a part's JSON shape (or of a part from another loaded copy of the package, or a look-alike),
 * checked; errors carry `path`. The six fields are read as own properties, each once, through the boundary.
 * The base64 is checked, not the signature: the wire is faithful.
 */
export function jsonFields(value: unknown, path: string): PartFields {
  const mistake = notAPart(value);
  if (mistake !== undefined) throw partError("invalid-type", path, `${mistake[0]} is not a part`, mistake[1]);
  if (typeof value !== "object" || value === null || partCheck(() => isArrayAt(value, path, "the part"))) {
    return partWrongType(path, "A content part", "an object", value, "Pass a ContentPart or its JSON shape.");
  }
  const fields = partCheck(() => readOwn(value, FIELDS, path));
  const at = (k: (typeof FIELDS)[number]) => joinPath(path, k);
  const type = requiredString(fields.type, at("type"), "The type", SET_TYPE);
  if (!TYPES.includes(type)) throw partError("invalid-value", at("type"), `The type ${quoted(type)} is not a part type`, SET_TYPE);
  if (type === "text") {
    const text = checkText(requiredString(fields.text, at("text"), "The text", PASS_TEXT), at("text"));
    for (const k of FIELDS.slice(2)) {
      if (fields[k] !== undefined) throw notOnText(at(k), k);
    }
    return { type, text };
  }
  const kind = type as MediaType;
  if (fields.text !== undefined) throw partError("invalid-value", at("text"), `${article(kind)} ${kind} part has no text`, "Remove text, or use a text part.");
  const mimeType = mimeOf(requiredString(fields.mimeType, at("mimeType"), "The mimeType", GIVE_MIME), at("mimeType"), "The mimeType");
  partType(kind, mimeType, at("mimeType"), true);
  const name = fields.name === undefined ? undefined : checkName(fields.name, at("name"));
  const { data, url } = fields;
  if (data !== undefined && url !== undefined) throw partError("source-conflict", path, "The part has both data and url", "Keep one.");
  if (data === undefined && url === undefined) throw partError("source-missing", path, "The part has neither data nor url", "Set data or url.");
  if (data !== undefined) {
    const raw = requiredString(data, at("data"), "The data", "Set data to a base64 string.");
    const b64 = toCanonicalBase64(raw);
    if (b64 === undefined) throw notBase64(at("data"), "The data", raw, "put it in url instead");
    if (b64 === "") throw partError("empty", at("data"), "The data holds zero bytes", "A part needs content.");
    return { type: kind, mimeType, data: b64, name };
  }
  // A data: URL is stored as data; its bytes are not signature-checked (the wire is faithful).
  const href = requiredString(url, at("url"), "The url", PASS_HTTP);
  return urlFields(kind, href, { mimeType, name, maxBytes: undefined, verifyMime: false }, at("url"));
}
