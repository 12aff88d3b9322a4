// No leaks: a part's data never appears in toString, util.inspect (of a part, of a ToolResult holding it, of
// anything holding that), describe, JSON of describe, or any error message, whatever went wrong.
import { format, inspect } from "node:util";
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { caught, toBase64 } from "./support";

interface LeakTable {
  marker: string;
  errors: { name: string; call: string; source: string; options?: Record<string, unknown>; code: string }[];
}
const TABLE = loadJSON<LeakTable>("parts/leaks.json");

// A valid PNG signature followed by the marker text, many times: its base64 is long and easy to spot.
const markerBytes = (() => {
  const text = new TextEncoder().encode(TABLE.marker.repeat(20));
  const out = new Uint8Array(8 + text.length);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  out.set(text, 8);
  return out;
})();
const B64 = toBase64(markerBytes);
// The spellings the sources below use: the base64, and the base64 made fit for a URL scheme or path.
const SPELLINGS = [B64, B64.replace(/[+/=]/g, "A"), B64.replace(/[+/=0-9]/g, "A")];

/** How many characters of a caller's string an error message may quote (docs/errors.md, "The error classes"). */
const QUOTE_CHARS = 40;
/** A caller's string quoted in part: `"its first 40 characters..." (and 1,234 more characters)`. */
const CUT_QUOTE = /"((?:[^"\\]|\\.)*)\.\.\." \(and ([\d,]+) more characters\)/g;

/**
 * An error's text with each caller's string it quotes in part (docs/errors.md, "The error classes": its first 40 characters and
 * how many more there were) replaced by `<quoted>`, after checking that no more than 40 characters were shown.
 */
function withoutCutQuotes(s: string): string {
  return s.replace(CUT_QUOTE, (_m, body: string) => {
    const shown = JSON.parse(`"${body}"`) as string;
    if (shown.length > QUOTE_CHARS) throw new Error(`a message quotes ${shown.length} characters of a caller's string (at most ${QUOTE_CHARS}): ${s.slice(0, 300)}`);
    return "<quoted>";
  });
}

/** The telltales of the payload: the base64 (any 16-character slice of it) and the marker text itself. */
function expectClean(label: string, s: string): void {
  // Case-insensitive: a payload echoed lowercased (as a URL scheme is) is still a leak.
  const hay = s.toLowerCase();
  const hits: string[] = [];
  if (hay.includes(TABLE.marker.toLowerCase())) hits.push("the marker text");
  for (const spelling of SPELLINGS) {
    for (let i = 0; i + 16 <= spelling.length; i += 8) {
      if (hay.includes(spelling.slice(i, i + 16).toLowerCase())) {
        hits.push(`base64 at ${i}`);
        break;
      }
    }
  }
  if (hits.length > 0) throw new Error(`${label} leaks the payload (${hits.join(", ")}):\n${s.slice(0, 300)}`);
}

const part = ContentPart.fromBytes(markerBytes, { mimeType: "image/png", name: "shot.png" });
const result = ToolResult.ok("see the screenshot", { parts: [ContentPart.text("caption"), part], metadata: { tool: "screenshot" } });

describe("the marker payload", () => {
  it("is really in the part (so the checks below can fail)", () => {
    expect(part.data).toBe(B64);
    expect(() => expectClean("the data itself", part.data!)).toThrow(/leaks the payload/);
    expect(() => expectClean("JSON", JSON.stringify(part))).toThrow(/leaks the payload/);
  });
});

describe("a part", () => {
  const surfaces: [string, () => string][] = [
    ["String(part)", () => String(part)],
    ["part.toString()", () => part.toString()],
    ["a template literal", () => `${part}`],
    ["part.summary()", () => part.summary()],
    ["ContentPart.summary(part)", () => ContentPart.summary(part)],
    ["util.inspect(part)", () => inspect(part)],
    ["util.inspect(part) at full depth, hidden fields shown", () => inspect(part, { depth: Infinity, showHidden: true })],
    ["util.inspect of an object holding the part", () => inspect({ a: [{ part }] }, { depth: Infinity })],
    ["util.format %o", () => format("%o", part)],
    ["util.format %O", () => format("%O", part)],
    ["util.format %s", () => format("%s", part)],
    ["part.describe()", () => inspect(part.describe())],
    ["JSON of part.describe()", () => JSON.stringify(part.describe())],
    ["withName copy", () => inspect(part.withName("other.png"))],
  ];
  it.each(surfaces)("%s", (label, surface) => expectClean(label, surface()));

  it("describe() is exactly { type, mimeType, bytes }", () => {
    expect(part.describe()).toEqual({ type: "image", mimeType: "image/png", bytes: markerBytes.length });
    expect(Object.keys(part.describe())).toEqual(["type", "mimeType", "bytes"]);
  });
});

