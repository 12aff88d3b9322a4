/**
 * `Request`: what a paused tool waits for. A tool that cannot finish until something happens out of band (a
 * login, an approval, a person's answer) returns a pending result holding a `Request`; the host resolves it
 * and resumes the tool with an `Answer` (answer.ts).
 *
 * @module
 */
import { wrongType } from "./boundary";
import { checkData, checkId, checkNonEmpty, classFor, OPTIONAL, readTable, REQUIRED, sameFields, tableSpec, typedString, valueClass, type FieldTable, type ValueKit } from "./value-class";
import { BRAND } from "./brand";
import { isInstance, raise, type SafeResult, type ValidationError } from "./errors";
import type { DeepReadonly, JsonFields, JsonObject } from "./json-type";
import { randomId } from "./random-id";
import { isAtOrPast, isRfc3339, timeOf } from "./rfc3339";
import { dateTime } from "./platform";
import { httpUrlProblem } from "./url";

/** Well-known request kinds; the vocabulary is open, so any non-empty string is accepted. */
export type RequestKind = "authorization" | "approval" | "input" | "question" | (string & {});

/** What `new Request(...)` takes; `D` is the type of `data`. */
export interface RequestInit<D extends object = JsonObject> {
  id: string;
  kind: RequestKind;
  prompt: string;
  url?: string;
  data?: D;
  /** An RFC 3339 date-time string, or a `Date` (stored as its `toISOString()`). */
  expiresAt?: string | Date;
}

/** The JSON shape of a request. */
export interface RequestJSON {
  id: string;
  kind: string;
  prompt: string;
  url?: string;
  data?: JsonObject;
  expiresAt?: string;
}

/**
 * Anything whose instances are requests of type R: `Request` itself, or a subclass. The statics are typed on
 * it, so that a static called on a subclass returns that subclass.
 *
 * @example
 * ```ts
 * class Login extends Request {}
 * const ask: Login = Login.create({ kind: "authorization", prompt: "Log in", url: "https://example.com/login" });
 * ```
 */
export type RequestClass<R extends AnyRequest> = { readonly prototype: R };

/** A request of any data type (`Request<D>` is invariant in `D`, so `Request` alone would not do). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: Request<D> is invariant in D
export type AnyRequest = Request<any>;

/**
 * What a static of `Request` returns: the subclass it was called on, or `Request<D>` when called on `Request`
 * itself (whose prototype's type says nothing of the data).
 *
 * @example
 * ```ts
 * const r: Request<{ env: string }> = Request.create<{ env: string }>({ kind: "input", prompt: "Where?", data: { env: "prod" } });
 * ```
 */
export type RequestOf<R extends AnyRequest, D extends object & JsonFields<D>> = AnyRequest extends R ? Request<D> : R;

const TIME_FIX = "Pass an RFC 3339 date-time such as 2026-01-01T00:00:00Z, or a Date.";

function checkExpiresAt(value: unknown, path: string, key: string): string | undefined {
  let text: string | undefined;
  const time = dateTime(value); // a Date of any realm, by its internal slot
  if (time !== undefined || isInstance(value, Date)) {
    // An invalid Date, or a Proxy of one, becomes "", which is refused below; so are years outside 0000-9999,
    // which have no RFC 3339 spelling (toISOString gives +275760-09-13...).
    text = time === undefined || isNaN(time) ? "" : new Date(time).toISOString();
  } else {
    text = typedString(value, path, key, OPTIONAL, TIME_FIX);
  }
  if (text !== undefined && !isRfc3339(text)) {
    raise("invalid-timestamp", path, "The expiresAt is not a valid date-time in the years 0000 to 9999", TIME_FIX);
  }
  return text;
}

/**
 * A request's url: absent, or an absolute http(s) URL under the one url rule of a part's url (url.ts): a
 * `javascript:`, `data:` or `file:` URL, a relative reference, a Windows path or a url holding whitespace is an
 * `invalid-value` error at `path`, from every creation path.
 */
function checkUrl(value: unknown, path: string, key: string): string | undefined {
  const url = typedString(value, path, key, OPTIONAL, "Give an absolute https:// URL, or leave it out.");
  const problem = url === undefined ? undefined : httpUrlProblem(url);
  if (problem !== undefined) raise("invalid-value", path, problem[0], problem[1]);
  return url;
}

