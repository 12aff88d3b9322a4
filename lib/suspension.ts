/**
 * `Request` and `Answer`: the wire data of a suspension. A tool that cannot finish until something happens
 * out of band (a login, an approval, a person's answer) returns a pending result holding a `Request`; the
 * host resolves it and resumes the tool with an `Answer`.
 *
 * @module
 */
import { BRAND, hasBrand, isInstance, protoOf } from "./brand";
import { ValidationError, ToolnexusError, thrownMessage, type SafeResult, type ValidationErrorCode } from "./errors";
import { copyJsonObject, isHazard, jsonEqual, Stamp, typeName } from "./json-data";
import { joinPath, where } from "./path";

/** A refusal's reason. */
export type AnswerReason = "declined" | "cancelled" | "expired";

/** Well-known request kinds; the vocabulary is open, so any non-empty string is accepted. */
export type RequestKind = "authorization" | "approval" | "input" | "question" | (string & {});

/** JSON data held by a request or an answer. */
export type JsonObject = { readonly [key: string]: unknown };

/** What `new Request(...)` takes. */
export interface RequestInit {
  id: string;
  kind: RequestKind;
  prompt: string;
  url?: string;
  data?: JsonObject;
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

/** What `new Answer(...)` takes. */
export interface AnswerInit {
  id: string;
  ok: boolean;
  data?: JsonObject;
  reason?: AnswerReason;
}

/** The JSON shape of an answer. */
export interface AnswerJSON {
  id: string;
  ok: boolean;
  data?: JsonObject;
  reason?: AnswerReason;
}

const REASONS: readonly string[] = ["declined", "cancelled", "expired"];

function vfail(code: ValidationErrorCode, path: string, problem: string, fix: string, cause?: unknown): never {
  throw new ValidationError(code, `${problem} ${where(path)}. ${fix}`, cause === undefined ? { path } : { path, cause });
}

function readFields(value: unknown, fields: readonly string[], path: string, what: string): Record<string, unknown> {
  let isArray: boolean;
  try {
    isArray = Array.isArray(value);
  } catch (e) {
    return vfail("invalid-value", path, `Reading ${what.toLowerCase()} threw (${thrownMessage(e)})`, "Pass plain data.", e);
  }
  if (typeof value !== "object" || value === null || isArray) {
    const hint = typeof value === "string" ? " (did you forget JSON.parse?)" : "";
    return vfail("invalid-type", path, `${what} must be an object, got ${typeName(value)}${hint}`, `Pass ${what === "A request" ? "{ id, kind, prompt }" : "{ id, ok }"}.`);
  }
  const out: Record<string, unknown> = {};
  let field = "";
  try {
    for (const f of fields) {
      field = f;
      out[f] = (value as Record<string, unknown>)[f];
    }
  } catch (e) {
    return vfail("invalid-value", joinPath(path, field), `Reading ${field} threw (${thrownMessage(e)})`, "Pass plain data: a getter or a Proxy that throws cannot be read.", e);
  }
  return out;
}

function checkId(id: unknown, path: string): string {
  if (id === undefined) vfail("missing", path, "The id is missing", "Give a non-empty string id, or use Request.create() to generate one.");
  if (typeof id !== "string") vfail("invalid-type", path, `The id is ${typeName(id)}`, "Give a non-empty string id.");
  if (id === "") vfail("invalid-value", path, "The id is empty", "Give a non-empty string id.");
  return id;
}

function checkData(data: unknown, path: string): JsonObject | undefined {
  return data === undefined ? undefined : copyJsonObject(data, path, "data");
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** 400 Gregorian years, in milliseconds: the calendar repeats itself after them. */
const CYCLE = 146097 * 86_400_000;

/** `Date.UTC`, except that years 0 to 99 are those years, not 1900 to 1999 as `Date.UTC` reads them. */
function utc(year: number, monthIndex: number, day: number, hour = 0, minute = 0): number {
  return year < 100 ? Date.UTC(year + 400, monthIndex, day, hour, minute) - CYCLE : Date.UTC(year, monthIndex, day, hour, minute);
}

/** Milliseconds since the epoch of an RFC 3339 date-time, or `undefined` when it is not one. */
export function parseRfc3339(s: string): number | undefined {
  const m = RFC3339.exec(s);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 60) return undefined;
  const days = new Date(utc(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return undefined;
  let offset = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offset = (oh * 60 + om) * 60000 * (m[9] === "-" ? -1 : 1);
  }
  const frac = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  // A leap second (:60) is read as the first instant of the next minute.
  return utc(year, month - 1, day, hour, minute) + second * 1000 + frac - offset;
}

function checkExpiresAt(value: unknown, path: string): string | undefined {
  if (value === undefined) return undefined;
  if (isInstance(value, Date)) {
    // Date.prototype's own methods: a subclass's toISOString could return anything, and a Proxy of a Date has
    // no time to read (the call throws).
    let iso: string | undefined;
    try {
      const t = Date.prototype.getTime.call(value);
      iso = Number.isNaN(t) ? undefined : Date.prototype.toISOString.call(value);
    } catch {
      iso = undefined;
    }
    if (iso === undefined) vfail("invalid-timestamp", path, "expiresAt is an invalid Date", "Pass a valid Date or an RFC 3339 string such as 2026-01-01T00:00:00Z.");
    // Years outside 0000-9999 have no RFC 3339 spelling (toISOString gives +275760-09-13...).
    if (parseRfc3339(iso) === undefined) vfail("invalid-timestamp", path, `expiresAt is a Date outside the years 0000 to 9999 (${iso})`, "Pass a date between 0000-01-01 and 9999-12-31.");
    return iso;
  }
  if (typeof value !== "string") vfail("invalid-type", path, `expiresAt is ${typeName(value)}`, "Pass an RFC 3339 string such as 2026-01-01T00:00:00Z, or a Date.");
  if (parseRfc3339(value) === undefined) {
    vfail("invalid-timestamp", path, `expiresAt ${JSON.stringify(value)} is not an RFC 3339 date-time`, "Write a full date-time with a zone, such as 2026-01-01T00:00:00Z.");
  }
  return value;
}

/**
 * Requests made by this copy of the library carry this private field, set before they are frozen. An object
 * that merely has Request.prototype in its chain (made with Object.create, or a Proxy of a request) lacks
 * it, so it is read and checked by its fields like any other input, never trusted as a request.
 */
class RequestMark extends Stamp {
  readonly #request = true;
  static has(value: unknown): value is Request {
    return typeof value === "object" && value !== null && #request in value;
  }
}

/** True for a request this copy of the library made (not a look-alike, not a Proxy of one). */
export function isLocalRequest(value: unknown): value is Request {
  return RequestMark.has(value);
}

interface MutableRequest {
  id: string;
  kind: string;
  prompt: string;
  url: string | undefined;
  data: JsonObject | undefined;
  expiresAt: string | undefined;
}

/** Validates request fields read from anywhere and assigns them, in order, to `target`, then freezes it. */
function initRequest(target: object, f: Record<string, unknown>, path: string): Request {
  const at = (k: string) => joinPath(path, k);
  const id = checkId(f.id, at("id"));
  const kind = f.kind;
  if (kind === undefined) vfail("missing", at("kind"), "The kind is missing", "Give a kind such as \"authorization\", \"approval\", \"input\" or \"question\".");
  if (typeof kind !== "string") vfail("invalid-type", at("kind"), `The kind is ${typeName(kind)}`, "Give a kind such as \"approval\".");
  if (kind === "") vfail("invalid-value", at("kind"), "The kind is empty", "Give a kind such as \"approval\".");
  const prompt = f.prompt;
  if (prompt === undefined) vfail("missing", at("prompt"), "The prompt is missing", "Give the text a person reads, such as \"Approve the deploy?\".");
  if (typeof prompt !== "string") vfail("invalid-type", at("prompt"), `The prompt is ${typeName(prompt)}`, "Give the prompt as a string.");
  const url = f.url;
  if (url !== undefined && typeof url !== "string") vfail("invalid-type", at("url"), `The url is ${typeName(url)}`, "Give the url as a string, or leave it out.");
  const data = checkData(f.data, at("data"));
  const expiresAt = checkExpiresAt(f.expiresAt, at("expiresAt"));
  const r = target as MutableRequest;
  r.id = id;
  r.kind = kind;
  r.prompt = prompt;
  r.url = url;
  r.data = data;
  r.expiresAt = expiresAt;
  return Object.freeze(new RequestMark(target)) as unknown as Request;
}

function randomId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === "function") c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Generates a unique request id (a random UUID). */
export function generateId(): string {
  return randomId();
}

const REQUEST_FIELDS = ["id", "kind", "prompt", "url", "data", "expiresAt"] as const;

/** Reads a request (a local one is kept; one from another copy of the package or its JSON is re-created). */
export function toRequest(value: unknown, path: string): Request {
  if (RequestMark.has(value)) return value;
  return initRequest(Object.create(Request.prototype), readFields(value, REQUEST_FIELDS, path, "A request"), path);
}

/**
 * A suspension request: what a paused tool waits for. `kind` is an open vocabulary (`authorization`,
 * `approval`, `input`, `question`, ...); `url` is where a person goes (a login page, say); `data` is JSON the
 * host may use (a form schema, say); `expiresAt` is an RFC 3339 date-time.
 *
 * A frozen value with own fields `id`, `kind`, `prompt`, `url`, `data`, `expiresAt`; absent optional fields
 * are `undefined`. Also exported as `SuspensionRequest`, for modules that use the Fetch API's `Request`.
 *
 * @example
 * ```ts
 * const req = Request.create({ kind: "approval", prompt: "Deploy to production?" });
 * const paused = ToolResult.pending(req);
 * ```
 */
export class Request {
  /** A unique, non-empty id; an `Answer` to this request carries the same id. */
  declare readonly id: string;
  /** What is asked: `authorization`, `approval`, `input`, `question`, or any other non-empty string. */
  declare readonly kind: RequestKind;
  /** The text a person reads. */
  declare readonly prompt: string;
  /** Where a person goes (a login page, say), as the other ports send it; check it before opening it. */
  declare readonly url: string | undefined;
  /** JSON data for the host (a form schema, say). */
  declare readonly data: JsonObject | undefined;
  /** When the request expires, as the RFC 3339 string it was given. */
  declare readonly expiresAt: string | undefined;

