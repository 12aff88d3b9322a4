/**
 * `toEqual` and `toStrictEqual` with the same meaning as Jest's, and failure output that shows part data by
 * size: Jest's own diff ignores snapshot serializers and would print every payload in full.
 *
 * @module
 */
import { formatPath, type Segment } from "../path";
import { containsToolnexus, displayer, toDisplay } from "./display";
import { ownField } from "../boundary";
import { classLabel, displayFields, toolnexusType } from "./render";
import type { MatcherContextLike, MatcherFunction, MatcherResult } from "./types";

/**
 * The two matchers replaced.
 *
 * @example
 * ```ts
 * const name: EqualityMatcherName = "toEqual";
 * ```
 */
export type EqualityMatcherName = "toEqual" | "toStrictEqual";

/** The global key under which Jest keeps its matcher table. */
export const MATCHERS_OBJECT = Symbol.for("$$jest-matchers-object");
/** The key under which a replaced matcher keeps the one it replaces (registered: every copy of the package reads it). */
export const ORIGINAL = Symbol.for("toolnexus.testing.original");
const MAX_FIELDS = 10;

/**
 * One of Jest's built-in matchers (`toEqual`, `toBe`, ...), read from the matcher table Jest keeps on the global
 * object (`expect` offers no public way to reach a matcher it has); the one it replaced, for a matcher the
 * helpers replaced already. `undefined` when that table is not there (not Jest, or a Jest that keeps it
 * elsewhere): the setup then leaves the matchers as they are.
 *
 * @example
 * ```ts
 * const original = builtInMatcher("toEqual");
 * ```
 */
export function builtInMatcher(name: string): MatcherFunction | undefined {
  const table: unknown = Reflect.get(globalThis, MATCHERS_OBJECT);
  const all: unknown = typeof table === "object" && table !== null ? Reflect.get(table, "matchers") : undefined;
  const m: unknown = typeof all === "object" && all !== null ? Reflect.get(all, name) : undefined;
  if (!isMatcherFunction(m)) return undefined;
  const original: unknown = Reflect.get(m, ORIGINAL);
  return isMatcherFunction(original) ? original : m;
}

/** A function in a matcher table: Jest calls it as a matcher, so it is taken for one. */
function isMatcherFunction(value: unknown): value is MatcherFunction {
  return typeof value === "function";
}

/**
 * A matcher that runs `original` (Jest's `toEqual` or `toStrictEqual`) and keeps its verdict, but, when
 * either side holds a toolnexus value, builds the failure message itself: the diff shows each part's data
 * as `<2130 bytes, digest 1a2b3c4d>` and, when both sides are toolnexus values, the message first names
 * the fields that differ. Values without toolnexus values inside get Jest's own message.
 *
 * @example
 * ```ts
 * expect.extend({ toEqual: equalityMatcher("toEqual", builtInMatcher("toEqual")!) });
 * ```
 */
export function equalityMatcher(name: EqualityMatcherName, original: MatcherFunction): MatcherFunction {
  const replacement = function (this: MatcherContextLike, received: unknown, expected: unknown): MatcherResult {
    const result = original.call(this, received, expected);
    // A passing assertion prints nothing: it is returned as it is, and nothing is looked at.
    if (result.pass !== (this.isNot === true)) return result;
    if (!containsToolnexus(received) && !containsToolnexus(expected)) return result;
    const own = (): string => equalityMessage(this, name, received, expected, result.pass);
    // What reporters may write out of a failure (`actual`, `expected`) shows part data by size too.
    const display = displayer();
    return { ...result, message: own, actual: display(result.actual), expected: display(result.expected) };
  };
  Object.defineProperty(replacement, "name", { value: name });
  Object.defineProperty(replacement, ORIGINAL, { value: original });
  return replacement;
}

/**
 * The failure message of the replaced `toEqual` or `toStrictEqual` for values that hold toolnexus values:
 * the fields that differ, then a diff in which each part's data shows as size and digest.
 *
 * @example
 * ```ts
 * const text = equalityMessage(this, "toEqual", received, expected, false);
 * ```
 */
