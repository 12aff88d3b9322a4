/**
 * Stand-ins that let a test runner's own printer (which ignores snapshot serializers) show toolnexus values
 * without their part data: a copy of a value in which every toolnexus value is replaced by a plain object of
 * the same class name holding its display fields, and every payload by a stand-in that prints as its size and
 * digest. A stand-in remembers the value it stands for, so that the equality testers and the matchers judge it
 * as that value.
 *
 * @module
 */
import { classLabel, displayFields, toolnexusType } from "./render";

const standInClasses = new Map<string, { prototype: object }>();

/** The value each display stand-in stands for. */
const originals = new WeakMap<object, object>();

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

/** Reads a property, or `undefined` when reading it throws (a hostile Proxy or getter). */
function read(value: object, key: PropertyKey): unknown {
  try {
    return Reflect.get(value, key);
  } catch {
    return undefined;
  }
}

/**
 * A function that turns values into their display copies, {@link toDisplay} style, sharing one memory across
 * its calls: the same value always gives the same copy, so that a matcher run again on the copies sees the
 * same identities (`toBe`, `toContain`) as it saw on the values.
 *
 * @example
 * ```ts
 * const display = displayer();
 * display(received) === display(received); // true
 * ```
 */
export function displayer(): (value: unknown) => unknown {
  const seen = new Map<object, Copy>();
  return (value) => (containsToolnexus(value) ? walk(value, seen) : value);
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
  return displayer()(value);
}

/**
 * The toolnexus value a display stand-in stands for, or `value` itself when it is not a stand-in.
 *
 * @example
 * ```ts
 * originalOf(toDisplay(result)) === result; // true
 * ```
 */
export function originalOf(value: unknown): unknown {
  return typeof value === "object" && value !== null ? (originals.get(value) ?? value) : value;
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
      else if (isWalkable(v)) for (const k of Reflect.ownKeys(v)) if (Object.prototype.propertyIsEnumerable.call(v, k)) stack.push(read(v, k));
    } catch {
      // a hostile Proxy or getter: what could not be read cannot be printed with a payload either
    }
  }
  return false;
}

/** The record a mock function keeps of its calls, as Jest's `jest.fn()` and Vitest's `vi.fn()` both name it. */
const MOCK_STATE_KEYS = ["calls", "results", "settledResults", "lastCall", "instances", "contexts", "invocationCallOrder"] as const;

/**
 * True for a mock function of Jest or Vitest (`jest.fn()`, `vi.fn()`, a spy), which marks itself so.
 *
 * @example
 * ```ts
 * isMockFunction(jest.fn()); // true
 * ```
 */
export function isMockFunction(value: unknown): value is ((...args: unknown[]) => unknown) & { mock: object; getMockName(): string } {
  if (typeof value !== "function") return false;
  return read(value, "_isMockFunction") === true && typeof read(value, "mock") === "object" && read(value, "mock") !== null && typeof read(value, "getMockName") === "function";
}

/**
 * What a mock function recorded of its calls and returns (its `calls`, `results`, `settledResults` and
 * `lastCall`), the values that the mock matchers print.
 *
 * @example
 * ```ts
 * containsToolnexus(mockRecord(onResult)); // true once it was called with a result
 * ```
 */
export function mockRecord(mock: { mock: object }): unknown[] {
  const state = mock.mock;
  return [read(state, "calls"), read(state, "results"), read(state, "settledResults"), read(state, "lastCall")];
}

/**
 * A stand-in for a mock function that the mock matchers (`toHaveBeenCalledWith` and the others) accept as a
 * mock: it has the mock's name, and what the mock recorded, through `display`. Calling it does nothing.
 *
 * @example
 * ```ts
 * original.call(this, displayMock(received, displayer()), ...expected);
 * ```
 */
export function displayMock(mock: { mock: object; getMockName(): string }, display: (value: unknown) => unknown): () => void {
  const state: Record<string, unknown> = {};
  for (const key of MOCK_STATE_KEYS) {
    const v = read(mock.mock, key);
    if (v !== undefined) state[key] = key === "instances" || key === "contexts" || key === "invocationCallOrder" ? v : display(v);
  }
  const name = mock.getMockName();
  const stand = function mockStandIn(): void {};
  Object.defineProperties(stand, {
    _isMockFunction: { value: true },
    mock: { value: state },
    getMockName: { value: () => name },
  });
  return stand;
}

function walk(value: unknown, seen: Map<object, Copy>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) {
    known.shared = true;
    return known.copy;
  }
  const type = toolnexusType(value);
  if (type !== undefined) {
    const out: Record<string, unknown> = {};
    Object.setPrototypeOf(out, standInPrototype(classLabel(value, type)));
    seen.set(value, { copy: out, shared: false });
    originals.set(out, value);
    for (const [k, v] of displayFields(value, type)) out[k] = walk(v, seen);
    return out;
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

/**
 * Walks the entries of a container (`items`, read from it beforehand, in order) into their display copies, in
 * place. `copy`, the container's empty copy, is registered first, so that a cycle can point at it. True when the
 * copy must be filled from `items` and used (an entry changed, or a cycle took the copy); false when the
 * container is kept as it is (the same reference), and forgotten.
 */
function walkItems(value: object, copy: object, items: unknown[], seen: Map<object, Copy>): boolean {
  const entry: Copy = { copy, shared: false };
  seen.set(value, entry);
  let changed = false;
  for (let n = 0; n < items.length; n++) {
    const v = items[n];
    items[n] = walk(v, seen);
    if (items[n] !== v) changed = true;
  }
  if (changed || entry.shared) return true;
  seen.delete(value);
  return false;
}

function walkArray(value: unknown[], seen: Map<object, Copy>): unknown {
  const copy = new Array<unknown>(value.length);
  // A hole stays a hole: only the indices the array has are walked and written.
  const at: number[] = [];
  const items: unknown[] = [];
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) continue;
    at.push(i);
    items.push(value[i]);
  }
  if (!walkItems(value, copy, items, seen)) return value;
  for (let n = 0; n < at.length; n++) copy[at[n]] = items[n];
  return copy;
}

function walkMap(value: Map<unknown, unknown>, seen: Map<object, Copy>): unknown {
  const copy = new Map<unknown, unknown>();
  // A key is a value too: keys and values alternate in the items.
  const items: unknown[] = [];
  for (const [k, v] of value) items.push(k, v);
  if (!walkItems(value, copy, items, seen)) return value;
  for (let n = 0; n < items.length; n += 2) copy.set(items[n], items[n + 1]);
  return copy;
}

function walkSet(value: Set<unknown>, seen: Map<object, Copy>): unknown {
  const copy = new Set<unknown>();
  const items = [...value];
  if (!walkItems(value, copy, items, seen)) return value;
  for (const v of items) copy.add(v);
  return copy;
}

function walkObject(value: object, seen: Map<object, Copy>): unknown {
  let keys: (string | symbol)[];
  let proto: unknown;
  const items: unknown[] = [];
  try {
    keys = Reflect.ownKeys(value).filter((k) => Object.prototype.propertyIsEnumerable.call(value, k));
    proto = Object.getPrototypeOf(value);
    for (const k of keys) items.push(Reflect.get(value, k));
  } catch {
    return value; // a hostile Proxy or getter: leave it to Jest
  }
  const copy = {};
  Object.setPrototypeOf(copy, typeof proto === "object" ? proto : null);
  if (!walkItems(value, copy, items, seen)) return value;
  for (let n = 0; n < keys.length; n++) Object.defineProperty(copy, keys[n], { value: items[n], enumerable: true, writable: true, configurable: true });
  return copy;
}
