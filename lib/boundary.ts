// The trust boundary: the one way in for values that come from outside the library (JSON, an SDK's object, an
// init, options, a look-alike of a toolnexus value). Every public entry point reads what it is given through
// these functions, and decides only from what they return:
//
// - One read. A value's fields are read once, into a snapshot, before anything is decided from them: each
//   getter runs once. A getter or a Proxy trap that throws, and a revoked Proxy, are a ValidationError at
//   the path being read, never a bare TypeError.
// - Own properties only. A field is an own property (data or accessor) or it is absent: a polluted
//   `Object.prototype` adds nothing.
// - Genuine or checked. A value is trusted as a toolnexus value only when this loaded copy of the library
//   made it: the private marks below, which nothing outside this module can forge (not `instanceof`, not
//   the prototype, not a `Symbol.for` brand, not a Proxy of a genuine value). Anything else is read by its
//   fields and checked in full, as JSON is.
import { hasBrand, type BrandName } from "./brand";
import { raise, thrownMessage, type ValidationErrorCode } from "./errors";
import { Stamp, typeName } from "./json-data";
import { joinPath } from "./path";

const hasOwn = Object.hasOwn;

// ---------------------------------------------------------------------------------------------------------
// Genuine values: one private mark per class, set on each instance before it is frozen.

class ResultMark extends Stamp {
  readonly #result = true;
  static has(value: unknown): boolean {
    return typeof value === "object" && value !== null && #result in value;
  }
}

class PartMark extends Stamp {
  readonly #part = true;
  static has(value: unknown): boolean {
    return typeof value === "object" && value !== null && #part in value;
  }
}

class RequestMark extends Stamp {
  readonly #request = true;
  static has(value: unknown): boolean {
    return typeof value === "object" && value !== null && #request in value;
  }
}

class AnswerMark extends Stamp {
  readonly #answer = true;
  static has(value: unknown): boolean {
    return typeof value === "object" && value !== null && #answer in value;
  }
}

// `new Mark(target)` returns `target`, now carrying the private field (see Stamp). A bare `new` would look
// free of effects to a bundler, so each returns what `new` gave.

/** Marks an object this copy of the library is about to freeze as a genuine `ToolResult`. */
export const markResult = <T extends object>(target: T): T => new ResultMark(target) as unknown as T;
/** Marks an object this copy of the library is about to freeze as a genuine `ContentPart`. */
export const markPart = <T extends object>(target: T): T => new PartMark(target) as unknown as T;
/** Marks an object this copy of the library is about to freeze as a genuine `Request`. */
export const markRequest = <T extends object>(target: T): T => new RequestMark(target) as unknown as T;
/** Marks an object this copy of the library is about to freeze as a genuine `Answer`. */
export const markAnswer = <T extends object>(target: T): T => new AnswerMark(target) as unknown as T;

/** True for a `ToolResult` this copy of the library made (of any subclass); never for a look-alike or a Proxy. */
export const isGenuineResult: (value: unknown) => boolean = ResultMark.has;
/** True for a `ContentPart` this copy of the library made. */
export const isGenuinePart: (value: unknown) => boolean = PartMark.has;
/** True for a `Request` this copy of the library made. */
export const isGenuineRequest: (value: unknown) => boolean = RequestMark.has;
/** True for an `Answer` this copy of the library made. */
export const isGenuineAnswer: (value: unknown) => boolean = AnswerMark.has;

/**
 * The slow path of the four brand checks (`ToolResult.isToolResult` and its siblings), for a value this copy
 * did not make: true when `value` carries the brand `name` (below Object.prototype: see brand.ts) and has
 * every one of `keys` as an own property, read once each into a fresh object that `check` (the class's
 * `fromJSON` check) accepts. A value of another loaded copy passes (it holds all its fields, checked when it
 * was made); `Object.create(ToolResult.prototype)`, a bare brand, or a look-alike whose `ok` is the string
 * `"false"` does not. Never throws: a throwing getter or Proxy trap, a revoked Proxy, or a failed check is
 * `false`.
 */
