/**
 * `ToolResult`: the value a tool returns to an LLM tool-calling loop.
 *
 * @module
 */
import { guard, wrongType } from "./boundary";
import { markOwned } from "./marks";
import { BRAND, INSPECT, hasBrand, protoOf } from "./brand";
import { samePartFields, type ContentPart } from "./content-part";
import { asValidationError, raise, type SafeResult, type ValidationError } from "./errors";
import { copyJson, jsonEqual, newWalk, typeName } from "./json-data";
import type { DeepReadonly, JsonFields } from "./json-type";
import { PENDING, toMetadata } from "./metadata";
import { formatPath } from "./path";
import { runRecipe, type Recipe } from "./recipe";
import { isGenuineRequest, Request, sameRequestFields, toRequest, type AnyRequest, type RequestInit } from "./request";
import { checkIsError, checkOutput, PARTS_AND_METADATA, readResultFields, RESULT_KEYS, toParts, type Metadata, type PartInput, type PartsAndMetadata, type ResultFields, type ToolResultInit, type ToolResultJSON } from "./result-fields";
import { attempt, type ResultBuilder } from "./attempt";
import { pendingText } from "./pause";
import { displayName, resultDescription, resultLine, type ResultDescription } from "./result-display";
import { fitToBudget, partTokens, type TruncateBudget } from "./truncate";
import { classFor, valueClass, type ValueKit } from "./value-class";

/** A type-only key that carries a result's metadata type `M` (nothing exists at run time). */
declare const METADATA_TYPE: unique symbol;

/** The metadata type of a result class. */
export type MetadataOf<R> = R extends { readonly [METADATA_TYPE]?: infer M } ? (M extends object ? M : Metadata) : Metadata;

/**
 * What a static factory called on `this` returns: the subclass, or plain `ToolResult` (with the default
 * metadata type) when called on `ToolResult` itself (whose metadata type, read from its prototype, is `any`).
 */
export type InstanceOf<R> = 0 extends 1 & MetadataOf<R> ? ToolResult : R;

/**
 * What `pending(...)` and `authRequired(...)` return: the result class `R`, known to be pending. Its metadata
 * type holds `pending: Request` beside the class's own metadata type, and `pending` is never `undefined`.
 *
 * @example
 * ```ts
 * class SearchResult extends ToolResult<{ hits: number }> {}
 * const paused = SearchResult.pending({ kind: "approval", prompt: "Search the archive?" });
 * paused.metadata.pending.id; // a Request, typed
 * ```
 */
export type PendingResult<R> = R & {
  readonly metadata: DeepReadonly<MetadataOf<R>> & { readonly pending: Request };
  readonly pending: Request;
  readonly isPending: true;
};

/** Anything whose instances are results of type R: `ToolResult` itself, or a subclass. */
export type ResultClass<R extends AnyToolResult> = { readonly prototype: R };

/** A result of any metadata type (`ToolResult<M>` is invariant in `M`, so `ToolResult` alone would not do). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: ToolResult<M> is invariant in M
export type AnyToolResult = ToolResult<any>;

const hasOwn = Object.hasOwn;

/** True for a `ToolResult` this copy of the library made (of any subclass); never for a look-alike or a Proxy. */
export function isGenuineResult(value: unknown): value is AnyToolResult {
  return results().is(value);
}

/**
 * The receiver of an instance method, as a genuine result: itself, by one private-mark check; anything else
 * (an object made with `Object.create(ToolResult.prototype)`, a Proxy of a result, a result of another
 * copy of the package, a plain object given with `.call`) read by its own fields, once, and checked as
 * {@link ToolResult.fromJSON} checks them, into a new result of its class (ToolResult's when its prototype
 * is no result's). A method never uses an unchecked field: a bad one is a ValidationError at its path.
 */
