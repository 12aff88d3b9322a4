/**
 * `ContentPart`: an image, a document, a clip or a piece of text that a tool hands to the model beside its
 * output.
 *
 * @module
 */
import { decodeBase64, decodedLength, decodePrefix, encodeBase64, toCanonicalBase64 } from "./base64";
import { checksAsBranded, isArrayAt, ownField, readOwn } from "./boundary";
import { isGenuinePart, markPart } from "./marks";
import { checkSubclass, classFor, prototypeFor } from "./receiver";
import { BRAND, INSPECT, isInstance } from "./brand";
import { asPartError, ContentPartError, partError, safely, ToolnexusError, thrownMessage, type SafeResult, type ToolnexusErrorCode } from "./errors";
import { typeName } from "./json-data";
import { describeMedia, extensionOf, familyOf, hasSignature, mimeForExtension, normalizeMime, sniff, SNIFF_BYTES, type MediaType } from "./media";
import { joinPath, located } from "./path";
import { readSource as readAsync } from "./read-source";

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
export type PartSource =
  | string
  | URL
  | BytesSource
  | Blob
  | ReadableStream<BytesSource>
  | AsyncIterable<BytesSource>;

/** The six fields of a part, in their fixed order. */
const FIELDS = ["type", "text", "mimeType", "data", "url", "name"] as const;
type Field = (typeof FIELDS)[number];
/** A part's fields while it is made; absent ones are `undefined`. */
type Fields = { -readonly [K in Field]?: ContentPart[K] };
const TYPES: readonly string[] = ["text", "image", "file", "audio"];
const OPTION_KEYS = ["mimeType", "name", "maxBytes", "verifyMime"] as const;
const getProto = Object.getPrototypeOf;
const hasOwn = Object.hasOwn;

/**
 * Anything whose instances are parts of type P: `ContentPart` itself, or a subclass. The statics are typed on
 * it, so that a static called on a subclass returns that subclass.
 *
 * @example
 * ```ts
 * class Chart extends ContentPart {}
 * const c: Chart = Chart.fromUrl("https://example.com/q3.png");
 * ```
 */
export type PartClass<P extends ContentPart> = { readonly prototype: P };

// Fixes that several messages share.
const SET_TYPE = 'Use "text", "image", "file" or "audio".';
const GIVE_MIME = 'Give a type/subtype such as "image/png".';
const PASS_MIME = "Pass options.mimeType.";
const PASS_TEXT = "Give a non-empty string.";
const PASS_NAME = "Pass a non-empty string, or leave it out.";
const PASS_SOURCE = "Pass a path, a URL, bytes, a Blob or a stream.";
const PASS_SOURCE_OBJECT =
  "Pass a path, a URL, bytes, a Blob or File, a web ReadableStream, or an async iterable of byte chunks (a Node Readable, an async generator); an object that only looks like one of these (a getReader method of its own, say) is not read.";
const PASS_HTTP = "Pass an absolute http(s) URL.";
const PASS_DATA_URL = "Pass a URL such as data:image/png;base64,....";

// ---------------------------------------------------------------------------------------------------------
// Errors: every message says what was wrong, where, and how to fix it, and never holds part data.


/** `The name must be a string, got a number`: a value of the wrong type, named by its kind, never shown. */
function wrongType(path: string, what: string, value: unknown, fix: string, expected = "a string", code: ToolnexusErrorCode = "invalid-type"): ContentPartError {
  return partError(code, path, `${what} must be ${expected}, got ${typeName(value)}`, fix);
}

/**
 * A caller's string as a message shows it: quoted when short, else only its length. A long string where a
 * mime type, a part type or a URL scheme belongs is most likely a payload in the wrong place, and part data
 * never appears in a message.
 */
function quote(s: string, max = 40): string {
  return s.length <= max ? JSON.stringify(s) : `(a string of ${s.length} characters, not shown)`;
}

/** Base64 that does not decode; `dataUrlFix` is the advice for a data: URL given where base64 goes. */
function notBase64(path: string, what: string, value: string, dataUrlFix = ""): ContentPartError {
  const fix = dataUrlFix && /^data:/i.test(value) ? `It is a data: URL: ${dataUrlFix}.` : "Use standard or URL-safe base64.";
  return partError("invalid-base64", path, `${what} is not valid base64`, fix);
}

function malformedEscape(path: string): ContentPartError {
  return partError("invalid-source", path, "The data: URL has a malformed percent escape", "Encode it with encodeURIComponent.");
}

function signatureMismatch(path: string, mime: string, sniffed: string | undefined): ContentPartError {
  return partError(
    "mime-mismatch",
    path,
    sniffed
      ? `The mime type says ${describeMedia(mime)} but the bytes are ${describeMedia(sniffed)}`
      : `The mime type says ${describeMedia(mime)} but the bytes do not begin with its signature`,
    sniffed ? `Pass mimeType: "${sniffed}", or verifyMime: false.` : `Check that the bytes are what the mime type says, or pass verifyMime: false.`,
  );
}

/** `A` or `An` before a part type. */
function article(kind: MediaType): string {
  return kind === "file" ? "A" : "An";
}

