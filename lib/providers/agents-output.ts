/**
 * What an OpenAI Agents function tool returns: a `ToolResult` as the SDK's structured tool outputs.
 *
 * The shapes are this package's own structural types, which the pinned `@openai/agents-core`'s
 * `ToolOutputText`, `ToolOutputImage` and `ToolOutputFileContent` accept. Nothing here imports the SDK.
 *
 * @module
 */
import type { AnyToolResult } from "../tool-result";
import { asResult } from "./options";
import { refusal, type ProjectionOptions, type Refusal } from "./loss";
import { nameOrFallback, OPENAI_IMAGES } from "./media-set";
import { defineProjection, openProjection, writeBlocks, type MediaPart } from "./projection";

/** A `text` tool output. */
export type AgentsToolOutputText = { type: "text"; text: string };

/** An `image` tool output: base64 data with its media type, or a URL. The SDK's image carries no name. */
export type AgentsToolOutputImage = { type: "image"; image: { data: string; mediaType: string } | { url: string } };

/** A `file` tool output: base64 data with its media type and file name, or a URL with its file name. */
export type AgentsToolOutputFile = {
  type: "file";
  file: { data: string; mediaType: string; filename: string } | { url: string; filename: string };
};

/** One structured tool output. */
export type AgentsToolOutputItem = AgentsToolOutputText | AgentsToolOutputImage | AgentsToolOutputFile;

/** What {@link toAgentsToolOutput} gives: the output string, or a list of structured outputs. */
export type AgentsToolOutput = string | AgentsToolOutputItem[];

/** Options of {@link toAgentsToolOutput}: the shared `unsupported`, `onLoss` and `maxBytes`. */
export type AgentsToolOutputOptions = ProjectionOptions;

const NO_AUDIO = refusal("an Agents function tool's output has no audio item");

const AGENTS = defineProjection<AgentsToolOutputItem, never>({
  provider: "openai-agents",
  label: "OpenAI Agents",
  fn: "toAgentsToolOutput",
  text: (text) => ({ type: "text", text }),
  part: agentsItem,
  // A file output has a filename; the SDK's image output has no name.
  nameless: { image: "an Agents image output" },
});

/**
 * What an OpenAI Agents function tool's `execute` returns for a `ToolResult`.
 *
 * Without parts (or when every part was left out), the output string. With parts, a list of the SDK's
 * structured tool outputs: a `text` item of the output (left out when empty), then one item per part in
 * order: `text` for a text part; `image` (`{ data, mediaType }` or `{ url }`) for a png, jpeg, gif or webp
 * image; `file` (`{ data, mediaType, filename }` or `{ url, filename }`) for a file, its `filename` the
 * part's name, else `part-<index>.<ext>` with the media table's extension (`part-<index>` without one).
 *
 * The SDK's image output has no name: a named image's name is reported to `onLoss` (path `parts[i].name`,
 * no placeholder, since the image itself arrives; the `unsupported` policy applies to whole parts only).
 * Losses, handled by `unsupported` and reported to `onLoss`: audio (a function tool's output has no audio
 * item), an image of another type (the Responses API reads those four), a blank text part, and any part
over `maxBytes`.
 * Metadata is never sent, nor is the result's JSON: return this, never the `ToolResult` itself (the SDK
 * would send its `toJSON`, metadata and base64 included, to the model as text). The agent has no error
 * flag: an error result's output is sent as the tool wrote it.
 *
 * The result may be a `ToolResult` or its JSON shape (read through `ToolResult.fromJSON`).
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { tool } from "@openai/agents";
 * import { toAgentsToolOutput } from "toolnexus/providers";
 *
 * const screenshot = tool({
 *   name: "screenshot",
 *   description: "Takes a screenshot of the page",
 *   parameters: { type: "object", properties: {}, additionalProperties: false },
 *   strict: true,
 *   execute: async () => toAgentsToolOutput(await takeScreenshot()),
 * });
 * ```
 */
export function toAgentsToolOutput(result: AnyToolResult, options?: AgentsToolOutputOptions): AgentsToolOutput {
  const ctx = openProjection(AGENTS, options);
  const r = asResult(result, "toAgentsToolOutput");
  // Without parts, or when every part was left out, the output alone (an empty list is not an output).
  return writeBlocks(AGENTS, ctx, r.output, r.parts) ?? r.output;
}

function agentsItem(p: MediaPart, index: number): AgentsToolOutputItem | Refusal {
  switch (p.type) {
    case "image":
      if (!OPENAI_IMAGES.has(p.mimeType)) return OPENAI_IMAGES.refusal;
      return { type: "image", image: p.data !== undefined ? { data: p.data, mediaType: p.mimeType } : { url: p.url } };
    case "file": {
      const filename = nameOrFallback(p, index);
      return { type: "file", file: p.data !== undefined ? { data: p.data, mediaType: p.mimeType, filename } : { url: p.url, filename } };
    }
    default:
      return NO_AUDIO;
  }
}
