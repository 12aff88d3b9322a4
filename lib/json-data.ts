// JSON data: the rules for `metadata`, `Request.data`, `Answer.data` and `ToolResult.json`.
//
// `copyJson` validates a caller's value and returns a deep-frozen copy that the library owns. The caller's
// objects are read (each property once) and never changed or frozen. Objects the library built itself are
// recognised by a private field and shared, not copied again.
import fastDeepEqual from "fast-deep-equal";
import { ValidationError, thrownMessage, type ValidationErrorCode } from "./errors";
import { formatPath, where, type Segment } from "./path";

/** How many objects and arrays may nest below the root of a JSON value (`metadata`, `data`). */
export const MAX_DEPTH = 1000;

/**
 * Returns the object it is given, so that a subclass's field initializers stamp that object. Use what `new`
 * returns (it is the object given): a bundler sees a constructor without effects and drops a bare `new`.
 */
export class Stamp {
  constructor(value: object) {
    return value as Stamp;
  }
}

/**
 * Deep-frozen objects and arrays built by this copy of the library, safe to share, carry this private field.
 * A private field is invisible to every reflection API (keys, symbols, spread, JSON, structuredClone,
 * util.inspect) and cannot be forged outside this module, as a WeakSet entry could not; but it costs one
 * property transition, where a WeakSet hashed each object and cost the collector an ephemeron per entry
 * (about three quarters of the time of copying 1 KB of metadata). Stamp an object once, before freezing it.
 */
class Owned extends Stamp {
  readonly #owned = true;
  static has(value: object): boolean {
    return #owned in value;
  }
}

/**
 * Owned subtrees holding an object with an own `constructor`, `valueOf` or `toString` key: legal JSON, but
 * fast-deep-equal reads those properties as methods, so such trees are compared by `safeEqual` instead.
 */
const HAZARD = new WeakSet<object>();

/** Marks a value the library built itself and is about to freeze (once per value, before the freeze). */
export function own<T extends object>(value: T): T {
  return new Owned(value) as unknown as T;
}

/** True when the library built and froze `value` itself. */
export function isOwned(value: unknown): boolean {
  return typeof value === "object" && value !== null && Owned.has(value);
}

/** Marks an owned value as needing the careful comparison. */
export function markHazard(value: object): void {
  HAZARD.add(value);
}

/** True when `value` (owned) holds a key that fast-deep-equal would misread. */
export function isHazard(value: unknown): boolean {
  return typeof value === "object" && value !== null && HAZARD.has(value);
}

/** Mutable state of one walk. */
export interface Walk {
  /** The path of the walk's root, already formatted (`metadata.pending.data`). */
  readonly prefix: string;
  /** The path of the value being read, as segments; formatted only when an error is raised. */
  readonly stack: Segment[];
  /** Objects and arrays on the way down, for cycle detection. */
  readonly ancestors: object[];
  /** Set when the subtree just copied holds a hazardous key. */
  hazard: boolean;
}

export function newWalk(prefix: string): Walk {
  return { prefix, stack: [], ancestors: [], hazard: false };
}

/** Raises a ValidationError at the walk's current path. */
export function fail(code: ValidationErrorCode, walk: Pick<Walk, "prefix" | "stack">, problem: string, fix: string, cause?: unknown): never {
  const path = formatPath(walk.stack, walk.prefix);
  throw new ValidationError(code, `${problem} ${where(path)}. ${fix}`, cause === undefined ? { path } : { path, cause });
}

const JSON_FIX = "Metadata and data hold JSON values only: plain objects, arrays, strings, finite numbers, booleans and null.";

/** A short description of a value that is not JSON data, for error messages (never its contents). */
export function describeNonJson(value: unknown): string {
  switch (typeof value) {
    case "bigint":
      return "a bigint";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "undefined":
      return "undefined";
    case "number":
      return Number.isNaN(value) ? "NaN" : `${value}`;
  }
  try {
    return describeObject(value);
  } catch {
    return "an object that cannot be inspected"; // a Proxy whose traps throw
  }
}