  /**
   * A request with the given id. Use {@link Request.create} to have an id generated.
   *
   * @example
   * ```ts
   * new Request({ id: "r1", kind: "input", prompt: "Which environment?" });
   * ```
   */
  constructor(init: RequestInit) {
    initRequest(this, readFields(init, REQUEST_FIELDS, "", "A request"), "");
  }

  /** @internal The brand read by {@link Request.isRequest}, across copies of the package. */
  get [BRAND](): "Request" {
    return "Request";
  }

  /**
   * A request with a generated, unique id.
   *
   * @example
   * ```ts
   * Request.create({ kind: "authorization", prompt: "Log in to continue", url: "https://example.com/login" });
   * ```
   */
  static create(init: Omit<RequestInit, "id"> & { id?: string }): Request {
    const f = readFields(init, REQUEST_FIELDS, "", "A request");
    if (f.id === undefined) f.id = randomId();
    return initRequest(Object.create(Request.prototype), f, "");
  }

  /**
   * Reads a request from its JSON shape (unknown keys are ignored). Throws a {@link ValidationError};
   * {@link Request.safeFromJSON} never throws.
   *
   * @example
   * ```ts
   * Request.fromJSON(JSON.parse('{"id":"r1","kind":"input","prompt":"p"}'));
   * ```
   */
  static fromJSON(value: unknown): Request {
    return initRequest(Object.create(Request.prototype), readFields(value, REQUEST_FIELDS, "", "A request"), "");
  }

