/**
 * The Gemini projection: a `functionResponse` part.
 *
 * @module
 */
import type { AnyToolResult } from "../tool-result";
import { asResult } from "./options";
import type { ProjectionOptions, Refusal } from "./loss";
import { GEMINI_MEDIA } from "./media-set";
import { defineProjection, idKey, openProjection, partVerdicts, readId, readOptionalId, writeTextAndMedia, type MediaPart } from "./projection";
import { GEMINI_LIMITS, limitsCache } from "../budgets/limits";

/** A media part of a function response: inline base64 data, or a file URI. `displayName` is the part's name. */
export type GeminiFunctionResponsePart =
  | { inlineData: { mimeType: string; data: string; displayName?: string } }
  | { fileData: { mimeType: string; fileUri: string; displayName?: string } };

/** A `functionResponse`: `response` holds `output`, or `error` for a failed call. */
export type GeminiFunctionResponse = {
  id?: string;
  name: string;
  response: { output: string } | { error: string };
  parts?: GeminiFunctionResponsePart[];
};

/** A content `Part` holding a function response, as `@google/genai`'s `Part` accepts it. */
export type GeminiPart = { functionResponse: GeminiFunctionResponse };

/** Options of {@link toGemini}. */
export interface GeminiOptions extends ProjectionOptions {
  /** The function's name, as in the `functionCall`. */
  name: string;
  /** The `functionCall`'s id, when the model gave one. */
  id?: string;
  /**
   * The model id (`gemini-2.5-flash`, `gemini-3-pro`), for its limits: a function response carries media
   * from Gemini 3 on, so for an earlier model every media part is a loss. Without it, media is carried.
   */
  model?: string;
}

const NAME = idKey("name", (o: GeminiOptions) => o.name, '"get_weather"');
const ID = idKey("id", (o: GeminiOptions) => o.id, '"call_1"');
const MODEL = idKey("model", (o: GeminiOptions) => o.model, '"gemini-3-pro"');

/** Gemini's limits (budgets/data.ts), read once per model. */
const TARGETS = limitsCache({ provider: "gemini" }, GEMINI_LIMITS);

/**
 * Text parts and placeholders are lines of the `output`/`error` text (a function response part holds media
 * only); media goes into `functionResponse.parts`, each named by its `displayName`.
 */
const GEMINI = defineProjection<string | GeminiFunctionResponsePart, GeminiOptions>({
  provider: "gemini",
  label: "Gemini",
  fn: "toGemini",
  ids: [NAME, ID],
  keys: ["model"],
  text: (text) => text,
  part: geminiPart,
});

/**
 * Projects a result onto a Gemini `Part` holding a `functionResponse`.
 *
 * `response` is `{ output }` for a success and `{ error }` for a failure (Gemini's own convention). Text
 * parts are appended to that text, each on its own line (a function response part holds media only).
 * Media goes into `functionResponse.parts`, in order: `inlineData` for data, `fileData` for a URL, named by
 * `displayName` when the part has a name.
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: a type outside the ones Gemini's function
 * responses read (png, jpeg and webp images, PDF and plain-text files; so all audio), a blank text part,
 * any part over `maxBytes`, and any part that passes one of Gemini's documented limits (every media part for
 * a `model` before Gemini 3, whose function responses carry none; past 100 MB of inline data), its
 * placeholder naming the limit (docs/budgets.md); a placeholder goes into the `output`/`error` text.
 * Metadata is never sent.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toGemini } from "toolnexus/providers";
 *
 * const part = toGemini(ToolResult.ok("72F"), { name: "get_weather" });
 * // { functionResponse: { name: "get_weather", response: { output: "72F" } } }
 * contents.push({ role: "user", parts: [part] });
 * ```
 */
export function toGemini(result: AnyToolResult, options: GeminiOptions): GeminiPart {
  const ctx = openProjection(GEMINI, options);
  const name = readId(GEMINI, options, NAME);
  const id = readOptionalId(options, ID);
  const model = readOptionalId(options, MODEL);
  const r = asResult(result, "toGemini");
  const media: GeminiFunctionResponsePart[] = [];
  const text = writeTextAndMedia(GEMINI, ctx, r.output, r.parts, media, partVerdicts(TARGETS, model, r.parts));
  const fr: GeminiFunctionResponse = { name, response: r.isError ? { error: text } : { output: text } };
  if (id !== undefined) fr.id = id;
  if (media.length > 0) fr.parts = media;
  return { functionResponse: fr };
}

function geminiPart(p: MediaPart): GeminiFunctionResponsePart | Refusal {
  const mime = p.mimeType;
  if (!GEMINI_MEDIA.has(mime)) return GEMINI_MEDIA.refusal;
  if (p.data !== undefined) {
    return { inlineData: p.name === undefined ? { mimeType: mime, data: p.data } : { mimeType: mime, data: p.data, displayName: p.name } };
  }
  return { fileData: p.name === undefined ? { mimeType: mime, fileUri: p.url } : { mimeType: mime, fileUri: p.url, displayName: p.name } };
}
