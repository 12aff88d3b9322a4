// Reading a budget target ({ provider, model?, detail?, mediaResolution?, tier?, platform?, api? }) once,
// through the one options reader (lib/options.ts: unknown keys refused with "Did you mean"), and resolving
// it against the tables of data.ts: which tier, rule, generation and platform apply. docs/budgets.md,
// "Targets".
import type { Snapshot } from "../boundary";
import { raise } from "../errors";
import { typeName } from "../json-data";
import { choiceList, optionKeys, readChoice, readOptionsOf, type OptionKeys } from "../options";
import { quoted } from "../quote";
import { BEDROCK, CLAUDE, GEMINI, GEMINI_DEFAULT_GENERATION, OPENAI_DEFAULT_MODEL, OPENAI_MODELS, type ClaudeTier, type MediaResolution, type OpenAIRule } from "./data";

/** A provider whose limits and token rules the package knows. */
export type BudgetProvider = "anthropic" | "openai" | "gemini" | "bedrock";

/** Where a Claude model is served, for its image byte limit. */
export type ClaudePlatform = "api" | "bedrock" | "vertex";

/** What a budget is counted for: a provider, and what its rules depend on. */
export interface BudgetTarget {
  provider: BudgetProvider;
  /** The model id (`claude-opus-4-7`, `gpt-4.1-mini`, `gemini-3-pro`, `anthropic.claude-opus-4-7-v1:0`). */
  model?: string;
  /** OpenAI: the image `detail` sent (`auto`, an omitted detail, by default). */
  detail?: "low" | "high" | "auto" | "original";
  /** Gemini 3 and later: the image `media_resolution` sent (`high` by default). */
  mediaResolution?: MediaResolution;
  /** Anthropic and Bedrock: the resize tier, overriding the model's. */
  tier?: "standard" | "high-res";
  /** Anthropic: where the model is served (`api` by default; `bedrock` for the Bedrock provider). */
  platform?: ClaudePlatform;
  /** OpenAI: the API the result is sent through (`responses` by default). */
  api?: "chat" | "responses";
}

export type TargetKey = keyof BudgetTarget;
const KEYS: readonly TargetKey[] = ["provider", "model", "detail", "mediaResolution", "tier", "platform", "api"];
const TIERS: readonly NonNullable<BudgetTarget["tier"]>[] = ["standard", "high-res"];
const PLATFORMS: readonly ClaudePlatform[] = ["api", "bedrock", "vertex"];
const DETAILS: readonly NonNullable<BudgetTarget["detail"]>[] = ["low", "high", "auto", "original"];
const APIS: readonly NonNullable<BudgetTarget["api"]>[] = ["chat", "responses"];
const RESOLUTIONS: readonly MediaResolution[] = ["low", "medium", "high", "ultra_high"];

/** The key tables of the functions that read a target, made once at load. */
export const TARGET_KEYS = /* @__PURE__ */ Object.freeze({
  countTokens: optionKeys("countTokens", KEYS),
  tokenCounter: optionKeys("tokenCounter", KEYS),
  limitsOf: optionKeys("limitsOf", KEYS),
  partLimits: optionKeys("partLimits", KEYS),
});


/** A Claude target (Anthropic's API, Bedrock or Vertex AI). */
export interface ClaudeTarget {
  readonly provider: "anthropic" | "bedrock";
  readonly model: string | undefined;
  readonly tier: ClaudeTier;
  readonly highRes: boolean;
  readonly platform: ClaudePlatform;
  readonly largeContext: boolean;
}

export interface OpenAITarget {
  readonly provider: "openai";
  readonly model: string | undefined;
  readonly rule: OpenAIRule;
  readonly detail: "low" | "high" | "auto" | "original";
  readonly api: "chat" | "responses";
}

export interface GeminiTarget {
  readonly provider: "gemini";
  readonly model: string | undefined;
  /** The major version (3 for `gemini-3-pro`, 2 for `gemini-2.5-flash`), the current one when the name has none. */
  readonly generation: number;
  readonly resolution: MediaResolution;
}

export type Resolved = ClaudeTarget | OpenAITarget | GeminiTarget;

const PROVIDERS: readonly string[] = ["anthropic", "openai", "gemini", "bedrock"];


function shown(v: unknown): string {
  return typeof v === "string" ? quoted(v) : typeName(v);
}

function choice<T extends string>(value: unknown, key: string, values: readonly T[], fn: string): T | undefined {
  return readChoice(value, `options.${key}`, key, values, fn);
}

/** The option `key` given for a provider that does not read it: refused, never ignored. */
function notFor(value: unknown, key: string, providers: string, provider: string, fn: string): void {
  if (value !== undefined) raise("invalid-value", `options.${key}`, `${fn}() reads ${key} only for ${providers}, not for ${JSON.stringify(provider)}`, `Leave ${key} out for this target.`);
}