/** A field that a text part does not have. */
function notOnText(path: string, field: string): ContentPartError {
  return partError("invalid-value", path, `A text part has no ${field}`, `Remove ${field}, or use an image, file or audio part.`);
}

function unknownExtension(path: string, ext: string): ContentPartError {
  return partError("unknown-extension", path, ext ? `The extension .${ext} is not in the media table` : "The URL's path has no extension", PASS_MIME);
}

// ---------------------------------------------------------------------------------------------------------
// Making parts

/**
 * True for a part this copy of the library made (boundary's private mark, set before the part is frozen).
 * An object that merely has ContentPart.prototype in its chain (made with Object.create, a Proxy of a part,
 * a part of another loaded copy) is not one: it is read and checked by its fields like any other input.
 */
const isPart = isGenuinePart as (value: unknown) => value is ContentPart;

/**
 * Assigns the six fields in their fixed order (absent ones `undefined`; only `fields`' own keys count, so
 * a polluted Object.prototype adds nothing), marks and freezes.
 */
function fill(target: object, fields: Fields): ContentPart {
  for (const k of FIELDS) (target as Fields)[k] = (hasOwn(fields, k) ? fields[k] : undefined) as never;
  return Object.freeze(markPart(target)) as ContentPart;
}

/** The one place a part is made (the constructor fills `this` the same way). */
function makePart<P extends ContentPart = ContentPart>(fields: Fields, proto: object = ContentPart.prototype): P {
  checkSubclass(proto, ContentPart.prototype, FIELDS);
  return fill(Object.create(proto), fields) as P;
}

/**
 * The prototype the static `fn` called on `cls` makes its parts with (see boundary's prototypeFor): an
 * invalid receiver is a ContentPartError (`invalid-type`), as every error of a part's factory is.
 */
function protoFor(cls: unknown, fn: string): object {
  return partRead(() => prototypeFor(cls, ContentPart, "ContentPart", fn));
}

/** A part of another class re-made with `proto` (its fields were checked when it was made). */
function reclass<P extends ContentPart>(part: ContentPart, proto: object): P {
  return (getProto(part) === proto ? part : makePart({ ...part }, proto)) as P;
}

/** A built-in getter's answer for `value` (it reads an internal slot); `undefined` when `value` lacks the slot. */
function slot(proto: object, key: PropertyKey, value: unknown): any {
  try {
    return Object.getOwnPropertyDescriptor(proto, key)!.get!.call(value);
  } catch {
    return undefined;
  }
}

/** What {@link readBytes} found: bytes, a view or buffer that was detached, or something that is not bytes. */
export type BytesRead = Uint8Array | "detached" | undefined;

/**
 * Reads bytes in any spelling (any typed array, a DataView, an ArrayBuffer or SharedArrayBuffer, from this
 * realm or another) as a fresh Uint8Array view of the same memory (no copy), `"detached"` for a view or
 * buffer whose memory was transferred away, or `undefined` when `value` is not bytes. Everything is read
 * through the built-in getters of the internal slots: a Proxy, an own `buffer` getter or a faked prototype
 * runs no code here and is not bytes. Internal: the one reader of bytes, for the factories here and for the
 * provider readers that take bytes (`fromLangChain`); not exported from the package's entry points.
 *
 * @example
 * ```ts
 * readBytes(new Uint16Array([1, 2]).subarray(1)); // a Uint8Array of [2, 0], over the same memory
 * readBytes(new DataView(new ArrayBuffer(4), 1)); // a Uint8Array of 3 bytes, at offset 1
 * readBytes("AAAA"); // undefined: not bytes
 * ```
 */
export function readBytes(value: unknown): BytesRead {
  let proto: object | undefined;
  let buffer: ArrayBufferLike = value as ArrayBufferLike;
  if (ArrayBuffer.isView(value)) {
    const typed = getProto(Uint8Array.prototype) as object;
    proto = slot(typed, Symbol.toStringTag, value) ? typed : DataView.prototype;
    buffer = slot(proto, "buffer", value);
  } else {
    for (const ctor of [ArrayBuffer, globalThis.SharedArrayBuffer]) if (ctor && slot(ctor.prototype, "byteLength", value) !== undefined) proto = ctor.prototype;
    if (proto === undefined) return undefined;
  }
  // A detached buffer reads as empty (a DataView's byteLength throws): only then is the detach test needed.
  const length: number | undefined = slot(proto, "byteLength", value);
  if (!length) {
    try {
      new Uint8Array(buffer, 0, 0); // throws on a detached buffer, and only then
    } catch {
      return "detached";
    }
  }
  return new Uint8Array(buffer, slot(proto, "byteOffset", value) ?? 0, length);
}

/**
 * The `href` of a URL object, read through `URL.prototype`'s own getter, which answers only for a real URL
 * (of any realm): a Proxy of a URL, or an object made with `URL.prototype` and no URL inside, runs no code
 * here and is `undefined`, as is anything else.
 */
