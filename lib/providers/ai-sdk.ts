/**
 * The Vercel AI SDK projection: a tool result's `output`.
 *
 * @module
 */
import type { ToolResult } from "../tool-result";
import { asResult, projection, projectionContext, type Context } from "./options";
import { losePart, type ProjectionOptions } from "./loss";
import { appendParts, joinLines, type TypedPart } from "./part-output";

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

const SPEC = projection("ai-sdk", "The AI SDK", "toAiSdk");

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
 * `unsupported` (a placeholder line in `value` by default) and reported to `onLoss`. A part over `maxBytes`
 * is a loss too. Metadata is never sent.
 *
 * See [Reading what callers pass](../../README.md#reading-what-callers-pass).
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any instantiation: ToolResult<M> is invariant in M
export function toAiSdk(result: ToolResult<any>, options?: AiSdkOptions): AiSdkToolResultOutput {
  const ctx = projectionContext(options, SPEC);
  const r = asResult(result, "toAiSdk");
  const parts = r.parts;
  if (r.isError) {
    const lines: string[] = [r.output];
    if (parts !== null) appendParts(ctx, parts, errorLine, line, lines);
    return { type: "error-text", value: joinLines(lines) };
  }
  if (parts === null) return { type: "text", value: r.output };
  const items: AiSdkContentItem[] = [];
  if (r.output !== "") items.push({ type: "text", text: r.output });
  const head = items.length;
  appendParts(ctx, parts, toAiSdkItem, aiSdkText, items);
  // Every part left out: the output alone, as for a result without parts.
  return items.length === head ? { type: "text", value: r.output } : { type: "content", value: items };
}

/** A part of an error as a line of its text: a text part's text, else a loss (placeholder or nothing). */
function errorLine(ctx: Context, p: TypedPart, index: number): string | undefined {
  return p.type === "text" ? p.text : losePart(ctx, index, p, "the AI SDK's error output is text only");
}

/** A lost part's placeholder, as a line of the error text. */
const line = (text: string): string => text;

/** A lost part's placeholder, as a `text` item. */
const aiSdkText = (text: string): AiSdkTextItem => ({ type: "text", text });

function toAiSdkItem(_ctx: Context, p: TypedPart): AiSdkContentItem | undefined {
  if (p.type === "text") return { type: "text", text: p.text };
  const item: AiSdkFileItem = {
    type: "file",
    data: p.data !== undefined ? { type: "data", data: p.data } : { type: "url", url: new URL(p.url) },
    mediaType: p.mimeType,
  };
  if (p.name !== undefined) item.filename = p.name;
  return item;
}
