// What projections write for a part and around it: a part's fields as its type has them, a part's data: URL, a
// URL's last path segment, and the text test and join every projection's output needs. Internal to
// `toolnexus/providers`. The one parts loop is the projection kit's `writeParts` (projection.ts).
import type { ContentPart } from "../content-part";

/** A text part's fields, as ContentPart's invariant has them: its text, nothing else. */
type TextFields = { readonly type: "text"; readonly text: string; readonly mimeType: undefined; readonly data: undefined; readonly url: undefined; readonly name: undefined };

/** A media part with data: its mime type and canonical base64. */
export type DataFields = { readonly type: "image" | "audio" | "file"; readonly text: undefined; readonly mimeType: string; readonly data: string; readonly url: undefined; readonly name: string | undefined };

/** A media part given by URL: its mime type and absolute http(s) URL. */
export type UrlFields = { readonly type: "image" | "audio" | "file"; readonly text: undefined; readonly mimeType: string; readonly data: undefined; readonly url: string; readonly name: string | undefined };

/** A part's fields, typed by what its `type` and `data` say it holds. */
type PartFields = TextFields | DataFields | UrlFields;

/**
 * A part whose fields are typed by ContentPart's invariant ("A text part has `text` only; any other part has a
 * `mimeType` and exactly one of `data` or `url`", content-part.ts): narrowing on `type` and `data` gives each
 * field its type.
 */
export type TypedPart = ContentPart & PartFields;

/**
 * The part as a {@link TypedPart}: the same object, no copy, no check. Every part a projection meets holds
 * ContentPart's invariant: its result is genuine or was read through `ToolResult.fromJSON` (`asResult`).
 */
export const asTypedPart = (part: ContentPart): TypedPart => part as TypedPart;

/** `data:image/png;base64,...` without decoding or copying the base64 beyond one concatenation. */
export function dataUrl(part: DataFields): string {
  return `data:${part.mimeType};base64,${part.data}`;
}

/** The last segment of a URL's path (`report.pdf`), or the whole URL when the path has none. */
export function urlBaseName(url: string): string {
  try {
    const path = new URL(url).pathname;
    const base = path.slice(path.lastIndexOf("/") + 1);
    if (base !== "") {
      try {
        return decodeURIComponent(base);
      } catch {
        return base;
      }
    }
  } catch {
    // fall through: the part's url was checked when the part was made, so this is not reached in practice
  }
  return url;
}

/** True when a string holds nothing but white space (`""` included); allocates nothing. */
export function isBlank(s: string): boolean {
  // The common case first, small enough to inline: text that starts with a visible ASCII character.
  const c = s.charCodeAt(0);
  return c > 32 && c < 127 ? false : blankSlow(s);
}

function blankSlow(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // The characters String.prototype.trim removes: ASCII and Unicode white space, line ends, the BOM.
    const space =
      c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
    if (!space) return false;
  }
  return true;
}

/** Joins text pieces with `"\n"`, skipping empty ones. */
export function joinLines(pieces: readonly string[]): string {
  let out = "";
  for (const p of pieces) {
    if (p === "") continue;
    out = out === "" ? p : `${out}\n${p}`;
  }
  return out;
}
