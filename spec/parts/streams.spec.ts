// Streams are read now, and reading stops as soon as maxBytes is passed (fixtures/parts/streams.json): proven by
// counting the chunks each source hands out, on sources that never end.
import { Readable } from "node:stream";
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ContentPartError } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { caught, toBase64 } from "./support";

interface Table {
  kinds: string[];
  cases: { chunk: number; maxBytes: number; pulled: number }[];
  underCap: { chunk: number; chunks: number; maxBytes: number }[];
}
const TABLE = loadJSON<Table>("parts/streams.json");

interface Counted {
  source: unknown;
  /** Chunks handed out so far. */
  pulled(): number;
  /** True once the reader let go of the source (cancelled, returned or destroyed). */
  released(): boolean;
  /** The most chunks the source may hand out beyond what was read (its own read-ahead). */
  slack: number;
}

const chunkOf = (size: number, i: number) => new Uint8Array(size).fill(0x41 + (i % 26));

/** A source of the given kind yielding `limit` chunks of `size` bytes (endless when limit is Infinity). */
function counted(kind: string, size: number, limit = Infinity): Counted {
  let n = 0;
  let released = false;
  const next = () => chunkOf(size, n++);
  switch (kind) {
    case "web-stream-hwm0":
    case "web-stream-default": {
      const source = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (n >= limit) controller.close();
            else controller.enqueue(next());
          },
          cancel() {
            released = true;
          },
        },
        kind === "web-stream-hwm0" ? { highWaterMark: 0 } : undefined,
      );
      return { source, pulled: () => n, released: () => released, slack: kind === "web-stream-hwm0" ? 0 : 1 };
    }
    case "async-generator": {
      const source = (async function* () {
        try {
          while (n < limit) yield next();
        } finally {
          released = true;
        }
      })();
      return { source, pulled: () => n, released: () => released || n >= limit, slack: 0 };
    }
    case "async-iterator-object": {
      const source = {
        [Symbol.asyncIterator]() {
          return {
            next: async () => (n < limit ? { done: false, value: next() } : { done: true, value: undefined }),
            return: async () => {
              released = true;
              return { done: true, value: undefined };
            },
          };
        },
      };
      return { source, pulled: () => n, released: () => released || n >= limit, slack: 0 };
    }
    case "node-readable-hwm0": {
      const source = new Readable({
        highWaterMark: 0,
        read() {
          this.push(n < limit ? Buffer.from(next()) : null);
        },
      });
      return { source, pulled: () => n, released: () => source.destroyed, slack: 1 };
    }
    case "node-readable-from-generator": {
      const source = Readable.from(
        (function* () {
          while (n < limit) yield Buffer.from(next());
        })(),
      );
      return { source, pulled: () => n, released: () => source.destroyed, slack: 1 };
    }
    default:
      throw new Error(`streams.spec.ts: no kind ${kind}`);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe.each(TABLE.kinds)("%s", (kind) => {
  it.each(TABLE.cases)("chunks of $chunk bytes, maxBytes $maxBytes: stops after $pulled chunks", async ({ chunk, maxBytes, pulled }) => {
    const c = counted(kind, chunk);
    const e = await caught(() => ContentPart.from(c.source as never, { mimeType: "text/plain", maxBytes }));
    expect(e.code).toBe("too-large");
    expect(e.message).toContain(`maxBytes = ${maxBytes}`);
    await settle();
    expect(c.pulled()).toBeGreaterThanOrEqual(pulled);
    expect(c.pulled()).toBeLessThanOrEqual(pulled + c.slack);
    expect(c.released()).toBe(true);
    // Nothing more is taken once the read has stopped.
    const after = c.pulled();
    await settle();
    expect(c.pulled()).toBe(after);
  });

  it.each(TABLE.underCap)("$chunks chunks of $chunk bytes under maxBytes $maxBytes: read to the end", async ({ chunk, chunks, maxBytes }) => {
    const c = counted(kind, chunk, chunks);
    const part = await ContentPart.from(c.source as never, { mimeType: "text/plain", maxBytes });
    const expected = new Uint8Array(chunk * chunks);
    for (let i = 0; i < chunks; i++) expected.set(chunkOf(chunk, i), i * chunk);
    expect(part.byteLength).toBe(chunk * chunks);
    expect(part.data).toBe(toBase64(expected));
    expect(c.pulled()).toBe(chunks);
  });

  it("a bad chunk stops the read and releases the source", async () => {
    let n = 0;
    let released = false;
    const bad = kind.startsWith("web")
      ? new ReadableStream<unknown>({
          pull(controller) {
            n++;
            controller.enqueue(n === 2 ? "not bytes" : new Uint8Array(4));
          },
          cancel() {
            released = true;
          },
        })
      : (async function* () {
          try {
            for (;;) {
              n++;
              yield n === 2 ? "not bytes" : new Uint8Array(4);
            }
          } finally {
            released = true;
          }
        })();
    const e = await caught(() => ContentPart.from(bad as never, { mimeType: "text/plain" }));
    expect(e.code).toBe("invalid-source");
    await settle();
    expect(released).toBe(true);
    expect(n).toBeLessThanOrEqual(3);
  });
});

