// The image header reader: an image's stored width and height, read from its header without decoding the
// image (PNG IHDR, GIF logical screen, WebP VP8/VP8L/VP8X, JPEG's first SOFn frame header found by walking
// the segment lengths). Pure: it imports nothing of the library, allocates little, and never throws.
//
// Work is bounded by the data's length: a JPEG walk moves forward at least two bytes a step, so a JPEG of a
// million empty segments costs one walk. From base64, only the bytes read are decoded, each from its own four
// characters (a 10 MiB PNG costs what an 82-byte one does). A truncated or lying header gives `undefined`, never a
// guess. EXIF orientation is not applied: the stored size is reported, as providers receive it. The rules
// are in docs/budgets.md, "Image dimensions".

/** An image's stored size in pixels. */
export interface ImageDimensions {
  readonly width: number;
  readonly height: number;
}

/**
 * Random access to the bytes of base64 text or of a byte array: `at(i)` is the byte at `i`, or -1 past the
 * end and wherever the text does not decode. From base64, a byte is read from the four characters of its
 * group, nothing else decoded and nothing allocated: a header read costs a few dozen characters, whatever
 * the payload's length, and a walk through the whole data reads each character a bounded number of times.
 */
export interface HeaderBytes {
  /** The decoded length: exact for bytes, from the text's length for base64. */
  readonly length: number;
  at(i: number): number;
}

/** The bytes of `data` (base64 text, or a byte array), read lazily. */
export function headerBytes(data: string | Uint8Array): HeaderBytes {
  if (typeof data === "string") return new Base64Bytes(data);
  // Any view (a Buffer, a DataView, a typed array of another realm) is read as the bytes it covers.
  return new ArrayBytes(ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(0));
}

class ArrayBytes implements HeaderBytes {
  readonly length: number;
  constructor(private readonly view: Uint8Array) {
    this.length = view.length;
  }
  at(i: number): number {
    return i >= 0 && i < this.length ? this.view[i] : -1;
  }
}

/**
 * The 6-bit value of each character code below 128 in either base64 alphabet (`+/` and `-_`), else -1: made on
 * the first header read, since importing the core runs no code (docs/performance.md, the `import` row).
 */
let sextets: Int8Array | undefined;

function sextetTable(): Int8Array {
  if (sextets !== undefined) return sextets;
  const t = new Int8Array(128).fill(-1);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let v = 0; v < 64; v++) t[alphabet.charCodeAt(v)] = v;
  t[0x2d] = 62; // "-"
  t[0x5f] = 63; // "_"
  return (sextets = t);
}

class Base64Bytes implements HeaderBytes {
  readonly length: number;
  private readonly table = sextetTable();
  constructor(private readonly text: string) {
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--; // "="
    // A padded or unpadded spelling: every 4 characters give 3 bytes, 2 or 3 left over give 1 or 2.
    const rest = end % 4;
    this.length = ((end - rest) / 4) * 3 + (rest === 0 ? 0 : rest - 1);
  }
  /** The value of the character at `k`, or -1. */
  private sextet(k: number): number {
    const c = this.text.charCodeAt(k);
    return c < 128 ? this.table[c] : -1; // NaN (past the end) is not below 128
  }
  at(i: number): number {
    if (i < 0 || i >= this.length) return -1;
    const group = Math.floor(i / 3) * 4;
    const k = i % 3; // byte k of the group needs characters k and k + 1
    const a = this.sextet(group + k);
    const b = this.sextet(group + k + 1);
    if (a < 0 || b < 0) return -1;
    return k === 0 ? (a << 2) | (b >> 4) : k === 1 ? ((a & 15) << 4) | (b >> 2) : ((a & 3) << 6) | b;
  }
}

/** `hi` and `lo` as one unsigned number, `lo` holding `base` values (0x100 for a byte), or -1 when either is missing. */
function joined(hi: number, lo: number, base: number): number {
  return hi < 0 || lo < 0 ? -1 : hi * base + lo;
}

/** Big-endian 16 bits at `i`, or -1 when a byte is missing. */
function u16be(b: HeaderBytes, i: number): number {
  return joined(b.at(i), b.at(i + 1), 0x100);
}

/** Little-endian 16 bits at `i`, or -1. */
function u16le(b: HeaderBytes, i: number): number {
  return joined(b.at(i + 1), b.at(i), 0x100);
}

/** Little-endian 24 bits at `i`, or -1. */
function u24le(b: HeaderBytes, i: number): number {
  return joined(b.at(i + 2), u16le(b, i), 0x10000);
}

/** Big-endian 32 bits at `i` (unsigned), or -1. */
function u32be(b: HeaderBytes, i: number): number {
  return joined(u16be(b, i), u16be(b, i + 2), 0x10000);
}

/** Little-endian 32 bits at `i` (unsigned), or -1. */
export function u32le(b: HeaderBytes, i: number): number {
  return joined(u16le(b, i + 2), u16le(b, i), 0x10000);
}

/** True when the bytes at `i` are the ASCII text `s`. */
export function startsWithAt(b: HeaderBytes, i: number, s: string): boolean {
  for (let k = 0; k < s.length; k++) if (b.at(i + k) !== s.charCodeAt(k)) return false;
  return true;
}

