// The "construct" vocabulary of fixtures/invalid/: JSON cannot spell a Date, a Map, a cycle, a getter or a
// Proxy, so a fixture describes such a value as a small object `{ "$construct": NAME, ...args }`, and
// `build` turns the description into the real value. Everything that is not a construct is copied as data
// (with `__proto__` kept as an own data key, exactly as JSON.parse leaves it).
//
// The vocabulary (each entry names its arguments):
//
//   literal { value }            the value as is: no construct inside it is interpreted
//   undefined                    undefined
//   number { value }             "NaN", "Infinity", "-Infinity" or "-0"
//   bigint { value }             BigInt(value), value a decimal string
//   symbol { description? }      a fresh Symbol
//   function { async?, arrow? }  a function (async, arrow or plain)
//   class                        a class constructor
//   date { value? }              new Date(value); "invalid" gives an invalid Date
//   regexp { source?, flags? }   new RegExp(source, flags)
//   map { entries? }             new Map(entries), keys and values built
//   set { values? }              new Set(values)
//   weakmap                      new WeakMap()
//   typedArray { kind, values? } new globalThis[kind](values), e.g. Uint8Array, Float64Array, BigInt64Array
//   arrayBuffer { length? }      new ArrayBuffer(length)
//   dataView { length? }         new DataView(new ArrayBuffer(length))
//   buffer { values? }           Node's Buffer.from(values)
//   shrunkView { values?, kind? } a DataView (or kind "Uint8Array") of the second half of a resizable
//                                ArrayBuffer holding values, which then shrank to 2 bytes: its range is gone
//   boxed { value }              Object(value): a String, Number or Boolean object
//   instance { fields? }         an instance of a small class (class Point), fields assigned
//   promise                      a resolved Promise
//   error { message?, kind? }    new Error(message) (kind: "TypeError", "RangeError", ...)
//   nullProto { value }          an object with a null prototype and the given keys
//   ref { up? }                  the container `up` levels above this property (0: the object holding it): a cycle
//   deep { depth, kind?, key?, leaf? }
//                                `depth` nested objects ({key: ...}) or arrays ([...]) around `leaf`
//   sparse { length, entries? }  an array of that length with holes, entries at the given indices
//   getter { value }             the holding property becomes an accessor returning value (reads counted)
//   throwingGetter { throws? }   the holding property becomes an accessor that throws (see `thrown` below)
//   proxy { target?, throwOn? }  a Proxy of target whose named traps throw (default: every trap)
//   revoked { target? }          a revoked Proxy: every operation on it throws a TypeError
//   toJSON { value?, returns? }  an object with its own `toJSON` method returning `returns`
//   symbolKey { value?, description? }
//                                an object with an enumerable symbol-keyed property
//   frozen { value }             value, built, then deep-frozen
//   repeat { value, times, suffix? }
//                                the string value repeated `times` times, then the suffix
//   dag { depth, leaf? }         a DAG: `depth` objects { a: x, b: x }, each holding the one below twice, around
//                                `leaf` (default 1); its JSON text repeats the bottom 2^depth times
//   realm { value }              value, built, then made again in a fresh node:vm context: its plain objects,
//                                arrays and Dates are that realm's (another Object.prototype, Array, Date)
//
// `throws` (for throwingGetter, and what a proxy's traps throw) is "error" (an Error, the default),
// "string" (a thrown string), "nullProto" (a thrown object that cannot become a string) or "self" (a thrown
// Proxy whose every trap throws itself: the most hostile value there is).
import { runInNewContext } from "node:vm";

/** A record of everything one `build` made that a spec may want to check afterwards. */
export interface Built {
  readonly value: unknown;
  /** One counter per `getter` construct: how many times it was read. */
  readonly getters: { readonly label: string; reads: number }[];
  /** Every object and array built (and so owned by the caller), for freeze and mutation checks. */
  readonly nodes: object[];
}

const TRAPS = [
  "get",
  "set",
  "has",
  "ownKeys",
  "getOwnPropertyDescriptor",
  "getPrototypeOf",
  "setPrototypeOf",
  "defineProperty",
  "deleteProperty",
  "isExtensible",
  "preventExtensions",
  "apply",
  "construct",
] as const;

