// The red team: every public function of the package that takes a value from outside, tried as an attacker
// would (docs/trust.md, "Reading what callers pass"). The entry points are one table,
// fixtures/hostile/entry-points.json; the forms are below. Each form must give either the right value (the
// reference: the same call on the valid base value) or a ToolnexusError with a code and a path.
//
// The table must list every public function: the first test enumerates the exports of the modules it names
// (and their classes' statics) and fails on one without a row. Known failures are marked in the fixture
// (`expectFailUntil`) and run as `it.failing`, so the suite stays green and turns red when one starts to pass.
import { describe, expect, it } from "@jest/globals";
import * as core from "toolnexus";
import { ToolnexusError, ValidationError } from "toolnexus";
import { ToolnexusPayloadConverter } from "toolnexus/temporal";
import { loadBytes, loadJSON } from "../support/fixtures";
import { otherBuild } from "../support/other-build";
import { describeThrown, inRealm, newRealm, safeInstanceOf, selfThrowingProxy, shrunkView } from "./constructs";

// ---------------------------------------------------------------------------------------------------------
// The table

interface Row {
  readonly name: string;
  readonly arg: number;
  readonly args: readonly unknown[];
  /** A dotted path into `args[arg]` when the value under attack sits inside it (`0.result`: the first call's result). */
  readonly at?: string;
  /** The error path of the value under attack, prefixed to its fields' paths (`calls[0].result`). */
  readonly errorPrefix?: string;
  readonly label?: string;
  /** For an instance method (`ToolResult#addParts`): the value it is called on. */
  readonly receiver?: unknown;
  readonly mode?: "strict" | "guard" | "predicate" | "never-throws";
  readonly async?: boolean;
  readonly fields?: readonly string[];
  readonly alsoPollute?: readonly string[];
  readonly errorPaths?: Readonly<Record<string, string>>;
  readonly expectFailUntil?: Readonly<Record<string, "core" | "perf">>;
  /**
   * Dotted paths inside the outside value where JSON data sits (`metadata`, `data`; `""` for the value
   * itself): the forms `dag:<path>` (a DAG whose JSON passes the value limit there: too-large) and
   * `sharedTree:<path>` (a small DAG there: the same outcome as the tree its JSON spells).
   */
  readonly json?: readonly string[];
  /** Whether the form `otherRealm` applies: the outside value made again in a fresh node:vm context. */
  readonly realm?: boolean;
}

interface Case {
  readonly name: string;
  readonly call: string;
  readonly args: readonly unknown[];
  readonly throws: "ValidationError";
  readonly expectFailUntil?: "core" | "perf";
}

interface Table {
  readonly modules: readonly string[];
  readonly excluded: readonly { readonly name: string; readonly why: string; readonly sameAs?: string }[];
  readonly pollutionValues: Readonly<Record<string, unknown>>;
  readonly entryPoints: readonly Row[];
  readonly cases: readonly Case[];
}

const TABLE = loadJSON<Table>("hostile/entry-points.json");

const rowId = (r: Row): string => `${r.name} (argument ${r.arg}${r.at ? ` at ${r.at}` : ""}${r.label ? `, ${r.label}` : ""})`;

// ---------------------------------------------------------------------------------------------------------
// The builds: the one under test (the package's public names), and the other one, loaded from dist/

type Lib = Pick<typeof core, "ToolResult" | "ContentPart" | "Request" | "Answer">;
type Module = Record<string, unknown>;

let modulesOnce: Promise<Record<string, Module>> | undefined;
/** The modules the table covers, as this build exports them (by their public names). */
function modules(): Promise<Record<string, Module>> {
  modulesOnce ??= (async () => {
    const out: Record<string, Module> = {};
    for (const m of TABLE.modules) out[m] = (await import(m)) as Module;
    return out;
  })();
  return modulesOnce;
}

const thisBuild: Lib = core;

// ---------------------------------------------------------------------------------------------------------
// Values: the fixture's constructs

type Desc = unknown;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const CLASSES = ["ToolResult", "ContentPart", "Request", "Answer"] as const;
type ClassName = (typeof CLASSES)[number];

function isGenuineDesc(d: Desc): d is { $genuine: ClassName; json: unknown; subclass?: boolean } {
  return isObj(d) && typeof d.$genuine === "string";
}

