// JSON data: the rules for `metadata`, `Request.data`, `Answer.data` and `ToolResult.json`.
//
// `copyJson` validates a caller's value and returns a deep-frozen copy that the library owns. The caller's
// objects are read (each property once) and never changed or frozen. Objects the library built itself are
// recognised by a private field and shared, not copied again.
//
// Work bounded by the JSON (docs/trust.md, "Guarantees, and every limit"): a walk counts values as the JSON text
// would repeat them, so an object met in several places (a DAG) counts at each place, and a walk that passes
// MAX_VALUES stops there. Every owned object or array carries its size (the values below it, and how deep it
// nests) in its private mark: a shared subtree adds its size without being walked again.
import fastDeepEqual from "fast-deep-equal";
import { raise, thrownMessage, type ValidationErrorCode } from "./errors";
import { jsonSizeOf, markJson } from "./marks";
import { formatPath, type Segment } from "./path";

/** How many objects and arrays may nest below the root of a JSON value (`metadata`, `data`). */
export const MAX_DEPTH = 1000;

/**
 * How many values (objects, arrays, strings, numbers, booleans, `null`) a JSON value may hold below its root,
 * counted as its JSON text would repeat them: an object met in two places counts twice.
 */
export const MAX_VALUES = 1_000_000;

/**
 * A size, as the private mark of an owned object or array holds it: the values below it (at most
 * MAX_VALUES) times HEIGHTS, plus its height (how many objects and arrays nest below it, at most MAX_DEPTH).
 * Both fit a small integer (under 2^30), which V8 stores inline.
 */
const HEIGHTS = 1024;

/** The values below an owned object or array (as its JSON text repeats them); 0 for anything else. */
export function ownedCount(value: unknown): number {
  const size = jsonSizeOf(value);
  return size < 0 ? 0 : Math.floor(size / HEIGHTS);
}

/**
 * After this many values, a walk remembers each of the caller's objects it has copied, and meets one again
 * as a shared subtree (its copy, with its size) rather than walking it again: a DAG of depth 60 is refused
 * after a few hundred thousand steps, not 2^60. Below it (every value of ordinary size) the walk keeps no
 * map, and the copy repeats the object at each place as its JSON text does.
 */
const SHARE_AFTER = 1 << 16;

const getPrototype = Object.getPrototypeOf;
const objectPrototype = Object.prototype;

/**
 * Owned subtrees holding an object with an own `constructor`, `valueOf` or `toString` key (and Requests whose
 * data does): legal JSON, but fast-deep-equal reads those properties as methods, so `jsonEqual` compares
 * these objects itself.
 */
// `has` of a WeakSet answers false for a value that is not an object (typed so, to be asked of any value).
const HAZARD: { has(value: unknown): boolean; add(value: object): unknown } = new WeakSet();

/** Marks an owned value (a Request in metadata) as holding a key that fast-deep-equal would misread. */
export function markHazard(value: object): void {
  HAZARD.add(value);
}

/** True when `value` (owned) holds a key that fast-deep-equal would misread. */
export function isHazard(value: unknown): boolean {
  return HAZARD.has(value); // false for anything that is not an object
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
  /** The values counted below the walk's root so far, as the JSON text repeats them (at most MAX_VALUES). */
  count: number;
  /** The depth of the deepest object or array met in the subtree being copied (its height, once its own depth is taken off). */
  deepest: number;
  /** The caller's objects already copied, and their copies: kept once the count passes SHARE_AFTER. */
  copies: Map<object, object> | undefined;
}

export function newWalk(prefix: string): Walk {
  return { prefix, stack: [], ancestors: [], hazard: false, count: 0, deepest: 0, copies: undefined };
}

/** Counts one value below the root, at the walk's current path: `too-large` past MAX_VALUES. */
function countOne(walk: Walk): void {
  if (++walk.count > MAX_VALUES) tooLarge(walk);
}

/**
 * Counts `n` more values at the walk's current path (a shared subtree, a Request under `pending`):
 * `too-large` past MAX_VALUES.
 */
export function countMore(walk: Walk, n: number): void {
  walk.count += n;
  if (walk.count > MAX_VALUES) tooLarge(walk);
}

