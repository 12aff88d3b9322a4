// The doors of a value class built on a field table (Request and Answer, fields.ts): making a genuine value,
// reading one from outside, the receiver of an instance method, `fromJSON`, `safeFromJSON` and the brand
// check. One logic for both classes, so that they read, check and trust values one way. See the README,
// "Reading what callers pass" ("Genuine or checked", "Every method, every receiver").
import { checksAsBranded } from "./boundary";
import type { BrandName } from "./brand";
import { safely, type SafeResult } from "./errors";
import { assignFields, readTable, type FieldTable, type Fields } from "./fields";
import { checkSubclass, prototypeFor, receiverProto } from "./receiver";

const { create, freeze, getPrototypeOf, keys } = Object;

/** What describes a class built on a field table. */
export interface FieldClassSpec {
  /** The class's public name (a bundler may rename the class itself). */
  readonly name: BrandName;
  /** How an error names the value: `A Request`. */
  readonly what: string;
  /** The class itself. */
  readonly base: { readonly prototype: object };
  /** The fields, in their order, each with its check. */
  readonly table: FieldTable;
  /** True for a value of the class this copy made (marks.ts). */
  readonly isGenuine: (value: unknown) => boolean;
  /** Marks an object as a genuine value of the class, before it is frozen (marks.ts). */
  readonly mark: <T extends object>(target: T) => T;
}

/** The doors of one class (see {@link fieldClass}); `T` is the class's instance type. */
export interface FieldClass<T> {
  /** Checks `fields`, assigns them in order to `target`, marks and freezes it (the subclass checked first). */
  make(fields: Fields, target: object, path?: string): T;
  /** Reads `value` by its own fields, once each, checks them and makes a new value with the prototype `proto`. */
  read(value: unknown, path?: string, proto?: object): T;
  /** A genuine value as it is; anything else read by its fields (an error names its place under `path`). */
  toValue(value: unknown, path: string): T;
  /**
   * The receiver of an instance method, as a genuine value: itself (one private-mark check), or anything
   * else (a look-alike, a Proxy, a value of another copy, a plain object given with `.call`) read and checked
   * once, as `fromJSON` checks, into a new value of its class: never a crash on an unchecked field.
   */
  self(receiver: unknown): T;
  /** `X.fromJSON` called on `cls` (the class, a subclass, or nothing): the static named `fn`. */
  fromJSON(cls: unknown, value: unknown, fn?: string): T;
  /** `X.safeFromJSON` called on `cls`. */
  safeFromJSON(cls: unknown, value: unknown): SafeResult<T>;
  /** `X.isX`: genuine, or branded with own fields that `fromJSON` accepts. Never throws. */
  isBranded(value: unknown): boolean;
}

/** The doors of a class built on a field table: one implementation for Request and Answer. */
export function fieldClass<T extends object>(spec: FieldClassSpec): FieldClass<T> {
  const { name, what, base, table, isGenuine, mark } = spec;
  const proto = base.prototype;
  const fieldKeys = keys(table);
  const make = (fields: Fields, target: object, path = ""): T => {
    checkSubclass(getPrototypeOf(target) as object, proto, fieldKeys);
    return freeze(mark(assignFields(target, table, fields, path))) as T;
  };
  const read = (value: unknown, path = "", at: object = proto): T => make(readTable(value, table, what, path), create(at) as object, path);
  const fromJSON = (cls: unknown, value: unknown, fn = "fromJSON"): T => read(value, "", prototypeFor(cls, base, name, fn));
  return {
    make,
    read,
    toValue: (value, path) => (isGenuine(value) ? (value as T) : read(value, path)),
    self: (receiver) => {
      if (isGenuine(receiver)) return receiver as T;
      // The subclass first, as on every creation path: a member that hides a field is named before any field is read.
      const at = receiverProto(receiver, proto);
      checkSubclass(at, proto, fieldKeys);
      return read(receiver, "", at);
    },
    fromJSON,
    safeFromJSON: (cls, value) => safely(() => fromJSON(cls, value, "safeFromJSON")),
    // Genuine: the fast path. Else a brand is a claim: the value's own fields are read once and checked.
    isBranded: (value) => isGenuine(value) || checksAsBranded(value, name, fieldKeys, (fields) => read(fields)),
  };
}