export function equalityMessage(ctx: MatcherContextLike, name: EqualityMatcherName, received: unknown, expected: unknown, pass: boolean): string {
  const u = ctx.utils;
  const head = u.matcherHint(name, undefined, undefined, { comment: "deep equality", isNot: ctx.isNot, promise: ctx.promise });
  const e = toDisplay(expected);
  const r = toDisplay(received);
  if (pass) {
    const same = u.stringify(e) === u.stringify(r);
    return `${head}\n\nExpected: not ${u.printExpected(e)}\n${same ? "" : `Received:     ${u.printReceived(r)}`}`;
  }
  const fields = differingFields(expected, received);
  const named = fields.length === 0 ? "" : `Differing fields: ${fields.join(", ")}\n\n`;
  return `${head}\n\n${named}${u.printDiffOrStringify(e, r, "Expected", "Received", ctx.expand !== false)}`;
}

/**
 * The paths at which two toolnexus values differ (`output`, `parts[0].data`, `metadata.retries`,
 * `metadata.pending.kind`), or `[]` when either is not a toolnexus value. A difference of class is named
 * `class`, with both class names. At most ten paths are listed.
 *
 * @example
 * ```ts
 * differingFields(ToolResult.ok("a"), ToolResult.error("b")); // ["output", "isError"]
 * ```
 */
function differingFields(expected: unknown, received: unknown): string[] {
  if (toolnexusType(expected) === undefined || toolnexusType(received) === undefined) return [];
  const out: string[] = [];
  collect(expected, received, [], out);
  return out.length > MAX_FIELDS ? [...out.slice(0, MAX_FIELDS), `and ${out.length - MAX_FIELDS} more`] : out;
}

function label(path: Segment[]): string {
  return path.length === 0 ? "the value" : formatPath(path);
}

function collect(e: unknown, r: unknown, path: Segment[], out: string[]): void {
  if (out.length > MAX_FIELDS || same(e, r)) return;
  const be = toolnexusType(e);
  const br = toolnexusType(r);
  if (be !== undefined || br !== undefined) {
    // A toolnexus type is an object's only (see toolnexusType).
    if (be === undefined || br === undefined || be !== br || typeof e !== "object" || e === null || typeof r !== "object" || r === null) {
      out.push(`${label(path)} (expected ${be ?? typeof e}, received ${br ?? typeof r})`);
      return;
    }
    if (Object.getPrototypeOf(e) !== Object.getPrototypeOf(r)) {
      const en = classLabel(e, be);
      const rn = classLabel(r, br);
      const where = path.length === 0 ? "class" : `${formatPath(path)} class`;
      out.push(en === rn ? `${where} (two different ${en} classes, such as those of the ESM and the CJS build)` : `${where} (expected ${en}, received ${rn})`);
    }
    const ef = new Map(displayFields(e, be));
    const rf = new Map(displayFields(r, br));
    const keys = [...new Set([...ef.keys(), ...rf.keys()])];
    for (const k of keys) collect(Reflect.get(e, k), Reflect.get(r, k), [...path, k], out);
    return;
  }
  if (Array.isArray(e) && Array.isArray(r)) {
    if (e.length !== r.length) {
      out.push(`${label(path)} (expected ${e.length} items, received ${r.length})`);
      return;
    }
    for (let i = 0; i < e.length; i++) collect(e[i], r[i], [...path, i], out);
    return;
  }
  if (isPlain(e) && isPlain(r)) {
    const keys = [...new Set([...Object.keys(e), ...Object.keys(r)])].sort();
    for (const k of keys) collect(ownField(e, k, ""), ownField(r, k, ""), [...path, k], out);
    return;
  }
  out.push(label(path));
}

function isPlain(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Structural equality of what toolnexus values hold: JSON data, key order ignored, and toolnexus values. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ba = toolnexusType(a);
  const bb = toolnexusType(b);
  if (ba !== undefined || bb !== undefined) return ba === bb && (a as { equals(o: unknown): boolean }).equals(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    const list: readonly unknown[] = b;
    return a.length === list.length && a.every((x, i) => same(x, list[i]));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && same(ownField(a, k, ""), ownField(b, k, "")));
}
