// What a result costs on a provider, counted by the provider's documented rule (data.ts): `countTokens` and
// the counter `truncate` takes (`tokenCounter`). docs/budgets.md, "Token rules".
import type { ContentPart } from "../content-part";
import { toContentPart } from "../content-part";
import { raise } from "../errors";
import type { TruncateTokens } from "../truncate";
import { imageDimensions, type ImageDimensions } from "../image-size";
import { isGenuinePart } from "../content-part";
import { typeName } from "../json-data";
import { asResult } from "../providers/options";
import { CLAUDE, GEMINI, OPENAI, OPENAI_PATCH, OPENAI_TILES, type ClaudeTier, type OpenAIPatchRule, type OpenAIRule } from "./data";
import { readTarget, TARGET_KEYS, type BudgetTarget, type ClaudeTarget, type GeminiTarget, type OpenAITarget, type Resolved } from "./target";
import { wavSeconds } from "./wav";

/** One part's count: `measured` when it comes from the part's pixels (or a WAV's duration) by the provider's rule. */
export interface PartTokens {
  readonly tokens: number;
  readonly measured: boolean;
}

/** What {@link countTokens} gives: the total, the output's share, and each part's count, in order. */
export interface TokenCount {
  readonly total: number;
  readonly output: number;
  readonly parts: readonly PartTokens[];
}

/**
 * A counter of one target: how many tokens a text and a part cost there, as {@link countTokens} counts them;
 * what `result.truncate({ maxTokens, tokens })` counts by.
 */
export interface TokenCounter extends TruncateTokens {
  /** The tokens of a result's output text, as the target counts text (`ceil(length / 4)`). */
  output(text: string): number;
  /** The tokens of one part (a `ContentPart` or its JSON shape), by the target's rule for its type. */
  part(part: ContentPart): number;
}

const ESTIMATE = 4; // characters a token, as estimatedTokens counts text

function counted(tokens: number, measured: boolean): PartTokens {
  return Object.freeze({ tokens, measured });
}

function textTokens(text: string): number {
  return Math.ceil(text.length / ESTIMATE);
}

/** `n / d` rounded to the nearest whole number, ties to even (as Anthropic's resize rounds). Exact for n, d < 2^53. */
function roundHalfEven(n: number, d: number): number {
  const q = Math.floor(n / d);
  const twice = 2 * (n - q * d);
  return twice > d || (twice === d && q % 2 === 1) ? q + 1 : q;
}

/**
 * Claude's count: ceil(w / 28) * ceil(h / 28) after the resize. When the image's padded edges or its patches
 * pass the tier's limits, it is resized to the largest aspect-preserving size that fits both (the long edge
 * found by binary search: patches grow with it; the short edge rounded half to even).
 */
function claudeTokens(width: number, height: number, tier: ClaudeTier): number {
  const p = CLAUDE.patch.value;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const cost = (l: number, s: number): number => Math.ceil(l / p) * Math.ceil(s / p);
  const fits = (l: number, s: number): boolean => Math.ceil(l / p) * p <= tier.edge && cost(l, s) <= tier.tokens;
  if (fits(long, short)) return cost(long, short);
  const shortAt = (l: number): number => Math.max(1, roundHalfEven(l * short, long));
  let lo = 1;
  for (let hi = Math.min(long, tier.edge); lo < hi; ) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid, shortAt(mid))) lo = mid;
    else hi = mid - 1;
  }
  return cost(lo, shortAt(lo));
}

/** `x / unit` rounded up, a rounding error's worth below a whole number counted as that number. */
function ceilUnits(x: number, unit: number): number {
  return Math.ceil(x / unit - 1e-9);
}

/** The tile models: fit 2048x2048, the short side to 768 (never up), then `base + tile * tiles`. */
function tileTokens(base: number, perTile: number, width: number, height: number): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, OPENAI_TILES.box / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(w, h);
  if (short > OPENAI_TILES.short) {
    w *= OPENAI_TILES.short / short;
    h *= OPENAI_TILES.short / short;
  }
  return base + perTile * ceilUnits(w, OPENAI_TILES.tile) * ceilUnits(h, OPENAI_TILES.tile);
}

/** Whether the patch rule counts at `original` detail (every pixel kept, up to its own budget). */
function atOriginal(rule: OpenAIPatchRule, detail: OpenAITarget["detail"]): boolean {
  return detail === "original" || (detail === "auto" && rule.originalDefault);
}

/**
 * The patch models: fitted into the rule's box (when it has one), then ceil(w / 32) * ceil(h / 32) patches;
 * over the budget, shrunk as the guide gives it (by sqrt(32^2 * budget / (w * h)), then down to whole
 * patches on the tighter side); times the multiplier, rounded up.
 */
export function patchTokens(rule: OpenAIPatchRule, detail: OpenAITarget["detail"], width: number, height: number): number {
  const original = atOriginal(rule, detail);
  const budget = original ? (rule.original ?? 0) : rule.budget;
  let w = width;
  let h = height;
  if (!original && rule.fit > 0 && Math.max(w, h) > rule.fit) {
    const k = rule.fit / Math.max(w, h);
    w *= k;
    h *= k;
  }
  const P = OPENAI_PATCH;
  let n = ceilUnits(w, P) * ceilUnits(h, P);
  if (budget > 0 && n > budget) {
    const shrink = Math.sqrt((P * P * budget) / (w * h));
    const cols = (w * shrink) / P;
    const rows = (h * shrink) / P;
    const k = shrink * Math.min(Math.floor(cols) / cols, Math.floor(rows) / rows);
    n = ceilUnits(w * k, P) * ceilUnits(h * k, P);
  }
  return Math.round(n * rule.multiplier);
}