  /**
   * {@link Request.fromJSON} that never throws.
   *
   * @example
   * ```ts
   * const r = Request.safeFromJSON(json);
   * ```
   */
  static safeFromJSON(value: unknown): SafeResult<Request> {
    return safe(() => Request.fromJSON(value));
  }

  /**
   * True when `value` is a `Request`, from this copy of the package or another.
   *
   * @example
   * ```ts
   * Request.isRequest(result.pending); // true for a pending result
   * ```
   */
  static isRequest(value: unknown): value is Request {
    return hasBrand(value, "Request");
  }

  /**
   * True when the request has an `expiresAt` and `now` is at or past it.
   *
   * @example
   * ```ts
   * if (req.isExpired()) return Answer.decline(req, "expired");
   * ```
   */
  isExpired(now: Date | number = new Date()): boolean {
    if (this.expiresAt === undefined) return false;
    let t: number;
    try {
      t = typeof now === "number" ? now : isInstance(now, Date) ? Date.prototype.getTime.call(now) : NaN;
    } catch {
      t = NaN; // a Proxy of a Date, say: it has no time to read
    }
    if (Number.isNaN(t)) vfail("invalid-type", "now", "now must be a valid Date or a number of milliseconds", "Pass a Date, or leave it out for the current time.");
    return t >= parseRfc3339(this.expiresAt)!;
  }

  /**
   * A copy with some fields changed; a key given as `undefined` removes an optional field.
   *
   * @example
   * ```ts
   * req.with({ prompt: "Approve the deploy of v2?" });
   * ```
   */
  with(changes: Partial<RequestInit>): Request {
    const c = readFields(changes, REQUEST_FIELDS, "", "The changes");
    const f: Record<string, unknown> = {};
    let k = "";
    try {
      for (k of REQUEST_FIELDS) f[k] = Object.prototype.hasOwnProperty.call(changes, k) ? c[k] : this[k as keyof Request];
    } catch (e) {
      vfail("invalid-value", k, `Reading ${k} threw (${thrownMessage(e)})`, "Pass plain data: a getter or a Proxy that throws cannot be read.", e);
    }
    return initRequest(Object.create(Object.getPrototypeOf(this)), f, "");
  }

