// A target's documented hard limits (`limitsOf`), and which parts of a result pass them (`partLimits`), with
// the placeholder and reason wording every projection uses for such a loss (law 1 of the host kit: the
// projection only hands the verdict to its loss helper). docs/budgets.md, "Limits".
import { dimensionsOf, type ContentPart } from "../content-part";
import { raise } from "../errors";
import { typeName } from "../json-data";
import { partLabel } from "../part-label";
import { utf8Length } from "../utf8";
import { CLAUDE, GEMINI, MB, OPENAI, type Sourced } from "./data";
import type { OptionKeys } from "../options";
import { readClaudeTarget, readGeminiTarget, readOpenAITarget, readTarget, TARGET_KEYS, type BudgetProvider, type BudgetTarget, type ClaudePlatform, type ClaudeTarget, type GeminiTarget, type OpenAITarget, type Resolved, type TargetKey } from "./target";
import { patchTokens } from "./tokens";

/**
 * A target's documented hard limits, each with its source and the date it was read; a limit the provider
 * does not publish for the target is absent. Sizes are in bytes (a MB is 1,048,576), pixels per side.
 */
export interface Limits {
  readonly provider: BudgetProvider;
  readonly model: string | undefined;
  /** Anthropic and Bedrock: where the model is served. */
  readonly platform: ClaudePlatform | undefined;
  /** The most base64 one image may hold (Anthropic counts the base64 text). */
  readonly imageBytes?: Sourced<number>;
  /** The most pixels on either side of an image. */
  readonly pixelsPerSide?: Sourced<number>;
  /** A request of more than `images` images: each side at most `pixels`. */
  readonly manyImages?: Sourced<{ readonly images: number; readonly pixels: number }>;
  /** The most patches one image may have (a model that keeps every pixel refuses more). */
  readonly patchesPerImage?: Sourced<number>;
  readonly imagesPerRequest?: Sourced<number>;
  readonly requestBytes?: Sourced<number>;
  /** Whether media may sit in a tool result at all. */
  readonly toolResultMedia: Sourced<boolean>;
}

/** Which limit a part passes. */
export type LimitKind = "tool-result-media" | "image-bytes" | "pixels" | "many-images" | "patches" | "images-per-request" | "request-bytes";

/** One part that passes one of the target's limits: what a projection reports as a loss, in these words. */
export interface PartLimit {
  /** The part's index in the parts given. */
  readonly index: number;
  readonly limit: LimitKind;
  /** For the loss's `reason`: `its base64 is 12.4 MB, over Anthropic's 10 MB image limit`. */
  readonly reason: string;
  /** What stands in its place under the `placeholder` policy: `[unsupported image part (image/png, 12.4 MB): over Anthropic's 10 MB image limit]`. */
  readonly placeholder: string;
}

function claudeLimits(t: ClaudeTarget): Limits {
  return Object.freeze({
    provider: t.provider,
    model: t.model,
    platform: t.platform,
    imageBytes: CLAUDE.imageBytes[t.platform],
    pixelsPerSide: CLAUDE.pixelsPerSide,
    manyImages: CLAUDE.manyImages,
    imagesPerRequest: t.largeContext ? CLAUDE.imagesPerRequest.larger : CLAUDE.imagesPerRequest.context200k,
    ...(t.platform === "api" ? { requestBytes: CLAUDE.requestBytes } : {}),
    toolResultMedia: CLAUDE.toolResultMedia,
  });
}

/** An OpenAI model that keeps every pixel at this detail: its images are refused past a number of patches. */
function keepsEveryPixel(t: OpenAITarget): boolean {
  return t.rule.kind === "patch" && t.rule.original === 0 && (t.detail === "original" || (t.detail === "auto" && t.rule.originalDefault));
}