describe("a ToolResult holding the part", () => {
  const surfaces: [string, () => string][] = [
    ["String(result)", () => String(result)],
    ["util.inspect(result)", () => inspect(result)],
    ["util.inspect(result) at full depth, hidden fields shown", () => inspect(result, { depth: Infinity, showHidden: true })],
    ["util.inspect(result) at depth 0", () => inspect(result, { depth: 0 })],
    ["util.inspect of arrays holding the result", () => inspect([[[result]]], { depth: Infinity })],
    ["util.format %o", () => format("%o", result)],
    ["result.describe()", () => inspect(result.describe(), { depth: Infinity })],
    ["JSON of result.describe()", () => JSON.stringify(result.describe())],
    ["a truncated copy's output", () => result.truncate({ maxPartBytes: 0 }).output],
    ["util.inspect of a copy", () => inspect(result.withOutput("again").addParts(part), { depth: Infinity })],
  ];
  it.each(surfaces)("%s", (label, surface) => expectClean(label, surface()));
});

describe("an error about a part that holds the payload", () => {
  const sources: Record<string, () => unknown> = {
    bytes: () => markerBytes,
    base64: () => B64,
    "base64-broken": () => `${B64.slice(0, 40)}!${B64.slice(40)}`,
    "data-url": () => `data:image/png;base64,${B64}`,
    "data-url-broken": () => `data:image/png;base64,${B64}*`,
    "data-url-no-comma": () => `data:${B64}`,
    "data-url-payload-as-type": () => `data:${B64.replace(/[+/=]/g, "A")},x`,
    "base64-as-path": () => B64,
    "base64-with-colon": () => `${B64.replace(/[+/=]/g, "A")}:x`,
    "json-swapped": () => ({ type: "image", mimeType: B64, data: "image/png" }),
    "json-type": () => ({ type: B64, mimeType: "image/png", data: B64 }),
    "json-broken": () => ({ type: "image", mimeType: "image/png", data: `${B64}!` }),
    "json-both": () => ({ type: "image", mimeType: "image/png", data: B64, url: "https://example.test/a.png" }),
    "json-jpeg": () => ({ type: "image", mimeType: "image/png", url: `data:image/jpeg;base64,${B64}` }),
    "json-url-payload": () => ({ type: "image", mimeType: "image/png", url: `https://example.test/${B64.replace(/[+/=]/g, "A")} .png` }),
    "json-scheme-payload": () => ({ type: "image", mimeType: "image/png", url: `${B64.replace(/[+/=0-9]/g, "A")}://example.test/a.png` }),
    "url-payload": () => `https://example.test/${B64.replace(/[+/=]/g, "A")}`,
    "data-url-leading-space": () => ` data:image/png;base64,${B64}`,
    "data-url-bom": () => `\uFEFFdata:image/png;base64,${B64}`,
    "data-url-json-quoted": () => JSON.stringify(`data:image/png;base64,${B64}`),
    "part-json-text": () => JSON.stringify({ type: "image", mimeType: "image/png", data: B64 }),
    "mime-payload": () => ({ type: "image", mimeType: `image/${B64.replace(/[+/=]/g, "A")}\u00a0`, data: B64 }),
    "name-payload": () => ({ type: "file", mimeType: "application/pdf", data: B64, name: `${B64}\n` }),
  };

  it.each(TABLE.errors)("$code: $name", async (c) => {
    const source = sources[c.source];
    if (!source) throw new Error(`leaks.json: no source ${c.source}`);
    const e = await caught(() => {
      switch (c.call) {
        case "fromJSON":
          return ContentPart.fromJSON(source());
        case "ToolResult":
          return new ToolResult({ parts: [ContentPart.text("a"), ContentPart.text("b"), source() as never] });
        case "ToolResult.fromJSON":
          return ToolResult.fromJSON({ output: "", parts: [{ type: "text", text: "a" }, { type: "text", text: "b" }, source()] });
        default:
          return (ContentPart as unknown as Record<string, (s: unknown, o?: unknown) => unknown>)[c.call]!.call(ContentPart, source(), c.options);
      }
    });
    expect(e.code).toBe(c.code);
    // A message may quote the first 40 characters of the caller's string, and no more (docs/errors.md, "The error classes").
    expectClean("the message", withoutCutQuotes(e.message));
    expectClean("String(error)", withoutCutQuotes(String(e)));
    expectClean("the stack", withoutCutQuotes(String(e.stack)));
    expectClean("util.inspect(error), cause included", withoutCutQuotes(inspect(e, { depth: Infinity })));
  });
});
