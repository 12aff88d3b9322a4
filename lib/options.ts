// The one options reader of the library: every function that takes an options object (the part factories,
// `truncate`, the payload converter, every projection, reader, bridge and host helper) names its keys once, at
// load, in an {@link OptionKeys}, and reads its options through it. An own key it does not know is refused
// with a ValidationError (`invalid-value`, path `options.<key>`) whose fix lists the keys it knows and names
// the closest one; a key found only on the prototype chain counts as absent. The rule is in docs/trust.md,
// "Options".
import { raise, ValidationError } from "./errors";
import { keyPath } from "./path";
import { quoted, quotedValue } from "./quote";
import { guard, snapshot, type Snapshot } from "./boundary";

/**
 * The keys a function's options may hold, made once per function: by {@link optionKeys}, or written as an object
 * literal (`{ fn: "result.truncate", keys: BUDGETS }`) where importing the module must run no code (the core).
 */
export interface OptionKeys<K extends string> {
  /** The function, as messages name it: `"toAnthropic"`, `"ContentPart.image"`, `"result.truncate"`. */
  readonly fn: string;
  /** The keys it knows, in the order its fix lists them (a handful: the check is a linear search, which allocates nothing). */
  readonly keys: readonly K[];
}

/** The keys of `fn`'s options. Call once, at load: the result is frozen and shared between calls. */
export function optionKeys<const K extends string>(fn: string, keys: readonly K[]): OptionKeys<K> {
  return Object.freeze({ fn, keys: Object.freeze(keys.slice()) });
}

const hasOwn = Object.hasOwn;

/**
 * Refuses an own enumerable key of `options` that `spec` does not know. Allocates nothing when every key is
 * known (a `for...in` over the object, keys of the prototype chain skipped): projections run this on every
 * tool call. A throw while listing the keys (a Proxy's trap) is a ValidationError at `path`.
 */
export function checkOptionKeys(spec: OptionKeys<string>, options: object, path = "options"): void {
  let unknown: string | undefined;
  try {
    for (const key in options) {
      if (!isKnownKey(spec.keys, key) && hasOwn(options, key)) {
        unknown = key;
        break;
      }
    }
  } catch (e) {
    guard(path, "the options' keys", () => {
      throw e;
    });
  }
  if (unknown !== undefined) unknownOption(spec, unknown, path);
}

/**
 * True when `key` is one of `keys`: a loop of string compares, which for the few keys a function takes costs
 * less than a Set's hash look-up (this runs once per key of every projection call).
 */
function isKnownKey(keys: readonly string[], key: string): boolean {
  for (let i = 0; i < keys.length; i++) if (keys[i] === key) return true;
  return false;
}

function unknownOption(spec: OptionKeys<string>, key: string, path: string): never {
  const near = closestKey(key, spec.keys);
  const list = spec.keys.length === 0 ? "no options" : listed(spec.keys);
  const hint = near === undefined ? "" : `Did you mean ${near}? `;
  // The message names the key by the quoting rule (cut at 40 units) and leaves the place out: the path holds
  // the key whole, and a key of any length must not reach a message whole.
  throw new ValidationError("invalid-value", `${spec.fn}() has no option ${quoted(key)}. ${hint}${spec.fn}() takes ${list}.`, { path: keyPath(path, key) });
}

/** `a, b and c`. */
function listed(keys: readonly string[]): string {
  return keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]}`;
}

/**
 * The known key that `key` most likely meant: one that differs only in case, else one at one edit (a
 * character added, removed, changed, or two neighbours swapped); `undefined` when none is that close.
 */
function closestKey(key: string, keys: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  for (const k of keys) if (k.toLowerCase() === lower) return k;
  for (const k of keys) if (oneEdit(key, k)) return k;
  return undefined;
}

/** True when `a` and `b` differ by exactly one edit (insert, delete, substitute, or swap of neighbours). */
function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Reads `fn`'s options: `undefined` and `null` give every key `undefined` (unless `required`: then `undefined`
 * is a `missing` error at `path`); an object has its unknown keys refused ({@link checkOptionKeys}), then each
 * known key read once, as an own property, into a snapshot without a prototype; anything else is an
 * `invalid-type` ValidationError at `path`.
 */
export function readOptionsOf<K extends string>(spec: OptionKeys<K>, options: unknown, path = "", required = false): Snapshot<K> {
  if (options === undefined || options === null) {
    if (required && options === undefined) raise("missing", path, `The options of ${spec.fn}() are missing`, `Pass { ${spec.keys.join(", ")} }.`);
    if (!required) return Object.create(null) as Snapshot<K>;
  }
  const read = snapshot(options, spec.keys, path, `The options of ${spec.fn}()`, `Pass an object with ${listed(spec.keys)}${required ? "" : ", or leave them out"}.`);
  checkOptionKeys(spec, options as object, path === "" ? "options" : path);
  const out = Object.create(null) as Snapshot<K>;
  for (const k of spec.keys) out[k] = read[k];
  return out;
}

/** `"a", "b" or "c"`: the values an option takes, each JSON-quoted, as messages list them. */
export function choiceList(values: readonly string[]): string {
  const q = values.map((v) => JSON.stringify(v));
  return q.length === 1 ? q[0] : `${q.slice(0, -1).join(", ")} or ${q[q.length - 1]}`;
}

/**
 * The option `key` of `fn`, which takes one of `values`: `undefined` when absent, else the value when it is
 * one of them, else an `invalid-value` ValidationError at `path` (`fn() takes platform "api", "bedrock" or
 * "vertex", got "aws"`, the value shown by the quoting rule, a non-string by its type).
 */
export function readChoice<T extends string>(value: unknown, path: string, key: string, values: readonly T[], fn: string): T | undefined {
  if (value === undefined) return undefined;
  for (const v of values) if (v === value) return v;
  return raise("invalid-value", path, `${fn}() takes ${key} ${choiceList(values)}, got ${quotedValue(value)}`, `Pass one of them, or leave ${key} out.`);
}
