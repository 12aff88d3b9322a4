/**
 * Reading the asynchronous sources of a content part: file paths (Node only), Blobs, web ReadableStreams
 * and async iterables of byte chunks, each read now, with the size cap applied while reading.
 *
 * Only the async factories (`ContentPart.image`, `file`, `audio`, `from` and their `safe` twins) use this
 * code. It is part of the core chunk, imported statically: a code-split chunk loaded by a relative dynamic
 * `import()` is one that webpack turns into an async chunk, which Temporal's single-file workflow bundle
 * drops (CONTRIBUTING.md, "Package shape").
 *
 * This module imports nothing from the rest of the library: it only reads bytes, and reports the failures
 * it detects as plain data (a {@link ReadFailure}), which the core turns into a `ContentPartError` with the
 * same code and message. What the source itself throws outside those checks (a hostile getter, say)
 * propagates, and the core's catch-all makes it a `read-failed` error.
 *
 * @module
 */

/** The codes of the failures the readers detect. */
export type ReadFailureCode = "too-large" | "read-failed" | "invalid-source" | "unsupported";

/**
 * A read that failed, as plain data: the core raises `new ContentPartError(code, message, { cause })`, with a
 * `cause` only when the failure has the key (a failure that must not repeat its source has none).
 */
export interface ReadFailure {
  readonly code: ReadFailureCode;
  readonly message: string;
  readonly cause?: unknown;
}

/** What a source held: its bytes, and what it tells of itself. */
export interface ReadBytes {
  readonly bytes: Uint8Array;
  /** The base name of a file path or a File's name, for the extension (and the name of a file part). */
  readonly name?: string;
  /** A Blob's declared type, used when no option gives one. */
  readonly type?: string;
}

/** Thrown inside this module, and returned as a {@link ReadFailure} by {@link readSource}. */
class Failure implements ReadFailure {
  constructor(
    readonly code: ReadFailureCode,
    readonly message: string,
  ) {}
}

function withCause(failure: Failure, cause: unknown): Failure {
  return Object.assign(failure, { cause });
}

/**
 * Reads a file path, a Blob or File, a web ReadableStream or an async iterable of byte chunks; `undefined`
 * when `source` is none of these. `read` is the core's reader of one chunk (see {@link ChunkReader}), passed
 * in so that this module imports nothing. Each chunk is copied as it arrives.
 *
 * Each kind is recognised by what it is, never by its shape (README, "Reading what callers pass"): a
 * stream by the platform's own `ReadableStream` methods, which only a real stream passes; an async iterable
 * by a `Symbol.asyncIterator` method of its own or of its prototypes, read once, and never one found on
 * `Object.prototype` (a standard one has none: one there is pollution). An object with a `getReader` of its
 * own that is not a real stream is none of these.
 */
export async function readSource(
  source: unknown,
  maxBytes: number | undefined,
  read: ChunkReader,
): Promise<ReadBytes | ReadFailure | undefined> {
  try {
    if (typeof source === "string") return { bytes: await readPath(source, maxBytes), name: baseName(source) };
    if (isBlob(source)) {
      const fileName = fileNameOf(source);
      const name = fileName !== undefined && fileName !== "" ? baseName(fileName) : undefined;
      const bytes = await readBlob(source, maxBytes);
      return { bytes, name, type: source.type || undefined };
    }
    if (isReadableStream(source)) return { bytes: await readStream(source, maxBytes, read) };
    const iterate = asyncIteratorMethod(source);
    if (iterate !== undefined) return { bytes: await readIterable(source as object, iterate, maxBytes, read) };
    return undefined;
  } catch (e) {
    if (e instanceof Failure) return e;
    throw e;
  }
}

/**
 * True for a Blob or File, from this realm or another: `Blob.prototype`'s own `size` getter answers only for
 * a real Blob and throws for anything else, so an object with Blob-like methods (of its own, or from a
 * polluted `Object.prototype`), or made with `Object.create(Blob.prototype)`, is no Blob. A runtime without
 * `Blob` has none.
 */
function isBlob(value: unknown): value is Blob {
  if (typeof Blob !== "function" || typeof value !== "object" || value === null) return false;
  return getterAnswers(Blob.prototype, "size", value);
}

/**
 * The name of a File (or of a Blob subclass that has one), looked up by {@link lookUp}: a Blob that is not a
 * File has no name, whatever a polluted `Object.prototype` says.
 */
function fileNameOf(blob: Blob): string | undefined {
  const name = lookUp(blob, "name");
  return typeof name === "string" ? name : undefined;
}

/**
 * True for a web ReadableStream: `ReadableStream.prototype`'s own `locked` getter answers only for a real
 * stream (of any realm) and throws for anything else, a look-alike with a `getReader` of its own included.
 * A runtime without web streams has none.
 */
function isReadableStream(value: unknown): value is ReadableStream<unknown> {
  if (typeof ReadableStream !== "function" || typeof value !== "object" || value === null) return false;
  return getterAnswers(ReadableStream.prototype, "locked", value);
}

