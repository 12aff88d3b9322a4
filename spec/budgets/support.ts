// Helpers of the budgets specs: image and audio headers made in memory (only the bytes a header reader reads,
// with the rest of a file's length when a size matters), and parts holding them.
import { ContentPart } from "toolnexus";

export const hexBytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, "hex"));
export const base64Of = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

/** A PNG's signature and IHDR chunk (CRC left zero) for `width` x `height`, padded with zeros to `total` bytes. */
export function pngHeader(width: number, height: number, total = 33): Uint8Array {
  const out = new Uint8Array(Math.max(total, 33));
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  out.set([8, 2, 0, 0, 0], 24);
  return out;
}

/** An image part holding a PNG header of that size (a part reads only its signature, so the rest may be zeros). */
export function pngPart(width: number, height: number, total = 33): ContentPart {
  return ContentPart.fromBytes(pngHeader(width, height, total), { mimeType: "image/png" });
}

/** A PCM WAV of `seconds` at 8 kHz, 8-bit mono (8000 bytes a second), silent. */
export function wav(seconds: number): Uint8Array {
  const n = Math.round(seconds * 8000);
  const out = new Uint8Array(44 + n);
  const v = new DataView(out.buffer);
  out.set(Buffer.from("RIFF"), 0);
  v.setUint32(4, 36 + n, true);
  out.set(Buffer.from("WAVEfmt "), 8);
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, 8000, true); // sample rate
  v.setUint32(28, 8000, true); // byte rate
  v.setUint16(32, 1, true); // block align
  v.setUint16(34, 8, true); // bits per sample
  out.set(Buffer.from("data"), 36);
  v.setUint32(40, n, true);
  out.fill(0x80, 44);
  return out;
}

/**
 * A fixture's JSON with each `{ "$png": [width, height, total?] }` replaced by the base64 of a PNG header of
 * that size ({@link pngHeader}, `total` bytes long, 64 by default): how the budgets and provider fixtures hold
 * images of any size (a 12 MB screenshot is a row, not a 12 MB file). Anything else is copied as it is.
 */
export function withImages<T>(json: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== "object" || v === null) return v;
    const size = (v as { $png?: unknown }).$png;
    if (Array.isArray(size)) {
      const [width, height, total = 64] = size as number[];
      return base64Of(pngHeader(width, height, total));
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(json) as T;
}
