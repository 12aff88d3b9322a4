/**
 * Reading the asynchronous sources of a content part: file paths (Node only), Blobs, web ReadableStreams
 * and async iterables of byte chunks, each read now, with the size cap applied while reading.
 *
 * Only the async factories (`ContentPart.image`, `file`, `audio`, `from` and their `safe` twins) use this
 * code. It is part of the core chunk, imported statically: a code-split chunk loaded by a relative dynamic
 * `import()` is one that webpack turns into an async chunk, which Temporal's single-file workflow bundle
 * drops (CONTRIBUTING.md, "Package shape").
 *
 * This module imports nothing from the rest of the library (what it needs is passed in as
 * {@link SourceReaders}): it only reads bytes, and reports the failures
 * it detects as plain data (a {@link ReadFailure}), which the core turns into a `ContentPartError` with the
 * same code and message. What the source itself throws outside those checks (a hostile getter, say)
 * propagates, and the core's catch-all makes it a `read-failed` error.
 *
 * @module
 */

/** The codes of the failures the readers detect. */
type ReadFailureCode = "too-large" | "read-failed" | "invalid-source" | "unsupported";

/**
 * A read that failed, as plain data: the core raises `new ContentPartError(code, message, { cause })`, with a
 * `cause` only when the failure has the key (a failure that must not repeat its source has none).
 */
interface ReadFailure {
  readonly code: ReadFailureCode;
  readonly message: string;
  readonly cause?: unknown;
}

/** What a source held: its bytes, and what it tells of itself. */
interface ReadBytes {
  readonly bytes: Uint8Array;
  /** The file path or the File's name, as given: the core takes its base name (for the extension, and a file part's name). */
  readonly name?: string;
  /** A Blob's declared type, used when no option gives one. */
  readonly type?: string;
}

/**
 * Every {@link Failure} made, so that a `catch` tells one apart without `instanceof`: what a caller's stream or
 * iterator throws may be a Proxy whose `getPrototypeOf` trap throws (docs/trust.md, "Reading what callers pass").
 */
const failures = new WeakSet();

/** Thrown inside this module, and returned as a {@link ReadFailure} by {@link readSource}. */
class Failure implements ReadFailure {
  constructor(
    readonly code: ReadFailureCode,
    readonly message: string,
  ) {
    failures.add(this);
  }
}

/** Whether `e` is a failure of this module: a WeakSet lookup, which runs no code of the value's. */
function isFailure(e: unknown): e is Failure {
  return typeof e === "object" && e !== null && failures.has(e);
}

function withCause(failure: Failure, cause: unknown): Failure {
  return Object.assign(failure, { cause });
}

/**
 * What the readers need of the rest of the library, passed in so that this module imports nothing: the
 * recognisers of platform.ts, its prototype walk, its reader of one chunk, and how an error's message is
 * shown.
 */
export interface SourceReaders {
  /** True for a real Blob or File. */
  readonly isBlob: (value: unknown) => value is Blob;
  /** True for a real web ReadableStream. */
  readonly isReadableStream: (value: unknown) => value is ReadableStream<unknown>;
  /** An async iterable's own or inherited `Symbol.asyncIterator` method, never one of `Object.prototype`. */
  readonly asyncIteratorOf: (value: unknown) => IteratorMethod | undefined;
  /** A property read once, own or inherited, never from `Object.prototype`. */
  readonly lookUp: (value: object, key: PropertyKey) => unknown;
  /** One chunk as bytes. */
  readonly chunk: ChunkReader;
  /** The message of anything thrown, for a failure's text. */
  readonly message: (e: unknown) => string;
  /** A caller's string as a message quotes it: at most its first 40 characters, and how many more there were. */
  readonly quote: (s: string) => string;
}

type IteratorMethod = (this: object) => unknown;

/**
 * Reads a file path, a Blob or File, a web ReadableStream or an async iterable of byte chunks; `undefined`
 * when `source` is none of these. Each chunk is copied as it arrives.
 *
 * Each kind is recognised by what it is, never by its shape (docs/trust.md, "Reading what callers pass"): a
 * Blob and a stream by the platform's own getters, which only the real thing passes; an async iterable by a
 * `Symbol.asyncIterator` method of its own or of its prototypes, read once, and never one found on
 * `Object.prototype` (a standard one has none: one there is pollution). An object with a `getReader` of its
 * own that is not a real stream is none of these.
 */
