// The fast base64 check is sound: against a strict reference decoder written here, every spelling the
// library accepts decodes to the same bytes, and every string the reference refuses is refused. The inputs
// are long enough (256 characters and more) to take the fast path: a test for characters at or above
// U+0100, indexOf for "-" and "_", and a counted native decode (lib/base64.ts). Every class of corruption is
// tried: padding, whitespace, the URL-safe alphabet, Latin-1, astral characters and lone surrogates, ASCII
// junk, truncation and non-zero trailing bits. Run counts follow FC_NUM_RUNS (spec/properties/settings.ts).
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { ContentPart, ContentPartError } from "toolnexus";
import { RUNS, timeout } from "./settings";
import { toBase64 } from "../parts/support";

const OPTS = { mimeType: "application/octet-stream" };
const STANDARD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * The documented rules, decoded one character at a time: whitespace (tab, LF, FF, CR, space) is dropped
 * anywhere; `-` and `_` read as `+` and `/`; then data characters, then at most two `=` which, when present,
 * make the length a multiple of four; a data length of 4k + 1 does not decode. Bits after the last byte are
 * ignored. `undefined` when the input does not decode.
 */
function referenceDecode(input: string): Uint8Array | undefined {
  const values: number[] = [];
  let pad = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === "\t" || c === "\n" || c === "\f" || c === "\r" || c === " ") continue;
    if (c === "=") {
      pad++;
      continue;
    }
    if (pad > 0) return undefined; // a data character after padding
    const v = c === "-" ? 62 : c === "_" ? 63 : STANDARD.indexOf(c);
    if (v < 0 || c.length !== 1) return undefined;
    values.push(v);
  }
  const rem = values.length % 4;
  if (rem === 1) return undefined;
  if (pad > 2 || (pad > 0 && (values.length + pad) % 4 !== 0)) return undefined;
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const v of values) {
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** What the library does with `input`: the canonical base64 it stores, or the code of the error. */
function library(read: (s: string) => ContentPart, input: string): { data: string } | { code: string } {
  try {
    return { data: read(input).data! };
  } catch (e) {
    if (!(e instanceof ContentPartError)) throw e;
    return { code: e.code };
  }
}

/** What the reference says the library must do. */
function expected(input: string): { data: string } | { code: string } {
  const bytes = referenceDecode(input);
  if (bytes === undefined) return { code: "invalid-base64" };
  if (bytes.length === 0) return { code: "empty" };
  return { data: toBase64(bytes) };
}

const DOORS: [string, (s: string) => ContentPart][] = [
  ["fromBase64", (s) => ContentPart.fromBase64(s, OPTS)],
  ["fromJSON", (s) => ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: s })],
];

// ---------------------------------------------------------------------------------------------------------
// Spellings and corruptions

/** A valid spelling of some bytes: padded or not, standard or URL-safe, wrapped or not. */
const spelling = fc
  .record({
    bytes: fc.uint8Array({ minLength: 192, maxLength: 1500 }),
    unpadded: fc.boolean(),
    urlSafe: fc.boolean(),
    wrap: fc.option(fc.record({ width: fc.integer({ min: 1, max: 120 }), sep: fc.constantFrom("\n", "\r\n", " ", "\t", "\f") }), { nil: undefined }),
  })
  .map(({ bytes, unpadded, urlSafe, wrap }) => {
    let s = toBase64(bytes);
    if (unpadded) s = s.replace(/=+$/, "");
    if (urlSafe) s = s.replace(/\+/g, "-").replace(/\//g, "_");
    if (wrap) s = s.replace(new RegExp(`(.{${wrap.width}})`, "g"), `$1${wrap.sep}`);
    return s;
  });

/** One character of each class of corruption. */
const corruptChar = fc.oneof(
  fc.constant("="),
  fc.constantFrom(" ", "\n", "\r", "\t", "\f"), // whitespace that is dropped
  fc.constantFrom("\v", "\u00a0", "\u2028", "\u3000", "\ufeff"), // whitespace that is not
  fc.constantFrom("-", "_"),
  fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), // Latin-1
  // Above U+00FF, whose low byte is a base64 letter or digit (U+0141 is "A" by its low byte).
  fc.constantFrom(...STANDARD).chain((c) => fc.integer({ min: 1, max: 0xd7 }).map((hi) => String.fromCharCode((hi << 8) | c.charCodeAt(0)))),
  fc.integer({ min: 0x100, max: 0xd7ff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)), // astral: a surrogate pair
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), // a lone surrogate
  fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), // any ASCII, junk or not
);

/** A way to break (or keep) a spelling. */
type Edit =
  | { kind: "replace" | "insert"; at: number; char: string }
  | { kind: "truncate"; keep: number }
  | { kind: "append"; text: string }
  | { kind: "trailing-bits"; bits: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constantFrom("replace" as const, "insert" as const), at: fc.nat(), char: corruptChar }),
  fc.record({ kind: fc.constant("truncate" as const), keep: fc.nat() }),
  fc.record({ kind: fc.constant("append" as const), text: fc.constantFrom("=", "==", "===", "A", "AA", "A=", "=A", "\n", "==\n", "\u0141") }),
  fc.record({ kind: fc.constant("trailing-bits" as const), bits: fc.integer({ min: 1, max: 15 }) }),
);

