/**
 * `Answer`: the reply that resumes a paused tool, for the `Request` it waited on (request.ts).
 *
 * @module
 */
import { wrongType } from "./boundary";
import { checkData, checkId, checkTable, classFor, OPTIONAL, readTable, REQUIRED, tableSpec, typedBoolean, typedString, valueClass, type FieldTable, type ValueKit } from "./value-class";
import { BRAND, hasBrand } from "./brand";
import { raise, type SafeResult, type ValidationError } from "./errors";
import { quoted } from "./quote";
import type { DeepReadonly, JsonFields, JsonObject } from "./json-type";
import { isGenuineRequest, toRequest, type AnyRequest, type RequestJSON } from "./request";

/** A refusal's reason. */
export type AnswerReason = "declined" | "cancelled" | "expired";

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
export type AnswerClass<A extends AnyAnswer> = { readonly prototype: A };

/** An answer of any data type (`Answer<D>` is invariant in `D`, so `Answer` alone would not do). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: Answer<D> is invariant in D
export type AnyAnswer = Answer<any>;

/**
 * What a static of `Answer` returns: the subclass it was called on, or `Answer<D>` when called on `Answer` itself.
 *
 * @example
 * ```ts
 * const a: Answer<{ env: string }> = Answer.accept<{ env: string }>("r1", { env: "prod" });
 * ```
 */
export type AnswerOf<A extends AnyAnswer, D extends object & JsonFields<D>> = AnyAnswer extends A ? Answer<D> : A;

const REASONS: readonly unknown[] = ["declined", "cancelled", "expired"];
const REASON_FIX = 'Use "declined", "cancelled" or "expired".';

const ANSWER_FIELDS: FieldTable = {
  id: checkId,
  ok: (value, path, key) => typedBoolean(value, path, key, REQUIRED, "Set ok to true or false."),
  data: checkData,
  reason: (value, path, key, fields) => {
    const reason = typedString(value, path, key, OPTIONAL, REASON_FIX);
    if (reason !== undefined) {
      if (!REASONS.includes(reason)) raise("invalid-value", path, `The reason ${quoted(reason)} is not one Answer knows`, REASON_FIX);
      // ok was checked before: it is a boolean.
      if (fields.ok) raise("invalid-value", path, "An accepted answer (ok: true) has no reason", "Remove it, or set ok to false.");
    }
    return value;
  },
};

/** True for an answer this copy of the library made (its private mark, set before it is frozen); never for a look-alike or a Proxy. */
export function isGenuineAnswer(value: unknown): value is Answer {
  return answers().is(value);
}

/**
 * Reads an answer: a genuine one is kept; anything else (one from another copy of the package, a look-alike,
 * a Proxy of an answer, its JSON) is read by its own fields, checked as {@link Answer.fromJSON} checks them
 * (an error names its place under `path`), and re-created. How the bridges read an answer a host sends.
 */
export function toAnswer(value: unknown, path: string): Answer {
  return answers().toValue(value, path);
}

/**
 * The id of a request, or the id itself, checked. A genuine Request's id was checked when it was made; any
 * other Request (of another loaded copy, a look-alike, a Proxy of one) is read by its fields and checked in
 * full, as JSON is, so that an answer is never made for a request that is not one.
 */
