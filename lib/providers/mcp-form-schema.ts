// MCP form schemas: the JSON Schema of a form-mode elicitation, read into the flat shape MCP carries (string,
// number, boolean and string-choice fields), dropping what MCP cannot carry as losses. The types are
// re-exported by `toolnexus/providers`.
import { defineKey } from "../boundary";
import { raise } from "../errors";
import { isPlainObject, typeName } from "../json-data";
import { formatPath, type Segment } from "../path";
import { lossAt, type Loss } from "./loss";

/** The provider named in the losses of an MCP elicitation. */
export const ELICITATION = "mcp-elicitation";

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
  /** Losses found on the way; reported only once the whole request has been read without error. */
  readonly losses: Loss[];
  /** For each loss, the key of the field it sits under (its third segment), to sort a field's losses into the order of its keys. */
  readonly keys: Segment[];
  /** The keys of the field read last, as its walk listed them (a wide object's keys are costly to list twice). */
  fieldKeys: readonly string[] | undefined;
}

const at = (w: SchemaWalk, ...rest: Segment[]): string => formatPath(rest, w.root);

function lose(w: SchemaWalk, segments: Segment[], reason: string): void {
  w.losses.push(lossAt(ELICITATION, at(w, ...segments), reason));
  w.keys.push(segments[2]);
}

const FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];
const NUMBER_TYPES: readonly string[] = ["number", "integer"];

function schemaText(w: SchemaWalk, v: unknown, segments: Segment[]): string {
  if (typeof v !== "string") raise("invalid-type", at(w, ...segments), `${String(segments[segments.length - 1])} must be a string, got ${typeName(v)}`, "Give it as text, or leave it out.");
  return v;
}

function schemaCount(w: SchemaWalk, v: unknown, segments: Segment[]): number {
  if (typeof v !== "number") raise("invalid-type", at(w, ...segments), `${String(segments[segments.length - 1])} must be a number, got ${typeName(v)}`, "Give a whole number, 0 or more.");
  if (!Number.isInteger(v) || v < 0) raise("invalid-value", at(w, ...segments), `${String(segments[segments.length - 1])} must be a whole number, 0 or more, got ${v}`, "Give a whole number, 0 or more.");
  return v;
}

function schemaNumber(w: SchemaWalk, v: unknown, segments: Segment[]): number {
  if (typeof v !== "number") raise("invalid-type", at(w, ...segments), `${String(segments[segments.length - 1])} must be a number, got ${typeName(v)}`, "Give a number, or leave it out.");
  return v;
}

function schemaStrings(w: SchemaWalk, v: unknown, segments: Segment[], what: string): string[] {
  if (!Array.isArray(v)) raise("invalid-type", at(w, ...segments), `${what} must be an array of strings, got ${typeName(v)}`, "List the choices as strings, such as [\"small\", \"large\"].");
  return v.map((s, i) => {
    if (typeof s !== "string") raise("invalid-type", at(w, ...segments, i), `${what} holds ${typeName(s)}`, "MCP choices are strings only: list them as strings.");
    return s;
  });
}

