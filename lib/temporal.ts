/**
 * toolnexus/temporal: a Temporal payload converter that keeps toolnexus values what they are.
 *
 * Temporal's default converter writes a `ToolResult` as the plain JSON object its `toJSON` gives, and a
 * workflow or activity reading it back gets that plain object: unfrozen, without `pending`, `equals` or a
 * subclass's methods. {@link ToolnexusPayloadConverter} writes every toolnexus value, at any depth of an
 * argument or a result, as `{ "$toolnexus": "ToolResult", "value": <its JSON> }` and reads it back with the
 * class's `fromJSON`; everything else is written byte for byte as the default converter writes it, with the
 * same `json/plain` encoding (Temporal's UI and the default converter still read the payload as JSON).
 *
 * Register it by module path: the package's ready {@link payloadConverter} works as is; for subclasses,
 * export your own from a module of yours, made by {@link createPayloadConverter}. The module imports no
 * `node:` module, since Temporal bundles it into the workflow sandbox. `@temporalio/common` is an optional
 * peer dependency, needed only by this entry point.
 *
 * @example
 * ```ts
 * // worker.ts: workflows and the client must use the same converter
 * const worker = await Worker.create({
 *   workflowsPath: require.resolve("./workflows"),
 *   dataConverter: { payloadConverterPath: require.resolve("toolnexus/temporal") },
 *   taskQueue: "tools",
 * });
 * const client = new Client({ dataConverter: { payloadConverterPath: require.resolve("toolnexus/temporal") } });
 * ```
 *
 * @module toolnexus/temporal
 */
import {
  BinaryPayloadConverter,
  CompositePayloadConverter,
  METADATA_ENCODING_KEY,
  UndefinedPayloadConverter,
  ValueError,
  type ConverterHint,
  type Payload,
  type PayloadConverterWithEncoding,
  type SerializationContext,
} from "@temporalio/common";
import { defineKey, guard, ownKeys, readArray, snapshot, wrongType } from "./boundary";
import { readOptionsOf } from "./options";
import { quoted, quotedValue } from "./quote";
import { brandOf, protoOf, readBrand, type BrandName } from "./brand";
import { ContentPart, isGenuinePart } from "./content-part";
import { ContentPartError, isInstance, isToolnexusError, raise, ValidationError } from "./errors";
import { MAX_VALUES, typeName } from "./json-data";
import { formatPath, joinPath, type Segment } from "./path";
import { readBytes } from "./platform";
import { Answer, isGenuineAnswer } from "./answer";
import { isGenuineRequest, Request } from "./request";
import { isGenuineResult, ToolResult } from "./tool-result";

/** The key that tags a toolnexus value (or escapes a plain object that has it) in a payload. */
const TAG = "$toolnexus";
const ENCODING = "json/plain";
const NAMES: readonly BrandName[] = ["ToolResult", "ContentPart", "Request", "Answer"];

/**
 * A class the converter can revive: `ToolResult`, `ContentPart`, `Request`, `Answer` or a subclass of one
 * of them (whatever its metadata or data type), with the inherited static `fromJSON`. A class, not an object
 * shaped like one: the converter refuses anything that is not a function.
 *
 * @example
 * ```ts
 * class SearchResult extends ToolResult<{ hits: number }> {}
 * const classes: Record<string, ToolnexusClass> = { SearchResult };
 * ```
 */
export type ToolnexusClass = (abstract new (...args: never[]) => unknown) & {
  /** The class's prototype: one of the four toolnexus prototypes, or a subclass's. */
  readonly prototype: ToolResult<any> | ContentPart | Request<any> | Answer<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Reads the value's JSON back; called on a subclass, returns that subclass. */
  fromJSON(value: unknown): unknown;
};

/**
 * The classes a converter revives, by the name that tags them in payloads. The four base names and the empty
 * name are the converter's own (every converter reads them): a key of those names does not compile, as the
 * converter refuses it.
 *
 * @example
 * ```ts
 * const classes: ToolnexusClasses = { SearchResult, ApprovalRequest };
 * ```
 */
export type ToolnexusClasses = { readonly [name: string]: ToolnexusClass } & { readonly [K in "ToolResult" | "ContentPart" | "Request" | "Answer" | ""]?: never };

