/**
 * MCP elicitation, both ways: a toolnexus `Request` becomes the params of an `elicitation/create` request
 * (URL mode for links, form mode with a flat schema), and an `ElicitResult` becomes an `Answer`.
 *
 * The shapes here are this package's own structural types; they are what the MCP TypeScript SDK's
 * `ElicitRequestParams` and `ElicitResult` accept, and the spec suite parses every output with the SDK's own
 * schemas. Nothing here imports the SDK.
 *
 * @module
 */
import { isArrayAt, ownField, ownKeys, readArray, readOwn, snapshot } from "../boundary";
import { raise } from "../errors";
import { copyJson, newWalk, typeName } from "../json-data";
import { formatPath, type Segment } from "../path";
import { Answer, Request, toRequest, type JsonObject } from "../suspension";
import { isGenuineAnswer } from "../marks";
import { holdsUnsafeChar, UNSAFE_URL } from "../url";
import type { Loss, OnLoss } from "./loss";

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

/** The params of a URL-mode `elicitation/create`: send a person to a page (a login, an OAuth consent). */
export type McpElicitUrlParams = {
  mode: "url";
  message: string;
  elicitationId: string;
  url: string;
};

/** The params of a form-mode `elicitation/create`: ask a person to fill in a flat form. */
export type McpElicitFormParams = {
  mode: "form";
  message: string;
  requestedSchema: McpElicitationSchema;
};

/** The params of an `elicitation/create` request, as {@link toMcpElicitation} writes them. */
export type McpElicitParams = McpElicitUrlParams | McpElicitFormParams;

/**
 * The params of an `elicitation/create` request, as {@link fromMcpElicitation} reads them: `mode` may be
 * absent (it means form mode), and extra keys (`_meta`, `task`, ...) are ignored.
 */
export type McpElicitParamsInput =
  | { readonly mode: "url"; readonly message: string; readonly elicitationId: string; readonly url: string }
  | {
      readonly mode?: "form" | undefined;
      readonly message: string;
      readonly requestedSchema: { readonly type: "object"; readonly properties: object; readonly required?: readonly string[] | undefined };
    };

/** A value an MCP form answer can hold. */
export type McpElicitValue = string | number | boolean | string[];

/** The result of an `elicitation/create` request. */
export type McpElicitResult = {
  action: "accept" | "decline" | "cancel";
  content?: { [name: string]: McpElicitValue };
};

/** What {@link fromMcpElicitResult} reads: an `ElicitResult` (extra keys such as `_meta` are ignored). */
export type McpElicitResultInput = {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: { readonly [name: string]: string | number | boolean | readonly string[] | undefined } | null | undefined;
};

/** Options of {@link toMcpElicitation} and {@link toMcpElicitResult}. */
export interface ElicitationOptions {
  /** Told of everything that does not reach MCP as it was (a schema keyword, a data key, an expiry). */
  onLoss?: OnLoss | undefined;
}

/**
 * What {@link toMcpElicitation} reads of a client's `ClientCapabilities` (the MCP SDK's own type fits):
 * `elicitation` with its `form` and `url` modes. `elicitation: {}` means form mode only.
 */
export type McpClientCapabilities = {
  readonly elicitation?: { readonly form?: object | undefined; readonly url?: object | undefined } | undefined;
  readonly [key: string]: unknown;
};

/** Options of {@link toMcpElicitation}. */
export interface ToMcpElicitationOptions extends ElicitationOptions {
  /**
   * The client's capabilities, as `server.getClientCapabilities()` gives them: the mode then follows what the
   * client declared. `undefined` counts as not given (the mode follows the request alone).
   */
  capabilities?: McpClientCapabilities | undefined;
}

const PROVIDER = "mcp-elicitation";

const PARAMS_FIELDS = ["mode", "message", "elicitationId", "url", "requestedSchema"] as const;
const RESULT_FIELDS = ["action", "content"] as const;

