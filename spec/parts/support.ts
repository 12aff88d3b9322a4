// Helpers of the ContentPart specs: the media fixtures table, and a builder that turns a fixture's bytes into
// a source of any kind the factories read (fixtures/parts/sources.json names the kinds).
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { ContentPart, ContentPartError } from "toolnexus";
import { fixturePath, loadBytes, loadJSON } from "../support/fixtures";

/** One row of fixtures/parts/media.json. */
export interface Media {
  file: string;
  ext: string;
  type: "image" | "file" | "audio";
  mimeType: string;
  bytes: number;
  signature: string;
}

export const MEDIA: Media[] = loadJSON<{ files: Media[] }>("parts/media.json").files;

/** The fixture's bytes, in a fresh Uint8Array. */
export function mediaBytes(m: Media): Uint8Array<ArrayBuffer> {
  return new Uint8Array(loadBytes(`media/${m.file}`));
}

/** Standard padded base64 of bytes, computed here (not by the library). */
export function toBase64(bytes: Uint8Array): string {
  let s = "";
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    s += ALPHABET[a >> 2];
    s += ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)];
    s += b === undefined ? "=" : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)];
    s += c === undefined ? "=" : ALPHABET[c & 63];
  }
  return s;
}

export function hex(s: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Copies bytes into a larger buffer at `offset`, with junk on both sides. */
export function atOffset(bytes: Uint8Array, offset = 7, after = 5): { buffer: ArrayBuffer; offset: number } {
  const buffer = new ArrayBuffer(offset + bytes.length + after);
  const all = new Uint8Array(buffer);
  all.fill(0xee);
  all.set(bytes, offset);
  return { buffer, offset };
}

/** Splits bytes into chunks of at most `size` bytes. */
export function chunks(bytes: Uint8Array<ArrayBuffer>, size = 16): Uint8Array<ArrayBuffer>[] {
  const out: Uint8Array<ArrayBuffer>[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

export const unpad = (b64: string): string => b64.replace(/=+$/, "");
export const urlSafe = (b64: string): string => b64.replace(/\+/g, "-").replace(/\//g, "_");
export const wrap = (b64: string, width = 16): string => b64.replace(new RegExp(`(.{${width}})`, "g"), "$1\r\n");

/**
 * A source of the given kind holding the media fixture `m`. Kinds are listed in fixtures/parts/sources.json;
 * an unknown kind throws, so a typo in the table fails loudly.
 */
export function makeSource(kind: string, m: Media): unknown {
  const bytes = mediaBytes(m);
  const b64 = toBase64(bytes);
  switch (kind) {
    case "path":
      return `fixtures/media/${m.file}`;
    case "absolute-path":
      return fixturePath(`media/${m.file}`);
    case "data-url-base64":
      return `data:${m.mimeType};base64,${b64}`;
    case "data-url-base64-unpadded-urlsafe":
      return `data:${m.mimeType};base64,${urlSafe(unpad(b64))}`;
    case "data-url-percent":
      return `data:${m.mimeType},${Array.from(bytes, (b) => (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("")}`;
    case "data-url-untyped-base64":
      return `data:;base64,${b64}`;
    case "http-url":
      return `http://example.test/media/${m.file}`;
    case "https-url":
      return `https://example.test/media/${m.file}`;
    case "https-url-query":
      return `https://example.test/media/${m.file.replace(/\.\w+$/, (e) => e.toUpperCase())}?size=large#top`;
    case "url-object-https":
      return new URL(`https://example.test/media/${m.file}`);
    case "url-object-http-query":
      return new URL(`http://example.test/media/${m.file.replace(/\.\w+$/, (e) => e.toUpperCase())}?size=large#top`);
    case "url-object-data":
      return new URL(`data:${m.mimeType};base64,${b64}`);
    case "uint8array":
      return bytes;
    case "uint8array-subarray": {
      const { buffer, offset } = atOffset(bytes);
      return new Uint8Array(buffer).subarray(offset, offset + bytes.length);
    }
    case "buffer":
      return Buffer.from(bytes);
    case "buffer-slice": {
      const { buffer, offset } = atOffset(bytes);
      return Buffer.from(buffer, offset, bytes.length);
    }
    case "arraybuffer":
      return bytes.slice().buffer;
    case "shared-arraybuffer": {
      const sab = new SharedArrayBuffer(bytes.length);
      new Uint8Array(sab).set(bytes);
      return sab;
    }
    case "dataview-offset": {
      const { buffer, offset } = atOffset(bytes);
      return new DataView(buffer, offset, bytes.length);
    }
    case "int8array-offset": {
      const { buffer, offset } = atOffset(bytes);
      return new Int8Array(buffer, offset, bytes.length);
    }
    case "uint8clampedarray-offset": {
      const { buffer, offset } = atOffset(bytes);
      return new Uint8ClampedArray(buffer, offset, bytes.length);
    }
    case "blob":
      return new Blob([bytes]);
    case "blob-typed":
      return new Blob([bytes], { type: m.mimeType });
    case "file":
      return new File([bytes], m.file, { type: m.mimeType });
    case "file-untyped":
      return new File([bytes], m.file);
    case "readable-stream": {
      const parts = chunks(bytes);
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = parts.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(next);
        },
      });
    }
    case "readable-stream-mixed-chunks": {
      const parts = chunks(bytes, 10).map((c, i) => (i % 3 === 0 ? c : i % 3 === 1 ? c.slice().buffer : new DataView(atOffset(c, 3).buffer, 3, c.length)));
      return new ReadableStream<unknown>({
        start(controller) {
          for (const p of parts) controller.enqueue(p);
          controller.close();
        },
      });
    }
    case "readable-byte-stream": {
      const parts = chunks(bytes, 10);
      return new ReadableStream({
        type: "bytes",
        pull(controller) {
          const next = parts.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(next);
        },
      });
    }
    case "response-body":
      return new Response(bytes).body;
    case "blob-stream":
      return new Blob([bytes]).stream();
    case "readable-to-web":
      return Readable.toWeb(createReadStream(fixturePath(`media/${m.file}`), { highWaterMark: 16 }));
    case "async-generator":
      return (async function* () {
        for (const c of chunks(bytes)) yield c;
      })();
    case "async-iterable-object": {
      const parts = chunks(bytes, 7);
      return {
        [Symbol.asyncIterator]() {
          let i = 0;
          return { next: async () => (i < parts.length ? { done: false, value: parts[i++] } : { done: true, value: undefined }) };
        },
      };
    }
    case "node-readable":
      return Readable.from(chunks(bytes).map((c) => Buffer.from(c)));
    case "node-readable-file":
      return createReadStream(fixturePath(`media/${m.file}`), { highWaterMark: 16 });
    case "base64":
      return b64;
    case "base64-unpadded":
      return unpad(b64);
    case "base64-urlsafe":
      return urlSafe(b64);
    case "base64-wrapped":
      return wrap(b64);
    case "json-data":
      return { type: m.type, mimeType: m.mimeType, data: b64 };
    case "json-data-unpadded-urlsafe":
      return { type: m.type, mimeType: m.mimeType, data: urlSafe(unpad(b64)) };
    case "json-url":
      return { type: m.type, mimeType: m.mimeType, url: `https://example.test/media/${m.file}` };
    case "json-data-url":
      return { type: m.type, mimeType: m.mimeType, url: `data:${m.mimeType};base64,${b64}` };
    default:
      throw new Error(`spec/parts/support.ts: no source kind ${JSON.stringify(kind)}`);
  }
}

/** Calls a factory by name. */
export function callAsync(factory: string, source: unknown, options?: unknown): Promise<ContentPart> {
  const f = (ContentPart as unknown as Record<string, (s: unknown, o?: unknown) => Promise<ContentPart>>)[factory];
  if (typeof f !== "function") throw new Error(`no factory ContentPart.${factory}`);
  return f.call(ContentPart, source, options);
}

/** Calls a synchronous factory by name. */
export function callSync(factory: string, source: unknown, options?: unknown): ContentPart {
  const f = (ContentPart as unknown as Record<string, (s: unknown, o?: unknown) => ContentPart>)[factory];
  if (typeof f !== "function") throw new Error(`no factory ContentPart.${factory}`);
  return f.call(ContentPart, source, options);
}

/** Runs `fn` and returns what it threw (or rejected with); fails when it did not throw. */
export async function caught(fn: () => unknown): Promise<ContentPartError> {
  let value: unknown;
  try {
    value = await fn();
  } catch (e) {
    return e as ContentPartError;
  }
  throw new Error(`expected an error, got ${value instanceof ContentPart ? value.summary() : String(value)}`);
}
