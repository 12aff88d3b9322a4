// `ToolResult.truncate`: fitting a result's output and parts to budgets of characters, tokens and bytes.
import { wrongType } from "./boundary";
import { readOptionsOf } from "./options";
import type { ContentPart } from "./content-part";
import { partLabel } from "./part-label";
import { raise } from "./errors";
import { objectWith } from "./result-fields";

const BUDGETS = ["maxOutputChars", "maxTokens", "maxPartBytes"] as const;

/** Budgets for `ToolResult.truncate`. */
export interface TruncateBudget {
  /** The most UTF-16 code units the output may hold, marker and omitted-part lines included. */
  maxOutputChars?: number;
  /** The most `estimatedTokens` the result may have. */
  maxTokens?: number;
  /** The most decoded bytes the parts may hold together. */
  maxPartBytes?: number;
}

/** The parts' `estimatedTokens`, summed. */
export function partTokens(parts: readonly ContentPart[]): number {
  return parts.reduce((n, p) => n + p.estimatedTokens, 0);
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
  const n = parts.length;
  // The parts kept are the longest prefix within maxPartBytes...
  let kept = maxPartBytes === Infinity ? n : 0; // without a byte budget, no part's size is computed
  let bytes = 0;
  while (kept < n && (bytes += parts[kept].byteLength) <= maxPartBytes) kept++;
  // The omitted-part lines of parts kept..n-1, their total length, and the tokens of parts 0..kept-1: each
  // step below moves one part from the kept to the omitted, so the loop is linear in the parts.
  const lines = new Array<string>(n);
  let linesLength = 0;
  for (let i = kept; i < n; i++) linesLength += (lines[i] = `\n[omitted ${partLabel(parts[i])}]`).length;
  let spent = partTokens(parts.slice(0, kept));
  // ...then, for maxTokens, parts are dropped from the end while the text does not fit the characters that
  // maxTokens leaves beside the parts kept (ceil(length / 4) tokens fit); then the output is cut.
  while (kept > 0 && withLinesLength(output.length, linesLength) > (maxTokens - spent) * 4) {
    kept--;
    const p = parts[kept];
    spent -= p.estimatedTokens;
    linesLength += (lines[kept] = `\n[omitted ${partLabel(p)}]`).length;
  }
  return { output: cutOutput(output, lines.slice(kept).join(""), n - kept, Math.min(maxChars, (maxTokens - spent) * 4)), kept };
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
function cutOutput(output: string, lines: string, omitted: number, limit: number): string {
  if (withLinesLength(output.length, lines.length) <= limit) return withLines(output, lines);
  const n = output.length;
  const marker = (k: number) => `[truncated: ${k} of ${n} characters]`;
  const alone = (k: number) => `[truncated: ${k} of ${n} characters${omitted === 0 ? "" : `; ${omitted} ${omitted === 1 ? "part" : "parts"} omitted`}]`;
  const cut = (k: number) => (k > 0 ? `${output.slice(0, k)}\n` : "") + marker(k) + lines;
  // "[truncated: " + K + " of N characters]", and the K characters kept with their newline.
  const fixed = "[truncated: ".length + ` of ${n} characters]`.length + lines.length;
  const cutLength = (k: number) => (k > 0 ? k + 1 : 0) + String(k).length + fixed;
  // The largest K whose cut fits, by binary search (a cut grows with K).
  let k = 0;
  for (let hi = n; k < hi; ) {
    const mid = Math.ceil((k + hi) / 2);
    if (cutLength(mid) <= limit) k = mid;
    else hi = mid - 1;
  }
  // Never split a surrogate pair: the code point at k - 1 is astral only when a pair straddles the cut.
  if (k > 0 && (output.codePointAt(k - 1) ?? 0) > 0xffff) k--;
  return cutLength(k) <= limit ? cut(k) : alone(k);
}
