/**
 * `ContentPart`: an image, a document, a clip or a piece of text that a tool hands to the model beside its
 * output: the class, and the one place a part is made (part-build.ts checks the fields of every source).
 * @module
 */
import { decodeBase64, decodedLength, encodeBase64 } from "./base64";
import { BRAND, INSPECT } from "./brand";
import { asPartError, partError, type ContentPartError, type SafeResult } from "./errors";
import type { MediaType } from "./media";
import {
  base64Fields,
  bytesFields,
  changedMime,
  checkName,
  checkOptions,
  checkText,
  type ContentPartJSON,
  dataUrlSourceFields,
  FIELDS,
  jsonFields,
  notOnText,
  partCheck,
  partFromSource,
  settled,
  urlSourceFields,
  type BytesSource,
  type PartFields,
  type PartOptions,
  type PartSource,
  type PartType,
} from "./part-build";
import { imageDimensions, type ImageDimensions } from "./image-size";
import { mediaLabel } from "./part-label";
import { utf8Length } from "./utf8";
import { classFor, fieldsJSON, valueClass, type ValueKit } from "./value-class";

/**
 * Anything whose instances are parts of type P: `ContentPart` itself, or a subclass. The statics are typed on
 * it, so that a static called on a subclass returns that subclass.
 *
 * @example
 * ```ts
 * class Chart extends ContentPart {}
 * const c: Chart = Chart.fromUrl("https://example.com/q3.png");
 * ```
 */
export type PartClass<P extends ContentPart> = { readonly prototype: P };

const getProto: (value: object) => object | null = Object.getPrototypeOf;

/** Each image part's size, once read (`null`: its header gives none). */
const DIMENSIONS = new WeakMap<ContentPart, ImageDimensions | null>();

/** The engine of ContentPart (value-class.ts), made on first use: every error it raises is a ContentPartError. */
let partKit: ValueKit<ContentPart, ContentPartError> | undefined;
function parts(): ValueKit<ContentPart, ContentPartError> {
  return (partKit ??= valueClass({ name: "ContentPart", base: ContentPart, keys: FIELDS, read: jsonFields, asError: asPartError }));
}

/** True for a part this copy of the library made (its private mark); a look-alike, even a Proxy of a part, is read by its fields. */
export function isGenuinePart(value: unknown): value is ContentPart {
  return parts().is(value);
}

/** The one place a part is made from checked fields (the constructor fills `this` the same way). */
function makePart(fields: PartFields, proto: object): ContentPart {
  return parts().make(proto, fields);
}

/** The prototype the static `fn` called on `cls` makes its parts with: an invalid receiver is a ContentPartError (`invalid-type`). */
function protoFor(cls: unknown, fn: string): object {
  return parts().proto(cls, fn);
}

/** A sync factory on the receiver `cls` (the static `fn`): the options checked, then the part `fields` builds from `source`. */
function fromFields<P extends ContentPart>(cls: PartClass<P>, fn: string, source: unknown, options: unknown, fields: (source: unknown, opts: ReturnType<typeof checkOptions>) => PartFields): P {
  const proto = protoFor(cls, fn);
  return makePart(fields(source, checkOptions(options, fn)), proto) as P;
}

/** An async factory on the receiver `cls`: the part read from any source, made with the receiver's prototype. */
function fromSource<P extends ContentPart>(kind: MediaType | undefined, source: unknown, options: unknown, cls: unknown, fn: string): Promise<P> {
  return partFromSource(kind, source, options, fn, () => {
    const proto = protoFor(cls, fn);
    return (fields) => makePart(fields, proto) as P;
  });
}

/**
 * A piece of content beside a tool's text output: `text`, an `image`, a `file` (a PDF, say) or `audio`.
 *
 * A part is a frozen value with six own fields in a fixed order: `type`, `text`, `mimeType`, `data`
 * (canonical padded base64), `url` and `name`; absent ones are `undefined`. A text part has `text` only;
 * any other part has a `mimeType` and exactly one of `data` or `url` (absolute http or https). A part
 * never holds a filesystem path, and its data never appears in `toString`, `util.inspect`, `describe` or
 * an error message.
 *
 * Build parts with the factories: `ContentPart.image(source)` and its siblings read any source
 * asynchronously; `fromBytes`, `fromBase64`, `fromDataUrl`, `fromUrl` and `fromJSON` are synchronous.
 *
 * @example
 * ```ts
 * const shot = await ContentPart.image("fixtures/media/fixture.png");
 * shot.summary(); // "image (image/png, 82 bytes)"
 * const note = ContentPart.text("see the attached chart");
 * ```
 */