function openaiTokens(rule: OpenAIRule, detail: OpenAITarget["detail"], d: ImageDimensions): number {
  if (rule.kind === "tile") return detail === "low" ? rule.base : tileTokens(rule.base, rule.tile, d.width, d.height);
  return patchTokens(rule, detail, d.width, d.height);
}

/**
 * The most one image can cost on an OpenAI target: a tile model's base and 8 tiles (2048x768 after the fit;
 * the base alone at `low`), a patch model's budget times its multiplier; at `original` without a budget,
 * the patches over which the API refuses an image.
 */
function openaiMost(rule: OpenAIRule, detail: OpenAITarget["detail"]): number {
  if (rule.kind === "tile") return detail === "low" ? rule.base : rule.base + 8 * rule.tile;
  const budget = atOriginal(rule, detail) ? (rule.original ?? 0) : rule.budget;
  return Math.round((budget > 0 ? budget : OPENAI.refusedOver.value) * rule.multiplier);
}

/** Before Gemini 3: 258 for an image of at most 384 px a side, else 258 per 768-px tile (not measured: the crop is undocumented). */
function earlierGeminiTokens(d: ImageDimensions): number {
  const e = GEMINI.earlier.value;
  if (d.width <= e.small && d.height <= e.small) return e.tokens;
  return e.tokens * Math.ceil(d.width / e.tile) * Math.ceil(d.height / e.tile);
}

function imageTokens(t: Resolved, d: ImageDimensions | undefined): PartTokens {
  switch (t.provider) {
    case "anthropic":
    case "bedrock":
      return claudeImage(t, d);
    case "openai":
      return d === undefined ? counted(openaiMost(t.rule, t.detail), false) : counted(openaiTokens(t.rule, t.detail, d), true);
    case "gemini":
      return geminiImage(t, d);
  }
}

function claudeImage(t: ClaudeTarget, d: ImageDimensions | undefined): PartTokens {
  return d === undefined ? counted(t.tier.tokens, false) : counted(claudeTokens(d.width, d.height, t.tier), true);
}

function geminiImage(t: GeminiTarget, d: ImageDimensions | undefined): PartTokens {
  if (t.generation >= 3) return counted(GEMINI.resolution.value[t.resolution], d !== undefined);
  // An earlier model's unseen image: one tile (its cost has no published bound).
  return counted(d === undefined ? GEMINI.earlier.value.tokens : earlierGeminiTokens(d), false);
}

const WAV_TYPES: readonly string[] = ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"];

/** One part's count on the resolved target. */
function partTokens(t: Resolved, part: ContentPart): PartTokens {
  if (part.text !== undefined) return counted(textTokens(part.text), false);
  if (part.type === "image") return imageTokens(t, part.data === undefined ? undefined : imageDimensions(part.data));
  if (part.type === "audio" && t.provider === "gemini" && part.data !== undefined && WAV_TYPES.includes(part.mimeType ?? "")) {
    const seconds = wavSeconds(part.data);
    if (seconds !== undefined) return counted(Math.ceil(seconds * GEMINI.audioPerSecond.value - 1e-9), true);
  }
  return counted(part.estimatedTokens, false); // a PDF, other audio, a file: estimatedTokens' rule
}

/**
 * What `result` costs on `target`, counted as the provider counts: `{ total, output, parts }`, each part
 * `{ tokens, measured }` in order. Text (the output and text parts) is `ceil(length / 4)`, an estimate; an
 * image by its pixels and the provider's rule; an image whose size cannot be read (a url part, an unknown
 * format) the most one image can cost there, not measured. The value is frozen.
 *
 * @example
 * ```ts
 * countTokens(result, { provider: "anthropic", model: "claude-opus-4-7" });
 * // { total: 2701, output: 10, parts: [{ tokens: 2691, measured: true }] }
 * ```
 */
export function countTokens(result: unknown, target: BudgetTarget): TokenCount {
  const t = readTarget(TARGET_KEYS.countTokens, target);
  const r = asResult(result, "countTokens");
  const output = textTokens(r.output);
  const list = r.parts ?? [];
  const parts = new Array<PartTokens>(list.length);
  let total = output;
  for (let i = 0; i < list.length; i++) total += (parts[i] = partTokens(t, list[i])).tokens;
  return Object.freeze({ total, output, parts: Object.freeze(parts) });
}

/**
 * A frozen counter for `result.truncate({ maxTokens, tokens: tokenCounter(target) })`: `output(text)` and
 * `part(part)` count as {@link countTokens} does, so the budget is fitted as the provider counts.
 *
 * @example
 * ```ts
 * result.truncate({ maxTokens: 4000, tokens: tokenCounter({ provider: "anthropic" }) });
 * ```
 */
export function tokenCounter(target: BudgetTarget): TokenCounter {
  const t = readTarget(TARGET_KEYS.tokenCounter, target);
  return Object.freeze({
    output(text: string): number {
      if (typeof text !== "string") raise("invalid-type", "text", `The counter's output() counts a string, got ${typeName(text)}`, "Pass the result's output.");
      return textTokens(text);
    },
    part(part: ContentPart): number {
      return partTokens(t, isGenuinePart(part) ? part : toContentPart(part, "part")).tokens;
    },
  });
}