function openaiLimits(t: OpenAITarget): Limits {
  return Object.freeze({
    provider: t.provider,
    model: t.model,
    platform: undefined,
    ...(keepsEveryPixel(t) ? { patchesPerImage: OPENAI.refusedOver } : {}),
    imagesPerRequest: OPENAI.imagesPerRequest,
    requestBytes: OPENAI.requestBytes,
    toolResultMedia: t.api === "chat" ? OPENAI.chatToolMedia : OPENAI.responsesToolMedia,
  });
}

function geminiLimits(t: GeminiTarget): Limits {
  return Object.freeze({
    provider: t.provider,
    model: t.model,
    platform: undefined,
    requestBytes: GEMINI.requestBytes,
    toolResultMedia: Object.freeze({ ...GEMINI.toolMediaFrom, value: t.generation >= GEMINI.toolMediaFrom.value }),
  });
}

function resolvedLimits(t: Resolved): Limits {
  return t.provider === "openai" ? openaiLimits(t) : t.provider === "gemini" ? geminiLimits(t) : claudeLimits(t);
}

/**
 * The documented hard limits of `target` (`{ provider, model?, platform?, api?, ... }`, read as
 * `countTokens` reads it), frozen, each `{ value, source, read }`.
 *
 * @example
 * ```ts
 * limitsOf({ provider: "anthropic", platform: "bedrock" }).imageBytes?.value; // 5242880
 * ```
 */
export function limitsOf(target: BudgetTarget): Limits {
  return resolvedLimits(readTarget(TARGET_KEYS.limitsOf, target));
}

const OWNER: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({ api: "Anthropic's", bedrock: "Bedrock's", vertex: "Vertex AI's", openai: "OpenAI's", gemini: "Gemini's" });

/** `12.4`: bytes in MB, one decimal; a whole limit without one (`10`). */
function mb(bytes: number, whole = false): string {
  const v = bytes / MB;
  return whole && Number.isInteger(v) ? String(v) : v.toFixed(1);
}

function verdict(index: number, limit: LimitKind, part: ContentPart, shownAs: string, problem: string, over: string): PartLimit {
  return Object.freeze({
    index,
    limit,
    reason: `${problem}, ${over}`,
    placeholder: `[unsupported ${part.text !== undefined ? partLabel(part) : `${part.type} part (${part.mimeType ?? ""}, ${shownAs})`}: ${over}]`,
  });
}

/** `82 bytes`, or `url` for a part given by url: the size as part labels show it. */
function sizeShown(p: ContentPart): string {
  return p.data === undefined ? "url" : `${p.byteLength} bytes`;
}

const NONE: readonly PartLimit[] = /* @__PURE__ */ Object.freeze([]);

/**
 * Which of `parts` pass one of `target`'s limits, in order, each part at most once (the first limit it
 * passes), with the reason and placeholder a projection reports. Parts are checked in order: media where a
 * tool result carries none (Gemini before 3; OpenAI Chat is not checked here, its projection carries media
 * in a `user` message), then an image's base64 bytes, its pixels, the many-image rule (counted over every
 * image of `parts`, before any loss), the patch limit; then a part that would take the request's images or
 * bytes (base64 text, and text as UTF-8; the rest of the request is not counted) past the limit is a loss,
 * as is each later one that would too. A PDF's pages are not counted. Allocates nothing when none passes.
 */
export function partLimits(target: BudgetTarget, parts: readonly ContentPart[]): readonly PartLimit[] {
  const t = readTarget(TARGET_KEYS.partLimits, target);
  const given: unknown = parts; // checked as it came, not as its type says
  if (!Array.isArray(given)) raise("invalid-type", "parts", `partLimits() checks a list of parts, got ${typeName(given)}`, "Pass the result's parts (result.parts ?? []).");
  return verdictsOf(entryOf(t), parts);
}

/**
 * The limits of one projection's target (`{ provider: "anthropic", platform: "bedrock" }`, and each `model`
 * given beside it), each target read, resolved and its limits made once: `verdicts(model, parts)` is
 * {@link partLimits} with no target read and, past the first call for a model, no allocation unless a part
 * passes a limit. What each projection runs on a genuine result's parts (law 1 of the host kit). The model
 * is a non-empty string the projection read and checked; the models last used are kept (at most 16).
 */