export class ContentPart {
  /** `text`, `image`, `file` or `audio`. */
  declare readonly type: PartType;
  /** The text of a text part; `undefined` for the other types. */
  declare readonly text: string | undefined;
  /** The media type (`image/png`), lowercased, without parameters; `undefined` for a text part. */
  declare readonly mimeType: string | undefined;
  /** The bytes as canonical padded standard base64, or `undefined` for a url or text part. */
  declare readonly data: string | undefined;
  /** An absolute http(s) URL, or `undefined` for a data or text part. */
  declare readonly url: string | undefined;
  /** A name (a file's base name, say), or `undefined`. */
  declare readonly name: string | undefined;

  /**
   * Reads a part from its JSON shape; the same as {@link ContentPart.fromJSON}.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * new ContentPart({ type: "text", text: "hello" });
   * ```
   */
  constructor(json: ContentPartJSON) {
    parts().fill(this, toContentPart(json, ""));
  }

  /** @internal The brand read by {@link ContentPart.isContentPart}, across copies of the package. */
  get [BRAND](): "ContentPart" {
    return "ContentPart";
  }

  /** Vercel Workflow's serializer: the value's JSON. Found by the engine's compiler by this literal text; see docs/durable.md. */
  static [Symbol.for("workflow-serialize")](value: { toJSON(): unknown }) { return value.toJSON(); }
  /** Vercel Workflow's deserializer: `this.fromJSON(data)`, so a registered subclass comes back as itself. */
  static [Symbol.for("workflow-deserialize")](data: unknown) { return partCheck(() => classFor(this, ContentPart, "ContentPart", "[workflow-deserialize]")).fromJSON(data); }

  /**
   * A text part.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ContentPart.text("hello").toJSON(); // { type: "text", text: "hello" }
   * ```
   */
  static text<P extends ContentPart>(this: PartClass<P>, text: string): P {
    const proto = protoFor(this, "text");
    return makePart({ type: "text", text: checkText(text, "text") }, proto) as P;
  }

