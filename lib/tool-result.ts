/**
 * `ToolResult`: the value a tool returns to an LLM tool-calling loop.
 *
 * @module
 */
import { Immer } from "immer";
import { BRAND, INSPECT, hasBrand, isInstance, protoOf } from "./brand";
import { ContentPart, partLabel, toPart, type ContentPartJSON } from "./content-part";
import { ToolnexusError, ValidationError, thrownMessage, type SafeResult, type ValidationErrorCode } from "./errors";
import { copyJson, isOwned, jsonEqual, MAX_DEPTH, newWalk, own, typeName } from "./json-data";
import { PENDING, toMetadata } from "./metadata";
import { formatPath, where } from "./path";
import { asValidationError, isLocalRequest, Request, type RequestInit } from "./suspension";

/** A value made deeply read-only, as a result's metadata is deeply frozen. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends Request | ContentPart
    ? T
    : T extends readonly (infer E)[]
      ? readonly DeepReadonly<E>[]
      : T extends object
        ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
        : T;

/**
 * The metadata a result holds when no type is given: JSON data keyed by string. Its values are `any` so
 * that reading and recipes (`r.withMetadata((m) => { m.retries += 1; })`) work without a declared type;
 * give `ToolResult` a type argument (or subclass it) for checked metadata.
 */
export type Metadata = Record<string, any>;

/** A part, or its JSON shape. */
export type PartInput = ContentPart | ContentPartJSON;

/** What `new ToolResult(...)` and `result.with(...)` take. */
export interface ToolResultInit<M extends object = Metadata> {
  output?: string;
  isError?: boolean;
  parts?: readonly PartInput[] | null;
  metadata?: M | DeepReadonly<M> | null;
}

/** What the static factories take besides the output: parts and metadata. */
export interface PartsAndMetadata<M extends object = Metadata> {
  parts?: readonly PartInput[] | null;
  metadata?: M | DeepReadonly<M> | null;
}

/** The JSON shape of a result (the wire format shared by every toolnexus port). */
export interface ToolResultJSON {
  output: string;
  isError: boolean;
  parts?: ContentPartJSON[];
  metadata?: Record<string, unknown>;
}

/** A type-only key that carries a result's metadata type `M` (nothing exists at run time). */
declare const METADATA_TYPE: unique symbol;

/** The metadata type of a result class. */
export type MetadataOf<R> = R extends { readonly [METADATA_TYPE]?: infer M } ? (M extends object ? M : Metadata) : Metadata;

/** `true` when `T` is `any`. */
export type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * What a static factory called on `this` returns: the subclass, or plain `ToolResult` (with the default
 * metadata type) when called on `ToolResult` itself.
 */
export type InstanceOf<R> = IsAny<MetadataOf<R>> extends true ? ToolResult : R;

/** Anything whose instances are results of type R: `ToolResult` itself, or a subclass. */
export type ResultClass<R extends ToolResult<any>> = { readonly prototype: R };

/** A function that edits an immer draft, or returns a replacement. */
export type Recipe<T> = (draft: T) => T | void | undefined;

/** Budgets for {@link ToolResult.truncate}. */
export interface TruncateBudget {
  /** The most UTF-16 code units the output may hold, marker and omitted-part lines included. */
  maxOutputChars?: number;
  /** The most `estimatedTokens` the result may have. */
  maxTokens?: number;
  /** The most decoded bytes the parts may hold together. */
  maxPartBytes?: number;
}

/** Owned, validated metadata. */
type Meta = Readonly<Record<string, unknown>> | null;

/** A result being assembled: fields in their fixed order. */
interface Fields {
  output: string;
  isError: boolean;
  parts: readonly ContentPart[] | null;
  metadata: Readonly<Record<string, unknown>> | null;
}

function vfail(code: ValidationErrorCode, path: string, problem: string, fix: string, cause?: unknown): never {
  throw new ValidationError(code, `${problem} ${where(path)}. ${fix}`, cause === undefined ? { path } : { path, cause });
}

/** A read of the caller's value threw (a getter, a Proxy trap): a ValidationError at the path being read. */
function readFailed(path: string, e: unknown): never {
  return vfail("invalid-value", path, `Reading this value threw (${thrownMessage(e)})`, "Pass plain data: a getter or a Proxy that throws cannot be read.", e);
}

function checkOutput(value: unknown, path = "output"): string {
  if (typeof value !== "string") {
    return vfail(value === undefined ? "missing" : "invalid-type", path, `output must be a string, got ${typeName(value)}`, "Pass the text the model reads, such as \"3 files found\"; use ToolResult.json(value) for data.");
  }
  return value;
}

function checkIsError(value: unknown, path = "isError"): boolean {
  if (typeof value !== "boolean") return vfail("invalid-type", path, `isError must be a boolean, got ${typeName(value)}`, "Pass true or false.");
  return value;
}