const encode = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Sets `key` as an own enumerable data property (so that `__proto__` stays data). */
function put(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A fresh value from its description (each call builds a new one: forms mutate, revoke and detach). */
function build(d: Desc, lib: Lib = thisBuild): unknown {
  if (Array.isArray(d)) return d.map((x) => build(x, lib));
  if (!isObj(d)) return d;
  if (isGenuineDesc(d)) return (d.subclass === true ? subclassOf(d.$genuine, lib) : (lib[d.$genuine] as { fromJSON(v: unknown): unknown })).fromJSON(build(d.json, lib));
  if (typeof d.$lookalike === "string") return lookalike(d.$lookalike as ClassName, d.fields, lib);
  if (typeof d.$bytes === "string") return new Uint8Array(loadBytes(d.$bytes));
  if (typeof d.$utf8 === "string") return encode(d.$utf8);
  if (typeof d.$subclass === "string") return subclassOf(d.$subclass as ClassName, lib);
  if (Object.hasOwn(d, "$converter")) return new ToolnexusPayloadConverter(build(d.$converter, lib) as never);
  if (typeof d.$date === "string") return new Date(d.$date);
  if (Array.isArray(d.$stream)) {
    const chunks = d.$stream as string[];
    return {
      async *[Symbol.asyncIterator]() {
        for (const c of chunks) yield encode(c);
      },
    };
  }
  if (Array.isArray(d.$webStream)) {
    const chunks = [...(d.$webStream as string[])];
    return new ReadableStream<Uint8Array>({ pull: (c) => void (chunks.length > 0 ? c.enqueue(encode(chunks.shift()!)) : c.close()) });
  }
  if (typeof d.$blob === "string") return new Blob([loadBytes(d.$blob) as Uint8Array<ArrayBuffer>]);
  if (typeof d.$file === "string") return new File([loadBytes(d.$file) as Uint8Array<ArrayBuffer>], String(d.name));
  if (typeof d.$url === "string") return new URL(d.$url);
  if (typeof d.$fn === "string") {
    if (d.$fn === "returns-x") return () => "x";
    if (d.$fn === "noop") return () => {};
    // What a polluter puts on Object.prototype to pass an object off as a stream or a Blob of its bytes.
    if (d.$fn === "reader-of-evil") {
      return () => {
        let done = false;
        return { read: async () => (done ? { done: true } : ((done = true), { done: false, value: encode("EVIL") })), cancel: async () => undefined, releaseLock: () => undefined };
      };
    }
    if (d.$fn === "iterator-of-evil") {
      return async function* () {
        yield encode("EVIL");
      };
    }
    if (d.$fn === "array-buffer-of-evil") return async () => encode("EVIL").buffer;
    throw new Error(`unknown $fn ${d.$fn}`);
  }
  const out = {};
  for (const [k, v] of Object.entries(d)) put(out, k, build(v, lib));
  return out;
}

const subclasses = new Map<unknown, { fromJSON(v: unknown): unknown }>();
/** `class MyX extends X {}` of the given build: one per class and build, so that its instances compare equal. */
function subclassOf(cls: ClassName, lib: Lib = thisBuild): { fromJSON(v: unknown): unknown } {
  const base = lib[cls] as unknown as new (...a: never[]) => object;
  let sub = subclasses.get(base);
  if (sub === undefined) {
    sub = { [`My${cls}`]: class extends base {} }[`My${cls}`] as unknown as { fromJSON(v: unknown): unknown };
    subclasses.set(base, sub);
  }
  return sub;
}

/** An object with the class's prototype and the given fields of its own: made by no build. */
function lookalike(cls: ClassName, fields: unknown, lib: Lib = thisBuild): Record<string, unknown> {
  const out = Object.create(lib[cls].prototype) as Record<string, unknown>;
  for (const [k, v] of Object.entries(build(fields, lib) as object)) put(out, k, v);
  return out;
}

/** The outside value in a form that per-field forms can change: a genuine value becomes its look-alike. */
function mutableOutside(d: Desc): unknown {
  return isGenuineDesc(d) ? lookalike(d.$genuine, d.json) : build(d);
}

/** The description of the value under attack: `args[arg]`, or the value at `at` inside it. */
function outsideOf(row: Row): Desc {
  let d = row.args[row.arg];
  for (const seg of row.at?.split(".") ?? []) d = (d as Record<string, unknown>)[seg];
  return d;
}

/** The args of a row, built fresh, with the outside one replaced (at `at` inside its argument, when given). */
function argsWith(row: Row, outside: unknown): unknown[] {
  const args = row.args.map((d) => build(d));
  if (row.at === undefined) args[row.arg] = outside;
  else {
    const [parent, key] = locate(args[row.arg], row.at);
    put(parent, key, outside);
  }
  return args;
}

function fieldsOf(row: Row): readonly string[] {
  if (row.fields) return row.fields;
  const d = outsideOf(row);
  const shape = isGenuineDesc(d) ? d.json : d;
  if (!isObj(shape) || Object.keys(shape).some((k) => k.startsWith("$"))) return [];
  return Object.keys(shape);
}

/** The parent object of a dotted path in `root`, and the last key. */
function locate(root: unknown, path: string): [Record<string, unknown>, string] {
  const segs = path.split(".");
  let at = root as Record<string, unknown>;
  for (const s of segs.slice(0, -1)) at = at[s] as Record<string, unknown>;
  return [at, segs[segs.length - 1]!];
}

/** A dotted field path as a toolnexus error path: `content.0.text` is `content[0].text`. */
function accessorPath(path: string): string {
  return path.split(".").reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out === "" ? s : `${out}.${s}`), "");
}