/**
 * The options of {@link createPayloadConverter} and of the {@link ToolnexusPayloadConverter} constructor.
 *
 * @example
 * ```ts
 * const options: PayloadConverterOptions = { classes: { SearchResult } };
 * ```
 */
export interface PayloadConverterOptions {
  /**
   * Subclasses to revive, by the name that tags them in payloads (`{ SearchResult }`). The name is part of
   * the stored data: keep it when you rename the class. A subclass not listed is written as, and comes back
   * as, its toolnexus base class. A class listed under a second name (a base class under any name of its
   * own, `{ Base: ToolResult }`, included) is also read under that name, and written under its first name
   * (a base class under its own): the way to keep reading payloads written under a retired name.
   */
  readonly classes?: ToolnexusClasses;
}

/** One class the converter knows: the tag it writes, the base type, and how it reads the JSON back. */
interface Known {
  readonly name: string;
  readonly base: BrandName;
  /** The class's `fromJSON` (taken once, when the class was registered), called with the class as its receiver. */
  readonly read: (json: unknown) => unknown;
}

/**
 * A base class's `toJSON`, taken once at load: a function called later with a genuine value as its receiver
 * (`toJSON.call(value)`), so that neither a subclass's override nor a later patch of the prototype is what
 * writes the value.
 */
function ownToJSON(proto: { readonly toJSON: (this: never) => unknown }): (this: never) => unknown {
  return proto.toJSON;
}

/** The four classes of this copy of the package, by their brand. */
const BASES: { readonly [K in BrandName]: { readonly cls: ToolnexusClass; readonly genuine: (v: unknown) => boolean; readonly toJSON: (this: never) => unknown } } = {
  ToolResult: { cls: ToolResult, genuine: isGenuineResult, toJSON: ownToJSON(ToolResult.prototype) },
  ContentPart: { cls: ContentPart, genuine: isGenuinePart, toJSON: ownToJSON(ContentPart.prototype) },
  Request: { cls: Request, genuine: isGenuineRequest, toJSON: ownToJSON(Request.prototype) },
  Answer: { cls: Answer, genuine: isGenuineAnswer, toJSON: ownToJSON(Answer.prototype) },
};

/**
 * The toolnexus type `value` claims by its brand (of any loaded copy of the package), or `undefined`: read
 * below Object.prototype (a polluted Object.prototype brands nothing). With `at` (a value being written), a
 * prototype chain that cannot be read (a hostile Proxy) is a ValidationError there, never a quiet "no
 * brand" that would write a toolnexus value as plain data; without, it is `undefined`. `at` builds the path
 * only for an error.
 */
function claimedType(value: object, at?: () => string): BrandName | undefined {
  const brand = at === undefined ? brandOf(value) : guard(at, "the value's brand", () => readBrand(value));
  return isBrandName(brand) ? brand : undefined;
}

/** True for the brand of one of the four classes. */
function isBrandName(brand: unknown): brand is BrandName {
  for (const name of NAMES) if (brand === name) return true;
  return false;
}

const PAYLOAD_FIX = "Pass a payload written by a JSON converter.";
const BINARY = "binary/plain";
const BINARY_FIX = "Pass a payload whose data is a Uint8Array, as Temporal's binary converter writes it.";
/** The options of the converter (and of createPayloadConverter, which passes them on). */
const CONVERTER_OPTIONS = { fn: "ToolnexusPayloadConverter", keys: ["classes"] } as const;
const TAGGED_FIX = "Read payloads written by the toolnexus converter.";

/**
 * One write: the subtrees already written, by identity (a subtree met again is not walked again; its
 * count is added), and the values counted so far.
 */
interface Writing {
  readonly done: Map<object, { readonly out: unknown; readonly count: number }>;
  /** The values of toolnexus values' JSON, by identity, for counting (the library shares frozen subtrees). */
  readonly counted: Map<object, number>;
  total: number;
}

/** Thrown inside the writer for what Temporal's JSON converter cannot write either (a cycle). */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- an internal signal told apart by `instanceof`; eslint.config.mjs names it for only-throw-error
class NotJson {}

