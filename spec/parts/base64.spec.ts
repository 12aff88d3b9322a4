// Base64 in every decodable spelling is stored canonical (fixtures/parts/base64.json), byteLength is right for
// every canonical length without decoding, and large payloads (the sliced validation path) are checked whole.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { ContentPart, ContentPartError } from "toolnexus";
import { RUNS, timeout } from "../properties/settings";
import { loadJSON } from "../support/fixtures";
import { caught, toBase64, unpad, urlSafe, wrap } from "./support";

interface Table {
  spellings: { why: string; input: string; canonical: string }[];
  invalid: { why: string; input: string; dataUrlCode?: string }[];
  lengths: { from: number; to: number };
}
const TABLE = loadJSON<Table>("parts/base64.json");
const OPTS = { mimeType: "application/octet-stream" };

/** The four ways a caller hands base64 to the synchronous API. */
const DOORS: [string, (b64: string) => ContentPart][] = [
  ["fromBase64", (b64) => ContentPart.fromBase64(b64, OPTS)],
  ["fromDataUrl", (b64) => ContentPart.fromDataUrl(`data:application/octet-stream;base64,${b64}`)],
  ["fromJSON data", (b64) => ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: b64 })],
  ["fromJSON data: url", (b64) => ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", url: `data:application/octet-stream;base64,${b64}` })],
];

/** Decodes canonical base64 here, independently of the library. */
function decode(b64: string): Uint8Array {
  const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const clean = b64.replace(/=+$/, "");
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of clean) {
    acc = (acc << 6) | A.indexOf(c);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

const bytesOf = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 17 + (i >> 3)) & 0xff);

describe.each(DOORS)("%s", (_door, make) => {
  it.each(TABLE.spellings)("$why: $input", ({ input, canonical }) => {
    const part = make(input);
    expect(part.data).toBe(canonical);
    expect(part.bytes()).toEqual(decode(canonical));
    expect(part.byteLength).toBe(decode(canonical).length);
  });

  it.each(TABLE.invalid)("refuses $why", async ({ input, dataUrlCode }) => {
    const e = await caught(() => make(input));
    expect(e).toBeInstanceOf(ContentPartError);
    const viaDataUrl = _door === "fromDataUrl" || _door === "fromJSON data: url";
    expect(e.code).toBe(viaDataUrl && dataUrlCode ? dataUrlCode : "invalid-base64");
  });
});

describe("every single byte, in every spelling", () => {
  it("unpadded, URL-safe and wrapped all give the canonical base64", () => {
    for (let b = 0; b < 256; b++) {
      const canonical = toBase64(Uint8Array.of(b, 255 - b));
      for (const spelling of [canonical, unpad(canonical), urlSafe(canonical), urlSafe(unpad(canonical)), `${canonical.slice(0, 2)}\n${canonical.slice(2)}`]) {
        expect(ContentPart.fromBase64(spelling, OPTS).data).toBe(canonical);
      }
    }
  });
});

describe("byteLength is computed from the base64 length alone", () => {
  const sizes = Array.from({ length: TABLE.lengths.to - TABLE.lengths.from + 1 }, (_, i) => TABLE.lengths.from + i);

  it(`is right for every size from ${TABLE.lengths.from} to ${TABLE.lengths.to} bytes`, () => {
    for (const n of sizes) {
      const bytes = bytesOf(n, n);
      const viaBytes = ContentPart.fromBytes(bytes, OPTS);
      const viaBase64 = ContentPart.fromBase64(unpad(toBase64(bytes)), OPTS);
      expect([n, viaBytes.byteLength, viaBase64.byteLength]).toEqual([n, n, n]);
      expect(viaBytes.data).toBe(toBase64(bytes));
      expect(viaBase64.equals(viaBytes)).toBe(true);
    }
  });

  it("without decoding: it stays right with Buffer, atob and every decoder out of reach", () => {
    const parts = sizes.map((n) => ContentPart.fromBytes(bytesOf(n), OPTS));
    const g = globalThis as { Buffer?: unknown; atob?: unknown };
    const saved = { Buffer: g.Buffer, atob: g.atob };
    let called = 0;
    try {
      delete g.Buffer;
      g.atob = () => {
        called++;
        throw new Error("atob called");
      };
      const lengths = parts.map((p) => p.byteLength);
      const tokens = parts.map((p) => p.estimatedTokens);
      const summaries = parts.map((p) => p.summary());
      expect(lengths).toEqual(sizes);
      expect(tokens).toEqual(sizes.map((n) => Math.max(85, Math.floor(n / 750))));
      expect(summaries[81]).toBe("file (application/octet-stream, 82 bytes)");
    } finally {
      g.Buffer = saved.Buffer;
      g.atob = saved.atob;
    }
    expect(called).toBe(0);
  });
});