function checkedSelf<R extends AnyToolResult>(r: R): R {
  return isGenuineResult(r) ? r : (results().self(r) as R);
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
export class ToolResult<M extends object & JsonFields<M> = Metadata> {
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
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * new ToolResult({ output: "done", metadata: { ms: 12 } });
   * ```
   */
  constructor(init?: ToolResultInit<M>) {
    // The instance is made by the one construction path, from this one's prototype (the subclass's, for a
    // subclass), and returned in its place. The subclass is checked before the init is read.
    const proto = protoOf(this) ?? ToolResult.prototype;
    results().create(proto);
    return buildResult(proto, readResultFields(init, "The init", RESULT_KEYS)) as this;
  }

  /** @internal The brand read by {@link ToolResult.isToolResult}, across copies of the package. */
  get [BRAND](): "ToolResult" {
    return "ToolResult";
  }

  /** Vercel Workflow's serializer: the value's JSON. Found by the engine's compiler by this literal text; see docs/durable.md. */
  static [Symbol.for("workflow-serialize")](value: { toJSON(): unknown }) { return value.toJSON(); }
  /** Vercel Workflow's deserializer: `this.fromJSON(data)`, so a registered subclass comes back as itself. */
  static [Symbol.for("workflow-deserialize")](data: unknown) { return classFor(this, ToolResult, "ToolResult", "[workflow-deserialize]").fromJSON(data); }

  // -------------------------------------------------------------------------------------------------------
  // Static factories

  /**
   * A successful result. `init` takes `parts` and `metadata`.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ToolResult.ok("3 files found", { metadata: { files: 3 } });
   * ```
   */
  static ok<R extends AnyToolResult>(this: ResultClass<R>, output: string, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> {
    return factory(resultProto(this, "ok"), output, false, init) as InstanceOf<R>;
  }

  /**
   * A failed result: the model reads the output and may recover. `init` takes `parts` and `metadata`.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ToolResult.error("No such config key: nope");
   * ```
   */
  static error<R extends AnyToolResult>(this: ResultClass<R>, output: string, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> {
    return factory(resultProto(this, "error"), output, true, init) as InstanceOf<R>;
  }

  /**
   * A suspension: `isError: true`, `metadata.pending` holding the request, and the output defaulting to the
   * prompt (plus a newline and the url when there is one). `request` may be a {@link Request} or its init
   * (an id is generated when absent). `init` takes `output`, `parts` and `metadata`.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const paused = ToolResult.pending({ kind: "input", prompt: "Which environment?" });
   * paused.isPending; // true
   * ```
   */
  static pending<R extends AnyToolResult>(
    this: ResultClass<R>,
    request: AnyRequest | (Omit<RequestInit<object>, "id"> & { id?: string }),
    init?: PartsAndMetadata<MetadataOf<R>> & { output?: string },
  ): PendingResult<InstanceOf<R>> {
    const proto = resultProto(this, "pending");
    const req = hasBrand(request, "Request") ? toRequest(request, "") : Request.create(request as Omit<RequestInit, "id">);
    // The init is validated first (each getter read once, a bad value named by its path), then joined to the request.
    const f = readResultFields(init, "The init", ["output", ...PARTS_AND_METADATA]);
    if (f.metadata && hasOwn(f.metadata, PENDING)) raise("invalid-pending", "metadata.pending", "ToolResult.pending got a second request", "Pass the request as the first argument only.");
    const output = pendingText(req.prompt, req.url);
    return buildResult(proto, { output, ...f, isError: true, metadata: toMetadata({ ...f.metadata, [PENDING]: req }) }) as unknown as PendingResult<InstanceOf<R>>;
  }

  /**
   * A suspension waiting on a login: a pending result whose request has `kind: "authorization"` and the url.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ToolResult.authRequired("https://example.com/login").output;
   * // "Authorization required to continue\nhttps://example.com/login"
   * ```
   */
  static authRequired<R extends AnyToolResult>(this: ResultClass<R>, url: string, prompt = "Authorization required to continue"): PendingResult<InstanceOf<R>> {
    resultProto(this, "authRequired");
    if (url === "") raise("invalid-value", "url", "The url is empty", "Pass the login URL.");
    if (typeof url !== "string") wrongType("url", "The url", "a string", url, "Pass the login URL.");
    return ToolResult.pending.call(this as never, { kind: "authorization", prompt, url }) as PendingResult<InstanceOf<R>>;
  }

  /**
   * Reads a result from its JSON shape: `output` is required, `isError` defaults to `false`, `parts` and
   * `metadata` may be absent; unknown keys are ignored. Throws a {@link ValidationError} (a
   * `ContentPartError` for a bad part); {@link ToolResult.safeFromJSON} never throws.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = ToolResult.fromJSON(JSON.parse('{"output":"hi","isError":false}'));
   * ```
   */
  static fromJSON<R extends AnyToolResult>(this: ResultClass<R>, value: unknown): InstanceOf<R> {
    return results().fromJSON(this, value) as InstanceOf<R>;
  }

  /**
   * {@link ToolResult.fromJSON} that never throws: `{ success: true, data }` or `{ success: false, error }`.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = ToolResult.safeFromJSON(JSON.parse(line));
   * if (!r.success) console.error(r.error.code, r.error.path);
   * ```
   */
  static safeFromJSON<R extends AnyToolResult>(this: ResultClass<R>, value: unknown): SafeResult<InstanceOf<R>> {
    return results().safeFromJSON(this, value) as SafeResult<InstanceOf<R>>;
  }

  /**
   * True when `value` is a `ToolResult` (of any subclass), from this copy of the package or another (the
   * ESM and the CJS build side by side).
   *
   * A result this copy made is recognised at once. Anything else counts only when it carries the package's
   * brand and its four fields are its own and pass the check of {@link ToolResult.fromJSON} (read once
   * each): `Object.create(ToolResult.prototype)`, a bare brand, or a brand on a polluted `Object.prototype`
   * is not a result. Never throws (a hostile Proxy or a throwing getter gives `false`).
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * if (ToolResult.isToolResult(value)) console.log(value.output);
   * ```
   */
  static isToolResult(value: unknown): value is ToolResult {
    return results().isBranded(value);
  }

  /**
   * `ok` with `output = JSON.stringify(value)`. `value` follows the metadata rules: a Date, a Map, a cycle
   * or any other non-JSON value is a {@link ValidationError} naming its path, never a silent `{}`.
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ToolResult.json({ files: ["a.ts"], total: 1 }).output; // '{"files":["a.ts"],"total":1}'
   * ```
   */
  static json<R extends AnyToolResult>(this: ResultClass<R>, value: unknown, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> {
    return jsonResult(resultProto(this, "json"), value, init) as InstanceOf<R>;
  }

  /**
   * Runs a tool body and never throws. A returned string becomes `ok(value)`; a returned result is kept (or
   * re-created in this class); `undefined` becomes `ok("")`; any other value goes through
   * {@link ToolResult.json}. A thrown `Error` becomes `error(message)` with `metadata.error = { name, code? }`;
   * anything else thrown becomes `error(String(value))`. `init` applies only to results `attempt` builds.
   * An async `fn` gives a Promise. Called on a subclass, every result is of that subclass; called unbound
   * (destructured), as ToolResult's. Called on anything else (a plain object it was copied onto), it does not
   * run `fn` and returns, at once, `ToolResult.error(message)` with `metadata.error = { name:
   * "ValidationError", code: "invalid-type" }`: the error any other static would throw.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const result = await ToolResult.attempt(async () => {
   *   const text = await readFile("config.json", "utf8");
   *   return JSON.parse(text).port;
   * }); // ok("8080"), or error("ENOENT: ...") with metadata.error.code "ENOENT"
   * ```
   */
  static attempt<R extends AnyToolResult>(this: ResultClass<R>, fn: () => never, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R>;
  static attempt<R extends AnyToolResult>(this: ResultClass<R>, fn: () => PromiseLike<unknown>, init?: PartsAndMetadata<MetadataOf<R>>): Promise<InstanceOf<R>>;
  // eslint-disable-next-line @typescript-eslint/unified-signatures -- three overloads on purpose: a body that only throws gives a result at once, an async one a Promise, any other a result
  static attempt<R extends AnyToolResult>(this: ResultClass<R>, fn: () => unknown, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R>;
  static attempt<R extends AnyToolResult>(this: ResultClass<R>, fn: () => unknown, init?: PartsAndMetadata<MetadataOf<R>>): InstanceOf<R> | Promise<InstanceOf<R>> {
    // Called on something that is neither ToolResult nor a subclass, the body is not run, and the error
    // result, of ToolResult itself, says why (as for a body that is not a function).
    return attempt(BUILDER, () => resultProto(this, "attempt"), ToolResult.prototype, fn, init) as InstanceOf<R> | Promise<InstanceOf<R>>;
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
    const m: object | null = checkedSelf(this).metadata;
    // An own key (Object.prototype.pending is not this result's), holding a genuine request (readPending
    // made it): the mark, not the prototype, says so.
    const p: unknown = m !== null && hasOwn(m, PENDING) ? Reflect.get(m, PENDING) : undefined;
    return isGenuineRequest(p) ? p : undefined;
  }

  /**
   * True when the result is a suspension (it holds a pending {@link Request}).
   *
   * @example
   * ```ts
   * if (r.isPending) await host.ask(r.pending!);
   * ```
   */
  get isPending(): boolean {
    return checkedSelf(this).pending !== undefined;
  }

  /**
   * `ceil(output.length / 4)` plus each part's estimate.
   *
   * @example
   * ```ts
   * result.estimatedTokens
   * ```
   */
  get estimatedTokens(): number {
    const r = checkedSelf(this);
    return Math.ceil(r.output.length / 4) + partTokens(r.parts ?? []);
  }

  // -------------------------------------------------------------------------------------------------------
  // Copies: each returns a new frozen instance of the same class; the receiver is untouched

  /**
   * A copy with another output.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * r.withOutput("done")
   * ```
   */
  withOutput(output: string): this {
    const r = checkedSelf(this);
    return copy(r, checkOutput(output), r.isError, r.parts, r.metadata);
  }

  /**
   * A copy with another error flag.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * r.withIsError(true)
   * ```
   */
  withIsError(isError: boolean): this {
    const r = checkedSelf(this);
    return copy(r, r.output, checkIsError(isError), r.parts, r.metadata);
  }

  /**
   * A copy with other parts (`null` or `[]` removes them).
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * r.withParts([ContentPart.text("hi")])
   * ```
   */
  withParts(parts: readonly PartInput[] | null): this {
    const r = checkedSelf(this);
    return copy(r, r.output, r.isError, toParts(parts), r.metadata);
  }

  /**
   * A copy with parts appended.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * r.addParts(chart, table)
   * ```
   */
  addParts(...parts: PartInput[]): this {
    const r = checkedSelf(this);
    // The parts already held pass through as they are; an error names the new part by its index in the result.
    return copy(r, r.output, r.isError, toParts([...(r.parts ?? []), ...parts]), r.metadata);
  }

  /**
   * A copy with other metadata: a value replaces it (`null` removes it); a recipe edits an immer draft (an
   * empty one when there is no metadata) or returns a replacement.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * r.withMetadata({ retries: 0 }).withMetadata((m) => { m.retries += 1; });
   * ```
   */
  withMetadata(value: M | DeepReadonly<M> | null | Recipe<M>): this {
    const r = checkedSelf(this);
    const next = typeof value === "function" ? runRecipe(r.metadata ?? {}, value as Recipe<unknown>, "metadata") : value;
    return copy(r, r.output, r.isError, r.parts, toMetadata(next));
  }

  /**
   * A copy with metadata merged in, shallowly; a key given as `undefined` is removed.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * r.mergeMetadata({ cached: true, stale: undefined });
   * ```
   */
  mergeMetadata(partial: Partial<M> | Partial<DeepReadonly<M>>): this {
    const r = checkedSelf(this);
    // Read as unknown: the caller's value may be anything, whatever its type says.
    const given: unknown = partial;
    if (typeof given !== "object" || given === null || typeName(given) === "an array") {
      wrongType("metadata", "The partial", "a plain object", given, "Pass the keys to change.");
    }
    // A null prototype keeps a "__proto__" key an ordinary key; toMetadata drops the keys set to undefined.
    const next: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, r.metadata as ResultFields["metadata"]);
    // Own keys, each read once as an own property.
    for (const k of guard("metadata", "the keys", () => Object.keys(given), "not-json")) next[k] = guard(() => formatPath([k], "metadata"), k, (): unknown => (hasOwn(given, k) ? Reflect.get(given, k) : undefined), "not-json");
    return copy(r, r.output, r.isError, r.parts, toMetadata(next));
  }

  /**
   * A copy with any fields changed: pass the changes, or a recipe that edits an immer draft of
   * `{ output, isError, parts, metadata }` (`parts` and `metadata` are an empty list and object when absent).
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * r.with({ output: "retrying", isError: false });
   * r.with((d) => { d.output += " (cached)"; d.metadata.cached = true; });
   * ```
   */
  with(changes: ToolResultInit<M> | Recipe<{ output: string; isError: boolean; parts: PartInput[]; metadata: M }>): this {
    const r = checkedSelf(this);
    const isRecipe = typeof changes === "function";
    // The draft is a plain object of the four fields (checked when the result was made).
    const fields = { output: r.output, isError: r.isError, parts: r.parts, metadata: r.metadata as ResultFields["metadata"] };
    const next = isRecipe ? runRecipe({ ...fields, parts: r.parts ?? [], metadata: r.metadata ?? {} }, changes as (d: unknown) => unknown, "") : changes;
    const changed = readResultFields(next, isRecipe ? "The recipe's result" : "The changes", RESULT_KEYS);
    const d = withDefaults({ ...fields, ...changed });
    return copy(r, d.output, d.isError, d.parts, d.metadata);
  }

  /**
   * A copy that fits the budget, or this same instance when it already fits. Output is cut on a code-point
   * boundary and ends with `\n[truncated: K of N characters]`; parts are never cut, but dropped from the end
   * (each named by a line `[omitted image part (image/png, 82 bytes)]`). Metadata is kept whole. Every budget
   * is optional, and so is the argument: `truncate()` and `truncate({})` give this same instance.
   * `maxTokens` counts by `estimatedTokens`' rule, or by the counter `tokens` when one is given
   * (`tokenCounter(target)` of `toolnexus/budgets`: the budget fitted as a provider counts).
   * See docs/trust.md, "Reading what callers pass", and docs/budgets.md.
   *
   * @example
   * ```ts
   * result.truncate({ maxOutputChars: 4000, maxPartBytes: 5 * 1024 * 1024 });
   * result.truncate({ maxTokens: 4000, tokens: tokenCounter({ provider: "anthropic" }) });
   * ```
   */
  truncate(limits?: TruncateBudget): this {
    const r = checkedSelf(this);
    // Every budget is optional, so is the budget itself: truncate() is truncate({}), the same instance.
    if (limits === undefined) return r;
    const parts = r.parts ?? [];
    const n = parts.length;
    const { output: cut, kept } = fitToBudget(r.output, parts, limits);
    if (kept === n && cut === r.output) return r;
    // A prefix of a genuine result's parts is all genuine parts: stamped and frozen as toParts would, unchecked.
    const keptParts = kept === n ? r.parts : kept === 0 ? null : Object.freeze(markOwned(parts.slice(0, kept)));
    return copy(r, cut, r.isError, keptParts, r.metadata);
  }

  // -------------------------------------------------------------------------------------------------------
  // Equality, JSON, display

  /**
   * True when `other` has the same prototype and every field is deep-equal (metadata key order ignored,
   * part order respected).
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * ToolResult.ok("a").equals(ToolResult.ok("a")); // true
   * ```
   */
  equals(other: unknown): boolean {
    // Only a genuine result can be equal (a look-alike or a Proxy of a result is not); its fields are plain.
    return results().equals(this, other, sameResult);
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
    const r = checkedSelf(this);
    const out: ToolResultJSON = { output: r.output, isError: r.isError };
    if (r.parts) out.parts = r.parts.map((p) => p.toJSON());
    const m = r.metadata as Record<string, unknown> | null;
    const p = r.pending;
    // Spreading defines "__proto__" as an ordinary key, and `pending` keeps its place.
    if (m) out.metadata = p ? { ...m, [PENDING]: p.toJSON() } : m;
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
    const r = checkedSelf(this);
    return resultLine(displayName(protoOf(r), ToolResult.prototype, "ToolResult"), r, r.pending?.kind);
  }

  /**
   * A log-safe description: `{ output, isError, parts: [{ type, mimeType, bytes }], metadataKeys }`.
   *
   * @example
   * ```ts
   * logger.info(result.describe());
   * ```
   */
  describe(): ResultDescription {
    return resultDescription(checkedSelf(this));
  }

  /** @internal Node's `util.inspect`: the fields, with parts by their summaries, never their data. */
  [INSPECT](depth: number, options: unknown, inspect?: (v: unknown, o: unknown) => string): string {
    return `${displayName(protoOf(this), ToolResult.prototype, "ToolResult")} ${typeof inspect === "function" ? inspect({ ...this }, options) : JSON.stringify(this.describe())}`;
  }
}

/** Parts compare by their fields, whatever their classes (a result holding a `MyPart` equals its JSON read back). */
function partsEqual(a: readonly ContentPart[] | null, b: readonly ContentPart[] | null): boolean {
  return a === b || (!!a && !!b && a.length === b.length && a.every((p, i) => samePartFields(p, b[i])));
}

/** The prototype a static of ToolResult called on `cls` builds with (see value-class.ts). */
function resultProto(cls: unknown, fn: string): object {
  // ToolResult itself, the fast path, decided here: small enough to be inlined into ok() and error().
  return cls === ToolResult ? ToolResult.prototype : results().proto(cls, fn);
}

/** The own field `k` of `f`, or `fallback` when `f` has none (or holds `undefined`): never Object.prototype's. */
function given<K extends keyof ResultFields>(f: Partial<ResultFields>, k: K, fallback: ResultFields[K]): ResultFields[K] {
  const v = hasOwn(f, k) ? f[k] : undefined;
  return v === undefined ? fallback : v;
}

/** The four fields of a result from those given (own keys of `f` only), with the defaults (an empty success) for the others. */
function withDefaults(f: Partial<ResultFields>): ResultFields {
  return { output: given(f, "output", ""), isError: given(f, "isError", false), parts: given(f, "parts", null), metadata: given(f, "metadata", null) };
}

/** The engine of ToolResult (value-class.ts), made on first use, so that importing the module runs no code. */
let resultKit: ValueKit<AnyToolResult, ValidationError> | undefined;
function results(): ValueKit<AnyToolResult, ValidationError> {
  return (resultKit ??= valueClass({ name: "ToolResult", base: ToolResult, keys: RESULT_KEYS, read: (value) => withDefaults(readResultFields(value, "A tool result")), asError: asValidationError }));
}

/** True when two genuine results have equal fields (metadata key order ignored, part order respected). */
function sameResult(r: AnyToolResult, other: AnyToolResult): boolean {
  return other.output === r.output && other.isError === r.isError && partsEqual(r.parts, other.parts) && jsonEqual(r.metadata, other.metadata, sameRequestFields);
}

/**
 * The one construction path of a result: every door (`new`, the statics, the copies, `fromJSON`) ends here.
 * The kit checks the subclass and gives a new object of the prototype `proto` (no constructor runs, so a
 * subclass gets its own class); the four checked fields are stored in their fixed order, and the kit marks it
 * genuine and freezes it. Every result is made by `Object.create`, the constructor's too, so that these stores
 * only ever see one shape of object.
 */
function make(proto: object, output: string, isError: boolean, parts: ResultFields["parts"], metadata: ResultFields["metadata"]): AnyToolResult {
  const kit = results();
  const t = kit.create(proto);
  t.output = output;
  t.isError = isError;
  t.parts = parts;
  t.metadata = metadata;
  return kit.seal(t);
}

/** {@link make} from the fields given (own keys of `f` only), with the defaults (an empty success) for the others. */
function buildResult(proto: object, f: Partial<ResultFields>): AnyToolResult {
  const d = withDefaults(f);
  return make(proto, d.output, d.isError, d.parts, d.metadata);
}

/** A copy of the genuine result `r`: a new instance of its class, with these fields (the caller passes on those it keeps). */
function copy<R extends AnyToolResult>(r: R, output: string, isError: boolean, parts: ResultFields["parts"], metadata: ResultFields["metadata"]): R {
  return make(protoOf(r) ?? ToolResult.prototype, output, isError, parts, metadata) as R;
}

/** ok() and error(): the output, with parts and metadata from the init. */
function factory(proto: object, output: unknown, isError: boolean, init: unknown): AnyToolResult {
  if (init === undefined) return make(proto, checkOutput(output), isError, null, null);
  const f = readResultFields(init, "The init", PARTS_AND_METADATA);
  return buildResult(proto, { ...f, output: checkOutput(output), isError });
}

/** json(): `ok` of the value's JSON text. copyJson refuses `undefined` too, which JSON.stringify would turn into no text at all. */
function jsonResult(proto: object, value: unknown, init: unknown): AnyToolResult {
  return factory(proto, JSON.stringify(copyJson(value, newWalk(""), -1)), false, init);
}

/** What `attempt` builds with. */
const BUILDER: ResultBuilder<AnyToolResult> = { is: isGenuineResult, factory, read: (proto, value) => results().read(value, "", proto), json: jsonResult };
