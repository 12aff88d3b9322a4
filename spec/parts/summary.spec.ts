// The pinned strings and numbers (fixtures/parts/summary.json): summary(), describe(), byteLength and
// estimatedTokens of a part, and a ToolResult's estimatedTokens adding its parts'.
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { MEDIA, mediaBytes } from "./support";

type From = { media: string } | { json: unknown } | { zeros: number };
interface Table {
  parts: { from: From; summary: string; describe: { type: string; mimeType?: string; bytes: number }; estimatedTokens: number }[];
  tokens: [number, number][];
  textTokens: { text?: string; repeat?: string; times?: number; tokens: number; bytes: number; why?: string }[];
  results: { why: string; output: string; parts: From[]; estimatedTokens: number }[];
}
const TABLE = loadJSON<Table>("parts/summary.json");

function make(from: From): ContentPart {
  if ("media" in from) {
    const m = MEDIA.find((x) => x.file === from.media)!;
    return ContentPart.fromBytes(mediaBytes(m));
  }
  if ("json" in from) return ContentPart.fromJSON(from.json);
  return ContentPart.fromBytes(new Uint8Array(from.zeros), { mimeType: "application/octet-stream" });
}

const label = (from: From) => ("media" in from ? from.media : "json" in from ? JSON.stringify(from.json) : `${from.zeros} zero bytes`);

describe.each(TABLE.parts)("a part from $from", (row) => {
  const part = make(row.from);

  it(`summary() is ${JSON.stringify(row.summary)}, and so are toString and ContentPart.summary`, () => {
    expect(part.summary()).toBe(row.summary);
    expect(String(part)).toBe(row.summary);
    expect(ContentPart.summary(part)).toBe(row.summary);
  });

  it("describe() is { type, mimeType, bytes }, a fresh plain object each time", () => {
    const d = part.describe();
    expect(d).toEqual({ type: row.describe.type, mimeType: row.describe.mimeType, bytes: row.describe.bytes });
    expect(Object.keys(d)).toEqual(["type", "mimeType", "bytes"]);
    expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
    expect(part.describe()).not.toBe(d);
    expect(part.byteLength).toBe(row.describe.bytes);
  });

  it(`estimatedTokens is ${row.estimatedTokens}`, () => {
    expect(part.estimatedTokens).toBe(row.estimatedTokens);
  });

  it("the derived values are prototype getters, never own properties", () => {
    expect(Object.keys(part)).toEqual(["type", "text", "mimeType", "data", "url", "name"]);
    for (const k of ["byteLength", "estimatedTokens", "dimensions"]) {
      expect(Object.prototype.hasOwnProperty.call(part, k)).toBe(false);
      expect(typeof Object.getOwnPropertyDescriptor(ContentPart.prototype, k)?.get).toBe("function");
    }
  });
});

describe("estimatedTokens of a data part is max(85, floor(bytes / 750))", () => {
  it.each(TABLE.tokens)("%i bytes: %i tokens", (bytes, tokens) => {
    const part = ContentPart.fromBytes(new Uint8Array(bytes), { mimeType: "application/octet-stream" });
    expect(part.byteLength).toBe(bytes);
    expect(part.estimatedTokens).toBe(tokens);
    expect(part.estimatedTokens).toBe(Math.max(85, Math.floor(bytes / 750)));
  });
});

describe("a text part: ceil(length / 4) tokens, UTF-8 byteLength", () => {
  const rows = TABLE.textTokens.map((r) => [r.text !== undefined ? JSON.stringify(r.text) : `${JSON.stringify(r.repeat)} x ${r.times}`, r] as const);
  it.each(rows)("%s: ceil(length / 4) tokens, UTF-8 bytes", (_title, row) => {
    const text = row.text ?? row.repeat!.repeat(row.times!);
    const part = ContentPart.text(text);
    expect(part.estimatedTokens).toBe(row.tokens);
    expect(part.estimatedTokens).toBe(Math.ceil(text.length / 4));
    expect(part.byteLength).toBe(row.bytes);
    expect(part.byteLength).toBe(new TextEncoder().encode(text).length);
    expect(part.bytes()).toEqual(new TextEncoder().encode(text));
    expect(part.summary()).toBe(text);
  });
});

describe("a ToolResult's estimatedTokens adds its parts'", () => {
  it.each(TABLE.results)("$why", (row) => {
    const parts = row.parts.map(make);
    const result = ToolResult.ok(row.output, { parts });
    expect(result.estimatedTokens).toBe(row.estimatedTokens);
    expect(result.estimatedTokens).toBe(Math.ceil(row.output.length / 4) + parts.reduce((n, p) => n + p.estimatedTokens, 0));
    expect(result.describe()).toEqual({
      output: row.output,
      isError: false,
      parts: parts.map((p) => p.describe()),
      metadataKeys: [],
    });
    for (const p of parts) if (p.type !== "text") expect(String(result)).toContain(p.summary());
  });
});

describe("summary labels", () => {
  it("the fixture PNG, read from its path, is image (image/png, 82 bytes)", async () => {
    const part = await ContentPart.image("fixtures/media/fixture.png");
    expect(part.summary()).toBe("image (image/png, 82 bytes)");
    expect(part.describe()).toEqual({ type: "image", mimeType: "image/png", bytes: 82 });
  });

  it.each(TABLE.parts.map((r) => [label(r.from), r] as const))("%s: a truncated result names the part left out by its summary", (_l, row) => {
    const part = make(row.from);
    const cut = ToolResult.ok("out", { parts: [part] }).truncate({ maxPartBytes: 0 });
    if (part.byteLength === 0) {
      expect(part.data).toBeUndefined(); // only a url part takes no bytes of the budget
      expect(cut.parts).toEqual([part]);
      expect(cut.output).toBe("out");
    } else {
      // A text part is named by its length (its summary is the text itself); a media part by its summary.
      const name = part.type === "text" ? `text part (${part.text!.length} characters)` : row.summary.replace(/^(\w+) /, "$1 part ");
      expect(cut.output).toBe(`out\n[omitted ${name}]`);
      expect(cut.parts).toBeNull();
    }
  });
});
