// The data the benchmarks run on: a realistic ~1 KB metadata tree, PNG-signed payloads of a given size, and
// the wire text of results holding them. Everything is generated from a fixed seed, so runs are comparable.
import { readFileSync } from "node:fs";

export const KiB = 1024;
export const MiB = 1024 * 1024;

/** The 82-byte PNG of the spec fixtures. */
export const SMALL_PNG = new Uint8Array(readFileSync(new URL("../../fixtures/media/fixture.png", import.meta.url)));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `size` bytes that start with the PNG signature and go on with seeded noise (base64 does not compress it). */
export function pngBytes(size, seed = 0x9e3779b9) {
  const buffer = new ArrayBuffer(size + (4 - (size % 4)) % 4);
  const words = new Uint32Array(buffer);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  const bytes = new Uint8Array(buffer, 0, size);
  bytes.set(PNG_SIGNATURE, 0);
  return bytes;
}

/** A fresh plain object of about 1 KB of JSON: what a tool keeps for its own bookkeeping. */
export function metadata1k() {
  return {
    tool: "search_docs",
    requestId: "req_01HZX3K9Q2V7T5M8N4B6C1D0EF",
    startedAt: "2025-01-01T12:00:00.000Z",
    durationMs: 184,
    cache: { hit: false, key: "search_docs:v2:how-do-i-configure-retries", ttlSeconds: 300 },
    query: { text: "how do I configure retries", filters: { lang: "en", section: ["guides", "api"] }, limit: 5 },
    hits: [1, 2, 3, 4, 5].map((i) => ({
      id: `doc-${1000 + i}`,
      title: `Retries and backoff, part ${i}`,
      score: Math.round((1 - i / 10) * 1000) / 1000,
      url: `https://docs.example.com/guides/retries/${i}`,
    })),
    tokens: { prompt: 1234, completion: 56 },
    flags: [true, false, null],
  };
}

/** Plain (unfrozen) JSON data of about `bytes` bytes: a wide and moderately deep tree. */
export function plainTree(bytes) {
  const rows = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const row = { id: i, name: `row ${i}`, tags: ["a", "b", "c"], nested: { x: i * 2, y: [i, i + 1], ok: i % 2 === 0 } };
    rows.push(row);
    size += JSON.stringify(row).length + 1;
  }
  return { rows };
}

/** `structuredClone` and a recursive freeze: the obvious way to own and freeze a caller's data. */
export function cloneAndFreeze(value) {
  return deepFreeze(structuredClone(value));
}

export function deepFreeze(value) {
  for (const v of Object.values(value)) if (typeof v === "object" && v !== null) deepFreeze(v);
  return Object.freeze(value);
}

/** The base64 of `bytes`, the native way. */
export function base64(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}