describe("an iterator that fails to close", () => {
  it("still gives too-large, the error that stopped the read", async () => {
    let returned = 0;
    const source = {
      [Symbol.asyncIterator]() {
        return {
          next: async () => ({ done: false, value: new Uint8Array(10) }),
          return: async () => {
            returned++;
            throw new Error("cannot close");
          },
        };
      },
    };
    const e = await caught(() => ContentPart.from(source as never, { mimeType: "text/plain", maxBytes: 15 }));
    expect(e.code).toBe("too-large");
    expect(returned).toBe(1);
  });
});

describe("sources whose size is known up front are refused before they are read", () => {
  it("a Blob over maxBytes is never read", async () => {
    let reads = 0;
    class CountingBlob extends Blob {
      override arrayBuffer(): Promise<ArrayBuffer> {
        reads++;
        return super.arrayBuffer();
      }
    }
    const e = await caught(() => ContentPart.from(new CountingBlob([new Uint8Array(100)]), { mimeType: "text/plain", maxBytes: 99 }));
    expect(e.code).toBe("too-large");
    expect(e.message).toContain("100 bytes");
    expect(reads).toBe(0);
    await ContentPart.from(new CountingBlob([new Uint8Array(100)]), { mimeType: "text/plain", maxBytes: 100 });
    expect(reads).toBe(1);
  });

  it("maxBytes: Infinity means no cap", async () => {
    const part = await ContentPart.from(counted("async-generator", 1000, 20).source as never, { mimeType: "text/plain", maxBytes: Infinity });
    expect(part.byteLength).toBe(20_000);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Bytes are copied when read (fixtures/parts/streams.json, `reusedBuffer` and `detached`).

interface Reuse {
  reuseKinds: string[];
  cases: { chunks: string[]; expected: string }[];
}
interface Detached {
  views: string[];
  entries: string[];
  messageContains: string;
}
const REUSE = (TABLE as unknown as { reusedBuffer: Reuse }).reusedBuffer;
const DETACHED = (TABLE as unknown as { detached: Detached }).detached;

/**
 * A producer that writes each chunk's text into one shared buffer and hands out a view of it, then
 * overwrites the buffer for the next chunk, as `fh.read(buf)` does. A reader that keeps the views instead of
 * copying them ends up with the last chunk repeated.
 */
function reusing(kind: string, texts: string[]): unknown {
  const buf = new Uint8Array(64);
  let n = 0;
  const fill = (): Uint8Array | undefined => {
    if (n >= texts.length) return undefined;
    const t = texts[n++]!;
    buf.fill(0x2e); // whatever was there before is overwritten
    for (let i = 0; i < t.length; i++) buf[i] = t.charCodeAt(i);
    return buf.subarray(0, t.length);
  };
  switch (kind) {
    case "web-stream-hwm0":
      return new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            const c = fill();
            if (c === undefined) controller.close();
            else controller.enqueue(c);
          },
        },
        { highWaterMark: 0 },
      );
    case "async-generator":
      return (async function* () {
        for (let c = fill(); c !== undefined; c = fill()) yield c;
      })();
    case "async-iterator-object":
      return {
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            const c = fill();
            return c === undefined ? { done: true, value: undefined } : { done: false, value: c };
          },
        }),
      };
    case "node-readable-hwm0":
      // Buffer.from(arrayBuffer, offset, length) shares memory: the Readable hands out views of `buf`.
      return new Readable({
        highWaterMark: 0,
        read() {
          const c = fill();
          this.push(c === undefined ? null : Buffer.from(c.buffer, c.byteOffset, c.byteLength));
        },
      });
    default:
      throw new Error(`streams.spec.ts: no reuse kind ${kind}`);
  }
}