/** The schema a form gets when the request has none: one required string, so that `Answer.output` fits. */
function outputSchema(): McpElicitationSchema {
  return { type: "object", properties: { output: { type: "string" } }, required: ["output"] };
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Sets a key as an own data property, so that `__proto__` stays data and never reaches a prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The own property `key` of a schema object, or `undefined`: never the prototype chain, so a polluted
 * `Object.prototype.type` makes no field a type. Schemas reach the walk below only as JSON data the library
 * copied (frozen, data properties only), so reading one twice gives the same value.
 */
function prop(o: Record<string, unknown>, key: string): unknown {
  return hasOwn(o, key) ? o[key] : undefined;
}

/** Reads `{ onLoss }` through the trust boundary: once, as an own property; unknown keys are refused. */
function readOptions(options: unknown, fn: string): OnLoss | undefined {
  return readOptionsOf(options, fn, ["onLoss"]).onLoss;
}

function readOptionsOf(options: unknown, fn: string, keys: readonly string[]): { onLoss: OnLoss | undefined; capabilities: unknown } {
  if (options === undefined || options === null) return { onLoss: undefined, capabilities: undefined };
  const read = snapshot(options, ["onLoss", "capabilities"], "", `The options of ${fn}()`, `Pass { ${keys.join(", ")} } or leave them out.`);
  for (const key of ownKeys(options as object, "", "the options' keys")) {
    if (!keys.includes(key)) raise("invalid-value", formatPath([key]), `${fn}() has no option ${JSON.stringify(key)}`, `It takes ${keys.join(" and ")} only.`);
  }
  const onLoss = read.onLoss;
  if (onLoss !== undefined && typeof onLoss !== "function") {
    raise("invalid-type", "onLoss", `onLoss must be a function, got ${typeName(onLoss)}`, "Pass a function such as (loss) => console.warn(loss.path, loss.reason).");
  }
  return { onLoss: onLoss as OnLoss | undefined, capabilities: read.capabilities };
}

/** The elicitation modes a client declared; `undefined` when its capabilities were not given. */
type Modes = { readonly form: boolean; readonly url: boolean } | undefined;

function readModes(capabilities: unknown): Modes {
  if (capabilities === undefined) return undefined;
  const caps = snapshot(capabilities, ["elicitation"], "capabilities", "capabilities", "Pass the client's capabilities as server.getClientCapabilities() gives them, or leave them out.");
  if (caps.elicitation === undefined) return { form: false, url: false };
  const e = snapshot(caps.elicitation, ["form", "url"], "capabilities.elicitation", "capabilities.elicitation", "Pass the client's capabilities as server.getClientCapabilities() gives them.");
  const url = e.url !== undefined;
  // `elicitation: {}` (as clients declared it before URL mode existed) means form mode only.
  return { form: e.form !== undefined || !url, url };
}

const RETURN_PENDING = "Return the pending result to the caller instead, and resume the tool when the answer arrives by another way.";

function unsupported(path: string, problem: string): never {
  return raise("unsupported", path, problem, RETURN_PENDING);
}

/**
 * Checks a URL for URL mode: absolute, written as sent (no whitespace or control characters, which a URL
 * parser would quietly strip or encode), with no credentials in it, and not a scheme that runs code or reads
 * local files.
 */
function checkUrl(url: string, path: string): void {
  if (holdsUnsafeChar(url)) raise("invalid-value", path, UNSAFE_URL[0], UNSAFE_URL[1]);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return raise("invalid-value", path, "The url is not an absolute URL", "MCP URL mode needs an absolute URL with a scheme, such as https://auth.example.com/login.");
  }
  if (REFUSED_SCHEMES.includes(parsed.protocol)) {
    raise("invalid-value", path, `The url uses the ${parsed.protocol} scheme, which a person is never sent to`, "Use an http(s) link to the page the person should open.");
  }
  if (parsed.username !== "" || parsed.password !== "") {
    raise("invalid-value", path, "The url carries credentials (user:password@)", "Credentials never travel in an elicitation: link to the login page and let the person sign in there.");
  }
}

const REFUSED_SCHEMES: readonly string[] = ["javascript:", "vbscript:", "data:", "file:", "blob:"];

// --- the form schema ----------------------------------------------------------------------------------

/** One walk over a form schema: where it sits in the request, and who hears of losses. */
interface SchemaWalk {
  readonly root: Segment[];
  /** Losses found on the way; reported only once the whole request has been read without error. */
  readonly losses: Loss[];
  /** For each loss, the segments below the walk's root, to sort a field's losses into the order of its keys. */
  readonly at: Segment[][];
}

const at = (w: SchemaWalk, ...rest: Segment[]): string => formatPath([...w.root, ...rest]);

function lose(w: SchemaWalk, segments: Segment[], reason: string): void {
  w.losses.push({ provider: PROVIDER, path: at(w, ...segments), reason });
  w.at.push(segments);
}

const FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];
const NUMBER_TYPES: readonly string[] = ["number", "integer"];