/**
 * A Temporal `PayloadConverterWithEncoding` (encoding `json/plain`) that writes toolnexus values at any depth
 * as tagged JSON and reads them back as frozen instances of their class.
 *
 * - A toolnexus value (recognised by the package brand, so a value of the ESM and of the CJS copy both
 *   count, then checked through `fromJSON` unless this copy made it) is written as
 *   `{ "$toolnexus": "<ToolResult|ContentPart|Request|Answer>", "value": <toJSON()> }`, or with the name a
 *   subclass is registered under.
 * - A plain object that has its own `$toolnexus` key is escaped as `{ "$toolnexus": "", "value": <it> }`,
 *   so no data can pass for a toolnexus value.
 * - Everything else is written exactly as Temporal's default JSON converter writes it (same bytes, same
 *   metadata: a function or a symbol at the top level gives empty data, as there), and a value that
 *   `JSON.stringify` cannot write (a `BigInt`, a cycle) gives `undefined`, as there, so that a composite
 *   converter reports it.
 * - Reading goes top-down: a tag revives that value through its class's `fromJSON`; an escape marks that
 *   one object as plain data, whose properties are then read as usual.
 *
 * Most code wants {@link createPayloadConverter} (this converter behind Temporal's undefined and binary
 * converters) or the ready {@link payloadConverter}.
 *
 * @example
 * ```ts
 * import { ToolnexusPayloadConverter } from "toolnexus/temporal";
 *
 * const converter = new ToolnexusPayloadConverter({ classes: { SearchResult } });
 * const payload = converter.toPayload({ result: SearchResult.ok("3 hits") })!;
 * converter.fromPayload<{ result: SearchResult }>(payload).result instanceof SearchResult; // true
 * ```
 */
export class ToolnexusPayloadConverter implements PayloadConverterWithEncoding {
  /** `"json/plain"`, the encoding of Temporal's default JSON converter. */
  readonly encodingType: string = ENCODING;
  readonly #byName = new Map<string, Known>();
  readonly #byProto = new Map<object, Known>();

