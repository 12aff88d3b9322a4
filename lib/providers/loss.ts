/**
 * Loss handling shared by every projection and bridge: what happens to content a provider cannot carry, and
 * how `onLoss` hears of it. Every {@link Loss} handed to `onLoss` is frozen and made here.
 *
 * @module
 */
import { escapeControl } from "../boundary";
import type { ContentPart } from "../content-part";
import { partLabel } from "../part-label";
import { ContentPartError, raise, type ToolnexusError } from "../errors";
import { typeName } from "../json-data";
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

/**
 * Who hears a loss: the one loss mechanism of projections and bridges. A projection's checked options (its
 * `Context`) are one; a bridge makes its own with {@link lossTarget} (or {@link lossTargetOf}, which checks the
 * `onLoss` option it read) and tells each loss at once through {@link reportLoss}, which makes every {@link Loss}
 * frozen. A bridge's loss has no part: `{ provider, path, reason }`.
 */
export interface LossTarget {
  /** The projection's or bridge's name in a {@link Loss}: `"anthropic"`, `"openai-chat"`, `"mcp-elicitation"`, ... */
  readonly provider: string;
  readonly onLoss: OnLoss | undefined;
}

/** A {@link LossTarget} for a bridge: frozen. */
function lossTarget(provider: string, onLoss: OnLoss | undefined): LossTarget {
  return Object.freeze({ provider, onLoss });
}

/**
 * A {@link LossTarget} from an `onLoss` option as it was read (own property, once): `undefined` or a function,
 * else an `invalid-type` ValidationError at `path` (`onLoss`, or `options.onLoss`).
 */
export function lossTargetOf(provider: string, onLoss: unknown, path = "onLoss"): LossTarget {
  return lossTarget(provider, onLossOption(onLoss, path));
}

/** The `onLoss` option: `undefined` or a function, else an `invalid-type` ValidationError at `path`. */
export function onLossOption(onLoss: unknown, path: string): OnLoss | undefined {
  if (onLoss === undefined) return undefined;
  if (!isOnLoss(onLoss)) raise("invalid-type", path, `onLoss must be a function, got ${typeName(onLoss)}`, "Pass a function such as (loss) => console.warn(loss.path, loss.reason).");
  return onLoss;
}

function isOnLoss(v: unknown): v is OnLoss {
  return typeof v === "function";
}

/** What the loss helpers need of a projection's checked options (its `Context`, see options.ts). */
export interface LossPolicy extends LossTarget {
  /** What the provider is called in messages: `"Anthropic"`, `"OpenAI Chat"`, ... */
  readonly label: string;
  readonly policy: UnsupportedPolicy;
  /** `Infinity` when no cap was given. */
  readonly maxBytes: number;
}

/** The one maker of a {@link Loss}: frozen, `part` and `placeholder` present only when given. */
function makeLoss(provider: string, path: string, reason: string, part: ContentPart | undefined, placeholder: string | undefined): Loss {
  const loss: { provider: string; path: string; reason: string; part?: ContentPart; placeholder?: string } = { provider, path, reason };
  if (part !== undefined) loss.part = part;
  if (placeholder !== undefined) loss.placeholder = placeholder;
  return Object.freeze(loss);
}

/**
 * Tells `to.onLoss`, when there is one, of a loss, as a frozen {@link Loss}: the one way a projection or a
 * bridge reports content that did not arrive as it was. A bridge's loss has no part and no placeholder.
 */
export function reportLoss(to: LossTarget, path: string, reason: string, part?: ContentPart, placeholder?: string): void {
  if (to.onLoss === undefined) return;
  to.onLoss(makeLoss(to.provider, path, reason, part, placeholder));
}

/**
 * Why a projection's table cannot carry a part: the loss's reason, in words (`"Anthropic has no audio block"`),
 * made once at load ({@link refusal}). A part writer returns it instead of a block (its blocks are objects,
 * so a string is a refusal), and the one parts loop (projection.ts) handles the loss by the policy.
 */
export type Refusal = string;

/** A {@link Refusal} with this reason. Call once, at load: a part writer returns the same one on every call. */
export function refusal(reason: string): Refusal {
  return reason;
}

/** `[unsupported audio part (audio/wav, 41984 bytes)]`: what stands in for a lost part. Never the data. */
function placeholderFor(part: ContentPart): string {
  return `[unsupported ${partLabel(part)}]`;
}

/**
 * Handles one lost part by the policy: reports it to `onLoss` (always, before anything else), then throws
 * (`error`), or returns the placeholder text (`placeholder`) or `undefined` (`omit`). The placeholder is
 * `[unsupported <label>]`, or `shown` when the loss has its own wording (a limit's, from `partLimits`).
 */
export function losePart(ctx: LossPolicy, index: number, part: ContentPart, reason: string, path = `parts[${index}]`, shown?: string): string | undefined {
  const placeholder = ctx.policy === "placeholder" ? (shown ?? placeholderFor(part)) : undefined;
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
