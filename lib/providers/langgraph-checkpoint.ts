// What a LangGraph checkpoint does to JSON data, and how toolnexus values cross it whole. Shared by
// langchain.ts (a ToolMessage's artifact) and langgraph.ts (interrupt and resume values).
//
// LangGraph's checkpoint serializer (`JsonPlusSerializer` of @langchain/langgraph-checkpoint) writes every
// value through a replacer and reads it back through a reviver, and both rewrite some plain JSON objects:
//
// - written: an object whose `lg_name` is `"Send"` becomes `{ node, args }` (plus `timeout` when it has one):
//   every other key is dropped;
// - read: a key `__proto__` is assigned to a fresh `{}` (it sets the prototype: the key is gone);
//   `{ lc: 2, type: "undefined" }` becomes `undefined`; `{ lc: 2, type: "delta_snapshot", value }` a
//   DeltaSnapshot; `{ lc: 2, type: "constructor", id: ["Set" | "Map" | "RegExp" | "Error" | "Uint8Array"],
//   ... }` that class's instance; `{ lc: 1, type: "constructor", id: [...] }` is loaded by LangChain's `load`
//   (a LangChain object, or an error that fails the checkpoint's read);
// - a ToolMessage's own `toJSON()` wraps an object with an `lc` key in `{ __lc_escaped__: ... }`, and
//   LangChain's loader unwraps an object keyed `__lc_escaped__`.
//
// So a value holding, at any depth, an object with an own `__proto__`, `lc` or `__lc_escaped__` key, or an
// own `lg_name` of `"Send"`, travels as its JSON text, which the checkpoint keeps as it is; any other as a
// fresh copy of the object. The readers take both. docs/hosts/langchain.md lists the shapes.
import { raise } from "../errors";
import { isGenuineRequest } from "../request";

/** Keys whose objects a checkpoint may not give back as the same plain data (with `lg_name: "Send"`). */
const CHECKPOINT_KEYS = new Set(["__proto__", "lc", "__lc_escaped__"]);

/** Marks a value a checkpoint would change, in {@link checkpointCopy}. */
const CHANGED: unique symbol = Symbol("changed by a checkpoint");

/**
 * A deep, fresh, unfrozen copy of the library's own JSON data (a genuine `Request`, as under `pending`, is
 * copied as its JSON), or {@link CHANGED} as soon as an object is one a checkpoint would change (an own key in
 * {@link CHECKPOINT_KEYS}, or an own `lg_name` of `"Send"`). An object met again (data that holds one subtree in
 * many places) is copied once: `copies` maps each object met in this call to its copy, so the work is linear
 * in the distinct objects, and the copy shares its subtrees where the data does (docs/trust.md, "Guarantees,
 * and every limit").
 */
function checkpointCopy(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const done = copies.get(value);
  if (done !== undefined) return done;
  let out: unknown;
  if (Array.isArray(value)) {
    const list: unknown[] = new Array(value.length);
    out = list;
    for (let i = 0; i < value.length; i++) {
      const item = checkpointCopy(value[i], copies);
      if (item === CHANGED) return CHANGED;
      list[i] = item;
    }
  } else {
    const source: object = isGenuineRequest(value) ? value.toJSON() : value;
    const fields: { [key: string]: unknown } = {};
    out = fields;
    for (const [key, v] of Object.entries(source)) {
      if (CHECKPOINT_KEYS.has(key) || (key === "lg_name" && v === "Send")) return CHANGED;
      const item = checkpointCopy(v, copies);
      if (item === CHANGED) return CHANGED;
      if (item !== undefined) fields[key] = item;
    }
  }
  copies.set(value, out);
  return out;
}

/**
 * `json` (the library's own JSON data: a value's `toJSON()`, a result's metadata) as it crosses a LangGraph
 * checkpoint whole: a fresh, unfrozen copy of the object, or its JSON text when the checkpoint would change
 * the object (see the head of this file).
 */
export function checkpointSafe<T extends object>(json: T): T | string {
  const copy = checkpointCopy(json, new Map());
  // The copy has the shape of `json`: it was made key by key from it.
  return copy === CHANGED ? JSON.stringify(json) : (copy as T);
}

/**
 * A value {@link checkpointSafe} wrote, read back: JSON text parsed (a string that is not JSON is a
 * `ValidationError`, `not-json`, at `path`), anything else as it is, for the reader to check.
 */
export function fromCheckpointText(value: unknown, path: string, what: string, fix: string): unknown {
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed;
  } catch (e) {
    return raise("not-json", path, `${what} is a string, but not JSON text`, fix, e);
  }
}
