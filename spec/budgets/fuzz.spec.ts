// The header readers under generated input (fast-check; run counts from spec/properties/settings.ts): any
// bytes, valid headers cut anywhere (truncated), with a byte changed (lying), and JPEGs of many segments or
// endless fill bytes (endless). Whatever they get, imageDimensions and wavSeconds never throw, never loop,
// give a well-formed answer or undefined, and read bytes and base64 alike (docs/budgets.md, "Image dimensions").
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { imageDimensions } from "toolnexus/budgets";
import { wavSeconds } from "../../lib/budgets/wav";
import { RUNS, timeout } from "../properties/settings";
import { base64Of, pngHeader, wav } from "./support";

const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const be16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

function riff(chunk: string, payload: number[]): number[] {
  const body = [...ascii("WEBP"), ...ascii(chunk), ...le32(payload.length), ...payload];
  return [...ascii("RIFF"), ...le32(body.length), ...body];
}

/** A valid header of each format for a size (a JPEG with `segments` empty COM segments before its SOF0). */
const makers = {
  png: (w: number, h: number) => Array.from(pngHeader(w, h)),
  gif: (w: number, h: number) => [...ascii("GIF89a"), ...le16(w), ...le16(h), 0, 0, 0],
  vp8: (w: number, h: number) => riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(w), ...le16(h)]),
  vp8l: (w: number, h: number) => riff("VP8L", [0x2f, ...le32(((w - 1) | ((h - 1) << 14)) >>> 0)]),
  vp8x: (w: number, h: number) => riff("VP8X", [0x10, 0, 0, 0, ...le32(w - 1).slice(0, 3), ...le32(h - 1).slice(0, 3)]),
  jpeg: (w: number, h: number, segments = 0) => [
    0xff, 0xd8,
    ...Array.from({ length: segments }, () => [0xff, 0xfe, 0x00, 0x02]).flat(),
    0xff, 0xc0, 0x00, 0x0b, 8, ...be16(h), ...be16(w), 1, 1, 0x11, 0,
  ],
};
type Format = keyof typeof makers;
const FORMATS = Object.keys(makers) as Format[];
const LIMIT: Record<Format, number> = { png: 2 ** 31 - 1, gif: 0xffff, vp8: 0x3fff, vp8l: 0x4000, vp8x: 0x1000000, jpeg: 0xffff };

const header = fc
  .record({ format: fc.constantFrom(...FORMATS), w: fc.integer({ min: 1, max: 0x3fff }), h: fc.integer({ min: 1, max: 0x3fff }), segments: fc.nat({ max: 40 }) })
  .map(({ format, w, h, segments }) => ({ bytes: Uint8Array.from(makers[format](Math.min(w, LIMIT[format]), Math.min(h, LIMIT[format]), segments)), size: { width: Math.min(w, LIMIT[format]), height: Math.min(h, LIMIT[format]) } }));

/** The answer for bytes, checked to be well formed and the same from base64. */
function read(bytes: Uint8Array): { width: number; height: number } | undefined {
  const got = imageDimensions(bytes);
  if (got !== undefined) {
    expect(Number.isInteger(got.width) && got.width >= 1).toBe(true);
    expect(Number.isInteger(got.height) && got.height >= 1).toBe(true);
  }
  expect(imageDimensions(base64Of(bytes))).toEqual(got);
  return got;
}

describe("imageDimensions under generated input", () => {
  it("reads every generated valid header", () => {
    fc.assert(fc.property(header, ({ bytes, size }) => void expect(read(bytes)).toEqual(size)), { numRuns: RUNS });
  }, timeout());

  it("gives undefined or the whole size, never another, for a header cut anywhere (truncated)", () => {
    const cut = header.chain((h) => fc.record({ h: fc.constant(h), n: fc.nat({ max: h.bytes.length }) }));
    fc.assert(fc.property(cut, ({ h, n }) => {
      const got = read(h.bytes.subarray(0, n));
      if (got !== undefined) expect(got).toEqual(h.size);
    }), { numRuns: RUNS });
  }, timeout());

  it("never throws for a header with a byte changed (lying)", () => {
    const lying = header.chain((h) => fc.record({ h: fc.constant(h), at: fc.nat({ max: h.bytes.length - 1 }), value: fc.integer({ min: 0, max: 255 }) }));
    fc.assert(fc.property(lying, ({ h, at, value }) => {
      const bytes = h.bytes.slice();
      bytes[at] = value;
      read(bytes);
    }), { numRuns: RUNS });
  }, timeout());

  it("never throws for any bytes, and for any bytes after a known signature", () => {
    const signatures = [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ascii("GIF89a"), ascii("RIFF"), [0xff, 0xd8]];
    const data = fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.tuple(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 300 })).map(([s, rest]) => Uint8Array.from([...s, ...rest])));
    fc.assert(fc.property(data, (bytes) => void read(bytes)), { numRuns: RUNS });
  }, timeout());

  it("walks a JPEG of any segments to its end: random lengths, lengths past the end, no frame header (endless)", () => {
    const segment = fc.record({ marker: fc.integer({ min: 0xc0, max: 0xfe }), length: fc.integer({ min: 0, max: 0xffff }), body: fc.uint8Array({ maxLength: 40 }) });
    fc.assert(fc.property(fc.array(segment, { maxLength: 60 }), fc.boolean(), (segments, fill) => {
      const bytes = [0xff, 0xd8];
      for (const s of segments) bytes.push(0xff, s.marker, ...be16(s.length), ...s.body);
      if (fill) bytes.push(...new Array<number>(500).fill(0xff)); // fill bytes to the end: no marker ever comes
      read(Uint8Array.from(bytes));
    }), { numRuns: RUNS });
  }, timeout());
});

describe("wavSeconds under generated input", () => {
  it("never throws; gives undefined or a finite duration of 0 or more", () => {
    const data = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat({ max: 60 })).map(([s, n]) => wav(s / 4).subarray(0, 44 + n)),
      fc.uint8Array({ maxLength: 120 }).map((rest) => Uint8Array.from([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WAVE"), ...rest])),
    );
    fc.assert(fc.property(data, (bytes) => {
      const s = wavSeconds(bytes);
      if (s !== undefined) expect(Number.isFinite(s) && s >= 0).toBe(true);
      expect(wavSeconds(base64Of(bytes))).toBe(s);
    }), { numRuns: RUNS });
  }, timeout());

  it("reads a clip's duration, and undefined for a data chunk that claims more than there is", () => {
    expect(wavSeconds(wav(2))).toBe(2);
    expect(wavSeconds(wav(2).subarray(0, 1000))).toBeUndefined();
  });
});
