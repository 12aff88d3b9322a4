// MCP form schemas: the JSON Schema of a form-mode elicitation, read into the flat shape MCP carries (string,
// number, boolean and string-choice fields), dropping what MCP cannot carry: each keyword dropped is collected
// as a {@link Dropped} (path and reason), which the bridge reports once the whole request is known to be valid.
// The types are re-exported by `toolnexus/providers`.
import { defineKey } from "../boundary";
import { raise } from "../errors";
import { isPlainObject, typeName } from "../json-data";
import { formatPath, type Segment } from "../path";
import { quoted, quotedValue } from "../quote";
import { promptInput } from "./prompt";

/** The provider named in the losses of an MCP elicitation. */
export const ELICITATION = "mcp-elicitation";

/** A keyword MCP cannot carry, dropped: where it sat and why. Told to `onLoss` by the bridge, in this order. */
export interface Dropped {
  readonly path: string;
  readonly reason: string;
}

const hasOwn = Object.hasOwn;
/** A string field of an MCP form. */
export type McpStringSchema = {
  type: "string";
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  /** Only these four formats exist in MCP forms; another `format` is dropped and reported as a loss. */
  format?: "email" | "uri" | "date" | "date-time";
  default?: string;
};

/** A number field of an MCP form (`integer` for whole numbers). */
export type McpNumberSchema = {
  type: "number" | "integer";
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  default?: number;
};

/** A yes/no field of an MCP form. */
export type McpBooleanSchema = {
  type: "boolean";
  title?: string;
  description?: string;
  default?: boolean;
};

/** A single choice among strings, with optional display names (`enumNames`, the older MCP form). */
export type McpSingleSelectEnumSchema = {
  type: "string";
  title?: string;
  description?: string;
  enum: string[];
  enumNames?: string[];
  default?: string;
};

/** A single choice among strings, each with its own display title. */
export type McpTitledSingleSelectEnumSchema = {
  type: "string";
  title?: string;
  description?: string;
  oneOf: { const: string; title: string }[];
  default?: string;
};

/** Several choices among strings. */
export type McpMultiSelectEnumSchema = {
  type: "array";
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  items: { type: "string"; enum: string[] };
  default?: string[];
};

/** Several choices among strings, each with its own display title. */
export type McpTitledMultiSelectEnumSchema = {
  type: "array";
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  items: { anyOf: { const: string; title: string }[] };
  default?: string[];
};

/** One field of an MCP form: what MCP's `PrimitiveSchemaDefinition` accepts. */
export type McpPrimitiveSchemaDefinition =
  | McpStringSchema
  | McpNumberSchema
  | McpBooleanSchema
  | McpSingleSelectEnumSchema
  | McpTitledSingleSelectEnumSchema
  | McpMultiSelectEnumSchema
  | McpTitledMultiSelectEnumSchema;

/** The `requestedSchema` of a form-mode elicitation: a flat object of primitive fields. */
export type McpElicitationSchema = {
  type: "object";
  properties: { [name: string]: McpPrimitiveSchemaDefinition };
  required?: string[];
};

/** The schema a form gets when the request has none: one required string, so that `Answer.output` fits. */
export function outputSchema(): McpElicitationSchema {
  return { type: "object", properties: { output: { type: "string" } }, required: ["output"] };
}

/**
 * The schema an `approval` request without one of its own gets: one required boolean `approved`, titled with
 * the prompt (one line, cut at 500 characters as a prompt is; no title when the prompt is empty), so that only
 * an explicit yes approves (a text box would let any typed word do it).
 */
export function approvalSchema(prompt: string): McpElicitationSchema {
  const approved: McpBooleanSchema = { type: "boolean" };
  const title = promptInput(prompt);
  if (title !== undefined && title !== "") approved.title = title;
  return { type: "object", properties: { approved }, required: ["approved"] };
}

/** True when a checked form schema is exactly {@link approvalSchema}'s shape: one required boolean `approved`. */
export function isApprovalSchema(schema: McpElicitationSchema): boolean {
  const names = Object.keys(schema.properties);
  const required = schema.required;
  return names.length === 1 && names[0] === "approved" && schema.properties.approved.type === "boolean" && required !== undefined && required.length === 1 && required[0] === "approved";
}

/**
 * The own property `key` of a schema object, or `undefined`: never the prototype chain, so a polluted
 * `Object.prototype.type` makes no field a type. Schemas reach the walk below only as JSON data the library
 * copied (frozen, data properties only), so reading one twice gives the same value.
 */
