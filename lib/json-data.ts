// JSON data: the rules for `metadata`, `Request.data`, `Answer.data` and `ToolResult.json`.
//
// `copyJson` validates a caller's value and returns a deep-frozen copy that the library owns. The caller's
// objects are read (each property once) and never changed or frozen. Objects the library built itself are
// recognised by a private field and shared, not copied again.
import fastDeepEqual from "fast-deep-equal";
import { raise, thrownMessage, type ValidationErrorCode } from "./errors";
import { isOwned, markOwned } from "./marks";
import { formatPath, type Segment } from "./path";

/** How many objects and arrays may nest below the root of a JSON value (`metadata`, `data`). */
export const MAX_DEPTH = 1000;

const getPrototype = Object.getPrototypeOf;
const objectPrototype = Object.prototype;

/**
 * Owned subtrees holding an object with an own `constructor`, `valueOf` or `toString` key (and Requests whose
 * data does): legal JSON, but fast-deep-equal reads those properties as methods, so `jsonEqual` compares
 * these objects itself.
 */
const HAZARD = new WeakSet();

/** Marks an owned value (a Request in metadata) as holding a key that fast-deep-equal would misread. */
export function markHazard(value: object): void {
  HAZARD.add(value);
}

/** True when `value` (owned) holds a key that fast-deep-equal would misread. */
export function isHazard(value: unknown): boolean {
  return HAZARD.has(value as object); // false for anything that is not an object
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
  // The problem opens the sentence: "An instance of Map is not JSON data at metadata.a. Store ... instead."
  return raise(code, formatPath(walk.stack, walk.prefix), problem[0].toUpperCase() + problem.slice(1), fix, cause);
}

/** True for an object that is not an array and whose prototype is Object.prototype or null; false when reading it throws. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  try {
    return typeof value === "object" && value !== null && !Array.isArray(value) && isPlainPrototype(getPrototype(value));
  } catch {
    return false;
  }
}

function isPlainPrototype(proto: unknown): boolean {
  return proto === objectPrototype || proto === null;
}

/** What to store instead of a value that is not JSON data, when nothing more specific applies. */
const JSON_VALUES = "plain objects, arrays, strings, finite numbers, booleans or null";

/** Objects that are not JSON data but have an obvious JSON form: what to store instead. */
const INSTEAD: ReadonlyArray<readonly [Function, string]> = [
  [Date, "date.toISOString()"],
  [Map, "Object.fromEntries(map)"],
  [Set, "[...set]"],
  [Error, "{ name, message }"],
];

/** What a value that is not JSON data is (never its contents), and what to store instead. Never throws. */
function diagnose(value: unknown): readonly [what: string, instead: string] {
  if (typeof value === "number") return [`${value}`, "null or a string"]; // NaN, Infinity, -Infinity
  if (typeof value === "bigint") return ["a bigint", "a string or a number"];
  if (typeof value !== "object") return [typeName(value), JSON_VALUES]; // undefined, a function, a symbol
  try {
    // The name of the class whose prototype this is, when that prototype names its own constructor.
    const proto = getPrototype(value);
    const ctor: unknown = proto && Object.hasOwn(proto, "constructor") ? proto.constructor : undefined;
    const name: unknown = typeof ctor === "function" ? ctor.name : "";
    let instead = value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? "the bytes in a ContentPart" : JSON_VALUES;
    for (const [cls, fix] of INSTEAD) if (value instanceof cls) instead = fix;
    return [name ? `an instance of ${name}` : "an object that is not a plain object", instead];
  } catch {
    return ["an object that cannot be inspected", JSON_VALUES]; // a Proxy whose traps throw
  }
}

/** `a string`, `an array`, `null`, `an instance of Date`... for error messages, never the value's contents. Never throws. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  try {
    if (Array.isArray(value)) return "an array";
  } catch {
    return "a revoked Proxy";
  }
  const type = typeof value;
  if (type === "undefined") return type;
  if (type !== "object") return `a ${type}`; // a string, a number, a boolean, a bigint, a function, a symbol
  return isPlainObject(value) ? "an object" : diagnose(value)[0];
}

function notJson(walk: Walk, value: unknown): never {
  const [what, instead] = diagnose(value);
  return fail("not-json", walk, `${what} is not JSON data`, `Store ${instead} instead.`);
}

function threw(walk: Walk, error: unknown): never {
  return fail("not-json", walk, `a getter or a Proxy trap threw (${thrownMessage(error)})`, "Pass plain data.", error);
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
  const obj = value;
  if (isOwned(obj)) {
    if (HAZARD.has(obj)) walk.hazard = true;
    return obj;
  }
  if (depth >= MAX_DEPTH) {
    return fail("too-deep", walk, `nesting deeper than ${MAX_DEPTH} levels`, "Flatten the data.");
  }
  if (walk.ancestors.includes(obj)) {
    return fail("cycle", walk, "a cycle (this object contains itself)", "Remove the back reference.");
  }
  let isArray: boolean;
  let plain: boolean;
  try {
    isArray = Array.isArray(obj);
    plain = isArray || isPlainPrototype(getPrototype(obj));
  } catch (e) {
    return threw(walk, e);
  }
  if (!plain) return notJson(walk, obj);
  const outerHazard = walk.hazard;
  walk.hazard = false;
  const out = isArray ? copyArray(obj as unknown[], walk, depth) : copyObject(obj, walk, depth, {});
  walk.hazard ||= outerHazard;
  return out;
}

function copyArray(source: unknown[], walk: Walk, depth: number): unknown[] {
  const { stack } = walk;
  let length: unknown;
  try {
    length = source.length;
  } catch (e) {
    return threw(walk, e);
  }
  // Only a Proxy can lie about its length.
  if (typeof length !== "number" || length !== length >>> 0) return fail("not-json", walk, "an array with an invalid length", "Pass a plain array.");
  const copy: unknown[] = new Array(length);
  walk.ancestors.push(source);
  for (let i = 0; i < length; i++) {
    stack.push(i);
    let v: unknown;
    try {
      // An own entry only: a hole must not pick up Object.prototype[i] or Array.prototype[i].
      v = Object.hasOwn(source, i) ? source[i] : undefined;
    } catch (e) {
      return threw(walk, e);
    }
    if (v === undefined) {
      fail("not-json", walk, "undefined (or a hole in a sparse array) is not JSON data", "Use null, or remove the entry.");
    }
    copy[i] = copyJson(v, walk, depth + 1);
    stack.pop();
  }
  return seal(copy, walk);
}

/**
 * Copies the own enumerable properties of a plain object (each read once, `undefined` ones dropped) into
 * `out`, then stamps and freezes it. The caller checked the prototype. `depth` counts the objects and arrays
 * above `source`. When `pending` is given (metadata's root), it reads the value of the `pending` key.
 */
