// Every ContentPartError code (fixtures/parts/errors.json): the code, the path, and a message that says what
// was wrong and how to fix it; the same error at `parts[2]...` when the part sits inside a ToolResult; and
// the safe* twins, which give the same error without ever rejecting.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "@jest/globals";
import { ContentPart, ContentPartError, ToolResult, ToolnexusError, ValidationError } from "toolnexus";
import { loadBytes, loadJSON } from "../support/fixtures";
import { thrownBy } from "../support/throws";
import { shrunkView } from "../hostile/constructs";
import { MEDIA, caught, hex, makeSource, mediaBytes, toBase64 } from "./support";

type SourceSpec =
  | { string: string }
  | { value: unknown }
  | { media: string; as: string }
  | { hex: string; as: string }
  | { special: string }
  | { tempFile: { name: string; media?: string; hex?: string } };

interface ErrorCase {
  name: string;
  call: string;
  source: SourceSpec;
  options?: unknown;
  code: string;
  path: string;
  says?: string[];
  posixOnly?: boolean;
}

const CASES = loadJSON<{ cases: ErrorCase[] }>("parts/errors.json").cases;
const media = (file: string) => {
  const m = MEDIA.find((x) => x.file === file);
  if (!m) throw new Error(`no media fixture ${file}`);
  return m;
};

const tmp = mkdtempSync(join(tmpdir(), "toolnexus-parts-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function longBase64(replace: string): string {
  const b64 = toBase64(Uint8Array.from({ length: 600 }, (_, i) => (i * 31) & 0xff));
  return b64.slice(0, 300) + replace + b64.slice(301);
}

function special(name: string): unknown {
  switch (name) {
    case "undefined":
      return undefined;
    case "date":
      return new Date(0);
    case "function":
      return () => new Uint8Array(1);
    case "symbol":
      return Symbol("shot.png");
    case "file-notes-txt":
      return new File([new TextEncoder().encode("hello")], "notes.txt");
    case "file-c1-name":
      return new File([new TextEncoder().encode("%PDF-1.4")], "report\u0085.pdf");
    case "shrunk-view":
      return shrunkView(new Uint8Array(loadBytes("media/fixture.png")));
    case "data-url-png-holding-jpeg":
      return `data:image/png;base64,${toBase64(mediaBytes(media("fixture.jpg")))}`;
    case "blob-webp-holding-gif":
      return new Blob([mediaBytes(media("fixture.gif"))], { type: "image/webp" });
    case "iterable-of-empty-chunks":
      return (async function* () {
        for (let i = 0; i < 3; i++) yield new Uint8Array(0);
      })();
    case "long-base64-with-U+0141":
      return longBase64("\u0141");
    case "long-base64-with-U+00E9":
      return longBase64("\u00e9");
    case "long-base64-with-padding-inside":
      return longBase64("=");
    case "failing-web-stream": {
      let sent = false;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) {
            sent = true;
            controller.enqueue(new Uint8Array([1, 2, 3]));
          } else controller.error(new Error("disk unplugged"));
        },
      });
    }
    case "failing-async-iterable":
      return (async function* () {
        yield new Uint8Array([0x89, 0x50]);
        throw new Error("socket closed");
      })();
    case "failing-node-readable":
      return new Readable({
        read() {
          this.destroy(new Error("pipe broke"));
        },
      });
    case "failing-blob": {
      class RevokedBlob extends Blob {
        override arrayBuffer(): Promise<ArrayBuffer> {
          return Promise.reject(new Error("blob revoked"));
        }
      }
      return new RevokedBlob([new Uint8Array([1, 2, 3])]);
    }
    case "string-chunk-stream":
      return new ReadableStream<unknown>({
        start(controller) {
          controller.enqueue(new Uint8Array([1]));
          controller.enqueue("text");
          controller.close();
        },
      });
    case "number-chunk-iterable":
      return (async function* () {
        yield 42;
      })();
    case "url-object-file":
      return new URL("file:///etc/shots/a.png");
    case "url-object-javascript":
      return new URL("javascript:alert(1)//a.png");
    case "url-object-ftp":
      return new URL("ftp://example.test/a.pdf");
    case "url-object-blob":
      return new URL("blob:https://example.test/0b9d1c1e");
    case "url-object-drive-letter":
      return new URL("C:/shots/a.png");
    case "url-object-svg":
      return new URL("https://example.test/chart.svg");
    case "url-object-empty-data":
      return new URL("data:image/png;base64,");
    case "proxy-of-url":
      return new Proxy(new URL("https://example.test/a.png"), {});
    case "url-prototype-lookalike":
      return Object.defineProperty(Object.create(URL.prototype), "href", { value: "https://example.test/a.png", enumerable: true });
    case "get-reader-lookalike":
      return { getReader: () => pdfReader() };
    case "readable-stream-prototype-lookalike":
      return Object.assign(Object.create(ReadableStream.prototype) as object, { getReader: () => pdfReader() });
    case "blob-lookalike": {
      const bytes = new TextEncoder().encode("%PDF-1.4");
      return { size: bytes.length, type: "application/pdf", arrayBuffer: async () => bytes.slice().buffer, slice: () => new Blob([bytes]), stream: () => new Blob([bytes]).stream() };
    }
    case "blob-prototype-lookalike":
      return Object.create(Blob.prototype);
    case "locked-web-stream": {
      const stream = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array([1, 2, 3])) });
      stream.getReader();
      return stream;
    }
    case "async-iterable-without-iterator":
      return { [Symbol.asyncIterator]: () => undefined };
    case "async-iterator-without-next":
      return { [Symbol.asyncIterator]: () => ({}) };
    case "async-iterator-next-gives-number":
      return { [Symbol.asyncIterator]: () => ({ next: async () => 42 }) };
    default:
      throw new Error(`errors.spec.ts: no special source ${JSON.stringify(name)}`);
  }
}