/**
 * True when `model` names `key`: `key` starts the id or follows a `.`, `/`, `:` or `@` (Bedrock's
 * `us.anthropic.claude-opus-4-7-v1:0`, a router's `openai/gpt-4o`), and is not followed by a digit or a `.`
 * (`gpt-5` is not `gpt-5.4`, `claude-opus-4-7` is not `claude-opus-4-70`).
 */
function names(model: string, key: string): boolean {
  for (let at = model.indexOf(key); at !== -1; at = model.indexOf(key, at + 1)) {
    const before = at === 0 ? "" : model[at - 1];
    const after = model.charAt(at + key.length);
    if ((before === "" || "./:@".includes(before)) && !/[0-9.]/.test(after)) return true;
  }
  return false;
}

/** The longest key of `table` that `model` names, or `undefined`. */
function modelKey(model: string, keys: readonly string[]): string | undefined {
  const m = model.toLowerCase();
  let best: string | undefined;
  for (const k of keys) if ((best === undefined || k.length > best.length) && names(m, k)) best = k;
  return best;
}

/** A target's options, read once, its provider and model checked: what each provider's resolver starts from. */
interface ReadTarget {
  readonly t: Snapshot<TargetKey>;
  readonly fn: string;
  readonly provider: BudgetProvider;
  readonly model: string | undefined;
}

function readCommon(spec: OptionKeys<TargetKey>, target: unknown): ReadTarget {
  const fn = spec.fn;
  const t = readOptionsOf(spec, target, "", true);
  const provider = t.provider;
  if (provider === undefined) raise("missing", "options.provider", `${fn}() needs a provider`, `Pass { provider: ${choiceList(PROVIDERS)} }.`);
  if (!isProvider(provider)) {
    raise("invalid-value", "options.provider", `${fn}() knows the providers ${choiceList(PROVIDERS)}, got ${shown(provider)}`, "Pass one of them; a provider the package does not know has no table to count by.");
  }
  const model = t.model;
  if (model !== undefined && (typeof model !== "string" || model === "")) {
    raise(typeof model === "string" ? "invalid-value" : "invalid-type", "options.model", `model must be a non-empty string, got ${shown(model)}`, 'Pass the model id, such as "claude-opus-4-7", or leave it out.');
  }
  return { t, fn, provider, model };
}

function isProvider(v: unknown): v is BudgetProvider {
  return typeof v === "string" && PROVIDERS.includes(v);
}

/** Reads and resolves a target for `fn` (one of {@link TARGET_KEYS}). Bad input is a ValidationError with a fix. */
export function readTarget(spec: OptionKeys<TargetKey>, target: unknown): Resolved {
  const r = readCommon(spec, target);
  if (r.provider === "anthropic" || r.provider === "bedrock") return claudeTarget(r);
  return r.provider === "openai" ? openaiTarget(r) : geminiTarget(r);
}

/**
 * Reads a Claude target (Anthropic's or Bedrock's) and resolves it, as {@link readTarget} does: what a
 * projection of Claude uses, so that its entry bundles no other provider's tables.
 */
export function readClaudeTarget(spec: OptionKeys<TargetKey>, target: unknown): ClaudeTarget {
  return claudeTarget(readCommon(spec, target));
}

/** Reads an OpenAI target and resolves it, as {@link readTarget} does: what the OpenAI projections use. */
export function readOpenAITarget(spec: OptionKeys<TargetKey>, target: unknown): OpenAITarget {
  return openaiTarget(readCommon(spec, target));
}

/** Reads a Gemini target and resolves it, as {@link readTarget} does: what `toGemini` uses. */
export function readGeminiTarget(spec: OptionKeys<TargetKey>, target: unknown): GeminiTarget {
  return geminiTarget(readCommon(spec, target));
}

/** A provider's resolver given another provider's target: the projection's own table is wrong. */
function wrongProvider(r: ReadTarget, wanted: string): never {
  return raise("invalid-value", "options.provider", `${r.fn}() reads a ${wanted} target here, got ${shown(r.provider)}`, `Pass { provider: ${wanted} }.`);
}

