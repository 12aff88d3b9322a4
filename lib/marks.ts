// The private marks: how this loaded copy of the library knows the JSON it made itself (and, through `Stamp`,
// the values of value-class.ts). A private field
// is invisible to every reflection API (keys, symbols, spread, JSON, structuredClone, util.inspect) and cannot
// be forged outside this module: not by `instanceof`, the prototype, a `Symbol.for` brand, or a Proxy of a
// marked object. See docs/trust.md, "Reading what callers pass" ("Genuine or checked").

/**
 * Returns the object it is given, so that a subclass's field initializers stamp that object. Use what `new`
 * returns (it is the object given): a bundler sees a constructor without effects and drops a bare `new`.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- the class is the mechanism: `extends Stamp` lets a subclass's private field initializers run on the object the constructor returns
export class Stamp {
  constructor(value: object) {
    return value;
  }
}

/**
 * Frozen arrays of parts built by this copy of the library (a result's `parts`), safe to share, carry this
 * private field. A private field is invisible to every reflection API (keys, symbols, spread, JSON,
 * structuredClone, util.inspect) and cannot be forged outside this module, as a WeakSet entry could not; but it
 * costs one property transition, where a WeakSet hashed each object and cost the collector an ephemeron per
 * entry. Stamp an object once, before freezing it.
 */
class Owned extends Stamp {
  readonly #owned = true;
  static has(value: object): boolean {
    return #owned in value;
  }
}

/** Marks a frozen array of parts the library built itself and is about to freeze (once per value, before the freeze). */
export function markOwned<T extends object>(value: T): T {
  return new Owned(value) as T; // `new` returns `value` itself (see Stamp), which the type system cannot follow
}

/** True for a frozen array of parts the library built itself (never for JSON data: see {@link jsonSizeOf}). */
export function isOwned(value: unknown): boolean {
  return typeof value === "object" && value !== null && Owned.has(value);
}

/** The size the next {@link OwnedJson} stamps: set by {@link markJson} just before `new`, read by the field initializer. */
let stamping = 0;

/**
 * Deep-frozen JSON objects and arrays built by this copy of the library (metadata, `Request.data` and every
 * subtree of them) carry this private field, holding their size as json-data.ts encodes it (how many values
 * the subtree's JSON text holds, and how deep it nests): a shared subtree adds its size to a walk without
 * being walked again. Private, so nothing outside this module can forge an object as owned, nor change its
 * size. One field, set once by its initializer (one property transition, as a `true` flag costs).
 */
class OwnedJson extends Stamp {
  readonly #size = stamping;
  static readonly sizeOf = (value: unknown): number => (typeof value === "object" && value !== null && #size in value ? value.#size : -1);
}

/** Marks a JSON object or array the library built and is about to freeze, with its encoded size (a small integer, 0 or more). */
export function markJson<T extends object>(value: T, size: number): T {
  stamping = size;
  return new OwnedJson(value) as T; // `new` returns `value` itself (see Stamp), which the type system cannot follow
}

/** The encoded size a JSON object or array this copy of the library built carries, or -1 for anything else. */
export const jsonSizeOf: (value: unknown) => number = OwnedJson.sizeOf;

// Each `has` below is an arrow, which needs no receiver: it is exported on its own (`isGenuineResult`, ...).

/** Metadata roots already validated by this copy of the library carry this private field: shared as they are. */
class MetadataRoot extends Stamp {
  readonly #root = true;
  static readonly has = (value: unknown): boolean => typeof value === "object" && value !== null && #root in value;
}

/** A fresh, empty object marked as a validated metadata root (filled, then frozen, by the metadata reader). */
// `new` returns the object literal itself (see Stamp), which the type system cannot follow.
export const newMetadataRoot = (): Record<string, unknown> => new MetadataRoot({}) as unknown as Record<string, unknown>;
/** True for a metadata root this copy of the library validated. */
export const isMetadataRoot: (value: unknown) => boolean = MetadataRoot.has;

// The genuine values of the four classes carry a mark of their own class, made by the construction engine
// (value-class.ts), whose test is a type guard.
