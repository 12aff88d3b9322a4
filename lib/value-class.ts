// The one construction engine of the four value classes (ToolResult, ContentPart, Request, Answer). A class
// gives its name, its fields in order and how its fields are read from outside; the kit does the rest, one way
// for all four: the private mark of a genuine value (a type guard), the receiver rule of the statics, the
// subclass check of every creation path, assigning the fields in order, marking and freezing, the checked
// receiver of an instance method, `fromJSON`, `safeFromJSON` and the brand check `isX`. Each class's own file
// holds its fields' checks and its methods. See docs/subclassing.md and docs/trust.md, "Reading what callers pass"
// ("Genuine or checked", "Every method, every receiver").
import { guard, isArrayAt, ownField, requiredString, stringOrAbsent, wrongType } from "./boundary";
import { hasBrand, protoOf, type BrandName } from "./brand";
import { asValidationError, raise, safely, thrownMessage, type SafeResult, type ToolnexusError, type ValidationError } from "./errors";
import { copyJsonObject, jsonEqual, typeName } from "./json-data";
import { Stamp } from "./marks";
import { joinPath } from "./path";
import { escapeControl } from "./quote";

/** Fields read from an input, by name. */
export type Fields = Record<string, unknown>;

const { freeze, getPrototypeOf, hasOwn } = Object;
/** `Object.create` and `Object.getPrototypeOf`, typed for what they give here. */
const createObject: (proto: object) => Fields = Object.create;
const prototypeOf: (value: object) => object | null = Object.getPrototypeOf;

/** What describes one value class to the kit. */
export interface ValueSpec<T extends object, E extends ToolnexusError> {
  /** The class's public name (a bundler may rename the class itself), as its brand says it. */
  readonly name: BrandName;
  /** The class itself. */
  readonly base: { readonly prototype: T };
  /** The fields, in their fixed order. */
  readonly keys: readonly string[];
  /** Reads a value from outside (JSON, a look-alike, a value of another copy) by its own fields, each once, and checks them (errors at `path`). */
  readonly read: (value: unknown, path: string) => object;
  /** What any error of the kit becomes: a ValidationError (asValidationError), a part's a ContentPartError (asPartError). */
  readonly asError: (e: unknown) => E;
}

/** The engine of one class (see {@link valueClass}); `T` is the class's instance type. */
export interface ValueKit<T extends object, E extends ToolnexusError> {
  /** True for a value of the class this copy of the library made (a private mark nothing can forge): the fast path of every door. */
  readonly is: (value: unknown) => value is T;
  /** A new object of the prototype `proto`, the subclass checked first, for the class to fill in its fixed order and {@link ValueKit.seal}. */
  readonly create: (proto: object) => Fields;
  /** Marks a filled object as a genuine value and freezes it. */
  readonly seal: (target: object) => T;
  /** Assigns `fields` in order to `target` (only `fields`' own keys count: absent ones are `undefined`), the subclass checked first; marks and freezes. */
  readonly fill: (target: object, fields: object) => T;
  /** {@link ValueKit.fill} of a new object of the prototype `proto`. */
  readonly make: (proto: object, fields: object) => T;
  /** A copy: {@link ValueKit.make} with the prototype of the genuine value `value` (a subclass stays one). */
  readonly like: <V extends T>(value: V, fields: object) => V;
  /** The prototype a static named `fn` called on `cls` builds with (see {@link prototypeFor}). */
  readonly proto: (cls: unknown, fn: string) => object;
  /** A value of the prototype `proto` (the class's own by default) from `value`: a genuine one's fields as they are, anything else read and checked. */
  readonly read: (value: unknown, path?: string, proto?: object) => T;
  /** A genuine value as it is; anything else read by its fields (an error names its place under `path`). */
  readonly toValue: (value: unknown, path: string) => T;
  /**
   * The receiver of an instance method, as a genuine value: itself (one private-mark check), or anything else
   * (a look-alike, a Proxy, a value of another copy, a plain object given with `.call`) read and checked once,
   * as `fromJSON` checks, into a new value of its class: never a crash on an unchecked field.
   */
  readonly self: (receiver: unknown) => T;
  /** `X.fromJSON` called on `cls` (the class, a subclass, or nothing): the static named `fn`. */
  readonly fromJSON: (cls: unknown, value: unknown, fn?: string) => T;
  /** `X.safeFromJSON` called on `cls`: never throws. */
  readonly safeFromJSON: (cls: unknown, value: unknown) => SafeResult<T, E>;
  /** `X.isX`: genuine, or branded with own fields that `fromJSON` accepts. Never throws. */
  readonly isBranded: (value: unknown) => value is T;
  /**
   * `equals()` of the receiver (made genuine by {@link ValueKit.self}): true for the receiver itself, or for a
   * genuine value of the very same prototype whose fields `same` finds equal (by default every field compared
   * as JSON, shared subtrees by reference first: {@link sameFields}). A look-alike or a Proxy is never equal.
   */
  readonly equals: (receiver: unknown, other: unknown, same?: (a: T, b: T) => boolean) => boolean;
  /** `toJSON()` of a class whose JSON is its fields: the receiver's fields in order, those that are `undefined` left out. */
  readonly json: (receiver: unknown) => Fields;
}