/**
 * True when the platform getter `name` of `proto` (its own accessor) answers for `value`: such a getter
 * checks its receiver's internal state and throws for anything but the real thing.
 */
function getterAnswers(proto: object, name: string, value: object): boolean {
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
  if (get === undefined) return false;
  try {
    Reflect.apply(get, value, []);
    return true;
  } catch {
    return false;
  }
}

type IteratorMethod = (this: object) => unknown;

/**
 * The `Symbol.asyncIterator` method of an async iterable (a Node Readable, an async generator, an object or
 * class of the caller's), or `undefined`, looked up by {@link lookUp}. `ReadableStream.prototype`'s method is
 * not taken: a real stream was recognised before, so what inherits it here is a look-alike.
 */
function asyncIteratorMethod(value: unknown): IteratorMethod | undefined {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return undefined;
  const method = lookUp(value, Symbol.asyncIterator, typeof ReadableStream === "function" ? ReadableStream.prototype : undefined);
  return typeof method === "function" ? (method as IteratorMethod) : undefined;
}

/**
 * The property `key` of `value`, its own or inherited, read once (a getter runs once, with `value` as
 * `this`); `undefined` when it is absent, or found only on the last object of the chain (an
 * `Object.prototype`, of this realm or another): a standard `Object.prototype` holds none of the keys read
 * here, so one there is pollution. A value holding the key itself, even one made with `Object.create(null)`,
 * has it. The lookup also ends, with nothing, at `stop`.
 */
function lookUp(value: object, key: PropertyKey, stop?: object): unknown {
  for (let holder: object | null = value; holder !== null && holder !== stop; ) {
    const next = Object.getPrototypeOf(holder) as object | null;
    if (holder === Object.prototype || (next === null && holder !== value)) return undefined;
    const desc = Object.getOwnPropertyDescriptor(holder, key);
    if (desc !== undefined) return "value" in desc ? desc.value : desc.get === undefined ? undefined : Reflect.apply(desc.get, value, []);
    holder = next;
  }
  return undefined;
}

function tooLarge(size: number | string, maxBytes: number): Failure {
  return new Failure("too-large", `The source holds ${size} bytes, over maxBytes = ${maxBytes}. Pass a smaller source or raise maxBytes.`);
}

function readFailed(what: string, cause: unknown): Failure {
  const reason = messageOf(cause);
  return withCause(new Failure("read-failed", `Could not read ${what}: ${reason}. Check that the source exists and is readable.`), cause);
}

/**
 * How the core reads one chunk: its bytes (a view of the chunk's memory, not a copy), `"detached"` for a view
 * of a detached ArrayBuffer, or `undefined` when the chunk is not bytes.
 */
export type ChunkReader = (chunk: unknown) => Uint8Array | "detached" | undefined;

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
 * One chunk of a stream as bytes (a view of the chunk, to be copied at once); a chunk that is not bytes, or
 * a view of a detached buffer, is an `invalid-source` naming its index.
 */
