/**
 * `Request` and `Answer`: the wire data of a suspension. A tool that cannot finish until something happens
 * out of band (a login, an approval, a person's answer) returns a pending result holding a `Request`; the
 * host resolves it and resumes the tool with an `Answer`.
 *
 * @module
 */
import { checksAsBranded, guard, isArrayAt, ownField } from "./boundary";
import { isGenuineAnswer, isGenuineRequest, markAnswer, markRequest } from "./marks";
import { checkSubclass, classFor, prototypeFor } from "./receiver";
import { BRAND, hasBrand, isInstance } from "./brand";
import { ValidationError, raise, safely, thrownMessage, type SafeResult } from "./errors";
import { copyJsonObject, jsonEqual, typeName } from "./json-data";
import type { JsonFields } from "./json-type";
import { joinPath } from "./path";
import type { DeepReadonly } from "./tool-result";

/** A refusal's reason. */
export type AnswerReason = "declined" | "cancelled" | "expired";

/** Well-known request kinds; the vocabulary is open, so any non-empty string is accepted. */
export type RequestKind = "authorization" | "approval" | "input" | "question" | (string & {});

/** JSON data held by a request or an answer. */
export type JsonObject = { readonly [key: string]: unknown };

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

/** What `new Answer(...)` takes; `D` is the type of `data`. */
export interface AnswerInit<D extends object = JsonObject> {
  id: string;
  ok: boolean;
  data?: D;
  reason?: AnswerReason;
}

/** The JSON shape of an answer. */
export interface AnswerJSON {
  id: string;
  ok: boolean;
  data?: JsonObject;
  reason?: AnswerReason;
}

// Request and Answer share one path: a table of checks per class (`REQUEST_FIELDS`, `ANSWER_FIELDS`) drives
// reading (from init objects, JSON, or another copy of the package), validation, `toJSON` and `equals`.

/** Fields read from an input, by name. */
type Fields = Record<string, unknown>;

/** Checks one field's value (found under `key`, at `path`) and returns what to store; `fields` are all of them. */
type Check = (value: unknown, path: string, key: string, fields: Fields) => unknown;

/** The fields of a class, in their order, each with its check. */
type FieldTable = Readonly<Record<string, Check>>;

const { assign, create, freeze, getPrototypeOf, hasOwn, keys } = Object;
const INVALID_VALUE = "invalid-value";

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
export type RequestClass<R extends Request<any>> = { readonly prototype: R };

/**
 * Anything whose instances are answers of type A: `Answer` itself, or a subclass. The statics are typed on
 * it, so that a static called on a subclass returns that subclass.
 *
 * @example
 * ```ts
 * class Reply extends Answer {}
 * const yes: Reply = Reply.accept("r1");
 * ```
 */
export type AnswerClass<A extends Answer<any>> = { readonly prototype: A };

/**
 * What a static of `Request` returns: the subclass it was called on, or `Request<D>` when called on `Request`
 * itself (whose prototype's type says nothing of the data).
 *
 * @example
 * ```ts
 * const r: Request<{ env: string }> = Request.create<{ env: string }>({ kind: "input", prompt: "Where?", data: { env: "prod" } });
 * ```
 */
export type RequestOf<R extends Request<any>, D extends object & JsonFields<D>> = Request<any> extends R ? Request<D> : R;

/**
 * What a static of `Answer` returns: the subclass it was called on, or `Answer<D>` when called on `Answer` itself.
 *
 * @example
 * ```ts
 * const a: Answer<{ env: string }> = Answer.accept<{ env: string }>("r1", { env: "prod" });
 * ```
 */
export type AnswerOf<A extends Answer<any>, D extends object & JsonFields<D>> = Answer<any> extends A ? Answer<D> : A;

/** The `invalid-type` error: "`name` must be `expected`, got a number at `path`. `fix`" */
function wrongType(path: string, name: string, expected: string, value: unknown, fix: string): never {
  return raise("invalid-type", path, `${name} must be ${expected}, got ${typeName(value)}`, fix);
}

/**
 * Reads the fields `table` lists from `value`, as own properties (a key on Object.prototype is absent), each
 * getter once and in order. With `base` (the copy path of `with`), a field that is not `value`'s own is taken
 * from `base`. A throwing getter or Proxy trap, and a revoked Proxy, are an `invalid-value` error at the
 * field it threw on.
 */