/** A reader, as a look-alike's getReader would return, yielding the bytes of a PDF header once. */
function pdfReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void>; releaseLock(): void } {
  let done = false;
  return {
    read: async () => (done ? { done: true } : ((done = true), { done: false, value: new TextEncoder().encode("%PDF-1.4") })),
    cancel: async () => undefined,
    releaseLock: () => undefined,
  };
}

function build(spec: SourceSpec): unknown {
  if ("string" in spec) return spec.string;
  if ("value" in spec) return spec.value;
  if ("special" in spec) return special(spec.special);
  if ("tempFile" in spec) {
    const bytes = spec.tempFile.media !== undefined ? mediaBytes(media(spec.tempFile.media)) : hex(spec.tempFile.hex ?? "");
    const path = join(tmp, spec.tempFile.name);
    writeFileSync(path, bytes);
    return path;
  }
  if ("media" in spec) return makeSource(spec.as, media(spec.media));
  return makeSourceOfBytes(spec.as, hex(spec.hex));
}

function makeSourceOfBytes(kind: string, bytes: Uint8Array<ArrayBuffer>): unknown {
  switch (kind) {
    case "uint8array":
      return bytes;
    case "arraybuffer":
      return bytes.buffer;
    case "blob":
      return new Blob([bytes]);
    case "readable-stream":
      return new ReadableStream<Uint8Array>({
        start(controller) {
          if (bytes.length > 0) controller.enqueue(bytes);
          controller.close();
        },
      });
    default:
      throw new Error(`errors.spec.ts: no byte source kind ${kind}`);
  }
}

/** Runs the case's call; returns a function so that sync throws and async rejections are both caught. */
function run(c: ErrorCase, source = build(c.source)): () => unknown {
  const P = ContentPart as unknown as Record<string, (s: unknown, o?: unknown) => unknown>;
  switch (c.call) {
    case "bytes":
      return () => ContentPart.fromJSON(source).bytes();
    case "toDataUrl":
      return () => ContentPart.fromJSON(source).toDataUrl();
    case "fromJSON":
      return () => ContentPart.fromJSON(source);
    case "text":
      return () => ContentPart.text(source as string);
    default:
      return () => P[c.call]!.call(ContentPart, source, c.options);
  }
}

function expectError(e: unknown, c: ErrorCase, path = c.path): void {
  expect(e).toBeInstanceOf(ContentPartError);
  expect(e).toBeInstanceOf(ValidationError);
  expect(e).toBeInstanceOf(ToolnexusError);
  const err = e as ContentPartError;
  expect({ code: err.code, path: err.path }).toEqual({ code: c.code, path });
  expect(err.name).toBe("ContentPartError");
  for (const s of c.says ?? []) expect(err.message).toContain(s);
  // What was wrong, where, and how to fix it: at least two sentences, the last one ending in a full stop.
  expect(err.message).toMatch(/\. \S.*\.$/s);
}

const ASYNC = new Set(["image", "file", "audio", "from"]);
const SAFE: Record<string, string> = { image: "safeImage", file: "safeFile", audio: "safeAudio", from: "safeFrom", fromJSON: "safeFromJSON" };
const runnable = CASES.filter((c) => !(c.posixOnly && process.platform === "win32"));