export async function readSource(source: unknown, maxBytes: number | undefined, readers: SourceReaders): Promise<ReadBytes | ReadFailure | undefined> {
  try {
    if (typeof source === "string") return { bytes: await readPath(source, maxBytes, readers), name: source };
    if (readers.isBlob(source)) {
      const name = readers.lookUp(source, "name"); // a File's; a Blob that is not a File has none
      const bytes = await readBlob(source, maxBytes, readers);
      return { bytes, name: typeof name === "string" && name !== "" ? name : undefined, type: source.type || undefined };
    }
    if (readers.isReadableStream(source)) return { bytes: await readAlone(source, () => readStream(source, maxBytes, readers)) };
    const iterate = readers.asyncIteratorOf(source);
    if (iterate !== undefined) return { bytes: await readAlone(source as object, () => readIterable(source as object, iterate, maxBytes, readers)) };
    return undefined;
  } catch (e) {
    if (isFailure(e)) return e;
    throw e;
  }
}

/** The streams and async iterables a factory is reading now. */
const reading = new WeakSet();

/**
 * Runs `read` of `source` unless a factory is reading it already: one stream or async iterable is read by one
 * factory at a time, and a second concurrent read is a `read-failed` failure, never interleaved bytes (two
 * readers pulling from one iterator would each get some of its chunks).
 */
async function readAlone(source: object, read: () => Promise<Uint8Array>): Promise<Uint8Array> {
  if (reading.has(source)) {
    throw new Failure(
      "read-failed",
      "The stream is already being read by another ContentPart factory; one stream or async iterable is read by one factory at a time. Await the first read, or pass each factory a stream of its own.",
    );
  }
  reading.add(source);
  try {
    return await read();
  } finally {
    reading.delete(source);
  }
}

function overCapFailure(size: number | string, maxBytes: number): Failure {
  return new Failure("too-large", `The source holds ${size} bytes, over maxBytes = ${maxBytes}. Pass a smaller source or raise maxBytes.`);
}

function readFailed(what: string, cause: unknown, readers: SourceReaders): Failure {
  const reason = readers.message(cause);
  return withCause(new Failure("read-failed", `Could not read ${what}: ${reason}. Check that the source exists and is readable.`), cause);
}

/**
 * How the core reads one chunk: its bytes (a view of the chunk's memory, not a copy), `"detached"` for a view
 * of a detached ArrayBuffer, `"out-of-range"` for a view its buffer no longer covers (a resizable ArrayBuffer
 * that shrank), or `undefined` when the chunk is not bytes.
 */
type ChunkReader = (chunk: unknown) => Uint8Array | "detached" | "out-of-range" | undefined;

/**
 * The bytes of a stream, copied in as each chunk arrives: a producer may reuse its buffer for the next chunk
 * (the usual `fh.read(buf)` loop yielding `buf.subarray(0, n)`), so a chunk is never kept by reference. The
 * store doubles when full, so a read costs time linear in its size.
 */
class Collected {
  private store = new Uint8Array(0);
  length = 0;

  /** Copies `bytes` in now. */
  append(bytes: Uint8Array): void {
    const need = this.length + bytes.byteLength;
    if (need > this.store.byteLength) {
      const grown = new Uint8Array(Math.max(need, this.store.byteLength * 2, 1024));
      grown.set(this.store.subarray(0, this.length));
      this.store = grown;
    }
    this.store.set(bytes, this.length);
    this.length = need;
  }

  /** The bytes read, in memory of their own (trimmed when the store is much larger than they are). */
  bytes(): Uint8Array {
    const used = this.store.subarray(0, this.length);
    return this.store.byteLength - this.length > this.length / 8 ? used.slice() : used;
  }
}

/**
 * One chunk of a stream as bytes (a view of the chunk, to be copied at once); a chunk that is not bytes, a
 * view of a detached buffer, or a view its shrunk buffer no longer covers, is an `invalid-source` naming its
 * index.
 */
function chunkBytes(chunk: unknown, index: number, readers: SourceReaders): Uint8Array {
  const bytes = readers.chunk(chunk);
  if (bytes === "out-of-range") {
    throw new Failure(
      "invalid-source",
      `Chunk ${index} of the stream is a view past the end of its buffer (a resizable ArrayBuffer that shrank no longer covers the view's range). Yield a view of the bytes the buffer holds now, or a copy (chunk.slice()).`,
    );
  }
  if (bytes === "detached") {
    throw new Failure(
      "invalid-source",
      `Chunk ${index} of the stream is a view of a detached ArrayBuffer (its memory was transferred, so it holds nothing to read). Yield each chunk before transferring its buffer, or yield a copy (chunk.slice()).`,
    );
  }
  if (bytes === undefined) {
    const kind = typeof chunk === "string" ? "a string" : chunk === null ? "null" : typeof chunk;
    throw new Failure(
      "invalid-source",
      `Chunk ${index} of the stream is ${kind}, not bytes. A stream source must yield Uint8Array, Buffer or ArrayBuffer chunks (do not set a text encoding on it).`,
    );
  }
  return bytes;
}

