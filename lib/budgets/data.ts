// The one data module of `toolnexus/budgets`: every limit and token rule the package knows of each provider,
// each number with the page it was read from (title and section) and the date it was read. Nothing else in
// the package holds a provider's number: countTokens, limitsOf and the projections' limit losses read them
// here. docs/budgets.md prints these tables and says which rule an unknown model gets.
//
// A MB here is 1,048,576 bytes: the unit Anthropic's own refusals use ("5 MB maximum: ... > 5242880 bytes").
//
// How each was read (2026-12-04, from stored copies of the pages): a source without a mark was read on the
// page itself; one marked "(quoted)" was read where the page is quoted (the providers' SDK issue threads,
// release coverage), its page named so that a maintainer checks it there; one marked "(unconfirmed)" is the
// figure the package was designed with, its page's section found but the number not shown in the copy read.
// Check a marked entry against its page before relying on it, and drop the mark when it holds.

/** The date every entry of this module was read. */
const READ = "2026-12-04";

/** A number (or rule) with where it was published and when it was read. */
export interface Sourced<T> {
  readonly value: T;
  /** The page's title and section. */
  readonly source: string;
  /** When it was read, `YYYY-MM-DD`. */
  readonly read: string;
}

/* @__NO_SIDE_EFFECTS__ */
function sourced<T>(value: T, source: string): Sourced<T> {
  return Object.freeze({ value, source, read: READ });
}

export const MB = 1024 * 1024;

// Where each provider publishes its numbers (title, then section).
const CLAUDE_VISION = 'Claude Developer Platform, "Images and vision"';
const CLAUDE_LIMITS = `${CLAUDE_VISION}, section "General limits"`;
const CLAUDE_COSTS = `${CLAUDE_VISION}, section "Evaluate image size" (patches, "How Claude resizes and pads images")`;
const CLAUDE_MODELS = 'Claude Developer Platform, "Models overview", section "Model comparison" (context windows; Opus 4.7: high-resolution images) (quoted)';
const OPENAI_VISION = 'OpenAI API docs, "Images and vision"';
const OPENAI_COSTS = `${OPENAI_VISION}, section "Calculating costs" (quoted)`;
const OPENAI_SIZING = `${OPENAI_VISION}, section "Model sizing behavior" (quoted)`;
const OPENAI_INPUTS = `${OPENAI_VISION}, section "Image input requirements" (unconfirmed)`;
const OPENAI_CHAT = 'OpenAI API reference, "Chat Completions", section "Tool message" (content: text parts only) (unconfirmed)';
const GEMINI_RESOLUTION = 'Gemini API docs, "Media resolution", section "Token counts"';
const GEMINI_TOKENS = 'Gemini API docs, "Understand and count tokens", section "Multimodal tokens" (unconfirmed)';
const GEMINI_FUNCTIONS = 'Gemini API docs, "Function calling", section "Multimodal function responses" (Gemini 3 and later) (unconfirmed)';
const GEMINI_FILES = 'Gemini API docs, "Files API" / "Image understanding", section "Inline data" (request size) (unconfirmed)';

// ---------------------------------------------------------------------------------------------------------
// Anthropic (and Claude on Bedrock and Vertex AI)

/** One tier of Claude's resize: the longest padded edge and the most patches (tokens) an image keeps. */
export interface ClaudeTier {
  readonly edge: number;
  readonly tokens: number;
}

