/**
 * How a part's payload is named in test output: its size and a short digest, never its content.
 *
 * @module
 */
import { decodedLength } from "../base64";

/**
 * The 32-bit FNV-1a hash of a string's UTF-16 code units, as 8 hex digits.
 *
 * Portable (no `node:crypto`), stable across runs and platforms, and fast enough for test output: it is
 * not a cryptographic hash, only a way to tell two payloads of the same size apart at a glance. Run over
 * the canonical base64 text, so equal payloads always get equal digests.
 *
 * @example
 * ```ts
 * fnv1a("hello"); // "4f9f2cab"
 * ```
 */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    h ^= text.charCodeAt(i);
    // h * 16777619 (2^24 + 2^8 + 0x93) modulo 2^32, in shifts and adds: no global (such as Math.imul) is
    // read in the loop, because inside Jest's sandbox every global lookup is slow.
    h = (h + (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24)) | 0;
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * `2130 bytes, digest 1a2b3c4d`: the decoded size of canonical base64 and the digest of its text.
 *
 * @example
 * ```ts
 * payloadLabel(part.data!); // such as "82 bytes, digest 9c1e0d55"
 * ```
 */
export function payloadLabel(base64: string): string {
  const n = decodedLength(base64);
  return `${n} byte${n === 1 ? "" : "s"}, digest ${fnv1a(base64)}`;
}