/** `prefix` then `path`, as toolnexus joins error paths (`calls` + `[0].result` = `calls[0].result`). */
function joinPath(prefix: string, path: string): string {
  if (prefix === "" || path === "") return prefix + path;
  return path.startsWith("[") ? prefix + path : `${prefix}.${path}`;
}

/** A value of another type than `v`, for look-alikes with wrong field types. */
function wrongType(v: unknown): unknown {
  if (typeof v === "string") return 7;
  if (typeof v === "boolean") return String(v); // "false" is truthy: the attack on `ok`
  if (typeof v === "number") return String(v);
  return "not an object";
}

/** Another value than `v`, of the same kind where it can be: what a shifting getter answers after its first read. */
function changed(v: unknown): unknown {
  if (typeof v === "string") return `${v}-changed`;
  if (typeof v === "boolean") return !v;
  if (typeof v === "number") return v + 1;
  if (Array.isArray(v)) return ["changed"];
  if (typeof v === "function") return "changed";
  return { changed: true };
}

function revokedLike(base: unknown): object {
  const { proxy, revoke } = Proxy.revocable(typeof base === "function" ? function target() {} : {}, {});
  revoke();
  return proxy;
}

const TRAPS = ["ownKeys", "get", "has", "getOwnPropertyDescriptor", "getPrototypeOf"] as const;

// ---------------------------------------------------------------------------------------------------------
// Calling an entry point, and what came out

type Call = (args: unknown[], receiver?: unknown) => unknown;

function resolveIn(mods: Record<string, Module>, name: string): Call | undefined {
  if (name.includes("#")) {
    const [cls, method] = name.split("#") as [string, string];
    for (const m of Object.values(mods)) {
      const C = Object.hasOwn(m, cls) ? (m[cls] as { prototype?: Record<string, unknown> }) : undefined;
      const fn = C?.prototype && Object.hasOwn(C.prototype, method) ? C.prototype[method] : undefined;
      if (typeof fn === "function") return (args, receiver) => Reflect.apply(fn, receiver, args);
    }
    return undefined;
  }
  const isNew = name.startsWith("new ");
  const [head, member] = name.replace(/^new /, "").split(".") as [string, string | undefined];
  for (const m of Object.values(mods)) {
    if (!Object.hasOwn(m, head)) continue;
    const target = m[head] as ((...a: unknown[]) => unknown) & Record<string, (...a: unknown[]) => unknown>;
    if (isNew) return (args) => Reflect.construct(target, args);
    if (member === undefined) return typeof target === "function" ? (args) => Reflect.apply(target, undefined, args) : undefined;
    // A class's statics are its own; an object's methods (an exported instance) come from its prototype chain.
    const fn = typeof target === "function" ? (Object.hasOwn(target, member) ? target[member] : undefined) : objectMethods(target).includes(member) ? target[member] : undefined;
    return typeof fn === "function" ? (args) => Reflect.apply(fn, target, args) : undefined;
  }
  return undefined;
}

/** The methods of an exported object (own, then its prototypes' up to Object.prototype), by name. */
function objectMethods(v: unknown): string[] {
  if (typeof v !== "object" || v === null) return [];
  const out = new Set<string>();
  for (let p: object | null = v; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    for (const k of Object.getOwnPropertyNames(p)) {
      const desc = Object.getOwnPropertyDescriptor(p, k)!;
      if (k !== "constructor" && typeof desc.value === "function") out.add(k);
    }
  }
  return [...out];
}

