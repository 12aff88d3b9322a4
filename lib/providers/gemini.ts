/**
 * The Gemini projection: a `functionResponse` part.
 *
 * @module
 */
import type { ContentPart } from "../content-part";
import type { ToolResult } from "../tool-result";
import { asResult, optionThrew, optionalString, ownOnly, projection, projectionContext, requireString, type Context } from "./options";
import { losePart, overCap, type ProjectionOptions } from "./loss";
import { joinLines } from "./part-output";

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
}

const SPEC = projection("gemini", "Gemini", "toGemini");

/** The types Gemini's multimodal function responses read. */
const MEDIA_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/webp", "application/pdf", "text/plain"];

/**
 * Projects a result onto a Gemini `Part` holding a `functionResponse`.
 *
 * `response` is `{ output }` for a success and `{ error }` for a failure (Gemini's own convention). Text
 * parts are appended to that text, each on its own line (a function response part holds media only).
 * Media goes into `functionResponse.parts`, in order: `inlineData` for data, `fileData` for a URL, named by
 * `displayName` when the part has a name.
 *
 * Losses, handled by `unsupported` and reported to `onLoss`: a type outside the ones Gemini's function
 * responses read (png, jpeg and webp images, PDF and plain-text files; so all audio), and any part over
 * `maxBytes`; a placeholder goes into the `output`/`error` text. Metadata is never sent.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
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
export function toGemini(result: ToolResult<any>, options: GeminiOptions): GeminiPart {
  const ctx = projectionContext(options, SPEC);
  let rawName: unknown;
  let rawId: unknown;
  let key = "name"; // the option being read, for the error's path
  try {
    // Named reads, each kept only when it is an own property (Object.prototype.name is no option).
    if (options !== undefined && options !== null) {
      rawName = ownOnly(options, "name", options.name);
      key = "id";
      rawId = ownOnly(options, "id", options.id);
    }
  } catch (e) {
    optionThrew(e, key);
  }
  const name = requireString(rawName, "name", "toGemini", '"get_weather"');
  const id = optionalString(rawId, "id", '"call_1"');
  const r = asResult(result, "toGemini");
  const lines: string[] = [r.output];
  const media: GeminiFunctionResponsePart[] = [];
  if (r.parts !== null) {
    const parts = r.parts;
    for (let i = 0; i < parts.length; i++) {
      const item = toGeminiPart(ctx, parts[i]!, i);
      if (typeof item === "string") lines.push(item);
      else if (item !== undefined) media.push(item);
    }
  }
  const text = joinLines(lines);
  const fr: GeminiFunctionResponse = { name, response: r.isError ? { error: text } : { output: text } };
  if (id !== undefined) fr.id = id;
  if (media.length > 0) fr.parts = media;
  return { functionResponse: fr };
}

function toGeminiPart(ctx: Context, part: ContentPart, index: number): GeminiFunctionResponsePart | string | undefined {
  const over = overCap(ctx, part);
  if (over !== undefined) return losePart(ctx, index, part, over);
  if (part.type === "text") return part.text!;
  const mime = part.mimeType!;
  if (!MEDIA_TYPES.includes(mime)) return losePart(ctx, index, part, `Gemini's function responses read only ${MEDIA_TYPES.join(", ")}`);
  if (part.data !== undefined) {
    return { inlineData: part.name === undefined ? { mimeType: mime, data: part.data } : { mimeType: mime, data: part.data, displayName: part.name } };
  }
  return { fileData: part.name === undefined ? { mimeType: mime, fileUri: part.url! } : { mimeType: mime, fileUri: part.url!, displayName: part.name } };
}
