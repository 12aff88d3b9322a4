// The media fixtures and the media table (fixtures/parts/media.json): each fixture is what its script says,
// fixture.png is a valid PNG of exactly 82 bytes, the extension table matches case-insensitively, and the
// signature check identifies each type in each of its spellings.
import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "@jest/globals";
import { ContentPart } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { MEDIA, caught, hex, mediaBytes } from "./support";

interface Table {
  extensions: { cases: [string, string][]; unknown: string[] };
  signatures: { cases: { hex: string; mimeType: string; why: string }[]; unknown: { hex: string; why: string }[] };
}
const TABLE = loadJSON<Table>("parts/media.json");

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe("fixtures/media", () => {
  it("is exactly what fixtures/media/make.mjs makes", () => {
    const out = execFileSync(process.execPath, ["fixtures/media/make.mjs", "--check"], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
    expect(out).not.toContain("DIFFERS");
    expect(out.trim().split("\n")).toHaveLength(MEDIA.length);
  });

  it("fixture.png is a valid PNG of exactly 82 bytes: signature, chunk lengths and CRCs, pixels that inflate", () => {
    const png = mediaBytes(MEDIA.find((m) => m.file === "fixture.png")!);
    expect(png.length).toBe(82);
    expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const chunks: { type: string; data: Uint8Array }[] = [];
    let at = 8;
    while (at < png.length) {
      const length = view.getUint32(at);
      const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
      const data = png.subarray(at + 8, at + 8 + length);
      expect(view.getUint32(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({ type, data });
      at += 12 + length;
    }
    expect(at).toBe(82);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
    expect([ihdr.getUint32(0), ihdr.getUint32(4), ihdr.getUint8(8), ihdr.getUint8(9)]).toEqual([2, 2, 8, 2]);
    // Two scanlines of a filter byte and two RGB pixels.
    expect(inflateSync(chunks[1]!.data).length).toBe(2 * (1 + 2 * 3));
  });

  it.each(MEDIA)("$file: $bytes bytes, identified by its signature as $mimeType", (m) => {
    const bytes = mediaBytes(m);
    expect(bytes.length).toBe(m.bytes);
    const part = ContentPart.fromBytes(bytes);
    expect([part.type, part.mimeType]).toEqual([m.type, m.mimeType]);
  });

  it.each(MEDIA)("$file: every other table type is a mime-mismatch that names what the bytes are", async (m) => {
    for (const other of MEDIA) {
      if (other.mimeType === m.mimeType) continue;
      const e = await caught(() => ContentPart.fromBytes(mediaBytes(m), { mimeType: other.mimeType, verifyMime: true }));
      expect(e.code).toBe("mime-mismatch");
      expect(e.message).toContain(`the bytes are ${m.signature}`);
    }
  });
});

describe("the extension table", () => {
  it.each(TABLE.extensions.cases)(".%s is %s, from a path, a name or a URL", async (ext, mimeType) => {
    expect(ContentPart.fromUrl(`https://example.test/a.${ext}`).mimeType).toBe(mimeType);
    const m = MEDIA.find((x) => x.mimeType === mimeType)!;
    expect(ContentPart.fromBytes(mediaBytes(m), { name: `shot.${ext}` }).mimeType).toBe(mimeType);
    expect((await ContentPart.from(new File([mediaBytes(m)], `shot.${ext}`))).mimeType).toBe(mimeType);
  });

  it.each(TABLE.extensions.unknown)(".%s is an unknown-extension", async (ext) => {
    const e = await caught(() => ContentPart.fromUrl(`https://example.test/a.${ext}`));
    expect(e.code).toBe("unknown-extension");
    expect(e.message).toContain(`.${ext}`);
  });

  it("only the last extension counts, and a dotfile has none", async () => {
    expect(ContentPart.fromUrl("https://example.test/a.pdf.png").mimeType).toBe("image/png");
    expect((await caught(() => ContentPart.fromUrl("https://example.test/dir.png/file"))).code).toBe("unknown-extension");
    expect((await caught(() => ContentPart.fromUrl("https://example.test/.png"))).code).toBe("unknown-extension");
  });
});

describe("the signature check", () => {
  it.each(TABLE.signatures.cases)("$why is $mimeType", ({ hex: h, mimeType }) => {
    const part = ContentPart.fromBytes(hex(h));
    expect(part.mimeType).toBe(mimeType);
    // And the check accepts the type it names.
    expect(ContentPart.fromBytes(hex(h), { mimeType }).mimeType).toBe(mimeType);
  });

  it.each(TABLE.signatures.unknown)("$why matches nothing", async ({ hex: h }) => {
    const e = await caught(() => ContentPart.fromBytes(hex(h)));
    expect(e.code).toBe("unknown-mime");
  });

  it("the signature is read from the view's own bytes, not its buffer's start", () => {
    const png = mediaBytes(MEDIA[0]!);
    const padded = new Uint8Array(png.length + 16);
    padded.set(hex("ffd8ffe0ffd8ffe0ffd8ffe0ffd8ffe0")); // a JPEG-looking prefix before the view
    padded.set(png, 16);
    expect(ContentPart.fromBytes(padded.subarray(16)).mimeType).toBe("image/png");
    expect(ContentPart.fromBytes(new DataView(padded.buffer, 16)).mimeType).toBe("image/png");
  });
});