  /**
   * A converter that also revives the subclasses in `options.classes`, each tagged by its name there.
   * A name that is empty or one of the four base names, a base class itself, or a value that is not a
   * toolnexus class, is a {@link ValidationError} at `classes.<name>`.
   *
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * new ToolnexusPayloadConverter({ classes: { SearchResult, ApprovalRequest } });
   * ```
   */
  constructor(options?: PayloadConverterOptions) {
    for (const name of NAMES) {
      const { cls } = BASES[name];
      this.#byName.set(name, { name, base: name, read: (json) => cls.fromJSON(json) });
    }
    const { classes } = readOptionsOf(CONVERTER_OPTIONS, options);
    if (classes === undefined) return;
    if (typeof classes !== "object" || classes === null) {
      raise("invalid-type", "classes", "classes must be an object of subclasses by name", "Pass { SearchResult } or leave it out.");
    }
    for (const name of ownKeys(classes, "classes")) {
      const path = joinPath("classes", formatPath([name]));
      const cls = guard(path, "the class", (): unknown => Reflect.get(classes, name));
      if (name === "" || this.#byName.has(name)) {
        raise("invalid-value", path, `The name ${quoted(name)} is taken by a toolnexus class`, "Register a subclass under a name of its own (its class name, say).");
      }
      const proto = typeof cls === "function" ? guard(path, "the prototype", (): unknown => Reflect.get(cls, "prototype")) : undefined;
      const base = typeof proto === "object" && proto !== null ? claimedType(proto) : undefined;
      // A base is claimed only by an object prototype, read only from a function.
      const fromJSON = base === undefined || typeof cls !== "function" ? undefined : guard(path, "fromJSON", (): unknown => Reflect.get(cls, "fromJSON"));
      if (base === undefined || typeof fromJSON !== "function" || typeof proto !== "object" || proto === null) {
        raise("invalid-type", path, "Not a subclass of ToolResult, ContentPart, Request or Answer", "Pass the class itself: { SearchResult }.");
      }
      const known: Known = { name, base, read: (json): unknown => Reflect.apply(fromJSON, cls, [json]) };
      this.#byName.set(name, known);
      // Written under its first name: a base class under its own, always (another name only reads).
      if (proto !== BASES[base].cls.prototype && !this.#byProto.has(proto)) this.#byProto.set(proto, known);
    }
  }

  /**
   * The payload of `value`, or `undefined` for `undefined` and for what JSON cannot hold (a `BigInt`, a
   * cycle), as Temporal's JSON converter does (which writes a function or a symbol at the top level as a
   * payload with empty data; so does this one). A look-alike of a toolnexus value that fails its class's
   * checks is a {@link ValidationError} naming its path.
   *
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const payload = new ToolnexusPayloadConverter().toPayload(ToolResult.ok("done"));
   * ```
   */
  toPayload(value: unknown): Payload | undefined {
    if (value === undefined) return undefined;
    let json: string | undefined;
    try {
      json = stringify(this.#write(value, "", [], new Set(), { done: new Map(), counted: new Map(), total: 0 }));
    } catch (e) {
      // Asked without `instanceof`: a thrown Proxy (a toJSON's) whose getPrototypeOf trap throws is not ours either.
      if (isToolnexusError(e)) throw e;
      return undefined; // as Temporal's JSON converter: not JSON, so not ours
    }
    // A function or a symbol at the top level: JSON.stringify gives no text, and Temporal's JSON converter then
    // writes a json/plain payload with empty data. So does this one: other values are written as it writes them.
    return { metadata: { [METADATA_ENCODING_KEY]: new TextEncoder().encode(ENCODING) }, data: new TextEncoder().encode(json ?? "") };
  }

  /**
   * The value of a payload: JSON, with every tagged toolnexus value revived as a frozen instance of its
   * class (a registered subclass, or the base class). An unknown tag, a bad escape or a value that fails
   * its class's checks is a {@link ValidationError} naming its path.
   *
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const converter = new ToolnexusPayloadConverter();
   * converter.fromPayload<ToolResult>(converter.toPayload(ToolResult.ok("done"))!).isError; // false
   * ```
   */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- Temporal's PayloadConverter declares fromPayload<T>, the type its caller names
  fromPayload<T>(payload: Payload): T {
    // Own `data` only, read once: Object.prototype.data is no payload's data. Temporal's types say a payload
    // is given; a caller's bad value (undefined, null) is a ValidationError all the same.
    const given: unknown = payload;
    const data = given === undefined || given === null ? undefined : snapshot(given, ["data"], "", "A payload", PAYLOAD_FIX).data;
    if (data === undefined) return raise("missing", "", "The payload has no data", PAYLOAD_FIX);
    const bytes = payloadBytes(data, "data", "The payload's data", PAYLOAD_FIX);
    // Strict UTF-8: bytes that are not UTF-8 are refused, never read as U+FFFD (docs/durable.md, "Temporal (`toolnexus/temporal`)").
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      return raise("not-json", "", "The payload is not UTF-8 text", PAYLOAD_FIX, e);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      // The parser's own message quotes the payload's text around the error (raw, line breaks and secrets
      // included): it stays in the cause, never in the message (docs/trust.md, "Quoting a sender's string").
      return raise("not-json", "", "The payload is not JSON text", PAYLOAD_FIX, e);
    }
    const path: Segment[] = [];
    try {
      return this.#read(parsed, path) as T;
    } catch (e) {
      // A registered subclass's own fromJSON may throw anything: asked without `instanceof`.
      if (!isToolnexusError(e) && isInstance(e, RangeError)) raise("too-deep", formatPath(path), "The payload nests too deeply to read", "Keep payloads shallower.", e);
      throw e;
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Writing: a fresh tree that JSON.stringify writes as it would write the value itself.
  //
  // Not the core's JSON walker (json-data.ts copyJson, under freshJson): that walker checks a value against
  // the metadata rules and refuses what the writer must write as Temporal's default converter does. It refuses
  // undefined, functions and symbols (JSON.stringify drops them in objects and writes null in arrays), NaN and
  // Infinity (null), Dates, class instances, Maps, typed arrays and boxed primitives (toJSON(key), own
  // enumerable properties, {} or the primitive), and it calls no toJSON; it has no place where a toolnexus
  // value at any depth becomes a tagged record; it raises `cycle` where the converter must decline the value
  // (undefined, for the composite to report) and `too-deep` past 1,000 levels where the default converter has
  // no limit; and it deep-freezes and marks the copies it makes, which the payload need not be. What the two
  // share is taken from the core: the value limit (MAX_VALUES), the reads through the trust boundary (guard,
  // ownKeys, readArray) and the paths, built only for an error from a stack of keys (`at`).

  /** Adds `count` values to the write's total; past {@link MAX_VALUES}, a `too-large` error at `at`. */
  #count(w: Writing, count: number, at: Segment[]): void {
    w.total += count;
    if (w.total > MAX_VALUES) {
      // The core's value limit (docs/results.md, "Metadata" and docs/durable.md, "Temporal (`toolnexus/temporal`)").
      raise("too-large", formatPath(at), `The value holds more than ${MAX_VALUES.toLocaleString("en-US")} values, counted as its JSON repeats them`, "Send less data, or share it by reference (an id) instead of repeating it.");
    }
  }

  /** The tagged JSON of a toolnexus value of the given brand (once per value in a write), counted. */
  #tagged(value: object, brand: BrandName, at: Segment[], w: Writing): unknown {
    const seen = w.done.get(value);
    if (seen !== undefined) {
      this.#count(w, seen.count, at);
      return seen.out;
    }
    const before = w.total;
    const out = this.#tag(value, brand, at);
    this.#count(w, 2 + jsonCount(out.value, w.counted), at); // the tag object and its tag
    w.done.set(value, { out, count: w.total - before });
    return out;
  }

  /** The tagged JSON of a toolnexus value of the given brand, checked unless this copy made it. */
  #tag(value: object, brand: BrandName, at: Segment[]): { readonly [TAG]: string; readonly value: unknown } {
    const base = BASES[brand];
    let json: unknown;
    if (base.genuine(value)) {
      json = base.toJSON.call(value as never);
    } else {
      try {
        json = (base.cls.fromJSON(value) as { toJSON(): unknown }).toJSON();
      } catch (e) {
        throw at.length === 0 || !isToolnexusError(e, ValidationError) ? e : fromPayloadRoot(e, formatPath(at));
      }
    }
    const proto = protoOf(value);
    const known = proto === undefined || proto === null ? undefined : this.#byProto.get(proto);
    return { [TAG]: known !== undefined && known.base === brand ? known.name : brand, value: json };
  }

