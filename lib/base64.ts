// Base64 for the core, with and without Node's Buffer. `Buffer` is looked up on each call, not at import,
// so the portable path runs wherever Buffer is absent (a browser, an edge runtime, or a test that hides it).

interface BufferLike {
  readonly buffer: ArrayBufferLike;
  readonly byteOffset: number;
  readonly length: number;
  toString(encoding: "base64"): string;
  write(s: string, encoding: "base64"): number;
}
interface BufferCtor {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): BufferLike;
  from(s: string, encoding: "base64"): BufferLike;
  allocUnsafeSlow(size: number): BufferLike;
}

function nodeBuffer(): BufferCtor | undefined {
  return (globalThis as { Buffer?: BufferCtor }).Buffer;
}

const CANONICAL = /^[A-Za-z0-9+/]*={0,2}$/;
const INDEX = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard padded base64 of a view's bytes (only the bytes the view covers). */
export function encodeBase64(view: Uint8Array): string {
  const B = nodeBuffer();
  if (B) return B.from(view.buffer, view.byteOffset, view.byteLength).toString("base64");
  const native = (view as { toBase64?: () => string }).toBase64;
  if (typeof native === "function") return native.call(view);
  let binary = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < view.length; i += CHUNK) {
    binary += String.fromCharCode.apply(null, view.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return btoa(binary);
}

/** How many `=` end the string: 0, 1 or 2. */
function padding(b64: string): number {
  return b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
}

/** Decoded size of canonical base64, from its length alone. */
export function decodedLength(b64: string): number {
  return (b64.length / 4) * 3 - padding(b64);
}

/**
 * Decodes canonical base64 into a fresh Uint8Array that shares memory with nothing. Non-zero bits after the
 * last byte are ignored (both decoders accept them), which `toCanonicalBase64` relies on.
 */
export function decodeBase64(b64: string): Uint8Array {
  const out = new Uint8Array(decodedLength(b64));
  const B = nodeBuffer();
  if (B) {
    B.from(out.buffer, 0, out.length).write(b64, "base64");
    return out;
  }
  const binary = atob(b64);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Decodes only the first `bytes` bytes (for signature checks); `b64` must be canonical. */
export function decodePrefix(b64: string, bytes: number): Uint8Array {
  const chars = Math.min(b64.length, Math.ceil(bytes / 3) * 4);
  return decodeBase64(b64.slice(0, chars));
}

// Reused scratch memory for the validation pass: decoding in slices keeps memory flat on large payloads.
const SLICE_CHARS = 1 << 18;
let scratch: BufferLike | undefined;

/**
 * A character at or above U+0100. V8 keeps a string whose characters all fit in one byte in a one-byte
 * representation and answers this test from that representation without reading the characters, so on the
 * strings JSON.parse makes of base64 it costs next to nothing. (A test for U+0080 and above would scan.)
 */
const WIDE = /[^\u0000-\u00ff]/;

let decoderSkipsJunk: boolean | undefined;

/**
 * True when Node's base64 decoder skips every character of U+0000..U+00FF outside the alphabet (whitespace,
 * `=` before the end, Latin-1 letters, control characters): each skipped one shortens what it writes, which is
 * what the checks below count on. Asked once, on first use, of the decoder this process runs. Node reads the
 * URL-safe `-` and `_` as `+` and `/`: those are found with `indexOf`, not by the count.
 */
function junkIsSkipped(B: BufferCtor): boolean {
  if (decoderSkipsJunk === undefined) {
    const probe = B.allocUnsafeSlow(8);
    let ok = probe.write("QU=DQUJD", "base64") < 6;
    for (let c = 0; ok && c < 0x100; c++) {
      const ch = String.fromCharCode(c);
      if (INDEX.includes(ch) || ch === "-" || ch === "_") continue;
      ok = probe.write(`QUJDQUJ${ch}`, "base64") < 6 && probe.write(`QU${ch}JDQUJ`, "base64") < 6;
    }
    decoderSkipsJunk = ok;
  }
  return decoderSkipsJunk;
}

/**
 * True when `s` is canonical standard base64: the alphabet `A-Z a-z 0-9 + /`, padded to a multiple of four,
 * `=` only at the end, and zero bits after the last byte.
 *
 * On Node, without reading the string in JavaScript: a test for a character at or above U+0100 (answered from
 * V8's one-byte representation), `indexOf` for the URL-safe `-` and `_` (Node's decoder reads them), then a
 * decode into reused memory, slice by slice, counting what was written: the decoder skips every other
 * character outside the alphabet (a Latin-1 letter, whitespace, a `=` before the end), and each one skipped
 * makes a slice write fewer bytes than its length promises. spec/properties/base64-soundness.spec.ts checks
 * this against a strict decoder, for every class of corruption.
 */
function isCanonicalBase64(s: string): boolean {
  const n = s.length;
  if (n === 0 || n % 4 !== 0) return false;
  const pad = padding(s);
  // Unused low bits of the last data character must be zero.
  const last = INDEX.indexOf(s[n - 1 - pad]);
  if (last < 0) return false;
  if (pad === 1 && (last & 0b11) !== 0) return false;
  if (pad === 2 && (last & 0b1111) !== 0) return false;
  const B = nodeBuffer();
  if (!B || n < 256 || !junkIsSkipped(B)) return CANONICAL.test(s);
  if (WIDE.test(s)) return false;
  if (s.indexOf("-") !== -1 || s.indexOf("_") !== -1) return false;
  if (!scratch) scratch = B.allocUnsafeSlow((SLICE_CHARS / 4) * 3);
  for (let i = 0; i < n; i += SLICE_CHARS) {
    const end = Math.min(n, i + SLICE_CHARS);
    const expected = ((end - i) / 4) * 3 - (end === n ? pad : 0);
    if (scratch.write(end - i === n ? s : s.slice(i, end), "base64") !== expected) return false;
  }
  return true;
}

/**
 * Turns base64 in any decodable spelling (unpadded, URL-safe, wrapped in whitespace, with non-zero trailing
 * bits) into canonical padded standard base64, or returns `undefined` when it does not decode.
 *
 * Linear in the input: on Node, one native decode (which reads both alphabets) counted as in
 * {@link isCanonicalBase64}, and one native encode; whitespace, when there is any, is dropped by one pass
 * first. No regular expression runs over the whole string on that path.
 */
export function toCanonicalBase64(input: string): string | undefined {
  if (isCanonicalBase64(input)) return input;
  const B = nodeBuffer();
  if (!B || !junkIsSkipped(B)) return portableCanonical(input);
  if (WIDE.test(input)) return undefined;
  const decoded = decodeCounted(B, input);
  if (decoded !== undefined) return decoded;
  // Whitespace (or junk): drop the whitespace in one pass and count again; junk still shortens the count.
  const stripped = input.replace(WHITESPACE, "");
  return stripped.length === input.length ? undefined : decodeCounted(B, stripped);
}

const WHITESPACE = /[\t\n\f\r ]+/g;

/**
 * `s` decoded by Node and encoded again (canonical), when every character but a final `=` or two is in one
 * of the two alphabets: then the decoder writes exactly floor(6d / 8) bytes for d data characters, and each
 * character it skipped would have made it write fewer. `undefined` when the count or the padding is wrong.
 */
function decodeCounted(B: BufferCtor, s: string): string | undefined {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 0x3d) end--; // "="
  const pad = s.length - end;
  const rem = end % 4;
  if (end === 0) return pad === 0 ? "" : undefined; // nothing at all is "" (an `empty` error for the caller)
  if (rem === 1 || (pad > 0 && (pad > 2 || s.length % 4 !== 0))) return undefined;
  const expected = Math.floor((end * 6) / 8);
  const out = B.allocUnsafeSlow(expected);
  if (out.write(pad === 0 ? s : s.slice(0, end), "base64") !== expected) return undefined;
  return out.toString("base64");
}

/** The same without Node's Buffer (a browser, an edge runtime): the same rules, by regular expressions. */
function portableCanonical(input: string): string | undefined {
  // Whitespace dropped, the URL-safe alphabet mapped to the standard one, then: data characters, padding.
  const parts = /^([A-Za-z0-9+/]*)(=*)$/.exec(input.replace(WHITESPACE, "").replace(/-/g, "+").replace(/_/g, "/"));
  if (parts === null) return undefined;
  let s = parts[1];
  const pad = parts[2].length;
  const rem = s.length % 4;
  if (rem === 1 || (pad > 0 && (pad > 2 || (s.length + pad) % 4 !== 0))) return undefined;
  if (rem !== 0) s += rem === 2 ? "==" : "=";
  // Non-zero trailing bits: decoders accept them; re-encode to the one canonical spelling.
  return s === "" || isCanonicalBase64(s) ? s : encodeBase64(decodeBase64(s));
}