/** `{ width, height }` when both are whole numbers of 1 or more, else `undefined`. */
function sized(width: number, height: number): ImageDimensions | undefined {
  return width >= 1 && height >= 1 ? Object.freeze({ width, height }) : undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_MAX = 0x7fffffff; // PNG's widths and heights are at most 2^31 - 1

/** PNG: the signature, then the IHDR chunk first, of length 13, holding the width and height (big-endian). */
function png(b: HeaderBytes): ImageDimensions | undefined {
  if (u32be(b, 8) !== 13 || !startsWithAt(b, 12, "IHDR") || b.length < 8 + 8 + 13) return undefined;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  return width > PNG_MAX || height > PNG_MAX ? undefined : sized(width, height);
}

/** GIF87a / GIF89a: the logical screen descriptor's width and height (little-endian), after the 6-byte tag. */
function gif(b: HeaderBytes): ImageDimensions | undefined {
  if (!(startsWithAt(b, 3, "87a") || startsWithAt(b, 3, "89a")) || b.length < 13) return undefined;
  return sized(u16le(b, 6), u16le(b, 8));
}

/**
 * WebP: RIFF / WEBP, then the first chunk. `VP8 ` (lossy): a key frame's tag, the start code 9d 01 2a, and
 * 14-bit sizes; `VP8L` (lossless): the signature 0x2f and 14-bit sizes minus one; `VP8X` (extended): the
 * canvas size, 24 bits minus one each. A chunk (or the RIFF) too short for what it must hold is a lie.
 */
function webp(b: HeaderBytes): ImageDimensions | undefined {
  if (!startsWithAt(b, 8, "WEBP")) return undefined;
  const riff = u32le(b, 4);
  const chunk = u32le(b, 16);
  if (riff < 0 || chunk < 0 || riff < 4 + 8 + chunk) return undefined;
  if (startsWithAt(b, 12, "VP8 ")) {
    if (chunk < 10 || b.length < 30) return undefined;
    const keyFrame = (b.at(20) & 1) === 0;
    if (!keyFrame || b.at(23) !== 0x9d || b.at(24) !== 0x01 || b.at(25) !== 0x2a) return undefined;
    return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (startsWithAt(b, 12, "VP8L")) {
    if (chunk < 5 || b.length < 25 || b.at(20) !== 0x2f) return undefined;
    const bits = u32le(b, 21);
    return sized((bits & 0x3fff) + 1, (Math.floor(bits / 0x4000) & 0x3fff) + 1);
  }
  if (startsWithAt(b, 12, "VP8X")) {
    if (chunk < 10 || b.length < 30) return undefined;
    return sized(u24le(b, 24) + 1, u24le(b, 27) + 1);
  }
  return undefined;
}

/** SOF0..SOF15 but DHT (c4), JPG (c8) and DAC (cc): the markers whose segment is a frame header. */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * JPEG: from SOI, walk the segments by their lengths to the first frame header (SOFn), whose fields are the
 * precision, the height and the width (big-endian) and the component count; the segment must be long enough
 * for them. Fill bytes (ff) before a marker are skipped; a standalone marker (TEM, RSTn) has no length. A
 * scan (SOS) or the end (EOI) before any frame header, a length under 2, or a height of 0 (given later by a
 * DNL segment, which this reader does not look for) is `undefined`.
 */
function jpeg(b: HeaderBytes): ImageDimensions | undefined {
  let i = 2;
  for (;;) {
    if (b.at(i) !== 0xff) return undefined;
    let marker = b.at(i + 1);
    while (marker === 0xff) marker = b.at(++i + 1); // fill bytes
    if (marker < 0) return undefined;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // standalone: TEM, RST0..RST7
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return undefined;
    const length = u16be(b, i + 2);
    if (length < 2) return undefined;
    if (isFrameHeader(marker)) {
      const components = b.at(i + 9);
      if (components < 1 || length < 8 + 3 * components || i + 2 + length > b.length) return undefined;
      return sized(u16be(b, i + 7), u16be(b, i + 5));
    }
    i += 2 + length;
  }
}

/**
 * The stored `{ width, height }` of a PNG, GIF, WebP or JPEG, from base64 text (a part's `data`) or bytes;
 * `undefined` for any other format, and for a header that is truncated or does not hold its claims. Reads
 * only the header (a JPEG's segments up to its first frame header); never throws.
 *
 * @example
 * ```ts
 * imageDimensions(part.data); // { width: 1920, height: 1080 }
 * ```
 */
export function imageDimensions(data: string | Uint8Array): ImageDimensions | undefined {
  try {
    const b = headerBytes(data);
    const first = b.at(0);
    if (first === 0x89) return PNG_SIGNATURE.every((v, k) => b.at(k) === v) ? png(b) : undefined;
    if (first === 0x47) return startsWithAt(b, 0, "GIF") ? gif(b) : undefined;
    if (first === 0x52) return startsWithAt(b, 0, "RIFF") ? webp(b) : undefined;
    if (first === 0xff) return b.at(1) === 0xd8 ? jpeg(b) : undefined;
    return undefined;
  } catch {
    return undefined; // a getter or Proxy posing as the data: no size, never a throw
  }
}
