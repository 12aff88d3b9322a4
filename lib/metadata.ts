// The metadata rules of a ToolResult: JSON data, with the one reserved key `pending` holding a Request.
import { isToolnexusError, ValidationError } from "./errors";
import { copyObject, countMore, fail, isHazard, isPlainObject, markHazard, newWalk, ownedCount, typeName, type Walk } from "./json-data";
import { isMetadataRoot, newMetadataRoot } from "./marks";
import { Request, requestKeys, toRequest } from "./request";

/** The reserved key that turns a result into a suspension. */
export const PENDING = "pending";

/**
 * Validates a caller's metadata and returns a deep-frozen copy owned by the library, or `null` for
 * `null`, `undefined` and `{}`. `pending` must be a Request (a Request-shaped object is revived).
 */
export function toMetadata(value: unknown): Readonly<Record<string, unknown>> | null {
  if (value === undefined || value === null) return null;
  if (isMetadataRoot(value)) return value as Readonly<Record<string, unknown>>;
  const walk = newWalk("metadata");
  if (!isPlainObject(value)) {
    return fail("invalid-type", walk, `metadata must be a plain object, got ${typeName(value)}`, "Pass a plain object, or null.");
  }
  // The root is copied into an object stamped as a root, and its `pending` is read as a Request.
  const out = copyObject(value, walk, -1, newMetadataRoot(), readPending);
  return Object.keys(out).length === 0 ? null : out;
}

/** `The id is missing` as it reads after a colon: `the id is missing`. */
function lowerFirst(s: string): string {
  return /^(The|A|An) /.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
}

/** Reads `metadata.pending`: a Request (this library's, kept as it is) or a Request-shaped object. */
function readPending(value: unknown, walk: Walk): Request {
  let request: Request;
  try {
    request = toRequest(value, `${walk.prefix}.${PENDING}`);
  } catch (e) {
    if (!isToolnexusError(e, ValidationError)) throw e;
    throw new ValidationError(
      "invalid-pending",
      `metadata.pending is reserved for a Request, and this value is not one: ${lowerFirst(e.message)} Use ToolResult.pending(request), or store other data under another key.`,
      { path: e.path, cause: e },
    );
  }
  countMore(walk, valuesBelow(request));
  // A request whose data holds a key fast-deep-equal misreads, or of a subclass (fast-deep-equal compares
  // constructors): jsonEqual compares it, and the root holding it, itself, by fields.
  if (isHazard(request.data) || Object.getPrototypeOf(request) !== Request.prototype) {
    markHazard(request);
    walk.hazard = true;
  }
  return request;
}


/**
 * The values below a request in its JSON (each field present, and what its `data` holds), as metadata counts
 * them: read from its fields, never from a `toJSON` a subclass may override, so that equal requests count alike.
 */
function valuesBelow(request: Request): number {
  let n = 0;
  for (const key of requestKeys()) {
    const value: unknown = Reflect.get(request, key);
    if (value !== undefined) n += key === "data" ? 1 + ownedCount(value) : 1;
  }
  return n;
}