const text = (part: ContentPart) => new TextDecoder().decode(part.bytes());

describe.each(REUSE.reuseKinds)("a producer that reuses its buffer (%s)", (kind) => {
  it.each(REUSE.cases)("$chunks is stored as $expected", async ({ chunks: texts, expected }) => {
    const part = await ContentPart.from(reusing(kind, texts) as never, { mimeType: "text/plain" });
    expect(text(part)).toBe(expected);
  });
});

/** Detaches `buffer` (transfers it away) and returns it. */
function detach<T extends ArrayBuffer>(buffer: T): T {
  structuredClone(buffer, { transfer: [buffer] });
  if (buffer.byteLength !== 0) throw new Error("streams.spec.ts: the buffer did not detach");
  return buffer;
}

/** A view of the given kind over a buffer that is then detached. */
function detachedView(kind: string): unknown {
  const buffer = new ArrayBuffer(32);
  let view: unknown;
  switch (kind) {
    case "uint8array":
      view = new Uint8Array(buffer);
      break;
    case "uint8array-offset":
      view = new Uint8Array(buffer, 8, 16);
      break;
    case "buffer":
      view = Buffer.from(buffer, 4, 8);
      break;
    case "int16array":
      view = new Int16Array(buffer);
      break;
    case "float64array":
      view = new Float64Array(buffer, 8, 2);
      break;
    case "dataview":
      view = new DataView(buffer);
      break;
    case "dataview-offset":
      view = new DataView(buffer, 3, 5);
      break;
    case "arraybuffer":
      view = buffer;
      break;
    default:
      throw new Error(`streams.spec.ts: no view kind ${kind}`);
  }
  detach(buffer);
  return view;
}

/** Hands `bad` to the library through the named entry, and returns what it threw or rejected with. */
async function through(entry: string, bad: unknown): Promise<unknown> {
  const options = { mimeType: "image/png" };
  try {
    switch (entry) {
      case "fromBytes":
        ContentPart.fromBytes(bad as never, options);
        break;
      case "from":
        await ContentPart.from(bad as never, options);
        break;
      case "image":
        await ContentPart.image(bad as never, options);
        break;
      case "safeFile": {
        const r = await ContentPart.safeFile(bad as never, { mimeType: "application/pdf" });
        if (!r.success) return r.error;
        break;
      }
      case "web-stream-chunk":
        await ContentPart.from(
          new ReadableStream<unknown>({
            start(controller) {
              controller.enqueue(new Uint8Array([0x89, 0x50]));
              controller.enqueue(bad);
              controller.close();
            },
          }) as never,
          options,
        );
        break;
      case "async-generator-chunk":
        await ContentPart.from(
          (async function* () {
            yield new Uint8Array([0x89, 0x50]);
            yield bad;
          })() as never,
          options,
        );
        break;
      default:
        throw new Error(`streams.spec.ts: no entry ${entry}`);
    }
  } catch (e) {
    return e;
  }
  return undefined;
}

describe.each(DETACHED.entries)("a detached buffer given to %s", (entry) => {
  it.each(DETACHED.views)("%s: a ContentPartError invalid-source, never a bare TypeError", async (kind) => {
    const e = await through(entry, detachedView(kind));
    expect(e).toBeInstanceOf(ContentPartError);
    expect((e as ContentPartError).code).toBe("invalid-source");
    expect((e as ContentPartError).message).toContain(DETACHED.messageContains);
    if (entry.endsWith("-chunk")) expect((e as ContentPartError).message).toContain("Chunk 1 of the stream");
  });
});

describe("bytes are read through their internal slots", () => {
  it("an own `buffer` getter on a genuine Uint8Array is never run", () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    let runs = 0;
    for (const key of ["buffer", "byteOffset", "byteLength", "length"]) {
      Object.defineProperty(bytes, key, {
        get() {
          runs++;
          throw new Error("hostile getter");
        },
      });
    }
    const part = ContentPart.fromBytes(bytes, { mimeType: "image/png" });
    expect(part.byteLength).toBe(11);
    expect(runs).toBe(0);
  });

  it("an empty buffer that is not detached is `empty`, not `invalid-source`", () => {
    const e = (() => {
      try {
        ContentPart.fromBytes(new Uint8Array(new ArrayBuffer(8), 8, 0), { mimeType: "image/png" });
      } catch (x) {
        return x as ContentPartError;
      }
      return undefined;
    })();
    expect(e?.code).toBe("empty");
  });
});