function readFields(value: unknown, table: FieldTable, path = "", base?: object): Fields {
  if (typeof value !== "object" || value === null || isArrayAt(value, path)) {
    const hint = typeof value === "string" ? " (did you forget JSON.parse?)" : "";
    return wrongType(path, table === REQUEST_FIELDS ? "A Request" : "An Answer", "an object", value, `Pass { ${keys(table).join(", ")} }${hint}.`);
  }
  const out: Fields = {};
  for (const key of keys(table)) {
    out[key] = base === undefined ? ownField(value, key, path) : guard(joinPath(path, key), key, () => (hasOwn(value, key) ? (value as Fields)[key] : (base as Fields)[key]));
  }
  return out;
}

/**
 * Checks the fields in the table's order, then assigns them, in that order, to `target`. Only `fields`' own
 * keys count: a key left out is absent, never looked up on Object.prototype.
 */
function assignFields(target: object, table: FieldTable, fields: Fields, path: string): object {
  const out: Fields = {};
  for (const key of keys(table)) out[key] = table[key]!(hasOwn(fields, key) ? fields[key] : undefined, joinPath(path, key), key, fields);
  return assign(target, out);
}

/** The JSON shape: the table's fields in order, those that are `undefined` left out. */
function fieldsToJSON(value: object, table: FieldTable): Fields {
  const out: Fields = {};
  for (const key of keys(table)) if ((value as Fields)[key] !== undefined) out[key] = (value as Fields)[key];
  return out;
}

/** True when `b` has `a`'s prototype and equal fields; the caller checked that `b` is genuine. */
function sameFields(a: object, b: object, table: FieldTable): boolean {
  return getPrototypeOf(b) === getPrototypeOf(a) && fieldsEqual(a, b, table);
}

/** True when two genuine values have equal fields (`data` compared structurally), whatever their classes. */
function fieldsEqual(a: object, b: object, table: FieldTable): boolean {
  for (const key of keys(table)) if (!jsonEqual((a as Fields)[key], (b as Fields)[key])) return false;
  return true;
}

/** Whether a field may be absent, must be present, or must also be non-empty. */
const OPTIONAL = 0;
const REQUIRED = 1;
const NON_EMPTY = 2;

/** The check of a string or boolean field: `need` says whether it may be absent or empty, `fix` how to mend it. */
function typed(value: unknown, path: string, key: string, need: number, fix: string, type: "string" | "boolean" = "string"): unknown {
  if (value === undefined) {
    if (need !== OPTIONAL) raise("missing", path, `The ${key} is missing`, fix);
  } else if (typeof value !== type) {
    wrongType(path, type === "boolean" ? `The ${key} flag` : `The ${key}`, `a ${type}`, value, fix);
  } else if (need === NON_EMPTY && value === "") {
    raise(INVALID_VALUE, path, `The ${key} is empty`, fix);
  }
  return value;
}

function checkData(value: unknown, path: string): unknown {
  return value === undefined ? undefined : copyJsonObject(value, path, "data");
}

const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(\.\d+)?(?:[Zz]|([+-])(\d\d):(\d\d))$/;

/**
 * Milliseconds since the epoch of an RFC 3339 date-time, or `undefined` when it is not one. A fraction
 * beyond the milliseconds is cut here; {@link subMilliseconds} gives it.
 */
export function parseRfc3339(s: string): number | undefined {
  const m = RFC3339.exec(s);
  if (!m) return undefined;
  // Groups that did not match (the fraction; the offset, for Z) are NaN, which passes the range checks.
  const [, year, month, day, hour, minute, second, , , oh, om] = m.map(Number);
  // Midnight of the day. Unlike Date.UTC, which reads years 0 to 99 as 1900 to 1999, setUTCFullYear takes them as
  // they are. A day or month out of range rolls over into another month (two digits cannot roll a whole year).
  const midnight = new Date(0).setUTCFullYear(year, month - 1, day);
  if (new Date(midnight).getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 60 || oh > 23 || om > 59) return undefined;
  const offsetMinutes = m[8] ? (oh * 60 + om) * (m[8] === "-" ? -1 : 1) : 0;
  // A leap second (:60) is read as the first instant of the next minute.
  // The milliseconds from the fraction's first three digits, read as text: no float multiplication to round.
  const millis = m[7] ? Number(`${m[7].slice(1)}00`.slice(0, 3)) : 0;
  return midnight + (hour * 60 + minute - offsetMinutes) * 60000 + second * 1000 + millis;
}

