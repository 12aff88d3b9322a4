/**
 * The Cohere projection: a v2 `tool` message.
 *
 * @module
 */
import type { AnyToolResult } from "../tool-result";
import { asResult } from "./options";
import { refusal, type ProjectionOptions, type Refusal } from "./loss";
import { defineProjection, idKey, openProjection, readId, writeBlocks } from "./projection";

/** A `text` content item of a tool message. */
export type CohereTextContent = { type: "text"; text: string };

/**
 * A v2 `tool` message, as `cohere-ai`'s `ChatMessageV2` accepts it: `content` is the output string, or a list of
 * text items when the result has parts.
 */
export type CohereToolMessage = {
  role: "tool";
  toolCallId: string;
  content: string | CohereTextContent[];
};

/** Options of {@link toCohere}. */
export interface CohereOptions extends ProjectionOptions {
  /** The `id` of the tool call this result answers. */
  toolCallId: string;
}

const TOOL_CALL_ID = idKey("toolCallId", (o: CohereOptions) => o.toolCallId, '"get_weather_k3y8z1p0m2vd"');

/** Every media part's loss: a tool message's items are text and JSON documents. */
const NO_MEDIA = refusal("a Cohere tool message carries only text and JSON documents");

const COHERE = defineProjection<CohereTextContent, CohereOptions>({
  provider: "cohere",
  label: "Cohere",
  fn: "toCohere",
  ids: [TOOL_CALL_ID],
  text: (text) => ({ type: "text", text }),
  part: noMedia,
});

/**
 * Projects a result onto a Cohere v2 `tool` message, for the `messages` of `CohereClientV2#chat`.
 *
 * Without parts (or when every part was left out), `content` is the output string. With parts, it is a list
 * of `text` items: one of the output (left out when empty; a blank output is left out and reported to
 * `onLoss`, path `output`), then one per text part.
 *
 * Losses, handled by `unsupported` (a placeholder `text` item by default) and reported to `onLoss`: every
 * image, audio and file part (a Cohere tool message holds text and `document` items, and a document is a JSON
 * object the model reads as text, not media), a blank text part, and any part over `maxBytes`. Cohere has no
 * error flag: the output is sent as the tool wrote it. Metadata is never sent.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toCohere } from "toolnexus/cohere";
 *
 * const message = toCohere(ToolResult.ok("72F, sunny"), { toolCallId: call.id });
 * // { role: "tool", toolCallId: call.id, content: "72F, sunny" }
 * messages.push(message);
 * ```
 */
export function toCohere(result: AnyToolResult, options: CohereOptions): CohereToolMessage {
  const ctx = openProjection(COHERE, options);
  const toolCallId = readId(COHERE, options, TOOL_CALL_ID);
  const r = asResult(result, "toCohere");
  // Without parts, or when every part was left out, the output alone.
  return { role: "tool", toolCallId, content: writeBlocks(COHERE, ctx, r.output, r.parts) ?? r.output };
}

function noMedia(): Refusal {
  return NO_MEDIA;
}