function prop(o: Record<string, unknown>, key: string): unknown {
  return hasOwn(o, key) ? o[key] : undefined;
}

/** One walk over a form schema: where it sits in the request, and who hears of losses. */
interface SchemaWalk {
  /** The path of the schema in the request, formatted once. */
  readonly root: string;
  /** Keywords dropped on the way; reported only once the whole request has been read without error. */
  readonly losses: Dropped[];
  /** For each loss, the key of the field it sits under (its third segment), to sort a field's losses into the order of its keys. */
  readonly keys: Segment[];
  /** The keys of the field read last, as its walk listed them (a wide object's keys are costly to list twice). */
  fieldKeys: readonly string[] | undefined;
}

const at = (w: SchemaWalk, ...rest: Segment[]): string => formatPath(rest, w.root);

function lose(w: SchemaWalk, segments: Segment[], reason: string): void {
  w.losses.push({ path: at(w, ...segments), reason });
  w.keys.push(segments[2]);
}

const FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];
const isFormat = (v: string): v is "email" | "uri" | "date" | "date-time" => FORMATS.includes(v);

/** The last segment of a path, as a message names the keyword: `minLength`. */
const keyword = (segments: readonly Segment[]): string => String(segments[segments.length - 1]);

function schemaText(w: SchemaWalk, v: unknown, segments: Segment[]): string {
  if (typeof v !== "string") raise("invalid-type", at(w, ...segments), `${keyword(segments)} must be a string, got ${typeName(v)}`, "Give it as text, or leave it out.");
  return v;
}

function schemaCount(w: SchemaWalk, v: unknown, segments: Segment[]): number {
  if (typeof v !== "number") raise("invalid-type", at(w, ...segments), `${keyword(segments)} must be a number, got ${typeName(v)}`, "Give a whole number, 0 or more.");
  if (!Number.isInteger(v) || v < 0) raise("invalid-value", at(w, ...segments), `${keyword(segments)} must be a whole number, 0 or more, got ${v}`, "Give a whole number, 0 or more.");
  return v;
}

function schemaNumber(w: SchemaWalk, v: unknown, segments: Segment[]): number {
  if (typeof v !== "number") raise("invalid-type", at(w, ...segments), `${keyword(segments)} must be a number, got ${typeName(v)}`, "Give a number, or leave it out.");
  return v;
}

function schemaStrings(w: SchemaWalk, v: unknown, segments: Segment[], what: string): string[] {
  if (!Array.isArray(v)) raise("invalid-type", at(w, ...segments), `${what} must be an array of strings, got ${typeName(v)}`, "List the choices as strings, such as [\"small\", \"large\"].");
  return v.map((s: unknown, i) => {
    if (typeof s !== "string") raise("invalid-type", at(w, ...segments, i), `${what} holds ${typeName(s)}`, "MCP choices are strings only: list them as strings.");
    return s;
  });
}

/** One text of a titled choice (`const` or `title`): present, and a string. */
function choiceText(w: SchemaWalk, c: Record<string, unknown>, k: "const" | "title", segments: Segment[]): string {
  if (!hasOwn(c, k)) raise("missing", at(w, ...segments, k), `A titled choice has no ${k}`, "MCP titled choices need both const and title, as strings.");
  const v = c[k];
  if (typeof v !== "string") raise("invalid-type", at(w, ...segments, k), `${k} must be a string, got ${typeName(v)}`, "MCP choices are strings only.");
  return v;
}

function titledChoices(w: SchemaWalk, v: unknown, segments: Segment[]): { const: string; title: string }[] {
  if (!Array.isArray(v)) raise("invalid-type", at(w, ...segments), `${keyword(segments)} must be an array of { const, title }, got ${typeName(v)}`, "List the choices as [{ const: \"s\", title: \"Small\" }, ...].");
  return v.map((c: unknown, i) => {
    if (!isPlainObject(c)) raise("invalid-type", at(w, ...segments, i), `A titled choice must be an object, got ${typeName(c)}`, "Write it as { const: \"s\", title: \"Small\" }.");
    const choice = { const: choiceText(w, c, "const", [...segments, i]), title: choiceText(w, c, "title", [...segments, i]) };
    for (const k of Object.keys(c)) if (k !== "const" && k !== "title") lose(w, [...segments, i, k], `MCP titled choices carry only const and title; ${quoted(k)} is dropped`);
    return choice;
  });
}

