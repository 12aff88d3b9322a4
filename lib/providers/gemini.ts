/**
 * The Gemini projection: a `functionResponse` part.
 *
 * @module
 */
import type { ToolResult } from "../tool-result";
import { asResult, idOption, namedOption, optionalString, projection, projectionContext, type Context } from "./options";
import { losePart, type ProjectionOptions } from "./loss";
import { joinLines, splitParts, type TypedPart } from "./part-output";

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: ToolResult<M> is invariant in M
export function toGemini(result: ToolResult<any>, options: GeminiOptions): GeminiPart {
  const ctx = projectionContext(options, SPEC);
  // Each read only as an own property (Object.prototype.name is no option).
  const name = idOption(options, "name", readName, "toGemini", '"get_weather"');
  const id = optionalString(namedOption(options, "id", readId), "id", '"call_1"');
  const r = asResult(result, "toGemini");
  const lines: string[] = [r.output];
  const media: GeminiFunctionResponsePart[] = [];
  if (r.parts !== null) splitParts(ctx, r.parts, toGeminiPart, "", lines, media);
  const text = joinLines(lines);
  const fr: GeminiFunctionResponse = { name, response: r.isError ? { error: text } : { output: text } };
  if (id !== undefined) fr.id = id;
  if (media.length > 0) fr.parts = media;
  return { functionResponse: fr };
}

const readName = (o: GeminiOptions): unknown => o.name;
const readId = (o: GeminiOptions): unknown => o.id;

function toGeminiPart(ctx: Context, p: TypedPart, index: number): GeminiFunctionResponsePart | string | undefined {
  if (p.type === "text") return p.text;
  const mime = p.mimeType;
  if (!MEDIA_TYPES.includes(mime)) return losePart(ctx, index, p, `Gemini's function responses read only ${MEDIA_TYPES.join(", ")}`);
  if (p.data !== undefined) {
    return { inlineData: p.name === undefined ? { mimeType: mime, data: p.data } : { mimeType: mime, data: p.data, displayName: p.name } };
  }
  return { fileData: p.name === undefined ? { mimeType: mime, fileUri: p.url } : { mimeType: mime, fileUri: p.url, displayName: p.name } };
}
