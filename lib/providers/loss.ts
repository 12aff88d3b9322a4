/**
 * Loss handling shared by every projection: what happens to content a provider cannot carry.
 *
 * @module
 */
import type { ContentPart } from "../content-part";

/** What to do with a part a provider cannot carry: a placeholder text (default), an error, or nothing. */
export type UnsupportedPolicy = "placeholder" | "error" | "omit";

/** One piece of content that did not reach the provider as it was. */
export interface Loss {
  /** The projection that lost it: `"anthropic"`, `"openai-chat"`, `"mcp"`, `"mcp-elicitation"`, ... */
  readonly provider: string;
  /** Where the lost content sat in the value being projected (`parts[2]`, `content[1]`, `data.schema.properties.x.pattern`). */
  readonly path: string;
  /** Why it could not be carried, in words. */
  readonly reason: string;
  /** The part that was lost, when a part was. */
  readonly part?: ContentPart;
  /** The text put in its place, when the policy was `placeholder`. */
  readonly placeholder?: string;
}

/** Told of every loss, whatever the policy. */
export type OnLoss = (loss: Loss) => void;

/** The options every projection takes. */
export interface ProjectionOptions {
  /** What to do with a part the provider cannot carry (default `"placeholder"`). */
  unsupported?: UnsupportedPolicy;
  /** Told of every loss. */
  onLoss?: OnLoss;
  /** Parts over this many decoded bytes are losses, whatever their origin. */
  maxBytes?: number;
}
