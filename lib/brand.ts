// Brands let `isToolResult` and friends recognise values made by another loaded copy of the package (the
// ESM and the CJS build side by side): `Symbol.for` gives both copies the same key.

/** The registered symbol under which every toolnexus prototype names its type. */
export const BRAND: unique symbol = Symbol.for("toolnexus.brand") as never;

/** Node's custom inspect hook, looked up by its registered name so that the core imports nothing from Node. */
export const INSPECT: unique symbol = Symbol.for("nodejs.util.inspect.custom") as never;

/** The four toolnexus value types. */
export type BrandName = "ToolResult" | "ContentPart" | "Request" | "Answer";

/** True when `value` is a toolnexus value of the given type, from this copy of the package or another. */
export function hasBrand(value: unknown, name: BrandName): boolean {
  if (typeof value !== "object" || value === null) return false;
  try {
    return (value as { [BRAND]?: unknown })[BRAND] === name;
  } catch {
    return false; // a hostile Proxy: certainly not one of ours
  }
}

/**
 * `value instanceof C`, except that a value whose prototype cannot be read (a Proxy whose `getPrototypeOf`
 * trap throws, a revoked Proxy) is not an instance rather than a crash.
 */
export function isInstance(value: unknown, C: abstract new (...args: never[]) => unknown): boolean {
  try {
    return value instanceof C;
  } catch {
    return false;
  }
}

/** The prototype of an object, or `undefined` when it cannot be read (a hostile Proxy). */
export function protoOf(value: object): object | null | undefined {
  try {
    return Object.getPrototypeOf(value) as object | null;
  } catch {
    return undefined;
  }
}