function text(w: SchemaWalk, v: unknown, segments: Segment[]): string {
  if (typeof v !== "string") raise("invalid-type", at(w, ...segments), `${String(segments[segments.length - 1])} must be a string, got ${typeName(v)}`, "Give it as text, or leave it out.");
  return v;
}

function count(w: SchemaWalk, v: unknown, segments: Segment[]): number {
  if (typeof v !== "number") raise("invalid-type", at(w, ...segments), `${String(segments[segments.length - 1])} must be a number, got ${typeName(v)}`, "Give a whole number, 0 or more.");
  if (!Number.isInteger(v) || v < 0) raise("invalid-value", at(w, ...segments), `${String(segments[segments.length - 1])} must be a whole number, 0 or more, got ${v}`, "Give a whole number, 0 or more.");
  return v;
}

function num(w: SchemaWalk, v: unknown, segments: Segment[]): number {
  if (typeof v !== "number") raise("invalid-type", at(w, ...segments), `${String(segments[segments.length - 1])} must be a number, got ${typeName(v)}`, "Give a number, or leave it out.");
  return v;
}

function strings(w: SchemaWalk, v: unknown, segments: Segment[], what: string): string[] {
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

/** Reads one field of a form schema into the MCP shape, dropping (and reporting) what MCP cannot carry. */
function field(w: SchemaWalk, name: string, def: unknown): McpPrimitiveSchemaDefinition {
  const seg: Segment[] = ["properties", name];
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
    const kept: readonly string[] = KEEP[kind];
    for (const k of Object.keys(def)) if (k !== "type" && !kept.includes(k)) lose(w, [...seg, k], reason(k));
  };
  const annotations = (out: Record<string, unknown>): void => {
    if (hasOwn(def, "title")) out.title = text(w, def.title, [...seg, "title"]);
    if (hasOwn(def, "description")) out.description = text(w, def.description, [...seg, "description"]);
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
      const choices = strings(w, def.enum, [...seg, "enum"], "enum");
      out.enum = choices;
      if (hasOwn(def, "enumNames")) {
        const names = strings(w, def.enumNames, [...seg, "enumNames"], "enumNames");
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
    if (hasOwn(def, "minLength")) out.minLength = count(w, def.minLength, [...seg, "minLength"]);
    if (hasOwn(def, "maxLength")) out.maxLength = count(w, def.maxLength, [...seg, "maxLength"]);
    if (hasOwn(def, "format")) {
      const format = text(w, def.format, [...seg, "format"]);
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
    if (hasOwn(def, "minimum")) out.minimum = num(w, def.minimum, [...seg, "minimum"]);
    if (hasOwn(def, "maximum")) out.maximum = num(w, def.maximum, [...seg, "maximum"]);
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
    if (hasOwn(def, "minItems")) out.minItems = count(w, def.minItems, [...seg, "minItems"]);
    if (hasOwn(def, "maxItems")) out.maxItems = count(w, def.maxItems, [...seg, "maxItems"]);
    const itemType = prop(items, "type");
    if (itemType === "string" && hasOwn(items, "enum")) {
      for (const k of Object.keys(items)) if (k !== "type" && k !== "enum") lose(w, [...seg, "items", k], `MCP choice lists carry only type and enum in items; "${k}" is dropped`);
      out.items = { type: "string", enum: strings(w, items.enum, [...seg, "items", "enum"], "enum") };
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

/** Reads `data.schema` into MCP's `requestedSchema`: flat, primitive fields only. */
function formSchema(schema: unknown, w: SchemaWalk): McpElicitationSchema {
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
    put(properties, name, field(w, name, props[name]));
    // Report a field's losses in the order of its keys, whatever order they were found in.
    const keys = Object.keys(props[name] as object);
    const segments = w.at.splice(from);
    const found = w.losses.splice(from).map((loss, i) => ({ loss, segments: segments[i]!, key: keys.indexOf(String(segments[i]![2])) }));
    found.sort((x, y) => x.key - y.key);
    for (const f of found) {
      w.losses.push(f.loss);
      w.at.push(f.segments);
    }
  }
  const out: McpElicitationSchema = { type: "object", properties };
  if (hasOwn(schema, "required")) {
    const listed = strings(w, schema.required, ["required"], "required");
    const required: string[] = [];
    listed.forEach((name, i) => {
      if (hasOwn(props, name)) required.push(name);
      else lose(w, ["required", i], `"${name}" is required but is not a field of the form; it is dropped`);
    });
    out.required = required;
  }
  return out;
}

/** Adds the parts of a request that an elicitation does not carry to `losses`, then reports them all. */
function report(request: Request, keep: readonly string[], losses: Loss[], onLoss: OnLoss | undefined, mode: string): void {
  if (request.data) {
    for (const k of Object.keys(request.data)) {
      if (!keep.includes(k)) losses.push({ provider: PROVIDER, path: formatPath(["data", k]), reason: `An MCP ${mode}-mode elicitation carries no request data; "${k}" is dropped` });
    }
  }
  if (request.expiresAt !== undefined) losses.push({ provider: PROVIDER, path: "expiresAt", reason: "An MCP elicitation carries no expiry; enforce expiresAt on the server side" });
  if (onLoss) for (const loss of losses) onLoss(loss);
}

/**
 * The params of an MCP `elicitation/create` request for a toolnexus {@link Request}.
 *
 * - A request with a `url` becomes URL mode: `{ mode: "url", message: prompt, elicitationId: id, url }`.
 *   The url must be absolute, written as sent (no whitespace), without credentials in it; `javascript:`,
 *   `data:`, `file:`, `vbscript:` and `blob:` links are refused too.
 * - A request of kind `authorization` always becomes URL mode, so credentials never travel through a form;
 *   one without a `url` is a `ValidationError`.
 * - Any other request becomes form mode, `{ mode: "form", message: prompt, requestedSchema }`, the schema
 *   read from `data.schema`, or, without one, one required string field `output` (what `Answer.output`
 *   gives). MCP forms are flat: a field that is a nested object, or a list of anything but string choices, is
 *   a `ValidationError` naming it. Keywords MCP cannot carry (`pattern`, `additionalProperties`, `$schema`, a
 *   `format` other than email, uri, date and date-time, ...) are dropped and reported to `onLoss`, as are
 *   other `data` keys and `expiresAt`. To refuse such a schema instead, throw from `onLoss`.
 *
 * With `capabilities` (the client's, as `server.getClientCapabilities()` gives them), the mode follows what
 * the client declared (`elicitation: {}` means form mode only): a request with a url goes in form mode, the
 * url on its own line in the message, when the client has no URL mode; an `authorization` request then, any
 * request when the client declared no `elicitation`, and a request that needs form mode sent to a client
 * with URL mode only, are a `ValidationError` of code `unsupported`: return the pending result to the caller
 * instead. `capabilities: undefined` counts as not given.
 *
 * The request may be a `Request` or its JSON shape. The params are a fresh, unfrozen object.
 *
 * Reads what you pass by the rules in [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * const login = ToolResult.authRequired("https://auth.example.com/login?state=abc").pending!;
 * await server.elicitInput(toMcpElicitation(login));
 * // { mode: "url", message: "Authorization required to continue", elicitationId: login.id, url: "https://auth.example.com/login?state=abc" }
 *
 * const ask = Request.create({ kind: "input", prompt: "Which environment?" });
 * toMcpElicitation(ask).requestedSchema;
 * // { type: "object", properties: { output: { type: "string" } }, required: ["output"] }
 * ```
 */
export function toMcpElicitation(request: Request<any>, options?: ToMcpElicitationOptions): McpElicitParams {
  const read = readOptionsOf(options, "toMcpElicitation", ["onLoss", "capabilities"]);
  const onLoss = read.onLoss;
  const modes = readModes(read.capabilities);
  const req = toRequest(request, "");
  if (modes !== undefined && !modes.form && !modes.url) {
    unsupported("capabilities.elicitation", "The client declared no elicitation capability, so it cannot be asked anything");
  }
  let message = req.prompt;
  if (req.url !== undefined || req.kind === "authorization") {
    if (req.url === undefined) {
      raise("missing", "url", "A request of kind \"authorization\" has no url", "Authorization goes to MCP as a link (URL mode), never as a form: give the request the url of the login page.");
    }
    checkUrl(req.url, "url");
    if (modes === undefined || modes.url) {
      report(req, [], [], onLoss, "URL");
      return { mode: "url", message, elicitationId: req.id, url: req.url };
    }
    if (req.kind === "authorization") {
      unsupported("capabilities.elicitation.url", "The client has no URL-mode elicitation, and authorization goes to MCP as a link only, never through a form");
    }
    // A link to a client with form mode only: the form shows it, on its own line of the message.
    message = `${message}\n${req.url}`;
  } else if (modes !== undefined && !modes.form) {
    unsupported("capabilities.elicitation.form", "The client has URL-mode elicitation only, and this request needs a form (it has no url)");
  }
  const losses: Loss[] = [];
  const schema = req.data !== undefined && hasOwn(req.data, "schema") ? formSchema(req.data.schema, { root: ["data", "schema"], losses, at: [] }) : outputSchema();
  report(req, ["schema"], losses, onLoss, "form");
  return { mode: "form", message, requestedSchema: schema };
}

/**
 * The toolnexus {@link Request} for the params of an MCP `elicitation/create` request (what an MCP client
 * receives), so that a host can keep it, route it to a person and answer it with an `Answer`.
 *
 * - URL mode gives `{ id: elicitationId, kind: "authorization", prompt: message, url }`. The url is checked
 *   as {@link toMcpElicitation} checks it.
 * - Form mode (`mode: "form"` or no mode) gives `{ kind: "input", prompt: message, data: { schema } }` with
 *   `schema` the `requestedSchema` as sent, and a generated id, since form mode carries none (use
 *   `request.with({ id })` to set your own).
 *
 * A value that is not elicitation params is a `ValidationError`. The params are read once, by their own
 * properties, and the schema is copied once as JSON data: the copy checked is the copy stored. A getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * Reads what you pass by the rules in [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * client.setRequestHandler(ElicitRequestSchema, async (req) => {
 *   const request = fromMcpElicitation(req.params);
 *   const answer = await askAPerson(request);
 *   return toMcpElicitResult(answer);
 * });
 * ```
 */
export function fromMcpElicitation(params: McpElicitParamsInput): Request {
  const p = snapshot(params, PARAMS_FIELDS, "", "Elicitation params", "Pass the params of the elicitation/create request (request.params).");
  const mode = p.mode;
  if (mode !== undefined && mode !== "url" && mode !== "form") {
    raise("invalid-value", "mode", `Unknown elicitation mode ${typeof mode === "string" ? JSON.stringify(mode) : typeName(mode)}`, "MCP elicitation modes are \"form\" (the default) and \"url\".");
  }
  if (typeof p.message !== "string") raise(p.message === undefined ? "missing" : "invalid-type", "message", `The message must be a string, got ${typeName(p.message)}`, "Pass elicitation params with the message shown to the person.");
  if (mode === "url") {
    for (const k of ["elicitationId", "url"] as const) {
      if (p[k] === undefined) raise("missing", k, `URL-mode params have no ${k}`, "URL-mode elicitations carry elicitationId and url.");
      if (typeof p[k] !== "string") raise("invalid-type", k, `${k} must be a string, got ${typeName(p[k])}`, "URL-mode elicitations carry elicitationId and url as strings.");
    }
    if (p.elicitationId === "") raise("invalid-value", "elicitationId", "The elicitationId is empty", "URL-mode elicitations carry a non-empty elicitationId.");
    checkUrl(p.url as string, "url");
    return new Request({ id: p.elicitationId as string, kind: "authorization", prompt: p.message, url: p.url as string });
  }
  if (p.requestedSchema === undefined) raise("missing", "requestedSchema", "Form-mode params have no requestedSchema", "Form-mode elicitations carry the schema of the form as requestedSchema.");
  // Copied once as JSON data (each getter read once), then checked as a schema we would send: flat, primitive
  // fields. The copy checked is the copy stored; nothing is reported: the schema is kept as sent.
  const schema = copyJson(p.requestedSchema, newWalk("requestedSchema"), 0);
  formSchema(schema, { root: ["requestedSchema"], losses: [], at: [] });
  return Request.create({ kind: "input", prompt: p.message, data: { schema } });
}

/** A genuine Answer as it is; anything else (a look-alike, another copy's, a Proxy) read by its fields and checked. */
function readAnswer(answer: unknown): Answer {
  return isGenuineAnswer(answer) ? (answer as Answer) : Answer.fromJSON(answer);
}

/** One value of a form answer, read once; a list is read entry by entry into a fresh array. */
function elicitValue(v: unknown, path: string): McpElicitValue {
  if (typeof v === "string" || typeof v === "boolean" || typeof v === "number") return v;
  if (typeof v === "object" && v !== null && isArrayAt(v, path)) {
    return readArray(v as unknown[], path).map((s, i) => {
      if (typeof s !== "string") raise("invalid-type", `${path}[${i}]`, `An MCP form answer holds lists of strings only, and this list holds ${typeName(s)}`, "Send the choices as strings.");
      return s;
    });
  }
  return raise("invalid-type", path, `An MCP form answer holds strings, numbers, booleans and lists of strings, not ${typeName(v)}`, "Flatten the answer into one value per form field.");
}

/** Reads form content (`{ field: value }`) once, by its own keys, into a fresh object. */
function readContent(data: unknown, root: string): { [name: string]: McpElicitValue } {
  const out: Record<string, McpElicitValue> = {};
  const source = data as object;
  for (const k of ownKeys(source, root, "the content's keys")) {
    const path = formatPath([k], root);
    put(out, k, elicitValue(ownField(source, k, root), path));
  }
  return out;
}

/**
 * The MCP `ElicitResult` for a toolnexus {@link Answer}: `ok` becomes `accept` (with `content` = `data`),
 * `reason: "declined"` becomes `decline`, and any other refusal (`cancelled`, `expired`) becomes `cancel`.
 *
 * MCP's `content` holds strings, numbers, booleans and lists of strings: `data` holding anything else (a
 * nested object, `null`, a list of numbers) is a `ValidationError` naming the value. Data on a refusal is
 * not sent (MCP omits content there) and is reported to `onLoss`.
 *
 * The answer may be an `Answer` or its JSON shape. The result is a fresh, unfrozen object.
 *
 * Reads what you pass by the rules in [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * toMcpElicitResult(Answer.output(request, "staging")); // { action: "accept", content: { output: "staging" } }
 * toMcpElicitResult(Answer.decline(request));             // { action: "decline" }
 * toMcpElicitResult(Answer.decline(request, "expired"));  // { action: "cancel" }
 * ```
 */
export function toMcpElicitResult(answer: Answer<any>, options?: ElicitationOptions): McpElicitResult {
  const onLoss = readOptions(options, "toMcpElicitResult");
  const a = readAnswer(answer);
  if (a.ok) {
    return a.data === undefined ? { action: "accept" } : { action: "accept", content: readContent(a.data, "data") };
  }
  if (a.data !== undefined && onLoss) {
    for (const k of Object.keys(a.data)) onLoss({ provider: PROVIDER, path: formatPath(["data", k]), reason: `MCP sends no content with a refusal; "${k}" is dropped` });
  }
  return { action: a.reason === "declined" ? "decline" : "cancel" };
}

/**
 * The toolnexus {@link Answer} to `request` for an MCP `ElicitResult`: `accept` gives `ok: true` with
 * `data` = `content`, `decline` gives `reason: "declined"`, `cancel` gives `reason: "cancelled"`.
 *
 * The answer's id is the request's (form-mode results carry no id of their own). Content sent with a
 * refusal is kept as the answer's `data`. A value that is not an `ElicitResult` is a `ValidationError`.
 *
 * The result is read once, by its own properties (a polluted `Object.prototype` adds nothing); a getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * Reads what you pass by the rules in [Reading what callers pass](../../README.md#reading-what-callers-pass).
 *
 * @example
 * ```ts
 * const result = await server.elicitInput(toMcpElicitation(request));
 * const answer = fromMcpElicitResult(request, result);
 * if (answer.ok) resume(answer.data);
 * ```
 */
export function fromMcpElicitResult(request: Request<any>, result: McpElicitResultInput): Answer {
  const req = toRequest(request, "request");
  const r = snapshot(result, RESULT_FIELDS, "", "An ElicitResult", "Pass the result of the elicitation/create request, such as { action: \"accept\", content: { ... } }.");
  const action = r.action;
  if (action === undefined) raise("missing", "action", "The ElicitResult has no action", "MCP results carry action \"accept\", \"decline\" or \"cancel\".");
  if (action !== "accept" && action !== "decline" && action !== "cancel") {
    raise(typeof action === "string" ? "invalid-value" : "invalid-type", "action", `Unknown action ${typeof action === "string" ? JSON.stringify(action) : typeName(action)}`, "MCP results carry action \"accept\", \"decline\" or \"cancel\".");
  }
  let content: JsonObject | undefined;
  const c = r.content;
  if (c !== undefined && c !== null) {
    if (typeof c !== "object" || isArrayAt(c, "content")) raise("invalid-type", "content", `content must be an object, got ${typeName(c)}`, "MCP results carry content as { field: value }.");
    content = readContent(c, "content");
  }
  if (action === "accept") return new Answer({ id: req.id, ok: true, data: content });
  return new Answer({ id: req.id, ok: false, reason: action === "decline" ? "declined" : "cancelled", data: content });
}
