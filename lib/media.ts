// Media types: the extension table, the byte signatures, and mime type syntax.

/** The three non-text part types. */
export type MediaType = "image" | "file" | "audio";

/** The media table: extension to mime type. */
export const EXTENSIONS: Readonly<Record<string, string>> = Object.freeze({
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  mp3: "audio/mpeg",
  wav: "audio/wav",
});

/**
 * The media table's types: how a message names each, and its signature, matched against the leading bytes
 * read as Latin-1 (one character per byte).
 */
const SIGNATURES: ReadonlyMap<string, readonly [name: string, signature: RegExp]> = new Map<string, readonly [string, RegExp]>([
  ["image/png", ["a PNG image", /^\x89PNG\r\n\x1a\n/]],
  ["image/jpeg", ["a JPEG image", /^\xff\xd8\xff/]],
  ["image/gif", ["a GIF image", /^GIF8[79]a/]],
  ["image/webp", ["a WebP image", /^RIFF[^]{4}WEBP/]],
  ["application/pdf", ["a PDF document", /^%PDF-/]],
  // An ID3 tag, or an MPEG audio frame: 11 sync bits, a version that is not the reserved one (bits 01) and
  // layer I, II or III (not 00), which leaves second bytes E2-E7, F2-F7 and FA-FF.
  ["audio/mpeg", ["an MP3 audio file", /^(ID3|\xff[\xe2-\xe7\xf2-\xf7\xfa-\xff])/]],
  ["audio/wav", ["a WAV audio file", /^RIFF[^]{4}WAVE/]],
]);

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 12;

/** The last segment of a path, for either separator (`C:\shots\a.png` gives `a.png`). */
export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}

/** The extension of a file name or URL path, lowercased, without the dot; `""` when there is none. */
export function extensionOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
}

/** The mime type for an extension from the media table, or `undefined`. */
export function mimeForExtension(ext: string): string | undefined {
  return Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
}

/** Identifies the media table's types by their leading bytes; `undefined` when none matches. */
export function sniff(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, SNIFF_BYTES));
  for (const [mime, [, signature]] of SIGNATURES) if (signature.test(head)) return mime;
  return undefined;
}

/** True when the media table has a signature for this mime type, so its bytes can be checked. */
export function hasSignature(mime: string): boolean {
  return SIGNATURES.has(mime);
}

/** `a PNG image (image/png)`, or `bytes with no known signature`, for messages. */
export function describeMedia(mime: string | undefined): string {
  if (mime === undefined) return "bytes that match no signature of the media table";
  return `${SIGNATURES.get(mime)?.[0] ?? mime} (${mime})`;
}

/** A type/subtype of ASCII token characters, either case (lowercased once it passes). */
const TOKEN = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+$/;

/** True for the ASCII whitespace a mime type or a data: URL's header may be padded with (tab, LF, FF, CR, space). */
function isAsciiSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

/**
 * `s` without ASCII whitespace at either end; any other character, an NBSP or a BOM among them, stays (and
 * so makes a mime type that holds it invalid). A loop, not a regular expression: linear on any input.
 */
export function trimAscii(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isAsciiSpace(s.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * Drops a mime type's parameters, then trims and lowercases it in ASCII only; `undefined` when it is not of
 * the form `type/subtype`. A type/subtype holding any other character is refused, never rewritten: an NBSP or
 * a BOM is not trimmed, and the Kelvin sign (U+212A, which Unicode lowercases to `k`) is not `k`. See the
 * docs/content-parts.md, "Sources".
 *
 * @example
 * ```ts
 * normalizeMime(" Image/PNG; charset=x"); // "image/png"
 * normalizeMime("image/\u212Aey"); // undefined
 * ```
 */
export function normalizeMime(mime: string): string | undefined {
  const semi = mime.indexOf(";");
  const bare = trimAscii(semi === -1 ? mime : mime.slice(0, semi));
  return TOKEN.test(bare) ? bare.toLowerCase() : undefined;
}

/** The part type a mime type belongs to: `image/*`, `audio/*`, everything else `file`. */
export function familyOf(mime: string): MediaType {
  return mime.startsWith("image/") ? "image" : mime.startsWith("audio/") ? "audio" : "file";
}