/**
 * The digits of an RFC 3339 date-time's fraction beyond its milliseconds, trailing zeros left out: `"5"` for
 * `...00.0005Z`, `""` when the instant is a whole number of milliseconds. The caller checked `s`.
 */
function subMilliseconds(s: string): string {
  const fraction = RFC3339.exec(s)?.[7] ?? "";
  return fraction.slice(4).replace(/0+$/, "");
}

/**
 * True when the instant `t` (milliseconds, maybe fractional) is at or past `at + 0.<beyond>` milliseconds,
 * compared exactly: `beyond` is a string of decimal digits, so it is compared with the binary fraction of `t`
 * in integers (BigInt), never through a rounded double.
 */
function atOrPast(t: number, at: number, beyond: string): boolean {
  if (beyond === "") return t >= at;
  // The expiry is strictly between at and at + 1.
  if (t >= at + 1) return true;
  if (t <= at) return false;
  // 0 < d < 1, exact: t and at are close, so their difference is (Sterbenz). d = m / 2^k with m an integer.
  let d = t - at;
  let k = 0n;
  while (!Number.isInteger(d)) {
    d *= 2;
    k++;
  }
  // d / 2^k >= D / 10^L  <=>  d * 10^L >= D * 2^k
  return BigInt(d) * 10n ** BigInt(beyond.length) >= BigInt(beyond) * 2n ** k;
}

/**
 * A number as it is, or the time of a Date by Date.prototype's own method (a subclass's getTime could return
 * anything); NaN for an invalid Date, a Proxy of a Date (it has no time to read: the call throws), or anything else.
 */
function timeOf(value: unknown): number {
  try {
    return typeof value === "number" ? value : value instanceof Date ? Date.prototype.getTime.call(value) : NaN;
  } catch {
    return NaN;
  }
}

const TIME_FIX = "Pass an RFC 3339 date-time such as 2026-01-01T00:00:00Z, or a Date.";

function checkExpiresAt(value: unknown, path: string, key: string): unknown {
  let text = value;
  if (isInstance(value, Date)) {
    // An invalid Date, or a Proxy of one, becomes "", which is refused below; so are years outside 0000-9999,
    // which have no RFC 3339 spelling (toISOString gives +275760-09-13...).
    const t = timeOf(value);
    text = isNaN(t) ? "" : new Date(t).toISOString();
  } else {
    typed(value, path, key, OPTIONAL, TIME_FIX);
  }
  if (text !== undefined && parseRfc3339(text as string) === undefined) {
    raise("invalid-timestamp", path, "The expiresAt is not a valid date-time in the years 0000 to 9999", TIME_FIX);
  }
  return text;
}

// Arrow functions, not the results of a call: importing the module runs no code.
const checkId = (value: unknown, path: string, key: string) => typed(value, path, key, NON_EMPTY, "Give a non-empty string id.");

const REQUEST_FIELDS: FieldTable = {
  id: checkId,
  kind: (value, path, key) => typed(value, path, key, NON_EMPTY, 'Give a kind such as "approval".'),
  prompt: (value, path, key) => typed(value, path, key, REQUIRED, "Give the text a person reads."),
  url: (value, path, key) => typed(value, path, key, OPTIONAL, "Give a string, or leave it out."),
  data: checkData,
  expiresAt: checkExpiresAt,
};

/**
 * True for a request this copy of the library made (boundary's private mark, set before it is frozen). An
 * object that merely has Request.prototype in its chain (made with Object.create, a Proxy of a request, a
 * request of another loaded copy) is not one: it is read and checked by its fields like any other input.
 */
export const isLocalRequest = isGenuineRequest as (value: unknown) => value is Request;

/** A request's field names, in order (the subclass check refuses members of these names). */
const REQUEST_KEYS: readonly string[] = ["id", "kind", "prompt", "url", "data", "expiresAt"];

/** Checks request fields read from anywhere, assigns them to `target`, marks and freezes it. */
function makeRequest<R extends Request = Request>(fields: Fields, path = "", target: object = create(Request.prototype)): R {
  checkSubclass(getPrototypeOf(target) as object, Request.prototype, REQUEST_KEYS);
  return freeze(markRequest(assignFields(target, REQUEST_FIELDS, fields, path))) as R;
}