/** The makers of a fresh node:vm context: its own Object.prototype, Array and Date. */
export interface Realm {
  readonly object: () => Record<string, unknown>;
  readonly nullObject: () => Record<string, unknown>;
  readonly array: () => unknown[];
  readonly date: (time: number) => Date;
}

/** A fresh realm (a node:vm context, as an iframe or a Jest test environment is one). */
export function newRealm(): Realm {
  return runInNewContext("({ object: () => ({}), nullObject: () => Object.create(null), array: () => [], date: (t) => new Date(t) })") as Realm;
}

/**
 * `value` made again in `realm`: each plain object (null-prototyped ones stay so), array and Date becomes the
 * realm's own, with the same own enumerable data; anything else is kept as it is. A DAG stays a DAG.
 */
export function inRealm(value: unknown, realm: Realm, made = new Map<object, unknown>()): unknown {
  if (typeof value !== "object" || value === null) return value;
  const done = made.get(value);
  if (done !== undefined) return done;
  let out: unknown = value;
  if (value instanceof Date) out = realm.date(value.getTime());
  else if (Array.isArray(value)) {
    const a = realm.array();
    made.set(value, a);
    for (const v of value) a.push(inRealm(v, realm, made));
    out = a;
  } else {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) {
      const o = proto === null ? realm.nullObject() : realm.object();
      made.set(value, o);
      for (const k of Object.keys(value)) define(o, k, inRealm((value as Record<string, unknown>)[k], realm, made));
      out = o;
    }
  }
  made.set(value, out);
  return out;
}

/** A class whose instances are not plain objects. */
export class Point {
  constructor(fields: Record<string, unknown> = {}) {
    for (const k of Object.keys(fields)) Object.defineProperty(this, k, { value: fields[k], enumerable: true, writable: true, configurable: true });
  }
}

/** ArrayBuffer's ES2024 resizable form (the project's TypeScript lib predates it). */
const ResizableBuffer = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ArrayBuffer & { resize(length: number): void };

/**
 * A view of the second half of `bytes`, copied into a resizable ArrayBuffer that then shrinks to 2 bytes: the
 * buffer no longer covers the view's range (a DataView's getters throw; a typed array reports length 0).
 */
export function shrunkView(bytes: Uint8Array, kind: "DataView" | "Uint8Array" = "DataView"): ArrayBufferView {
  const buffer = new ResizableBuffer(bytes.length, { maxByteLength: bytes.length * 2 });
  new Uint8Array(buffer).set(bytes);
  const half = Math.floor(bytes.length / 2);
  const view = kind === "DataView" ? new DataView(buffer, half, bytes.length - half) : new Uint8Array(buffer, half, bytes.length - half);
  buffer.resize(2);
  return view;
}

/** A Proxy whose every trap throws the Proxy itself: `instanceof`, `String()` and property reads all throw it. */
export function selfThrowingProxy(): object {
  const handler: ProxyHandler<object> = {};
  const proxy: object = new Proxy({}, handler);
  for (const t of TRAPS) (handler as Record<string, unknown>)[t] = () => {
    throw proxy;
  };
  return proxy;
}

/** The value a hostile getter or trap throws, by its name in the vocabulary. */
export function thrown(kind: unknown, message = "hostile input"): unknown {
  switch (kind) {
    case "string":
      return message;
    case "nullProto":
      return Object.create(null);
    case "self":
      return selfThrowingProxy();
    default:
      return new Error(message);
  }
}

/** A Proxy of `target` whose named traps throw. */
export function throwingProxy(target: object, traps: readonly string[] = TRAPS, throws: unknown = "error"): object {
  const handler: ProxyHandler<object> = {};
  for (const t of traps) {
    if (!(TRAPS as readonly string[]).includes(t)) throw new Error(`unknown proxy trap ${t}`);
    (handler as Record<string, unknown>)[t] = () => {
      throw thrown(throws, `the ${t} trap refuses`);
    };
  }
  return new Proxy(target, handler);
}

function isConstruct(spec: unknown): spec is Record<string, unknown> & { $construct: string } {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && typeof (spec as { $construct?: unknown }).$construct === "string";
}

function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function deepFreeze(value: unknown, seen = new Set<object>()): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return;
  for (const k of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, k);
    if (d && "value" in d) deepFreeze(d.value, seen);
  }
  Object.freeze(value);
}

