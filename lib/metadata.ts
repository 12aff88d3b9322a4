// The metadata rules of a ToolResult: JSON data, with the one reserved key `pending` holding a Request.
import { ValidationError, thrownMessage } from "./errors";
import { copyJson, fail, isHazard, markHazard, newWalk, own, Stamp, typeName } from "./json-data";
import { joinPath } from "./path";
import { isLocalRequest, Request, toRequest } from "./suspension";

/** Metadata roots already validated by this copy of the library carry this private field: shared as they are. */
class Root extends Stamp {
  readonly #root = true;
  static has(value: object): boolean {
    return #root in value;
  }
  static mark<T extends object>(value: T): T {
    return new Root(value) as unknown as T;
  }
}

/** The reserved key that turns a result into a suspension. */
export const PENDING = "pending";

/**
 * Validates a caller's metadata and returns a deep-frozen copy owned by the library, or `null` for
 * `null`, `undefined` and `{}`. `pending` must be a Request (a Request-shaped object is revived).
 */
export function toMetadata(value: unknown, path = "metadata"): Readonly<Record<string, unknown>> | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "object" && Root.has(value)) return value as Readonly<Record<string, unknown>>;
  const walk = newWalk(path);
  let proto: unknown;
  try {
    proto = typeof value === "object" && !Array.isArray(value) ? Object.getPrototypeOf(value) : undefined;
  } catch {
    proto = undefined;
  }
  if (proto !== Object.prototype && proto !== null) {
    return fail("invalid-type", walk, `metadata must be a plain object, got ${typeName(value)}`, "Pass a plain object such as { source: \"cache\" }, or null.");
  }
  // The root is walked here rather than by copyJson so that `pending` can be read as a Request.
  const src = value as Record<string, unknown>;
  let keys: string[];
  try {
    keys = Object.keys(src);
  } catch (e) {
    return fail("not-json", walk, `listing the keys of metadata threw (${thrownMessage(e)})`, "Pass plain data.", e);
  }
  const out: Record<string, unknown> = {};
  let count = 0;
  let hazard = false;
  walk.ancestors.push(src);
  for (const key of keys) {
    walk.stack.push(key);
    let v: unknown;
    try {
      v = src[key];
    } catch (e) {
      return fail("not-json", walk, `reading this property threw (${thrownMessage(e)})`, "Pass plain data: a getter or a Proxy that throws cannot be read as JSON.", e);
    }
    if (v !== undefined) {
      let c: unknown;
      if (key === PENDING) {
        c = toPending(v, joinPath(path, PENDING));
        if (isHazard((c as Request).data)) hazard = true;
      } else {
        walk.hazard = false;
        c = copyJson(v, walk, 0);
        if (walk.hazard) hazard = true;
      }
      if (key === "__proto__") Object.defineProperty(out, key, { value: c, enumerable: true, writable: true, configurable: true });
      else out[key] = c;
      if (key === "constructor" || key === "valueOf" || key === "toString") hazard = true;
      count++;
    }
    walk.stack.pop();
  }
  if (count === 0) return null;
  Object.freeze(Root.mark(own(out)));
  if (hazard) markHazard(out);
  return out;
}

function toPending(value: unknown, path: string): Request {
  if (isLocalRequest(value)) return value;
  const kind = typeName(value); // never throws, even for a revoked Proxy
  if (typeof value !== "object" || value === null || kind === "an array" || kind === "a revoked Proxy") {
    throw new ValidationError(
      "invalid-pending",
      `metadata.pending is reserved for a Request, but holds ${typeName(value)} at ${path}. Use ToolResult.pending(request), or store other data under another key.`,
      { path },
    );
  }
  try {
    return toRequest(value, path);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    throw new ValidationError(
      "invalid-pending",
      `metadata.pending is reserved for a Request, and this one cannot be read: ${e.message} Use ToolResult.pending(request), or store other data under another key.`,
      { path: e.path, cause: e },
    );
  }
}
