// The inbound kit: what every reader of another SDK's tool result (`fromMcp`, `fromLangChain`, `fromA2a`, and
// every later `from<Host>`) is written on, so that a reader is the table of its host's block shapes. The one
// guess of a part's mime type when the sender gave none (law 7), the one builder of a part from a block's data
// or url, and the one accumulator (`InboundAccumulator`): text pieces, parts, text that follows the output,
// loss lines (law 6: `[unsupported <host> <block type>: <name> (<uri>)]`, the sender's text shown by quote.ts),
// and the output assembled from them (the error sentence, one summary line per part when there is no text).
// Internal to `toolnexus/providers`: nothing here is exported from the entry point.
import { decodePrefix, encodeBase64, toCanonicalBase64 } from "../base64";
import { isArrayAt } from "../boundary";
import { ContentPart } from "../content-part";
import type { PartType } from "../part-build";
import { isToolnexusError } from "../errors";
import { extensionOf, familyOf, mimeForExtension, normalizeMime, sniff, SNIFF_BYTES } from "../media";
import { escapeControl, quoted, shown } from "../quote";
import { loseBlock, losePart, lossReason, overCap, reportLoss, type LossPolicy } from "./loss";
import { isBlank } from "./part-output";

/** A sender's optional string field as a reader keeps it: a non-empty string; anything else `undefined`. */
export function carried(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/**
 * The door's `isArrayAt` (a revoked Proxy is a ValidationError at `path`), as a type guard: the readers' lists
 * (`content`, `parts`, `artifacts`) are read by `readArray` without a cast.
 */
export const isListAt = (value: unknown, path: string, what?: string): value is readonly unknown[] => isArrayAt(value, path, what);

/** The mime type of bytes nothing identifies. */
const OCTET_STREAM = "application/octet-stream";

/**
 * The mime type of a part whose sender gave none: the signature of its leading bytes (`head`) when the media
 * table knows it, else the extension of the url's path (of the string itself when it is no URL), else
 * `application/octet-stream`. Either may be left out. The wire is faithful: a mime type the sender gave is
 * kept as sent and never guessed over.
 */
function guessMime(head: Uint8Array | undefined, url: string | undefined): string {
  const sniffed = head === undefined ? undefined : sniff(head);
  if (sniffed !== undefined) return sniffed;
  if (url === undefined) return OCTET_STREAM;
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // not a URL: read the extension from the string itself (ContentPart refuses it as a url later)
  }
  return mimeForExtension(extensionOf(path)) ?? OCTET_STREAM;
}

/** A block's content, as the reader found it, before it becomes a part. */
export interface Inbound {
  /** The part's type when the block fixes it (an MCP `image` block with its mime type); else it follows the mime type. */
  readonly type?: PartType | undefined;
  /** The mime type as sent; `undefined` when none was sent: then {@link guessMime} gives it. */
  readonly mimeType?: string | undefined;
  /** Base64 in any spelling the sender used, or bytes (copied into base64 now). */
  readonly data?: string | Uint8Array | undefined;
  /** A url (a `data:` URL is read into data, as ContentPart reads it); used when there is no `data`. */
  readonly url?: string | undefined;
  /**
   * A uri the block names its data by (an MCP embedded resource's): never the part's url, only, when the sender
   * gave no mime type and the data's signature is unknown, the extension the mime type comes from (law 7).
   */
  readonly uri?: string | undefined;
  readonly name?: string | undefined;
}

/**
 * A part, or why the block cannot be one (a ContentPart error's problem, for a loss line). `droppedName` is
 * the name the block gave when it holds a control character: the part is built without it, and the reader
 * reports it ({@link InboundAccumulator}).
 */
export type Built =
  | { readonly part: ContentPart; readonly why?: undefined; readonly droppedName: string | undefined }
  | { readonly part?: undefined; readonly why: string; readonly droppedName?: undefined };

/**
 * Builds the part a block holds through ContentPart's own checks (`fromJSON`, which keeps canonical base64
 * as it is, and its url rule; `fromDataUrl` for a `data:` URL). Signatures are not checked: the wire is
 * faithful. A refusal is returned as its reason, for the reader to report as a loss (`loseBlock`).
 */
