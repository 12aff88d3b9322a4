// The projection kit: a projection is a frozen table made once at load ({@link defineProjection}: its names,
// its option keys, how its text block is written, how each part it carries is written, which of its blocks
// have no name field) and the few functions every projection runs on it: its options checked
// ({@link openProjection}: an unknown key refused, the shared `unsupported`, `onLoss` and `maxBytes` read),
// its id options read ({@link readId}), and the one parts loop ({@link writeParts}, {@link writeBlocks}) with
// the laws of the host kit built in: a part over `maxBytes` or refused by the table is a loss by the policy,
// a name the target has no field for is reported, no blank text block is ever written, and a result whose
// every part was left out is its output alone. The rules are in docs/ and CONTRIBUTING.md ("The modules of
// lib/"). Internal to `toolnexus/providers`.
import type { LimitsCache, PartLimit } from "../budgets/limits";
import type { ContentPart } from "../content-part";
import { checkOptionKeys, optionKeys, type OptionKeys } from "../options";
import { losePart, overCap, reportLoss, type Refusal } from "./loss";
import { namedOption, notAnObject, optionalString, requireString, sharedOptions, type Context } from "./options";
import { asTypedPart, isBlank, joinLines, type DataFields, type UrlFields } from "./part-output";

/** No part passes a limit: the verdicts of a projection that checks none, or of a result without parts. */
const NO_LIMITS: readonly PartLimit[] = Object.freeze([]);

/**
 * The verdicts of `parts` on the projection's target of `model` ({@link LimitsCache}: `partLimits` of
 * `toolnexus/budgets` on a target read once): which parts pass one of the target's documented limits, each
 * with its reason and placeholder, for {@link writeParts}. A result without parts reads no target and no
 * header, and allocates nothing.
 */
export function partVerdicts(limits: LimitsCache, model: string | undefined, parts: readonly ContentPart[] | null): readonly PartLimit[] {
  return parts === null || parts.length === 0 ? NO_LIMITS : limits.verdicts(model, parts);
}

/** A part other than text, its fields typed by its `data`: what a table's part writer is given. */
export type MediaPart = ContentPart & (DataFields | UrlFields);

/** The three kinds of media part. */
type MediaType = "image" | "audio" | "file";

/** The options every projection takes, whatever its own. */
const SHARED_KEYS = ["unsupported", "onLoss", "maxBytes"] as const;

/**
 * One id or name option of a projection (`toolUseId`, `callId`, `toolName`, Gemini's `id`), made once at load
 * by {@link idKey}: its key, its literal read (`(o) => o.toolUseId`: the hot path
 * neither allocates nor reads by a computed key), and an example of a good value for the error's fix.
 */
export interface IdOption<O> {
  readonly key: string;
  readonly read: (options: O) => unknown;
  readonly example: string;
}

/** An id option of a projection: read by {@link readId} (required) or {@link readOptionalId}. Call once, at load. */
export function idKey<O>(key: string, read: (options: O) => unknown, example: string): IdOption<O> {
  return Object.freeze({ key, read, example });
}

/** What a projection's table gives {@link defineProjection}. */
export interface ProjectionTable<B, O> {
  /** The projection's name in a Loss: `"anthropic"`. */
  readonly provider: string;
  /** The target as messages name it: `"Anthropic"`. */
  readonly label: string;
  /** The function, as messages name it: `"toAnthropic"`. */
  readonly fn: string;
  /** The id options it reads ({@link idKey}). */
  readonly ids?: readonly IdOption<O>[];
  /** Its other own option keys (`meta`), besides the ids and the shared three. */
  readonly keys?: readonly string[];
  /** How a text block is written: the output's, a text part's, a lost part's placeholder. */
  readonly text: (text: string) => B;
  /**
   * How a part other than text is written: its block (an object), or the {@link Refusal} (a reason, made at
   * load) of a part it cannot carry.
   */
  readonly part: (part: MediaPart, index: number) => Exclude<B, string> | Refusal;
  /**
   * The target's block for each media type that has no name field, as the reason of a name loss names it
   * (`{ image: "an Anthropic image block" }`): a named part of that type arrives without its name, reported.
   */
  readonly nameless?: Partial<Readonly<Record<MediaType, string>>>;
  /**
   * A part given by url is written in a block that has a name field (MCP's `resource_link`): only a part with
   * data goes in a `nameless` block, so only its name is reported. Default `false`.
   */
  readonly namedByUrl?: boolean;
  /** Why a blank text block is not written (default: `a blank text block is never sent`). */
  readonly blankText?: string;
  /**
   * For a target whose name field depends on more than the media type (Bedrock: a document block is named
   * under its own rule, a video block is not named): the reason of a carried part's name loss, or
   * `undefined` when the name arrives as it is. Asked only for a named part of a type `nameless` leaves out.
   */
  readonly renamed?: (part: MediaPart, index: number) => string | undefined;
}