async function callOf(name: string): Promise<Call> {
  const fn = resolveIn(await modules(), name);
  if (fn === undefined) throw new Error(`the table names ${name}, which no module of ${TABLE.modules.join(", ")} exports`);
  return fn;
}

type Outcome = { readonly kind: "value"; readonly value: unknown } | { readonly kind: "error"; readonly error: unknown; readonly thrown: boolean };

const receiverOf = (row: Row): unknown => (row.receiver === undefined ? undefined : build(row.receiver));

async function run(row: Row, args: unknown[], receiver: unknown = receiverOf(row)): Promise<Outcome> {
  const fn = await callOf(row.name);
  try {
    let v = fn(args, receiver);
    if (v instanceof Promise) v = await v;
    if (row.mode === "never-throws" && isObj(v) && typeof v.success === "boolean" && !safeInstanceOf(v, core.ToolResult)) {
      return v.success ? { kind: "value", value: v.data } : { kind: "error", error: v.error, thrown: false };
    }
    return { kind: "value", value: v };
  } catch (e) {
    return { kind: "error", error: e, thrown: true };
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;
/** A time the library stamps at the call (an A2A status timestamp): masked like a generated id. */
const NOW = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

/** A comparable text of an outcome: a value's JSON (ids generated by the library masked), or an error's code and path. */
function summary(o: Outcome): string {
  if (o.kind === "error") {
    const e = o.error as { code?: unknown; path?: unknown };
    return safeInstanceOf(o.error, ToolnexusError) ? `error ${String(e.code)} at ${JSON.stringify(e.path)}` : `escaped ${describeThrown(o.error)}`;
  }
  try {
    const text = JSON.stringify(o.value, (_k, v: unknown) => {
      if (v instanceof Uint8Array) return `bytes:${Buffer.from(v).toString("base64")}`;
      if (typeof v === "function") return "[function]";
      if (v === undefined) return "[undefined]";
      return v;
    });
    return `value ${text === undefined ? "undefined" : text.replace(UUID, "<uuid>").replace(NOW, "<time>")}`;
  } catch (e) {
    return `a value that cannot be written as JSON (${describeThrown(e)})`;
  }
}

/** What is wrong with an error outcome, or undefined when it is a ToolnexusError with a code and a path. */
function badError(o: Outcome): string | undefined {
  if (o.kind !== "error") return undefined;
  if (!safeInstanceOf(o.error, ToolnexusError)) return `escaped: ${describeThrown(o.error)}`;
  const e = o.error as { code: unknown; path: unknown };
  if (typeof e.code !== "string" || e.code === "") return "a ToolnexusError without a code";
  if (typeof e.path !== "string") return "a ToolnexusError without a path";
  return undefined;
}

const referenceCache = new Map<Row, Promise<Outcome>>();
/** The row's call on its valid base values. */
function reference(row: Row): Promise<Outcome> {
  let r = referenceCache.get(row);
  if (!r) {
    r = run(row, row.args.map((d) => build(d)));
    referenceCache.set(row, r);
  }
  return r;
}

// ---------------------------------------------------------------------------------------------------------
// The forms

/** What a form expects: the reference value (a ToolnexusError allowed or not), or an error. */
type Expect = "same" | "same-or-error" | "error";

interface Form {
  readonly id: string;
  readonly expect: Expect;
  /** Runs the row once in this form; `reads` counts a shifting getter's reads. */
  readonly run: (row: Row) => Promise<{ outcome: Outcome; against?: Outcome; reads?: number; errorPath?: string; code?: string }>;
}

function formsOf(row: Row): Form[] {
  const d = outsideOf(row);
  const forms: Form[] = [];
  const objectLike = isObj(d) || Array.isArray(d);

  forms.push({ id: "revoked", expect: "error", run: async (r) => ({ outcome: await run(r, argsWith(r, revokedLike(build(d)))) }) });

  if (objectLike) {
    for (const trap of TRAPS) {
      forms.push({
        id: `trap:${trap}`,
        expect: "same-or-error",
        run: async (r) => {
          const target = build(d) as object; // a genuine value stays genuine: the Proxy of a real result
          const proxy = new Proxy(target, {
            [trap]() {
              throw new Error(`hostile ${trap} trap`);
            },
          });
          return { outcome: await run(r, argsWith(r, proxy)) };
        },
      });
    }
  }

  for (const field of fieldsOf(row)) {
    const expected = row.errorPaths?.[field] ?? joinPath(row.errorPrefix ?? "", accessorPath(field));
    // A getter that throws an Error, and one that throws a Proxy whose every trap throws it (`instanceof` on it
    // throws): a `catch` that asks what it caught must still give a ToolnexusError at the field.
    const throws: readonly (readonly [string, () => unknown])[] = [
      ["throwingGetter", () => new Error(`hostile getter ${field}`)],
      ["throwingGetterProxy", selfThrowingProxy],
    ];
    for (const [kind, thrownValue] of throws) {
      forms.push({
        id: `${kind}:${field}`,
        expect: "error",
        run: async (r) => {
          const value = mutableOutside(d);
          const [parent, key] = locate(value, field);
          const e = thrownValue();
          Object.defineProperty(parent, key, {
            enumerable: true,
            configurable: true,
            get() {
              throw e;
            },
          });
          return { outcome: await run(r, argsWith(r, value)), errorPath: expected };
        },
      });
    }
    forms.push({
      id: `shifting:${field}`,
      expect: "same",
      run: async (r) => {
        const value = mutableOutside(d);
        const [parent, key] = locate(value, field);
        const first = parent[key];
        const later = changed(first);
        let reads = 0;
        Object.defineProperty(parent, key, { enumerable: true, configurable: true, get: () => (reads++ === 0 ? first : later) });
        const outcome = await run(r, argsWith(r, value));
        return { outcome, reads };
      },
    });
  }

  // Each key once: a field's own name, or one the base leaves out.
  const keys = new Map<string, string | undefined>();
  for (const f of fieldsOf(row)) {
    const last = f.split(".").pop()!;
    if (!/^\d+$/.test(last) && !keys.has(last)) keys.set(last, f);
  }
  for (const k of row.alsoPollute ?? []) if (!keys.has(k)) keys.set(k, undefined);
  for (const [key, field] of keys) {
    forms.push({
      id: `polluted:${key}`,
      expect: "same",
      run: async (r) => {
        // The reference: the base without the field, Object.prototype clean.
        const without = (): unknown => {
          const value = mutableOutside(d);
          if (field !== undefined) {
            const [parent, k] = locate(value, field);
            delete parent[k];
          }
          return value;
        };
        const against = await run(r, argsWith(r, without()));
        const [parent, k] = field === undefined ? [undefined, key] : locate(mutableOutside(d), field);
        const pollution = Object.hasOwn(TABLE.pollutionValues, key) ? build(TABLE.pollutionValues[key]) : parent?.[k];
        const args = argsWith(r, without());
        const receiver = receiverOf(r); // made before the pollution: only the call is under test
        let outcome: Outcome;
        const property: PropertyKey = key === "@@asyncIterator" ? Symbol.asyncIterator : key;
        Object.defineProperty(Object.prototype, property, { value: pollution, enumerable: true, writable: true, configurable: true });
        try {
          outcome = await run(r, args, receiver);
        } finally {
          delete (Object.prototype as Record<PropertyKey, unknown>)[property];
        }
        return { outcome, against };
      },
    });
  }

  if (isGenuineDesc(d)) {
    forms.push({ id: "lookalike", expect: "same", run: async (r) => ({ outcome: await run(r, argsWith(r, lookalike(d.$genuine, d.json))) }) });
    if (isObj(d.json)) {
      for (const [field, v] of Object.entries(d.json)) {
        forms.push({
          id: `lookalikeWrongType:${field}`,
          expect: "error",
          run: async (r) => {
            const value = lookalike(d.$genuine, d.json);
            put(value, field, wrongType(v));
            return { outcome: await run(r, argsWith(r, value)) };
          },
        });
      }
    }
    forms.push({ id: "proxyOfGenuine", expect: "same", run: async (r) => ({ outcome: await run(r, argsWith(r, new Proxy(build(d) as object, {}))) }) });
    forms.push({ id: "otherBuild", expect: "same", run: async (r) => ({ outcome: await run(r, argsWith(r, build(d, await otherBuild()))) }) });
    // A genuine value of a subclass (`class MyToolResult extends ToolResult {}`) is as good as the base's.
    forms.push({ id: "subclass", expect: "same", run: async (r) => ({ outcome: await run(r, argsWith(r, build({ ...d, subclass: true }))) }) });
  }

  // Work bounded by the JSON (docs/trust.md, "Guarantees, and every limit"): a DAG counts as the JSON it spells.
  for (const path of row.json ?? []) {
    /** The outside value with `v` at `path` (`""`: `v` is the outside value). */
    const withAt = (v: unknown): unknown => {
      if (path === "") return v;
      const value = mutableOutside(d);
      const [parent, key] = locate(value, path);
      put(parent, key, v);
      return value;
    };
    forms.push({
      id: `dag:${path}`,
      expect: "error",
      run: async (r) => ({ outcome: await run(r, argsWith(r, withAt(dag(60)))), code: "too-large" }),
    });
    forms.push({
      id: `sharedTree:${path}`,
      expect: "same",
      run: async (r) => ({ outcome: await run(r, argsWith(r, withAt(dag(3)))), against: await run(r, argsWith(r, withAt(JSON.parse(JSON.stringify(dag(3)))))) }),
    });
  }

  // Other realms (docs/trust.md, "Guarantees, and every limit"): plain objects, arrays and Dates of a node:vm context are as good as this realm's.
  if (row.realm === true) {
    forms.push({ id: "otherRealm", expect: "same", run: async (r) => ({ outcome: await run(r, argsWith(r, inRealm(build(d), newRealm()))) }) });
  }

  const recv = row.receiver;
  if (isGenuineDesc(recv)) {
    // The method called on a subclass instance gives what it gives on the base's (equals: a boolean).
    forms.push({ id: "subclassReceiver", expect: "same", run: async (r) => ({ outcome: await run(r, argsWith(r, build(d)), build({ ...recv, subclass: true })) }) });
  }

  if (isObj(d) && (typeof d.$bytes === "string" || typeof d.$utf8 === "string")) {
    // A part's source must say invalid-source; other bytes (a payload's) any ToolnexusError with a path.
    const code = typeof d.$bytes === "string" ? "invalid-source" : undefined;
    forms.push({
      id: "detached",
      expect: "error",
      run: async (r) => {
        const buf = build(d) as Uint8Array;
        structuredClone(buf, { transfer: [buf.buffer] });
        return { outcome: await run(r, argsWith(r, buf)), code };
      },
    });
    forms.push({
      id: "detachedView",
      expect: "error",
      run: async (r) => {
        const buf = build(d) as Uint8Array;
        const view = new DataView(buf.buffer, 1);
        structuredClone(buf, { transfer: [buf.buffer] });
        return { outcome: await run(r, argsWith(r, view)), code };
      },
    });
  }

  if (isObj(d) && typeof d.$bytes === "string") {
    // A view whose resizable buffer shrank below its range: invalid-source, never the buffer's first bytes.
    for (const kind of ["DataView", "Uint8Array"] as const) {
      forms.push({
        id: `shrunk${kind}`,
        expect: "error",
        run: async (r) => ({ outcome: await run(r, argsWith(r, shrunkView(build(d) as Uint8Array, kind))), code: "invalid-source" }),
      });
    }
  }

  if (isObj(d) && (Array.isArray(d.$stream) || Array.isArray(d.$webStream))) {
    const chunks = (d.$stream ?? d.$webStream) as string[];
    forms.push({
      id: "shrunkChunk",
      expect: "error",
      run: async (r) => {
        // The second chunk is a view its shrunk buffer no longer covers.
        const at = (i: number): Uint8Array | ArrayBufferView => (i === 1 ? shrunkView(encode(chunks[i]!)) : encode(chunks[i]!));
        const source = Array.isArray(d.$stream)
          ? {
              async *[Symbol.asyncIterator]() {
                for (let i = 0; i < chunks.length; i++) yield at(i);
              },
            }
          : new ReadableStream<ArrayBufferView>({ start: (c) => (chunks.forEach((_c, i) => c.enqueue(at(i))), c.close()) });
        return { outcome: await run(r, argsWith(r, source)), code: "invalid-source" };
      },
    });
    forms.push({
      id: "concurrentRead",
      expect: "error",
      run: async (r) => {
        // One source given to two calls at once: the second read is refused (read-failed), never interleaved.
        const source = build(d);
        const [, second] = await Promise.all([run(r, argsWith(r, source)), run(r, argsWith(r, source))]);
        return { outcome: second, code: "read-failed" };
      },
    });
  }

  if (isObj(d) && Array.isArray(d.$stream)) {
    const chunks = d.$stream as string[];
    forms.push({
      id: "reusedChunks",
      expect: "same",
      run: async (r) => {
        // One buffer, refilled for each chunk: the usual `fh.read(buf)` loop yielding `buf.subarray(0, n)`.
        const buf = new Uint8Array(chunks[0]!.length);
        const source = {
          async *[Symbol.asyncIterator]() {
            for (const c of chunks) {
              buf.set(encode(c));
              yield buf;
            }
          },
        };
        return { outcome: await run(r, argsWith(r, source)) };
      },
    });
    forms.push({
      id: "reusedChunksStream",
      expect: "same",
      run: async (r) => {
        const buf = new Uint8Array(chunks[0]!.length);
        let i = 0;
        // A producer that fills its one buffer when asked (highWaterMark 0: `pull` runs only for a pending read).
        // With a queue ahead of the reader (highWaterMark 1 or more) the stream calls `pull` again before the reader
        // sees the chunk it got, so refilling an enqueued buffer is the producer's own bug there, which no reader can
        // undo: the README says so.
        const stream = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              if (i === chunks.length) return controller.close();
              buf.set(encode(chunks[i++]!));
              controller.enqueue(buf);
            },
          },
          { highWaterMark: 0 },
        );
        return { outcome: await run(r, argsWith(r, stream)) };
      },
    });
  }
  return forms;
}