export const CLAUDE = /* @__PURE__ */ Object.freeze({
  /** The side of a patch (one visual token), in pixels: an image costs ceil(w / 28) * ceil(h / 28). */
  patch: sourced(28, CLAUDE_COSTS),
  standard: sourced<ClaudeTier>(Object.freeze({ edge: 1568, tokens: 1568 }), CLAUDE_COSTS),
  highRes: sourced<ClaudeTier>(Object.freeze({ edge: 2576, tokens: 4784 }), CLAUDE_COSTS),
  /** The models whose images are read at the high-resolution tier; every other model gets the standard tier. */
  highResModels: sourced<readonly string[]>(Object.freeze(["claude-opus-4-7"]), CLAUDE_MODELS),
  /** The models with a context window over 200k tokens (600 images a request); every other model: 100. */
  largeContextModels: sourced<readonly string[]>(Object.freeze(["claude-opus-4-6", "claude-opus-4-7"]), CLAUDE_MODELS),
  /** The most base64 one image may hold, by platform (the API counts the base64 text, not the bytes). */
  imageBytes: Object.freeze({
    api: sourced(10 * MB, `${CLAUDE_LIMITS} (maximal size per image) (unconfirmed)`),
    bedrock: sourced(5 * MB, `${CLAUDE_LIMITS} (maximal size per image, Amazon Bedrock) (unconfirmed)`),
    vertex: sourced(5 * MB, `${CLAUDE_LIMITS} (maximal size per image, Vertex AI) (unconfirmed)`),
  }),
  pixelsPerSide: sourced(8000, CLAUDE_LIMITS),
  /** More than `images` images in one request: each side at most `pixels`. */
  manyImages: sourced(Object.freeze({ images: 20, pixels: 2000 }), CLAUDE_LIMITS),
  imagesPerRequest: Object.freeze({ context200k: sourced(100, CLAUDE_LIMITS), larger: sourced(600, CLAUDE_LIMITS) }),
  /** A `tool_result` holds text, image and document blocks. */
  toolResultMedia: sourced(true, 'Claude Developer Platform, "Handle tool calls", section "Tool result content" (text, image and document blocks) (unconfirmed)'),
  /** Standard endpoints; "lower on some partner-operated platforms" with no number given, so none is applied there. */
  requestBytes: sourced(32 * MB, `${CLAUDE_LIMITS} (request size limits, standard endpoints)`),
});

// ---------------------------------------------------------------------------------------------------------
// OpenAI

/** A tile model: `base + tile * tiles` after fitting 2048x2048 and scaling the short side to 768 (`base` alone at `detail: "low"`). */
interface OpenAITileRule {
  readonly kind: "tile";
  readonly base: number;
  readonly tile: number;
}

/**
 * A patch model: `ceil(w / 32) * ceil(h / 32)` patches, shrunk as documented when over `budget`, times
 * `multiplier` (rounded up). `fit` is the box the image is first fitted into (0: none). `original` is the
 * budget at `detail: "original"` (0: every patch counts; `undefined`: the model does not take that detail),
 * and `originalDefault` says whether `auto` (an omitted detail) behaves as `original`.
 */
export interface OpenAIPatchRule {
  readonly kind: "patch";
  readonly budget: number;
  readonly multiplier: number;
  readonly fit: number;
  readonly original: number | undefined;
  readonly originalDefault: boolean;
}

export type OpenAIRule = OpenAITileRule | OpenAIPatchRule;

const tile = /* @__NO_SIDE_EFFECTS__ */ (base: number, t: number): OpenAITileRule => Object.freeze({ kind: "tile", base, tile: t });
const patch = /* @__NO_SIDE_EFFECTS__ */ (budget: number, multiplier: number, fit = 0, original?: number, originalDefault = false): OpenAIPatchRule =>
  Object.freeze({ kind: "patch", budget, multiplier, fit, original, originalDefault });

/** The side of a patch, in pixels. */
export const OPENAI_PATCH = 32;
/** The tile models' box, short side and tile, in pixels. */
export const OPENAI_TILES = /* @__PURE__ */ Object.freeze({ box: 2048, short: 768, tile: 512 });

/**
 * Each OpenAI model family's image rule, by model name (the longest name that a model's id starts with
 * wins: `gpt-4o-mini-2024-07-18` is `gpt-4o-mini`). A model not listed gets `gpt-4o`'s rule.
 */
export const OPENAI_MODELS: Readonly<Record<string, Sourced<OpenAIRule>>> = /* @__PURE__ */ Object.freeze({
  "gpt-4o": sourced(tile(85, 170), OPENAI_COSTS),
  "chatgpt-4o-latest": sourced(tile(85, 170), OPENAI_COSTS),
  "gpt-4.1": sourced(tile(85, 170), OPENAI_COSTS),
  "gpt-4.5": sourced(tile(85, 170), OPENAI_COSTS),
  "gpt-4o-mini": sourced(tile(2833, 5667), OPENAI_COSTS),
  "gpt-5": sourced(tile(70, 140), OPENAI_COSTS),
  "o1": sourced(tile(75, 150), OPENAI_COSTS),
  "o1-pro": sourced(tile(75, 150), OPENAI_COSTS),
  "o3": sourced(tile(75, 150), OPENAI_COSTS),
  "computer-use-preview": sourced(tile(65, 129), OPENAI_COSTS),
  "gpt-4.1-mini": sourced(patch(1536, 1.62), OPENAI_COSTS),
  "gpt-4.1-nano": sourced(patch(1536, 2.46), OPENAI_COSTS),
  "gpt-5-mini": sourced(patch(1536, 1.62), OPENAI_COSTS),
  "gpt-5-nano": sourced(patch(1536, 2.46), OPENAI_COSTS),
  "o4-mini": sourced(patch(1536, 1.72), OPENAI_COSTS),
  "gpt-5.4": sourced(patch(2500, 1, 2048, 10000), OPENAI_SIZING),
  "gpt-5.5": sourced(patch(2500, 1, 2048, 10000), OPENAI_SIZING),
  "gpt-5.6": sourced(patch(2500, 1, 2048, 0, true), OPENAI_SIZING),
});