/**
 * Validates a parts list: `null`, `undefined` and `[]` give `null`; entries may be parts or their JSON.
 * `offset` is the index the first entry will have in the result (for `addParts`), so error paths name it there.
 */
export function toParts(value: unknown, path = "parts", offset = 0): readonly ContentPart[] | null {
  if (value === undefined || value === null) return null;
  if (isOwned(value)) return value as readonly ContentPart[];
  let isArray: boolean;
  let n = 0;
  try {
    isArray = Array.isArray(value);
    if (isArray) n = (value as unknown[]).length;
  } catch (e) {
    return readFailed(path, e);
  }
  if (!isArray) return vfail("invalid-type", path, `parts must be an array, got ${typeName(value)}`, "Pass an array of ContentParts (or their JSON), or null.");
  if (n === 0) return null;
  const list = value as unknown[];
  const out = new Array<ContentPart>(n);
  for (let i = 0; i < n; i++) {
    let entry: unknown;
    let hole = false;
    try {
      entry = list[i];
      hole = entry === undefined && !(i in list);
    } catch (e) {
      readFailed(`${path}[${i + offset}]`, e);
    }
    if (hole) vfail("invalid-value", `${path}[${i + offset}]`, "parts has a hole (a sparse array)", "Pass a dense array of parts.");
    out[i] = toPart(entry, `${path}[${i + offset}]`);
  }
  return Object.freeze(own(out));
}

/** The one place a result is made: fields assigned in their fixed order, then frozen. */
function assign<R>(target: object, f: Fields): R {
  const t = target as Fields;
  t.output = f.output;
  t.isError = f.isError;
  t.parts = f.parts;
  t.metadata = f.metadata;
  return Object.freeze(target) as R;
}

function make<R>(proto: object, output: string, isError: boolean, parts: readonly ContentPart[] | null, metadata: Readonly<Record<string, unknown>> | null): R {
  const t = Object.create(proto) as Fields;
  t.output = output;
  t.isError = isError;
  t.parts = parts;
  t.metadata = metadata;
  return Object.freeze(t) as R;
}

const INIT_KEYS = ["output", "isError", "parts", "metadata"];
const FACTORY_KEYS = ["parts", "metadata"];

function readInit(init: unknown, allowed: readonly string[], what: string): Record<string, unknown> {
  if (init === undefined || init === null) return {};
  if (typeof init !== "object" || typeName(init) === "an array") {
    return vfail("invalid-type", "", `${what} must be an object, got ${typeName(init)}`, `Pass an object with ${allowed.join(", ")}.`);
  }
  const out: Record<string, unknown> = {};
  let key = "";
  try {
    const keys = Object.keys(init);
    for (const k of keys) {
      key = k;
      if (!allowed.includes(k)) {
        vfail("invalid-value", k, `${what} has an unknown key ${JSON.stringify(k)}`, `It takes only ${allowed.join(", ")}.`);
      }
      out[k] = (init as Record<string, unknown>)[k];
    }
  } catch (e) {
    if (isInstance(e, ToolnexusError)) throw e;
    return vfail("invalid-value", key, `Reading ${what} threw (${thrownMessage(e)})`, "Pass plain data: a getter or a Proxy that throws cannot be read.", e);
  }
  return out;
}

function fieldsFrom(init: Record<string, unknown>, base?: Fields): Fields {
  return {
    output: "output" in init && init.output !== undefined ? checkOutput(init.output) : (base?.output ?? ""),
    isError: "isError" in init && init.isError !== undefined ? checkIsError(init.isError) : (base?.isError ?? false),
    parts: "parts" in init ? toParts(init.parts) : (base?.parts ?? null),
    metadata: "metadata" in init ? toMetadata(init.metadata) : (base?.metadata ?? null),
  };
}

let immer: Immer | undefined;
/**
 * Runs a caller's recipe under immer, without auto-freeze (it would freeze objects the recipe brought in
 * from the caller). What the recipe itself throws surfaces unchanged; anything thrown while immer finishes
 * the draft (a Proxy the recipe put in it, nesting deep enough to exhaust the stack) is a ValidationError.
 */
function produce<T>(base: T, recipe: (draft: T) => unknown, path: string): unknown {
  immer ??= new Immer({ autoFreeze: false, useStrictShallowCopy: true });
  let inRecipe = false;
  let async = false;
  const run = (draft: T): unknown => {
    inRecipe = true;
    const out = recipe(draft);
    inRecipe = false;
    // An async recipe: its Promise is kept from immer, and its rejection handled here, so that an error it
    // throws after its first await cannot become an unhandled rejection (which ends a Node process).
    if (out instanceof Promise) {
      async = true;
      out.then(undefined, () => undefined);
      return undefined;
    }
    return out;
  };
  try {
    const next = immer.produce(base, run as never);
    if (async) {
      vfail("invalid-type", path, "The recipe returned a Promise: recipes run synchronously", "Make every change before the recipe returns; await what you need before calling the copy method.");
    }
    return next;
  } catch (e) {
    if (async) throw e;
    if (inRecipe) throw e;
    const deep = isInstance(e, RangeError);
    return vfail(
      deep ? "too-deep" : "not-json",
      path,
      `Finishing the recipe's draft failed (${thrownMessage(e)})`,
      deep ? `Nest JSON data at most ${MAX_DEPTH} levels.` : "Put plain JSON data in the draft, or return it from the recipe.",
      e,
    );
  }
}

