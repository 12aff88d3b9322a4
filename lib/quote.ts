// The one quoting rule of the library: how a string chosen by a sender or a caller (a name, an id, a uri, a
// block type, a key, a source that was not recognised) is shown in a message or a line of ours. The rule is in
// docs/trust.md, "Quoting a sender's string": control characters, DEL, U+2028 and U+2029 escaped, at most 40
// UTF-16 units shown, then how many more there were. Imports nothing.

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * `s` with its control characters escaped (`\n`, `\r`, `\t`, else `\u001b`), DEL, C1 controls and the line
 * and paragraph separators included: text chosen by a sender shown inside one line of ours can never start a
 * line of its own. Nothing is cut: {@link quoted} and {@link shown} cut as well.
 */
export function escapeControl(s: string): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(s)) return s;
  return s.replace(CONTROL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** How many UTF-16 units of a sender's string are shown at most. */
const QUOTE_CHARS = 40;

/** Where `s` is cut: at {@link QUOTE_CHARS}, one unit earlier when that would split a surrogate pair. */
function cutAt(s: string): number {
  const last = s.charCodeAt(QUOTE_CHARS - 1);
  return last >= 0xd800 && last <= 0xdbff ? QUOTE_CHARS - 1 : QUOTE_CHARS;
}

/** `1234` as `1,234`. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/**
 * The one quoting of a sender's string, in its two forms: `"message"` JSON-quotes it (an error's message, a
 * loss's `reason`: `"first 40..." (and 1,234 more characters)`), `"line"` shows it unquoted (a loss line of an
 * output, which a model reads: `first 40... (and 1,234 more characters)`). Both escape control characters,
 * DEL, U+2028 and U+2029, and cut at 40 UTF-16 units, never inside a surrogate pair.
 */
function quoteAs(form: "message" | "line", s: string): string {
  const long = s.length > QUOTE_CHARS;
  const cut = long ? cutAt(s) : s.length;
  const head = long ? `${s.slice(0, cut)}...` : s;
  const text = form === "message" ? escapeControl(JSON.stringify(head)) : escapeControl(head);
  return long ? `${text} (and ${grouped(s.length - cut)} more characters)` : text;
}

/**
 * A sender's or caller's string as a message shows it: JSON-quoted, escaped, cut at 40 units
 * (`quoted("image/png")` is `"image/png"` with the quotes). See {@link quoteAs}.
 *
 * @example
 * ```ts
 * quoted("x".repeat(1040)); // "\"xxxx...\" (and 1,000 more characters)" with 40 x's quoted
 * ```
 */
export function quoted(s: string): string {
  return quoteAs("message", s);
}

/** A sender's string as a line of an output shows it: unquoted, escaped, cut at 40 units. See {@link quoteAs}. */
export function shown(s: string): string {
  return quoteAs("line", s);
}

/**
 * A value a sender put where a string belongs, as a message shows it: a string by {@link quoted}, anything
 * else by its type alone (`a number`, `an object`), so a payload never reaches a message.
 */
export function quotedValue(v: unknown): string {
  if (typeof v === "string") return quoted(v);
  if (v === null) return "null";
  let array = false;
  try {
    array = Array.isArray(v);
  } catch {
    // a revoked Proxy: named as the object it is
  }
  if (array) return "an array";
  const t = typeof v;
  return t === "object" || t === "undefined" ? (t === "object" ? "an object" : "undefined") : `a ${t}`;
}
