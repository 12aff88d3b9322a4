// A projection's options, checked once per call into its Context; the value it projects; and the checks of
// its own options (`toolUseId`, `callId`, ...). Internal to `toolnexus/providers`: nothing here is exported
// from the entry point. Options are read as the door (boundary.ts) reads every outside value: each key once,
// as an own property, a throw while reading being a ValidationError at the key.
import { guard, ownField } from "../boundary";
import { isGenuineResult } from "../tool-result";
import { isToolnexusError, raise } from "../errors";
import { typeName } from "../json-data";
import { checkOptionKeys, type OptionKeys } from "../options";
import { quoted } from "../quote";
import { ToolResult } from "../tool-result";
import { onLossOption, type LossPolicy, type UnsupportedPolicy } from "./loss";

/** The options of one projection call, checked, and the projection's names. */
export interface Context extends LossPolicy {
  /** The projection's function name, for messages: `"toAnthropic"`. */
  readonly fn: string;
}

const isPolicy = (v: unknown): v is UnsupportedPolicy => v === "placeholder" || v === "error" || v === "omit";

/**
 * The context of a projection when none of the shared options is given: made once per projection, at load,
 * and shared between calls (it is frozen).
 */
export function projection(provider: string, label: string, fn: string): Context {
  return Object.freeze({ provider, label, fn, policy: "placeholder", onLoss: undefined, maxBytes: Infinity });
}

/**
 * A reader's or a bridge's options (`fromMcp`, `fromBedrock`, `toAgUiResume`, ...), as `openProjection`
 * (projection.ts) opens a projection's: the three shared options (`unsupported`, `onLoss`, `maxBytes`) into a
 * Context, then an own key `keys` does not list refused, as every function's options are (lib/options.ts).
 * `defaults` itself, no allocation, when no options are given.
 */
export function readerContext(options: unknown, defaults: Context, keys: OptionKeys<string>): Context {
  if (options === undefined || options === null) return defaults;
  const ctx = sharedOptions(options, defaults);
  checkOptionKeys(keys, options);
  return ctx;
}

const ObjectPrototype = Object.prototype;
const hasOwn = Object.hasOwn;

/**
 * The shared options (`unsupported`, `onLoss`, `maxBytes`) of `options`, which is neither `undefined` nor
 * `null`, into a context: `defaults` itself when none is given (no allocation). Options that are not an object
 * are an `invalid-type` ValidationError. The projection kit (projection.ts) calls this after refusing the keys
 * a projection does not know.
 */
export function sharedOptions(options: unknown, defaults: Context): Context {
  // Own properties, each read once: a named read (cheap when, as usual, the option is absent), and a value
  // found only on the prototype chain (a polluted Object.prototype.unsupported) counts as absent. A revoked
  // Proxy (Array.isArray throws) and a throwing getter are ValidationErrors, through `optionThrew`.
  const o = options as Record<string, unknown>;
  let policy: unknown;
  let onLoss: unknown;
  let maxBytes: unknown;
  let key = ""; // the option being read, for the error's path ("" while the options themselves are checked)
  try {
    if (typeof options !== "object" || Array.isArray(options)) notAnObject(options, defaults.fn);
    key = "unsupported";
    policy = o.unsupported;
    if (policy !== undefined && !hasOwn(o, "unsupported")) policy = undefined;
    key = "onLoss";
    onLoss = o.onLoss;
    if (onLoss !== undefined && !hasOwn(o, "onLoss")) onLoss = undefined;
    key = "maxBytes";
    maxBytes = o.maxBytes;
    if (maxBytes !== undefined && !hasOwn(o, "maxBytes")) maxBytes = undefined;
  } catch (e) {
    return optionThrew(e, key);
  }
  // Kept apart from the checks below so that this stays small enough to inline into every projection.
  return policy === undefined && onLoss === undefined && maxBytes === undefined ? defaults : checkShared(policy, onLoss, maxBytes, defaults);
}

/**
 * What reading the option `key` (`""`: the options themselves) threw, as the door's guard reports it: a
 * ValidationError at `key`; a toolnexus error thrown by the checks is kept as it is. The projections read
 * their options in one `try` (no closure per read on the hot path) and come here only when it threw. What was
 * thrown is asked by `isToolnexusError`, which never throws: a thrown Proxy whose `getPrototypeOf` trap throws
 * is a ValidationError too, never an escape.
 */
function optionThrew(e: unknown, key: string): never {
  if (isToolnexusError(e)) throw e;
  return guard(key, key === "" ? "the options" : `options.${key}`, () => {
    throw e;
  });
}

/** The `invalid-type` error for options that are not an object. */
export function notAnObject(options: unknown, fn: string): never {
  return raise("invalid-type", "", `The options of ${fn}() must be an object, got ${typeName(options)}`, `Pass an object such as { unsupported: "placeholder" }.`);
}

