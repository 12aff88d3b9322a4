/**
 * Stand-ins that let Jest's own printer (which ignores snapshot serializers) show toolnexus values without
 * their part data: a copy of a value in which every toolnexus value is replaced by a plain object of the
 * same class name holding its display fields, and every payload by a stand-in that prints as its size and
 * digest.
 *
 * @module
 */
import { classLabel, displayFields, toolnexusType } from "./render";

const standInClasses = new Map<string, { prototype: object }>();

/** The prototype of a stand-in: one per class name, so that Jest prints `SearchResult { ... }`. */
function standInPrototype(name: string): object {
  let ctor = standInClasses.get(name);
  if (ctor === undefined) {
    ctor = { [name]: function () {} }[name];
    standInClasses.set(name, ctor);
  }
  return ctor.prototype;
}

interface Copy {
  /** The copy, created before its entries so that a cycle can point at it. */
  readonly copy: object;
  /** True once a cycle has been given the copy: it must then be filled and used. */
  shared: boolean;
}

/**
 * `value` with every toolnexus value inside it (in arrays, plain objects, class instances, Maps and Sets,
 * asymmetric matchers included) replaced by a display stand-in. Containers that hold none are returned as
 * they are (the same reference), so everything else prints exactly as Jest would print it.
 *
 * @example
 * ```ts
 * this.utils.printDiffOrStringify(toDisplay(expected), toDisplay(received), "Expected", "Received", true);
 * ```
 */
export function toDisplay(value: unknown): unknown {
  return containsToolnexus(value) ? walk(value, new Map()) : value;
}

/**
 * True when `value` holds a toolnexus value anywhere inside it (or is one).
 *
 * @example
 * ```ts
 * containsToolnexus([{ r: ToolResult.ok("x") }]); // true
 * ```
 */
export function containsToolnexus(value: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null || seen.has(v)) continue;
    seen.add(v);
    if (toolnexusType(v) !== undefined) return true;
    try {
      if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push(v[i]);
      else if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
      else if (v instanceof Set) for (const x of v) stack.push(x);
      else if (isWalkable(v)) for (const k of Reflect.ownKeys(v)) if (Object.prototype.propertyIsEnumerable.call(v, k)) stack.push((v as Record<string | symbol, unknown>)[k]);
    } catch {
      // a hostile Proxy or getter: what could not be read cannot be printed with a payload either
    }
  }
  return false;
}

function walk(value: unknown, seen: Map<object, Copy>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const type = toolnexusType(value);
  if (type !== undefined) {
    const out = Object.create(standInPrototype(classLabel(value, type))) as Record<string, unknown>;
    for (const [k, v] of displayFields(value, type)) out[k] = walk(v, seen);
    return out;
  }
  const known = seen.get(value);
  if (known !== undefined) {
    known.shared = true;
    return known.copy;
  }
  if (Array.isArray(value)) return walkArray(value, seen);
  if (value instanceof Map) return walkMap(value, seen);
  if (value instanceof Set) return walkSet(value, seen);
  if (!isWalkable(value)) return value;
  return walkObject(value, seen);
}

/** Plain objects and class instances; not dates, errors, typed arrays, buffers, promises or the like. */
function isWalkable(value: object): boolean {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  try {
    return Object.prototype.toString.call(value) === "[object Object]";
  } catch {
    return false;
  }
}

function walkArray(value: unknown[], seen: Map<object, Copy>): unknown {
  const entry: Copy = { copy: new Array(value.length), shared: false };
  seen.set(value, entry);
  let changed = false;
  const items = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) continue;
    items[i] = walk(value[i], seen);
    if (items[i] !== value[i]) changed = true;
  }
  if (!changed && !entry.shared) return value;
  const copy = entry.copy as unknown[];
  for (let i = 0; i < value.length; i++) if (i in value) copy[i] = items[i];
  return copy;
}

function walkMap(value: Map<unknown, unknown>, seen: Map<object, Copy>): unknown {
  const entry: Copy = { copy: new Map(), shared: false };
  seen.set(value, entry);
  let changed = false;
  const rows: [unknown, unknown][] = [];
  for (const [k, v] of value) {
    const k2 = walk(k, seen);
    const v2 = walk(v, seen);
    if (k2 !== k || v2 !== v) changed = true;
    rows.push([k2, v2]);
  }
  if (!changed && !entry.shared) return value;
  const copy = entry.copy as Map<unknown, unknown>;
  for (const [k, v] of rows) copy.set(k, v);
  return copy;
}

function walkSet(value: Set<unknown>, seen: Map<object, Copy>): unknown {
  const entry: Copy = { copy: new Set(), shared: false };
  seen.set(value, entry);
  let changed = false;
  const items: unknown[] = [];
  for (const v of value) {
    const v2 = walk(v, seen);
    if (v2 !== v) changed = true;
    items.push(v2);
  }
  if (!changed && !entry.shared) return value;
  const copy = entry.copy as Set<unknown>;
  for (const v of items) copy.add(v);
  return copy;
}

function walkObject(value: object, seen: Map<object, Copy>): unknown {
  let keys: (string | symbol)[];
  try {
    keys = Reflect.ownKeys(value).filter((k) => Object.prototype.propertyIsEnumerable.call(value, k));
  } catch {
    return value; // a hostile Proxy: leave it to Jest
  }
  const entry: Copy = { copy: Object.create(Object.getPrototypeOf(value) as object | null) as object, shared: false };
  seen.set(value, entry);
  let changed = false;
  const rows: [string | symbol, unknown][] = [];
  for (const k of keys) {
    let v: unknown;
    try {
      v = (value as Record<string | symbol, unknown>)[k];
    } catch {
      return value;
    }
    const v2 = walk(v, seen);
    if (v2 !== v) changed = true;
    rows.push([k, v2]);
  }
  if (!changed && !entry.shared) return value;
  for (const [k, v] of rows) Object.defineProperty(entry.copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  return entry.copy;
}
