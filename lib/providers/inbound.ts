// What the readers of other SDKs' blocks (`fromMcp`, `fromLangChain`, `fromA2a`) share: the one guess of a
// part's mime type when the sender gave none, and the one builder of a part from a block's data or url.
// Internal to `toolnexus/providers`: nothing here is exported from the entry point.
import { decodePrefix, encodeBase64, toCanonicalBase64 } from "../base64";
import { ContentPart } from "../content-part";
import type { PartType } from "../part-build";
import { ToolnexusError } from "../errors";
import { extensionOf, familyOf, mimeForExtension, normalizeMime, sniff, SNIFF_BYTES } from "../media";
import { lossReason } from "./loss";

/** The mime type of bytes nothing identifies. */
export const OCTET_STREAM = "application/octet-stream";

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

/** A part, or why the block cannot be one (a ContentPart error's problem, for a loss line). */
export type Built = { readonly part: ContentPart; readonly why?: undefined } | { readonly part?: undefined; readonly why: string };

/**
 * Builds the part a block holds through ContentPart's own checks (`fromJSON`, which keeps canonical base64
 * as it is, and its url rule; `fromDataUrl` for a `data:` URL). Signatures are not checked: the wire is
 * faithful. A refusal is returned as its reason, for the reader to report as a loss (`loseBlock`).
 */
export function inboundPart(block: Inbound): Built {
  // Own keys only: a key the reader left out must not come from a polluted Object.prototype.
  const own = <K extends keyof Inbound>(k: K): Inbound[K] => (Object.hasOwn(block, k) ? block[k] : undefined);
  const type = own("type");
  const name = own("name");
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
      return { part: ContentPart.fromDataUrl(url, { ...(mimeType === undefined ? {} : { mimeType }), ...(name === undefined ? {} : { name }), verifyMime: false }) };
    }
    mimeType ??= guessMime(head, data === undefined ? url : undefined);
    // The type follows the mime type as ContentPart will store it (`Image/PNG` is an image); one it refuses is refused there.
    const json: Record<string, unknown> = { type: type ?? familyOf(normalizeMime(mimeType) ?? mimeType), mimeType };
    if (data !== undefined) json.data = data;
    else json.url = url;
    if (name !== undefined) json.name = name;
    return { part: ContentPart.fromJSON(json) };
  } catch (e) {
    if (e instanceof ToolnexusError) return { why: lossReason(e) };
    throw e;
  }
}

/** A sender's text (a name, a uri) cut to a length fit for one line of ours, `...` marking the cut. */
export function clipLine(s: string, max = 200): string {
  return s.length > max ? `${s.slice(0, max)}...` : s;
}
