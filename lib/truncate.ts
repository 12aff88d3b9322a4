// `ToolResult.truncate`: fitting a result's output and parts to budgets of characters, tokens and bytes.
import { guard, wrongType } from "./boundary";
import { readOptionsOf } from "./options";
import type { ContentPart } from "./content-part";
import { partLabel } from "./part-label";
import { raise, thrownMessage } from "./errors";
import { typeName } from "./json-data";
import { objectWith } from "./result-fields";

const BUDGETS = ["maxOutputChars", "maxTokens", "maxPartBytes", "tokens"] as const;

/**
 * What `truncate` counts `maxTokens` by when it is given one (`tokens`): the tokens of the output text (with
 * its marker and omitted-part lines) and of one part. `tokenCounter(target)` of `toolnexus/budgets` makes one
 * that counts as a provider does; the core holds no provider table, it only calls the counter.
 */
export interface TruncateTokens {
  /** The tokens of a text: a finite number, 0 or more. */
  output(text: string): number;
  /** The tokens of one part: a finite number, 0 or more. */
  part(part: ContentPart): number;
}

/** Budgets for `ToolResult.truncate`. */
export interface TruncateBudget {
  /** The most UTF-16 code units the output may hold, marker and omitted-part lines included. */
  maxOutputChars?: number;
  /** The most tokens the result may have: `estimatedTokens`, or as `tokens` counts them. */
  maxTokens?: number;
  /** The most decoded bytes the parts may hold together. */
  maxPartBytes?: number;
  /** How `maxTokens` is counted (`tokenCounter(target)` of `toolnexus/budgets`); `estimatedTokens`' rule without it. */
  tokens?: TruncateTokens;
}

/** The parts' `estimatedTokens`, summed. */
export function partTokens(parts: readonly ContentPart[]): number {
  return parts.reduce((n, p) => n + p.estimatedTokens, 0);
}

const TOKENS_FIX = 'Pass the counter tokenCounter() makes (import { tokenCounter } from "toolnexus/budgets"; tokens: tokenCounter({ provider: "anthropic" })), or an object with output(text) and part(part) methods, or leave tokens out.';

/** A counter read once: its two functions, each read once as the counter's own or inherited method. */
interface Counter {
  readonly from: object;
  readonly output: (...args: never) => unknown;
  readonly part: (...args: never) => unknown;
}

const isCounterFn = (v: unknown): v is (...args: never) => unknown => typeof v === "function";

/** The `tokens` option: `undefined`, or an object with `output` and `part` functions (a ValidationError at options.tokens otherwise). */
function counterOf(value: unknown): Counter | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null) return wrongType("options.tokens", "The token counter", "an object with output(text) and part(part)", value, TOKENS_FIX);
  const output: unknown = guard("options.tokens.output", "the token counter's output", (): unknown => Reflect.get(value, "output"));
  const part: unknown = guard("options.tokens.part", "the token counter's part", (): unknown => Reflect.get(value, "part"));
  if (!isCounterFn(output) || !isCounterFn(part)) {
    const missing = isCounterFn(output) ? "part" : "output";
    return raise("invalid-type", "options.tokens", `The token counter has no ${missing}() function`, TOKENS_FIX);
  }
  return { from: value, output, part };
}

/** What the counter's `fn` (`output` or `part`) gives for `arg`: a finite number, 0 or more; a throw or any other value is a ValidationError at options.tokens. */
function counted(c: Counter, fn: "output" | "part", arg: string | ContentPart, what: string): number {
  let n: unknown;
  try {
    n = fn === "output" ? Reflect.apply(c.output, c.from, [arg]) : Reflect.apply(c.part, c.from, [arg]);
  } catch (e) {
    return raise("invalid-value", "options.tokens", `The token counter's ${fn}() threw on ${what} (${thrownMessage(e)})`, TOKENS_FIX, e);
  }
  if (typeof n === "number" && Number.isFinite(n) && n >= 0) return n;
  const got = typeof n === "number" ? String(n) : typeName(n);
  return raise("invalid-value", "options.tokens", `The token counter's ${fn}() must give a finite number of tokens, 0 or more, for ${what}; it gave ${got}`, TOKENS_FIX);
}

function budget(value: unknown = Infinity, name: string): number {
  if (value === Infinity || (Number.isInteger(value) && (value as number) >= 0)) return value as number;
  return raise("invalid-value", name, `The ${name} must be a whole number, 0 or more`, "Pass a budget such as 4000.");
}

/**
 * What fits the budget `limits` (read by the one options reader, options.ts: each own property read once, an
 * unknown key refused with the closest known one named; Object.prototype.maxTokens is no budget): the output, cut and followed by the omitted-part lines, and how many parts are kept (a prefix).
 */