  /**
   * The tree JSON.stringify writes for `value` found under `key`: `toJSON` called as JSON.stringify calls
   * it, own enumerable properties read once each, toolnexus values tagged, look-alike objects escaped.
   */
  #write(value: unknown, key: string, at: Segment[], ancestors: Set<object>, w: Writing): unknown {
    if ((typeof value !== "object" || value === null) && typeof value !== "bigint") {
      this.#count(w, 1, at);
      return value;
    }
    const here = (): string => formatPath(at);
    if (typeof value === "object") {
      const brand = claimedType(value, here);
      if (brand !== undefined) return this.#tagged(value, brand, at, w);
    }
    const toJSON = guard(here, "toJSON", () => (value as { toJSON?: unknown }).toJSON);
    if (typeof toJSON === "function") {
      value = toJSON.call(value, key); // a throw here is not ours to name: toPayload gives undefined, as Temporal's converter does
      if (typeof value !== "object" || value === null) {
        this.#count(w, 1, at);
        return value;
      }
      const brand = claimedType(value, here);
      if (brand !== undefined) return this.#tagged(value, brand, at, w);
    }
    if (typeof value !== "object" || isBoxed(value)) {
      this.#count(w, 1, at);
      return value; // JSON.stringify unwraps (or refuses) these itself
    }
    // A subtree met before in this write (not an ancestor: that is a cycle) is written once: the same tree,
    // its values counted again, as its JSON text repeats them.
    const seen = w.done.get(value);
    if (seen !== undefined) {
      this.#count(w, seen.count, at);
      return seen.out;
    }
    if (ancestors.has(value)) throw new NotJson();
    ancestors.add(value);
    const node = value;
    const before = w.total;
    this.#count(w, 1, at);
    let out: unknown;
    const list = guard(here, "the value", () => (Array.isArray(node) ? node : undefined));
    if (list !== undefined) {
      const items = readArray(list, here);
      for (let i = 0; i < items.length; i++) {
        at.push(i);
        items[i] = this.#write(items[i], String(i), at, ancestors, w);
        at.pop();
      }
      out = items;
    } else {
      const keys = ownKeys(node, here);
      const copy: Record<string, unknown> = {};
      let escaped = false;
      for (const k of keys) {
        if (k === TAG) escaped = true;
        at.push(k);
        const child = guard(here, "this property", (): unknown => Reflect.get(node, k));
        defineKey(copy, k, this.#write(child, k, at, ancestors, w));
        at.pop();
      }
      out = escaped ? { [TAG]: "", value: copy } : copy;
    }
    ancestors.delete(node);
    w.done.set(node, { out, count: w.total - before });
    return out;
  }

