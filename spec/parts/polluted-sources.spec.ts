// A polluted Object.prototype makes nothing a source and changes nothing in a source that is one
// (fixtures/parts/polluted-sources.json): sources are recognised by what they are, never by their shape.
import { Readable } from "node:stream";
import { describe, expect, it } from "@jest/globals";
import { ContentPart } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { MEDIA, chunks, mediaBytes } from "./support";

interface Pollution {
  name: string;
  keys?: Record<string, string>;
  getters?: Record<string, string>;
}
interface SourceRow {
  source: string;
  clean: { code: string } | { type: string; mimeType: string; name?: string; url?: string };
}
const TABLE = loadJSON<{ pollutions: Pollution[]; sources: SourceRow[] }>("parts/polluted-sources.json");

const media = (ext: string) => MEDIA.find((m) => m.ext === ext)!;
const gif = () => mediaBytes(media("gif"));

/** A reader of the polluter's GIF bytes, as a polluted getReader would hand out. */
function gifReader(): object {
  let done = false;
  return {
    read: async () => (done ? { done: true, value: undefined } : ((done = true), { done: false, value: gif() })),
    cancel: async () => undefined,
    releaseLock: () => undefined,
  };
}

/** The value a pollution's key is set to, by name. */
function pollutionValue(name: string): unknown {
  switch (name) {
    case "gif-reader":
      return gifReader;
    case "gif-iterator":
      return async function* () {
        yield gif();
      };
    case "gif-array-buffer":
      return async () => gif().buffer;
    case "gif-size":
      return gif().byteLength;
    case "gif-type":
      return "image/gif";
    case "gif-blob-slice":
      return () => new Blob([gif()], { type: "image/gif" });
    case "gif-stream-method":
      return () => new Blob([gif()]).stream();
    case "gif-url":
      return "https://evil.example/x.gif";
    case "gif-name":
      return "evil.gif";
    case "false":
      return false;
    case "true":
      return true;
    case "gif-next": {
      let sent = false;
      return async () => (sent ? { done: true, value: undefined } : ((sent = true), { done: false, value: gif() }));
    }
    default:
      throw new Error(`polluted-sources.spec.ts: no pollution value ${JSON.stringify(name)}`);
  }
}

/** A source by name, holding a media fixture's bytes where it holds any. */
function source(name: string): unknown {
  const png = mediaBytes(media("png"));
  const pdf = mediaBytes(media("pdf"));
  switch (name) {
    case "empty-object":
      return {};
    case "object-inheriting-from-an-object":
      return Object.create({}) as object;
    case "class-instance":
      return new (class Shot {})();
    case "array-of-numbers":
      return [1, 2, 3];
    case "function":
      return () => png;
    case "date":
      return new Date(0);
    case "object-with-href":
      return { href: "https://example.test/a.png" };
    case "png-bytes":
      return png;
    case "png-blob":
      return new Blob([png]);
    case "pdf-blob":
      return new Blob([pdf]);
    case "pdf-file":
      return new File([pdf], "fixture.pdf");
    case "png-web-stream": {
      const parts = chunks(png);
      return new ReadableStream<Uint8Array>({ pull: (c) => void (parts.length ? c.enqueue(parts.shift()!) : c.close()) });
    }
    case "png-async-generator":
      return (async function* () {
        for (const c of chunks(png)) yield c;
      })();
    case "png-async-iterable-object": {
      const parts = chunks(png, 7);
      return {
        [Symbol.asyncIterator]: () => ({ next: async () => (parts.length ? { done: false, value: parts.shift() } : { done: true, value: undefined }) }),
      };
    }
    case "iterable-whose-iterator-has-no-next":
      return { [Symbol.asyncIterator]: () => ({}) };
    case "png-steps-without-done": {
      const parts = chunks(png);
      return { [Symbol.asyncIterator]: () => ({ next: async () => (parts.length ? { value: parts.shift() } : { done: true }) }) };
    }
    case "png-node-readable":
      return Readable.from(chunks(png).map((c) => Buffer.from(c)));
    case "png-url-object":
      return new URL("https://example.test/media/fixture.png");
    case "pdf-path":
      return "fixtures/media/fixture.pdf";
    default:
      throw new Error(`polluted-sources.spec.ts: no source ${JSON.stringify(name)}`);
  }
}

const keyOf = (k: string): PropertyKey => (k === "@@asyncIterator" ? Symbol.asyncIterator : k);

/**
 * Every Object.prototype a source's chain may end at: this realm's, and the platform's (Jest runs the spec
 * in a realm of its own, while a Blob, a stream or a URL comes from the host's classes, whose chains end at
 * the host's Object.prototype). Each is polluted alike.
 */
const ROOTS = [...new Set([Object.prototype, ...[Blob, File, ReadableStream, URL, Readable].map((C) => rootOf(C.prototype))])];
function rootOf(o: object): object {
  let at = o;
  for (let p = Object.getPrototypeOf(at) as object | null; p !== null; p = Object.getPrototypeOf(p) as object | null) at = p;
  return at;
}

/** What a call gave: a part's fields (its bytes as base64), or an error's class and code. */
async function outcome(src: unknown): Promise<Record<string, unknown>> {
  try {
    const part = await ContentPart.from(src as never);
    return { type: part.type, mimeType: part.mimeType, data: part.data, url: part.url, name: part.name };
  } catch (e) {
    return { error: (e as Error).name, code: (e as { code?: unknown }).code };
  }
}

describe.each(TABLE.sources)("ContentPart.from($source)", (row) => {
  it("with Object.prototype clean: as the table says", async () => {
    const got = await outcome(source(row.source));
    if ("code" in row.clean) expect(got).toEqual({ error: "ContentPartError", code: row.clean.code });
    else expect(got).toMatchObject({ name: undefined, url: undefined, ...row.clean });
  });

  it.each(TABLE.pollutions)("with Object.prototype polluted by $name: the same", async (p) => {
    const clean = await outcome(source(row.source));
    const src = source(row.source); // made before the pollution: only the call is under test
    const added: [Record<PropertyKey, unknown>, PropertyKey][] = [];
    let reads = 0;
    let polluted: Record<string, unknown>;
    try {
      for (const root of ROOTS as Record<PropertyKey, unknown>[]) {
        for (const [k, v] of Object.entries(p.keys ?? {})) {
          Object.defineProperty(root, keyOf(k), { value: pollutionValue(v), enumerable: true, writable: true, configurable: true });
          added.push([root, keyOf(k)]);
        }
        for (const [k, v] of Object.entries(p.getters ?? {})) {
          const value = pollutionValue(v);
          Object.defineProperty(root, keyOf(k), { get: () => (reads++, value), enumerable: true, configurable: true });
          added.push([root, keyOf(k)]);
        }
      }
      polluted = await outcome(src);
    } finally {
      for (const [root, k] of added) delete root[k];
    }
    expect(added.every(([root, k]) => !Object.hasOwn(root, k))).toBe(true);
    expect(ROOTS.length).toBeGreaterThanOrEqual(1);
    expect(polluted).toEqual(clean);
    // A polluted getter is never even read: the lookup stops before Object.prototype.
    expect(reads).toBe(0);
  });
});