  /**
   * True when `other` is a request of the same class with equal fields (`data` compared structurally).
   *
   * @example
   * ```ts
   * Request.fromJSON(req.toJSON()).equals(req); // true
   * ```
   */
  equals(other: unknown): boolean {
    if (other === this) return true;
    if (!RequestMark.has(other) || Object.getPrototypeOf(other) !== Object.getPrototypeOf(this)) return false;
    const o = other;
    return (
      o.id === this.id &&
      o.kind === this.kind &&
      o.prompt === this.prompt &&
      o.url === this.url &&
      o.expiresAt === this.expiresAt &&
      dataEqual(o.data, this.data)
    );
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
    const out: RequestJSON = { id: this.id, kind: this.kind, prompt: this.prompt };
    if (this.url !== undefined) out.url = this.url;
    if (this.data !== undefined) out.data = this.data;
    if (this.expiresAt !== undefined) out.expiresAt = this.expiresAt;
    return out;
  }
}

// Note: Request and Answer define no `toString` or `valueOf`: fast-deep-equal, which compares metadata,
// would call them in place of comparing fields.

/** The same class, under a name that does not shadow the Fetch API's `Request`. */
export { Request as SuspensionRequest };

const ANSWER_FIELDS = ["id", "ok", "data", "reason"] as const;

function initAnswer(target: object, f: Record<string, unknown>, path: string): Answer {
  const at = (k: string) => joinPath(path, k);
  const id = checkId(f.id, at("id"));
  const ok = f.ok;
  if (ok === undefined) vfail("missing", at("ok"), "ok is missing", "Set ok to true (accepted) or false (refused).");
  if (typeof ok !== "boolean") vfail("invalid-type", at("ok"), `ok is ${typeName(ok)}`, "Set ok to true or false.");
  const data = checkData(f.data, at("data"));
  const reason = f.reason;
  if (reason !== undefined) {
    if (typeof reason !== "string") vfail("invalid-type", at("reason"), `The reason is ${typeName(reason)}`, "Use \"declined\", \"cancelled\" or \"expired\".");
    if (!REASONS.includes(reason)) vfail("invalid-value", at("reason"), `Unknown reason ${JSON.stringify(reason)}`, "Use \"declined\", \"cancelled\" or \"expired\".");
    if (ok) vfail("invalid-value", at("reason"), "An accepted answer (ok: true) has no reason", "Remove the reason, or set ok to false.");
  }
  const a = target as { id: string; ok: boolean; data: JsonObject | undefined; reason: AnswerReason | undefined };
  a.id = id;
  a.ok = ok;
  a.data = data;
  a.reason = reason as AnswerReason | undefined;
  return Object.freeze(target) as Answer;
}

function idOf(requestOrId: unknown): string {
  if (typeof requestOrId === "string") return checkId(requestOrId, "id");
  if (hasBrand(requestOrId, "Request")) return checkId((requestOrId as Request).id, "id");
  return vfail("invalid-type", "", `Expected a Request or a request id, got ${typeName(requestOrId)}`, "Pass the Request being answered, or its id.");
}

function makeAnswer(id: string, ok: boolean, data: unknown, reason: unknown): Answer {
  return initAnswer(Object.create(Answer.prototype), { id, ok, data, reason }, "");
}

/**
 * The answer to a {@link Request}: `ok: true` with optional `data`, or `ok: false` with a `reason`
 * (`declined`, `cancelled` or `expired`). Its `id` is the request's.
 *
 * @example
 * ```ts
 * const answer = Answer.accept(req, { environment: "staging" });
 * answer.answers(req); // true
 * ```
 */
export class Answer {
  /** The id of the request answered. */
  declare readonly id: string;
  /** True when the request was granted or answered. */
  declare readonly ok: boolean;
  /** JSON data of the answer (a form's values, say). */
  declare readonly data: JsonObject | undefined;
  /** Why the request was refused; only when `ok` is false. */
  declare readonly reason: AnswerReason | undefined;

  /**
   * An answer with the given fields.
   *
   * @example
   * ```ts
   * new Answer({ id: "r1", ok: false, reason: "cancelled" });
   * ```
   */
  constructor(init: AnswerInit) {
    initAnswer(this, readFields(init, ANSWER_FIELDS, "", "An answer"), "");
  }