  // -------------------------------------------------------------------------------------------------------
  // Reading: top-down, in place (the parsed JSON is ours).

  #read(value: unknown, at: Segment[]): unknown {
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        at.push(i);
        value[i] = this.#read(value[i], at);
        at.pop();
      }
      return value;
    }
    const obj = value;
    if (!Object.hasOwn(obj, TAG)) return this.#readProperties(obj, at);
    const tag: unknown = Reflect.get(obj, TAG);
    if (typeof tag !== "string") {
      return raise("invalid-type", formatPath([...at, TAG]), `The tag must be a string, got ${quotedValue(tag)}`, TAGGED_FIX);
    }
    if (!Object.hasOwn(obj, "value")) {
      return raise("missing", formatPath([...at, "value"]), `The tagged value ${quoted(tag)} has no value`, TAGGED_FIX);
    }
    const inner: unknown = Reflect.get(obj, "value");
    at.push("value");
    let out: unknown;
    if (tag === "") {
      if (typeof inner !== "object" || inner === null || Array.isArray(inner)) {
        raise("invalid-type", formatPath(at), "An escaped object must hold an object", TAGGED_FIX);
      }
      out = this.#readProperties(inner, at);
    } else {
      const known = this.#byName.get(tag);
      if (known === undefined) {
        raise(
          "invalid-value",
          formatPath(at.slice(0, -1)),
          `The payload holds a ${quoted(tag)}, a class this converter does not know`,
          `Register it: createPayloadConverter({ classes: { ${classNameIn(tag)} } }), in the workflow's converter module and the client's.`,
        );
      }
      try {
        out = known.read(inner);
      } catch (e) {
        throw isToolnexusError(e, ValidationError) ? fromPayloadRoot(e, formatPath(at)) : e;
      }
    }
    at.pop();
    return out;
  }

  #readProperties(obj: object, at: Segment[]): object {
    for (const k of Object.keys(obj)) {
      at.push(k);
      const v: unknown = Reflect.get(obj, k);
      if (typeof v === "object" && v !== null) Reflect.set(obj, k, this.#read(v, at));
      at.pop();
    }
    return obj;
  }
}

/** A primitive wrapper's `valueOf`, taken once at load: a function called with the value to test as its receiver. */
function ownValueOf(proto: { readonly valueOf: (this: unknown) => unknown }): (this: unknown) => unknown {
  return proto.valueOf;
}

const UNBOX: readonly ((this: unknown) => unknown)[] = [ownValueOf(Number.prototype), ownValueOf(String.prototype), ownValueOf(Boolean.prototype), ownValueOf(BigInt.prototype)];

/** True for a `Number`, `String`, `Boolean` or `BigInt` object: JSON.stringify writes its primitive. */
function isBoxed(value: object): boolean {
  for (const unbox of UNBOX) {
    try {
      unbox.call(value);
      return true;
    } catch {
      // not this kind
    }
  }
  return false;
}

/**
 * The values of JSON data (a toolnexus value's `toJSON`), counted as its text repeats them: each object or
 * array counted once by identity in `counted`, then its count added wherever it is met again, so that the
 * subtrees the library shares are walked once.
 */