/** The engine of one value class: made once per class, on first use (importing a module runs no code). */
export function valueClass<T extends object, E extends ToolnexusError>(spec: ValueSpec<T, E>): ValueKit<T, E> {
  const { name, base, keys, read: readFields, asError } = spec;
  const baseProto: object = base.prototype;

  /** The private mark of this class's genuine values: one private field, set on each instance before it is frozen. */
  class Mark extends Stamp {
    readonly #genuine = true;
    static readonly is = (value: unknown): value is T => typeof value === "object" && value !== null && #genuine in value;
  }
  const is = Mark.is;
  // `new Mark(target)` returns `target`, now carrying the private field (see Stamp): the one cast of the kit.
  const seal = (target: object): T => freeze(new Mark(target)) as unknown as T;
  const create = (proto: object): Fields => {
    checkSubclass(proto, baseProto, keys);
    return createObject(proto);
  };
  const assign = (t: object, fields: object): T => {
    for (const k of keys) Reflect.set(t, k, hasOwn(fields, k) ? Reflect.get(fields, k) : undefined);
    return seal(t);
  };
  const fill = (target: object, fields: object): T => {
    checkSubclass(prototypeOf(target) ?? baseProto, baseProto, keys);
    return assign(target, fields);
  };
  const make = (proto: object, fields: object): T => assign(create(proto), fields);
  const proto = (cls: unknown, fn: string): object => {
    if (cls === base || cls === undefined || cls === null) return baseProto;
    try {
      return prototypeFor(cls, base, name, fn);
    } catch (e) {
      throw asError(e);
    }
  };
  const read = (value: unknown, path = "", at: object = baseProto): T => {
    try {
      // A genuine value's fields were checked when it was made: copied as they are, into the prototype wanted.
      if (is(value)) return getPrototypeOf(value) === at ? value : make(at, value);
      checkSubclass(at, baseProto, keys); // the subclass first: a member that hides a field is named before any field is read
      return make(at, readFields(value, path));
    } catch (e) {
      throw asError(e);
    }
  };
  const fromJSON = (cls: unknown, value: unknown, fn = "fromJSON"): T => read(value, "", proto(cls, fn));
  const self = (receiver: unknown): T => (is(receiver) ? receiver : read(receiver, "", receiverProto(receiver, baseProto)));
  return {
    is,
    create,
    seal,
    fill,
    make,
    // A genuine value's prototype is the class's or a subclass's, whose instances are of its type.
    like: <V extends T>(value: V, fields: object): V => make(prototypeOf(value) ?? baseProto, fields) as V,
    proto,
    read,
    toValue: (value, path) => (is(value) ? value : read(value, path)),
    self,
    fromJSON,
    safeFromJSON: (cls, value) => safely(() => fromJSON(cls, value, "safeFromJSON"), asError),
    // Genuine: the fast path. Else a brand is a claim: the value's own fields are read once and checked.
    isBranded: (value): value is T => is(value) || checksAsBranded(value, name, keys, (fields) => readFields(fields, "")),
    equals: (receiver, other, same) => {
      const me = self(receiver);
      if (other === receiver) return true;
      if (!is(other) || prototypeOf(other) !== prototypeOf(me)) return false;
      return same === undefined ? sameFields(me, other, keys) : same(me, other);
    },
    json: (receiver) => fieldsJSON(self(receiver), keys),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The receiver rule of the statics, and the subclass check of every creation path

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
function prototypeFor(cls: unknown, base: { readonly prototype: object }, name: string, fn: string): object {
  const proto = base.prototype;
  if (cls === base || cls === undefined || cls === null) return proto;
  let problem: string;
  if (typeof cls === "function") {
    try {
      const p: unknown = Reflect.get(cls, "prototype");
      if (p === proto || (typeof p === "object" && p !== null && descends(p, proto))) return p;
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

/** True when `base` is on the prototype chain of `value` (a subclass's prototype descends from its class's). */
function descends(value: object, base: object): boolean {
  return Object.prototype.isPrototypeOf.call(base, value);
}

/**
 * The class a static hook calls `fromJSON` on (Vercel Workflow's deserializer, `this.fromJSON(data)`, so that a
 * subclass's own `fromJSON` runs): the receiver when it is `base` or a subclass, `base` when there is none; any
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
function checkSubclass(proto: object, base: object, fields: readonly string[]): void {
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
    for (let p: unknown = proto; typeof p === "object" && p !== null && p !== base; p = getPrototypeOf(p)) {
      for (const field of fields) {
        const d = Object.getOwnPropertyDescriptor(p, field);
        if (d === undefined) continue;
        const kind = d.get || d.set ? "an accessor" : typeof d.value === "function" ? "a method" : "a value";
        const ctor: unknown = Object.getOwnPropertyDescriptor(p, "constructor")?.value;
        const name = typeof ctor === "function" && typeof ctor.name === "string" && ctor.name !== "" ? ` ${escapeControl(ctor.name)}` : "";
        return `The subclass${name} defines ${kind} named ${field}, which hides the field ${field}`;
      }
    }
    return "";
  } catch (e) {
    return `The subclass's prototype cannot be inspected (${thrownMessage(e)})`;
  }
}

/**
 * The prototype a value this copy did not make is re-created with, once read and checked: its own when it
 * is `base` or descends from it (a subclass's, a look-alike's made with `Object.create(base)`), else `base`
 * (a plain object, a value of another loaded copy, a Proxy whose prototype cannot be read, a primitive).
 */
function receiverProto(value: unknown, base: object): object {
  if (typeof value !== "object" || value === null) return base;
  const proto = protoOf(value);
  return proto === base || (typeof proto === "object" && proto !== null && descends(proto, base)) ? proto : base;
}

/**
 * The slow path of the four brand checks, for a value this copy did not make: true when `value` carries the
 * brand `name` (below Object.prototype: see brand.ts) and has every one of `keys` as an own property, read
 * once each into a fresh object that `check` (the class's `fromJSON` check) accepts. A value of another loaded
 * copy passes (it holds all its fields, checked when it was made); `Object.create(ToolResult.prototype)`, a
 * bare brand, or a look-alike whose `ok` is the string `"false"` does not. Never throws: a throwing getter or
 * Proxy trap, a revoked Proxy, or a failed check is `false`.
 */
function checksAsBranded(value: unknown, name: BrandName, keys: readonly string[], check: (fields: Fields) => unknown): boolean {
  if (typeof value !== "object" || value === null || !hasBrand(value, name)) return false;
  try {
    const fields: Fields = {};
    for (const k of keys) {
      if (!hasOwn(value, k)) return false;
      fields[k] = Reflect.get(value, k);
    }
    check(fields);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// A fields table: the fields of a class, in their order, each with its check (Request and Answer)

/** Checks one field's value (found under `key`, at `path`) and returns what to store; `fields` are all of them. */
type Check = (value: unknown, path: string, key: string, fields: Fields) => unknown;

/** The fields of a class, in their order, each with its check. */
export type FieldTable = Readonly<Record<string, Check>>;

/**
 * What describes a class whose fields are a table (Request, Answer) to the kit: its keys the table's, in order,
 * a value from outside read by {@link readTable} (`what` names it in the error for a non-object: `A Request`),
 * every error a ValidationError.
 */
export function tableSpec<T extends object>(name: BrandName, base: { readonly prototype: T }, table: FieldTable, what: string): ValueSpec<T, ValidationError> {
  return { name, base, keys: Object.keys(table), read: (value, path) => readTable(value, table, what, path), asError: asValidationError };
}

/**
 * Reads the fields `table` lists from `value`, as own properties (a key on Object.prototype is absent), each
 * getter once and in order, then checks them in that order. `what` names the value in the error for a
 * non-object (`A Request`). With `base` (the copy path of `with`), a field that is not `value`'s own is taken
 * from `base`; `complete` may fill in what was not given (a generated id) before the checks. A throwing getter or Proxy trap, and a revoked Proxy, are an `invalid-value` error at the field
 * it threw on.
 */
export function readTable(value: unknown, table: FieldTable, what: string, path = "", base?: object, complete?: (given: Fields) => void): Fields {
  const keys = Object.keys(table);
  if (typeof value !== "object" || value === null || isArrayAt(value, path)) {
    const hint = typeof value === "string" ? " (did you forget JSON.parse?)" : "";
    return wrongType(path, what, "an object", value, `Pass { ${keys.join(", ")} }${hint}.`);
  }
  const given: Fields = {};
  for (const key of keys) {
    given[key] = base === undefined ? ownField(value, key, path) : guard(joinPath(path, key), key, (): unknown => Reflect.get(hasOwn(value, key) ? value : base, key));
  }
  complete?.(given);
  return checkTable(table, given, path);
}

/** Checks `fields` in the table's order (only `fields`' own keys count: a key left out is absent), into a fresh object. */
export function checkTable(table: FieldTable, fields: Fields, path: string): Fields {
  const out: Fields = {};
  for (const key of Object.keys(table)) out[key] = table[key](hasOwn(fields, key) ? fields[key] : undefined, joinPath(path, key), key, fields);
  return out;
}

/** The JSON shape of a value: its fields in order, those that are `undefined` left out. */
export function fieldsJSON(value: object, keys: readonly string[]): Fields {
  const out: Fields = {};
  for (const key of keys) {
    const v: unknown = Reflect.get(value, key);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** True when two genuine values have equal fields (`data` compared structurally, shared subtrees by reference first), whatever their classes. */
export function sameFields(a: object, b: object, keys: readonly string[]): boolean {
  for (const k of keys) if (!jsonEqual(Reflect.get(a, k), Reflect.get(b, k))) return false;
  return true;
}

/** Whether a field may be absent, must be present, or must also be non-empty. */
export const OPTIONAL = 0;
export const REQUIRED = 1;
const NON_EMPTY = 2;

/** The check of a string field: `need` says whether it may be absent or empty, `fix` how to mend it. */
export function typedString(value: unknown, path: string, key: string, need: number, fix: string): string | undefined {
  if (need === NON_EMPTY) return requiredString(value, path, `The ${key}`, fix);
  if (value === undefined && need !== OPTIONAL) raise("missing", path, `The ${key} is missing`, fix);
  return stringOrAbsent(value, path, `The ${key}`, fix);
}

/** The check of a boolean field (absent is `missing` when `need` is REQUIRED). */
export function typedBoolean(value: unknown, path: string, key: string, need: number, fix: string): boolean | undefined {
  if (value === undefined) {
    if (need !== OPTIONAL) raise("missing", path, `The ${key} is missing`, fix);
    return undefined;
  }
  return typeof value === "boolean" ? value : wrongType(path, `The ${key} flag`, "a boolean", value, fix);
}

/** The check of a non-empty string field (`id`, `kind`). */
export const checkNonEmpty = (value: unknown, path: string, key: string, fix: string): string | undefined => typedString(value, path, key, NON_EMPTY, fix);

/** The check of an `id`, shared by Request and Answer (an answer carries its request's id). */
export const checkId = (value: unknown, path: string, key: string): string | undefined => checkNonEmpty(value, path, key, "Give a non-empty string id.");

/** The check of a `data` field: absent, or a JSON object, deep-frozen and owned. */
export function checkData(value: unknown, path: string): unknown {
  return value === undefined ? undefined : copyJsonObject(value, path, "data");
}