function checkShared(policy: unknown, onLoss: unknown, maxBytes: unknown, d: Context): Context {
  if (policy !== undefined && !isPolicy(policy)) {
    raise("invalid-value", "unsupported", `unsupported must be "placeholder", "error" or "omit", got ${typeof policy === "string" ? quoted(policy) : typeName(policy)}`, "Pass one of the three policies, or leave it out for \"placeholder\".");
  }
  const heard = onLossOption(onLoss, "onLoss");
  if (maxBytes !== undefined && (typeof maxBytes !== "number" || !(maxBytes >= 0) || (!Number.isInteger(maxBytes) && maxBytes !== Infinity))) {
    raise("invalid-value", "maxBytes", `maxBytes must be a whole number of bytes, 0 or more, got ${typeof maxBytes === "number" ? String(maxBytes) : typeName(maxBytes)}`, "Pass a number such as 5 * 1024 * 1024, or leave it out.");
  }
  return {
    provider: d.provider,
    label: d.label,
    fn: d.fn,
    policy: isPolicy(policy) ? policy : "placeholder",
    onLoss: heard,
    maxBytes: (maxBytes) ?? Infinity,
  };
}

/** A required, non-empty string option such as `toolUseId`, already read from the options. */
export function requireString(v: unknown, key: string, fn: string, example: string): string {
  return typeof v === "string" && v !== "" ? v : badString(v, key, fn, example);
}

function badString(v: unknown, key: string, fn: string, example: string): never {
  if (v === undefined) raise("missing", key, `${fn}() needs the option ${key}`, `Pass it, as in ${fn}(result, { ${key}: ${example} }).`);
  if (typeof v !== "string") raise("invalid-type", key, `${key} must be a string, got ${typeName(v)}`, `Pass the id the provider gave, such as ${example}.`);
  return raise("invalid-value", key, `${key} is empty`, `Pass the id the provider gave, such as ${example}.`);
}

/** An optional string option: `undefined`, or a non-empty string. */
export function optionalString(v: unknown, key: string, example: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") raise("invalid-type", key, `${key} must be a string, got ${typeName(v)}`, `Pass a string such as ${example}, or leave it out.`);
  if (v === "") raise("invalid-value", key, `${key} is empty`, `Pass a string such as ${example}, or leave it out.`);
  return v;
}

/** An optional boolean option. */
export function optionalBoolean(v: unknown, key: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "boolean") raise("invalid-type", key, `${key} must be a boolean, got ${typeName(v)}`, "Pass true or false.");
  return v;
}

/**
 * An own option of a projection (`meta`, say), read once through the door's `ownField`: `undefined` when
 * `options` is absent or has no own property of that name (Object.prototype's are not options). A throwing
 * getter or trap is a ValidationError at `key`. `openProjection` or {@link readerContext} checked before that
 * `options` is an object, `undefined` or `null`.
 */
export function ownOption(options: unknown, key: string): unknown {
  return options === undefined || options === null ? undefined : ownField(options, key, "");
}

/**
 * `options[key]` when it is an own property, else `undefined`, read once. The caller names the key in a
 * literal read (`options.toolUseId`), which a projection's hot path needs (a keyed read costs more than the
 * rest of the call), and passes the value here: a value found only on the prototype chain is no option.
 */
function ownOnly(options: object, key: string, value: unknown): unknown {
  if (value === undefined) return value;
  // The usual case, without a call: a plain object, and nothing on Object.prototype of that name (a getter
  // there would be found by `in` too), so the value is the object's own.
  if (Object.getPrototypeOf(options) === ObjectPrototype && !(key in ObjectPrototype)) return value;
  return hasOwn(options, key) ? value : undefined;
}

/**
 * One named option of a projection (`toolUseId`, `callId`, Gemini's `id`), read once: `read` is its literal
 * read (`(o) => o.toolUseId`), made once per projection at load, so that the hot path neither allocates nor
 * reads by a computed key; the value counts only as an own property ({@link ownOnly}). A getter or Proxy
 * trap that throws is a ValidationError at `key` ({@link optionThrew}). `undefined` when `options` is absent
 * (`openProjection` checked before that it is an object, `undefined` or `null`).
 */
export function namedOption<O extends object>(options: O | null | undefined, key: string, read: (options: O) => unknown): unknown {
  if (options === undefined || options === null) return undefined;
  try {
    return ownOnly(options, key, read(options));
  } catch (e) {
    return optionThrew(e, key);
  }
}

/**
 * The result to project: a genuine `ToolResult` (made by this copy of the package: its private mark) as it
 * is; anything else (one from another loaded copy, its JSON shape, an object made with
 * `Object.create(ToolResult.prototype)`, a Proxy of a result) read through `ToolResult.fromJSON`, which
 * reads its own fields once and checks them, so that a projection never emits an unchecked field.
 */
export function asResult(value: unknown, fn: string): ToolResult {
  return isGenuineResult(value) ? value : otherResult(value, fn);
}

function otherResult(value: unknown, fn: string): ToolResult {
  if (typeof value !== "object" || value === null) {
    raise("invalid-type", "", `${fn}() projects a ToolResult, got ${typeName(value)}`, "Pass the ToolResult the tool returned.");
  }
  return ToolResult.fromJSON(value);
}

