// Brands let `isToolResult` and friends recognise values made by another loaded copy of the package (the
// ESM and the CJS build side by side): `Symbol.for` gives both copies the same key. A brand only says what a
// value claims to be: anyone can write it (on an object, on a prototype, on a polluted Object.prototype), so
// a branded value that this copy did not make is read by its fields and checked before it is trusted (see
// boundary.ts, "Genuine or checked").
import { lookUp } from "./platform";

/** The registered symbol under which every toolnexus prototype names its type. */
export const BRAND: unique symbol = Symbol.for("toolnexus.brand") as never;

/** Node's custom inspect hook, looked up by its registered name so that the core imports nothing from Node. */
export const INSPECT: unique symbol = Symbol.for("nodejs.util.inspect.custom") as never;

/** The four toolnexus value types. */
export type BrandName = "ToolResult" | "ContentPart" | "Request" | "Answer";

/**
 * The brand `value` carries, read below `Object.prototype` by platform.ts's prototype walk: on the value
 * itself or on a prototype of its chain other than `Object.prototype` (of this realm, or the root of another
 * realm's chain), so that a polluted `Object.prototype` brands nothing. A getter brand (the prototypes' own)
 * runs with `value` as its receiver, as a property read would. `undefined` when there is none. What a hostile
 * Proxy throws while its chain is read is thrown: {@link brandOf} is the version that never throws.
 */
export function readBrand(value: unknown): unknown {
  return typeof value === "object" && value !== null ? lookUp(value, BRAND) : undefined;
}

/** {@link readBrand}, with `undefined` for a value whose chain cannot be read (a hostile Proxy): never a throw. */
export function brandOf(value: unknown): unknown {
  try {
    return readBrand(value);
  } catch {
    return undefined; // a hostile Proxy: certainly not one of ours
  }
}

/** True when `value` carries the brand `name` (see {@link brandOf}): a claim, to be checked unless the value is genuine. */
export function hasBrand(value: unknown, name: BrandName): boolean {
  return brandOf(value) === name;
}

/** The prototype of an object, or `undefined` when it cannot be read (a hostile Proxy). */
export function protoOf(value: object): object | null | undefined {
  try {
    return Object.getPrototypeOf(value) as object | null;
  } catch {
    return undefined;
  }
}