function urlHref(value: unknown): string | undefined {
  if (typeof URL !== "function" || typeof value !== "object" || value === null) return undefined;
  const href: unknown = slot(URL.prototype, "href", value);
  return typeof href === "string" ? href : undefined;
}

/** {@link readBytes}, with a detached view or buffer refused as an `invalid-source` error at `path`. */
function asBytes(value: unknown, path = ""): Uint8Array | undefined {
  const read = readBytes(value);
  if (read === "detached") throw detachedError(path);
  return read;
}

function detachedError(path: string): ContentPartError {
  return partError(
    "invalid-source",
    path,
    "The bytes are a view of a detached ArrayBuffer (its memory was transferred, so it holds nothing to read)",
    "Pass the bytes before transferring their buffer, or a copy of them (bytes.slice()).",
  );
}

// ---------------------------------------------------------------------------------------------------------
// Checks shared by the factories, the options and the JSON reader

/** `value` as a string: `undefined` when absent (a `missing` error when `required`), `invalid-type` if not a string. */
function stringOf(value: unknown, path: string, what: string, fix: string, required = false): string | undefined {
  if (value === undefined) {
    if (required) throw partError("missing", path, `${what} is missing`, fix);
    return undefined;
  }
  if (typeof value !== "string") throw wrongType(path, what, value, fix);
  return value;
}

/** A caller's mime type, lowercased and without parameters; `unknown-mime` when it is not type/subtype. */
function checkMime(value: unknown, path: string, what: string, required = false): string | undefined {
  const s = stringOf(value, path, what, GIVE_MIME, required);
  if (s === undefined) return undefined;
  const mime = normalizeMime(s);
  if (mime === undefined) throw partError("unknown-mime", path, `${what} ${quote(s)} is not a mime type`, GIVE_MIME);
  return mime;
}

/** A string that must not be empty: `invalid-type` when not a string, `emptyCode` when empty. */
function nonEmpty(value: unknown, path: string, what: string, fix: string, emptyCode: ToolnexusErrorCode): string {
  if (typeof value !== "string") throw wrongType(path, what, value, fix);
  if (value === "") throw partError(emptyCode, path, `${what} is empty`, fix);
  return value;
}

function checkName(name: unknown, path: string): string {
  return nonEmpty(name, path, "The name", PASS_NAME, "invalid-value");
}

function checkText(text: unknown, path: string): string {
  return nonEmpty(text, path, "The text", PASS_TEXT, "empty");
}

/** A source that must be a string (fromBase64, fromDataUrl, fromUrl). */
function stringSource(value: unknown, fix: string): string {
  if (typeof value !== "string") throw wrongType("", "The source", value, fix, "a string", "invalid-source");
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

/** Runs a read of the boundary: its ValidationError (a throwing getter or trap) as a ContentPartError. */
function partRead<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw asPartError(e);
  }
}

function checkOptions(options: unknown): Checked {
  if (options === undefined || options === null) return { mimeType: undefined, name: undefined, maxBytes: undefined, verifyMime: true };
  if (typeof options !== "object") throw wrongType("", "The options", options, "Pass an object, or leave them out.", "an object");
  // Own properties, each read once: a key on Object.prototype is no option.
  const { mimeType, name, maxBytes, verifyMime } = partRead(() => readOwn(options, OPTION_KEYS, ""));
  const checked: Checked = {
    mimeType: checkMime(mimeType, "mimeType", "options.mimeType"),
    name: name === undefined ? undefined : checkName(name, "name"),
    maxBytes: undefined,
    verifyMime: true,
  };
  if (maxBytes !== undefined) {
    if (typeof maxBytes !== "number" || !(maxBytes >= 0) || (!Number.isInteger(maxBytes) && maxBytes !== Infinity)) {
      throw partError("invalid-value", "maxBytes", "options.maxBytes must be a whole number of bytes, 0 or more", "Pass one such as 1048576.");
    }
    if (maxBytes !== Infinity) checked.maxBytes = maxBytes;
  }
  if (verifyMime !== undefined) {
    if (typeof verifyMime !== "boolean") throw wrongType("verifyMime", "options.verifyMime", verifyMime, "Pass true or false.", "a boolean");
    checked.verifyMime = verifyMime;
  }
  return checked;
}

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

const HTTP_PREFIX = /^https?:\/\//i;

/**
 * The one url check of every entry point (the factories, `fromJSON`, a provider's reader such as `fromMcp`):
 * refuses anything but an absolute http(s) URL kept exactly as given, with a `ContentPartError`
 * (`invalid-source`) at `path`. A url starts with `http://` or `https://` (any case) and parses as a URL:
 * `https:/x.png` is refused, as are `javascript:`, `file:`, a Windows path, and whitespace or control
 * characters. A `data:` URL is not a url (the factories read it into data before this check).
 *
 * @internal
 * @example
 * ```ts
 * checkHttpUrl("https://example.com/a.png", "url"); // passes
 * checkHttpUrl("https:/example.com/a.png", "url"); // throws a ContentPartError
 * ```
 */