function tooLarge(walk: Walk): never {
  return fail(
    "too-large",
    walk,
    `more than ${MAX_VALUES.toLocaleString("en-US")} values (counted as the JSON text repeats them: an object met in several places counts at each)`,
    "Store less data, or store a shared part once and refer to it by a key.",
  );
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

/** The Object.prototype of other realms met so far (a `node:vm` context, an iframe), once recognised. */
const REALM_PROTOTYPES = new WeakSet();
/** A function's text, as Function.prototype.toString gives it (a function's own `toString` is not called). */
const sourceOf = (f: object): string => Function.prototype.toString.call(f);
/** What Function.prototype.toString gives for a realm's own `Object` and nothing else (no source text can spell it). */
let nativeObject: string | undefined;
/** How this realm prints its own `Object` (read on first use: importing the module runs no code). */
const nativeObjectSource = (): string => (nativeObject ??= sourceOf(Object));

/**
 * True for the prototype of a plain object: `null`, or some realm's Object.prototype (docs/trust.md,
 * "Guarantees, and every limit"). Another realm's is told by what only it has: its own `constructor` data property is that
 * realm's built-in `Object` (Function.prototype.toString answers `function Object() { [native code] }`, which
 * no function written in source text, bound function or Proxy answers), whose `prototype` (a property nothing
 * can change) is this very object. It runs no code of the caller's but a Proxy trap (whose throw the caller
 * of this function handles), and remembers each realm's prototype once recognised.
 */
function isPlainPrototype(proto: unknown): boolean {
  if (proto === objectPrototype || proto === null) return true;
  if (typeof proto !== "object") return false;
  if (REALM_PROTOTYPES.has(proto)) return true;
  const ctor: unknown = Object.getOwnPropertyDescriptor(proto, "constructor")?.value;
  if (typeof ctor !== "function" || sourceOf(ctor) !== nativeObjectSource()) return false;
  if (Object.getOwnPropertyDescriptor(ctor, "prototype")?.value !== proto) return false;
  REALM_PROTOTYPES.add(proto);
  return true;
}

/** What to store instead of a value that is not JSON data, when nothing more specific applies. */
const JSON_VALUES = "plain objects, arrays, strings, finite numbers, booleans or null";

/** Objects that are not JSON data but have an obvious JSON form: what to store instead. */
const INSTEAD: ReadonlyArray<readonly [abstract new (...args: never[]) => unknown, string]> = [
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
    const proto: unknown = getPrototype(value);
    const ctor: unknown = typeof proto === "object" && proto !== null && Object.hasOwn(proto, "constructor") ? proto.constructor : undefined;
    const name: unknown = typeof ctor === "function" ? ctor.name : "";
    let instead = value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? "the bytes in a ContentPart" : JSON_VALUES;
    for (const [cls, fix] of INSTEAD) if (value instanceof cls) instead = fix;
    return [typeof name === "string" && name !== "" ? `an instance of ${name}` : "an object that is not a plain object", instead];
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
 * when the library already owns it). `depth` counts the objects and arrays above `value`. The caller counted
 * `value` itself (see {@link countMore}); this counts what lies below it.
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
  const size = jsonSizeOf(obj);
  if (size >= 0) return shared(obj, size, walk, depth);
  if (walk.copies !== undefined) {
    const copy = walk.copies.get(obj);
    if (copy !== undefined) return shared(copy, jsonSizeOf(copy), walk, depth);
  }
  if (depth >= MAX_DEPTH) return deep(walk);
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
  if (walk.count > SHARE_AFTER) (walk.copies ??= new Map()).set(obj, out);
  return out;
}

/** An owned object or array met again (the library's, or a copy made earlier in this walk): counted by its size, never walked. */
function shared(obj: object, size: number, walk: Walk, depth: number): object {
  const deepest = depth + (size % HEIGHTS);
  if (deepest >= MAX_DEPTH) return deep(walk);
  if (deepest > walk.deepest) walk.deepest = deepest;
  countMore(walk, Math.floor(size / HEIGHTS));
  if (HAZARD.has(obj)) walk.hazard = true;
  return obj;
}

function deep(walk: Walk): never {
  return fail("too-deep", walk, `nesting deeper than ${MAX_DEPTH} levels`, "Flatten the data.");
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
  const start = walk.count;
  const outerDeepest = walk.deepest;
  walk.deepest = depth;
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
    countOne(walk);
    copy[i] = copyJson(v, walk, depth + 1);
    stack.pop();
  }
  return seal(copy, walk, start, depth, outerDeepest);
}

/**
 * Copies the own enumerable properties of a plain object (each read once, `undefined` ones dropped) into
 * `out`, then stamps and freezes it. The caller checked the prototype. `depth` counts the objects and arrays
 * above `source`. When `pending` is given (metadata's root), it reads the value of the `pending` key (and
 * counts what lies below it: see {@link countMore}).
 */
export function copyObject<T extends Record<string, unknown>>(
  source: object,
  walk: Walk,
  depth: number,
  out: T,
  pending?: (value: unknown, walk: Walk) => unknown,
): T {
  const { stack } = walk;
  const target: Record<string, unknown> = out;
  let keys: string[];
  let symbol: symbol | undefined;
  try {
    keys = Object.keys(source);
    for (const s of Object.getOwnPropertySymbols(source)) if (objectPrototype.propertyIsEnumerable.call(source, s)) symbol = s;
  } catch (e) {
    return threw(walk, e);
  }
  if (symbol !== undefined) fail("not-json", walk, `a symbol key (${String(symbol)}) is not JSON data`, "Use a string key.");
  const start = walk.count;
  const outerDeepest = walk.deepest;
  walk.deepest = depth;
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
      countOne(walk);
      const c = pending !== undefined && key === "pending" ? pending(v, walk) : copyJson(v, walk, depth + 1);
      // `__proto__` is data: assigning it would set the copy's prototype instead (read-only is fine: frozen next).
      if (key === "__proto__") Object.defineProperty(out, key, { value: c, enumerable: true });
      else target[key] = c;
      if (key === "constructor" || key === "valueOf" || key === "toString") walk.hazard = true;
    }
    stack.pop();
  }
  return seal(out, walk, start, depth, outerDeepest);
}