function pendingOutput(r: Request): string {
  return r.url === undefined ? r.prompt : `${r.prompt}\n${r.url}`;
}

function partLine(p: ContentPart): string {
  return `[omitted ${partLabel(p)}]`;
}

function budget(value: unknown, name: string): number {
  if (value === undefined) return Infinity;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0 || (!Number.isInteger(value) && value !== Infinity)) {
    return vfail("invalid-value", name, `${name} must be a whole number, 0 or more`, `Pass a budget such as { ${name}: 4000 }.`);
  }
  return value;
}

function cutOutput(output: string, suffix: string, limit: number): string {
  const full = suffix === "" ? output : output === "" ? suffix.slice(1) : output + suffix;
  if (full.length <= limit) return full;
  const n = output.length;
  // The largest K for which text[0..K] + "\n[truncated: K of N characters]" + suffix fits.
  const cost = (k: number) => k + (k > 0 ? 1 : 0) + `[truncated: ${k} of ${n} characters]`.length + suffix.length;
  let k = Math.min(n, limit);
  while (k > 0 && cost(k) > limit) k = Math.max(0, Math.min(k - 1, limit - (cost(k) - k)));
  while (k < n && cost(k + 1) <= limit) k++;
  // Never split a surrogate pair.
  if (k > 0 && k < n) {
    const hi = output.charCodeAt(k - 1);
    const lo = output.charCodeAt(k);
    if (hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff) k--;
  }
  const marker = `[truncated: ${k} of ${n} characters]`;
  const withLines = k > 0 ? `${output.slice(0, k)}\n${marker}${suffix}` : `${marker}${suffix}`;
  return withLines.length <= limit ? withLines : marker;
}

/**
 * The result of a tool call: the `output` the model reads, an `isError` flag, optional `parts` (images,
 * PDFs, audio) and optional `metadata` the model never sees.
 *
 * A frozen value: four own, enumerable fields in a fixed order, deeply frozen. Copies come from the `with*`
 * methods. A result whose `metadata.pending` holds a {@link Request} is a *suspension*: the tool waits for
 * something out of band, and {@link ToolResult.pending} builds one.
 *
 * Subclass it to add behaviour; data that belongs to a subclass goes in `metadata`, typed through the
 * generic. Every creation path (`new`, the statics, the copies, `fromJSON` called on the subclass) returns
 * a frozen instance of the subclass. A subclass cannot declare instance fields or `#private` state (the
 * instance is frozen, and copies do not run constructors).
 *
 * @typeParam M - the shape of `metadata`.
 *
 * @example
 * ```ts
 * const found = ToolResult.ok("#1 Getting started", { metadata: { count: 1 } });
 * const failed = ToolResult.error("No such config key: nope");
 *
 * class SearchResult extends ToolResult<{ hits: number }> {
 *   get hits() { return this.metadata?.hits ?? 0; }
 * }
 * SearchResult.ok("3 hits", { metadata: { hits: 3 } }).hits; // 3
 * ```
 */
export class ToolResult<M extends object = Metadata> {
  /** The text the model reads. */
  declare readonly output: string;
  /** True when the call failed (or is pending); the model reads the output either way. */
  declare readonly isError: boolean;
  /** Images, documents and audio for the model, or `null` (never an empty list). */
  declare readonly parts: readonly ContentPart[] | null;
  /** Bookkeeping the model never sees: deeply frozen JSON data, or `null` (never `{}`). */
  declare readonly metadata: DeepReadonly<M> | null;
  /** @internal Type-only: lets `MetadataOf<R>` recover `M` from a subclass. Absent at run time. */
  declare readonly [METADATA_TYPE]?: M;

  /**
   * A result from its fields; `new ToolResult()` is an empty success. `parts` may hold parts or their JSON.
   * The caller's objects are copied, never frozen or changed.
   *
   * @example
   * ```ts
   * new ToolResult({ output: "done", metadata: { ms: 12 } });
   * ```
   */
  constructor(init?: ToolResultInit<M>) {
    assign(this, fieldsFrom(readInit(init, INIT_KEYS, "The init")));
  }

  /** @internal The brand read by {@link ToolResult.isToolResult}, across copies of the package. */
  get [BRAND](): "ToolResult" {
    return "ToolResult";
  }