/** Which keys each kind of field keeps, after `type`; anything else is dropped and reported. */
const KEEP = {
  string: ["title", "description", "minLength", "maxLength", "format", "default"],
  enum: ["title", "description", "enum", "enumNames", "default"],
  oneOf: ["title", "description", "oneOf", "default"],
  number: ["title", "description", "minimum", "maximum", "default"],
  boolean: ["title", "description", "default"],
  array: ["title", "description", "minItems", "maxItems", "items", "default"],
} as const;

/** {@link KEEP} as sets: one lookup per key of a field, however many keys it drops. */
const KEPT: { readonly [K in keyof typeof KEEP]: ReadonlySet<string> } = {
  string: new Set(KEEP.string),
  enum: new Set(KEEP.enum),
  oneOf: new Set(KEEP.oneOf),
  number: new Set(KEEP.number),
  boolean: new Set(KEEP.boolean),
  array: new Set(KEEP.array),
};

const isString = (v: unknown): v is string => typeof v === "string";
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";

/** One field of a form schema being read: its schema object, where it sits, and the walk. */
interface FieldRead {
  readonly w: SchemaWalk;
  readonly name: string;
  readonly def: Record<string, unknown>;
  readonly seg: readonly Segment[];
}

/** Drops (and reports) the keys of the field that a field of this kind does not keep. */
function keep(f: FieldRead, kind: keyof typeof KEEP, what: string): void {
  const kept = KEPT[kind];
  const keys = Object.keys(f.def);
  f.w.fieldKeys = keys;
  for (const k of keys) if (k !== "type" && !kept.has(k)) lose(f.w, [...f.seg, k], `${what} carry no ${quoted(k)}; it is dropped`);
}

/** The field's `title` and `description`, each a string when present. */
function annotations(f: FieldRead): { title?: string; description?: string } {
  const out: { title?: string; description?: string } = {};
  if (hasOwn(f.def, "title")) out.title = schemaText(f.w, f.def.title, [...f.seg, "title"]);
  if (hasOwn(f.def, "description")) out.description = schemaText(f.w, f.def.description, [...f.seg, "description"]);
  return out;
}

/** The field's `default` when it `fits` (a list copied), else dropped and reported; none when absent. */
function defaultOf<T>(f: FieldRead, fits: (v: unknown) => v is T, what: string, copy: (v: T) => T = (v) => v): { default?: T } {
  if (!hasOwn(f.def, "default")) return {};
  const v = f.def.default;
  if (fits(v)) return { default: copy(v) };
  lose(f.w, [...f.seg, "default"], `MCP needs the default of this field to be ${what}; it is dropped`);
  return {};
}

function stringField(f: FieldRead): McpStringSchema | McpSingleSelectEnumSchema | McpTitledSingleSelectEnumSchema {
  const { w, def, seg } = f;
  if (hasOwn(def, "enum")) {
    keep(f, "enum", "MCP string choices");
    const head = annotations(f);
    const choices = schemaStrings(w, def.enum, [...seg, "enum"], "enum");
    const out: McpSingleSelectEnumSchema = { type: "string", ...head, enum: choices };
    if (hasOwn(def, "enumNames")) {
      const names = schemaStrings(w, def.enumNames, [...seg, "enumNames"], "enumNames");
      if (names.length !== choices.length) raise("invalid-value", at(w, ...seg, "enumNames"), `enumNames has ${names.length} names for ${choices.length} choices`, "Give one display name per choice, in the same order as enum.");
      out.enumNames = names;
    }
    return { ...out, ...defaultOf(f, isString, "a string") };
  }
  if (hasOwn(def, "oneOf")) {
    keep(f, "oneOf", "MCP titled choices");
    const head = annotations(f);
    const out: McpTitledSingleSelectEnumSchema = { type: "string", ...head, oneOf: titledChoices(w, def.oneOf, [...seg, "oneOf"]) };
    return { ...out, ...defaultOf(f, isString, "a string") };
  }
  keep(f, "string", "MCP string fields");
  const out: McpStringSchema = { type: "string", ...annotations(f) };
  if (hasOwn(def, "minLength")) out.minLength = schemaCount(w, def.minLength, [...seg, "minLength"]);
  if (hasOwn(def, "maxLength")) out.maxLength = schemaCount(w, def.maxLength, [...seg, "maxLength"]);
  if (hasOwn(def, "format")) {
    const format = schemaText(w, def.format, [...seg, "format"]);
    if (isFormat(format)) out.format = format;
    else lose(w, [...seg, "format"], `MCP string fields know the formats ${FORMATS.join(", ")} only; ${quoted(format)} is dropped`);
  }
  return { ...out, ...defaultOf(f, isString, "a string") };
}

