// imageDimensions (lib/image-size.ts): the stored size from the header of a PNG, GIF, WebP or JPEG, from
// bytes or from base64; undefined for a truncated or lying header, never a guess, never a throw; the work
// bounded by the data's length (docs/budgets.md, "Image dimensions"); and ContentPart#dimensions, the same
// reader as a getter of the core class, on the same rows (docs/content-parts.md, "Sizes and tokens").
import { describe, expect, it } from "@jest/globals";
import { ContentPart } from "toolnexus";
import { imageDimensions } from "toolnexus/budgets";
import { loadBytes, loadJSON } from "../support/fixtures";
import { base64Of, hexBytes, pngHeader } from "./support";

interface Header {
  name: string;
  hex: string;
  size: [number, number] | null;
}
const HEADERS = loadJSON<{ valid: Header[]; invalid: Header[] }>("budgets/headers.json");
const ALL = [...HEADERS.valid, ...HEADERS.invalid];
const expected = (h: Header) => (h.size === null ? undefined : { width: h.size[0], height: h.size[1] });

describe("imageDimensions", () => {
  it.each(ALL.map((h) => [h.name, h] as const))("%s", (_, h) => {
    const bytes = hexBytes(h.hex);
    expect(imageDimensions(bytes)).toEqual(expected(h));
    expect(imageDimensions(base64Of(bytes))).toEqual(expected(h)); // the same from the text a part holds
  });

  it.each(HEADERS.valid.map((h) => [h.name, h] as const))("every prefix of %s gives undefined or the whole header's size", (_, h) => {
    const bytes = hexBytes(h.hex);
    for (let n = 0; n < bytes.length; n++) {
      const got = imageDimensions(bytes.subarray(0, n));
      if (got !== undefined) expect(got).toEqual(expected(h));
      const text = imageDimensions(base64Of(bytes.subarray(0, n)));
      if (text !== undefined) expect(text).toEqual(expected(h));
    }
  });

  it.each([
    ["fixture.png", 2, 2],
    ["fixture.jpg", 1, 1],
    ["fixture.gif", 1, 1],
    ["fixture.webp", 1, 1],
  ] as const)("reads fixtures/media/%s", (file, width, height) => {
    expect(imageDimensions(loadBytes(`media/${file}`))).toEqual({ width, height });
  });

  it("gives undefined for the media that are no images", () => {
    for (const file of ["fixture.pdf", "fixture.mp3", "fixture.wav"]) expect(imageDimensions(loadBytes(`media/${file}`))).toBeUndefined();
  });

  it("reads a view as the bytes it covers, not its whole buffer", () => {
    const backing = new Uint8Array(64);
    backing.set(pngHeader(7, 9), 16);
    expect(imageDimensions(backing.subarray(16, 16 + 33))).toEqual({ width: 7, height: 9 });
    expect(imageDimensions(backing.subarray(0, 33))).toBeUndefined();
  });

  it("reads unpadded base64 as padded", () => {
    const text = base64Of(pngHeader(300, 200, 34)); // 34 bytes: two "=" of padding
    expect(text.endsWith("==")).toBe(true);
    expect(imageDimensions(text.replace(/=+$/, ""))).toEqual({ width: 300, height: 200 });
  });

  it("gives undefined, never a throw, for text that is not base64 where the header sits, and for values that are no data", () => {
    expect(imageDimensions("iVBO!!!!" + "A".repeat(40))).toBeUndefined();
    expect(imageDimensions("-_-_" + "A".repeat(40))).toBeUndefined();
    for (const v of [undefined, null, 42, {}, [], new ArrayBuffer(8)]) expect(imageDimensions(v as never)).toBeUndefined();
  });

  it("returns a frozen size", () => {
    expect(Object.isFrozen(imageDimensions(pngHeader(1, 1)))).toBe(true);
  });

  it("finds the frame header of a JPEG after a million empty segments (one walk)", () => {
    const count = 1_000_000;
    const bytes = new Uint8Array(2 + count * 4 + 19);
    bytes.set([0xff, 0xd8]);
    for (let i = 0; i < count; i++) bytes.set([0xff, 0xfe, 0x00, 0x02], 2 + i * 4); // COM segments, empty
    bytes.set([0xff, 0xc0, 0x00, 0x11, 8, 0x01, 0x2c, 0x01, 0x90, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0], 2 + count * 4); // SOF0, 400x300
    expect(imageDimensions(bytes)).toEqual({ width: 400, height: 300 });
    expect(imageDimensions(base64Of(bytes))).toEqual({ width: 400, height: 300 });
  });

  it("reads a 10 MiB PNG's size from its base64 without needing the rest to decode", () => {
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set(pngHeader(5000, 4000));
    // Past its first 96 bytes the text is not base64 at all: a reader that decoded the whole payload (or more
    // than the header it needs) would fail.
    const text = base64Of(big.subarray(0, 96)) + "*".repeat(base64Of(big).length - 128);
    expect(imageDimensions(text)).toEqual({ width: 5000, height: 4000 });
  });
});