/** Reads a web ReadableStream, cancelling it as soon as it passes `maxBytes`. */
async function readStream(
  stream: ReadableStream<unknown>,
  maxBytes: number | undefined,
  readers: SourceReaders,
): Promise<Uint8Array> {
  let reader: ReadableStreamDefaultReader<unknown>;
  try {
    // The platform's own method, not one the stream (or a subclass) may have put in its place.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- taken from the prototype to be called on the stream with Reflect.apply
    reader = Reflect.apply(ReadableStream.prototype.getReader, stream, []) as ReadableStreamDefaultReader<unknown>;
  } catch (e) {
    throw readFailed("the stream", e, readers);
  }
  return collectChunks(
    async () => {
      let step: ReadableStreamReadResult<unknown>;
      try {
        step = await reader.read();
      } catch (e) {
        throw readFailed("the stream", e, readers);
      }
      return step.done ? DONE : { done: false, value: step.value };
    },
    () => {
      void reader.cancel().catch(() => undefined);
      return Promise.resolve();
    },
    maxBytes,
    readers,
  );
}

/** One step of a chunk source: a chunk, or the end. */
type Pulled = { readonly done: true } | { readonly done: false; readonly value: unknown };
const DONE: Pulled = Object.freeze({ done: true });

/**
 * The one loop of the chunked readers (a stream, an async iterable): pulls chunks with `pull` (which reports its
 * own failures) until the end, checks each is bytes and that the total stays within `maxBytes`, and copies each
 * one before pulling the next (a producer that reuses its buffer is stored faithfully). On a chunk that is not
 * bytes, or past the cap, `stop` releases the source (cancels the stream, closes the iterator) before the failure
 * is reported.
 */
async function collectChunks(pull: () => Promise<Pulled>, stop: () => Promise<void>, maxBytes: number | undefined, readers: SourceReaders): Promise<Uint8Array> {
  const collected = new Collected();
  for (let i = 0; ; i++) {
    const step = await pull();
    if (step.done) break;
    let bytes: Uint8Array;
    try {
      bytes = chunkBytes(step.value, i, readers);
    } catch (e) {
      await stop();
      throw e;
    }
    if (maxBytes !== undefined && collected.length + bytes.byteLength > maxBytes) {
      await stop(); // reading stops here
      throw overCapFailure(`more than ${maxBytes}`, maxBytes);
    }
    collected.append(bytes); // copied before the producer runs again
  }
  return collected.bytes();
}

/**
 * Reads an async iterable of chunks (a Node Readable among them) through the `Symbol.asyncIterator` method
 * found once by `asyncIteratorOf`, stopping as soon as it passes `maxBytes`. The iterator is
 * driven by hand rather than by `for await`, which would look the method up again: its `next` is read once,
 * and each step's `done` and `value` once, all by `lookUp` (a polluted `Object.prototype` supplies no
 * `next`, `return`, `done` or `value`). On a chunk that is not bytes, or past the cap, the iterator is
 * closed (`return()`, awaited, as `for await` does) before the failure is reported; a failure to close it
 * does not hide that failure.
 */
async function readIterable(
  source: object,
  iterate: IteratorMethod,
  maxBytes: number | undefined,
  readers: SourceReaders,
): Promise<Uint8Array> {
  let iterator: object;
  let next: unknown;
  try {
    const made: unknown = Reflect.apply(iterate, source, []);
    if ((typeof made !== "object" && typeof made !== "function") || made === null) {
      throw new TypeError("its Symbol.asyncIterator method returned no iterator");
    }
    iterator = made;
    next = readers.lookUp(iterator, "next");
    if (typeof next !== "function") throw new TypeError("its iterator has no next method");
  } catch (e) {
    throw readFailed("the stream", e, readers);
  }
  const nextOf = next;
  return collectChunks(
    async () => {
      try {
        const step: unknown = await Reflect.apply(nextOf as () => unknown, iterator, []);
        if ((typeof step !== "object" && typeof step !== "function") || step === null) throw new TypeError("its iterator's next() gave no result object");
        return readers.lookUp(step, "done") ? DONE : { done: false, value: readers.lookUp(step, "value") };
      } catch (e) {
        throw readFailed("the stream", e, readers);
      }
    },
    () => closeIterator(iterator, readers),
    maxBytes,
    readers,
  );
}