function numberField(f: FieldRead, type: "number" | "integer"): McpNumberSchema {
  const { w, def, seg } = f;
  keep(f, "number", "MCP number fields");
  const out: McpNumberSchema = { type, ...annotations(f) };
  if (hasOwn(def, "minimum")) out.minimum = schemaNumber(w, def.minimum, [...seg, "minimum"]);
  if (hasOwn(def, "maximum")) out.maximum = schemaNumber(w, def.maximum, [...seg, "maximum"]);
  const fits = (v: unknown): v is number => typeof v === "number" && (type === "number" || Number.isInteger(v));
  return { ...out, ...defaultOf(f, fits, type === "integer" ? "a whole number" : "a number") };
}

function listField(f: FieldRead): McpMultiSelectEnumSchema | McpTitledMultiSelectEnumSchema {
  const { w, name, def, seg } = f;
  const items = prop(def, "items");
  const notFlat = (): never =>
    raise("invalid-value", at(w, ...seg, "items"), `The field ${quoted(name)} is a list of ${isPlainObject(items) && prop(items, "type") !== undefined ? quotedValue(prop(items, "type")) : "values that are not string choices"}, and MCP forms only hold lists of string choices`, "Make it { type: \"array\", items: { type: \"string\", enum: [...] } }, or split it into separate fields.");
  if (items === undefined) raise("missing", at(w, ...seg, "items"), `The list field ${quoted(name)} has no items`, "MCP lists are multiple choices: give items: { type: \"string\", enum: [...] }.");
  if (!isPlainObject(items)) return notFlat();
  keep(f, "array", "MCP multiple-choice fields");
  const head: { title?: string; description?: string; minItems?: number; maxItems?: number } = annotations(f);
  if (hasOwn(def, "minItems")) head.minItems = schemaCount(w, def.minItems, [...seg, "minItems"]);
  if (hasOwn(def, "maxItems")) head.maxItems = schemaCount(w, def.maxItems, [...seg, "maxItems"]);
  const itemType = prop(items, "type");
  let out: McpMultiSelectEnumSchema | McpTitledMultiSelectEnumSchema;
  if (itemType === "string" && hasOwn(items, "enum")) {
    for (const k of Object.keys(items)) if (k !== "type" && k !== "enum") lose(w, [...seg, "items", k], `MCP choice lists carry only type and enum in items; ${quoted(k)} is dropped`);
    out = { type: "array", ...head, items: { type: "string", enum: schemaStrings(w, items.enum, [...seg, "items", "enum"], "enum") } };
  } else if (hasOwn(items, "anyOf") && (itemType === undefined || itemType === "string")) {
    for (const k of Object.keys(items)) if (k !== "anyOf") lose(w, [...seg, "items", k], `MCP titled choice lists carry only anyOf in items; ${quoted(k)} is dropped`);
    out = { type: "array", ...head, items: { anyOf: titledChoices(w, items.anyOf, [...seg, "items", "anyOf"]) } };
  } else {
    return notFlat();
  }
  return { ...out, ...defaultOf(f, isStringList, "a list of strings", (v) => v.slice()) };
}

/** Reads one field of a form schema into the MCP shape, dropping (and reporting) what MCP cannot carry. */
function formField(w: SchemaWalk, name: string, def: unknown): McpPrimitiveSchemaDefinition {
  const seg: Segment[] = ["properties", name];
  w.fieldKeys = undefined;
  if (!isPlainObject(def)) raise("invalid-type", at(w, ...seg), `The field ${quoted(name)} must be a schema object, got ${typeName(def)}`, "Write it as { type: \"string\" }, { type: \"number\" }, { type: \"boolean\" } or a string enum.");
  const type = prop(def, "type");
  if (type === "object" || (type === undefined && hasOwn(def, "properties"))) {
    raise("invalid-value", at(w, ...seg), `The field ${quoted(name)} is a nested object, and MCP forms are flat`, "Flatten it into top-level fields of primitive types (string, number, integer, boolean, string choices).");
  }
  if (type === undefined) raise("missing", at(w, ...seg, "type"), `The field ${quoted(name)} has no type`, "Give each field a type: \"string\", \"number\", \"integer\", \"boolean\", or \"array\" of string choices.");
  if (typeof type !== "string") {
    raise("invalid-type", at(w, ...seg, "type"), `The type of field ${quoted(name)} must be one string, got ${typeName(type)}`, "Give a single type such as \"string\"; to make a field optional, leave it out of required.");
  }
  const f: FieldRead = { w, name, def, seg };
  if (type === "string") return stringField(f);
  if (type === "number" || type === "integer") return numberField(f, type);
  if (type === "boolean") {
    keep(f, "boolean", "MCP boolean fields");
    const out: McpBooleanSchema = { type: "boolean", ...annotations(f) };
    return { ...out, ...defaultOf(f, isBoolean, "true or false") };
  }
  if (type === "array") return listField(f);
  return raise("invalid-value", at(w, ...seg, "type"), `The field ${quoted(name)} has type ${quoted(type)}, which MCP forms do not hold`, "Use \"string\", \"number\", \"integer\", \"boolean\", or \"array\" of string choices.");
}