/**
 * True when `b` is a request this copy of the library made with the same fields as `a`, whatever the two
 * classes: how a request nested in a result's metadata compares (the wire cannot say which subclass it was).
 */
export function sameRequestFields(a: unknown, b: unknown): boolean {
  return a === b || (isLocalRequest(a) && isLocalRequest(b) && fieldsEqual(a, b, REQUEST_FIELDS));
}

/** A random UUID (version 4). */
function randomId(): string {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  // One random byte per hex digit; Math.random where there is no Web Crypto (a Uint8Array truncates to 0-255).
  const bytes = crypto?.getRandomValues ? crypto.getRandomValues(new Uint8Array(31)) : Uint8Array.from({ length: 31 }, () => Math.random() * 256);
  let i = 0;
  // x is any hex digit; y is 8, 9, a or b (the variant bits 10); the 4 is the version.
  return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (c) => (c === "x" ? bytes[i++]! & 15 : (bytes[i++]! & 3) | 8).toString(16));
}

/**
 * Reads a request: a genuine one is kept; anything else (one from another copy of the package, a
 * look-alike, a Proxy of a request, its JSON) is read by its own fields, checked, and re-created.
 */
export function toRequest(value: unknown, path: string): Request {
  return isLocalRequest(value) ? value : makeRequest(readFields(value, REQUEST_FIELDS, path), path);
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
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * new Request({ id: "r1", kind: "input", prompt: "Which environment?" });
   * ```
   */
  constructor(init: RequestInit<D>) {
    makeRequest(readFields(init, REQUEST_FIELDS), "", this);
  }

  /** @internal The brand read by {@link Request.isRequest}, across copies of the package. */
  get [BRAND](): "Request" {
    return "Request";
  }

  /** Vercel Workflow's serializer: the value's JSON. Found by the engine's compiler by this literal text; see the README ("Durable engines"). */
  static [Symbol.for("workflow-serialize")](value: { toJSON(): unknown }) { return value.toJSON(); }
  /** Vercel Workflow's deserializer: `this.fromJSON(data)`, so a registered subclass comes back as itself. */
  static [Symbol.for("workflow-deserialize")](data: unknown) { return classFor(this, Request, "Request", "[workflow-deserialize]").fromJSON(data); }

  /**
   * A request with a generated, unique id.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Request.create({ kind: "authorization", prompt: "Log in to continue", url: "https://example.com/login" });
   * ```
   */
  static create<D extends object & JsonFields<D> = JsonObject, R extends Request<any> = Request<D>>(
    this: RequestClass<R>,
    init: Omit<RequestInit<D>, "id"> & { id?: string },
  ): RequestOf<R, D> {
    const proto = prototypeFor(this, Request, "Request", "create");
    const fields = readFields(init, REQUEST_FIELDS);
    if (fields.id === undefined) fields.id = randomId();
    return makeRequest(fields, "", create(proto)) as RequestOf<R, D>;
  }

  /**
   * Reads a request from its JSON shape (unknown keys are ignored). Throws a {@link ValidationError};
   * {@link Request.safeFromJSON} never throws.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Request.fromJSON(JSON.parse('{"id":"r1","kind":"input","prompt":"p"}'));
   * ```
   */
  static fromJSON<R extends Request<any>>(this: RequestClass<R>, value: unknown): RequestOf<R, JsonObject> {
    const proto = prototypeFor(this, Request, "Request", "fromJSON");
    return makeRequest(readFields(value, REQUEST_FIELDS), "", create(proto)) as RequestOf<R, JsonObject>;
  }

  /**
   * {@link Request.fromJSON} that never throws.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const r = Request.safeFromJSON(json);
   * ```
   */
  static safeFromJSON<R extends Request<any>>(this: RequestClass<R>, value: unknown): SafeResult<RequestOf<R, JsonObject>> {
    return safely(() => {
      prototypeFor(this, Request, "Request", "safeFromJSON");
      return Request.fromJSON.call(this, value) as RequestOf<R, JsonObject>;
    });
  }

  /**
   * True when `value` is a `Request`, from this copy of the package or another (the ESM and the CJS build
   * side by side).
   *
   * A request this copy made is recognised at once. Anything else counts only when it carries the package's
   * brand and its six fields are its own and pass the check of {@link Request.fromJSON} (read once each):
   * `Object.create(Request.prototype)` is not a request. Never throws.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Request.isRequest(result.pending); // true for a pending result
   * ```
   */
  static isRequest(value: unknown): value is Request {
    // Genuine: the fast path. Else a brand is a claim: the value's own fields are read once and checked.
    return isLocalRequest(value) || checksAsBranded(value, "Request", REQUEST_KEYS, (fields) => makeRequest(readFields(fields, REQUEST_FIELDS)));
  }

  /**
   * True when the request has an `expiresAt` and `now` is at or past it.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * if (req.isExpired()) return Answer.decline(req, "expired");
   * ```
   */
  isExpired(now: Date | number = new Date()): boolean {
    if (this.expiresAt === undefined) return false;
    const t = timeOf(now);
    if (isNaN(t)) wrongType("now", "now", "a valid Date or a number", now, "Leave it out for the current time.");
    // Exactly: an expiresAt with digits beyond the milliseconds (…00.0005Z) is later than its milliseconds.
    return atOrPast(t, parseRfc3339(this.expiresAt)!, subMilliseconds(this.expiresAt));
  }

  /**
   * A copy with some fields changed; a key given as `undefined` removes an optional field.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * req.with({ prompt: "Approve the deploy of v2?" });
   * ```
   */
  with(changes: Partial<RequestInit<D>>): this {
    return makeRequest(readFields(changes, REQUEST_FIELDS, "", this), "", create(getPrototypeOf(this) as object)) as this;
  }

  /**
   * True when `other` is a request of the same class with equal fields (`data` compared structurally).
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Request.fromJSON(req.toJSON()).equals(req); // true
   * ```
   */
  equals(other: unknown): boolean {
    return other === this || (isLocalRequest(other) && sameFields(this, other, REQUEST_FIELDS));
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
    return fieldsToJSON(this, REQUEST_FIELDS) as unknown as RequestJSON;
  }
}