export function copyObject<T extends Record<string, unknown>>(
  source: object,
  walk: Walk,
  depth: number,
  out: T,
  pending?: (value: unknown, walk: Walk) => unknown,
): T {
  const { stack } = walk;
  let keys: string[];
  let symbol: symbol | undefined;
  try {
    keys = Object.keys(source);
    for (const s of Object.getOwnPropertySymbols(source)) if (objectPrototype.propertyIsEnumerable.call(source, s)) symbol = s;
  } catch (e) {
    return threw(walk, e);
  }
  if (symbol !== undefined) fail("not-json", walk, `a symbol key (${String(symbol)}) is not JSON data`, "Use a string key.");
  walk.ancestors.push(source);
  for (const key of keys) {
    stack.push(key);
    let v: unknown;
    try {
      v = (source as Record<string, unknown>)[key]; // read once: a getter may answer differently each time
    } catch (e) {
      return threw(walk, e);
    }
    if (v !== undefined) {
      const c = pending !== undefined && key === "pending" ? pending(v, walk) : copyJson(v, walk, depth + 1);
      // `__proto__` is data: assigning it would set the copy's prototype instead (read-only is fine: frozen next).
      if (key === "__proto__") Object.defineProperty(out, key, { value: c, enumerable: true });
      else (out as Record<string, unknown>)[key] = c;
      if (key === "constructor" || key === "valueOf" || key === "toString") walk.hazard = true;
    }
    stack.pop();
  }
  return seal(out, walk);
}

/** Ends the copy of a container: stamps and freezes it, and remembers whether it holds a hazardous key. */
function seal<T extends object>(copy: T, walk: Walk): T {
  walk.ancestors.pop();
  if (walk.hazard) HAZARD.add(copy);
  return Object.freeze(markOwned(copy));
}

/** Reads a JSON object (`Request.data`, `Answer.data`): a plain object, deep-frozen and owned. */
export function copyJsonObject(value: unknown, prefix: string, what: string): Readonly<Record<string, unknown>> {
  const walk = newWalk(prefix);
  const kind = typeName(value);
  if (typeof value !== "object" || value === null || kind === "an array") {
    return fail("invalid-type", walk, `${what} must be a JSON object, got ${kind}`, "Pass a plain object.");
  }
  // The root is depth -1, as for metadata: MAX_DEPTH objects and arrays may nest below it.
  return copyJson(value, walk, -1) as Readonly<Record<string, unknown>>;
}

/**
 * Structural equality of two owned JSON trees: key order ignored, shared subtrees compared by reference.
 * fast-deep-equal does the work, except on the objects marked `HAZARD`: those that hold a key it would
 * misread, and metadata roots holding a Request of a subclass. Those are compared here by their own keys,
 * and a Request (metadata's `pending`, the only value in an owned tree that is not plain data) by `nested`,
 * which compares fields whatever the class (the wire cannot say which subclass a nested request was).
 * Without `nested`, a Request compares by its own `equals`.
 */
export function jsonEqual(a: unknown, b: unknown, nested?: (a: object, b: object) => boolean): boolean {
  if (!isHazard(a) && !isHazard(b)) return fastDeepEqual(a, b);
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const proto = getPrototype(a);
  const other = getPrototype(b);
  const plain = proto === objectPrototype || proto === Array.prototype;
  if (plain !== (other === objectPrototype || other === Array.prototype)) return false;
  if (!plain) return nested ? nested(a, b) : proto === other && (a as { equals(o: unknown): boolean }).equals(b);
  if (proto !== other) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  // A plain loop: a closure (keys.every) costs a third more here.
  for (const k of keys) if (!Object.hasOwn(b, k) || !jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], nested)) return false;
  return true;
}
