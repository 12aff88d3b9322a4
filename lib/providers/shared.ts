// What every projection shares: reading its options, reading the result, and handling a loss by the policy.
// Internal to `toolnexus/providers`: nothing here is exported from the entry point.
import { escapeControl, ownField } from "../boundary";
import { isGenuineResult } from "../marks";
import { partLabel, type ContentPart } from "../content-part";
import { ContentPartError, ToolnexusError, ValidationError, raise } from "../errors";
import { typeName } from "../json-data";
import { EXTENSIONS } from "../media";
import { located } from "../path";
import { ToolResult } from "../tool-result";
import type { OnLoss, UnsupportedPolicy } from "./loss";

/** The options of one projection call, checked. */
export interface Context {
  /** The projection's name in a {@link Loss}: `"anthropic"`, `"openai-chat"`, `"mcp"`, ... */
  readonly provider: string;
  /** What the provider is called in messages: `"Anthropic"`, `"OpenAI Chat"`, ... */
  readonly label: string;
  readonly policy: UnsupportedPolicy;
  readonly onLoss: OnLoss | undefined;
  /** `Infinity` when no cap was given. */
  readonly maxBytes: number;
}

const POLICIES: readonly string[] = ["placeholder", "error", "omit"];

/** What a projection is called; made once per projection, at load. */
export interface ProjectionSpec {
  readonly fn: string;
  /** The context when none of the shared options is given (shared between calls: it is frozen). */
  readonly defaults: Context;
}

/** The spec of a projection: its name in a {@link Loss}, in messages, and its function name. */
export function projection(provider: string, label: string, fn: string): ProjectionSpec {
  const defaults: Context = Object.freeze({ provider, label, policy: "placeholder", onLoss: undefined, maxBytes: Infinity });
  return Object.freeze({ fn, defaults });
}

/**
 * Checks the three shared options of a projection. Other keys are not looked at (the projection reads its
 * own by name); the options' TypeScript type refuses a misspelt key. Allocates nothing unless a shared
 * option is given: this runs on every tool call.
 */
export function readOptions(options: unknown, spec: ProjectionSpec): Context {
  return options === undefined || options === null ? spec.defaults : readGiven(options, spec);
}

const ObjectPrototype = Object.prototype;
const hop = ObjectPrototype.hasOwnProperty;

function readGiven(options: unknown, spec: ProjectionSpec): Context {
  // Own properties, each read once: a named read (cheap when, as usual, the option is absent), and a value
  // found only on the prototype chain (a polluted Object.prototype.unsupported) counts as absent. A revoked
  // Proxy (Array.isArray throws) and a throwing getter are ValidationErrors, through `unreadable`.
  const o = options as Record<string, unknown>;
  let policy: unknown;
  let onLoss: unknown;
  let maxBytes: unknown;
  let key = ""; // the option being read, for the error's path ("" while the options themselves are checked)
  try {
    if (typeof options !== "object" || Array.isArray(options)) notAnObject(options, spec);
    key = "unsupported";
    policy = o.unsupported;
    if (policy !== undefined && !hop.call(o, "unsupported")) policy = undefined;
    key = "onLoss";
    onLoss = o.onLoss;
    if (onLoss !== undefined && !hop.call(o, "onLoss")) onLoss = undefined;
    key = "maxBytes";
    maxBytes = o.maxBytes;
    if (maxBytes !== undefined && !hop.call(o, "maxBytes")) maxBytes = undefined;
  } catch (e) {
    throw unreadable(e, key, key === "" ? "the options" : `options.${key}`);
  }
  // Kept apart from the checks below so that this stays small enough to inline into every projection.
  return policy === undefined && onLoss === undefined && maxBytes === undefined ? spec.defaults : checkShared(policy, onLoss, maxBytes, spec);
}

function notAnObject(options: unknown, spec: ProjectionSpec): never {
  return raise("invalid-type", "", `The options of ${spec.fn}() must be an object, got ${typeName(options)}`, `Pass an object such as { unsupported: "placeholder" }.`);
}