  /**
   * An image part from any source: a file path (Node only, read now), an http(s) URL (kept as a url), a
   * `data:` URL, a `URL` object (read as its `href`, as that string would be), bytes, a Blob or File, a web
   * ReadableStream, or an async iterable of byte chunks (a Node Readable, an async generator). The mime
   * type must be `image/*`; for the media table's types the bytes' signature is checked unless
   * `verifyMime: false`.
   *
   * Each source is recognised by what it is, never by its shape: an object with a `getReader` method that
   * is not a ReadableStream, a Proxy of a `URL`, or an object inheriting a method from a polluted
   * `Object.prototype` is an `invalid-source`.
   *
   * Rejects with a {@link ContentPartError}; {@link ContentPart.safeImage} never rejects.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const png = await ContentPart.image("fixtures/media/fixture.png");
   * const remote = await ContentPart.image("https://example.com/chart.png");
   * const same = await ContentPart.image(new URL("https://example.com/chart.png")); // url: its href
   * ```
   */
  static image<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource("image", source, options, this, "image");
  }

  /**
   * A file part (a PDF, say) from any source; see {@link ContentPart.image}. The mime type may be anything
   * but `image/*` and `audio/*`; a file read from a path or a `File` is named by its base name by default.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const pdf = await ContentPart.file("fixtures/media/fixture.pdf"); // name "fixture.pdf"
   * ```
   */
  static file<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource("file", source, options, this, "file");
  }

  /**
   * An audio part from any source; see {@link ContentPart.image}. The mime type must be `audio/*`.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const clip = await ContentPart.audio("fixtures/media/fixture.wav");
   * ```
   */
  static audio<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource("audio", source, options, this, "audio");
  }

  /**
   * A part of whichever type the mime type names (`image/*` an image, `audio/*` audio, anything else a
   * file), from any source (a path, a URL string or object, bytes, a Blob or File, a stream); see
   * {@link ContentPart.image}.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const part = await ContentPart.from(new Uint8Array(await blob.arrayBuffer()));
   * ```
   */
  static from<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<P> {
    return fromSource(undefined, source, options, this, "from");
  }

  /**
   * {@link ContentPart.image} that never rejects: resolves to `{ success: true, data }` or
   * `{ success: false, error }`.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeImage("shot.png");
   * if (!r.success) return ToolResult.error(`screenshot: ${r.error.message}`);
   * ```
   */
  static safeImage<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settled(fromSource<P>("image", source, options, this, "safeImage"));
  }

  /**
   * {@link ContentPart.file} that never rejects.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeFile("report.pdf");
   * ```
   */
  static safeFile<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settled(fromSource<P>("file", source, options, this, "safeFile"));
  }

  /**
   * {@link ContentPart.audio} that never rejects.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeAudio("clip.wav");
   * ```
   */
  static safeAudio<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settled(fromSource<P>("audio", source, options, this, "safeAudio"));
  }

  /**
   * {@link ContentPart.from} that never rejects.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = await ContentPart.safeFrom(bytes);
   * ```
   */
  static safeFrom<P extends ContentPart>(this: PartClass<P>, source: PartSource, options?: PartOptions): Promise<SafeResult<P, ContentPartError>> {
    return settled(fromSource<P>(undefined, source, options, this, "safeFrom"));
  }

  /**
   * A part from bytes in memory (`Uint8Array`, `Buffer`, `ArrayBuffer`, any `ArrayBufferView`; a view's
   * `byteOffset` is honoured). The type follows the mime type: from `options.mimeType`, else the extension
   * of `options.name`, else the bytes' signature.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const part = ContentPart.fromBytes(pngBytes, { mimeType: "image/png" });
   * ```
   */
  static fromBytes<P extends ContentPart>(this: PartClass<P>, bytes: BytesSource, options?: PartOptions): P {
    return fromFields(this, "fromBytes", bytes, options, bytesFields);
  }

  /**
   * A part from base64 in any decodable spelling (padded or not, standard or URL-safe, wrapped); it is
   * stored canonical. The type follows the mime type as in {@link ContentPart.fromBytes}.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const part = ContentPart.fromBase64("iVBORw0KGgo...", { mimeType: "image/png" });
   * ```
   */
  static fromBase64<P extends ContentPart>(this: PartClass<P>, b64: string, options?: PartOptions): P {
    return fromFields(this, "fromBase64", b64, options, base64Fields);
  }

  /**
   * A part from a `data:` URL, base64 or percent-encoded; the payload is stored as canonical base64.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ContentPart.fromDataUrl("data:text/plain,hello%20world").mimeType; // "text/plain"
   * ```
   */
  static fromDataUrl<P extends ContentPart>(this: PartClass<P>, url: string, options?: PartOptions): P {
    return fromFields(this, "fromDataUrl", url, options, dataUrlSourceFields);
  }

  /**
   * A part that points at an absolute http(s) URL (a `data:` URL becomes data). The mime type comes from
   * `options.mimeType`, else the extension of the URL's path, else it is an `unknown-extension` error.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ContentPart.fromUrl("https://example.com/report.pdf").type; // "file"
   * ```
   */
  static fromUrl<P extends ContentPart>(this: PartClass<P>, url: string, options?: PartOptions): P {
    return fromFields(this, "fromUrl", url, options, urlSourceFields);
  }

  /**
   * Reads a part from its JSON shape, checking the shape and the base64 (not the signature: the wire is
   * faithful). Throws a {@link ContentPartError}; {@link ContentPart.safeFromJSON} never throws.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ContentPart.fromJSON({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" });
   * ```
   */
  static fromJSON<P extends ContentPart>(this: PartClass<P>, value: unknown): P {
    return parts().fromJSON(this, value) as P;
  }

  /**
   * {@link ContentPart.fromJSON} that never throws.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = ContentPart.safeFromJSON(JSON.parse(text));
   * if (r.success) use(r.data); else console.log(r.error.code, r.error.path);
   * ```
   */
  static safeFromJSON<P extends ContentPart>(this: PartClass<P>, value: unknown): SafeResult<P, ContentPartError> {
    return parts().safeFromJSON(this, value) as SafeResult<P, ContentPartError>;
  }

  /**
   * True when `value` is a `ContentPart`, from this copy of the package or another (the ESM and the CJS
   * build side by side).
   *
   * A part this copy made is recognised at once. Anything else counts only when it carries the package's
   * brand and its six fields are its own and pass the check of {@link ContentPart.fromJSON} (read once
   * each): a bare brand, or a look-alike with a `javascript:` url, is not a part. Never throws.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ContentPart.isContentPart(ContentPart.text("x")); // true
   * ```
   */
  static isContentPart(value: unknown): value is ContentPart {
    return parts().isBranded(value);
  }

  /**
   * `"image (image/png, 82 bytes)"` for any part, or a part's JSON shape (read as by `fromJSON`, so a bad
   * shape throws a {@link ContentPartError}); a text part gives its text.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ContentPart.summary({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" }); // "image (image/png, url)"
   * ```
   */
  static summary(part: ContentPart | ContentPartJSON): string {
    return toContentPart(part, "").summary();
  }

  /** Decoded bytes: from the base64 length without decoding; 0 for a url part; UTF-8 length for text. */
  get byteLength(): number {
    const p = checked(this);
    return p.text !== undefined ? utf8Length(p.text) : decodedLength(p.data ?? ""); // a url part: 0
  }

  /** `max(85, floor(bytes / 750))`; a text part `ceil(length / 4)`. */
  get estimatedTokens(): number {
    const p = checked(this);
    if (p.text !== undefined) return Math.ceil(p.text.length / 4);
    return Math.max(85, Math.floor(p.byteLength / 750));
  }

  /**
   * `{ width, height }` (frozen) of an image part with data, read from its header alone (PNG, GIF, WebP,
   * JPEG; the stored size, EXIF orientation not applied); `undefined` for a url part, a part that is no
   * image, and a header that is truncated or does not hold its claims. Never throws on a part's data.
   *
   * @example
   * ```ts
   * (await ContentPart.image("fixtures/media/fixture.png")).dimensions; // { width: 2, height: 2 }
   * ```
   */
  get dimensions(): ImageDimensions | undefined {
    return dimensionsOf(checked(this));
  }

  /**
   * `"image (image/png, 82 bytes)"` (`"image (image/png, url)"` for a url part); a text part gives its text.
   *
   * @example
   * ```ts
   * (await ContentPart.image("fixtures/media/fixture.png")).summary(); // "image (image/png, 82 bytes)"
   * ```
   */
  summary(): string {
    const p = checked(this);
    return p.text ?? `${p.type} ${mediaLabel(p)}`;
  }

  /**
   * A log-safe description: `{ type, mimeType, bytes }`.
   *
   * @example
   * ```ts
   * part.describe(); // { type: "image", mimeType: "image/png", bytes: 82 }
   * ```
   */
  describe(): { type: PartType; mimeType: string | undefined; bytes: number } {
    const p = checked(this);
    return { type: p.type, mimeType: p.mimeType, bytes: p.byteLength };
  }

  /**
   * The decoded bytes, in a fresh `Uint8Array` (a text part gives its UTF-8). A url part has no bytes: an
   * `unsupported` error.
   *
   * @example
   * ```ts
   * const bytes = part.bytes();
   * ```
   */
  bytes(): Uint8Array {
    const p = checked(this);
    if (p.text !== undefined) return new TextEncoder().encode(p.text);
    if (p.data === undefined) throw partError("unsupported", "", "A url part has no bytes in memory", "Fetch the url yourself.");
    return decodeBase64(p.data);
  }

  /**
   * The part as a `data:` URL (`data:image/png;base64,...`). A url part is `unsupported`.
   *
   * @example
   * ```ts
   * img.src = part.toDataUrl();
   * ```
   */
  toDataUrl(): string {
    const p = checked(this);
    // A text part gives its UTF-8; a url part has no data, and bytes() refuses it.
    const mime = p.mimeType ?? "text/plain;charset=utf-8";
    return `data:${mime};base64,${p.data ?? encodeBase64(p.bytes())}`;
  }

  /**
   * True when `other` is a part of the same class with the same six fields.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ContentPart.text("a").equals(ContentPart.text("a")); // true
   * ```
   */
  equals(other: unknown): boolean {
    const p = checked(this);
    return other === this || other === p || (isGenuinePart(other) && getProto(other) === getProto(p) && samePartFields(p, other));
  }

  /**
   * A copy with another name (`undefined` removes it). A text part has no name; a name holding a control
   * character is `invalid-name`.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * part.withName("chart.png");
   * ```
   */
  withName(name: string | undefined): this {
    const p = checked(this);
    if (p.type === "text") throw notOnText("name", "name");
    return parts().like(p, { ...p, name: name === undefined ? undefined : checkName(name, "name") }) as this;
  }

  /**
   * A copy with another mime type of the same family; for data in the media table the signature is checked
   * unless `verifyMime: false`.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * part.withMimeType("image/jpeg");
   * ```
   */
  withMimeType(mimeType: string, options?: { verifyMime?: boolean }): this {
    const p = checked(this);
    return parts().like(p, { ...p, mimeType: changedMime(p.type, p.data, mimeType, options) }) as this;
  }

  /**
   * The JSON shape: `{ type, text }` or `{ type, mimeType, data | url, name? }`, absent keys omitted.
   *
   * @example
   * ```ts
   * JSON.stringify(part); // uses toJSON
   * ```
   */
  toJSON(): ContentPartJSON {
    const p = checked(this);
    return fieldsJSON(p, FIELDS) as ContentPartJSON;
  }

  /**
   * The summary: never the data.
   *
   * @example
   * ```ts
   * String(part); // "image (image/png, 82 bytes)"
   * ```
   */
  toString(): string {
    return checked(this).summary();
  }

  /** @internal Node's `util.inspect` shows the summary, never the data; a look-alike that fails the check, its error code. */
  [INSPECT](): string {
    let p: ContentPart;
    try {
      p = checked(this);
    } catch (e) {
      return `ContentPart(not a valid part: ${asPartError(e).code})`;
    }
    const name = p.name === undefined ? "" : `, name: ${JSON.stringify(p.name)}`;
    const text = p.text;
    return `ContentPart(${text === undefined ? p.summary() : JSON.stringify(text.length <= 60 ? text : `${text.slice(0, 57)}...`)}${name})`;
  }
}