/** A projection's table, checked and frozen: also its context when no shared option is given. */
export interface Projection<B, O = unknown> extends Context {
  /** Every option key it knows: the shared three, its ids and its other keys. */
  readonly options: OptionKeys<string>;
  readonly text: (text: string) => B;
  readonly part: (part: MediaPart, index: number) => Exclude<B, string> | Refusal;
  /** The reason of a name loss for each media type whose block has no name field. */
  readonly imageName: string | undefined;
  readonly audioName: string | undefined;
  readonly fileName: string | undefined;
  /** A part given by url keeps its name (its block has a name field). */
  readonly namedByUrl: boolean;
  /** The reason of a name loss that depends on more than the media type ({@link ProjectionTable.renamed}). */
  readonly renamed: ((part: MediaPart, index: number) => string | undefined) | undefined;
  /** The reason a blank text part is lost. */
  readonly blankText: string;
  /** The reason a blank output is left out of a list of blocks. */
  readonly blankOutput: string;
  /** Only for the type of {@link readId}'s options. */
  readonly ids: readonly IdOption<O>[];
}

const nameLoss = (block: string | undefined, type: MediaType): string | undefined => (block === undefined ? undefined : `${block} carries no name; the ${type} is sent without it`);

/** A projection made of its table. Call once per projection, at load. */
export function defineProjection<B, O>(table: ProjectionTable<B, O>): Projection<B, O> {
  const ids = table.ids ?? [];
  const blank = table.blankText ?? "a blank text block is never sent";
  const nameless = table.nameless ?? {};
  return Object.freeze({
    provider: table.provider,
    label: table.label,
    fn: table.fn,
    policy: "placeholder",
    onLoss: undefined,
    maxBytes: Infinity,
    options: optionKeys(table.fn, [...ids.map((id) => id.key), ...(table.keys ?? []), ...SHARED_KEYS]),
    text: table.text,
    part: table.part,
    imageName: nameLoss(nameless.image, "image"),
    audioName: nameLoss(nameless.audio, "audio"),
    fileName: nameLoss(nameless.file, "file"),
    namedByUrl: table.namedByUrl ?? false,
    renamed: table.renamed,
    blankText: blank,
    blankOutput: `${blank}, so the blank output was left out`,
    ids: Object.freeze(ids.slice()),
  });
}

/**
 * Checks a projection's options into its context: `undefined` and `null` give the projection itself (its
 * defaults); an object has an own key the projection does not know refused (`invalid-value` at
 * `options.<key>`, "Did you mean toolUseId?"; a key found only on the prototype chain is no option), then its
 * shared options read (`unsupported`, `onLoss`, `maxBytes`, each once, as an own property) and checked;
 * anything else is an `invalid-type` ValidationError. Allocates nothing unless a shared option is given:
 * this runs on every tool call.
 */
export function openProjection(proj: Projection<unknown, never>, options: unknown): Context {
  if (options === undefined || options === null) return proj;
  if (typeof options !== "object") notAnObject(options, proj.fn);
  const ctx = sharedOptions(options, proj);
  checkOptionKeys(proj.options, options);
  return ctx;
}

/**
 * A required id option of a projection, read once as an own property (a getter or trap that throws is a
 * ValidationError at its key), then checked: a non-empty string. {@link openProjection} checked the options first.
 */
export function readId<O extends object>(proj: Projection<unknown, O>, options: O | null | undefined, id: IdOption<O>): string {
  return requireString(namedOption(options, id.key, id.read), id.key, proj.fn, id.example);
}

/** An optional id option, read as {@link readId} reads it: `undefined`, or a non-empty string. */
export function readOptionalId<O extends object>(options: O | null | undefined, id: IdOption<O>): string | undefined {
  return optionalString(namedOption(options, id.key, id.read), id.key, id.example);
}

/**
 * The one parts loop of every projection: appends to `out`, in order, each part as the table writes it. A
 * text part is the table's text block, unless it is blank (a loss: no blank text block is ever written); a
 * part over `maxBytes`, a part the table refuses, and a part that passes one of the target's limits (`limits`,
 * from {@link partVerdicts}: the verdict's reason and placeholder), checked in that order, is a loss by the
 * policy (its placeholder the table's text block, nothing under `omit`, a ContentPartError under `error`); a
 * named part whose block has no name field arrives, its name reported (path `parts[i].name`, no placeholder,
 * whatever the policy). A loss's path is `<prefix>parts[i]` (`calls[1].parts[0]`). Returns how many items
 * were appended.
 */
