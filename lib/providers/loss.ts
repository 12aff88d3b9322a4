/**
 * Loss handling shared by every projection and bridge: what happens to content a provider cannot carry, and
 * how `onLoss` hears of it. Every {@link Loss} handed to `onLoss` is frozen and made here.
 *
 * @module
 */
import { escapeControl } from "../boundary";
import type { ContentPart } from "../content-part";
import { partLabel } from "../part-label";
import { ContentPartError, type ToolnexusError } from "../errors";
import { located } from "../path";

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

/** What the loss helpers need of a projection's checked options (its `Context`, see options.ts). */
export interface LossPolicy {
  /** The projection's name in a {@link Loss}: `"anthropic"`, `"openai-chat"`, `"mcp"`, ... */
  readonly provider: string;
  /** What the provider is called in messages: `"Anthropic"`, `"OpenAI Chat"`, ... */
  readonly label: string;
  readonly policy: UnsupportedPolicy;
  readonly onLoss: OnLoss | undefined;
  /** `Infinity` when no cap was given. */
  readonly maxBytes: number;
}

/** A frozen {@link Loss} without a part or a placeholder: what the bridges (elicitation, approvals) lose. */
export function lossAt(provider: string, path: string, reason: string): Loss {
  return Object.freeze({ provider, path, reason });
}

/** Tells `onLoss`, when there is one, of each loss in order. */
export function tellLosses(onLoss: OnLoss | undefined, losses: readonly Loss[]): void {
  if (onLoss !== undefined) for (const loss of losses) onLoss(loss);
}

/** Tells a projection's `onLoss` of a loss, as a frozen {@link Loss}. */
export function reportLoss(ctx: LossPolicy, path: string, reason: string, part: ContentPart | undefined, placeholder: string | undefined): void {
  if (ctx.onLoss === undefined) return;
  const loss: { provider: string; path: string; reason: string; part?: ContentPart; placeholder?: string } = { provider: ctx.provider, path, reason };
  if (part !== undefined) loss.part = part;
  if (placeholder !== undefined) loss.placeholder = placeholder;
  ctx.onLoss(Object.freeze(loss));
}

/** `[unsupported audio part (audio/wav, 41984 bytes)]`: what stands in for a lost part. Never the data. */
function placeholderFor(part: ContentPart): string {
  return `[unsupported ${partLabel(part)}]`;
}

/**
 * Handles one lost part by the policy: reports it to `onLoss` (always, before anything else), then throws
 * (`error`), or returns the placeholder text (`placeholder`) or `undefined` (`omit`).
 */
export function losePart(ctx: LossPolicy, index: number, part: ContentPart, reason: string, path = `parts[${index}]`): string | undefined {
  const placeholder = ctx.policy === "placeholder" ? placeholderFor(part) : undefined;
  reportLoss(ctx, path, reason, part, placeholder);
  if (ctx.policy === "error") {
    throw new ContentPartError(
      "unsupported",
      `${located(`${ctx.label} cannot carry the ${partLabel(part)}`, path)}: ${reason}. Convert or drop the part before projecting, or pass unsupported: "placeholder" or "omit".`,
      { path },
    );
  }
  return placeholder;
}

/**
 * {@link losePart}, its placeholder text put in the projection's own shape by `wrap` (a text block, an
 * `input_text` item, ...): what every projection does with a part it cannot carry. `undefined` under `omit`;
 * throws under `error`, after `onLoss` was told, exactly as `losePart` does. Pass a `wrap` made once, at load
 * (not a closure per call): this sits beside a projection's hot path.
 */
export function loseAs<B>(ctx: LossPolicy, index: number, part: ContentPart, reason: string, wrap: (text: string) => B): B | undefined {
  const text = losePart(ctx, index, part, reason);
  return text === undefined ? undefined : wrap(text);
}

/**
 * Handles, by the policy, a block that an inbound reader (`fromMcp`, `fromLangChain`) cannot make a part of:
 * reports it to `onLoss` (reason `the <what> cannot become a part: <why>`, the placeholder `line`), then
 * throws (`error`: a `ContentPartError` at `path`, ending with `fix`), or returns `line` (`placeholder`) or
 * `undefined` (`omit`). The error shows `what` and `why` with their control characters escaped, as `line` must.
 */
export function loseBlock(ctx: LossPolicy, path: string, what: string, why: string, line: string, fix: string): string | undefined {
  const placeholder = ctx.policy === "placeholder" ? line : undefined;
  reportLoss(ctx, path, `the ${what} cannot become a part: ${why}`, undefined, placeholder);
  if (ctx.policy === "error") {
    throw new ContentPartError("unsupported", `${located(`The ${escapeControl(what)}`, path)} cannot become a part: ${escapeControl(why)}. ${fix}, or pass unsupported: "placeholder" or "omit".`, { path });
  }
  return placeholder;
}

/** The reason a part is over the cap, or `undefined` when it fits. */
export function overCap(ctx: LossPolicy, part: ContentPart): string | undefined {
  if (ctx.maxBytes === Infinity) return undefined;
  const bytes = part.byteLength;
  return bytes > ctx.maxBytes ? `it holds ${bytes} bytes, over maxBytes = ${ctx.maxBytes}` : undefined;
}

/**
 * The problem an error's message states, for a loss line: its first sentence up to the place (" at data") or
 * the fix, lowercased at the start, control characters escaped; never the data.
 */
export function lossReason(e: ToolnexusError): string {
  const m = e.message;
  const ends = [m.indexOf(" at "), m.indexOf(". ")].filter((i) => i > 0);
  const head = ends.length > 0 ? m.slice(0, Math.min(...ends)) : m;
  return escapeControl(head.charAt(0).toLowerCase() + head.slice(1));
}
