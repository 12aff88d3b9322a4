// What the readers of other SDKs' blocks (`fromMcp`, `fromLangChain`, `fromA2a`) share: the one guess of a
// part's mime type when the sender gave none, the one builder of a part from a block's data or url, and what
// each reader does with the part it built. Internal to `toolnexus/providers`: nothing here is exported from
// the entry point.
import { decodePrefix, encodeBase64, toCanonicalBase64 } from "../base64";
import { escapeControl } from "../boundary";
import { ContentPart } from "../content-part";
import type { PartType } from "../part-build";
import { ToolnexusError } from "../errors";
import { extensionOf, familyOf, mimeForExtension, normalizeMime, sniff, SNIFF_BYTES } from "../media";
import { losePart, lossReason, overCap, reportLoss, type LossPolicy } from "./loss";

/** The mime type of bytes nothing identifies. */
const OCTET_STREAM = "application/octet-stream";

/**
 * The mime type of a part whose sender gave none: the signature of its leading bytes (`head`) when the media
 * table knows it, else the extension of the url's path (of the string itself when it is no URL), else
 * `application/octet-stream`. Either may be left out. The wire is faithful: a mime type the sender gave is
 * kept as sent and never guessed over.
 */
export function guessMime(head: Uint8Array | undefined, url: string | undefined): string {
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
  readonly name?: string | undefined;
}

/**
 * A part, or why the block cannot be one (a ContentPart error's problem, for a loss line). `droppedName` is
 * the name the block gave when it holds a control character: the part is built without it, and the reader
 * reports it ({@link keepPart}).
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
  // part's name (`invalid-name`); a reader keeps the part without it and reports it (README, "MCP inbound: `fromMcp`").
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
    mimeType ??= guessMime(head, data === undefined ? url : undefined);
    // The type follows the mime type as ContentPart will store it (`Image/PNG` is an image); one it refuses is refused there.
    const json: Record<string, unknown> = { type: type ?? familyOf(normalizeMime(mimeType) ?? mimeType), mimeType };
    if (data !== undefined) json.data = data;
    else json.url = url;
    if (name !== undefined) json.name = name;
    return { part: ContentPart.fromJSON(json), droppedName };
  } catch (e) {
    if (e instanceof ToolnexusError) return { why: lossReason(e) };
    throw e;
  }
}

/** A sender's text (a name, a uri) cut to a length fit for one line of ours, `...` marking the cut. */
export function clipLine(s: string, max = 200): string {
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

/** Characters of a sender's name quoted in a loss's reason; a count of the rest follows. */
const NAME_SHOWN = 40;

/** The reason of a name loss: the name quoted (its first {@link NAME_SHOWN} characters, escaped) and why it went. */
function nameLoss(name: string): string {
  const cut = name.length > NAME_SHOWN;
  const shown = escapeControl(JSON.stringify(cut ? name.slice(0, NAME_SHOWN) : name));
  return `its name ${shown}${cut ? ` (and ${name.length - NAME_SHOWN} more characters)` : ""} holds a control character; the part is kept without it`;
}

/**
 * What every reader does with a part it built from its `index`th block, at `path`: reports a name the
 * builder left off (path `<path>.name`, no placeholder: the part itself arrives, so the `unsupported` policy,
 * which applies to whole parts, does not), then keeps the part in `parts`, or, over `maxBytes`, loses it by
 * the policy, its placeholder line going to `lossLines`.
 */
export function keepPart(ctx: LossPolicy, index: number, path: string, built: { readonly part: ContentPart; readonly droppedName?: string | undefined }, parts: ContentPart[], lossLines: string[]): void {
  const part = built.part;
  if (built.droppedName !== undefined) reportLoss(ctx, `${path}.name`, nameLoss(built.droppedName), part, undefined);
  const over = overCap(ctx, part);
  if (over === undefined) {
    parts.push(part);
    return;
  }
  // A part read whole, over the cap: the usual placeholder, which names it by type, mime type and size.
  const line = losePart(ctx, index, part, over, path);
  if (line !== undefined) lossLines.push(line);
}