// Note: Request and Answer define no `toString` or `valueOf`: fast-deep-equal, which compares metadata,
// would call them in place of comparing fields.

/** The same class, under a name that does not shadow the Fetch API's `Request`. */
export { Request as SuspensionRequest };

const REASONS: readonly unknown[] = ["declined", "cancelled", "expired"];
const REASON_FIX = 'Use "declined", "cancelled" or "expired".';

const ANSWER_FIELDS: FieldTable = {
  id: checkId,
  ok: (value, path, key) => typed(value, path, key, REQUIRED, "Set ok to true or false.", "boolean"),
  data: checkData,
  reason: (value, path, key, fields) => {
    if (typed(value, path, key, OPTIONAL, REASON_FIX) !== undefined) {
      if (!REASONS.includes(value)) raise(INVALID_VALUE, path, `The reason ${typeof value === "string" && value.length <= 40 ? JSON.stringify(value) : "given"} is not one Answer knows`, REASON_FIX);
      // ok was checked before: it is a boolean.
      if (fields.ok) raise(INVALID_VALUE, path, "An accepted answer (ok: true) has no reason", "Remove it, or set ok to false.");
    }
    return value;
  },
};

/** An answer's field names, in order (the subclass check refuses members of these names). */
const ANSWER_KEYS: readonly string[] = ["id", "ok", "data", "reason"];

/** True for an answer this copy of the library made (boundary's private mark). */
const isLocalAnswer = isGenuineAnswer as (value: unknown) => value is Answer;

/**
 * Reads an answer: a genuine one is kept; anything else (one from another copy of the package, a look-alike,
 * a Proxy of an answer, its JSON) is read by its own fields and checked by {@link Answer.fromJSON}. An error
 * is located under `path` (`answers[2]`, say), its message prefixed with `In <path>: `.
 */
export function toAnswer(value: unknown, path: string): Answer {
  if (isLocalAnswer(value)) return value;
  try {
    return Answer.fromJSON(value);
  } catch (e) {
    if (path === "" || !(e instanceof ValidationError)) throw e;
    throw new ValidationError(e.code, `In ${path}: ${e.message}`, { path: joinPath(path, e.path), cause: e });
  }
}

/** Checks answer fields, assigns them to `target`, marks and freezes it. */
function makeAnswer<A extends Answer = Answer>(fields: Fields, target: object = create(Answer.prototype)): A {
  checkSubclass(getPrototypeOf(target) as object, Answer.prototype, ANSWER_KEYS);
  return freeze(markAnswer(assignFields(target, ANSWER_FIELDS, fields, ""))) as A;
}