function titledChoices(w: SchemaWalk, v: unknown, segments: Segment[]): { const: string; title: string }[] {
  if (!Array.isArray(v)) raise("invalid-type", at(w, ...segments), `${String(segments[segments.length - 1])} must be an array of { const, title }, got ${typeName(v)}`, "List the choices as [{ const: \"s\", title: \"Small\" }, ...].");
  return v.map((c, i) => {
    if (!isPlainObject(c)) raise("invalid-type", at(w, ...segments, i), `A titled choice must be an object, got ${typeName(c)}`, "Write it as { const: \"s\", title: \"Small\" }.");
    for (const k of ["const", "title"] as const) {
      if (!hasOwn(c, k)) raise("missing", at(w, ...segments, i, k), `A titled choice has no ${k}`, "MCP titled choices need both const and title, as strings.");
      if (typeof c[k] !== "string") raise("invalid-type", at(w, ...segments, i, k), `${k} must be a string, got ${typeName(c[k])}`, "MCP choices are strings only.");
    }
    for (const k of Object.keys(c)) if (k !== "const" && k !== "title") lose(w, [...segments, i, k], `MCP titled choices carry only const and title; "${k}" is dropped`);
    return { const: c.const as string, title: c.title as string };
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

/** Reads one field of a form schema into the MCP shape, dropping (and reporting) what MCP cannot carry. */
function formField(w: SchemaWalk, name: string, def: unknown): McpPrimitiveSchemaDefinition {
  const seg: Segment[] = ["properties", name];
  w.fieldKeys = undefined;
  if (!isPlainObject(def)) raise("invalid-type", at(w, ...seg), `The field ${JSON.stringify(name)} must be a schema object, got ${typeName(def)}`, "Write it as { type: \"string\" }, { type: \"number\" }, { type: \"boolean\" } or a string enum.");
  const type = prop(def, "type");
  if (type === "object" || (type === undefined && hasOwn(def, "properties"))) {
    raise("invalid-value", at(w, ...seg), `The field ${JSON.stringify(name)} is a nested object, and MCP forms are flat`, "Flatten it into top-level fields of primitive types (string, number, integer, boolean, string choices).");
  }
  if (type === undefined) raise("missing", at(w, ...seg, "type"), `The field ${JSON.stringify(name)} has no type`, "Give each field a type: \"string\", \"number\", \"integer\", \"boolean\", or \"array\" of string choices.");
  if (typeof type !== "string") {
    raise("invalid-type", at(w, ...seg, "type"), `The type of field ${JSON.stringify(name)} must be one string, got ${typeName(type)}`, "Give a single type such as \"string\"; to make a field optional, leave it out of required.");
  }

  const keep = (kind: keyof typeof KEEP, reason: (k: string) => string): void => {
    const kept = KEPT[kind];
    const keys = Object.keys(def);
    w.fieldKeys = keys;
    for (const k of keys) if (k !== "type" && !kept.has(k)) lose(w, [...seg, k], reason(k));
  };
  const annotations = (out: Record<string, unknown>): void => {
    if (hasOwn(def, "title")) out.title = schemaText(w, def.title, [...seg, "title"]);
    if (hasOwn(def, "description")) out.description = schemaText(w, def.description, [...seg, "description"]);
  };
  const withDefault = (out: Record<string, unknown>, fits: (v: unknown) => boolean, what: string): void => {
    if (!hasOwn(def, "default")) return;
    if (fits(def.default)) out.default = Array.isArray(def.default) ? [...(def.default as string[])] : def.default;
    else lose(w, [...seg, "default"], `MCP needs the default of this field to be ${what}; it is dropped`);
  };
  const isString = (v: unknown) => typeof v === "string";

  if (type === "string") {
    if (hasOwn(def, "enum")) {
      keep("enum", (k) => `MCP string choices carry no "${k}"; it is dropped`);
      const out: Record<string, unknown> = { type: "string" };
      annotations(out);
      const choices = schemaStrings(w, def.enum, [...seg, "enum"], "enum");
      out.enum = choices;
      if (hasOwn(def, "enumNames")) {
        const names = schemaStrings(w, def.enumNames, [...seg, "enumNames"], "enumNames");
        if (names.length !== choices.length) raise("invalid-value", at(w, ...seg, "enumNames"), `enumNames has ${names.length} names for ${choices.length} choices`, "Give one display name per choice, in the same order as enum.");
        out.enumNames = names;
      }
      withDefault(out, isString, "a string");
      return out as unknown as McpSingleSelectEnumSchema;
    }
    if (hasOwn(def, "oneOf")) {
      keep("oneOf", (k) => `MCP titled choices carry no "${k}"; it is dropped`);
      const out: Record<string, unknown> = { type: "string" };
      annotations(out);
      out.oneOf = titledChoices(w, def.oneOf, [...seg, "oneOf"]);
      withDefault(out, isString, "a string");
      return out as unknown as McpTitledSingleSelectEnumSchema;
    }
    keep("string", (k) => `MCP string fields carry no "${k}"; it is dropped`);
    const out: Record<string, unknown> = { type: "string" };
    annotations(out);
    if (hasOwn(def, "minLength")) out.minLength = schemaCount(w, def.minLength, [...seg, "minLength"]);
    if (hasOwn(def, "maxLength")) out.maxLength = schemaCount(w, def.maxLength, [...seg, "maxLength"]);
    if (hasOwn(def, "format")) {
      const format = schemaText(w, def.format, [...seg, "format"]);
      if (FORMATS.includes(format)) out.format = format;
      else lose(w, [...seg, "format"], `MCP string fields know the formats ${FORMATS.join(", ")} only; "${format}" is dropped`);
    }
    withDefault(out, isString, "a string");
    return out as unknown as McpStringSchema;
  }
  if (NUMBER_TYPES.includes(type)) {
    keep("number", (k) => `MCP number fields carry no "${k}"; it is dropped`);
    const out: Record<string, unknown> = { type };
    annotations(out);
    if (hasOwn(def, "minimum")) out.minimum = schemaNumber(w, def.minimum, [...seg, "minimum"]);
    if (hasOwn(def, "maximum")) out.maximum = schemaNumber(w, def.maximum, [...seg, "maximum"]);
    withDefault(out, (v) => typeof v === "number" && (type === "number" || Number.isInteger(v)), type === "integer" ? "a whole number" : "a number");
    return out as unknown as McpNumberSchema;
  }
  if (type === "boolean") {
    keep("boolean", (k) => `MCP boolean fields carry no "${k}"; it is dropped`);
    const out: Record<string, unknown> = { type: "boolean" };
    annotations(out);
    withDefault(out, (v) => typeof v === "boolean", "true or false");
    return out as unknown as McpBooleanSchema;
  }
  if (type === "array") {
    const items = prop(def, "items");
    const notFlat = (): never =>
      raise("invalid-value", at(w, ...seg, "items"), `The field ${JSON.stringify(name)} is a list of ${isPlainObject(items) && prop(items, "type") !== undefined ? JSON.stringify(prop(items, "type")) : "values that are not string choices"}, and MCP forms only hold lists of string choices`, "Make it { type: \"array\", items: { type: \"string\", enum: [...] } }, or split it into separate fields.");
    if (items === undefined) raise("missing", at(w, ...seg, "items"), `The list field ${JSON.stringify(name)} has no items`, "MCP lists are multiple choices: give items: { type: \"string\", enum: [...] }.");
    if (!isPlainObject(items)) return notFlat();
    keep("array", (k) => `MCP multiple-choice fields carry no "${k}"; it is dropped`);
    const out: Record<string, unknown> = { type: "array" };
    annotations(out);
    if (hasOwn(def, "minItems")) out.minItems = schemaCount(w, def.minItems, [...seg, "minItems"]);
    if (hasOwn(def, "maxItems")) out.maxItems = schemaCount(w, def.maxItems, [...seg, "maxItems"]);
    const itemType = prop(items, "type");
    if (itemType === "string" && hasOwn(items, "enum")) {
      for (const k of Object.keys(items)) if (k !== "type" && k !== "enum") lose(w, [...seg, "items", k], `MCP choice lists carry only type and enum in items; "${k}" is dropped`);
      out.items = { type: "string", enum: schemaStrings(w, items.enum, [...seg, "items", "enum"], "enum") };
    } else if (hasOwn(items, "anyOf") && (itemType === undefined || itemType === "string")) {
      for (const k of Object.keys(items)) if (k !== "anyOf") lose(w, [...seg, "items", k], `MCP titled choice lists carry only anyOf in items; "${k}" is dropped`);
      out.items = { anyOf: titledChoices(w, items.anyOf, [...seg, "items", "anyOf"]) };
    } else {
      return notFlat();
    }
    withDefault(out, (v) => Array.isArray(v) && v.every(isString), "a list of strings");
    return out as unknown as McpMultiSelectEnumSchema | McpTitledMultiSelectEnumSchema;
  }
  return raise("invalid-value", at(w, ...seg, "type"), `The field ${JSON.stringify(name)} has type ${JSON.stringify(type)}, which MCP forms do not hold`, "Use \"string\", \"number\", \"integer\", \"boolean\", or \"array\" of string choices.");
}

/**
 * Puts the losses of one field (those from `from` on) in the order of the field's `keys`, whatever order they
 * were found in, keeping the order of finding within a key: a counting sort over the keys' places, looked up
 * in a map made once, so that a field dropping 80,000 keywords costs time linear in them (README, "Use it with
 * MCP"). A loss under no key of the field comes first.
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
 * dropped and pushed onto `losses` (frozen), in the order of the schema's keys.
 */
export function formSchema(schema: unknown, root: Segment[], losses: Loss[]): McpElicitationSchema {
  const w: SchemaWalk = { root: formatPath(root), losses, keys: [], fieldKeys: undefined };
  if (!isPlainObject(schema)) raise("invalid-type", at(w), `The form schema must be an object, got ${typeName(schema)}`, "Give a JSON Schema such as { type: \"object\", properties: { name: { type: \"string\" } } }.");
  if (!hasOwn(schema, "type")) raise("missing", at(w, "type"), "The form schema has no type", "Add type: \"object\": MCP forms are objects of fields.");
  if (schema.type !== "object") raise("invalid-value", at(w, "type"), `The form schema has type ${JSON.stringify(schema.type)}`, "MCP forms are objects of fields: use type: \"object\" with properties.");
  if (!hasOwn(schema, "properties")) raise("missing", at(w, "properties"), "The form schema has no properties", "List the fields under properties, such as { name: { type: \"string\" } }.");
  const props = schema.properties;
  if (!isPlainObject(props)) raise("invalid-type", at(w, "properties"), `properties must be an object, got ${typeName(props)}`, "List the fields under properties, such as { name: { type: \"string\" } }.");
  for (const k of Object.keys(schema)) {
    if (k !== "type" && k !== "properties" && k !== "required") lose(w, [k], `MCP form schemas carry only type, properties and required; "${k}" is dropped`);
  }
  const properties: Record<string, McpPrimitiveSchemaDefinition> = {};
  for (const name of Object.keys(props)) {
    const from = w.losses.length;
    defineKey(properties, name, formField(w, name, props[name]));
    if (w.losses.length - from >= 2) inKeyOrder(w, from, w.fieldKeys ?? Object.keys(props[name] as object));
  }
  const out: McpElicitationSchema = { type: "object", properties };
  if (hasOwn(schema, "required")) {
    const listed = schemaStrings(w, schema.required, ["required"], "required");
    const required: string[] = [];
    listed.forEach((name, i) => {
      if (hasOwn(props, name)) required.push(name);
      else lose(w, ["required", i], `"${name}" is required but is not a field of the form; it is dropped`);
    });
    out.required = required;
  }
  return out;
}