/** Closes an iterator left early (its `return()`, when it has one); whatever closing throws is dropped. */
async function closeIterator(iterator: object, readers: SourceReaders): Promise<void> {
  try {
    const close = readers.lookUp(iterator, "return");
    if (typeof close === "function") await Reflect.apply(close, iterator, []);
  } catch {
    // The failure that stopped the read is the one reported.
  }
}

/** Reads a Blob or File, refusing one over `maxBytes` before reading it. */
async function readBlob(blob: Blob, maxBytes: number | undefined, readers: SourceReaders): Promise<Uint8Array> {
  if (maxBytes !== undefined && blob.size > maxBytes) throw overCapFailure(blob.size, maxBytes);
  try {
    return new Uint8Array(await blob.arrayBuffer());
  } catch (e) {
    throw readFailed("the Blob", e, readers);
  }
}

/**
 * Reads a file path with Node's `fs`, loaded on first use by a dynamic import inside a `try`, so that a
 * browser bundle has no static `node:` import and loads in browsers (where a path is `unsupported`).
 */
async function readPath(path: string, maxBytes: number | undefined, readers: SourceReaders): Promise<Uint8Array> {
  let fs: typeof import("node:fs/promises");
  try {
    fs = await import(/* webpackIgnore: true */ "node:fs/promises");
  } catch (e) {
    throw withCause(
      new Failure(
        "unsupported",
        "Reading a file path needs Node's file system, which this runtime does not have. Pass the bytes, a Blob or a data: URL instead.",
      ),
      e,
    );
  }
  let handle: Awaited<ReturnType<typeof fs.open>>;
  try {
    handle = await fs.open(path, "r");
  } catch (e) {
    throw fileFailed(path, e, readers);
  }
  try {
    let stat: Awaited<ReturnType<typeof handle.stat>>;
    try {
      stat = await handle.stat();
    } catch (e) {
      throw fileFailed(path, e, readers);
    }
    if (!stat.isFile()) throw fileFailed(path, new Error("it is not a regular file"), readers);
    if (maxBytes !== undefined && stat.size > maxBytes) throw overCapFailure(stat.size, maxBytes);
    try {
      const buf = await handle.readFile();
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (e) {
      throw fileFailed(path, e, readers);
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** True for a string that reads as base64 rather than a path: long, without a dot, of base64 characters only. */
function looksLikeBase64(s: string): boolean {
  return s.length >= 32 && s.indexOf(".") === -1 && /^[A-Za-z0-9+/_=\s-]+$/.test(s);
}

/**
 * A file that could not be read. The message names the path as every message quotes a caller's string (at
 * most its first 40 characters: a string that is no file may be a payload, a data: URL with a stray space or
 * quotes, or a part's JSON text) and Node's reason, without the copy of the path Node appends (`, open
 * '...'`). The `cause` is a new Error of that reason and Node's `code` (`ENOENT`), never Node's own error,
 * whose message and `path` hold the whole string. A string that looks like base64 was a payload passed where
 * a path goes: it is an `invalid-source`, and neither the message nor a cause repeats it.
 */
function fileFailed(path: string, cause: unknown, readers: SourceReaders): Failure {
  const given: unknown = typeof cause === "object" && cause !== null ? (cause as { code?: unknown }).code : undefined;
  const code = typeof given === "string" ? given : undefined;
  if (looksLikeBase64(path)) {
    return new Failure(
      "invalid-source",
      `The source string is not a file that can be read${code === undefined ? "" : ` (${code})`}, and it looks like base64, so it is not shown here. Pass base64 to ContentPart.fromBase64(b64, { mimeType }), or a data: URL such as data:image/png;base64,....`,
    );
  }
  const reason = readers.message(cause).replace(/, [a-z]+ '[\s\S]*'$/, "");
  const shown = path.length > 40 && reason.includes(path) ? "the file system refused it" : reason;
  return withCause(
    new Failure("read-failed", `Could not read the file ${readers.quote(path)}: ${shown}. Check that the path exists and names a readable file.`),
    Object.assign(new Error(shown), code === undefined ? {} : { code }),
  );
}