/**
 * The id of a request, or the id itself, checked. A genuine Request's id was checked when it was made; any
 * other Request (of another loaded copy, a look-alike, a Proxy of one) is read by its fields and checked in
 * full, as JSON is, so that an answer is never made for a request that is not one.
 */
function idOf(requestOrId: unknown): unknown {
  if (typeof requestOrId === "string") return checkId(requestOrId, "id", "id");
  if (isLocalRequest(requestOrId)) return requestOrId.id;
  if (hasBrand(requestOrId, "Request")) return toRequest(requestOrId, "").id;
  return wrongType("", "The request answered", "a Request or its id", requestOrId, "Pass the Request being answered, or its id.");
}

/**
 * The answer to a {@link Request}: `ok: true` with optional `data`, or `ok: false` with a `reason`
 * (`declined`, `cancelled` or `expired`). Its `id` is the request's.
 *
 * `D` types `data` (JSON data, checked at compile time): `Answer.accept<{ env: string }>(req, { env: "prod" })`
 * is an `Answer<{ env: string }>`, and `Answer.output` gives an `Answer<{ output: string }>`. An answer read
 * from JSON has the loose `JsonObject`: check its fields before use.
 *
 * @typeParam D - the shape of `data`.
 *
 * @example
 * ```ts
 * const answer = Answer.accept(req, { environment: "staging" });
 * answer.answers(req); // true
 * answer.data?.environment; // string | undefined
 * ```
 */
export class Answer<D extends object & JsonFields<D> = JsonObject> {
  /** The id of the request answered. */
  declare readonly id: string;
  /** True when the request was granted or answered. */
  declare readonly ok: boolean;
  /** JSON data of the answer (a form's values, say). */
  declare readonly data: DeepReadonly<D> | undefined;
  /** Why the request was refused; only when `ok` is false. */
  declare readonly reason: AnswerReason | undefined;

  /**
   * An answer with the given fields.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * new Answer({ id: "r1", ok: false, reason: "cancelled" });
   * ```
   */
  constructor(init: AnswerInit<D>) {
    makeAnswer(readFields(init, ANSWER_FIELDS), this);
  }

  /** @internal The brand read by {@link Answer.isAnswer}, across copies of the package. */
  get [BRAND](): "Answer" {
    return "Answer";
  }

  /** Vercel Workflow's serializer: the value's JSON. Found by the engine's compiler by this literal text; see the README ("Durable engines"). */
  static [Symbol.for("workflow-serialize")](value: { toJSON(): unknown }) { return value.toJSON(); }
  /** Vercel Workflow's deserializer: `this.fromJSON(data)`, so a registered subclass comes back as itself. */
  static [Symbol.for("workflow-deserialize")](data: unknown) { return classFor(this, Answer, "Answer", "[workflow-deserialize]").fromJSON(data); }

  /**
   * Accepts a request, with optional JSON data.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Answer.accept(req, { token: "..." });
   * ```
   */
  static accept<D extends object & JsonFields<D> = JsonObject, A extends Answer<any> = Answer<D>>(
    this: AnswerClass<A>,
    requestOrId: Request<any> | string,
    data?: D,
  ): AnswerOf<A, D> {
    const proto = prototypeFor(this, Answer, "Answer", "accept");
    return makeAnswer({ id: idOf(requestOrId), ok: true, data }, create(proto)) as AnswerOf<A, D>;
  }

  /**
   * Refuses a request: `reason` is `declined` (the default), `cancelled` or `expired`.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Answer.decline(req, "expired");
   * ```
   */
  static decline<A extends Answer<any>>(this: AnswerClass<A>, requestOrId: Request<any> | string, reason: AnswerReason = "declined"): AnswerOf<A, JsonObject> {
    const proto = prototypeFor(this, Answer, "Answer", "decline");
    return makeAnswer({ id: idOf(requestOrId), ok: false, reason }, create(proto)) as AnswerOf<A, JsonObject>;
  }

