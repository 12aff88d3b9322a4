// Streams are read now, and reading stops as soon as maxBytes is passed (fixtures/parts/streams.json): proven by
// counting the chunks each source hands out, on sources that never end.
import { Readable } from "node:stream";
import { describe, expect, it } from "@jest/globals";
import { ContentPart } from "toolnexus";
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