const REQUEST_FIELDS: FieldTable = {
  id: checkId,
  kind: (value, path, key) => checkNonEmpty(value, path, key, 'Give a kind such as "approval".'),
  prompt: (value, path, key) => typedString(value, path, key, REQUIRED, "Give the text a person reads."),
  url: checkUrl,
  data: checkData,
  expiresAt: checkExpiresAt,
};

let requestKeysMade: readonly string[] | undefined;

/**
 * The fields of a request, in their order (its JSON's keys: docs/wire-format.md), listed on first use: importing
 * the core runs no code (docs/performance.md, the `import` row).
 */
export function requestKeys(): readonly string[] {
  return (requestKeysMade ??= Object.freeze(Object.keys(REQUEST_FIELDS)));
}

/** True for a request this copy of the library made (its private mark, set before it is frozen); never for a look-alike or a Proxy. */
export function isGenuineRequest(value: unknown): value is Request {
  return requests().is(value);
}

/**
 * True when `b` is a request this copy of the library made with the same fields as `a`, whatever the two
 * classes: how a request nested in a result's metadata compares (the wire cannot say which subclass it was).
 */
export function sameRequestFields(a: unknown, b: unknown): boolean {
  return a === b || (isGenuineRequest(a) && isGenuineRequest(b) && sameFields(a, b, requestKeys()));
}

/**
 * Reads a request: a genuine one is kept; anything else (one from another copy of the package, a
 * look-alike, a Proxy of a request, its JSON) is read by its own fields, checked, and re-created.
 */
export function toRequest(value: unknown, path: string): Request {
  return requests().toValue(value, path);
}

/**
 * A suspension request: what a paused tool waits for. `kind` is an open vocabulary (`authorization`,
 * `approval`, `input`, `question`, ...); `url` is where a person goes (a login page, say); `data` is JSON the
 * host may use (a form schema, say); `expiresAt` is an RFC 3339 date-time.
 *
 * A frozen value with own fields `id`, `kind`, `prompt`, `url`, `data`, `expiresAt`; absent optional fields
 * are `undefined`. Also exported as `SuspensionRequest`, for modules that use the Fetch API's `Request`.
 *
 * `D` types `data` (JSON data, checked at compile time as metadata is: `Request<{ at: Date }>` does not
 * compile); `Request.create` and `new Request` infer it from the data given.
 *
 * @typeParam D - the shape of `data`.
 *
 * @example
 * ```ts
 * const req = Request.create({ kind: "approval", prompt: "Deploy to production?" });
 * const paused = ToolResult.pending(req);
 * const ask = Request.create({ kind: "input", prompt: "Which environment?", data: { choices: ["staging", "prod"] } });
 * ask.data?.choices; // readonly string[] | undefined
 * ```
 */
export class Request<D extends object & JsonFields<D> = JsonObject> {
  /** A unique, non-empty id; an `Answer` to this request carries the same id. */
  declare readonly id: string;
  /** What is asked: `authorization`, `approval`, `input`, `question`, or any other non-empty string. */
  declare readonly kind: RequestKind;
  /** The text a person reads. */
  declare readonly prompt: string;
  /** Where a person goes (a login page, say), as the other ports send it; check it before opening it. */
  declare readonly url: string | undefined;
  /** JSON data for the host (a form schema, say). */
  declare readonly data: DeepReadonly<D> | undefined;
  /** When the request expires, as the RFC 3339 string it was given. */
  declare readonly expiresAt: string | undefined;

  /**
   * A request with the given id. Use {@link Request.create} to have an id generated.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * new Request({ id: "r1", kind: "input", prompt: "Which environment?" });
   * ```
   */
  constructor(init: RequestInit<D>) {
    requests().fill(this, readTable(init, REQUEST_FIELDS, "A Request"));
  }

  /** @internal The brand read by {@link Request.isRequest}, across copies of the package. */
  get [BRAND](): "Request" {
    return "Request";
  }

  /** Vercel Workflow's serializer: the value's JSON. Found by the engine's compiler by this literal text; see docs/durable.md. */
  static [Symbol.for("workflow-serialize")](value: { toJSON(): unknown }) { return value.toJSON(); }
  /** Vercel Workflow's deserializer: `this.fromJSON(data)`, so a registered subclass comes back as itself. */
  static [Symbol.for("workflow-deserialize")](data: unknown) { return classFor(this, Request, "Request", "[workflow-deserialize]").fromJSON(data); }