function checkShared(policy: unknown, onLoss: unknown, maxBytes: unknown, spec: ProjectionSpec): Context {
  if (policy !== undefined && (typeof policy !== "string" || !POLICIES.includes(policy))) {
    raise("invalid-value", "unsupported", `unsupported must be "placeholder", "error" or "omit", got ${typeof policy === "string" ? JSON.stringify(policy) : typeName(policy)}`, "Pass one of the three policies, or leave it out for \"placeholder\".");
  }
  if (onLoss !== undefined && typeof onLoss !== "function") {
    raise("invalid-type", "onLoss", `onLoss must be a function, got ${typeName(onLoss)}`, "Pass a function such as (loss) => console.warn(loss.reason).");
  }
  if (maxBytes !== undefined && (typeof maxBytes !== "number" || !(maxBytes >= 0) || (!Number.isInteger(maxBytes) && maxBytes !== Infinity))) {
    raise("invalid-value", "maxBytes", `maxBytes must be a whole number of bytes, 0 or more, got ${typeof maxBytes === "number" ? String(maxBytes) : typeName(maxBytes)}`, "Pass a number such as 5 * 1024 * 1024, or leave it out.");
  }
  const d = spec.defaults;
  return {
    provider: d.provider,
    label: d.label,
    policy: (policy as UnsupportedPolicy | undefined) ?? "placeholder",
    onLoss: onLoss as OnLoss | undefined,
    maxBytes: (maxBytes as number | undefined) ?? Infinity,
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
 * A toolnexus error as it is; anything else thrown while reading a caller's value (a getter, a Proxy trap)
 * as a `ValidationError` at `path`, so that no bare `TypeError` escapes.
 */
export function unreadable(e: unknown, path: string, what: string): ToolnexusError {
  if (e instanceof ToolnexusError) return e;
  let why: string;
  try {
    why = e instanceof Error ? e.message : String(e);
  } catch {
    why = "a value that cannot be shown";
  }
  return new ValidationError("invalid-value", `${located(`Reading ${what} threw (${why})`, path)}. Pass plain data.`, { path, cause: e });
}

/**
 * An own option of a projection (`toolUseId`, say), read once: `undefined` when `options` is absent or has no
 * own property of that name (Object.prototype's are not options). A throwing getter or trap is a
 * ValidationError at `key`. `readOptions` checked before that `options` is an object, `undefined` or `null`.
 */
export function ownOption(options: unknown, key: string): unknown {
  return options === undefined || options === null ? undefined : ownField(options as object, key, "");
}

/**
 * `options[key]` when it is an own property, else `undefined`, read once. The caller names the key in a
 * literal read (`options.toolUseId`), which a projection's hot path needs (a keyed read costs more than the
 * rest of the call), and passes the value here: a value found only on the prototype chain is no option.
 */
export function ownOnly(options: object, key: string, value: unknown): unknown {
  if (value === undefined) return value;
  // The usual case, without a call: a plain object, and nothing on Object.prototype of that name (a getter
  // there would be found by `in` too), so the value is the object's own.
  if (Object.getPrototypeOf(options) === ObjectPrototype && !(key in ObjectPrototype)) return value;
  return hop.call(options, key) ? value : undefined;
}

/**
 * The result to project: a genuine `ToolResult` (made by this copy of the package: its private mark) as it
 * is; anything else (one from another loaded copy, its JSON shape, an object made with
 * `Object.create(ToolResult.prototype)`, a Proxy of a result) read through `ToolResult.fromJSON`, which
 * reads its own fields once and checks them, so that a projection never emits an unchecked field.
 */
export function asResult(value: unknown, fn: string): ToolResult<any> {
  return isGenuineResult(value) ? (value as ToolResult<any>) : otherResult(value, fn);
}

function otherResult(value: unknown, fn: string): ToolResult<any> {
  if (typeof value !== "object" || value === null) {
    raise("invalid-type", "", `${fn}() projects a ToolResult, got ${typeName(value)}`, "Pass the ToolResult the tool returned.");
  }
  return ToolResult.fromJSON(value);
}

/** `[unsupported audio part (audio/wav, 41984 bytes)]`: what stands in for a lost part. Never the data. */
export function placeholderFor(part: ContentPart): string {
  return `[unsupported ${partLabel(part)}]`;
}

/**
 * Handles one lost part by the policy: reports it to `onLoss` (always, before anything else), then throws
 * (`error`), or returns the placeholder text (`placeholder`, {@link placeholderFor}'s) or `undefined` (`omit`).
 */
export function losePart(ctx: Context, index: number, part: ContentPart, reason: string, path = `parts[${index}]`): string | undefined {
  const placeholder = ctx.policy === "placeholder" ? placeholderFor(part) : undefined;
  report(ctx, path, reason, part, placeholder);
  if (ctx.policy === "error") {
    throw new ContentPartError(
      "unsupported",
      `${located(`${ctx.label} cannot carry the ${partLabel(part)}`, path)}: ${reason}. Convert or drop the part before projecting, or pass unsupported: "placeholder" or "omit".`,
      { path },
    );
  }
  return placeholder;
}

/**
 * {@link losePart}, its placeholder text put in the projection's own shape by `wrap` (a text block, an
 * `input_text` item, ...): what every projection does with a part it cannot carry. `undefined` under `omit`;
 * throws under `error`, after `onLoss` was told, exactly as `losePart` does. Pass a `wrap` made once, at load
 * (not a closure per call): this sits beside a projection's hot path.
 */
export function loseAs<B>(ctx: Context, index: number, part: ContentPart, reason: string, wrap: (text: string) => B): B | undefined {
  const text = losePart(ctx, index, part, reason);
  return text === undefined ? undefined : wrap(text);
}

/**
 * Handles, by the policy, a block that an inbound reader (`fromMcp`, `fromLangChain`) cannot make a part of:
 * reports it to `onLoss` (reason `the <what> cannot become a part: <why>`, the placeholder `line`), then
 * throws (`error`: a `ContentPartError` at `path`, ending with `fix`), or returns `line` (`placeholder`) or
 * `undefined` (`omit`). The error shows `what` and `why` with their control characters escaped, as `line` must.
 */
export function loseBlock(ctx: Context, path: string, what: string, why: string, line: string, fix: string): string | undefined {
  const placeholder = ctx.policy === "placeholder" ? line : undefined;
  report(ctx, path, `the ${what} cannot become a part: ${why}`, undefined, placeholder);
  if (ctx.policy === "error") {
    throw new ContentPartError("unsupported", `${located(`The ${escapeControl(what)}`, path)} cannot become a part: ${escapeControl(why)}. ${fix}, or pass unsupported: "placeholder" or "omit".`, { path });
  }
  return placeholder;
}

/** Tells `onLoss` of a loss. */
export function report(ctx: Context, path: string, reason: string, part: ContentPart | undefined, placeholder: string | undefined): void {
  if (ctx.onLoss === undefined) return;
  const loss: { provider: string; path: string; reason: string; part?: ContentPart; placeholder?: string } = { provider: ctx.provider, path, reason };
  if (part !== undefined) loss.part = part;
  if (placeholder !== undefined) loss.placeholder = placeholder;
  ctx.onLoss(Object.freeze(loss));
}

/** The reason a part is over the cap, or `undefined` when it fits. */
export function overCap(ctx: Context, part: ContentPart): string | undefined {
  if (ctx.maxBytes === Infinity) return undefined;
  const bytes = part.byteLength;
  return bytes > ctx.maxBytes ? `it holds ${bytes} bytes, over maxBytes = ${ctx.maxBytes}` : undefined;
}

/** `data:image/png;base64,...` without decoding or copying the base64 beyond one concatenation. */
export function dataUrl(part: ContentPart): string {
  return `data:${part.mimeType};base64,${part.data}`;
}

const EXTENSION_FOR: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  for (const [ext, mime] of Object.entries(EXTENSIONS)) if (!(mime in out)) out[mime] = ext;
  return out;
})();