function idOf(requestOrId: unknown): unknown {
  if (typeof requestOrId === "string") return checkId(requestOrId, "id", "id");
  if (isGenuineRequest(requestOrId)) return requestOrId.id;
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
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * new Answer({ id: "r1", ok: false, reason: "cancelled" });
   * ```
   */
  constructor(init: AnswerInit<D>) {
    answers().fill(this, readTable(init, ANSWER_FIELDS, "An Answer"));
  }

  /** @internal The brand read by {@link Answer.isAnswer}, across copies of the package. */
  get [BRAND](): "Answer" {
    return "Answer";
  }

  /** Vercel Workflow's serializer: the value's JSON. Found by the engine's compiler by this literal text; see docs/durable.md. */
  static [Symbol.for("workflow-serialize")](value: { toJSON(): unknown }) { return value.toJSON(); }
  /** Vercel Workflow's deserializer: `this.fromJSON(data)`, so a registered subclass comes back as itself. */
  static [Symbol.for("workflow-deserialize")](data: unknown) { return classFor(this, Answer, "Answer", "[workflow-deserialize]").fromJSON(data); }

  /**
   * Accepts a request, with optional JSON data.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Answer.accept(req, { token: "..." });
   * ```
   */
  static accept<D extends object & JsonFields<D> = JsonObject, A extends AnyAnswer = Answer<D>>(
    this: AnswerClass<A>,
    requestOrId: AnyRequest | string,
    data?: D,
  ): AnswerOf<A, D> {
    const kit = answers();
    const proto = kit.proto(this, "accept");
    return kit.make(proto, checkTable(ANSWER_FIELDS, { id: idOf(requestOrId), ok: true, data }, "")) as AnswerOf<A, D>;
  }

  /**
   * Refuses a request: `reason` is `declined` (the default), `cancelled` or `expired`.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Answer.decline(req, "expired");
   * ```
   */
  static decline<A extends AnyAnswer>(this: AnswerClass<A>, requestOrId: AnyRequest | string, reason: AnswerReason = "declined"): AnswerOf<A, JsonObject> {
    const kit = answers();
    const proto = kit.proto(this, "decline");
    return kit.make(proto, checkTable(ANSWER_FIELDS, { id: idOf(requestOrId), ok: false, reason }, "")) as AnswerOf<A, JsonObject>;
  }

  /**
   * Answers with text a person typed: `{ ok: true, data: { output } }`.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Answer.output(req, "staging");
   * ```
   */
  static output<A extends AnyAnswer>(this: AnswerClass<A>, requestOrId: AnyRequest | string, output: string): AnswerOf<A, { output: string }> {
    const kit = answers();
    const proto = kit.proto(this, "output");
    const fields = {
      id: idOf(requestOrId), // checked first: properties are evaluated in order
      ok: true,
      data: { output: typeof output === "string" ? output : wrongType("data.output", "output", "a string", output, "Pass the text a person typed.") },
    };
    return kit.make(proto, checkTable(ANSWER_FIELDS, fields, "")) as AnswerOf<A, { output: string }>;
  }

  /**
   * Reads an answer from its JSON shape (unknown keys are ignored). Throws a {@link ValidationError}.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Answer.fromJSON(JSON.parse('{"id":"r1","ok":true,"data":{"k":"v"}}'));
   * ```
   */
  static fromJSON<A extends AnyAnswer>(this: AnswerClass<A>, value: unknown): AnswerOf<A, JsonObject> {
    return answers().fromJSON(this, value) as AnswerOf<A, JsonObject>;
  }

  /**
   * {@link Answer.fromJSON} that never throws.
   *
   * Called on a subclass, returns that subclass.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * const r = Answer.safeFromJSON(json);
   * ```
   */
  static safeFromJSON<A extends AnyAnswer>(this: AnswerClass<A>, value: unknown): SafeResult<AnswerOf<A, JsonObject>> {
    return answers().safeFromJSON(this, value) as SafeResult<AnswerOf<A, JsonObject>>;
  }

  /**
   * True when `value` is an `Answer`, from this copy of the package or another (the ESM and the CJS build
   * side by side).
   *
   * An answer this copy made is recognised at once. Anything else counts only when it carries the package's
   * brand and its four fields are its own and pass the check of {@link Answer.fromJSON} (read once each):
   * a look-alike whose `ok` is the string `"false"` is not an answer. Never throws.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Answer.isAnswer(value);
   * ```
   */
  static isAnswer(value: unknown): value is Answer {
    return answers().isBranded(value);
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
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * if (!answer.answers(paused.pending!)) throw new Error("wrong answer");
   * answer.answers(JSON.parse(stored)); // a request kept as JSON
   * ```
   */
  answers(request: AnyRequest | RequestJSON | string): boolean {
    const { id } = answers().self(this);
    // Read as unknown: the caller's value may be anything, whatever its type says.
    const given: unknown = request;
    if (typeof given === "string") return given === id;
    if (isGenuineRequest(given)) return given.id === id;
    if (typeof given !== "object" || given === null) {
      return wrongType("", "The request", "a Request, its JSON or its id", request, "Pass the Request this answer may be for, or its id.");
    }
    // Its JSON, a request of the other build, a look-alike: read by its fields and checked, as JSON.
    return toRequest(given, "").id === id;
  }

  /**
   * True when `other` is an answer of the same class with equal fields.
   * See docs/trust.md, "Reading what callers pass".
   *
   * @example
   * ```ts
   * Answer.fromJSON(a.toJSON()).equals(a); // true
   * ```
   */
  equals(other: unknown): boolean {
    return answers().equals(this, other);
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
    return answers().json(this) as unknown as AnswerJSON;
  }
}

/** The engine of Answer (value-class.ts), made on first use, so that importing the module runs no code. */
let answerKit: ValueKit<Answer, ValidationError> | undefined;
function answers(): ValueKit<Answer, ValidationError> {
  return (answerKit ??= valueClass(tableSpec<Answer>("Answer", Answer, ANSWER_FIELDS, "An Answer")));
}