function claudeTarget(r: ReadTarget): ClaudeTarget {
  const { t, fn, provider, model } = r;
  if (provider !== "anthropic" && provider !== "bedrock") return wrongProvider(r, '"anthropic" or "bedrock"');
  notFor(t.detail, "detail", "OpenAI", provider, fn);
  notFor(t.mediaResolution, "mediaResolution", "Gemini", provider, fn);
  notFor(t.api, "api", "OpenAI", provider, fn);
  const tier = choice(t.tier, "tier", TIERS, fn);
  const platform = choice(t.platform, "platform", PLATFORMS, fn) ?? (provider === "bedrock" ? "bedrock" : "api");
  if (provider === "bedrock" && platform !== "bedrock") raise("invalid-value", "options.platform", `A Bedrock target is served on Bedrock, got platform ${JSON.stringify(platform)}`, 'Pass { provider: "anthropic", platform } for another platform, or leave platform out.');
  const listed = model !== undefined && modelKey(model, CLAUDE.highResModels.value) !== undefined;
  const highRes = tier === undefined ? listed : tier === "high-res";
  const largeContext = model !== undefined && modelKey(model, CLAUDE.largeContextModels.value) !== undefined;
  return Object.freeze({ provider, model, tier: highRes ? CLAUDE.highRes.value : CLAUDE.standard.value, highRes, platform, largeContext });
}

function openaiTarget(r: ReadTarget): OpenAITarget {
  const { t, fn, provider, model } = r;
  if (provider !== "openai") return wrongProvider(r, '"openai"');
  notFor(t.tier, "tier", "Anthropic and Bedrock", provider, fn);
  notFor(t.platform, "platform", "Anthropic and Bedrock", provider, fn);
  notFor(t.mediaResolution, "mediaResolution", "Gemini", provider, fn);
  const detail = choice(t.detail, "detail", DETAILS, fn) ?? "auto";
  const api = choice(t.api, "api", APIS, fn) ?? "responses";
  const key = (model === undefined ? undefined : modelKey(model, Object.keys(OPENAI_MODELS))) ?? OPENAI_DEFAULT_MODEL;
  const rule = OPENAI_MODELS[key].value;
  if (detail === "original" && (rule.kind === "tile" || rule.original === undefined)) {
    raise("invalid-value", "options.detail", `${model === undefined ? "An OpenAI target without a model" : quoted(model)} takes no detail "original" (counted by ${key}'s rule)`, 'Pass a model that takes it (gpt-5.4 and later), or detail "high".');
  }
  return Object.freeze({ provider, model, rule, detail, api });
}

function geminiTarget(r: ReadTarget): GeminiTarget {
  const { t, fn, provider, model } = r;
  if (provider !== "gemini") return wrongProvider(r, '"gemini"');
  notFor(t.tier, "tier", "Anthropic and Bedrock", provider, fn);
  notFor(t.platform, "platform", "Anthropic and Bedrock", provider, fn);
  notFor(t.detail, "detail", "OpenAI", provider, fn);
  notFor(t.api, "api", "OpenAI", provider, fn);
  const generation = geminiGeneration(model);
  const resolution = choice(t.mediaResolution, "mediaResolution", RESOLUTIONS, fn);
  if (resolution !== undefined && generation < 3) {
    raise("invalid-value", "options.mediaResolution", `mediaResolution counts are published for Gemini 3 and later, not for ${quoted(model ?? "")}`, "Leave mediaResolution out: an earlier model is counted by its tiles.");
  }
  return Object.freeze({ provider: "gemini", model, generation, resolution: resolution ?? GEMINI.defaultResolution.value });
}

/** `gemini-2.5-flash` is 2, `gemini-3-pro-preview` 3; a name without a version is the current generation. */
function geminiGeneration(model: string | undefined): number {
  const m = model === undefined ? null : /gemini-(\d+)/i.exec(model);
  return m === null ? GEMINI_DEFAULT_GENERATION : Number(m[1]);
}

/** What a Bedrock model takes in a Converse tool result: the `status` field, and image blocks. */
export interface BedrockFeatures {
  readonly status: boolean;
  readonly images: boolean;
}

const EVERY: BedrockFeatures = /* @__PURE__ */ Object.freeze({ status: true, images: true });
const NO_IMAGES: BedrockFeatures = /* @__PURE__ */ Object.freeze({ status: true, images: false });
const NEITHER: BedrockFeatures = /* @__PURE__ */ Object.freeze({ status: false, images: false });

/**
 * What the Bedrock `model` takes in a tool result, by the tables of data.ts (`BEDROCK`): Claude 3 and later
 * and Amazon Nova take `status` and images (less the models listed without vision, which take `status`
 * only); any other model neither. Without a model, as Claude. `toBedrock` gates its blocks by it. Allocates
 * nothing.
 */
export function bedrockFeatures(model: string | undefined): BedrockFeatures {
  if (model === undefined) return EVERY;
  const m = model.toLowerCase();
  const claude = /claude-(?:(?:sonnet|opus|haiku)-)?(\d+)/.exec(m);
  const listed = claude !== null ? Number(claude[1]) >= BEDROCK.claudeFrom.value : modelKey(m, BEDROCK.families.value) !== undefined;
  if (!listed) return NEITHER;
  return modelKey(m, BEDROCK.noImages.value) === undefined ? EVERY : NO_IMAGES;
}