describe("every error code", () => {
  it("the table covers every ContentPartError code", () => {
    const codes = new Set(CASES.map((c) => c.code));
    for (const code of [
      "unknown-extension",
      "unknown-mime",
      "mime-mismatch",
      "empty",
      "invalid-base64",
      "read-failed",
      "invalid-source",
      "too-large",
      "source-conflict",
      "source-missing",
      "unsupported",
    ]) {
      expect(codes).toContain(code);
    }
  });

  it.each(runnable)("$code: $name ($call)", async (c) => {
    const call = run(c);
    if (ASYNC.has(c.call)) {
      // The asynchronous factories never throw synchronously: they return a promise that rejects.
      let promise: unknown;
      expect(() => {
        promise = call();
      }).not.toThrow();
      expect(promise).toBeInstanceOf(Promise);
      expectError(await caught(() => promise), c);
    } else {
      expectError(thrownBy(call), c);
    }
  });
});

describe("the safe* twins never reject and give the same error", () => {
  const twinned = runnable.filter((c) => SAFE[c.call] !== undefined);
  it.each(twinned)("$code: $name (ContentPart.$call)", async (c) => {
    const P = ContentPart as unknown as Record<string, (s: unknown, o?: unknown) => unknown>;
    const source = build(c.source);
    const result = (await (c.call === "fromJSON" ? P.safeFromJSON!.call(ContentPart, source) : P[SAFE[c.call]!]!.call(ContentPart, source, c.options))) as {
      success: boolean;
      data?: unknown;
      error?: unknown;
    };
    expect(result.success).toBe(false);
    expect(result.data).toBeUndefined();
    expectError(result.error, c);
  });

  it.each(MEDIA)("and resolve { success: true, data } for $file", async (m) => {
    for (const [twin, type] of [
      ["safeImage", "image"],
      ["safeFile", "file"],
      ["safeAudio", "audio"],
      ["safeFrom", m.type],
    ] as const) {
      const r = await (ContentPart as unknown as Record<string, (s: unknown) => Promise<{ success: boolean; data?: ContentPart; error?: ContentPartError }>>)[twin]!(
        `fixtures/media/${m.file}`,
      );
      if (type === m.type) {
        expect(r.success).toBe(true);
        expect(r.data!.mimeType).toBe(m.mimeType);
        expect(r.error).toBeUndefined();
      } else {
        expect(r.success).toBe(false);
        expect(r.error!.code).toBe("mime-mismatch");
      }
    }
  });
});

describe("a bad part inside a ToolResult: the same error, its path under parts[2]", () => {
  const inResult = runnable.filter((c) => c.call === "fromJSON");
  const prefixed = (path: string) => (path === "" ? "parts[2]" : path.startsWith("[") ? `parts[2]${path}` : `parts[2].${path}`);
  const ok = [ContentPart.text("first"), { type: "text", text: "second" }];

  it.each(inResult)("$code: $name", (c) => {
    const bad = build(c.source);
    const attempts: [string, () => unknown][] = [
      ["new ToolResult", () => new ToolResult({ output: "x", parts: [...ok, bad] as never })],
      ["ToolResult.ok", () => ToolResult.ok("x", { parts: [...ok, bad] as never })],
      ["ToolResult.error", () => ToolResult.error("x", { parts: [...ok, bad] as never })],
      ["ToolResult.fromJSON", () => ToolResult.fromJSON({ output: "x", parts: [...ok, bad] })],
      ["withParts", () => ToolResult.ok("x").withParts([...ok, bad] as never)],
      ["addParts", () => ToolResult.ok("x", { parts: ok as never }).addParts(bad as never)],
      ["with", () => ToolResult.ok("x").with({ parts: [...ok, bad] as never })],
    ];
    for (const [label, attempt] of attempts) {
      let thrown: unknown;
      try {
        attempt();
      } catch (e) {
        thrown = e;
      }
      try {
        expectError(thrown, c, prefixed(c.path));
      } catch (e) {
        throw new Error(`${label}: ${(e as Error).message}`);
      }
      expect((thrown as Error).message).toContain(prefixed(c.path));
    }
    const safe = ToolResult.safeFromJSON({ output: "x", parts: [...ok, bad] });
    expect(safe.success).toBe(false);
    expectError(safe.error, c, prefixed(c.path));
  });
});

