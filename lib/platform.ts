// The platform's own objects, recognised by what they are, never by their shape: bytes, a URL, a Blob, a web
// ReadableStream and an async iterable. Each is told by a built-in getter of the platform, which reads an
// internal slot and answers only for the real thing (of any realm): a Proxy, an own `buffer` or `getReader`
// of a look-alike, an object made with `Object.create(Blob.prototype)`, or a polluted `Object.prototype`
// runs no code here and is none of them. See docs/trust.md, "Reading what callers pass".
//
// Also the one prototype walk of the library ({@link lookUp}), for brands and for the readers of
// read-source.ts, which are handed these functions rather than importing them.

/** A property's descriptor, its accessor typed as the plain function it is (called with `Reflect.apply`, never detached from a receiver it needs). */
type Descriptor = { readonly value?: unknown; readonly get?: (this: unknown) => unknown };
const ownDescriptor: (o: object, key: PropertyKey) => Descriptor | undefined = Object.getOwnPropertyDescriptor;

/**
 * What the platform getter `key` of `proto` (its own accessor, which reads an internal slot) answers for
 * `value`; `undefined` when `proto` has no such getter or it throws (`value` lacks the slot).
 */
function readSlot(proto: object, key: PropertyKey, value: unknown): unknown {
  const get = ownDescriptor(proto, key)?.get;
  if (get === undefined) return undefined;
  try {
    return Reflect.apply(get, value, []);
  } catch {
    return undefined;
  }
}

/**
 * What {@link readBytes} found: bytes; a view or buffer that was detached; a view whose buffer no longer covers
 * its range (a resizable ArrayBuffer that shrank); or `undefined`, something that is not bytes.
 */
type BytesRead = Uint8Array | "detached" | "out-of-range" | undefined;

/** `Object.getPrototypeOf`, typed for what it gives an object. */
const getProto: (value: object) => object | null = Object.getPrototypeOf;

let typedArrayProto: object | undefined;
/** %TypedArray%.prototype, read on first use (importing the module runs no code). */
const typedArrayPrototype = (): object => (typedArrayProto ??= getProto(Uint8Array.prototype) ?? Object.prototype); // %TypedArray%.prototype, never null
/** `%TypedArray%.prototype.at`, taken at load: it throws for a typed array that is out of bounds or detached. */
let typedAtMethod: ((this: unknown, i: number) => unknown) | null | undefined;
/** %TypedArray%.prototype.at as the platform defines it, read on first use; `null` where there is none. */
const typedAt = (): ((this: unknown, i: number) => unknown) | null =>
  (typedAtMethod ??= (ownDescriptor(typedArrayPrototype(), "at")?.value as ((this: unknown, i: number) => unknown) | undefined) ?? null);
/** The prototypes of the two buffer classes; a runtime without SharedArrayBuffer (some browsers) has one. */
let bufferProtos: readonly object[] | undefined;
/** The prototypes of ArrayBuffer and SharedArrayBuffer (where there is one), read on first use. */
const bufferPrototypes = (): readonly object[] =>
  (bufferProtos ??= [ArrayBuffer.prototype, (globalThis as { SharedArrayBuffer?: { prototype: object } }).SharedArrayBuffer?.prototype].filter((p) => p !== undefined));

/** A number a slot getter answered, or `undefined` (no slot, or the getter threw). */
function readNumber(proto: object, key: string, value: unknown): number | undefined {
  const n = readSlot(proto, key, value);
  return typeof n === "number" ? n : undefined;
}

/**
 * Reads bytes in any spelling (any typed array, a DataView, an ArrayBuffer or SharedArrayBuffer, from this
 * realm or another) as a fresh Uint8Array view of the same memory (no copy), of the bytes the view covers
 * now. `"detached"` for a view or buffer whose memory was transferred away, `"out-of-range"` for a view whose
 * buffer no longer covers its range (a resizable ArrayBuffer that shrank: a typed array then reports length
 * 0 and a DataView throws, and neither may be read as the first bytes of the buffer), `undefined` when
 * `value` is not bytes. The offset and length are checked against the buffer's current `byteLength`, read
 * through its own slot getter. The one reader of bytes: the factories, the stream readers (one chunk each)
 * and the provider readers that take bytes.
 *
 * @example
 * ```ts
 * readBytes(new Uint16Array([1, 2]).subarray(1)); // a Uint8Array of [2, 0], over the same memory
 * readBytes(new DataView(new ArrayBuffer(4), 1)); // a Uint8Array of 3 bytes, at offset 1
 * readBytes("AAAA"); // undefined: not bytes
 * ```
 */
