// The media-set table of the projections: which mime types each target carries, each set made once at load
// with the reason a part outside it is lost, worded from the set itself; and the one fallback name of a part
// that has none (law 2 of the host kit: `part-<i>.<ext>`, the extension from the media table, else `part-<i>`).
// Internal to `toolnexus/providers`.
import { EXTENSIONS } from "../media";
import { refusal, type Refusal } from "./loss";

/** The mime types one target carries, and why a part outside them is lost. Frozen, made once at load. */
export interface MediaSet<M extends string = string> {
  /** The mime types, in the order the reason lists them. */
  readonly mimeTypes: readonly M[];
  /** `image/png, image/jpeg, image/gif, image/webp`: the set as a reason lists it. */
  readonly listed: string;
  /** The loss of a part outside the set, its reason worded from {@link listed}. */
  readonly refusal: Refusal;
  /** True when the target carries this mime type. */
  readonly has: (mimeType: string) => mimeType is M;
}

/**
 * A {@link MediaSet} of `mimeTypes`, the reason of its loss made by `reason` from the listed types
 * (`(listed) => \`OpenAI reads only ${listed} images\``). Call once, at load.
 */
function mediaSet<const M extends string>(mimeTypes: readonly M[], reason: (listed: string) => string): MediaSet<M> {
  const known: readonly string[] = Object.freeze(mimeTypes.slice());
  const listed = mimeTypes.join(", ");
  // A loop of string compares: for a handful of types, cheaper than a Set's hash look-up (once per part).
  const has = (mimeType: string): mimeType is M => {
    for (let i = 0; i < known.length; i++) if (known[i] === mimeType) return true;
    return false;
  };
  return Object.freeze({ mimeTypes: Object.freeze(mimeTypes.slice()), listed, refusal: refusal(reason(listed)), has });
}

/** The image types Anthropic's `image` block accepts: a closed set. */
export type AnthropicImageMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/** The image types of Anthropic's `image` block (a closed set). */
export const ANTHROPIC_IMAGES = mediaSet<AnthropicImageMediaType>(["image/jpeg", "image/png", "image/gif", "image/webp"], (listed) => `Anthropic's image blocks take only ${listed}`);

/** The image types of Bedrock's `image` block (a closed set). */
export type BedrockImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** The image types of Bedrock's `image` block. */
export const BEDROCK_IMAGES = mediaSet<BedrockImageMediaType>(["image/png", "image/jpeg", "image/gif", "image/webp"], (listed) => `Bedrock's image blocks take only ${listed}`);

/** The images OpenAI's models read: Chat Completions, Responses, and the Agents SDK's outputs. */
export const OPENAI_IMAGES = mediaSet(["image/png", "image/jpeg", "image/gif", "image/webp"], (listed) => `OpenAI reads only ${listed} images`);

/** The types Gemini's multimodal function responses read. */
export const GEMINI_MEDIA = mediaSet(["image/png", "image/jpeg", "image/webp", "application/pdf", "text/plain"], (listed) => `Gemini's function responses read only ${listed}`);

/**
 * The images Mistral's vision models read (its vision guide's FAQ: PNG, JPEG, WEBP, and a GIF of one frame; an
 * animated GIF is refused by the service, not here). Pure: a host entry that does not use it drops it.
 */
export const MISTRAL_IMAGES = /* @__PURE__ */ mediaSet(["image/png", "image/jpeg", "image/webp", "image/gif"], (listed) => `Mistral reads only ${listed} images`);

/** The media table's extension for each of its types: the first one it lists (`image/jpeg` is `jpg`). */
const EXTENSION_FOR: ReadonlyMap<string, string> = (() => {
  const out = new Map<string, string>();
  for (const [ext, mime] of Object.entries(EXTENSIONS)) if (!out.has(mime)) out.set(mime, ext);
  return out;
})();

/**
 * The one fallback name of a part that has none, where a target needs a file name or a uri (law 2):
 * `part-<index>.<ext>` with the media table's extension for its mime type (`part-3.pdf`), else `part-<index>`.
 */
function fallbackName(part: { readonly mimeType: string }, index: number): string {
  const ext = EXTENSION_FOR.get(part.mimeType);
  return ext === undefined ? `part-${index}` : `part-${index}.${ext}`;
}

/** A part's name, or its {@link fallbackName}. */
export function nameOrFallback(part: { readonly mimeType: string; readonly name: string | undefined }, index: number): string {
  return part.name ?? fallbackName(part, index);
}