describe("large payloads: checked whole, across every validation slice", () => {
  // 200 000 bytes: 266 668 base64 characters, more than one slice (2^18 characters) of the validation pass.
  const big = bytesOf(200_000, 7);
  const b64 = toBase64(big);

  it("canonical base64 is kept as given", () => {
    const part = ContentPart.fromBase64(b64, OPTS);
    expect(part.data).toBe(b64);
    expect(part.byteLength).toBe(200_000);
  });

  it.each([
    ["unpadded", unpad(b64)],
    ["URL-safe", urlSafe(b64)],
    ["MIME-wrapped at 76 columns", wrap(b64, 76)],
    ["wrapped at 64 columns with LF", b64.replace(/(.{64})/g, "$1\n")],
  ])("%s is stored canonical", (_label, spelling) => {
    expect(ContentPart.fromBase64(spelling, OPTS).data).toBe(b64);
  });

  const corrupt = (at: number, c: string) => b64.slice(0, at) + c + b64.slice(at + 1);
  it.each([
    ["a bad character in the first slice", corrupt(100, "!")],
    ["a bad character deep in a later slice", corrupt(70_001, "*")],
    ["a bad character in the last group", corrupt(b64.length - 3, "#")],
    ["a pad at the end of the first slice", corrupt(65_535, "=")],
    ["a pad in the middle", corrupt(131_000, "=")],
    ["a NUL", corrupt(5, "\u0000")],
    ["a character above U+00FF whose low byte is a letter (U+0141)", corrupt(66_000, "\u0141")],
    ["a character above U+00FF whose low byte is a digit (U+0130)", corrupt(99_999, "\u0130")],
    ["a Latin-1 letter", corrupt(200_000, "\u00e9")],
    ["a vertical tab", corrupt(150_000, "\u000b")],
    ["one character too many", `${b64}A`],
  ])("%s is invalid-base64", async (_label, input) => {
    const e = await caught(() => ContentPart.fromBase64(input, OPTS));
    expect(e.code).toBe("invalid-base64");
  });

  it("a URL-safe character among standard ones is read as the same alphabet", () => {
    const mixed = corrupt(b64.indexOf("+") >= 0 ? b64.indexOf("+") : 0, b64.indexOf("+") >= 0 ? "-" : b64[0]!);
    expect(ContentPart.fromBase64(mixed, OPTS).data).toBe(b64);
  });
});

describe("any bytes, any spelling (property)", () => {
  it("unpadded, URL-safe and wrapped spellings all store the canonical base64", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), fc.integer({ min: 1, max: 90 }), fc.boolean(), fc.boolean(), (bytes, width, pad, safe) => {
        const canonical = toBase64(bytes);
        let spelling = pad ? canonical : unpad(canonical);
        if (safe) spelling = urlSafe(spelling);
        spelling = wrap(spelling, width);
        const part = ContentPart.fromBase64(spelling, OPTS);
        expect(part.data).toBe(canonical);
        expect(part.byteLength).toBe(bytes.length);
      }),
      { numRuns: RUNS },
    );
  }, timeout());
});