/** A DAG of `depth` objects { a: x, b: x }, each holding the one below twice: its JSON repeats the bottom 2^depth times. */
function dag(depth: number): unknown {
  let v: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) v = { a: v, b: v };
  return v;
}

/** attempt() never throws: what it makes of an input it cannot read is an error result, its stand-in for a throw. */
function isErrorResult(mode: string, o: Outcome): boolean {
  return mode === "never-throws" && o.kind === "value" && safeInstanceOf(o.value, core.ToolResult) && (o.value as core.ToolResult).isError;
}

/** What is wrong with one form's result on one row, or undefined. */
async function problemOf(row: Row, form: Form): Promise<string | undefined> {
  const { outcome, against, reads, errorPath, code } = await form.run(row);
  const mode = row.mode ?? "strict";
  if (mode === "guard") {
    if (outcome.kind !== "value" || typeof outcome.value !== "boolean") return `a type guard must answer true or false, got ${summary(outcome)}`;
    // Brand checks see across builds; equals does not (another build's value has another prototype).
    if (form.id === "otherBuild" && /\.is[A-Z]/.test(row.name) && outcome.value !== true) return "a value of the other build is not recognised";
    return undefined;
  }
  if (mode === "predicate" && outcome.kind === "value" && typeof outcome.value !== "boolean") return `it must answer true or false, got ${summary(outcome)}`;
  if (mode === "never-throws" && outcome.kind === "error" && outcome.thrown) return `it must never throw, but threw ${summary(outcome)}`;
  const bad = badError(outcome);
  if (bad !== undefined) return bad;
  if (reads !== undefined && reads > 1) return `the field was read ${reads} times (once is the rule: a getter that answers differently can show one value and store another)`;
  if (form.expect === "error") {
    // A predicate may answer false for what it cannot read (never true).
    if (mode === "predicate" && outcome.kind === "value" && outcome.value === false) return undefined;
    if (outcome.kind !== "error") {
      if (isErrorResult(mode, outcome)) return undefined;
      return `expected a ToolnexusError, got ${summary(outcome)}`;
    }
    const e = outcome.error as ToolnexusError;
    if (errorPath !== undefined && e.path !== errorPath) return `expected the error at ${JSON.stringify(errorPath)}, got ${summary(outcome)}`;
    if (code !== undefined && e.code !== code) return `expected code ${code}, got ${summary(outcome)}`;
    return undefined;
  }
  const want = against ?? (await reference(row));
  if (form.expect === "same-or-error" && (outcome.kind === "error" || isErrorResult(mode, outcome))) return undefined;
  if (form.expect === "same-or-error" && mode === "predicate" && outcome.kind === "value" && outcome.value === false) return undefined;
  const got = summary(outcome);
  const expected = summary(want);
  return got === expected ? undefined : `expected the same outcome as the valid value (${expected}), got ${got}`;
}