  // -------------------------------------------------------------------------------------------------------
  // Static factories

  /**
   * A successful result. `init` takes `parts` and `metadata`.
   * Called on a subclass, returns that subclass.
   *
   * @example
   * ```ts
   * ToolResult.ok("3 files found", { metadata: { files: 3 } });
   * ```
   */
  static ok<R extends ToolResult<any>>(this: ResultClass<R>, output: string, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> {
    if (init === undefined) return make(this.prototype, checkOutput(output), false, null, null);
    const i = readInit(init, FACTORY_KEYS, "The init of ok()");
    return make(this.prototype, checkOutput(output), false, toParts(i.parts), toMetadata(i.metadata));
  }

  /**
   * A failed result: the model reads the output and may recover. `init` takes `parts` and `metadata`.
   * Called on a subclass, returns that subclass.
   *
   * @example
   * ```ts
   * ToolResult.error("No such config key: nope");
   * ```
   */
  static error<R extends ToolResult<any>>(this: ResultClass<R>, output: string, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> {
    if (init === undefined) return make(this.prototype, checkOutput(output), true, null, null);
    const i = readInit(init, FACTORY_KEYS, "The init of error()");
    return make(this.prototype, checkOutput(output), true, toParts(i.parts), toMetadata(i.metadata));
  }

  /**
   * A suspension: `isError: true`, `metadata.pending` holding the request, and the output defaulting to the
   * prompt (plus a newline and the url when there is one). `request` may be a {@link Request} or its init
   * (an id is generated when absent). `init` takes `output`, `parts` and `metadata`.
   * Called on a subclass, returns that subclass.
   *
   * @example
   * ```ts
   * const paused = ToolResult.pending({ kind: "input", prompt: "Which environment?" });
   * paused.isPending; // true
   * ```
   */
  static pending<R extends ToolResult<any>>(
    this: ResultClass<R>,
    request: Request | (Omit<RequestInit, "id"> & { id?: string }),
    init?: PartsAndMetadata<MetadataOf<R>> & { output?: string },
  ): InstanceOf<R> {
    const req = hasBrand(request, "Request") ? toPendingRequest(request) : Request.create(request as Omit<RequestInit, "id">);
    const i = readInit(init, ["output", "parts", "metadata"], "The init of pending()");
    const output = i.output === undefined ? pendingOutput(req) : checkOutput(i.output);
    let meta: Record<string, unknown> = { [PENDING]: req };
    // Validated first (each getter read once, a bad value named by its path), then joined to the request.
    const given = toMetadata(i.metadata);
    if (given !== null) {
      if (given[PENDING] !== undefined) {
        vfail("invalid-pending", "metadata.pending", "pending() was given metadata.pending as well as a request", "Pass the request as the first argument only.");
      }
      meta = { ...given, [PENDING]: req };
    }
    return make(this.prototype, output, true, toParts(i.parts), toMetadata(meta));
  }

  /**
   * A suspension waiting on a login: a pending result whose request has `kind: "authorization"` and the url.
   * Called on a subclass, returns that subclass.
   *
   * @example
   * ```ts
   * ToolResult.authRequired("https://example.com/login").output;
   * // "Authorization required to continue\nhttps://example.com/login"
   * ```
   */
  static authRequired<R extends ToolResult<any>>(this: ResultClass<R>, url: string, prompt = "Authorization required to continue"): InstanceOf<R> {
    if (typeof url !== "string" || url === "") vfail("invalid-type", "url", `url must be a non-empty string, got ${typeName(url)}`, "Pass the login URL.");
    return ToolResult.pending.call(this as never, { kind: "authorization", prompt, url }) as R;
  }

  /**
   * Reads a result from its JSON shape: `output` is required, `isError` defaults to `false`, `parts` and
   * `metadata` may be absent; unknown keys are ignored. Throws a {@link ValidationError} (a
   * `ContentPartError` for a bad part); {@link ToolResult.safeFromJSON} never throws.
   * Called on a subclass, returns that subclass.
   *
   * @example
   * ```ts
   * const r = ToolResult.fromJSON(JSON.parse('{"output":"hi","isError":false}'));
   * ```
   */
  static fromJSON<R extends ToolResult<any>>(this: ResultClass<R>, value: unknown): InstanceOf<R> {
    return make(this.prototype, ...readJSON(value));
  }

  /**
   * {@link ToolResult.fromJSON} that never throws: `{ success: true, data }` or `{ success: false, error }`.
   * Called on a subclass, returns that subclass.
   *
   * @example
   * ```ts
   * const r = ToolResult.safeFromJSON(JSON.parse(line));
   * if (!r.success) console.error(r.error.code, r.error.path);
   * ```
   */
  static safeFromJSON<R extends ToolResult<any>>(this: ResultClass<R>, value: unknown): SafeResult<InstanceOf<R>> {
    try {
      return { success: true, data: make(this.prototype, ...readJSON(value)) };
    } catch (e) {
      return { success: false, error: asValidationError(e) };
    }
  }

  /**
   * True when `value` is a `ToolResult` (of any subclass), from this copy of the package or another.
   *
   * @example
   * ```ts
   * if (ToolResult.isToolResult(value)) console.log(value.output);
   * ```
   */
  static isToolResult(value: unknown): value is ToolResult<Metadata> {
    return hasBrand(value, "ToolResult");
  }

  /**
   * `ok` with `output = JSON.stringify(value)`. `value` follows the metadata rules: a Date, a Map, a cycle
   * or any other non-JSON value is a {@link ValidationError} naming its path, never a silent `{}`.
   * Called on a subclass, returns that subclass.
   *
   * @example
   * ```ts
   * ToolResult.json({ files: ["a.ts"], total: 1 }).output; // '{"files":["a.ts"],"total":1}'
   * ```
   */
  static json<R extends ToolResult<any>>(this: ResultClass<R>, value: unknown, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> {
    if (value === undefined) vfail("not-json", "", "undefined is not JSON data", "Pass a JSON value: an object, an array, a string, a finite number, a boolean or null.");
    const copy = copyJson(value, newWalk(""), -1);
    return ToolResult.ok.call(this as never, JSON.stringify(copy), init as never) as R;
  }

  /**
   * Runs a tool body and never throws. A returned string becomes `ok(value)`; a returned result is kept (or
   * re-created in this class); `undefined` becomes `ok("")`; any other value goes through
   * {@link ToolResult.json}. A thrown `Error` becomes `error(message)` with `metadata.error = { name, code? }`;
   * anything else thrown becomes `error(String(value))`. `init` applies only to results `attempt` builds.
   * An async `fn` gives a Promise. Called on a subclass, every result is of that subclass.
   *
   * @example
   * ```ts
   * const result = await ToolResult.attempt(async () => {
   *   const text = await readFile("config.json", "utf8");
   *   return JSON.parse(text).port;
   * }); // ok("8080"), or error("ENOENT: ...") with metadata.error.code "ENOENT"
   * ```
   */
  static attempt<R extends ToolResult<any>>(this: ResultClass<R>, fn: () => never, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R>;
  static attempt<R extends ToolResult<any>>(this: ResultClass<R>, fn: () => PromiseLike<unknown>, init?: PartsAndMetadata<MetadataOf<R>>): Promise<InstanceOf<R>>;
  static attempt<R extends ToolResult<any>>(this: ResultClass<R>, fn: () => unknown, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R>;
  static attempt<R extends ToolResult<any>>(this: ResultClass<R>, fn: () => unknown, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> | Promise<InstanceOf<R>> {
    const cls = this;
    let value: unknown;
    try {
      if (typeof fn !== "function") vfail("invalid-type", "fn", `attempt() needs a function, got ${typeName(fn)}`, "Pass the tool body as a function.");
      value = fn();
    } catch (e) {
      return fromThrown(cls, e, init);
    }
    let then: unknown;
    try {
      then = value !== null && (typeof value === "object" || typeof value === "function") ? (value as PromiseLike<unknown>).then : undefined;
    } catch (e) {
      return fromThrown(cls, e, init); // a hostile value: reading it threw, as if the tool had
    }
    if (typeof then === "function") {
      return Promise.resolve(value as PromiseLike<unknown>).then(
        (v) => fromValue(cls, v, init),
        (e) => fromThrown(cls, e, init),
      );
    }
    return fromValue(cls, value, init);
  }

  // -------------------------------------------------------------------------------------------------------
  // Derived values (prototype getters, computed each time)

  /**
   * The {@link Request} at `metadata.pending`, or `undefined`.
   *
   * @example
   * ```ts
   * const req = result.pending; // Request | undefined
   * ```
   */
  get pending(): Request | undefined {
    const m = this.metadata as Record<string, unknown> | null;
    const p = m === null ? undefined : m[PENDING];
    return p instanceof Request ? p : undefined;
  }

  /** True when the result is a suspension (it holds a pending {@link Request}). @example `if (r.isPending) await host.ask(r.pending!);` */
  get isPending(): boolean {
    return this.pending !== undefined;
  }

  /** `ceil(output.length / 4)` plus each part's estimate. @example `result.estimatedTokens` */
  get estimatedTokens(): number {
    let n = Math.ceil(this.output.length / 4);
    if (this.parts !== null) for (const p of this.parts) n += p.estimatedTokens;
    return n;
  }

  // -------------------------------------------------------------------------------------------------------
  // Copies: each returns a new frozen instance of the same class; the receiver is untouched

  /** A copy with another output. @example `r.withOutput("done")` */
  withOutput(output: string): this {
    return make(Object.getPrototypeOf(this), checkOutput(output), this.isError, this.parts, this.metadata as Meta);
  }

  /** A copy with another error flag. @example `r.withIsError(true)` */
  withIsError(isError: boolean): this {
    return make(Object.getPrototypeOf(this), this.output, checkIsError(isError), this.parts, this.metadata as Meta);
  }

  /** A copy with other parts (`null` or `[]` removes them). @example `r.withParts([ContentPart.text("hi")])` */
  withParts(parts: readonly PartInput[] | null): this {
    return make(Object.getPrototypeOf(this), this.output, this.isError, toParts(parts), this.metadata as Meta);
  }

  /** A copy with parts appended. @example `r.addParts(chart, table)` */
  addParts(...parts: PartInput[]): this {
    const added = toParts(parts, "parts", this.parts === null ? 0 : this.parts.length);
    if (added === null) return make(Object.getPrototypeOf(this), this.output, this.isError, this.parts, this.metadata as Meta);
    const all = this.parts === null ? added : Object.freeze(own([...this.parts, ...added]));
    return make(Object.getPrototypeOf(this), this.output, this.isError, all, this.metadata as Meta);
  }

  /**
   * A copy with other metadata: a value replaces it (`null` removes it); a recipe edits an immer draft (an
   * empty one when there is no metadata) or returns a replacement.
   *
   * @example
   * ```ts
   * r.withMetadata({ retries: 0 }).withMetadata((m) => { m.retries += 1; });
   * ```
   */
  withMetadata(value: M | DeepReadonly<M> | null | Recipe<M>): this {
    let next: unknown = value;
    if (typeof value === "function") next = produce((this.metadata ?? {}) as M, value as Recipe<M>, "metadata");
    return make(Object.getPrototypeOf(this), this.output, this.isError, this.parts, toMetadata(next));
  }

  /**
   * A copy with metadata merged in, shallowly; a key given as `undefined` is removed.
   *
   * @example
   * ```ts
   * r.mergeMetadata({ cached: true, stale: undefined });
   * ```
   */
  mergeMetadata(partial: Partial<M> | Partial<DeepReadonly<M>>): this {
    if (typeof partial !== "object" || partial === null || typeName(partial) === "an array") {
      vfail("invalid-type", "metadata", `mergeMetadata needs a plain object, got ${typeName(partial)}`, "Pass the keys to change, such as { cached: true }.");
    }
    const next: Record<string, unknown> = {};
    const base = this.metadata as Record<string, unknown> | null;
    if (base !== null) for (const k of Object.keys(base)) defineData(next, k, base[k]);
    let keys: string[];
    try {
      keys = Object.keys(partial);
    } catch (e) {
      return vfail("not-json", "metadata", `listing the keys of the partial threw (${thrownMessage(e)})`, "Pass plain data.", e);
    }
    for (const k of keys) {
      let v: unknown;
      try {
        v = (partial as Record<string, unknown>)[k];
      } catch (e) {
        return vfail("not-json", formatPath([k], "metadata"), `reading this property threw (${thrownMessage(e)})`, "Pass plain data.", e);
      }
      if (v === undefined) delete next[k];
      else defineData(next, k, v);
    }
    return make(Object.getPrototypeOf(this), this.output, this.isError, this.parts, toMetadata(next));
  }

  /**
   * A copy with any fields changed: pass the changes, or a recipe that edits an immer draft of
   * `{ output, isError, parts, metadata }` (`parts` and `metadata` are an empty list and object when absent).
   *
   * @example
   * ```ts
   * r.with({ output: "retrying", isError: false });
   * r.with((d) => { d.output += " (cached)"; d.metadata.cached = true; });
   * ```
   */
  with(changes: ToolResultInit<M> | Recipe<{ output: string; isError: boolean; parts: PartInput[]; metadata: M }>): this {
    const base: Fields = { output: this.output, isError: this.isError, parts: this.parts, metadata: this.metadata as Meta };
    let init: Record<string, unknown>;
    if (typeof changes === "function") {
      const draftBase = { output: this.output, isError: this.isError, parts: this.parts ?? [], metadata: this.metadata ?? {} };
      const next = produce(draftBase, changes as (d: typeof draftBase) => unknown, "");
      init = readInit(next, INIT_KEYS, "The recipe's result");
    } else {
      init = readInit(changes, INIT_KEYS, "The changes");
    }
    return assign(Object.create(Object.getPrototypeOf(this)), fieldsFrom(init, base));
  }

  /**
   * A copy that fits the budget, or this same instance when it already fits. Output is cut on a code-point
   * boundary and ends with `\n[truncated: K of N characters]`; parts are never cut, but dropped from the end
   * (each named by a line `[omitted image part (image/png, 82 bytes)]`). Metadata is kept whole.
   *
   * @example
   * ```ts
   * result.truncate({ maxOutputChars: 4000, maxPartBytes: 5 * 1024 * 1024 });
   * ```
   */
  truncate(limits: TruncateBudget): this {
    if (typeof limits !== "object" || limits === null) vfail("invalid-type", "", `truncate() needs a budget object, got ${typeName(limits)}`, "Pass { maxOutputChars?, maxTokens?, maxPartBytes? }.");
    let given: TruncateBudget;
    try {
      given = { maxOutputChars: limits.maxOutputChars, maxTokens: limits.maxTokens, maxPartBytes: limits.maxPartBytes };
    } catch (e) {
      return readFailed("", e);
    }
    const maxChars = budget(given.maxOutputChars, "maxOutputChars");
    const maxTokens = budget(given.maxTokens, "maxTokens");
    const maxPartBytes = budget(given.maxPartBytes, "maxPartBytes");
    const parts = this.parts ?? [];
    let kept = parts.length;
    let bytes = 0;
    for (let i = 0; i < parts.length; i++) {
      bytes += parts[i]!.byteLength;
      if (bytes > maxPartBytes) {
        kept = i;
        break;
      }
    }
    const lines = () => parts.slice(kept).map((p) => `\n${partLine(p)}`).join("");
    const partTokens = (n: number) => parts.slice(0, n).reduce((t, p) => t + p.estimatedTokens, 0);
    if (maxTokens !== Infinity) {
      while (kept > 0) {
        const suffix = lines();
        const text = suffix === "" ? this.output : this.output === "" ? suffix.slice(1) : this.output + suffix;
        if (Math.ceil(text.length / 4) + partTokens(kept) <= maxTokens) break;
        kept--;
      }
    }
    const tokenChars = maxTokens === Infinity ? Infinity : Math.max(0, (maxTokens - partTokens(kept)) * 4);
    const limit = Math.min(maxChars, tokenChars);
    const output = cutOutput(this.output, lines(), limit);
    if (kept === parts.length && output === this.output) return this;
    const keptParts = kept === parts.length ? this.parts : kept === 0 ? null : Object.freeze(own(parts.slice(0, kept)));
    return make(Object.getPrototypeOf(this), output, this.isError, keptParts, this.metadata as Meta);
  }

  // -------------------------------------------------------------------------------------------------------
  // Equality, JSON, display

  /**
   * True when `other` has the same prototype and every field is deep-equal (metadata key order ignored,
   * part order respected).
   *
   * @example
   * ```ts
   * ToolResult.ok("a").equals(ToolResult.ok("a")); // true
   * ```
   */
  equals(other: unknown): boolean {
    if (other === this) return true;
    if (typeof other !== "object" || other === null || protoOf(other) !== Object.getPrototypeOf(this)) return false;
    const o = other as ToolResult<M>;
    try {
      if (o.output !== this.output || o.isError !== this.isError) return false;
      if (!partsEqual(this.parts, o.parts)) return false;
      return this.metadata === o.metadata || (this.metadata !== null && o.metadata !== null && jsonEqual(this.metadata, o.metadata));
    } catch {
      return false; // a look-alike whose fields cannot be read (a Proxy of a result)
    }
  }

  /**
   * The JSON shape `{ output, isError, parts?, metadata? }`: `parts` and `metadata` are omitted when null.
   *
   * @example
   * ```ts
   * JSON.stringify(ToolResult.ok("hi")); // '{"output":"hi","isError":false}'
   * ```
   */
  toJSON(): ToolResultJSON {
    const out: ToolResultJSON = { output: this.output, isError: this.isError };
    if (this.parts !== null) out.parts = this.parts.map((p) => p.toJSON() as ContentPartJSON);
    if (this.metadata !== null) {
      const m = this.metadata as Record<string, unknown>;
      const p = m[PENDING];
      if (p instanceof Request) {
        const copy: Record<string, unknown> = {};
        for (const k of Object.keys(m)) defineData(copy, k, k === PENDING ? p.toJSON() : m[k]);
        out.metadata = copy;
      } else out.metadata = m;
    }
    return out;
  }

  /**
   * A one-line, data-free description: the class, the status, the output's length, the parts' summaries and
   * the metadata keys.
   *
   * @example
   * ```ts
   * String(ToolResult.ok("hello")); // "ToolResult(ok, output: 5 chars)"
   * ```
   */
  toString(): string {
    const bits: string[] = [this.isPending ? `pending ${this.pending!.kind}` : this.isError ? "error" : "ok", `output: ${this.output.length} chars`];
    if (this.parts !== null) bits.push(`parts: [${this.parts.map((p) => (p.type === "text" ? `text (${p.text!.length} chars)` : p.summary())).join(", ")}]`);
    if (this.metadata !== null) bits.push(`metadata: {${Object.keys(this.metadata).join(", ")}}`);
    return `${className(this)}(${bits.join(", ")})`;
  }

  /**
   * A log-safe description: `{ output, isError, parts: [{ type, mimeType, bytes }], metadataKeys }`.
   *
   * @example
   * ```ts
   * logger.info(result.describe());
   * ```
   */
  describe(): { output: string; isError: boolean; parts: { type: string; mimeType: string | undefined; bytes: number }[]; metadataKeys: string[] } {
    return {
      output: this.output,
      isError: this.isError,
      parts: (this.parts ?? []).map((p) => p.describe()),
      metadataKeys: this.metadata === null ? [] : Object.keys(this.metadata),
    };
  }

  /** @internal Node's `util.inspect`: the fields, with parts by their summaries, never their data. */
  [INSPECT](depth: number, options: unknown, inspect?: (v: unknown, o: unknown) => string): string {
    const fields = { output: this.output, isError: this.isError, parts: this.parts, metadata: this.metadata };
    const body = typeof inspect === "function" ? inspect(fields, options) : JSON.stringify(this.describe());
    return `${className(this)} ${body}`;
  }
}

/** The class name for display: `ToolResult` for the base class even when a bundler renamed it. */
function className(r: object): string {
  const proto = Object.getPrototypeOf(r);
  if (proto === ToolResult.prototype) return "ToolResult";
  const ctor = proto?.constructor;
  return typeof ctor === "function" && ctor.name ? ctor.name : "ToolResult";
}

function defineData(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function partsEqual(a: readonly ContentPart[] | null, b: readonly ContentPart[] | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!a[i]!.equals(b[i])) return false;
  return true;
}

function toPendingRequest(value: unknown): Request {
  return isLocalRequest(value) ? value : Request.fromJSON(value);
}

/** Reads a result's JSON shape into its fields. */
function readJSON(value: unknown): [string, boolean, readonly ContentPart[] | null, Readonly<Record<string, unknown>> | null] {
  let isArray: boolean;
  try {
    isArray = Array.isArray(value);
  } catch (e) {
    return readFailed("", e); // a revoked Proxy
  }
  if (typeof value !== "object" || value === null || isArray) {
    const hint = typeof value === "string" ? " (did you forget JSON.parse?)" : "";
    vfail("invalid-type", "", `A tool result must be an object, got ${typeName(value)}${hint}`, "Pass { output, isError?, parts?, metadata? }.");
  }
  let f: Record<string, unknown>;
  let key = "output";
  try {
    // One read per field, each once; `key` names the field being read should a getter or a trap throw.
    const v = value as Record<string, unknown>;
    const output = v.output;
    key = "isError";
    const isError = v.isError;
    key = "parts";
    const parts = v.parts;
    key = "metadata";
    f = { output, isError, parts, metadata: v.metadata };
  } catch (e) {
    return readFailed(key, e);
  }
  const output = checkOutput(f.output);
  const isError = f.isError === undefined ? false : checkIsError(f.isError);
  return [output, isError, toParts(f.parts), toMetadata(f.metadata)];
}

function fromValue<R extends ToolResult<any>>(cls: ResultClass<R>, value: unknown, init: PartsAndMetadata<any> | undefined): R {
  try {
    if (typeof value === "string") return ToolResult.ok.call(cls as never, value, init as never) as R;
    if (value === undefined) return ToolResult.ok.call(cls as never, "", init as never) as R;
    if (hasBrand(value, "ToolResult")) {
      if (Object.getPrototypeOf(value) === cls.prototype) return value as R;
      return make(cls.prototype, ...readJSON(value));
    }
    return ToolResult.json.call(cls as never, value, init as never) as R;
  } catch (e) {
    return fromThrown(cls, e, undefined);
  }
}

function fromThrown<R extends ToolResult<any>>(cls: ResultClass<R>, thrown: unknown, init: PartsAndMetadata<any> | undefined): R {
  let message: string;
  let error: Record<string, string> | undefined;
  if (isInstance(thrown, Error)) {
    try {
      const t = thrown as Error;
      const m = t.message;
      message = typeof m === "string" ? m : "";
      const n = t.name;
      const name = typeof n === "string" && n !== "" ? n : "Error";
      const code = (t as { code?: unknown }).code;
      error = typeof code === "string" ? { name, code } : { name };
    } catch {
      message = "An Error whose fields cannot be read was thrown";
      error = { name: "Error" };
    }
  } else {
    try {
      message = String(thrown);
    } catch {
      message = "A non-Error value was thrown";
    }
  }
  try {
    const base = init?.metadata ?? null;
    const metadata = error === undefined ? base : { ...((base ?? {}) as object), error };
    return make(cls.prototype, message, true, toParts(init?.parts), toMetadata(metadata));
  } catch (e) {
    // The init itself is invalid: report that, without it, rather than throw.
    const v = asValidationError(e);
    return make(cls.prototype, `${message} (and the init given to attempt() was invalid: ${v.message})`, true, null, toMetadata({ error: { name: v.name, code: v.code } }));
  }
}