export interface LimitsCache {
  verdicts(model: string | undefined, parts: readonly ContentPart[]): readonly PartLimit[];
}

/**
 * A resolved target with what its verdicts need, made once per target: its limits, the patch count of an
 * image (a model that keeps every pixel), and the words of the media limit (a Gemini model before 3).
 */
interface Entry {
  readonly t: Resolved;
  readonly L: Limits;
  readonly patches: ((width: number, height: number) => number) | undefined;
  readonly noMedia: readonly [problem: string, over: string] | undefined;
}

/**
 * How one provider's targets are read and their limits made: each projection's {@link limitsCache} takes its
 * own provider's, so that an entry bundles that provider's tables and no other's (docs/performance.md).
 */
export interface LimitRules<T extends Resolved> {
  readonly read: (spec: OptionKeys<TargetKey>, target: unknown) => T;
  readonly entry: (t: T) => Entry;
}

function claudeEntry(t: ClaudeTarget): Entry {
  return { t, L: claudeLimits(t), patches: undefined, noMedia: undefined };
}

function openaiEntry(t: OpenAITarget): Entry {
  const rule = t.rule;
  const patches = rule.kind === "patch" && keepsEveryPixel(t) ? (w: number, h: number) => patchTokens(rule, t.detail, w, h) / rule.multiplier : undefined;
  return { t, L: openaiLimits(t), patches, noMedia: undefined };
}

function geminiEntry(t: GeminiTarget): Entry {
  const L = geminiLimits(t);
  const noMedia = L.toolResultMedia.value
    ? undefined
    : ([`${t.model === undefined ? "this model" : t.model} takes no media in a function response`, `${ownerOf(t)} function responses carry media from Gemini ${GEMINI.toolMediaFrom.value} on`] as const);
  return { t, L, patches: undefined, noMedia };
}

function entryOf(t: Resolved): Entry {
  return t.provider === "openai" ? openaiEntry(t) : t.provider === "gemini" ? geminiEntry(t) : claudeEntry(t);
}

/** Claude's targets (Anthropic's API, Bedrock, Vertex AI). */
export const CLAUDE_LIMITS: LimitRules<ClaudeTarget> = /* @__PURE__ */ Object.freeze({ read: readClaudeTarget, entry: claudeEntry });
/** OpenAI's targets. */
export const OPENAI_LIMITS: LimitRules<OpenAITarget> = /* @__PURE__ */ Object.freeze({ read: readOpenAITarget, entry: openaiEntry });
/** Gemini's targets. */
export const GEMINI_LIMITS: LimitRules<GeminiTarget> = /* @__PURE__ */ Object.freeze({ read: readGeminiTarget, entry: geminiEntry });

const MODELS_KEPT = 16;

/**
 * A {@link LimitsCache} of `base` (a target without a model), read by `rules` (its provider's). Make one per
 * target, at load: nothing is read until it is used.
 */
export function limitsCache<T extends Resolved>(base: Readonly<Omit<BudgetTarget, "model">>, rules: LimitRules<T>): LimitsCache {
  let plain: Entry | undefined;
  const models = new Map<string, Entry>();
  const resolve = (model: string | undefined): Entry => rules.entry(rules.read(TARGET_KEYS.partLimits, model === undefined ? base : { ...base, model }));
  return Object.freeze({
    verdicts(model: string | undefined, parts: readonly ContentPart[]): readonly PartLimit[] {
      let e = model === undefined ? plain : models.get(model);
      if (e === undefined) {
        e = resolve(model);
        if (model === undefined) plain = e;
        else {
          if (models.size >= MODELS_KEPT) models.clear();
          models.set(model, e);
        }
      }
      return verdictsOf(e, parts);
    },
  });
}