export function checkHttpUrl(url: string, path: string): void {
  const refuse = (problem: string, fix = PASS_HTTP) => partError("invalid-source", path, problem, fix);
  if (WINDOWS_DRIVE.test(url)) throw refuse("The url is a Windows file path", "Read the file with ContentPart.from(path).");
  // The URL parser would quietly strip or re-encode these, so the url kept would not be the one checked.
  if (/[\u0000-\u0020\u007f]/.test(url)) throw refuse("The url holds whitespace or a control character", "Percent-encode it (a space is %20).");
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw refuse("The url is not an absolute URL");
  }
  if (protocol !== "http:" && protocol !== "https:") {
    throw refuse(`A ${quote(protocol, 24)} URL is not accepted`, "Only http(s) URLs are kept; read a local file by its path.");
  }
  // The parser accepts `https:/x.png` and `https:x.png` (it adds the slashes), but no other reader does.
  if (!HTTP_PREFIX.test(url)) throw refuse("The url does not start with http:// or https://", "Write the scheme with two slashes, as in https://example.com/a.png.");
}

/**
 * True when `url` is a string that {@link checkHttpUrl} accepts: it starts with `http://` or `https://` (any
 * case), parses as a URL, and holds no whitespace or control character.
 *
 * @internal
 * @example
 * ```ts
 * isHttpUrl("https://example.com/a.png"); // true
 * isHttpUrl("https:/example.com/a.png"); // false
 * ```
 */