function apply(s: string, e: Edit): string {
  switch (e.kind) {
    case "replace": {
      const at = e.at % s.length;
      return s.slice(0, at) + e.char + s.slice(at + 1);
    }
    case "insert": {
      const at = e.at % (s.length + 1);
      return s.slice(0, at) + e.char + s.slice(at);
    }
    case "truncate":
      return s.slice(0, 256 + (e.keep % Math.max(1, s.length - 256)));
    case "append":
      return s + e.text;
    case "trailing-bits": {
      // Sets low bits of the last data character: non-zero bits after the last byte (decodable, not canonical).
      const m = /([A-Za-z0-9+/_-])(=*)$/.exec(s);
      if (m === null) return s;
      const at = s.length - m[0].length;
      const v = m[1] === "-" ? 62 : m[1] === "_" ? 63 : STANDARD.indexOf(m[1]!);
      return s.slice(0, at) + STANDARD[v ^ (e.bits & 0b11)] + m[2];
    }
  }
}

describe.each(DOORS)("%s agrees with a strict reference decoder", (_door, read) => {
  it(
    "on valid spellings of random bytes",
    () => {
      fc.assert(
        fc.property(spelling, (s) => {
          expect(library(read, s)).toEqual(expected(s));
        }),
      );
    },
    timeout(),
  );

  it(
    "on spellings with one to three corruptions of every class",
    () => {
      let refused = 0;
      let accepted = 0;
      fc.assert(
        fc.property(spelling, fc.array(edit, { minLength: 1, maxLength: 3 }), (s, edits) => {
          const input = edits.reduce(apply, s);
          const want = expected(input);
          expect(library(read, input)).toEqual(want);
          if ("code" in want) refused++;
          else accepted++;
        }),
      );
      // Both outcomes were exercised, in real numbers: the property cannot pass by refusing everything.
      expect(refused).toBeGreaterThan(RUNS / 4);
      expect(accepted).toBeGreaterThan(RUNS / 20);
    },
    timeout(),
  );

  it(
    "on canonical base64 with one character replaced: refused unless the reference accepts it",
    () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 192, maxLength: 3000 }), fc.nat(), corruptChar, (bytes, at, char) => {
          const input = apply(toBase64(bytes), { kind: "replace", at, char });
          expect(library(read, input)).toEqual(expected(input));
        }),
      );
    },
    timeout(),
  );
});

describe("short and empty inputs (the regular-expression path, and nothing at all)", () => {
  const short = fc
    .record({ bytes: fc.uint8Array({ minLength: 0, maxLength: 200 }), unpadded: fc.boolean(), urlSafe: fc.boolean(), ws: fc.constantFrom("", " ", "\n", "\r\n") })
    .map(({ bytes, unpadded, urlSafe, ws }) => {
      let s = toBase64(bytes);
      if (unpadded) s = s.replace(/=+$/, "");
      if (urlSafe) s = s.replace(/\+/g, "-").replace(/\//g, "_");
      return ws + s + ws;
    });

  it.each(["", " ", "\n\r\t\f ", "=", "==", "===", "A", "A=", "AA", "AA=", "AA==", "=AA", " = "])("%j", (input) => {
    for (const [, read] of DOORS) expect(library(read, input)).toEqual(expected(input));
  });

  it(
    "random short spellings, valid and corrupted",
    () => {
      fc.assert(
        fc.property(short, fc.array(edit, { minLength: 0, maxLength: 2 }), (s, edits) => {
          const input = edits.reduce((acc, e) => (acc === "" && e.kind === "replace" ? acc : apply(acc, e)), s);
          for (const [, read] of DOORS) expect(library(read, input)).toEqual(expected(input));
        }),
      );
    },
    timeout(),
  );
});

describe("every corruption class, at the edges of the validation slices", () => {
  // Strings longer than one validation slice (2^18 characters): corruptions near each slice boundary.
  const SLICE = 1 << 18;
  const big = toBase64(Uint8Array.from({ length: 3 * (SLICE / 4) + 300 }, (_, i) => (i * 197 + (i >> 5)) & 0xff));
  const positions = [0, 1, SLICE - 2, SLICE - 1, SLICE, SLICE + 1, big.length - 4, big.length - 1];
  const chars = ["=", "\n", "\v", "-", "_", "\u00e9", "\u00c1", "\u0141", "\u{1f600}", "\ud800", "\udc00", "!", "\u0000"];

  it.each(chars.map((c) => [JSON.stringify(c), c]))("%s, replacing or inserted at each edge", (_label, char) => {
    for (const at of positions) {
      for (const kind of ["replace", "insert"] as const) {
        const input = apply(big, { kind, at, char });
        expect([at, kind, library(DOORS[0]![1], input)]).toEqual([at, kind, expected(input)]);
      }
    }
  });

  it(
    "random corruptions of a string of several slices",
    () => {
      // Each run reads about 350,000 characters twice (the library, then the reference): fewer runs.
      fc.assert(
        fc.property(fc.array(edit, { minLength: 1, maxLength: 2 }), (edits) => {
          const input = edits.reduce(apply, big);
          expect(library(DOORS[0]![1], input)).toEqual(expected(input));
        }),
        { numRuns: Math.max(10, Math.ceil(RUNS / 20)) },
      );
    },
    timeout(200),
  );
});