// ---------------------------------------------------------------------------------------------------------
// The tests

describe("the table covers every public entry point", () => {
  const isClass = (name: string, v: unknown): boolean => typeof v === "function" && /^[A-Z]/.test(name);
  const statics = (v: object): string[] =>
    Object.getOwnPropertyNames(v).filter((s) => !["length", "name", "prototype"].includes(s) && typeof (v as Record<string, unknown>)[s] === "function");

  const methods = (C: { prototype?: object }): string[] => {
    const proto = C.prototype;
    if (proto === undefined) return [];
    return Object.getOwnPropertyNames(proto).filter((m) => m !== "constructor" && typeof Object.getOwnPropertyDescriptor(proto, m)!.value === "function");
  };

  it("every exported function, constructor, static and instance method has a row or a reasoned exclusion", async () => {
    const mods = await modules();
    const rows = new Set(TABLE.entryPoints.map((r) => r.name));
    const excluded = new Map(TABLE.excluded.map((e) => [e.name, e]));
    const missing: string[] = [];
    const need = (name: string): void => {
      if (!rows.has(name) && !excluded.has(name)) missing.push(name);
    };
    for (const [modName, mod] of Object.entries(mods)) {
      for (const [name, value] of Object.entries(mod)) {
        if (name === "default" || name === "__esModule" || name === "module.exports") continue;
        const ex = excluded.get(name);
        if (ex?.sameAs !== undefined) {
          expect({ name, same: value === mod[ex.sameAs] }).toEqual({ name, same: true });
          continue;
        }
        if (typeof value !== "function") {
          // An exported object with methods (a ready converter, say): each method is an entry point.
          const ms = excluded.has(name) ? [] : objectMethods(value);
          for (const m of ms) need(`${name}.${m}`);
          if (ms.length === 0 && !excluded.has(name)) missing.push(`${name} (a ${typeof value} of ${modName}: exclude it with a reason, or give it a row)`);
          continue;
        }
        if (!isClass(name, value)) {
          need(name);
          continue;
        }
        need(`new ${name}`);
        for (const s of statics(value)) need(`${name}.${s}`);
        for (const m of methods(value as { prototype?: object })) need(`${name}#${m}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every row and exclusion names something exported (no stale rows)", async () => {
    const mods = await modules();
    const stale = [...TABLE.entryPoints.map((r) => r.name), ...TABLE.excluded.map((e) => e.name)].filter((name) => {
      if (!name.startsWith("new ") && !name.includes(".") && !name.includes("#")) return !Object.values(mods).some((m) => Object.hasOwn(m, name));
      return resolveIn(mods, name) === undefined;
    });
    expect(stale).toEqual([]);
  });

  it("every known failure names a form its row tries", () => {
    const unknown: string[] = [];
    for (const row of TABLE.entryPoints) {
      const ids = new Set(formsOf(row).map((f) => f.id));
      for (const f of Object.keys(row.expectFailUntil ?? {})) if (!ids.has(f)) unknown.push(`${rowId(row)}: ${f}`);
    }
    expect(unknown).toEqual([]);
  });

  it("the other build is loaded from dist/ (build first: npm run build)", async () => {
    const other = await otherBuild();
    expect(other.ToolResult).not.toBe(core.ToolResult);
    expect(core.ToolResult.isToolResult(other.ToolResult.ok("x"))).toBe(true);
  });
});

describe.each(TABLE.entryPoints.map((r) => [rowId(r), r] as const))("%s", (_id, row) => {
  it("its valid base value works (the reference)", async () => {
    const ref = await reference(row);
    if (row.mode === "guard") expect(ref).toEqual({ kind: "value", value: true });
    else expect(summary(ref)).toMatch(/^value /);
  });

  for (const form of formsOf(row)) {
    const until = row.expectFailUntil?.[form.id];
    const test = until ? it.failing : it;
    test(`${form.id}${until ? ` (fails until ${until})` : ""}`, async () => {
      expect(await problemOf(row, form)).toBeUndefined();
    });
  }
});

describe("no approval is derived from a non-boolean ok", () => {
  for (const c of TABLE.cases) {
    const test = c.expectFailUntil ? it.failing : it;
    test(`${c.name}${c.expectFailUntil ? ` (fails until ${c.expectFailUntil})` : ""}`, async () => {
      const fn = await callOf(c.call);
      let outcome: Outcome;
      try {
        outcome = { kind: "value", value: fn(c.args.map((d) => build(d))) };
      } catch (e) {
        outcome = { kind: "error", error: e, thrown: true };
      }
      expect(summary(outcome)).toMatch(/^error /);
      expect(safeInstanceOf((outcome as { error?: unknown }).error, ValidationError)).toBe(true);
    });
  }
});