export function isHttpUrl(url: unknown): boolean {
  if (typeof url !== "string") return false;
  try {
    checkHttpUrl(url, "");
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Building a part: the shared pipeline of every source

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

function build(kind: MediaType | undefined, payload: Payload, opts: Checked, hints: Hints, path: string, proto: object): ContentPart {
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
  const sniffed = sniff(payload.head);
  mime ??= sniffed ?? hint("fallbackMime");
  if (mime === undefined) throw partError("unknown-mime", path, "The media type cannot be told from the bytes or a file name", 'Pass options.mimeType, such as { mimeType: "image/png" }.');
  const type = partType(kind, mime, joinPath(path, "mimeType"));
  if (opts.verifyMime && hasSignature(mime) && sniffed !== mime) throw signatureMismatch(path, mime, sniffed);
  return makePart({ type, mimeType: mime, data: payload.base64(), name: opts.name ?? (type === "file" ? fileName || undefined : undefined) }, proto);
}

/** An http(s) URL kept as the part's url, or a data: URL read into data. */
function fromUrlString(kind: MediaType | undefined, url: string, opts: Checked, path: string, proto: object): ContentPart {
  if (/^data:/i.test(url)) return fromDataUrlString(kind, url, opts, path, proto);
  checkHttpUrl(url, path);
  let mime = opts.mimeType;
  if (mime === undefined) {
    const ext = extensionOf(new URL(url).pathname);
    mime = mimeForExtension(ext);
    if (mime === undefined) throw unknownExtension(path, ext);
  }
  return makePart({ type: partType(kind, mime, joinPath(path, "mimeType")), mimeType: mime, url, name: opts.name }, proto);
}

/** Percent-decodes the payload of a non-base64 data: URL into its octets (other characters as UTF-8). */
function percentDecode(payload: string, path: string): Uint8Array {
  if (/%(?![0-9A-Fa-f]{2})/.test(payload)) throw malformedEscape(path);
  const bytes = new TextEncoder().encode(payload);
  let n = 0;
  // Escapes are ASCII, so each is still three bytes here; the octets are written over the input, never ahead of it.
  for (let i = 0; i < bytes.length; i++) {
    let b = bytes[i]!;
    if (b === 37 /* % */) {
      b = parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16);
      i += 2;
    }
    bytes[n++] = b;
  }
  return bytes.subarray(0, n);
}

function fromDataUrlString(kind: MediaType | undefined, url: string, opts: Checked, path: string, proto: object): ContentPart {
  const comma = url.indexOf(",");
  if (!/^data:/i.test(url) || comma === -1) {
    throw partError("invalid-source", path, "The value is not a data: URL", PASS_DATA_URL);
  }
  const header = url.slice(5, comma);
  const isBase64 = /;\s*base64\s*$/i.test(header);
  const declared = header.split(";", 1)[0]!.trim();
  const sourceMime = declared === "" ? undefined : checkMime(declared, path, "The data: URL's type");
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
  return build(kind, payload, opts, sourceMime === undefined ? { fallbackMime: "text/plain" } : { sourceMime }, path, proto);
}

// ---------------------------------------------------------------------------------------------------------
// The asynchronous factories

/** Reads any source; whatever goes wrong rejects with a ContentPartError, never a bare error from inside. */
async function fromSource<P extends ContentPart>(kind: MediaType | undefined, source: unknown, options: PartOptions | undefined, cls: unknown, fn: string): Promise<P> {
  try {
    // The receiver is resolved here, inside the promise: an invalid one rejects, it never throws.
    return (await readSource(kind, source, options, protoFor(cls, fn))) as P;
  } catch (e) {
    throw asPartError(e);
  }
}

async function readSource(kind: MediaType | undefined, source: unknown, options: PartOptions | undefined, proto: object): Promise<ContentPart> {
  const opts = checkOptions(options);
  if (source === undefined || source === null || source === "") {
    throw partError("source-missing", "", `The source is ${source === "" ? "an empty string" : typeName(source)}`, PASS_SOURCE);
  }
  if (typeof source === "string") {
    // A string with a URL scheme is a URL (an http(s) URL kept, a data: URL read, any other refused); else a path.
    if (SCHEME.test(source) && !WINDOWS_DRIVE.test(source)) return fromUrlString(kind, source, opts, "", proto);
  } else {
    const bytes = asBytes(source);
    if (bytes !== undefined) return build(kind, bytesPayload(bytes), opts, {}, "", proto);
    // A URL object is read as its href: an http(s) URL kept, a data: URL read, any other refused (never a path).
    const href = urlHref(source);
    if (href !== undefined) return fromUrlString(kind, href, opts, "", proto);
  }
  // A file path, a Blob, a stream: read by the readers of read-source.ts, which report failures as data.
  const read = await readAsync(source, opts.maxBytes, readBytes);
  if (read === undefined) {
    const objectLike = (typeof source === "object" && source !== null) || typeof source === "function";
    throw partError("invalid-source", "", `The source is ${typeName(source)}`, objectLike ? PASS_SOURCE_OBJECT : PASS_SOURCE);
  }
  // The readers' own objects, read by their own keys (a key absent from one is not looked up on Object.prototype).
  if (hasOwn(read, "code")) {
    const failure = read as { code: ToolnexusErrorCode; message: string; cause?: unknown };
    throw new ContentPartError(failure.code, failure.message, hasOwn(read, "cause") ? { cause: failure.cause } : undefined);
  }
  const got = read as { bytes: Uint8Array; name?: string; type?: string };
  const hints: Hints = {};
  if (hasOwn(got, "name")) hints.fileName = got.name;
  if (hasOwn(got, "type")) hints.declaredMime = got.type;
  return build(kind, bytesPayload(got.bytes), opts, hints, "", proto);
}

/** A factory's promise as a `SafeResult` (it rejects only with a ContentPartError). */
function settle<P extends ContentPart>(promise: Promise<P>): Promise<SafeResult<P, ContentPartError>> {
  return promise.then(
    (data) => ({ success: true as const, data }),
    (error: ContentPartError) => ({ success: false as const, error }),
  );
}


/** The UTF-8 length of a string; a lone surrogate counts as U+FFFD, 3 bytes, as TextEncoder writes it. */
function utf8Length(s: string): number {
  // Each UTF-16 unit is counted once to begin with; a character of 2 UTF-8 bytes adds 1, one of 3 bytes adds 2,
  // and so does a surrogate pair (4 bytes in 2 units).
  let n = s.length;
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (cp >= 0x80) n += cp < 0x800 ? 1 : 2;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// Reading the JSON shape

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
  const g = globalThis as { Buffer?: { isBuffer(v: unknown): boolean }; Blob?: Function; File?: Function };
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
 * Reads a part's JSON shape (or a part from another loaded copy of the package, or a look-alike) into a new
 * part of `proto`; errors carry `path`. The six fields are read as own properties, each once, through the
 * boundary; a genuine part is kept.
 */
export function partFromJSON(value: unknown, path: string, proto: object = ContentPart.prototype): ContentPart {
  if (isPart(value)) return value;
  const mistake = notAPart(value);
  if (mistake !== undefined) throw partError("invalid-type", path, `${mistake[0]} is not a part`, mistake[1]);
  if (typeof value !== "object" || value === null || partRead(() => isArrayAt(value, path, "the part"))) {
    throw wrongType(path, "A content part", value, "Pass a ContentPart or its JSON shape.", "an object");
  }
  const fields = partRead(() => readOwn(value, FIELDS, path));
  const at = (k: Field) => joinPath(path, k);
  const type = stringOf(fields.type, at("type"), "The type", SET_TYPE, true)!;
  if (!TYPES.includes(type)) throw partError("invalid-value", at("type"), `The type ${quote(type)} is not a part type`, SET_TYPE);
  if (type === "text") {
    const text = checkText(stringOf(fields.text, at("text"), "The text", PASS_TEXT, true), at("text"));
    for (const k of FIELDS.slice(2)) {
      if (fields[k] !== undefined) throw notOnText(at(k), k);
    }
    return makePart({ type, text }, proto);
  }
  const kind = type as MediaType;
  if (fields.text !== undefined) throw partError("invalid-value", at("text"), `${article(kind)} ${kind} part has no text`, "Remove text, or use a text part.");
  const mimeType = checkMime(fields.mimeType, at("mimeType"), "The mimeType", true)!;
  partType(kind, mimeType, at("mimeType"), true);
  const name = fields.name === undefined ? undefined : checkName(fields.name, at("name"));
  const { data, url } = fields;
  if (data !== undefined && url !== undefined) throw partError("source-conflict", path, "The part has both data and url", "Keep one.");
  if (data === undefined && url === undefined) throw partError("source-missing", path, "The part has neither data nor url", "Set data or url.");
  if (data !== undefined) {
    const raw = stringOf(data, at("data"), "The data", "Set data to a base64 string.")!;
    const b64 = toCanonicalBase64(raw);
    if (b64 === undefined) throw notBase64(at("data"), "The data", raw, "put it in url instead");
    if (b64 === "") throw partError("empty", at("data"), "The data holds zero bytes", "A part needs content.");
    return makePart({ type: kind, mimeType, data: b64, name }, proto);
  }
  // A data: URL is stored as data; its bytes are not signature-checked (the wire is faithful).
  const href = stringOf(url, at("url"), "The url", PASS_HTTP)!;
  return fromUrlString(kind, href, { mimeType, name, maxBytes: undefined, verifyMime: false }, at("url"), proto);
}

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
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * new ContentPart({ type: "text", text: "hello" });
   * ```
   */
  constructor(json: ContentPartJSON) {
    checkSubclass(getProto(this), ContentPart.prototype, FIELDS);
    fill(this, partFromJSON(json, ""));
  }

  /** @internal The brand read by {@link ContentPart.isContentPart}, across copies of the package. */
  get [BRAND](): "ContentPart" {
    return "ContentPart";
  }

  /** Vercel Workflow's serializer: the value's JSON. Found by the engine's compiler by this literal text; see the README ("Durable engines"). */
  static [Symbol.for("workflow-serialize")](value: { toJSON(): unknown }) { return value.toJSON(); }
  /** Vercel Workflow's deserializer: `this.fromJSON(data)`, so a registered subclass comes back as itself. */
  static [Symbol.for("workflow-deserialize")](data: unknown) { return partRead(() => classFor(this, ContentPart, "ContentPart", "[workflow-deserialize]")).fromJSON(data); }

  /**
   * A text part.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * ContentPart.text("hello").toJSON(); // { type: "text", text: "hello" }
   * ```
   */
  static text<P extends ContentPart>(this: PartClass<P>, text: string): P {
    const proto = protoFor(this, "text");
    return makePart({ type: "text", text: checkText(text, "text") }, proto);
  }

  /**
   * An image part from any source: a file path (Node only, read now), an http(s) URL (kept as a url), a
   * `data:` URL, a `URL` object (read as its `href`, as that string would be), bytes, a Blob or File, a web
   * ReadableStream, or an async iterable of byte chunks (a Node Readable, an async generator). The mime
   * type must be `image/*`; for the media table's types the bytes' signature is checked unless
   * `verifyMime: false`.
   *
   * Each source is recognised by what it is, never by its shape: an object with a `getReader` method that
   * is not a ReadableStream, a Proxy of a `URL`, or an object inheriting a method from a polluted
   * `Object.prototype` is an `invalid-source`.
   *
   * Rejects with a {@link ContentPartError}; {@link ContentPart.safeImage} never rejects.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const png = await ContentPart.image("fixtures/media/fixture.png");
   * const remote = await ContentPart.image("https://example.com/chart.png");
   * const same = await ContentPart.image(new URL("https://example.com/chart.png")); // url: its href
   * ```
   */
  static image<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource("image", source, options, this, "image");
  }

  /**
   * A file part (a PDF, say) from any source; see {@link ContentPart.image}. The mime type may be anything
   * but `image/*` and `audio/*`; a file read from a path or a `File` is named by its base name by default.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const pdf = await ContentPart.file("fixtures/media/fixture.pdf"); // name "fixture.pdf"
   * ```
   */
  static file<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource("file", source, options, this, "file");
  }

  /**
   * An audio part from any source; see {@link ContentPart.image}. The mime type must be `audio/*`.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const clip = await ContentPart.audio("fixtures/media/fixture.wav");
   * ```
   */
  static audio<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource("audio", source, options, this, "audio");
  }

  /**
   * A part of whichever type the mime type names (`image/*` an image, `audio/*` audio, anything else a
   * file), from any source (a path, a URL string or object, bytes, a Blob or File, a stream); see
   * {@link ContentPart.image}.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const part = await ContentPart.from(new Uint8Array(await blob.arrayBuffer()));
   * ```
   */
  static from<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource(undefined, source, options, this, "from");
  }

  /**
   * {@link ContentPart.image} that never rejects: resolves to `{ success: true, data }` or
   * `{ success: false, error }`.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeImage("shot.png");
   * if (!r.success) return ToolResult.error(`screenshot: ${r.error.message}`);
   * ```
   */
  static safeImage<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settle(fromSource<P>("image", source, options, this, "safeImage"));
  }

  /**
   * {@link ContentPart.file} that never rejects.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeFile("report.pdf");
   * ```
   */
  static safeFile<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settle(fromSource<P>("file", source, options, this, "safeFile"));
  }

  /**
   * {@link ContentPart.audio} that never rejects.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeAudio("clip.wav");
   * ```
   */
  static safeAudio<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settle(fromSource<P>("audio", source, options, this, "safeAudio"));
  }

  /**
   * {@link ContentPart.from} that never rejects.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeFrom(bytes);
   * ```
   */
  static safeFrom<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settle(fromSource<P>(undefined, source, options, this, "safeFrom"));
  }

  /**
   * A part from bytes in memory (`Uint8Array`, `Buffer`, `ArrayBuffer`, any `ArrayBufferView`; a view's
   * `byteOffset` is honoured). The type follows the mime type: from `options.mimeType`, else the extension
   * of `options.name`, else the bytes' signature.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const part = ContentPart.fromBytes(pngBytes, { mimeType: "image/png" });
   * ```
   */
  static fromBytes<P extends ContentPart>(this: PartClass<P>, bytes: BytesSource, options?: PartOptions): P {
    const proto = protoFor(this, "fromBytes");
    const opts = checkOptions(options);
    const view = asBytes(bytes);
    if (view === undefined) {
      const hint = typeof bytes === "string" ? "; for base64, ContentPart.fromBase64" : "";
      throw wrongType("", "The source", bytes, `Pass a Uint8Array, Buffer or ArrayBuffer${hint}.`, "bytes", "invalid-source");
    }
    return build(undefined, bytesPayload(view), opts, { fileName: opts.name }, "", proto) as P;
  }

  /**
   * A part from base64 in any decodable spelling (padded or not, standard or URL-safe, wrapped); it is
   * stored canonical. The type follows the mime type as in {@link ContentPart.fromBytes}.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const part = ContentPart.fromBase64("iVBORw0KGgo...", { mimeType: "image/png" });
   * ```
   */
  static fromBase64<P extends ContentPart>(this: PartClass<P>, b64: string, options?: PartOptions): P {
    const proto = protoFor(this, "fromBase64");
    const opts = checkOptions(options);
    const canonical = toCanonicalBase64(stringSource(b64, "Pass a base64 string."));
    if (canonical === undefined) throw notBase64("", "The string given to ContentPart.fromBase64", b64, "use ContentPart.fromDataUrl");
    return build(undefined, base64Payload(canonical), opts, { fileName: opts.name }, "", proto) as P;
  }

  /**
   * A part from a `data:` URL, base64 or percent-encoded; the payload is stored as canonical base64.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * ContentPart.fromDataUrl("data:text/plain,hello%20world").mimeType; // "text/plain"
   * ```
   */
  static fromDataUrl<P extends ContentPart>(this: PartClass<P>, url: string, options?: PartOptions): P {
    const proto = protoFor(this, "fromDataUrl");
    const opts = checkOptions(options);
    return fromDataUrlString(undefined, stringSource(url, PASS_DATA_URL), opts, "", proto) as P;
  }

  /**
   * A part that points at an absolute http(s) URL (a `data:` URL becomes data). The mime type comes from
   * `options.mimeType`, else the extension of the URL's path, else it is an `unknown-extension` error.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * ContentPart.fromUrl("https://example.com/report.pdf").type; // "file"
   * ```
   */
  static fromUrl<P extends ContentPart>(this: PartClass<P>, url: string, options?: PartOptions): P {
    const proto = protoFor(this, "fromUrl");
    const opts = checkOptions(options);
    return fromUrlString(undefined, stringSource(url, PASS_HTTP), opts, "", proto) as P;
  }

  /**
   * Reads a part from its JSON shape, checking the shape and the base64 (not the signature: the wire is
   * faithful). Throws a {@link ContentPartError}; {@link ContentPart.safeFromJSON} never throws.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * ContentPart.fromJSON({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" });
   * ```
   */
  static fromJSON<P extends ContentPart>(this: PartClass<P>, value: unknown): P {
    return toPart(value, "", protoFor(this, "fromJSON")) as P;
  }

  /**
   * {@link ContentPart.fromJSON} that never throws.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const r = ContentPart.safeFromJSON(JSON.parse(text));
   * if (r.success) use(r.data); else console.log(r.error.code, r.error.path);
   * ```
   */
  static safeFromJSON<P extends ContentPart>(this: PartClass<P>, value: unknown): SafeResult<P, ContentPartError> {
    return safely(() => toPart(value, "", protoFor(this, "safeFromJSON")) as P, asPartError);
  }

  /**
   * True when `value` is a `ContentPart`, from this copy of the package or another (the ESM and the CJS
   * build side by side).
   *
   * A part this copy made is recognised at once. Anything else counts only when it carries the package's
   * brand and its six fields are its own and pass the check of {@link ContentPart.fromJSON} (read once
   * each): a bare brand, or a look-alike with a `javascript:` url, is not a part. Never throws.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * ContentPart.isContentPart(ContentPart.text("x")); // true
   * ```
   */
  static isContentPart(value: unknown): value is ContentPart {
    // Genuine: the fast path. Else a brand is a claim: the value's own fields are read once and checked.
    return isPart(value) || checksAsBranded(value, "ContentPart", FIELDS, (fields) => partFromJSON(fields, ""));
  }

  /**
   * `"image (image/png, 82 bytes)"` for any part, or a part's JSON shape (read as by `fromJSON`, so a bad
   * shape throws a {@link ContentPartError}); a text part gives its text.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * ContentPart.summary({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" }); // "image (image/png, url)"
   * ```
   */
  static summary(part: ContentPart | ContentPartJSON): string {
    return toPart(part, "").summary();
  }

  /** Decoded bytes: from the base64 length without decoding; 0 for a url part; UTF-8 length for text. */
  get byteLength(): number {
    return this.type === "text" ? utf8Length(this.text!) : decodedLength(this.data ?? ""); // a url part: 0
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
    return `${this.type} ${mediaLabel(this)}`;
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
    if (this.data === undefined) throw partError("unsupported", "", "A url part has no bytes in memory", "Fetch the url yourself.");
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
    // A text part gives its UTF-8; a url part has no data, and bytes() refuses it.
    return `data:${this.type === "text" ? "text/plain;charset=utf-8" : this.mimeType};base64,${this.data ?? encodeBase64(this.bytes())}`;
  }

  /**
   * True when `other` is a part of the same class with the same six fields.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * ContentPart.text("a").equals(ContentPart.text("a")); // true
   * ```
   */
  equals(other: unknown): boolean {
    return other === this || (isPart(other) && getProto(other) === getProto(this) && samePartFields(this, other));
  }

  /**
   * A copy with another name (`undefined` removes it). A text part has no name.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * part.withName("chart.png");
   * ```
   */
  withName(name: string | undefined): this {
    if (this.type === "text") throw notOnText("name", "name");
    return makePart({ ...this, name: name === undefined ? undefined : checkName(name, "name") }, getProto(this));
  }

  /**
   * A copy with another mime type of the same family; for data in the media table the signature is checked
   * unless `verifyMime: false`.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * part.withMimeType("image/jpeg");
   * ```
   */
  withMimeType(mimeType: string, options?: { verifyMime?: boolean }): this {
    if (this.type === "text") throw notOnText("mimeType", "mimeType");
    // An own property, read once: Object.prototype.verifyMime is no option.
    const verifyMime = typeof options === "object" && options !== null ? partRead(() => ownField(options, "verifyMime", "")) : undefined;
    const opts = checkOptions({ mimeType, verifyMime });
    const mime = opts.mimeType;
    if (mime === undefined) throw partError("missing", "mimeType", "No mime type was given", GIVE_MIME);
    partType(this.type, mime, "mimeType");
    if (this.data !== undefined && opts.verifyMime && hasSignature(mime)) {
      const sniffed = sniff(decodePrefix(this.data, SNIFF_BYTES));
      if (sniffed !== mime) throw signatureMismatch("mimeType", mime, sniffed);
    }
    return makePart({ ...this, mimeType: mime }, getProto(this));
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
    const out: Record<string, unknown> = {};
    for (const k of FIELDS) if (this[k] !== undefined) out[k] = this[k];
    return out as ContentPartJSON;
  }

  /**
   * The summary: never the data.
   *
   * @example
   * ```ts
   * String(part); // "image (image/png, 82 bytes)"
   * ```
   */
  toString(): string {
    return this.summary();
  }

  /** @internal Node's `util.inspect` shows the summary, never the data. */
  [INSPECT](): string {
    const name = this.name === undefined ? "" : `, name: ${JSON.stringify(this.name)}`;
    const text = this.text!;
    return `ContentPart(${this.type === "text" ? JSON.stringify(text.length <= 60 ? text : `${text.slice(0, 57)}...`) : this.summary()}${name})`;
  }
}

