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
import { raise, thrownMessage, type ValidationErrorCode } from "./errors";
import { typeName } from "./json-data";
import { keyPath } from "./path";

const hasOwn = Object.hasOwn;

// ---------------------------------------------------------------------------------------------------------
// Reading

/**
 * Runs one read of a caller's value: the one guard of the library. A throw (a getter, a Proxy trap, a revoked
 * Proxy) becomes a ValidationError at `path`: "Reading `what` threw (reason) at path. Pass plain data, without
 * getters or Proxies that throw.". `path` may be a function, called only when the read throws (a walk builds its
 * path only for an error).
 */
export function guard<T>(path: string | (() => string), what: string, get: () => T, code: ValidationErrorCode = "invalid-value"): T {
  try {
    return get();
  } catch (e) {
    return raise(code, typeof path === "string" ? path : path(), `Reading ${what} threw (${thrownMessage(e)})`, "Pass plain data, without getters or Proxies that throw.", e);
  }
}

/**
 * The `invalid-type` error (or `code`), the one of the library: "`what` must be `expected`, got a number at
 * `path`. `fix`". The value is named by its kind, never shown.
 */
export function wrongType(path: string, what: string, expected: string, value: unknown, fix: string, code: ValidationErrorCode = "invalid-type"): never {
  return raise(code, path, `${what} must be ${expected}, got ${typeName(value)}`, fix);
}

/**
 * A required, non-empty string read from a caller's value, the one check of the library: "`what` is missing",
 * "`what` must be a string, got a number" (as {@link wrongType} words it) or "`what` is empty", at `path`, each
 * ending with `fix`.
 */
export function requiredString(v: unknown, path: string, what: string, fix: string): string {
  if (v === undefined) raise("missing", path, `${what} is missing`, fix);
  if (typeof v !== "string") return wrongType(path, what, "a string", v, fix);
  if (v === "") raise("invalid-value", path, `${what} is empty`, fix);
  return v;
}

/**
 * An optional string read from a caller's value, the one check of the library: `undefined`, or the string; else
 * "`what` must be a string, got a number" (as {@link wrongType} words it) at `path`, ending with `fix`.
 */
export function stringOrAbsent(v: unknown, path: string, what: string, fix: string): string | undefined {
  return v === undefined || typeof v === "string" ? v : wrongType(path, what, "a string", v, fix);
}

/** `obj[key] = value` as an own, enumerable data property, also for the key `__proto__` (an ordinary key in JSON). */
export function defineKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** True when `value` is an array; a revoked Proxy (whose check throws) is a ValidationError at `path`. */
export function isArrayAt(value: unknown, path: string, what = "the value"): boolean {
  return guard(path, what, () => Array.isArray(value));
}

/** True when `value` is an object and no array ({@link isArrayAt}: a revoked Proxy is a ValidationError at `path`). */
export function isObjectAt(value: unknown, path: string): value is object {
  return typeof value === "object" && value !== null && !isArrayAt(value, path);
}

/**
 * The own property `key` of `obj` (a data property's value, or an accessor's getter run once), or
 * `undefined` when `obj` has no own property of that name: never the prototype chain. A throw is a
 * ValidationError at `path` + `key`.
 */
export function ownField(obj: object, key: string, path: string): unknown {
  return guard(() => keyPath(path, key), key, () => (hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined));
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
    // The hint goes inside the fix's last sentence, so that the message still ends with a full stop.
    const hinted = typeof value === "string" ? `${fix.replace(/\.$/, "")} (did you forget JSON.parse?).` : fix;
    return raise("invalid-type", path, `${what} must be an object, got ${typeName(value)}`, hinted);
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
 * The own enumerable string keys of `value`, read once; a throwing `ownKeys` trap is a ValidationError at `path`
 * (a function: called only then, as {@link guard}'s).
 */
export function ownKeys(value: object, path: string | (() => string), what = "the keys"): string[] {
  return guard(path, what, () => Object.keys(value));
}

/**
 * Reads an array's entries once each, as own properties, into a fresh array: `length` once, then each index.
 * A hole reads as `undefined`; a length that is not a valid array length (only a Proxy can lie so) is an
 * `invalid-value` error at `path`. The caller checked that `value` is an array. `path` may be a function,
 * called only for an error (a walk builds its path only then, as {@link guard}'s).
 */
export function readArray(value: readonly unknown[], path: string | (() => string)): unknown[] {
  const at = typeof path === "string" ? (): string => path : path;
  const length = guard(at, "the length", () => value.length);
  if (typeof length !== "number" || length !== length >>> 0) {
    return raise("invalid-value", at(), "The array reports an invalid length", "Pass a plain array.");
  }
  const out = new Array<unknown>(length);
  for (let i = 0; i < length; i++) out[i] = guard(() => `${at()}[${i}]`, "this entry", () => (hasOwn(value, i) ? value[i] : undefined));
  return out;
}

// Text chosen by a sender, shown in a line of ours: the one quoting rule lives in quote.ts.
export { escapeControl } from "./quote";