  /**
   * A request with a generated, unique id.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Request.create({ kind: "authorization", prompt: "Log in to continue", url: "https://example.com/login" });
   * ```
   */
  static create<D extends object & JsonFields<D> = JsonObject, R extends AnyRequest = Request<D>>(
    this: RequestClass<R>,
    init: Omit<RequestInit<D>, "id"> & { id?: string },
  ): RequestOf<R, D> {
    const kit = requests();
    const proto = kit.proto(this, "create");
    // The id is generated when the init gives none (checked with the other fields when it gives one).
    const fields = readTable(init, REQUEST_FIELDS, "A Request", "", undefined, (given) => (given.id ??= randomId()));
    return kit.make(proto, fields) as RequestOf<R, D>;
  }

  /**
   * Reads a request from its JSON shape (unknown keys are ignored). Throws a {@link ValidationError};
   * {@link Request.safeFromJSON} never throws.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Request.fromJSON(JSON.parse('{"id":"r1","kind":"input","prompt":"p"}'));
   * ```
   */
  static fromJSON<R extends AnyRequest>(this: RequestClass<R>, value: unknown): RequestOf<R, JsonObject> {
    return requests().fromJSON(this, value) as RequestOf<R, JsonObject>;
  }

  /**
   * {@link Request.fromJSON} that never throws.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = Request.safeFromJSON(json);
   * ```
   */
  static safeFromJSON<R extends AnyRequest>(this: RequestClass<R>, value: unknown): SafeResult<RequestOf<R, JsonObject>> {
    return requests().safeFromJSON(this, value) as SafeResult<RequestOf<R, JsonObject>>;
  }

  /**
   * True when `value` is a `Request`, from this copy of the package or another (the ESM and the CJS build
   * side by side).
   *
   * A request this copy made is recognised at once. Anything else counts only when it carries the package's
   * brand and its six fields are its own and pass the check of {@link Request.fromJSON} (read once each):
   * `Object.create(Request.prototype)` is not a request. Never throws.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Request.isRequest(result.pending); // true for a pending result
   * ```
   */
  static isRequest(value: unknown): value is Request {
    return requests().isBranded(value);
  }

  /**
   * True when the request has an `expiresAt` and `now` is at or past it.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * if (req.isExpired()) return Answer.decline(req, "expired");
   * ```
   */
  isExpired(now: Date | number = new Date()): boolean {
    const { expiresAt } = requests().self(this);
    if (expiresAt === undefined) return false;
    const t = timeOf(now); // a number, or a Date of any realm (by its internal slot)
    if (isNaN(t)) wrongType("now", "now", "a valid Date or a number", now, "Leave it out for the current time.");
    // Exactly: an expiresAt with digits beyond the milliseconds (…00.0005Z) is later than its milliseconds.
    return isAtOrPast(t, expiresAt);
  }

  /**
   * A copy with some fields changed; a key given as `undefined` removes an optional field.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * req.with({ prompt: "Approve the deploy of v2?" });
   * ```
   */
  with(changes: Partial<RequestInit<D>>): this {
    const kit = requests();
    const self = kit.self(this);
    return kit.like(self, readTable(changes, REQUEST_FIELDS, "A Request", "", self)) as this;
  }

  /**
   * True when `other` is a request of the same class with equal fields (`data` compared structurally).
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Request.fromJSON(req.toJSON()).equals(req); // true
   * ```
   */
  equals(other: unknown): boolean {
    return requests().equals(this, other);
  }

  /**
   * The JSON shape: `{ id, kind, prompt, url?, data?, expiresAt? }`, absent keys omitted.
   *
   * @example
   * ```ts
   * JSON.stringify(req);
   * ```
   */
  toJSON(): RequestJSON {
    return requests().json(this) as unknown as RequestJSON;
  }
}

/** The engine of Request (value-class.ts), made on first use, so that importing the module runs no code. */
let requestKit: ValueKit<Request, ValidationError> | undefined;
function requests(): ValueKit<Request, ValidationError> {
  return (requestKit ??= valueClass(tableSpec<Request>("Request", Request, REQUEST_FIELDS, "A Request")));
}

// Request and Answer define no `toString` or `valueOf`: fast-deep-equal, which compares metadata,
// would call them in place of comparing fields.

/** The same class, under a name that does not shadow the Fetch API's `Request`. */
export { Request as SuspensionRequest };
