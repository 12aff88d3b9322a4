// The field-table engine of Request and Answer: a table of checks per class (`REQUEST_FIELDS` in request.ts,
// `ANSWER_FIELDS` in answer.ts) drives reading (from init objects, JSON, or another copy of the package),
// validation, `toJSON` and `equals`, so that both classes read, check and compare their fields one way.
import { guard, isArrayAt, ownField, wrongType } from "./boundary";
import { raise } from "./errors";
import { copyJsonObject, jsonEqual } from "./json-data";
import { joinPath } from "./path";

/** Fields read from an input, by name. */
export type Fields = Record<string, unknown>;

/** Checks one field's value (found under `key`, at `path`) and returns what to store; `fields` are all of them. */
type Check = (value: unknown, path: string, key: string, fields: Fields) => unknown;

/** The fields of a class, in their order, each with its check. */
export type FieldTable = Readonly<Record<string, Check>>;

const { getPrototypeOf, hasOwn, keys } = Object;

/**
 * Reads the fields `table` lists from `value`, as own properties (a key on Object.prototype is absent), each
 * getter once and in order. `what` names the value in the error for a non-object (`A Request`). With `base`
 * (the copy path of `with`), a field that is not `value`'s own is taken from `base`. A throwing getter or
 * Proxy trap, and a revoked Proxy, are an `invalid-value` error at the field it threw on.
 */
export function readTable(value: unknown, table: FieldTable, what: string, path = "", base?: object): Fields {
  if (typeof value !== "object" || value === null || isArrayAt(value, path)) {
    const hint = typeof value === "string" ? " (did you forget JSON.parse?)" : "";
    return wrongType(path, what, "an object", value, `Pass { ${keys(table).join(", ")} }${hint}.`);
  }
  const out: Fields = {};
  for (const key of keys(table)) {
    out[key] = base === undefined ? ownField(value, key, path) : guard(joinPath(path, key), key, () => (hasOwn(value, key) ? (value as Fields)[key] : (base as Fields)[key]));
  }
  return out;
}

/**
 * Checks the fields in the table's order, then assigns them, in that order, to `target`. Only `fields`' own
 * keys count: a key left out is absent, never looked up on Object.prototype.
 */
export function assignFields(target: object, table: FieldTable, fields: Fields, path: string): object {
  const out: Fields = {};
  for (const key of keys(table)) out[key] = table[key](hasOwn(fields, key) ? fields[key] : undefined, joinPath(path, key), key, fields);
  return Object.assign(target, out);
}

/** The JSON shape: the table's fields in order, those that are `undefined` left out. */
export function fieldsToJSON(value: object, table: FieldTable): Fields {
  const out: Fields = {};
  for (const key of keys(table)) if ((value as Fields)[key] !== undefined) out[key] = (value as Fields)[key];
  return out;
}

/** True when `b` has `a`'s prototype and equal fields; the caller checked that `b` is genuine. */
export function sameFields(a: object, b: object, table: FieldTable): boolean {
  return getPrototypeOf(b) === getPrototypeOf(a) && fieldsEqual(a, b, table);
}

/** True when two genuine values have equal fields (`data` compared structurally), whatever their classes. */
export function fieldsEqual(a: object, b: object, table: FieldTable): boolean {
  for (const key of keys(table)) if (!jsonEqual((a as Fields)[key], (b as Fields)[key])) return false;
  return true;
}

/** Whether a field may be absent, must be present, or must also be non-empty. */
export const OPTIONAL = 0;
export const REQUIRED = 1;
const NON_EMPTY = 2;

/** The check of a string or boolean field: `need` says whether it may be absent or empty, `fix` how to mend it. */
export function typed(value: unknown, path: string, key: string, need: number, fix: string, type: "string" | "boolean" = "string"): unknown {
  if (value === undefined) {
    if (need !== OPTIONAL) raise("missing", path, `The ${key} is missing`, fix);
  } else if (typeof value !== type) {
    wrongType(path, type === "boolean" ? `The ${key} flag` : `The ${key}`, `a ${type}`, value, fix);
  } else if (need === NON_EMPTY && value === "") {
    raise("invalid-value", path, `The ${key} is empty`, fix);
  }
  return value;
}

/** The check of a non-empty string field (`id`, `kind`). */
export const checkNonEmpty = (value: unknown, path: string, key: string, fix: string): unknown => typed(value, path, key, NON_EMPTY, fix);

/** The check of an `id`, shared by Request and Answer (an answer carries its request's id). */
export const checkId = (value: unknown, path: string, key: string): unknown => checkNonEmpty(value, path, key, "Give a non-empty string id.");

/** The check of a `data` field: absent, or a JSON object, deep-frozen and owned. */
export function checkData(value: unknown, path: string): unknown {
  return value === undefined ? undefined : copyJsonObject(value, path, "data");
}