function chunkBytes(chunk: unknown, index: number, read: ChunkReader): Uint8Array {
  const bytes = read(chunk);
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
  read: ChunkReader,
): Promise<Uint8Array> {
  let reader: ReadableStreamDefaultReader<unknown>;
  try {
    // The platform's own method, not one the stream (or a subclass) may have put in its place.
    reader = Reflect.apply(ReadableStream.prototype.getReader, stream, []) as ReadableStreamDefaultReader<unknown>;
  } catch (e) {
    throw readFailed("the stream", e);
  }
  const collected = new Collected();
  for (let i = 0; ; i++) {
    let step: ReadableStreamReadResult<unknown>;
    try {
      step = await reader.read();
    } catch (e) {
      throw readFailed("the stream", e);
    }
    if (step.done) break;
    let bytes: Uint8Array;
    try {
      bytes = chunkBytes(step.value, i, read);
    } catch (e) {
      void reader.cancel().catch(() => undefined);
      throw e;
    }
    if (maxBytes !== undefined && collected.length + bytes.byteLength > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${maxBytes}`, maxBytes);
    }
    collected.append(bytes); // copied before the stream is read again
  }
  return collected.bytes();
}

/**
 * Reads an async iterable of chunks (a Node Readable among them) through the `Symbol.asyncIterator` method
 * found once by {@link asyncIteratorMethod}, stopping as soon as it passes `maxBytes`. The iterator is
 * driven by hand rather than by `for await`, which would look the method up again: its `next` is read once,
 * and each step's `done` and `value` once, all by {@link lookUp} (a polluted `Object.prototype` supplies no
 * `next`, `return`, `done` or `value`). On a chunk that is not bytes, or past the cap, the iterator is
 * closed (`return()`, awaited, as `for await` does) before the failure is reported; a failure to close it
 * does not hide that failure.
 */
async function readIterable(
  source: object,
  iterate: IteratorMethod,
  maxBytes: number | undefined,
  read: ChunkReader,
): Promise<Uint8Array> {
  let iterator: object;
  let next: unknown;
  try {
    const made: unknown = Reflect.apply(iterate, source, []);
    if ((typeof made !== "object" && typeof made !== "function") || made === null) {
      throw new TypeError("its Symbol.asyncIterator method returned no iterator");
    }
    iterator = made;
    next = lookUp(iterator, "next");
    if (typeof next !== "function") throw new TypeError("its iterator has no next method");
  } catch (e) {
    throw readFailed("the stream", e);
  }
  const collected = new Collected();
  for (let i = 0; ; i++) {
    let chunk: unknown;
    try {
      const step: unknown = await Reflect.apply(next as () => unknown, iterator, []);
      if ((typeof step !== "object" && typeof step !== "function") || step === null) throw new TypeError("its iterator's next() gave no result object");
      if (lookUp(step, "done")) break;
      chunk = lookUp(step, "value");
    } catch (e) {
      throw readFailed("the stream", e);
    }
    let bytes: Uint8Array;
    try {
      bytes = chunkBytes(chunk, i, read);
    } catch (e) {
      await closeIterator(iterator);
      throw e;
    }
    if (maxBytes !== undefined && collected.length + bytes.byteLength > maxBytes) {
      await closeIterator(iterator); // reading stops here
      throw tooLarge(`more than ${maxBytes}`, maxBytes);
    }
    collected.append(bytes); // copied before the producer runs again
  }
  return collected.bytes();
}

/** Closes an iterator left early (its `return()`, when it has one); whatever closing throws is dropped. */
async function closeIterator(iterator: object): Promise<void> {
  try {
    const close = lookUp(iterator, "return");
    if (typeof close === "function") await Reflect.apply(close, iterator, []);
  } catch {
    // The failure that stopped the read is the one reported.
  }
}

/** Reads a Blob or File, refusing one over `maxBytes` before reading it. */
async function readBlob(blob: Blob, maxBytes: number | undefined): Promise<Uint8Array> {
  if (maxBytes !== undefined && blob.size > maxBytes) throw tooLarge(blob.size, maxBytes);
  try {
    return new Uint8Array(await blob.arrayBuffer());
  } catch (e) {
    throw readFailed("the Blob", e);
  }
}

/**
 * Reads a file path with Node's `fs`, loaded on first use by a dynamic import inside a `try`, so that a
 * browser bundle has no static `node:` import and loads in browsers (where a path is `unsupported`).
 */
async function readPath(path: string, maxBytes: number | undefined): Promise<Uint8Array> {
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
    throw fileFailed(path, e);
  }
  try {
    let stat: Awaited<ReturnType<typeof handle.stat>>;
    try {
      stat = await handle.stat();
    } catch (e) {
      throw fileFailed(path, e);
    }
    if (!stat.isFile()) throw fileFailed(path, new Error("it is not a regular file"));
    if (maxBytes !== undefined && stat.size > maxBytes) throw tooLarge(stat.size, maxBytes);
    try {
      const buf = await handle.readFile();
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (e) {
      throw fileFailed(path, e);
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** True for a string that reads as base64 rather than a path: long, without a dot, of base64 characters only. */
function looksLikeBase64(s: string): boolean {
  return s.length >= 32 && s.indexOf(".") === -1 && /^[A-Za-z0-9+/_=\s-]+$/.test(s);
}

/** What an error says, for an Error of this realm or another (a Jest or vm context), without a "Error: " prefix. */
function messageOf(cause: unknown): string {
  try {
    if (cause instanceof Error || Object.prototype.toString.call(cause) === "[object Error]") return String((cause as Error).message);
    return String(cause);
  } catch {
    return "an error that cannot be shown";
  }
}

/**
 * A file that could not be read. The message names the path and Node's reason, without the copy of the path
 * Node appends (`, open '...'`). A string that looks like base64 was a payload passed where a path goes: it
 * is an `invalid-source`, and neither the message nor a cause repeats it.
 */
function fileFailed(path: string, cause: unknown): Failure {
  if (looksLikeBase64(path)) {
    const code = typeof (cause as { code?: unknown } | null)?.code === "string" ? ` (${(cause as { code: string }).code})` : "";
    return new Failure(
      "invalid-source",
      `The source string is not a file that can be read${code}, and it looks like base64, so it is not shown here. Pass base64 to ContentPart.fromBase64(b64, { mimeType }), or a data: URL such as data:image/png;base64,....`,
    );
  }
  const message = messageOf(cause);
  const reason = message.replace(/, [a-z]+ '[\s\S]*'$/, "");
  return withCause(
    new Failure("read-failed", `Could not read the file ${JSON.stringify(path)}: ${reason}. Check that the path exists and names a readable file.`),
    cause,
  );
}

/** The last segment of a path, for either separator (`C:\shots\a.png` gives `a.png`). */
function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}