export function checksAsBranded(value: unknown, name: BrandName, keys: readonly string[], check: (fields: Record<string, unknown>) => unknown): boolean {
  if (!hasBrand(value, name)) return false;
  try {
    const fields: Record<string, unknown> = {};
    for (const k of keys) {
      if (!hasOwn(value as object, k)) return false;
      fields[k] = (value as Record<string, unknown>)[k];
    }
    check(fields);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Subclasses: a member named like a field would hide it (a getter makes the field's assignment throw).

/**
 * The prototype a static called on the receiver `cls` builds with, the one place every static of the four
 * classes resolves its receiver:
 *
 * - `base` itself, and no receiver at all (`undefined` or `null`: a destructured static,
 *   `const { ok } = ToolResult`, or one called with `.call(null, ...)`): `base.prototype`;
 * - a subclass of `base` (a function whose `prototype` is or descends from `base.prototype`): its prototype;
 * - anything else (a plain object the static was copied onto, a function that is no subclass of this copy's
 *   `base`, a class whose `prototype` cannot be read): an `invalid-type` ValidationError at the path `""`:
 *   "ToolResult.ok was called on an object, not on ToolResult or a subclass of it. Call it as
 *   ToolResult.ok(...) or on a subclass (MySubclass.ok(...)); a destructured static works too.".
 *
 * `name` is the base class's public name (a bundler may rename the class itself), `fn` the static's.
 */
export function prototypeFor(cls: unknown, base: { readonly prototype: object }, name: string, fn: string): object {
  const proto = base.prototype;
  if (cls === base || cls === undefined || cls === null) return proto;
  let problem: string;
  if (typeof cls === "function") {
    try {
      const p: unknown = (cls as { prototype?: unknown }).prototype;
      if (p === proto || (typeof p === "object" && p !== null && Object.prototype.isPrototypeOf.call(proto, p))) return p as object;
      problem = `a function that is neither ${name} nor a subclass of it`;
    } catch (e) {
      problem = `a function whose prototype cannot be read (${thrownMessage(e)})`; // a Proxy of a class whose traps throw
    }
  } else {
    problem = `${typeName(cls)}, not on ${name} or a subclass of it`;
  }
  // A static named by a symbol ("[workflow-deserialize]") reads ToolResult[workflow-deserialize].
  const member = (cls: string) => (fn.startsWith("[") ? `${cls}${fn}` : `${cls}.${fn}`);
  return raise(
    "invalid-type",
    "",
    `${member(name)} was called on ${problem}`,
    `Call it as ${member(name)}(...) or on a subclass (${member("MySubclass")}(...)); a destructured static works too.`,
  );
}

/**
 * The class a static hook calls `fromJSON` on (Vercel Workflow's deserializer, `this.fromJSON(data)`): the
 * receiver when it is `base` or a subclass (whose own `fromJSON` then runs), `base` when there is none; any
 * other receiver is the `invalid-type` error of {@link prototypeFor}.
 */
export function classFor<C extends { readonly prototype: object }>(cls: unknown, base: C, name: string, fn: string): C {
  if (cls === undefined || cls === null) return base;
  prototypeFor(cls, base, name, fn);
  return cls as C;
}

/** Subclass prototypes already checked: `""` when fine, else the message of the member that hides a field. */
const CHECKED = new WeakMap<object, string>();

/**
 * Checks, once per prototype, that nothing between `proto` and `base` (the prototype of one of the four
 * classes) has an own member named like one of `fields`: a getter, a setter, a method or a value. `base`
 * itself is the fast path, checked by one comparison. A member that hides a field is an `invalid-subclass`
 * ValidationError naming it, from every creation path, before any field is assigned.
 */
export function checkSubclass(proto: object, base: object, fields: readonly string[]): void {
  if (proto === base) return;
  let problem = CHECKED.get(proto);
  if (problem === undefined) {
    problem = hiddenField(proto, base, fields);
    CHECKED.set(proto, problem);
  }
  if (problem !== "") raise("invalid-subclass", "", problem, "Rename the member: every instance holds that field, so a subclass cannot define a member of its name.");
}

/** `""`, or what hides a field: "The subclass MyResult defines a getter named output, which hides the field". */
function hiddenField(proto: object, base: object, fields: readonly string[]): string {
  try {
    for (let p: object | null = proto; p !== null && p !== base; p = Object.getPrototypeOf(p) as object | null) {
      for (const field of fields) {
        const d = Object.getOwnPropertyDescriptor(p, field);
        if (d === undefined) continue;
        const kind = d.get || d.set ? "an accessor" : typeof d.value === "function" ? "a method" : "a value";
        const ctor: unknown = Object.hasOwn(p, "constructor") ? (p as { constructor: unknown }).constructor : undefined;
        const name = typeof ctor === "function" && typeof ctor.name === "string" && ctor.name !== "" ? ` ${escapeControl(ctor.name)}` : "";
        return `The subclass${name} defines ${kind} named ${field}, which hides the field ${field}`;
      }
    }
    return "";
  } catch (e) {
    return `The subclass's prototype cannot be inspected (${thrownMessage(e)})`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/**
 * Runs one read of a caller's value. A throw (a getter, a Proxy trap, a revoked Proxy) becomes a
 * ValidationError at `path`: "Reading `what` threw (reason) at path. Pass plain data ...".
 */
export function guard<T>(path: string, what: string, get: () => T, code: ValidationErrorCode = "invalid-value"): T {
  try {
    return get();
  } catch (e) {
    return raise(code, path, `Reading ${what} threw (${thrownMessage(e)})`, "Pass plain data, without getters or Proxies that throw.", e);
  }
}

/** True when `value` is an array; a revoked Proxy (whose check throws) is a ValidationError at `path`. */
export function isArrayAt(value: unknown, path: string, what = "the value"): boolean {
  return guard(path, what, () => Array.isArray(value));
}

/**
 * The own property `key` of `obj` (a data property's value, or an accessor's getter run once), or
 * `undefined` when `obj` has no own property of that name: never the prototype chain. A throw is a
 * ValidationError at `path` + `key`.
 */
export function ownField(obj: object, key: string, path: string): unknown {
  try {
    return hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
  } catch (e) {
    return raise("invalid-value", joinPath(path, key), `Reading ${key} threw (${thrownMessage(e)})`, "Pass plain data, without getters or Proxies that throw.", e);
  }
}

/** A snapshot: the fields read, by name; absent ones are `undefined`. */
export type Snapshot<K extends string> = { [P in K]: unknown };

/**
 * Reads `keys` as own properties of `value`, each once and in order, into a fresh object. `value` must be
 * an object that is not an array; anything else is an `invalid-type` ValidationError at `path`:
 * "`what` must be an object, got a string at path. `fix`".
 */
export function snapshot<K extends string>(value: unknown, keys: readonly K[], path: string, what: string, fix: string): Snapshot<K> {
  if (typeof value !== "object" || value === null || isArrayAt(value, path, what.toLowerCase())) {
    const hint = typeof value === "string" ? " (did you forget JSON.parse?)" : "";
    return raise("invalid-type", path, `${what} must be an object, got ${typeName(value)}`, fix + hint);
  }
  return readOwn(value, keys, path);
}

/** {@link snapshot} of an object already known to be a non-array object. */
export function readOwn<K extends string>(value: object, keys: readonly K[], path: string): Snapshot<K> {
  const out = {} as Snapshot<K>;
  for (const k of keys) out[k] = ownField(value, k, path);
  return out;
}

/**
 * Reads options: `undefined` and `null` give every key `undefined`; an object is read as {@link snapshot}
 * reads it; anything else is an `invalid-type` ValidationError at the path `""`.
 */
export function readOptions<K extends string>(options: unknown, keys: readonly K[], fn: string): Snapshot<K> {
  // No prototype: a key read from it is `undefined` even when `Object.prototype` is polluted.
  if (options === undefined || options === null) return Object.create(null) as Snapshot<K>;
  return snapshot(options, keys, "", `The options of ${fn}()`, `Pass an object with ${keys.join(", ")}, or leave them out.`);
}

/** The own enumerable string keys of `value`, read once; a throwing `ownKeys` trap is a ValidationError at `path`. */
export function ownKeys(value: object, path: string, what = "the keys"): string[] {
  return guard(path, what, () => Object.keys(value));
}

/**
 * Reads an array's entries once each, as own properties, into a fresh array: `length` once, then each index.
 * A hole reads as `undefined`; a length that is not a valid array length (only a Proxy can lie so) is an
 * `invalid-value` error at `path`. The caller checked that `value` is an array.
 */
export function readArray(value: readonly unknown[], path: string): unknown[] {
  const length = guard(path, "the length", () => value.length);
  if (typeof length !== "number" || length !== length >>> 0) {
    return raise("invalid-value", path, "The array reports an invalid length", "Pass a plain array.");
  }
  const out = new Array<unknown>(length);
  for (let i = 0; i < length; i++) {
    try {
      out[i] = hasOwn(value, i) ? value[i] : undefined;
    } catch (e) {
      raise("invalid-value", `${path}[${i}]`, `Reading this entry threw (${thrownMessage(e)})`, "Pass plain data, without getters or Proxies that throw.", e);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Text chosen by a sender, shown in a line of ours

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * `s` with its control characters escaped (`\n`, `\r`, `\t`, else `\u001b`), line and paragraph separators
 * included: text chosen by a sender (a metadata key, a kind, a name, a uri) shown inside one line of ours
 * can never start a line of its own.
 */
export function escapeControl(s: string): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(s)) return s;
  return s.replace(CONTROL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