/**
 * The receiver of an instance method as a part: itself when this copy made it (the fast path); anything else
 * (an object made with `Object.create(ContentPart.prototype)`, JSON given the prototype, a Proxy of a part,
 * a part of another loaded copy, no receiver at all) read once and checked as `fromJSON` reads it, into a
 * part of the receiver's class when that is `ContentPart` or a subclass: so that no method builds on, or
 * shows, a field nobody checked. What fails is a ContentPartError (`invalid-base64`, `invalid-source`...),
 * never a bare TypeError. See docs/trust.md, "Reading what callers pass" ("Every method, every receiver").
 */
function checked(receiver: unknown): ContentPart {
  return parts().self(receiver);
}

/**
 * The size of an image part with data ({@link ContentPart.dimensions}), read from its header once per part (a
 * part never changes, and every projection checks an image against its target's limits on every call);
 * `undefined` for any other part.
 */
export function dimensionsOf(p: ContentPart): ImageDimensions | undefined {
  if (p.type !== "image" || p.data === undefined) return undefined;
  // The part asked last, without the WeakMap's look-up: a loop sends the same screenshot again and again.
  if (p === lastPart) return lastSize ?? undefined;
  let d = DIMENSIONS.get(p);
  if (d === undefined) DIMENSIONS.set(p, (d = imageDimensions(p.data) ?? null));
  lastPart = p;
  lastSize = d;
  return d ?? undefined;
}

/** The part {@link dimensionsOf} read last, and its size (`null`: none). */
let lastPart: ContentPart | undefined;
let lastSize: ImageDimensions | null = null;

/**
 * Reads one entry of a `parts` list (or the value `fromJSON` is given): a genuine part is kept (re-made with
 * `proto` when one is given and the part is of another class: its fields were checked when it was made);
 * anything else, a part of another loaded copy of the package or a look-alike included, is read by its own
 * fields and checked as JSON.
 */
export function toContentPart(value: unknown, path: string, proto?: object): ContentPart {
  return proto === undefined ? parts().toValue(value, path) : parts().read(value, path, proto);
}

/**
 * True when `b` is a part this copy of the library made with the same six fields as `a`, whatever the two
 * classes: how parts nested in a result compare (the wire cannot say which subclass a part was).
 */
export function samePartFields(a: ContentPart, b: unknown): boolean {
  if (a === b) return true;
  if (!isGenuinePart(b)) return false;
  for (const k of FIELDS) if (a[k] !== b[k]) return false;
  return true;
}