  /**
   * Answers with text a person typed: `{ ok: true, data: { output } }`.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Answer.output(req, "staging");
   * ```
   */
  static output<A extends Answer<any>>(this: AnswerClass<A>, requestOrId: Request<any> | string, output: string): AnswerOf<A, { output: string }> {
    const proto = prototypeFor(this, Answer, "Answer", "output");
    return makeAnswer(
      {
        id: idOf(requestOrId), // checked first: properties are evaluated in order
        ok: true,
        data: { output: typeof output === "string" ? output : wrongType("data.output", "output", "a string", output, "Pass the text a person typed.") },
      },
      create(proto),
    ) as AnswerOf<A, { output: string }>;
  }

  /**
   * Reads an answer from its JSON shape (unknown keys are ignored). Throws a {@link ValidationError}.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Answer.fromJSON(JSON.parse('{"id":"r1","ok":true,"data":{"k":"v"}}'));
   * ```
   */
  static fromJSON<A extends Answer<any>>(this: AnswerClass<A>, value: unknown): AnswerOf<A, JsonObject> {
    const proto = prototypeFor(this, Answer, "Answer", "fromJSON");
    return makeAnswer(readFields(value, ANSWER_FIELDS), create(proto)) as AnswerOf<A, JsonObject>;
  }

  /**
   * {@link Answer.fromJSON} that never throws.
   *
   * Called on a subclass, returns that subclass.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * const r = Answer.safeFromJSON(json);
   * ```
   */
  static safeFromJSON<A extends Answer<any>>(this: AnswerClass<A>, value: unknown): SafeResult<AnswerOf<A, JsonObject>> {
    return safely(() => {
      prototypeFor(this, Answer, "Answer", "safeFromJSON");
      return Answer.fromJSON.call(this, value) as AnswerOf<A, JsonObject>;
    });
  }

  /**
   * True when `value` is an `Answer`, from this copy of the package or another (the ESM and the CJS build
   * side by side).
   *
   * An answer this copy made is recognised at once. Anything else counts only when it carries the package's
   * brand and its four fields are its own and pass the check of {@link Answer.fromJSON} (read once each):
   * a look-alike whose `ok` is the string `"false"` is not an answer. Never throws.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Answer.isAnswer(value);
   * ```
   */
  static isAnswer(value: unknown): value is Answer {
    // Genuine: the fast path. Else a brand is a claim: the value's own fields are read once and checked.
    return isLocalAnswer(value) || checksAsBranded(value, "Answer", ANSWER_KEYS, (fields) => makeAnswer(readFields(fields, ANSWER_FIELDS)));
  }

  /**
   * True when this answer is for `request` (the ids match). `request` is a {@link Request}, its id, or
   * anything that reads as a request: its JSON shape (as after `JSON.parse`), a request of the other build,
   * a look-alike. Those are read by their own fields, once, and checked as {@link Request.fromJSON} checks
   * them.
   *
   * A value that is not a request (a number, `null`, an object without a valid `kind`, an `Answer`) is a
   * {@link ValidationError} naming what is wrong, never a quiet `false`: asking whether an answer is for
   * something that is no request is a bug to fix, not a "no".
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * if (!answer.answers(paused.pending!)) throw new Error("wrong answer");
   * answer.answers(JSON.parse(stored)); // a request kept as JSON
   * ```
   */
  answers(request: Request<any> | RequestJSON | string): boolean {
    if (typeof request === "string") return request === this.id;
    if (isLocalRequest(request)) return request.id === this.id;
    if (typeof request !== "object" || request === null) {
      return wrongType("", "The request", "a Request, its JSON or its id", request, "Pass the Request this answer may be for, or its id.");
    }
    // Its JSON, a request of the other build, a look-alike: read by its fields and checked, as JSON.
    return toRequest(request, "").id === this.id;
  }

  /**
   * True when `other` is an answer of the same class with equal fields.
   *
   * Reads what you pass by the rules in [Reading what callers pass](../README.md#reading-what-callers-pass).
   *
   * @example
   * ```ts
   * Answer.fromJSON(a.toJSON()).equals(a); // true
   * ```
   */
  equals(other: unknown): boolean {
    return other === this || (isLocalAnswer(other) && sameFields(this, other, ANSWER_FIELDS));
  }

  /**
   * The JSON shape: `{ id, ok, data?, reason? }`.
   *
   * @example
   * ```ts
   * JSON.stringify(Answer.accept("r1")); // {"id":"r1","ok":true}
   * ```
   */
  toJSON(): AnswerJSON {
    return fieldsToJSON(this, ANSWER_FIELDS) as unknown as AnswerJSON;
  }
}