function jsonCount(value: unknown, counted: Map<object, number>): number {
  if (typeof value !== "object" || value === null) return 1;
  const known = counted.get(value);
  if (known !== undefined) return known;
  let n = 1;
  if (Array.isArray(value)) {
    const list: readonly unknown[] = value;
    for (const v of list) n += jsonCount(v, counted);
  } else for (const v of Object.values(value)) n += jsonCount(v, counted);
  counted.set(value, n);
  return n;
}

/**
 * The tag a fix may spell as code (`{ classes: { SearchResult } }`): an identifier of at most 40 characters,
 * which the quoting rule would show whole and unescaped; any other tag (a long one, one holding a line break)
 * is shown only by the quoted problem before it, and the fix says `MyClass`.
 */
function classNameIn(tag: string): string {
  return tag.length <= 40 && /^[A-Za-z_$][\w$]*$/.test(tag) ? tag : "MyClass";
}

/**
 * The bytes a payload's `data` (or its encoding) covers now, as a view of the same memory: any ArrayBufferView
 * of any realm, read through the platform's own getters ({@link readBytes}: every byte of a Uint16Array, never
 * an own `byteOffset` a look-alike sets), never through `instanceof` or the prototype chain. Anything else (a
 * number, a string, an ArrayBuffer, a look-alike, a Proxy) is an `invalid-type` error at `path`; a view of a
 * detached buffer, or one its shrunk buffer no longer covers, is `invalid-value` there.
 */
function payloadBytes(value: unknown, path: string, what: string, fix: string): Uint8Array {
  const bytes = ArrayBuffer.isView(value) ? readBytes(value) : undefined;
  if (bytes === undefined) return wrongType(path, what, "bytes (a Uint8Array)", value, fix);
  if (bytes === "detached") return raise("invalid-value", path, `${what} is a view of a detached ArrayBuffer`, fix);
  if (bytes === "out-of-range") return raise("invalid-value", path, `${what} is a view past the end of its buffer (a resizable ArrayBuffer that shrank)`, fix);
  return bytes;
}

/** JSON.stringify, typed as it behaves: `undefined` for a function or a symbol (its declared type says string). */
function stringify(value: unknown): string | undefined {
  return JSON.stringify(value);
}

/** The same error, its path now from the root of the payload's value. */
function fromPayloadRoot(e: ValidationError, prefix: string): ValidationError {
  const Ctor = isToolnexusError(e, ContentPartError) ? ContentPartError : ValidationError;
  return new Ctor(e.code, `${e.message} (in the toolnexus value${prefix === "" ? "" : ` at ${prefix}`})`, { path: joinPath(prefix, e.path), cause: e });
}

/**
 * Temporal's undefined and binary converters, then a {@link ToolnexusPayloadConverter} that revives the
 * given subclasses: the converter to export as `payloadConverter` from the module you register with
 * `payloadConverterPath`. Use the same module for the worker and the client.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * // converter.ts
 * import { createPayloadConverter } from "toolnexus/temporal";
 * import { ToolResult } from "toolnexus";
 *
 * class SearchResult extends ToolResult<{ hits: number }> {}
 *
 * export const payloadConverter = createPayloadConverter({ classes: { SearchResult } });
 *
 * // worker.ts
 * await Worker.create({ dataConverter: { payloadConverterPath: require.resolve("./converter") }, ... });
 * ```
 */
export function createPayloadConverter(options?: PayloadConverterOptions): CompositePayloadConverter {
  return new BoundaryPayloadConverter(new UndefinedPayloadConverter(), new CheckedBinaryPayloadConverter(), new ToolnexusPayloadConverter(options));
}

/**
 * Temporal's binary converter (encoding `binary/plain`: a `Uint8Array` written as its bytes), with what it is
 * given read through the trust boundary. Temporal's own reads (`data.buffer`, `data.byteOffset` and
 * `data.length`, each through the prototype chain) give empty bytes for `data: 5` or `"hello"`, half the bytes
 * of a Uint16Array, and a bare `TypeError` for a revoked Proxy. Here `data` is read once, as an own property,
 * and must be a byte view (any ArrayBufferView, of any realm); the bytes it covers are copied, both ways.
 * Absent data (`undefined` or `null`) is the protobuf default of an empty bytes field (a decoded payload leaves
 * it on its prototype): empty bytes, as Temporal reads it.
 */
