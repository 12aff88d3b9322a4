// The one url rule of the library: which characters a url may hold, and what an http(s) url a part keeps
// must look like. A part's url (the factories, `fromJSON`, `fromMcp`'s resource links) and an MCP
// elicitation's link are checked here; each caller words the error with its own class and code, from the
// problem and fix given here. See docs/content-parts.md, "Sources" and docs/hosts/mcp.md, "Pause and resume: elicitation".
import { quoted } from "./quote";

/** What was wrong with a url, and how to fix it, for the caller's error. */
type UrlProblem = readonly [problem: string, fix: string];

/**
 * The characters no url may hold, written as it is sent: C0 controls and the space (U+0000-U+0020), DEL
 * (U+007F), C1 controls (U+0080-U+009F), and the line and paragraph separators U+2028 and U+2029.
 *
 * Why these: the URL parser strips C0 controls and spaces from the ends and tab and newlines from inside, and
 * percent-encodes the rest, so the url checked would not be the url kept; and each of them would be escaped
 * by `escapeControl` (boundary.ts) where a url is shown in a line of ours, so a url that passes shows as it
 * is. U+2028 and U+2029 end a line in JavaScript source and in many log viewers. Other non-ASCII characters,
 * Unicode spaces among them, stay allowed: the parser percent-encodes them without loss, as it does any
 * character of an internationalised url.
 */
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/** The problem of a url holding one of the characters of {@link holdsUnsafeChar}. */
const UNSAFE_URL: UrlProblem = ["The url holds whitespace or a control character", "Percent-encode it (a space is %20) and trim the url."];

/** True when `url` holds whitespace or a control character that no url may hold (see {@link UNSAFE}). */
function holdsUnsafeChar(url: string): boolean {
  return UNSAFE.test(url);
}

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const HTTP_PREFIX = /^https?:\/\//i;
const PASS_HTTP = "Pass an absolute http(s) URL.";

/** True when `s` starts with a Windows drive (`C:\`, `c:/`): a file path, not a URL of the scheme `c:`. */
export function isWindowsPath(s: string): boolean {
  return WINDOWS_DRIVE.test(s);
}

/**
 * Why `url` is not a url a part may keep, or `undefined` when it is one: an absolute http(s) URL kept
 * exactly as given. It starts with `http://` or `https://` (any case), holds none of the characters of
 * {@link holdsUnsafeChar}, and parses as a URL: `https:/x.png`, `javascript:`, `file:`, and a Windows path
 * are refused. A `data:` URL is not such a url (the factories read it into data before this check).
 *
 * @example
 * ```ts
 * httpUrlProblem("https://example.com/a.png"); // undefined
 * httpUrlProblem("https:/example.com/a.png")![0]; // "The url does not start with http:// or https://"
 * ```
 */
export function httpUrlProblem(url: string): UrlProblem | undefined {
  if (isWindowsPath(url)) return ["The url is a Windows file path", "Read the file with ContentPart.from(path)."];
  if (holdsUnsafeChar(url)) return UNSAFE_URL;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return ["The url is not an absolute URL", PASS_HTTP];
  }
  if (protocol !== "http:" && protocol !== "https:") {
    return [`A ${quoted(protocol)} URL is not accepted`, "Only http(s) URLs are kept; read a local file by its path."];
  }
  // The parser accepts `https:/x.png` and `https:x.png` (it adds the slashes), but no other reader does.
  if (!HTTP_PREFIX.test(url)) return ["The url does not start with http:// or https://", "Write the scheme with two slashes, as in https://example.com/a.png."];
  return undefined;
}

/** True when `url` is a string that {@link httpUrlProblem} finds nothing wrong with. */
export function isHttpUrl(url: unknown): boolean {
  return typeof url === "string" && httpUrlProblem(url) === undefined;
}
