/**
 * The Vercel AI SDK projection: a tool result's `output`.
 *
 * @module
 */
import type { AnyToolResult } from "../tool-result";
import { asResult } from "./options";
import { refusal, type ProjectionOptions } from "./loss";
import { joinLines } from "./part-output";
import { defineProjection, openProjection, writeBlocks, writeParts, type MediaPart } from "./projection";

/** A `text` item of a `content` output. */
export type AiSdkTextItem = { type: "text"; text: string };

/** A `file` item of a `content` output (the SDK's current form): base64 data, or a URL. */
export type AiSdkFileItem = {
  type: "file";
  data: { type: "data"; data: string } | { type: "url"; url: URL };
  mediaType: string;
  filename?: string;
};

/** An item of a `content` output. */
export type AiSdkContentItem = AiSdkTextItem | AiSdkFileItem;

/** A tool-result output, as the AI SDK's `ToolResultOutput` accepts it. */
export type AiSdkToolResultOutput =
  | { type: "text"; value: string }
  | { type: "error-text"; value: string }
  | { type: "content"; value: AiSdkContentItem[] };

/** Options of {@link toAiSdk}. */
export type AiSdkOptions = ProjectionOptions;

/** A success: a `content` list of `text` and `file` items. Every part has a field for its name (`filename`). */
const AI_SDK = defineProjection<AiSdkContentItem, never>({
  provider: "ai-sdk",
  label: "The AI SDK",
  fn: "toAiSdk",
  text: (text) => ({ type: "text", text }),
  part: aiSdkItem,
});

/** An error: text only, so every media part is a loss; its text parts and placeholders are lines of the text. */
const TEXT_ONLY = refusal("the AI SDK's error output is text only");
const AI_SDK_ERROR = defineProjection<string, never>({
  provider: "ai-sdk",
  label: "The AI SDK",
  fn: "toAiSdk",
  text: (text) => text,
  part: () => TEXT_ONLY,
});

/**
 * Projects a result onto the Vercel AI SDK's tool-result output (the `output` of a `tool-result` part, or
 * what a tool's `toModelOutput` returns).
 *
 * A success without parts (or whose every part was left out) is `{ type: "text", value: output }`. A success
 * with parts is
 * `{ type: "content", value }`: a text item of the output (left out when empty), then one item per part in
 * order: `text` for a text part, and the SDK's current `file` item for every other part (`mediaType`, data
 * as `{ type: "data", data: base64 }` or `{ type: "url", url: URL }`, `filename` from the part's name),
 * never the deprecated `image-data` or `file-data`.
 *
 * An error is `{ type: "error-text", value }`, the output with any text parts appended on their own lines:
 * the AI SDK cannot carry media on an error, so every media part of an error is a loss, handled by
 * `unsupported` (a placeholder line in `value` by default) and reported to `onLoss`. A part over `maxBytes`,
 * and a blank text part, is a loss too. Metadata is never sent.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { tool } from "ai";
 * import { toAiSdk } from "toolnexus/providers";
 *
 * const screenshot = tool({
 *   description: "Take a screenshot",
 *   inputSchema: z.object({}),
 *   execute: async () => takeScreenshot(), // a ToolResult
 *   toModelOutput: ({ output }) => toAiSdk(output),
 * });
 * ```
 */
export function toAiSdk(result: AnyToolResult, options?: AiSdkOptions): AiSdkToolResultOutput {
  const ctx = openProjection(AI_SDK, options);
  const r = asResult(result, "toAiSdk");
  if (r.isError) {
    const lines: string[] = [r.output];
    if (r.parts !== null) writeParts(AI_SDK_ERROR, ctx, r.parts, lines);
    return { type: "error-text", value: joinLines(lines) };
  }
  // Without parts, or when every part was left out, the output alone.
  const items = writeBlocks(AI_SDK, ctx, r.output, r.parts);
  return items === undefined ? { type: "text", value: r.output } : { type: "content", value: items };
}

function aiSdkItem(p: MediaPart): AiSdkFileItem {
  const item: AiSdkFileItem = {
    type: "file",
    data: p.data !== undefined ? { type: "data", data: p.data } : { type: "url", url: new URL(p.url) },
    mediaType: p.mimeType,
  };
  if (p.name !== undefined) item.filename = p.name;
  return item;
}