  /** @internal The brand read by {@link Answer.isAnswer}, across copies of the package. */
  get [BRAND](): "Answer" {
    return "Answer";
  }

  /**
   * Accepts a request, with optional JSON data.
   *
   * @example
   * ```ts
   * Answer.accept(req, { token: "..." });
   * ```
   */
  static accept(requestOrId: Request | string, data?: JsonObject): Answer {
    return makeAnswer(idOf(requestOrId), true, data, undefined);
  }

  /**
   * Refuses a request: `reason` is `declined` (the default), `cancelled` or `expired`.
   *
   * @example
   * ```ts
   * Answer.decline(req, "expired");
   * ```
   */
  static decline(requestOrId: Request | string, reason: AnswerReason = "declined"): Answer {
    return makeAnswer(idOf(requestOrId), false, undefined, reason);
  }

  /**
   * Answers with text a person typed: `{ ok: true, data: { output } }`.
   *
   * @example
   * ```ts
   * Answer.output(req, "staging");
   * ```
   */
  static output(requestOrId: Request | string, output: string): Answer {
    const id = idOf(requestOrId);
    if (typeof output !== "string") vfail("invalid-type", "data.output", `The output is ${typeName(output)}`, "Pass the text as a string.");
    return makeAnswer(id, true, { output }, undefined);
  }

  /**
   * Reads an answer from its JSON shape (unknown keys are ignored). Throws a {@link ValidationError}.
   *
   * @example
   * ```ts
   * Answer.fromJSON(JSON.parse('{"id":"r1","ok":true,"data":{"k":"v"}}'));
   * ```
   */
  static fromJSON(value: unknown): Answer {
    return initAnswer(Object.create(Answer.prototype), readFields(value, ANSWER_FIELDS, "", "An answer"), "");
  }

  /**
   * {@link Answer.fromJSON} that never throws.
   *
   * @example
   * ```ts
   * const r = Answer.safeFromJSON(json);
   * ```
   */
  static safeFromJSON(value: unknown): SafeResult<Answer> {
    return safe(() => Answer.fromJSON(value));
  }

  /**
   * True when `value` is an `Answer`, from this copy of the package or another.
   *
   * @example
   * ```ts
   * Answer.isAnswer(value);
   * ```
   */
  static isAnswer(value: unknown): value is Answer {
    return hasBrand(value, "Answer");
  }

  /**
   * True when this answer is for `request` (the ids match).
   *
   * @example
   * ```ts
   * if (!answer.answers(paused.pending!)) throw new Error("wrong answer");
   * ```
   */
  answers(request: Request | string): boolean {
    if (typeof request === "string") return request === this.id;
    return hasBrand(request, "Request") && (request as Request).id === this.id;
  }

  /**
   * True when `other` is an answer of the same class with equal fields.
   *
   * @example
   * ```ts
   * Answer.fromJSON(a.toJSON()).equals(a); // true
   * ```
   */
  equals(other: unknown): boolean {
    if (other === this) return true;
    if (typeof other !== "object" || other === null || protoOf(other) !== Object.getPrototypeOf(this)) return false;
    const o = other as Answer;
    try {
      return o.id === this.id && o.ok === this.ok && o.reason === this.reason && dataEqual(o.data, this.data);
    } catch {
      return false; // a look-alike whose fields cannot be read (a Proxy of an answer)
    }
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
    const out: AnswerJSON = { id: this.id, ok: this.ok };
    if (this.data !== undefined) out.data = this.data;
    if (this.reason !== undefined) out.reason = this.reason;
    return out;
  }
}

function dataEqual(a: JsonObject | undefined, b: JsonObject | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return jsonEqual(a, b);
}

function safe<T>(fn: () => T): SafeResult<T> {
  try {
    return { success: true, data: fn() };
  } catch (e) {
    return { success: false, error: asValidationError(e) };
  }
}

/** Any error as a ValidationError (a ToolnexusError that is not one is wrapped, keeping code and path). */
export function asValidationError(e: unknown): ValidationError {
  if (isInstance(e, ValidationError)) return e as ValidationError;
  if (isInstance(e, ToolnexusError)) {
    const t = e as ToolnexusError;
    return new ValidationError(t.code, t.message, { path: t.path, cause: e });
  }
  return new ValidationError("invalid-value", `The value could not be read (${thrownMessage(e)}). Pass plain JSON data.`, { cause: e });
}

/** True when the request's data holds a key that fast-deep-equal would misread. */
export function requestIsHazard(r: Request): boolean {
  return isHazard(r.data);
}
