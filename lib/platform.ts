// The platform's own objects, recognised by what they are, never by their shape: bytes, a URL, a Blob, a web
// ReadableStream and an async iterable. Each is told by a built-in getter of the platform, which reads an
// internal slot and answers only for the real thing (of any realm): a Proxy, an own `buffer` or `getReader`
// of a look-alike, an object made with `Object.create(Blob.prototype)`, or a polluted `Object.prototype`
// runs no code here and is none of them. See the README, "Reading what callers pass".
//
// Also the one prototype walk of the library ({@link lookUp}), for brands and for the readers of
// read-source.ts, which are handed these functions rather than importing them.

/**
 * What the platform getter `key` of `proto` (its own accessor, which reads an internal slot) answers for
 * `value`; `undefined` when `proto` has no such getter or it throws (`value` lacks the slot).
 */
function readSlot(proto: object, key: PropertyKey, value: unknown): unknown {
  const get = Object.getOwnPropertyDescriptor(proto, key)?.get;
  if (get === undefined) return undefined;
  try {
    return Reflect.apply(get, value, []);
  } catch {
    return undefined;
  }
}

/** What {@link readBytes} found: bytes, a view or buffer that was detached, or something that is not bytes. */
type BytesRead = Uint8Array | "detached" | undefined;

const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array.prototype) as object;

/**
 * Reads bytes in any spelling (any typed array, a DataView, an ArrayBuffer or SharedArrayBuffer, from this
 * realm or another) as a fresh Uint8Array view of the same memory (no copy), `"detached"` for a view or
 * buffer whose memory was transferred away, or `undefined` when `value` is not bytes. The one reader of
 * bytes: the factories, the stream readers (one chunk each) and the provider readers that take bytes.
 *
 * @example
 * ```ts
 * readBytes(new Uint16Array([1, 2]).subarray(1)); // a Uint8Array of [2, 0], over the same memory
 * readBytes(new DataView(new ArrayBuffer(4), 1)); // a Uint8Array of 3 bytes, at offset 1
 * readBytes("AAAA"); // undefined: not bytes
 * ```
 */
export function readBytes(value: unknown): BytesRead {
  let proto: object | undefined;
  let buffer: ArrayBufferLike = value as ArrayBufferLike;
  if (ArrayBuffer.isView(value)) {
    // A typed array answers its toStringTag getter; a DataView gets `undefined` there.
    proto = readSlot(TYPED_ARRAY, Symbol.toStringTag, value) ? TYPED_ARRAY : DataView.prototype;
    buffer = readSlot(proto, "buffer", value) as ArrayBufferLike;
  } else {
    for (const ctor of [ArrayBuffer, globalThis.SharedArrayBuffer]) if (ctor && readSlot(ctor.prototype, "byteLength", value) !== undefined) proto = ctor.prototype;
    if (proto === undefined) return undefined;
  }
  // A detached buffer reads as empty (a DataView's byteLength throws): only then is the detach test needed.
  const length = readSlot(proto, "byteLength", value) as number | undefined;
  if (!length) {
    try {
      new Uint8Array(buffer, 0, 0); // throws on a detached buffer, and only then
    } catch {
      return "detached";
    }
  }
  return new Uint8Array(buffer, (readSlot(proto, "byteOffset", value) as number | undefined) ?? 0, length);
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

const getTime = Date.prototype.getTime;

/**
 * The time value of a Date of any realm (NaN for an invalid one), read from its internal slot by
 * `Date.prototype.getTime`, which answers only for a real Date; `undefined` for anything else: a Proxy of a
 * Date, an object made with `Object.create(Date.prototype)`, a look-alike with a `getTime` of its own. Runs
 * no code of the value's (a subclass's `getTime` is not called).
 */
export function dateTime(value: unknown): number | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return getTime.call(value as Date);
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
    const next = Object.getPrototypeOf(holder) as object | null;
    if (holder === Object.prototype || (next === null && holder !== value)) return undefined;
    const desc = Object.getOwnPropertyDescriptor(holder, key);
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