function describeObject(value: unknown): string {
  if (value instanceof Date) return "a Date";
  if (value instanceof Map) return "a Map";
  if (value instanceof Set) return "a Set";
  if (value instanceof Promise) return "a Promise";
  if (value instanceof Error) return "an Error";
  if (value instanceof RegExp) return "a RegExp";
  if (ArrayBuffer.isView(value)) return `a ${(value as object).constructor?.name ?? "typed array"}`;
  if (value instanceof ArrayBuffer) return "an ArrayBuffer";
  const name = safeConstructorName(value);
  return name ? `an instance of ${name}` : "an object that is not a plain object";
}

function safeConstructorName(value: unknown): string | undefined {
  try {
    const proto = Object.getPrototypeOf(value);
    const ctor = proto && Object.prototype.hasOwnProperty.call(proto, "constructor") ? proto.constructor : undefined;
    return typeof ctor === "function" && typeof ctor.name === "string" && ctor.name !== "" ? ctor.name : undefined;
  } catch {
    return undefined;
  }
}

function fixFor(value: unknown): string {
  try {
    return fixForValue(value);
  } catch {
    return JSON_FIX;
  }
}

function fixForValue(value: unknown): string {
  if (value instanceof Date) return "Store a string instead, such as date.toISOString().";
  if (value instanceof Map) return "Store a plain object instead, such as Object.fromEntries(map).";
  if (value instanceof Set) return "Store an array instead, such as [...set].";
  if (typeof value === "bigint") return "Store a string or a number instead.";
  if (typeof value === "number") return "JSON has no NaN or Infinity: store null or a string instead.";
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return "Put binary data in a ContentPart, not in metadata.";
  if (value instanceof Error) return "Store the parts you need, such as { name, message }.";
  return JSON_FIX;
}

function notJson(walk: Walk, value: unknown): never {
  return fail("not-json", walk, `${describeNonJson(value)} is not JSON data`, fixFor(value));
}

function threw(walk: Walk, what: string, error: unknown): never {
  return fail("not-json", walk, `${what} threw (${thrownMessage(error)})`, "Pass plain data: a getter or a Proxy that throws cannot be read as JSON.", error);
}

/**
 * Validates `value` as JSON data and returns a deep-frozen copy owned by the library (or `value` itself
 * when the library already owns it). `depth` counts the objects and arrays above `value`.
 */