/** A file name for a part that has none: `part-<index>`, plus the media table's extension for its type. */
export function fallbackName(part: ContentPart, index: number): string {
  const ext = Object.prototype.hasOwnProperty.call(EXTENSION_FOR, part.mimeType!) ? EXTENSION_FOR[part.mimeType!] : undefined;
  return ext === undefined ? `part-${index}` : `part-${index}.${ext}`;
}

/** The last segment of a URL's path (`report.pdf`), or the whole URL when the path has none. */
export function urlBaseName(url: string): string {
  try {
    const path = new URL(url).pathname;
    const base = path.slice(path.lastIndexOf("/") + 1);
    if (base !== "") {
      try {
        return decodeURIComponent(base);
      } catch {
        return base;
      }
    }
  } catch {
    // fall through: the part's url was checked when the part was made, so this is not reached in practice
  }
  return url;
}

/** True when a string holds nothing but white space (`""` included); allocates nothing. */
export function isBlank(s: string): boolean {
  // The common case first, small enough to inline: text that starts with a visible ASCII character.
  const c = s.charCodeAt(0);
  return c > 32 && c < 127 ? false : blankSlow(s);
}

function blankSlow(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // The characters String.prototype.trim removes: ASCII and Unicode white space, line ends, the BOM.
    const space =
      c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
    if (!space) return false;
  }
  return true;
}

/** Joins text pieces with `"\n"`, skipping empty ones. */
export function joinLines(pieces: readonly string[]): string {
  let out = "";
  for (const p of pieces) {
    if (p === "") continue;
    out = out === "" ? p : `${out}\n${p}`;
  }
  return out;
}

/**
 * The problem an error's message states, for a loss line: its first sentence up to the place (" at data") or
 * the fix, lowercased at the start, control characters escaped; never the data.
 */
export function lossReason(e: ToolnexusError): string {
  const m = e.message;
  const ends = [m.indexOf(" at "), m.indexOf(". ")].filter((i) => i > 0);
  const head = ends.length > 0 ? m.slice(0, Math.min(...ends)) : m;
  return escapeControl(head.charAt(0).toLowerCase() + head.slice(1));
}
