// What projections write for a part and around it: a part's data: URL and a file name for it, a URL's last
// path segment, and the two text tests and joins every projection's output needs. Internal to
// `toolnexus/providers`.
import type { ContentPart } from "../content-part";
import { EXTENSIONS } from "../media";

/** `data:image/png;base64,...` without decoding or copying the base64 beyond one concatenation. */
export function dataUrl(part: ContentPart): string {
  return `data:${part.mimeType};base64,${part.data}`;
}

const EXTENSION_FOR: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  for (const [ext, mime] of Object.entries(EXTENSIONS)) if (!(mime in out)) out[mime] = ext;
  return out;
})();

/** A file name for a part that has none: `part-<index>`, plus the media table's extension for its type. */
export function fallbackName(part: ContentPart, index: number): string {
  const ext = Object.prototype.hasOwnProperty.call(EXTENSION_FOR, part.mimeType!) ? EXTENSION_FOR[part.mimeType!] : undefined;
  return ext === undefined ? `part-${index}` : `part-${index}.${ext}`;
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