/** Turns a fixture description into the value it describes. */
export function build(spec: unknown): Built {
  const getters: { label: string; reads: number }[] = [];
  const nodes: object[] = [];
  const stack: object[] = [];

  const value = (s: unknown, label: string): unknown => {
    if (Array.isArray(s)) {
      const out: unknown[] = [];
      nodes.push(out);
      stack.push(out);
      s.forEach((e, i) => {
        out[i] = value(e, `${label}[${i}]`);
      });
      stack.pop();
      return out;
    }
    if (typeof s !== "object" || s === null) return s;
    if (!isConstruct(s)) {
      const out: Record<string, unknown> = {};
      nodes.push(out);
      stack.push(out);
      for (const key of Object.keys(s)) property(out, key, (s as Record<string, unknown>)[key], `${label}.${key}`);
      stack.pop();
      return out;
    }
    return construct(s, label);
  };

  /** Sets `key` on `out`: as data, or as an accessor for the getter constructs. */
  const property = (out: object, key: string, s: unknown, label: string): void => {
    if (isConstruct(s) && s.$construct === "getter") {
      const counter = { label, reads: 0 };
      getters.push(counter);
      const v = value(s.value, label);
      Object.defineProperty(out, key, {
        enumerable: true,
        configurable: true,
        get() {
          counter.reads++;
          return v;
        },
      });
    } else if (isConstruct(s) && s.$construct === "throwingGetter") {
      Object.defineProperty(out, key, {
        enumerable: true,
        configurable: true,
        get() {
          throw thrown(s.throws, `the getter at ${label} refuses`);
        },
      });
    } else {
      define(out, key, value(s, label));
    }
  };

  const construct = (s: Record<string, unknown> & { $construct: string }, label: string): unknown => {
    switch (s.$construct) {
      case "literal":
        return s.value;
      case "undefined":
        return undefined;
      case "number": {
        const n = { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity, "-0": -0 }[s.value as string];
        if (n === undefined) throw new Error(`number construct: unknown value ${String(s.value)}`);
        return n;
      }
      case "bigint":
        return BigInt(s.value as string);
      case "symbol":
        return Symbol(s.description as string | undefined);
      case "function":
        if (s.async) return async () => undefined;
        if (s.arrow) return () => undefined;
        return function named() {
          return undefined;
        };
      case "class":
        return class Something {};
      case "date":
        return s.value === "invalid" ? new Date(NaN) : new Date((s.value as string | undefined) ?? "2026-01-01T00:00:00Z");
      case "regexp":
        return new RegExp((s.source as string | undefined) ?? "a+", (s.flags as string | undefined) ?? "g");
      case "map":
        return new Map(((s.entries as unknown[][] | undefined) ?? [["k", "v"]]).map(([k, v], i) => [value(k, `${label}<key ${i}>`), value(v, `${label}<${i}>`)]));
      case "set":
        return new Set(((s.values as unknown[] | undefined) ?? [1]).map((v, i) => value(v, `${label}<${i}>`)));
      case "weakmap":
        return new WeakMap();
      case "typedArray": {
        const Ctor = (globalThis as unknown as Record<string, new (v: unknown[]) => unknown>)[s.kind as string];
        if (typeof Ctor !== "function") throw new Error(`typedArray construct: unknown kind ${String(s.kind)}`);
        const values = (s.values as unknown[] | undefined) ?? [1, 2, 3];
        return new Ctor(String(s.kind).startsWith("Big") ? values.map((v) => BigInt(v as number)) : values);
      }
      case "arrayBuffer":
        return new ArrayBuffer((s.length as number | undefined) ?? 4);
      case "dataView":
        return new DataView(new ArrayBuffer((s.length as number | undefined) ?? 4));
      case "shrunkView":
        return shrunkView(new Uint8Array((s.values as number[] | undefined) ?? [1, 2, 3, 4, 5, 6, 7, 8]), s.kind === "Uint8Array" ? "Uint8Array" : "DataView");
      case "buffer":
        return Buffer.from((s.values as number[] | undefined) ?? [1, 2, 3]);
      case "boxed":
        return Object(s.value);
      case "instance":
        return new Point(value(s.fields ?? { x: 1 }, label) as Record<string, unknown>);
      case "promise":
        return Promise.resolve(1);
      case "error": {
        const Ctor = (globalThis as unknown as Record<string, ErrorConstructor>)[(s.kind as string | undefined) ?? "Error"] ?? Error;
        return new Ctor((s.message as string | undefined) ?? "boom");
      }
      case "nullProto": {
        const out = Object.create(null) as Record<string, unknown>;
        nodes.push(out);
        stack.push(out);
        const src = (s.value ?? {}) as Record<string, unknown>;
        for (const key of Object.keys(src)) property(out, key, src[key], `${label}.${key}`);
        stack.pop();
        return out;
      }
      case "ref": {
        const up = (s.up as number | undefined) ?? 0;
        const target = stack[stack.length - 1 - up];
        if (target === undefined) throw new Error(`ref construct: no container ${up} levels up at ${label}`);
        return target;
      }
      case "deep": {
        const depth = s.depth as number;
        const kind = (s.kind as string | undefined) ?? "object";
        const key = (s.key as string | undefined) ?? "a";
        let v: unknown = s.leaf === undefined ? null : value(s.leaf, label);
        for (let i = 0; i < depth; i++) {
          if (kind === "array") v = [v];
          else {
            const o = {};
            define(o, key, v);
            v = o;
          }
        }
        return v;
      }
      case "sparse": {
        const out = new Array((s.length as number | undefined) ?? 3);
        nodes.push(out);
        stack.push(out);
        const entries = (s.entries ?? {}) as Record<string, unknown>;
        for (const k of Object.keys(entries)) out[Number(k)] = value(entries[k], `${label}[${k}]`);
        stack.pop();
        return out;
      }
      case "getter":
      case "throwingGetter":
        throw new Error(`${s.$construct} construct: only as the value of an object property (at ${label})`);
      case "proxy": {
        const target = value(s.target ?? {}, label) as object;
        return throwingProxy(target, (s.throwOn as string[] | undefined) ?? TRAPS, s.throws);
      }
      case "revoked": {
        const { proxy, revoke } = Proxy.revocable(value(s.target ?? {}, label) as object, {});
        revoke();
        return proxy;
      }
      case "toJSON": {
        const out = value(s.value ?? {}, label) as Record<string, unknown>;
        const returns = value(s.returns ?? "from toJSON", `${label}.toJSON()`);
        define(out, "toJSON", () => returns);
        return out;
      }
      case "symbolKey": {
        const out = value(s.value ?? {}, label) as Record<symbol, unknown>;
        out[Symbol((s.description as string | undefined) ?? "key")] = 1;
        return out;
      }
      case "frozen": {
        const v = value(s.value, label);
        deepFreeze(v);
        return v;
      }
      case "dag": {
        let v: unknown = s.leaf === undefined ? 1 : value(s.leaf, label);
        for (let i = 0; i < (s.depth as number); i++) v = { a: v, b: v };
        return v;
      }
      case "realm":
        return inRealm(value(s.value, label), newRealm());
      case "repeat":
        return (s.value as string).repeat(s.times as number) + ((s.suffix as string | undefined) ?? "");
      default:
        throw new Error(`unknown construct ${s.$construct} at ${label}`);
    }
  };

  return { value: value(spec, "$"), getters, nodes };
}

/** Expands `{seg*N}` in an expected path: `metadata.x{.a*1000}` is `metadata.x` followed by 1000 `.a`. */
export function expandPath(template: string): string {
  return template.replace(/\{([^*{}]+)\*(\d+)\}/g, (_, seg: string, n: string) => seg.repeat(Number(n)));
}

/** `instanceof`, but false (not a throw) for a Proxy whose getPrototypeOf trap throws. */
export function safeInstanceOf(value: unknown, C: abstract new (...args: never[]) => unknown): boolean {
  try {
    return value instanceof C;
  } catch {
    return false;
  }
}

/**
 * A printable description of anything thrown, hostile Proxies included. Jest cannot print a value whose
 * every trap throws (it hangs), so a spec checks what was thrown with this before handing it to `expect`.
 */
export function describeThrown(e: unknown): string {
  try {
    if (e instanceof Error) return `${e.constructor.name}: ${String(e.message)}`;
    return `${typeof e} ${String(e)}`;
  } catch {
    return `a ${typeof e} that cannot be inspected`;
  }
}
