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

const NAMES: Readonly<Record<string, string>> = {
  "image/png": "a PNG image",
  "image/jpeg": "a JPEG image",
  "image/gif": "a GIF image",
  "image/webp": "a WebP image",
  "application/pdf": "a PDF document",
  "audio/mpeg": "an MP3 audio file",
  "audio/wav": "a WAV audio file",
};

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 12;

/** The extension of a file name or URL path, lowercased, without the dot; `""` when there is none. */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
}

/** The mime type for an extension from the media table, or `undefined`. */
export function mimeForExtension(ext: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Identifies the media table's types by their leading bytes; `undefined` when none matches. */
export function sniff(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, "PNG\r\n\x1a\n")) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) return "image/gif";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return "image/webp";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE")) return "audio/wav";
  if (ascii(b, 0, "%PDF-")) return "application/pdf";
  if (ascii(b, 0, "ID3")) return "audio/mpeg";
  // An MPEG audio frame: 11 sync bits, a version that is not reserved, and layer I, II or III.
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x18) !== 0x08 && (b[1]! & 0x06) !== 0) return "audio/mpeg";
  return undefined;
}

/** True when the media table has a signature for this mime type, so its bytes can be checked. */
export function hasSignature(mime: string): boolean {
  return Object.prototype.hasOwnProperty.call(NAMES, mime);
}

/** `a PNG image (image/png)`, or `bytes with no known signature`, for messages. */
export function describeMedia(mime: string | undefined): string {
  if (mime === undefined) return "bytes that match no signature of the media table";
  return `${NAMES[mime] ?? mime} (${mime})`;
}

const TOKEN = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** Lowercases a mime type and drops its parameters; `undefined` when it is not of the form `type/subtype`. */
export function normalizeMime(mime: string): string | undefined {
  const semi = mime.indexOf(";");
  const bare = (semi === -1 ? mime : mime.slice(0, semi)).trim().toLowerCase();
  return TOKEN.test(bare) ? bare : undefined;
}

/** The part type a mime type belongs to: `image/*`, `audio/*`, everything else `file`. */
export function familyOf(mime: string): MediaType {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  return "file";
}