export function inboundPart(block: Inbound): Built {
  // Own keys only: a key the reader left out must not come from a polluted Object.prototype.
  const own = <K extends keyof Inbound>(k: K): Inbound[K] => (Object.hasOwn(block, k) ? block[k] : undefined);
  const type = own("type");
  let name = own("name");
  // A name holding a control character (one escapeControl would escape: C0, DEL, C1, U+2028, U+2029) is no
  // part's name (`invalid-name`); a reader keeps the part without it and reports it (law 6; docs/hosts/mcp.md, "Read a result: `fromMcp`").
  let droppedName: string | undefined;
  if (name !== undefined && escapeControl(name) !== name) {
    droppedName = name;
    name = undefined;
  }
  const given = own("data");
  const url = own("url");
  let mimeType = own("mimeType");
  let data: string | undefined;
  let head: Uint8Array | undefined;
  if (typeof given === "string") {
    data = given;
    if (mimeType === undefined) {
      // The leading bytes, for the signature, from the base64 in any spelling; the canonical text is kept.
      const canonical = toCanonicalBase64(data);
      if (canonical !== undefined) {
        data = canonical;
        head = decodePrefix(canonical, SNIFF_BYTES);
      }
    }
  } else if (given !== undefined) {
    data = encodeBase64(given);
    head = given.subarray(0, SNIFF_BYTES);
  }
  try {
    if (data === undefined && url !== undefined && /^data:/i.test(url)) {
      return { part: ContentPart.fromDataUrl(url, { ...(mimeType === undefined ? {} : { mimeType }), ...(name === undefined ? {} : { name }), verifyMime: false }), droppedName };
    }
    mimeType ??= guessMime(head, own("uri") ?? (data === undefined ? url : undefined));
    // The type follows the mime type as ContentPart will store it (`Image/PNG` is an image); one it refuses is refused there.
    const json: Record<string, unknown> = { type: type ?? familyOf(normalizeMime(mimeType) ?? mimeType), mimeType };
    if (data !== undefined) json.data = data;
    else json.url = url;
    if (name !== undefined) json.name = name;
    return { part: ContentPart.fromJSON(json), droppedName };
  } catch (e) {
    if (isToolnexusError(e)) return { why: lossReason(e) };
    throw e;
  }
}

/** How a host's reader is named in its loss lines, reasons and errors. Made once per reader, at load. */
export interface InboundHost {
  /** The host as a loss line names it: `"MCP"`, `"LangChain"`, `"A2A"`. */
  readonly name: string;
  /** The fix an `unsupported: "error"` refusal ends with: `"Fix the server's result"`. */
  readonly fix: string;
}

/** A block that cannot become a part, as a reader's table describes it (law 6). */
export interface LostBlock {
  readonly kind: "lost";
  /** What the block is, in the loss's reason and in a line that has no name or uri to show: `resource_link block`, `url part`. */
  readonly what: string;
  /** The block's type, as a line that names the block shows it: `resource_link`, `url part`, a sender's unknown type. */
  readonly label: string;
  /** What was wrong, in our words (a sender's string in it quoted by `quoted()`). */
  readonly why: string;
  /** The name the block carries, if any (`""` counts as none). */
  readonly name?: string | undefined;
  /** The uri the block carries, if any (`""` counts as none). */
  readonly uri?: string | undefined;
  /**
   * What a line that names the block by its `label` says when it has no name or uri to show: an unknown type's
   * line is `[unsupported LangChain hologram: an unknown content block type]` ({@link unknownType}).
   */
  readonly note?: string | undefined;
}

/** What a reader's table makes of one block: the accumulator takes it from there. */
export type BlockRead =
  | { readonly kind: "text"; readonly text: string }
  /** Text that follows the output, after `"\n"` (an MCP embedded resource's text). */
  | { readonly kind: "after"; readonly text: string }
  | { readonly kind: "part"; readonly part: ContentPart; readonly droppedName?: string | undefined }
  | LostBlock;

/** A lost block of `what` (`label` its type in a named line) because of `why`, named by `name` and `uri` when it carries them. */
export function lostBlock(what: string, why: string, label = what, name?: string, uri?: string): LostBlock {
  return { kind: "lost", what, label, why, name, uri };
}

/**
 * A block of a type the reader does not know (law 6): named by the sender's type on a line of its own,
 * `[unsupported A2A hologram: an unknown part type]` (the type shown by `shown()`: escaped, cut at 40, unquoted),
 * its reason `unknown <field> "hologram"` (quoted by `quoted()`). `what` is the block as the reader calls it
 * (`content block`, `part`), `field` the key that holds the type (`type`, `content`).
 */
export function unknownType(what: string, type: string, field = "type"): LostBlock {
  return { kind: "lost", what, label: type, why: `unknown ${field} ${quoted(type)}`, note: `an unknown ${what} type` };
}

/**
 * What a built part becomes in a reader's table: the part (and the name left off it), or a lost block of
 * `what` named by `name` and `uri`, the builder's refusal as its reason.
 */
export function builtBlock(built: Built, what: string, label = what, name?: string, uri?: string): BlockRead {
  return built.part !== undefined ? { kind: "part", part: built.part, droppedName: built.droppedName } : lostBlock(what, built.why, label, name, uri);
}

/** A `data:` url without its payload (`data:image/png;base64,...`); any other string as it is. */
function withoutPayload(uri: string): string {
  const comma = uri.indexOf(",");
  return comma !== -1 && /^data:/i.test(uri) ? `${uri.slice(0, comma + 1)}...` : uri;
}