/**
 * Ends the copy of a container at `depth`, begun when the walk had counted `start` values: stamps it with its
 * size, freezes it, and remembers whether it holds a hazardous key. `outerDeepest` is the enclosing
 * container's deepest depth so far.
 */
function seal<T extends object>(copy: T, walk: Walk, start: number, depth: number, outerDeepest: number): T {
  walk.ancestors.pop();
  if (walk.hazard) HAZARD.add(copy);
  const height = walk.deepest - depth;
  if (outerDeepest > walk.deepest) walk.deepest = outerDeepest;
  return Object.freeze(markJson(copy, (walk.count - start) * HEIGHTS + height));
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
 * Below this size (as the private mark encodes it: under 256 values), a pair of owned subtrees without a
 * hazardous key goes to fast-deep-equal whole: it cannot be large, however it shares.
 */
const SMALL = 256 * HEIGHTS;

/**
 * Structural equality of two owned JSON trees: key order ignored, shared subtrees compared by reference
 * first, and two owned subtrees of different sizes unequal at once (equal JSON has equal sizes). A small tree
 * goes to fast-deep-equal whole. A larger one is compared here, each pair of subtrees once: a pair found
 * equal is remembered (the small ones below it too, which fast-deep-equal compares), so trees that share
 * subtrees (a DAG) cost their distinct objects, never their JSON text.
 * fast-deep-equal never sees the objects marked `HAZARD`: those that hold a key it would misread, and
 * metadata roots holding a Request of a subclass. Those are compared here by their own keys, and a Request
 * (metadata's `pending`, the only value in an owned tree that is not plain data) by `nested`, which compares
 * fields whatever the class (the wire cannot say which subclass a nested request was). Without `nested`, a
 * Request compares by its own `equals`.
 */
export function jsonEqual(a: unknown, b: unknown, nested?: (a: object, b: object) => boolean): boolean {
  if (a === b) return true;
  const size = jsonSizeOf(a);
  if (size >= 0 && size < SMALL && !HAZARD.has(a) && !HAZARD.has(b)) return size === jsonSizeOf(b) && fastDeepEqual(a, b);
  return equalOnce(a, b, nested, new Map());
}

/** {@link jsonEqual} below its fast path; `equal` holds the pairs of large owned subtrees found equal. */
function equalOnce(a: unknown, b: unknown, nested: ((a: object, b: object) => boolean) | undefined, equal: Map<object, unknown>): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false; // JSON has no NaN
  const size = jsonSizeOf(a);
  if (size !== jsonSizeOf(b)) return false;
  if (size >= 0) {
    if (equal.get(a) === b) return true;
    if (size < SMALL && !HAZARD.has(a) && !HAZARD.has(b)) {
      if (!fastDeepEqual(a, b)) return false;
      equal.set(a, b);
      return true;
    }
  }
  const proto: unknown = getPrototype(a);
  const other: unknown = getPrototype(b);
  const plain = proto === objectPrototype || proto === Array.prototype;
  if (plain !== (other === objectPrototype || other === Array.prototype)) return false;
  if (!plain) return nested ? nested(a, b) : proto === other && (a as { equals(o: unknown): boolean }).equals(b);
  if (proto !== other) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  // A plain loop: a closure (keys.every) costs a third more here.
  for (const k of keys) if (!Object.hasOwn(b, k) || !equalOnce((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], nested, equal)) return false;
  if (size >= 0) equal.set(a, b);
  return true;
}


/**
 * A fresh, unfrozen copy of the JSON data `value`, checked by the metadata rules (a ValidationError at
 * `prefix` and below for what is not JSON data, a cycle, too deep or too large): what a bridge or a projection
 * hands to another SDK, which may write into it. Nothing in it is shared with `value`, with the library's own
 * frozen data, or with another call's copy; a subtree met in several places is copied at each, as
 * `JSON.parse(JSON.stringify(value))` would, and the walk is bounded as {@link copyJson}'s is. `__proto__` stays
 * an ordinary key. The one walker of the core: the copy is made from {@link copyJson}'s checked tree.
 *
 * @example
 * ```ts
 * const data = freshJson(request.data, "data"); // an unfrozen copy the SDK may mutate
 * ```
 */
export function freshJson<T>(value: T, prefix = ""): T {
  // The copy is of `value` itself, checked: the same JSON type it was given.
  return thaw(copyJson(value, newWalk(prefix), -1)) as T;
}

/** An unfrozen copy of a checked JSON tree (plain objects and arrays only, at most MAX_DEPTH deep, at most MAX_VALUES values). */
function thaw(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(thaw);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "__proto__") Object.defineProperty(out, k, { value: thaw(v), enumerable: true, writable: true, configurable: true });
    else out[k] = thaw(v);
  }
  return out;
}
