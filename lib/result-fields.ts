// The four fields of a ToolResult read from what callers pass (an init, the changes of `with`, the JSON
// shape), each checked by its own rule: `output` a string, `isError` a boolean, `parts` parts or their JSON,
// `metadata` by the metadata rules (metadata.ts).
import { guard, ownField, wrongType } from "./boundary";
import { isGenuinePart, toContentPart, type ContentPart } from "./content-part";
import type { ContentPartJSON } from "./part-build";
import { raise } from "./errors";
import type { DeepReadonly } from "./json-type";
import { isOwned, markOwned } from "./marks";
import { toMetadata } from "./metadata";
import { keyPath } from "./path";
import { quoted } from "./quote";

/**
 * The metadata a result holds when no type is given: JSON data keyed by string. Its values are `any` so
 * that reading and recipes (`r.withMetadata((m) => { m.retries += 1; })`) work without a declared type;
 * give `ToolResult` a type argument (or subclass it) for checked metadata.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- public API: untyped metadata reads and recipes (`m.retries += 1`) work without a declared type
export type Metadata = Record<string, any>;

/** A part, or its JSON shape. */
export type PartInput = ContentPart | ContentPartJSON;

/** What `new ToolResult(...)` and `result.with(...)` take. */
export interface ToolResultInit<M extends object = Metadata> {
  output?: string;
  isError?: boolean;
  parts?: readonly PartInput[] | null;
  metadata?: M | DeepReadonly<M> | null;
}

/** What the static factories take besides the output: parts and metadata. */
export interface PartsAndMetadata<M extends object = Metadata> {
  parts?: readonly PartInput[] | null;
  metadata?: M | DeepReadonly<M> | null;
}

/** The JSON shape of a result (the wire format shared by every toolnexus port). */
export interface ToolResultJSON {
  output: string;
  isError: boolean;
  parts?: ContentPartJSON[];
  metadata?: Record<string, unknown>;
}

/** A result's fields, in their fixed order (a result of any metadata type has them). */
export interface ResultFields {
  output: string;
  isError: boolean;
  parts: readonly ContentPart[] | null;
  metadata: object | null;
}

/** The four fields, in their fixed order. */
// Literals, not the results of calls: importing the module runs no code.
export const RESULT_KEYS = ["output", "isError", "parts", "metadata"];
/** What the inits of `ok()` and `error()` take. */
export const PARTS_AND_METADATA = ["parts", "metadata"];
const hasOwn = Object.hasOwn;
/** What an array hole reads as in `toParts` (a hole is refused; an `undefined` entry is not a part either). */
const HOLE = {};
const OUTPUT_FIX = "Pass text; to return data, use ToolResult.json(value).";

/** The usual fix: "Pass an object with a, b, c." */
export function objectWith(keys: readonly string[]): string {
  return `Pass an object with ${keys.join(", ")}.`;
}

export function checkOutput(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return raise("missing", "output", "The output is missing", OUTPUT_FIX);
  return wrongType("output", "The output", "a string", value, OUTPUT_FIX);
}

export function checkIsError(value: unknown): boolean {
  return typeof value === "boolean" ? value : wrongType("isError", "The isError flag", "a boolean", value, "Pass true or false.");
}

/** Validates a parts list: `null`, `undefined` and `[]` give `null`; entries may be parts or their JSON. */
export function toParts(value: unknown): readonly ContentPart[] | null {
  // `null` for null and undefined; a list the library built is shared.
  if (value === undefined || value === null || isOwned(value)) return (value ?? null) as readonly ContentPart[] | null;
  const list = value as unknown[];
  const n = guard("parts", "the parts", () => (Array.isArray(list) ? list.length : -1));
  if (n < 1) return n < 0 ? wrongType("parts", "The parts", "an array", value, "Pass an array of parts or null.") : null;
  const out = new Array<ContentPart>(n);
  for (let i = 0; i < n; i++) {
    // An own entry, read once: a hole must not pick up Object.prototype[i]. The path is built only for an error.
    const entry = guard(() => `parts[${i}]`, "this part", () => (hasOwn(list, i) ? list[i] : HOLE));
    if (entry === HOLE) raise("invalid-value", `parts[${i}]`, "The parts list has a hole", "Pass a dense array.");
    out[i] = isGenuinePart(entry) ? entry : toContentPart(entry, `parts[${i}]`);
  }
  return Object.freeze(markOwned(out));
}

/**
 * Reads and validates the fields an object gives. With `allowed`, the object is an init: it may be absent,
 * and a key it may not have is an error. Without, it is a result's JSON shape: `output` is required, and
 * keys other than the four fields are ignored. Each value is read once; the result holds only the fields
 * given (`output` and `isError` given as `undefined` are not; `parts` and `metadata` so given are `null`).
 */
export function readResultFields(value: unknown, what: string, allowed?: readonly string[]): Partial<ResultFields> {
  // No prototype: `given` and `fields` answer only for the keys set here, never for Object.prototype's.
  const given = Object.create(null) as Record<string, unknown>;
  if (!allowed || (value !== undefined && value !== null)) {
    const keys = allowed ?? RESULT_KEYS;
    if (typeof value !== "object" || value === null || guard("", "the value", () => Array.isArray(value))) {
      const hint = typeof value === "string" && !allowed ? "Did you forget JSON.parse? " : "";
      wrongType("", what, "an object", value, hint + objectWith(keys));
    }
    const src = value;
    for (const k of guard("", "the keys", () => (allowed ? Object.keys(src) : RESULT_KEYS))) {
      if (!keys.includes(k)) raise("invalid-value", keyPath("", k), `${what} has an unknown key ${quoted(k)}`, objectWith(keys));
      given[k] = ownField(src, k, "");
    }
  }
  const fields = Object.create(null) as Partial<ResultFields>;
  if (given.output !== undefined || !allowed) fields.output = checkOutput(given.output);
  if (given.isError !== undefined) fields.isError = checkIsError(given.isError);
  if (hasOwn(given, "parts")) fields.parts = toParts(given.parts);
  if (hasOwn(given, "metadata")) fields.metadata = toMetadata(given.metadata);
  return fields;
}