describe("ContentPart#dimensions", () => {
  // Every row but the empty one (a part holds at least one byte), as an image part whatever its signature.
  const rows = ALL.filter((h) => h.hex !== "");
  const imagePart = (bytes: Uint8Array) => ContentPart.fromBytes(bytes, { mimeType: "image/png", verifyMime: false });

  it.each(rows.map((h) => [h.name, h] as const))("%s", (_, h) => {
    const part = imagePart(hexBytes(h.hex));
    expect(part.dimensions).toEqual(expected(h));
    expect(part.dimensions).toEqual(imageDimensions(part.data!)); // one reader, not a second copy
    if (h.size !== null) expect(Object.isFrozen(part.dimensions)).toBe(true);
  });

  it("reads the fixture images, whatever factory made the part", async () => {
    expect((await ContentPart.image(loadBytes("media/fixture.png"))).dimensions).toEqual({ width: 2, height: 2 });
    expect(ContentPart.fromBase64(base64Of(loadBytes("media/fixture.jpg")), { mimeType: "image/jpeg" }).dimensions).toEqual({ width: 1, height: 1 });
    expect(ContentPart.fromJSON({ type: "image", mimeType: "image/webp", data: base64Of(loadBytes("media/fixture.webp")) }).dimensions).toEqual({ width: 1, height: 1 });
  });

  it("is undefined for a url part, a text part, and a part that is no image (even holding a PNG's bytes)", () => {
    expect(ContentPart.fromUrl("https://example.com/shot.png").dimensions).toBeUndefined();
    expect(ContentPart.text("1920x1080").dimensions).toBeUndefined();
    expect(ContentPart.fromBytes(pngHeader(640, 480), { mimeType: "application/octet-stream" }).dimensions).toBeUndefined();
    expect(ContentPart.fromBytes(loadBytes("media/fixture.pdf"), { mimeType: "application/pdf" }).dimensions).toBeUndefined();
  });

  it("is a prototype getter, never an own field, and gives the same size on every read", () => {
    const part = imagePart(pngHeader(1920, 1080));
    expect(Object.keys(part)).toEqual(["type", "text", "mimeType", "data", "url", "name"]);
    expect(typeof Object.getOwnPropertyDescriptor(ContentPart.prototype, "dimensions")?.get).toBe("function");
    expect(part.dimensions).toEqual({ width: 1920, height: 1080 });
    expect(part.dimensions).toEqual(part.dimensions);
    expect(part.toJSON()).not.toHaveProperty("dimensions"); // derived, never on the wire
  });

  it("reads a look-alike receiver as every getter does: checked first, then the same size", () => {
    const json = { type: "image", mimeType: "image/png", data: base64Of(pngHeader(300, 200)) };
    const getter = Object.getOwnPropertyDescriptor(ContentPart.prototype, "dimensions")!.get!;
    expect(getter.call(json)).toEqual({ width: 300, height: 200 });
  });

  it("reads only the header of a 10 MiB image: the rest need not decode", () => {
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set(pngHeader(5000, 4000));
    const part = imagePart(big);
    expect(part.dimensions).toEqual({ width: 5000, height: 4000 });
  });
});