/**
 * Puts the losses of one field (those from `from` on) in the order of the field's `keys`, whatever order they
 * were found in, keeping the order of finding within a key: a counting sort over the keys' places, looked up
 * in a map made once, so that a field dropping 80,000 keywords costs time linear in them (docs/hosts/mcp.md,
 * "Pause and resume: elicitation"). A loss under no key of the field comes first.
 */
function inKeyOrder(w: SchemaWalk, from: number, keys: readonly string[]): void {
  const order = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) order.set(keys[i], i + 1);
  const n = w.losses.length - from;
  const place = new Uint32Array(n);
  const start = new Uint32Array(keys.length + 2);
  for (let i = 0; i < n; i++) {
    place[i] = order.get(String(w.keys[from + i])) ?? 0;
    start[place[i] + 1] += 1;
  }
  for (let k = 1; k < start.length; k++) start[k] += start[k - 1];
  const losses = w.losses.slice(from);
  const found = w.keys.slice(from);
  for (let i = 0; i < n; i++) {
    const to = from + start[place[i]]++;
    w.losses[to] = losses[i];
    w.keys[to] = found[i];
  }
}

/**
 * Reads a form schema (`data.schema`, or a received `requestedSchema`) into MCP's `requestedSchema`: flat,
 * primitive fields only. Errors and losses are located under `root`; the keywords MCP cannot carry are
 * dropped and pushed onto `losses`, in the order of the schema's keys.
 */
export function formSchema(schema: unknown, root: Segment[], losses: Dropped[]): McpElicitationSchema {
  const w: SchemaWalk = { root: formatPath(root), losses, keys: [], fieldKeys: undefined };
  if (!isPlainObject(schema)) raise("invalid-type", at(w), `The form schema must be an object, got ${typeName(schema)}`, "Give a JSON Schema such as { type: \"object\", properties: { name: { type: \"string\" } } }.");
  if (!hasOwn(schema, "type")) raise("missing", at(w, "type"), "The form schema has no type", "Add type: \"object\": MCP forms are objects of fields.");
  if (schema.type !== "object") raise("invalid-value", at(w, "type"), `The form schema has type ${quotedValue(schema.type)}`, "MCP forms are objects of fields: use type: \"object\" with properties.");
  if (!hasOwn(schema, "properties")) raise("missing", at(w, "properties"), "The form schema has no properties", "List the fields under properties, such as { name: { type: \"string\" } }.");
  const props = schema.properties;
  if (!isPlainObject(props)) raise("invalid-type", at(w, "properties"), `properties must be an object, got ${typeName(props)}`, "List the fields under properties, such as { name: { type: \"string\" } }.");
  for (const k of Object.keys(schema)) {
    if (k !== "type" && k !== "properties" && k !== "required") lose(w, [k], `MCP form schemas carry only type, properties and required; ${quoted(k)} is dropped`);
  }
  const properties: Record<string, McpPrimitiveSchemaDefinition> = {};
  for (const name of Object.keys(props)) {
    const from = w.losses.length;
    defineKey(properties, name, formField(w, name, props[name]));
    // A field with losses was read by keep(), which listed its keys.
    if (w.losses.length - from >= 2) inKeyOrder(w, from, w.fieldKeys ?? []);
  }
  const out: McpElicitationSchema = { type: "object", properties };
  if (hasOwn(schema, "required")) {
    const listed = schemaStrings(w, schema.required, ["required"], "required");
    const required: string[] = [];
    listed.forEach((name, i) => {
      if (hasOwn(props, name)) required.push(name);
      else lose(w, ["required", i], `${quoted(name)} is required but is not a field of the form; it is dropped`);
    });
    out.required = required;
  }
  return out;
}