function verdictsOf(e: Entry, parts: readonly ContentPart[]): readonly PartLimit[] {
  const L = e.L;
  // The many-image rule counts the images first; a list no longer than its threshold cannot pass it.
  let many: { readonly images: number; readonly pixels: number } | undefined;
  if (L.manyImages !== undefined && parts.length > L.manyImages.value.images) {
    let images = 0;
    for (let i = 0; i < parts.length; i++) if (parts[i].type === "image") images++;
    if (images > L.manyImages.value.images) many = L.manyImages.value;
  }
  let out: PartLimit[] | undefined;
  let keptImages = 0;
  let bytes = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const size = p.text !== undefined ? utf8Length(p.text) : (p.data?.length ?? 0);
    const lost = partVerdict(e, p, i, size, many, keptImages, bytes);
    if (lost !== undefined) {
      (out ??= []).push(lost);
      continue;
    }
    bytes += size;
    if (p.type === "image") keptImages++;
  }
  return out === undefined ? NONE : Object.freeze(out);
}

/** Whose limit it is, as a verdict says it: `Anthropic's`, `Bedrock's`, `Vertex AI's`, `OpenAI's`, `Gemini's`. */
function ownerOf(t: Resolved): string {
  return OWNER[t.provider === "anthropic" || t.provider === "bedrock" ? t.platform : t.provider];
}

/** `9000x400`. */
const pixels = (d: { width: number; height: number }): string => `${d.width}x${d.height}`;

/** The first limit the part `p` (of `size` bytes as a request counts them) passes, or `undefined`: built only for a part that passes one. */
function partVerdict(e: Entry, p: ContentPart, i: number, size: number, many: { images: number; pixels: number } | undefined, keptImages: number, bytes: number): PartLimit | undefined {
  const { t, L } = e;
  if (e.noMedia !== undefined && p.text === undefined) return verdict(i, "tool-result-media", p, sizeShown(p), e.noMedia[0], e.noMedia[1]);
  if (p.type === "image") {
    if (L.imageBytes !== undefined && p.data !== undefined && size > L.imageBytes.value) {
      return verdict(i, "image-bytes", p, `${mb(size)} MB`, `its base64 is ${mb(size)} MB`, `over ${ownerOf(t)} ${mb(L.imageBytes.value, true)} MB image limit`);
    }
    const d = p.data === undefined || (L.pixelsPerSide === undefined && many === undefined && L.patchesPerImage === undefined) ? undefined : dimensionsOf(p);
    if (d !== undefined) {
      const side = Math.max(d.width, d.height);
      if (L.pixelsPerSide !== undefined && side > L.pixelsPerSide.value) return verdict(i, "pixels", p, pixels(d), `it is ${pixels(d)} pixels`, `over ${ownerOf(t)} ${L.pixelsPerSide.value} pixel limit`);
      if (many !== undefined && side > many.pixels) return verdict(i, "many-images", p, pixels(d), `it is ${pixels(d)} pixels`, `over ${ownerOf(t)} ${many.pixels} pixel limit for a request of more than ${many.images} images`);
      if (L.patchesPerImage !== undefined && e.patches !== undefined) {
        const n = e.patches(d.width, d.height);
        if (n > L.patchesPerImage.value) return verdict(i, "patches", p, pixels(d), `it is ${pixels(d)} pixels, ${Math.round(n)} patches`, `over ${ownerOf(t)} ${L.patchesPerImage.value} patch limit for ${t.model ?? "this model"}`);
      }
    }
    if (L.imagesPerRequest !== undefined && keptImages + 1 > L.imagesPerRequest.value) {
      return verdict(i, "images-per-request", p, sizeShown(p), `it would be image ${keptImages + 1} of the request`, `over ${ownerOf(t)} ${L.imagesPerRequest.value} image limit per request`);
    }
  }
  if (L.requestBytes !== undefined && bytes + size > L.requestBytes.value) {
    return verdict(i, "request-bytes", p, `${mb(size)} MB`, `with it the request's parts would hold ${mb(bytes + size)} MB`, `over ${ownerOf(t)} ${mb(L.requestBytes.value, true)} MB request limit`);
  }
  return undefined;
}