/** The rule of a model the table does not list (and of a target without a model). */
export const OPENAI_DEFAULT_MODEL = "gpt-4o";

export const OPENAI = /* @__PURE__ */ Object.freeze({
  /** A model that keeps every pixel (gpt-5.6 at `original`, and at `auto`) refuses an image of more patches. */
  refusedOver: sourced(30000, OPENAI_SIZING),
  imagesPerRequest: sourced(1500, OPENAI_INPUTS),
  requestBytes: sourced(512 * MB, OPENAI_INPUTS),
  /** Chat Completions' `tool` message holds text only (`toOpenAIChat` carries media in a `user` message after it). */
  chatToolMedia: sourced(false, OPENAI_CHAT),
  /** A Responses `function_call_output` holds `input_image` and `input_file` items. */
  responsesToolMedia: sourced(true, 'OpenAI API reference, "Responses", section "Function tool call output" (input_image, input_file) (unconfirmed)'),
});

// ---------------------------------------------------------------------------------------------------------
// Gemini

/** A Gemini 3 media resolution, which sets what an image costs there (`high` is the default). */
export type MediaResolution = "low" | "medium" | "high" | "ultra_high";

export const GEMINI = /* @__PURE__ */ Object.freeze({
  /** Gemini 3 and later: tokens per image by `media_resolution`; `high` is the default for images. */
  resolution: sourced<Readonly<Record<MediaResolution, number>>>(Object.freeze({ low: 280, medium: 560, high: 1120, ultra_high: 2240 }), GEMINI_RESOLUTION),
  defaultResolution: sourced<MediaResolution>("high", GEMINI_RESOLUTION),
  /** Audio, at every resolution: tokens per second. */
  audioPerSecond: sourced(32, GEMINI_RESOLUTION),
  /** Before Gemini 3: an image of at most `small` px a side is `tokens`; a larger one `tokens` per `tile`-px tile (the crop is not documented). */
  earlier: sourced(Object.freeze({ tokens: 258, small: 384, tile: 768 }), GEMINI_TOKENS),
  /** Media in a function response: Gemini 3 and later only. */
  toolMediaFrom: sourced(3, GEMINI_FUNCTIONS),
  /** Inline data in one request. */
  requestBytes: sourced(100 * MB, GEMINI_FILES),
});

/** The generation a Gemini model without a version number in its name is counted as (the current one). */
export const GEMINI_DEFAULT_GENERATION = 3;

// ---------------------------------------------------------------------------------------------------------
// Bedrock (the Converse API's tool results, whatever the model; Claude's image limits are Claude's above)

const BEDROCK_FEATURES = 'Amazon Bedrock User Guide, "Supported models and model features" (Converse API: the "Vision" column)';
const BEDROCK_STATUS = 'Amazon Bedrock API Reference, "ToolResultBlock", field "status" ("only supported by Amazon Nova and Anthropic Claude 3 and 4 models"; also the SDK\'s ToolResultBlock doc comment)';

export const BEDROCK = /* @__PURE__ */ Object.freeze({
  /**
   * The Claude models that take `status` and images in a tool result: those of this generation and later
   * (`claude-3-...`, `claude-sonnet-4-...`); Claude 2.x and Claude Instant take neither.
   */
  claudeFrom: sourced(3, `${BEDROCK_STATUS}; ${BEDROCK_FEATURES}`),
  /** The other family that takes `status` and images in a tool result: Amazon Nova (`amazon.nova-pro-v1:0`). */
  families: sourced<readonly string[]>(Object.freeze(["nova"]), `${BEDROCK_STATUS}; ${BEDROCK_FEATURES}`),
  /** Models of those families without vision: they take `status`, and their image parts are losses. */
  noImages: sourced<readonly string[]>(Object.freeze(["claude-3-5-haiku", "nova-micro"]), BEDROCK_FEATURES),
});