export function fitToBudget(output: string, parts: readonly ContentPart[], limits: unknown): { output: string; kept: number } {
  if (typeof limits !== "object" || limits === null) wrongType("", "The budget", "an object", limits, objectWith(BUDGETS));
  const given = readOptionsOf({ fn: "result.truncate", keys: BUDGETS }, limits);
  const maxChars = budget(given.maxOutputChars, "maxOutputChars");
  const maxTokens = budget(given.maxTokens, "maxTokens");
  const maxPartBytes = budget(given.maxPartBytes, "maxPartBytes");
  // Counted by the counter only when there is a token budget to fit: without one, it is never called.
  const counter = counterOf(given.tokens);
  if (counter !== undefined && maxTokens !== Infinity) return fitCounted(output, parts, maxChars, maxTokens, maxPartBytes, counter);
  const n = parts.length;
  // The parts kept are the longest prefix within maxPartBytes...
  let kept = keptWithin(parts, maxPartBytes);
  // The omitted-part lines of parts kept..n-1, their total length, and the tokens of parts 0..kept-1: each
  // step below moves one part from the kept to the omitted, so the loop is linear in the parts.
  const lines = new Array<string>(n);
  let linesLength = 0;
  for (let i = kept; i < n; i++) linesLength += (lines[i] = omittedLine(parts[i])).length;
  let spent = partTokens(parts.slice(0, kept));
  // ...then, for maxTokens, parts are dropped from the end while the text does not fit the characters that
  // maxTokens leaves beside the parts kept (ceil(length / 4) tokens fit); then the output is cut.
  while (kept > 0 && withLinesLength(output.length, linesLength) > (maxTokens - spent) * 4) {
    kept--;
    const p = parts[kept];
    spent -= p.estimatedTokens;
    linesLength += (lines[kept] = omittedLine(p)).length;
  }
  return { output: cutOutput(output, lines.slice(kept).join(""), n - kept, Math.min(maxChars, (maxTokens - spent) * 4)), kept };
}

/**
 * {@link fitToBudget} with `maxTokens` counted by `c`: the parts kept within maxPartBytes, then parts dropped
 * from the end while the text (the output and the omitted-part lines) costs more than what the parts kept
 * leave; then the output cut to the longest prefix whose text fits both budgets (the counter is taken to give
 * a longer prefix at least the tokens of a shorter one). Each part is counted once; the text once per part
 * dropped and once per step of the cut's binary search.
 */
function fitCounted(output: string, parts: readonly ContentPart[], maxChars: number, maxTokens: number, maxPartBytes: number, c: Counter): { output: string; kept: number } {
  const n = parts.length;
  let kept = keptWithin(parts, maxPartBytes);
  const cost = new Array<number>(kept);
  let spent = 0;
  for (let i = 0; i < kept; i++) spent += cost[i] = counted(c, "part", parts[i], `parts[${i}]`);
  // The omitted-part lines of parts kept..n-1, grown at the front as each part is dropped (never joined again).
  let lines = "";
  for (let i = n - 1; i >= kept; i--) lines = omittedLine(parts[i]) + lines;
  const over = (text: string): boolean => counted(c, "output", text, "the output") > maxTokens - spent;
  while (kept > 0 && over(withLines(output, lines))) {
    kept--;
    spent -= cost[kept];
    lines = omittedLine(parts[kept]) + lines;
  }
  return { output: cutOutput(output, lines, n - kept, maxChars, over), kept };
}

/** How many parts, from the first, fit `maxPartBytes` together (all of them without a byte budget, no size computed then). */
function keptWithin(parts: readonly ContentPart[], maxPartBytes: number): number {
  const n = parts.length;
  if (maxPartBytes === Infinity) return n;
  let kept = 0;
  let bytes = 0;
  while (kept < n && (bytes += parts[kept].byteLength) <= maxPartBytes) kept++;
  return kept;
}

/** The line that names a part left out, newline first: `\n[omitted image part (image/png, 82 bytes)]`. */
function omittedLine(part: ContentPart): string {
  return `\n[omitted ${partLabel(part)}]`;
}

/** The output followed by the omitted-part lines (each starting with a newline). */
function withLines(output: string, lines: string): string {
  return output === "" ? lines.slice(1) : output + lines;
}

/** The length of `withLines(output, lines)`, from the two lengths. */
function withLinesLength(outputLength: number, linesLength: number): number {
  return outputLength === 0 ? Math.max(linesLength - 1, 0) : outputLength + linesLength;
}

/**
 * The output with `lines` (the lines of the `omitted` parts left out) after it, cut so that the whole fits
 * `limit` (see `ToolResult.truncate`). When even the marker and the lines do not fit, the marker alone,
 * counting the parts left out: `[truncated: 0 of 120 characters; 3 parts omitted]`. Lengths are computed,
 * not built: the binary search costs O(log n), and the text is built once.
 */
function cutOutput(output: string, lines: string, omitted: number, limit: number, over?: (text: string) => boolean): string {
  if (withLinesLength(output.length, lines.length) <= limit && (over === undefined || !over(withLines(output, lines)))) return withLines(output, lines);
  const n = output.length;
  const marker = (k: number) => `[truncated: ${k} of ${n} characters]`;
  const alone = (k: number) => `[truncated: ${k} of ${n} characters${omitted === 0 ? "" : `; ${omitted} ${omitted === 1 ? "part" : "parts"} omitted`}]`;
  const cut = (k: number) => (k > 0 ? `${output.slice(0, k)}\n` : "") + marker(k) + lines;
  // "[truncated: " + K + " of N characters]", and the K characters kept with their newline.
  const fixed = "[truncated: ".length + ` of ${n} characters]`.length + lines.length;
  const cutLength = (k: number) => (k > 0 ? k + 1 : 0) + String(k).length + fixed;
  // With a counter (`over`), a cut fits when its text is within the tokens left too.
  const fits = (k: number) => cutLength(k) <= limit && (over === undefined || !over(cut(k)));
  // The largest K whose cut fits, by binary search (a cut grows with K).
  let k = 0;
  for (let hi = n; k < hi; ) {
    const mid = Math.ceil((k + hi) / 2);
    if (fits(mid)) k = mid;
    else hi = mid - 1;
  }
  // Never split a surrogate pair: the code point at k - 1 is astral only when a pair straddles the cut.
  if (k > 0 && (output.codePointAt(k - 1) ?? 0) > 0xffff) k--;
  return fits(k) ? cut(k) : alone(k);
}