export function writeParts<B>(proj: Projection<B, never>, ctx: Context, parts: readonly ContentPart[], out: B[], prefix = "", limits: readonly PartLimit[] = NO_LIMITS): number {
  const head = out.length;
  let next = 0; // the next verdict of `limits`, which are in the parts' order
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const p = asTypedPart(part);
    const over = overCap(ctx, part);
    const limit = next < limits.length && limits[next].index === i ? limits[next++] : undefined;
    if (over !== undefined) lose(proj, ctx, part, i, over, prefix, out);
    else if (p.type === "text") {
      if (isBlank(p.text)) lose(proj, ctx, part, i, proj.blankText, prefix, out);
      else if (limit !== undefined) lose(proj, ctx, part, i, limit.reason, prefix, out, limit.placeholder);
      else out.push(proj.text(p.text));
    } else {
      // The table's refusal first (the target cannot carry the part at all), then the target's limits.
      const v = proj.part(p, i);
      if (typeof v === "string") lose(proj, ctx, part, i, v, prefix, out);
      else if (limit !== undefined) lose(proj, ctx, part, i, limit.reason, prefix, out, limit.placeholder);
      else {
        if (p.name !== undefined) lostName(proj, ctx, p, i, prefix);
        out.push(v);
      }
    }
  }
  return out.length - head;
}

/**
 * A lost part, by the policy: its placeholder (`shown`, a limit's wording, or the usual one) as the table's
 * text block, nothing under `omit`; throws under `error`.
 */
function lose<B>(proj: Projection<B, never>, ctx: Context, part: ContentPart, index: number, reason: string, prefix: string, out: B[], shown?: string): void {
  const text = losePart(ctx, index, part, reason, `${prefix}parts[${index}]`, shown);
  if (text !== undefined) out.push(proj.text(text));
}

/** Reports a carried part's name when its block has no name field. */
function lostName(proj: Projection<unknown, never>, ctx: Context, p: MediaPart, index: number, prefix: string): void {
  if (p.data === undefined && proj.namedByUrl) return;
  const reason = (p.type === "image" ? proj.imageName : p.type === "audio" ? proj.audioName : proj.fileName) ?? proj.renamed?.(p, index);
  if (reason !== undefined) reportLoss(ctx, `${prefix}parts[${index}].name`, reason, p);
}

/**
 * A result's output and parts as one text and its media apart, the shape of a target whose message holds its
 * text in one string and its media in a list of their own (Gemini's function response, Ollama's message): the
 * output, then each text part and each lost part's placeholder on a line of its own (an empty piece left out),
 * every block the table writes for a part appended to `media`, in order, by {@link writeParts}. Returns the text.
 */
export function writeTextAndMedia<M extends object>(proj: Projection<string | M, never>, ctx: Context, output: string, parts: readonly ContentPart[] | null, media: M[], limits: readonly PartLimit[] = NO_LIMITS): string {
  const items: (string | M)[] = [output];
  if (parts !== null) writeParts(proj, ctx, parts, items, "", limits);
  const lines: string[] = [];
  for (const item of items) {
    if (typeof item === "string") lines.push(item);
    else media.push(item);
  }
  return joinLines(lines);
}

/**
 * A result's output and parts as one list of blocks, the shape most projections send: a text block of the
 * output (left out when empty; a blank output is left out and reported, path `output`), then
 * {@link writeParts} (with the target's `limits`, when given). `undefined` when there are no parts or every part was left out: the projection then
 * sends its output alone, as for a result without parts.
 */
export function writeBlocks<B>(proj: Projection<B, never>, ctx: Context, output: string, parts: readonly ContentPart[] | null, prefix = "", limits: readonly PartLimit[] = NO_LIMITS): B[] | undefined {
  if (parts === null) return undefined;
  const out: B[] = [];
  const blank = isBlank(output);
  if (!blank) out.push(proj.text(output));
  if (writeParts(proj, ctx, parts, out, prefix, limits) === 0) return undefined;
  if (blank) blankOutput(proj, ctx, output, prefix);
  return out;
}

/**
 * Reports a blank output left out of a list of blocks (path `<prefix>output`, no placeholder; nothing for an
 * empty one). For a projection that writes the output's block itself ({@link writeBlocks} calls it).
 */
export function blankOutput(proj: Projection<unknown, never>, ctx: Context, output: string, prefix = ""): void {
  if (output !== "") reportLoss(ctx, `${prefix}output`, proj.blankOutput);
}