/**
 * `image part (image/png, 82 bytes)`: how a part is named where it is left out (an omitted-part line, a
 * provider's placeholder). Never the data.
 */
export function partLabel(p: ContentPart): string {
  return p.type === "text" ? `text part (${p.text!.length} characters)` : `${p.type} part ${mediaLabel(p)}`;
}

/** `(image/png, 82 bytes)`, or `(image/png, url)` for a url part. */
function mediaLabel(p: ContentPart): string {
  return `(${p.mimeType}, ${p.data === undefined ? "url" : `${p.byteLength} bytes`})`;
}

/**
 * The fields of a part from another loaded copy of the package, read as its JSON shape: own properties,
 * each once (a throwing getter or trap is a ContentPartError at its path).
 */
export function foreignFields(value: object, path = ""): Record<string, unknown> {
  return partRead(() => readOwn(value, FIELDS, path));
}

/**
 * Reads one entry of a `parts` list (or the value `fromJSON` is given): a genuine part is kept (re-made with
 * `proto` when it is of another class); anything else, a part of another loaded copy of the package or a
 * look-alike included, is read by its own fields and checked as JSON.
 */
export function toPart(value: unknown, path: string, proto?: object): ContentPart {
  if (isPart(value)) return proto === undefined ? value : reclass(value, proto);
  return partFromJSON(value, path, proto);
}

/**
 * True when `b` is a part this copy of the library made with the same six fields as `a`, whatever the two
 * classes: how parts nested in a result compare (the wire cannot say which subclass a part was).
 */
export function samePartFields(a: ContentPart, b: unknown): boolean {
  if (a === b) return true;
  if (!isPart(b)) return false;
  for (const k of FIELDS) if (a[k] !== b[k]) return false;
  return true;
}