describe("nothing rejects or throws a bare Error, even on hostile input", () => {
  const trap = () =>
    new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
        has() {
          throw new Error("trap");
        },
        // Options and fields are read as own properties: the traps an own read runs throw too.
        getOwnPropertyDescriptor() {
          throw new Error("trap");
        },
        ownKeys() {
          throw new Error("trap");
        },
      },
    );
  const throwingOptions = () => ({
    get mimeType(): string {
      throw new Error("getter");
    },
  });
  const png = () => mediaBytes(media("fixture.png"));

  it.each(["image", "file", "audio", "from"])("ContentPart.%s of a Proxy whose traps throw", async (f) => {
    const e = await caught(() => (ContentPart as unknown as Record<string, (s: unknown) => Promise<unknown>>)[f]!(trap()));
    expect(e).toBeInstanceOf(ContentPartError);
    expect(typeof e.code).toBe("string");
  });

  it.each(["image", "file", "audio", "from"])("ContentPart.%s with options whose getter throws", async (f) => {
    const e = await caught(() => (ContentPart as unknown as Record<string, (s: unknown, o: unknown) => Promise<unknown>>)[f]!(png(), throwingOptions()));
    expect(e).toBeInstanceOf(ContentPartError);
    expect(e.code).toBe("invalid-value");
  });

  it.each(["fromBytes", "fromBase64", "fromDataUrl", "fromUrl"])("ContentPart.%s with options whose getter throws", async (f) => {
    const e = await caught(() => (ContentPart as unknown as Record<string, (s: unknown, o: unknown) => unknown>)[f]!("QUJD", throwingOptions()));
    expect(e).toBeInstanceOf(ContentPartError);
    expect(e.code).toBe("invalid-value");
  });

  it("ContentPart.fromJSON of a Proxy whose traps throw", async () => {
    const e = await caught(() => ContentPart.fromJSON(trap()));
    expect(e).toBeInstanceOf(ContentPartError);
  });

  it.each(["safeImage", "safeFile", "safeAudio", "safeFrom"])("ContentPart.%s resolves on every hostile input", async (f) => {
    const twin = (ContentPart as unknown as Record<string, (s: unknown, o?: unknown) => Promise<{ success: boolean; error?: unknown }>>)[f]!;
    for (const [source, options] of [
      [trap(), undefined],
      [png(), throwingOptions()],
      [png(), trap()],
      [undefined, undefined],
      [Symbol("x"), undefined],
    ] as [unknown, unknown][]) {
      const r = await twin.call(ContentPart, source, options);
      expect(r.success).toBe(false);
      expect(r.error).toBeInstanceOf(ContentPartError);
    }
  });

  it("ContentPart.safeFromJSON returns on every hostile input", () => {
    for (const value of [trap(), undefined, null, 42, "x", [], Symbol("x"), () => 1]) {
      const r = ContentPart.safeFromJSON(value);
      expect(r.success).toBe(false);
      expect(r.error).toBeInstanceOf(ContentPartError);
    }
  });
});

describe("verifyMime: false lets a mismatched signature through", () => {
  const jpg = () => mediaBytes(media("fixture.jpg"));
  it("fromBytes, fromBase64, a data: URL and a path", async () => {
    expect(ContentPart.fromBytes(jpg(), { name: "shot.png", verifyMime: false }).mimeType).toBe("image/png");
    expect(ContentPart.fromBase64(toBase64(jpg()), { mimeType: "image/gif", verifyMime: false }).mimeType).toBe("image/gif");
    expect(ContentPart.fromDataUrl(`data:image/webp;base64,${toBase64(jpg())}`, { verifyMime: false }).mimeType).toBe("image/webp");
    const path = join(tmp, "really-a-jpeg.png");
    writeFileSync(path, jpg());
    expect((await ContentPart.image(path, { verifyMime: false })).mimeType).toBe("image/png");
  });

  it("but never lets a part of the wrong family through", async () => {
    const e = await caught(() => ContentPart.image(mediaBytes(media("fixture.pdf")), { verifyMime: false }));
    expect(e.code).toBe("mime-mismatch");
  });

  it("a type outside the table is never checked against the bytes", () => {
    const part = ContentPart.fromBytes(jpg(), { mimeType: "image/avif" });
    expect(part.mimeType).toBe("image/avif");
  });

  it("fromJSON does not check signatures: a verifyMime: false part survives the round trip", () => {
    const part = ContentPart.fromBytes(jpg(), { mimeType: "image/png", verifyMime: false });
    const back = ContentPart.fromJSON(JSON.parse(JSON.stringify(part)));
    expect(back.equals(part)).toBe(true);
  });
});