export function readBytes(value: unknown): BytesRead {
  let view: object | undefined; // the prototype whose getters read the view's slots
  let buffer: unknown = value;
  if (ArrayBuffer.isView(value)) {
    // A typed array answers its toStringTag getter; a DataView gets `undefined` there.
    view = readSlot(typedArrayPrototype(), Symbol.toStringTag, value) === undefined ? DataView.prototype : typedArrayPrototype();
    buffer = readSlot(view, "buffer", value);
  }
  let total: number | undefined;
  for (const p of bufferPrototypes()) total ??= readNumber(p, "byteLength", buffer);
  if (total === undefined) return undefined;
  // A detached buffer reads as empty: only then is the detach test needed (it throws on a detached buffer only).
  const memory = buffer as ArrayBufferLike;
  if (total === 0) {
    try {
      new Uint8Array(memory, 0, 0);
    } catch {
      return "detached";
    }
  }
  if (view === undefined) return new Uint8Array(memory, 0, total);
  // A DataView out of range throws from both getters; a typed array answers 0 and 0, and only `at` tells.
  const length = readNumber(view, "byteLength", value);
  const offset = readNumber(view, "byteOffset", value);
  if (length === undefined || offset === undefined || offset + length > total) return "out-of-range";
  const at = length === 0 && view === typedArrayPrototype() ? typedAt() : null;
  if (at !== null) {
    try {
      Reflect.apply(at, value, [0]);
    } catch {
      return "out-of-range";
    }
  }
  return new Uint8Array(memory, offset, length);
}

/** The `href` of a real URL object (of any realm), read through `URL.prototype`'s getter; else `undefined`. */
export function urlHref(value: unknown): string | undefined {
  if (typeof URL !== "function" || typeof value !== "object" || value === null) return undefined;
  const href: unknown = readSlot(URL.prototype, "href", value);
  return typeof href === "string" ? href : undefined;
}

/** True for a Blob or File of any realm (`Blob.prototype`'s `size` getter answers); a runtime without `Blob` has none. */
export function isBlob(value: unknown): value is Blob {
  if (typeof Blob !== "function" || typeof value !== "object" || value === null) return false;
  return readSlot(Blob.prototype, "size", value) !== undefined;
}

/** True for a web ReadableStream of any realm (its `locked` getter answers); a runtime without web streams has none. */
export function isReadableStream(value: unknown): value is ReadableStream<unknown> {
  if (typeof ReadableStream !== "function" || typeof value !== "object" || value === null) return false;
  return readSlot(ReadableStream.prototype, "locked", value) !== undefined;
}

/** Date.prototype, read through a type whose getTime is a plain function of its receiver (taken once, at load). */
const DATE_PROTO: { readonly getTime: (this: unknown) => number } = Date.prototype;
const getTime = DATE_PROTO.getTime;

/**
 * The time value of a Date of any realm (NaN for an invalid one), read from its internal slot by
 * `Date.prototype.getTime`, which answers only for a real Date; `undefined` for anything else: a Proxy of a
 * Date, an object made with `Object.create(Date.prototype)`, a look-alike with a `getTime` of its own. Runs
 * no code of the value's (a subclass's `getTime` is not called).
 */
export function dateTime(value: unknown): number | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return getTime.call(value);
  } catch {
    return undefined;
  }
}

/** How many prototypes {@link lookUp} climbs at most: a Proxy's getPrototypeOf trap can make a chain without end. */
const MAX_CHAIN = 64;

/**
 * The property `key` of `value`, its own or inherited, read once (a getter runs once, with `value` as
 * `this`); `undefined` when it is absent, or found only on the last object of the chain (an
 * `Object.prototype`, of this realm or another): a standard `Object.prototype` holds none of the keys read
 * with this (a brand, `Symbol.asyncIterator`, a File's `name`, an iterator's `next`), so one there is
 * pollution. A value holding the key itself, even one made with `Object.create(null)`, has it. The walk ends,
 * with nothing, at `stop`. What a hostile Proxy throws while its chain is read is thrown.
 */
export function lookUp(value: object, key: PropertyKey, stop?: object): unknown {
  let holder: object | null = value;
  for (let i = 0; holder !== null && holder !== stop && i < MAX_CHAIN; i++) {
    const next = getProto(holder);
    if (holder === Object.prototype || (next === null && holder !== value)) return undefined;
    const desc = ownDescriptor(holder, key);
    if (desc !== undefined) return "value" in desc ? desc.value : desc.get === undefined ? undefined : Reflect.apply(desc.get, value, []);
    holder = next;
  }
  return undefined;
}

/** An async iterable's `Symbol.asyncIterator` method. */
export type IteratorMethod = (this: object) => unknown;

/**
 * The `Symbol.asyncIterator` method of an async iterable (a Node Readable, an async generator, an object or
 * class of the caller's), or `undefined`, looked up by {@link lookUp}. `ReadableStream.prototype`'s method is
 * not taken: a real stream is recognised first, so what inherits it is a look-alike.
 */
export function asyncIteratorOf(value: unknown): IteratorMethod | undefined {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return undefined;
  const method = lookUp(value, Symbol.asyncIterator, typeof ReadableStream === "function" ? ReadableStream.prototype : undefined);
  return typeof method === "function" ? (method as IteratorMethod) : undefined;
}