export function copyJson(value: unknown, walk: Walk, depth: number): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (value - value === 0) return value; // finite
      return notJson(walk, value);
    case "object":
      if (value === null) return null;
      break;
    default:
      return notJson(walk, value);
  }
  const obj = value as object;
  if (Owned.has(obj)) {
    if (HAZARD.has(obj)) walk.hazard = true;
    return obj;
  }
  if (depth >= MAX_DEPTH) {
    return fail("too-deep", walk, `nesting deeper than ${MAX_DEPTH} objects and arrays`, "Flatten the data: JSON values here may nest at most 1000 levels.");
  }
  const ancestors = walk.ancestors;
  for (let i = 0; i < ancestors.length; i++) {
    if (ancestors[i] === obj) {
      return fail("cycle", walk, "a cycle (this object contains itself)", "JSON data is a tree: remove the back reference.");
    }
  }
  let isArray: boolean;
  let proto: unknown;
  try {
    isArray = Array.isArray(obj);
    proto = isArray ? undefined : Object.getPrototypeOf(obj);
  } catch (e) {
    return threw(walk, "reading this object", e);
  }
  ancestors.push(obj);
  const stack = walk.stack;
  const outerHazard = walk.hazard;
  walk.hazard = false;
  let out: object;
  if (isArray) {
    const arr = obj as unknown[];
    let n: number;
    try {
      n = arr.length;
    } catch (e) {
      return threw(walk, "reading the length of this array", e);
    }
    const copy = new Array(n);
    for (let i = 0; i < n; i++) {
      stack.push(i);
      let v: unknown;
      try {
        v = arr[i];
      } catch (e) {
        return threw(walk, "reading this entry", e);
      }
      if (v === undefined) {
        let hole: boolean;
        try {
          hole = !(i in arr);
        } catch (e) {
          return threw(walk, "reading this entry", e);
        }
        return fail(
          "not-json",
          walk,
          hole ? "an array hole (a sparse array)" : "an undefined array entry",
          "JSON arrays cannot hold undefined: use null, or remove the entry.",
        );
      }
      copy[i] = copyJson(v, walk, depth + 1);
      stack.pop();
    }
    out = copy;
  } else {
    if (proto !== Object.prototype && proto !== null) return notJson(walk, obj);
    let keys: string[];
    try {
      keys = Object.keys(obj);
      const symbols = Object.getOwnPropertySymbols(obj);
      for (const s of symbols) {
        if (Object.prototype.propertyIsEnumerable.call(obj, s)) {
          return fail("not-json", walk, `a symbol key (${String(s)})`, "JSON objects have string keys only: use a string key.");
        }
      }
    } catch (e) {
      if (e instanceof ValidationError) throw e;
      return threw(walk, "listing the keys of this object", e);
    }
    const copy: Record<string, unknown> = {};
    let hazard = false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      stack.push(key);
      let v: unknown;
      try {
        v = (obj as Record<string, unknown>)[key];
      } catch (e) {
        return threw(walk, "reading this property", e);
      }
      if (v !== undefined) {
        const c = copyJson(v, walk, depth + 1);
        if (key === "__proto__") Object.defineProperty(copy, key, { value: c, enumerable: true, writable: true, configurable: true });
        else copy[key] = c;
        if (key === "constructor" || key === "valueOf" || key === "toString") hazard = true;
      }
      stack.pop();
    }
    if (hazard) walk.hazard = true;
    out = copy;
  }
  ancestors.pop();
  Object.freeze(own(out));
  if (walk.hazard) HAZARD.add(out);
  walk.hazard = walk.hazard || outerHazard;
  return out;
}

/** Reads a JSON object (`Request.data`, `Answer.data`): a plain object, deep-frozen and owned. */
export function copyJsonObject(value: unknown, prefix: string, what: string): Readonly<Record<string, unknown>> {
  const walk = newWalk(prefix);
  if (typeof value !== "object" || value === null || typeName(value) === "an array") {
    return fail("invalid-type", walk, `${what} must be a JSON object, got ${typeName(value)}`, "Pass a plain object such as { key: \"value\" }.");
  }
  // The root is depth -1, as for metadata: MAX_DEPTH objects and arrays may nest below it.
  return copyJson(value, walk, -1) as Readonly<Record<string, unknown>>;
}

/** `a string`, `an array`, `null`... for error messages. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  try {
    if (Array.isArray(value)) return "an array";
  } catch {
    return "a revoked Proxy";
  }
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "undefined":
      return "undefined";
    case "object":
      return describeNonJson(value) === "an object that is not a plain object" ? "an object" : plainOr(value);
    default:
      return describeNonJson(value);
  }
}

function plainOr(value: object): string {
  try {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return "an object";
  } catch {
    return "an object";
  }
  return describeNonJson(value);
}

/**
 * Structural equality of two owned JSON trees: key order ignored, shared subtrees compared by reference.
 * fast-deep-equal does the work unless a tree holds a key it would misread.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (HAZARD.has(a) || HAZARD.has(b)) return safeEqual(a, b);
  return fastDeepEqual(a, b);
}

/** The careful twin of fast-deep-equal: own keys only, and toolnexus values by their own `equals`. */
export function safeEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const eq = (a as { equals?: unknown }).equals;
  if (Object.getPrototypeOf(a) !== Object.prototype && Object.getPrototypeOf(a) !== Array.prototype && typeof eq === "function") {
    return (eq as (o: unknown) => boolean).call(a, b);
  }
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!safeEqual(a[i], bb[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!safeEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