/**
 * The line that stands for a lost block in the output (law 6): `[unsupported MCP resource_link: report.pdf
 * (file:///srv/reports/report.pdf)]` (the name or the uri alone when the block has one), else, when it carries
 * neither, by its type when the type is what is wrong (`[unsupported LangChain hologram: an unknown content block
 * type]`, {@link unknownType}), else by what was wrong: `[unsupported MCP content block (it has no type)]`. What the sender chose
 * is shown by `shown()`: escaped, cut at 40, unquoted (one line per loss); a `data:` uri without its payload.
 */
function lossLine(host: InboundHost, lost: LostBlock): string {
  const name = lost.name === undefined || lost.name === "" ? undefined : shown(lost.name);
  const uri = lost.uri === undefined || lost.uri === "" ? undefined : shown(withoutPayload(lost.uri));
  const named = name === undefined ? uri : uri === undefined ? name : `${name} (${uri})`;
  const label = isBlank(lost.label) ? undefined : shown(lost.label);
  if (named === undefined) {
    // A block named by its type alone (an unknown type): the type on the line, what it is after the colon.
    if (lost.note !== undefined && label !== undefined) return `[unsupported ${host.name} ${label}: ${lost.note}]`;
    return `[unsupported ${host.name} ${escapeControl(lost.what)} (${escapeControl(lost.why)})]`;
  }
  return `[unsupported ${host.name} ${label ?? escapeControl(lost.what)}: ${named}]`;
}

/** The reason of a name loss: the name quoted by `quoted()` and why it went. */
function nameLoss(name: string): string {
  return `its name ${quoted(name)} holds a control character; the part is kept without it`;
}

/**
 * The one inbound accumulator: a reader hands it each block as its table read it ({@link BlockRead}), in order,
 * and asks it for the output. It keeps the text pieces, the parts, the text that follows the output and the
 * loss lines; reports a name left off a part (path `<block>.name`, no placeholder: the part arrives) and every
 * lost block (at the block's path, by the policy: a line, an error or nothing); loses a part over `maxBytes`
 * by the usual placeholder.
 */
export class InboundAccumulator {
  /** The text pieces, in order. */
  readonly texts: string[] = [];
  /** The parts kept, in order (`parts` of the result: an empty list is stored as null). */
  readonly parts: ContentPart[] = [];
  /** Text that follows the output. */
  private readonly after: string[] = [];
  /** One line per loss, in order. */
  private readonly lossLines: string[] = [];

  constructor(
    private readonly ctx: LossPolicy,
    private readonly host: InboundHost,
  ) {}

  /** Takes the `index`th block, read as `read`, at `path` (`content[2]`, `artifacts[0].parts[1]`). */
  add(read: BlockRead, index: number, path: string): void {
    switch (read.kind) {
      case "text":
        this.texts.push(read.text);
        return;
      case "after":
        this.after.push(read.text);
        return;
      case "part":
        this.keep(read.part, read.droppedName, index, path);
        return;
      case "lost": {
        const line = loseBlock(this.ctx, path, `${this.host.name} ${read.what}`, read.why, lossLine(this.host, read), this.host.fix);
        if (line !== undefined) this.lossLines.push(line);
      }
    }
  }

  private keep(part: ContentPart, droppedName: string | undefined, index: number, path: string): void {
    if (droppedName !== undefined) reportLoss(this.ctx, `${path}.name`, nameLoss(droppedName), part, undefined);
    const over = overCap(this.ctx, part);
    if (over === undefined) {
      this.parts.push(part);
      return;
    }
    // A part read whole, over the cap: the usual placeholder, which names it by type, mime type and size.
    const line = losePart(this.ctx, index, part, over, path);
    if (line !== undefined) this.lossLines.push(line);
  }

  /** The text pieces joined by `separator` (`"\n"`), the blank ones left out when `skipBlank`. */
  joined(separator = "\n", skipBlank = false): string {
    return (skipBlank ? this.texts.filter((t) => !isBlank(t)) : this.texts).join(separator);
  }

  /**
   * The output, from `text` (the host's text: its pieces joined, or what stands for them): for an error whose
   * text is empty, `errorText` (`MCP tool returned an error`), which stands for the summary lines too; then the
   * text that follows the output, each after `"\n"`; with no text at all, one summary line per part (unless
   * `summary` is false); then one line per loss.
   */
  output(text: string, errorText?: string, summary = true): string {
    let out = errorText !== undefined && text === "" ? errorText : text;
    for (const t of this.after) out = out === "" ? t : `${out}\n${t}`;
    if (out === "" && summary && this.parts.length > 0) out = this.parts.map((p) => p.summary()).join("\n");
    return this.withLosses(out);
  }

  /** `text` followed by the loss lines, each on a line of its own. */
  withLosses(text: string): string {
    let out = text;
    for (const line of this.lossLines) out = out === "" ? line : `${out}\n${line}`;
    return out;
  }
}