class CheckedBinaryPayloadConverter extends BinaryPayloadConverter {
  override toPayload(value: unknown): Payload | undefined {
    // The same choice as Temporal's (a Uint8Array of this realm, a Buffer included), asked once.
    if (!guard("", "the value's prototype", () => value instanceof Uint8Array)) return undefined;
    return { metadata: { [METADATA_ENCODING_KEY]: new TextEncoder().encode(BINARY) }, data: payloadBytes(value, "", "The value", BINARY_FIX).slice() };
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- Temporal's PayloadConverter declares fromPayload<T>, the type its caller names
  override fromPayload<T>(payload: Payload): T {
    const data = snapshot(payload, ["data"], "", "A payload", BINARY_FIX).data;
    const bytes = data === undefined || data === null ? new Uint8Array(0) : payloadBytes(data, "data", "The payload's data", BINARY_FIX).slice();
    return bytes as T; // Temporal's PayloadConverter declares fromPayload<T>: the type its caller names
  }
}

/**
 * Temporal's composite converter, with what it is given read through the trust boundary first. Temporal's own
 * reads (`value instanceof RawValue`; `payload.metadata` twice, through the prototype chain) would let a
 * revoked Proxy or a throwing getter escape as a bare `TypeError`, and a polluted `Object.prototype` choose
 * the encoding. The payload it passes on is a fresh `{ metadata: { encoding }, data }`.
 */
class BoundaryPayloadConverter extends CompositePayloadConverter {
  override toPayload<T>(value: T, context?: SerializationContext, hint?: ConverterHint<T>): Payload {
    if ((typeof value === "object" && value !== null) || typeof value === "function") guard("", "the value's prototype", (): unknown => Object.getPrototypeOf(value));
    try {
      return super.toPayload(value, context, hint);
    } catch (e) {
      // When no converter writes the value, Temporal's composite says so as `Unable to convert ${value} to payload`:
      // the value's own text in the message (an array's entries, a secret included), or a bare TypeError from a
      // value that has no text (an object without a prototype). The same ValueError, the value named by its type.
      if (hint !== undefined || isToolnexusError(e)) throw e;
      throw new ValueError(`Unable to convert ${typeName(value)} to payload`, e);
    }
  }

  override fromPayload<T>(payload: Payload, context?: SerializationContext, hint?: ConverterHint<T>): T {
    const p = snapshot(payload, ["metadata", "data"], "", "A payload", PAYLOAD_FIX);
    const metadata = snapshot(p.metadata, [METADATA_ENCODING_KEY], "metadata", "The payload's metadata", PAYLOAD_FIX);
    const encoding = metadata[METADATA_ENCODING_KEY];
    const at = joinPath("metadata", formatPath([METADATA_ENCODING_KEY]));
    if (!ArrayBuffer.isView(encoding)) {
      raise(encoding === undefined ? "missing" : "invalid-type", at, "The payload names no encoding (bytes such as those of \"json/plain\")", PAYLOAD_FIX);
    }
    const name = new TextDecoder().decode(payloadBytes(encoding, at, "The payload's encoding", PAYLOAD_FIX));
    if (!this.converterByEncoding.has(name)) {
      raise("invalid-value", at, `The encoding ${quoted(name)} is not one this converter reads`, `Read it with the converter that wrote it (this one reads ${[...this.converterByEncoding.keys()].join(", ")}).`);
    }
    return super.fromPayload({ metadata: { [METADATA_ENCODING_KEY]: new TextEncoder().encode(name) }, data: p.data } as Payload, context, hint);
  }
}

/**
 * The ready converter (no subclasses registered), so that `payloadConverterPath:
 * require.resolve("toolnexus/temporal")` works as is.
 *
 * @example
 * ```ts
 * import { payloadConverter } from "toolnexus/temporal";
 *
 * const payload = payloadConverter.toPayload(ToolResult.pending({ kind: "approval", prompt: "Deploy?" }));
 * payloadConverter.fromPayload<ToolResult>(payload).isPending; // true
 * ```
 */
export const payloadConverter: CompositePayloadConverter = /* @__PURE__ */ createPayloadConverter();
