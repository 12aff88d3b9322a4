// Checks shared by the property specs.
import { ToolnexusError } from "toolnexus";
import { describeThrown, safeInstanceOf } from "../hostile/constructs";

/**
 * Every code a toolnexus error may carry: the table of docs/errors.md, "The error classes" section. The rule: every error
 * the library throws is a `ToolnexusError` subclass with one of these codes and a string path; a new code is
 * added to that table and here together.
 */
export const CODES = new Set([
  "invalid-type", "missing", "not-json", "cycle", "too-deep", "invalid-value", "invalid-timestamp", "invalid-pending",
  "source-conflict", "source-missing", "unknown-extension", "unknown-mime", "too-large", "invalid-base64", "empty",
  "mime-mismatch", "read-failed", "invalid-source", "invalid-name", "unsupported",
]);

/** Throws a printable Error unless `e` is a ToolnexusError with a known code and a string path. */
export function assertToolnexusError(e: unknown, where: string): void {
  if (!safeInstanceOf(e, ToolnexusError)) throw new Error(`${where}: not a ToolnexusError: ${describeThrown(e)}`);
  const t = e as ToolnexusError;
  if (!CODES.has(t.code)) throw new Error(`${where}: unknown code ${String(t.code)}`);
  if (typeof t.path !== "string") throw new Error(`${where}: the path is not a string`);
  if (typeof t.message !== "string" || t.message === "") throw new Error(`${where}: no message`);
}

/** Throws unless every object reachable through own properties of `value` is frozen. */
export function assertDeepFrozen(value: unknown, path = "value", seen = new Set<object>()): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (!Object.isFrozen(value)) throw new Error(`${path} is not frozen`);
  for (const k of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, k)!;
    if (!("value" in d)) throw new Error(`${path}.${String(k)} is an accessor, not data`);
    assertDeepFrozen(d.value, `${path}.${String(k)}`, seen);
  }
}

/** Every object and array reachable from `value` through own data properties. */
export function nodesOf(value: unknown, out: object[] = [], seen = new Set<object>()): object[] {
  if (typeof value !== "object" || value === null || seen.has(value)) return out;
  seen.add(value);
  out.push(value);
  for (const k of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, k)!;
    if ("value" in d) nodesOf(d.value, out, seen);
  }
  return out;
}

/** JSON text with the keys of every object sorted: equal exactly when two values are equal up to key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(JSON.parse(JSON.stringify(value)) as unknown));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== "object" || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) Object.defineProperty(out, k, { value: sortKeys((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** A fingerprint of Object.prototype and Array.prototype: their own keys and what each holds. */
export function prototypeFingerprint(): unknown[] {
  const out: unknown[] = [];
  for (const proto of [Object.prototype, Array.prototype, Function.prototype]) {
    for (const k of Reflect.ownKeys(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, k)!;
      out.push(k, d.value, d.get, d.set, d.enumerable, d.writable);
    }
    out.push(Object.getPrototypeOf(proto), Object.isExtensible(proto));
  }
  return out;
}

/** True when two fingerprints hold the same entries, in order, by identity. */
export function sameFingerprint(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}
