// A part as a value: own enumerable fields in a fixed order, frozen, one behaviour of equals per test, the
// copies, the JSON shape, and what the compiler refuses.
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ContentPartError, type ContentPartJSON, type PartSource } from "toolnexus";
import { MEDIA, caught, mediaBytes } from "./support";

const png = () => ContentPart.fromBytes(mediaBytes(MEDIA[0]!));
const FIELDS = ["type", "text", "mimeType", "data", "url", "name"];

describe("fields", () => {
  it.each([
    ["a text part", () => ContentPart.text("hi"), { type: "text", text: "hi" }],
    ["a data part", () => png(), { type: "image", mimeType: "image/png" }],
    ["a url part", () => ContentPart.fromUrl("https://example.test/a.pdf", { name: "a.pdf" }), { type: "file", mimeType: "application/pdf", url: "https://example.test/a.pdf", name: "a.pdf" }],
  ] as const)("%s: six own enumerable fields in order, absent ones undefined, frozen", (_l, make, some) => {
    const p = make();
    expect(Object.keys(p)).toEqual(FIELDS);
    for (const k of FIELDS) {
      const d = Object.getOwnPropertyDescriptor(p, k)!;
      expect(d.enumerable).toBe(true);
      expect(d.writable).toBe(false);
    }
    expect(Object.isFrozen(p)).toBe(true);
    expect(p).toMatchObject(some);
    // Deep equality sees the data, as STYLE.md 1 asks.
    expect(p).toEqual(make());
  });

  it("a text part has text only; a data part has data and no url; a url part the reverse", () => {
    const t = ContentPart.text("hi");
    expect([t.mimeType, t.data, t.url, t.name]).toEqual([undefined, undefined, undefined, undefined]);
    const d = png();
    expect(typeof d.data).toBe("string");
    expect(d.url).toBeUndefined();
    const u = ContentPart.fromUrl("https://example.test/a.png");
    expect(u.data).toBeUndefined();
  });
});

describe("equals", () => {
  it("is true for two parts with the same fields", () => expect(png().equals(png())).toBe(true));
  it("is true for a part and itself", () => {
    const p = png();
    expect(p.equals(p)).toBe(true);
  });
  it("is false when the names differ", () => expect(png().equals(png().withName("a.png"))).toBe(false));
  it("is false when the mime types differ", () => expect(png().equals(png().withMimeType("image/x-png"))).toBe(false));
  it("is false between a data part and a url part", () => expect(png().equals(ContentPart.fromUrl("https://example.test/a.png"))).toBe(false));
  it("is false between texts that differ", () => expect(ContentPart.text("a").equals(ContentPart.text("b"))).toBe(false));
  it("is false against the part's JSON shape", () => expect(png().equals(png().toJSON())).toBe(false));
  it("is false against null, undefined and a string", () => {
    for (const v of [null, undefined, "image (image/png, 82 bytes)"]) expect(png().equals(v)).toBe(false);
  });
  it("is true across spellings of the same data", () => {
    const b64 = png().data!;
    expect(ContentPart.fromBase64(b64.replace(/=+$/, "").replace(/\//g, "_")).equals(png())).toBe(true);
  });
});

describe("copies", () => {
  it("withName returns a new frozen part and leaves the receiver untouched; undefined removes the name", () => {
    const p = png();
    const named = p.withName("chart.png");
    expect(named.name).toBe("chart.png");
    expect(p.name).toBeUndefined();
    expect(Object.isFrozen(named)).toBe(true);
    expect(named.withName(undefined).equals(p)).toBe(true);
  });

  it("withMimeType checks the family and, for data, the signature", async () => {
    expect((await caught(() => png().withMimeType("image/jpeg"))).code).toBe("mime-mismatch");
    expect((await caught(() => png().withMimeType("application/pdf"))).code).toBe("mime-mismatch");
    expect(png().withMimeType("image/jpeg", { verifyMime: false }).mimeType).toBe("image/jpeg");
    expect(png().withMimeType("IMAGE/PNG; x=1").mimeType).toBe("image/png");
  });

  it("a text part has no name and no mime type to change", async () => {
    expect((await caught(() => ContentPart.text("a").withName("x"))).code).toBe("invalid-value");
    expect((await caught(() => ContentPart.text("a").withMimeType("text/plain"))).code).toBe("invalid-value");
  });
});

describe("JSON", () => {
  it.each([
    [{ type: "text", text: "hi" }],
    [{ type: "image", mimeType: "image/png", url: "https://example.test/a.png" }],
    [{ type: "file", mimeType: "text/csv", data: "YSxi", name: "t.csv" }],
    [{ type: "audio", mimeType: "audio/wav", url: "https://example.test/a.wav", name: "a.wav" }],
  ] as ContentPartJSON[][])("%j: absent keys omitted, round trip equal", (shape) => {
    const p = ContentPart.fromJSON(shape);
    expect(p.toJSON()).toEqual(shape);
    expect(Object.keys(p.toJSON())).toEqual(Object.keys(shape));
    expect(ContentPart.fromJSON(JSON.parse(JSON.stringify(p))).equals(p)).toBe(true);
    expect(new ContentPart(shape).equals(p)).toBe(true);
  });

  it("reading ignores keys it does not know; writing never emits them", () => {
    const p = ContentPart.fromJSON({ type: "text", text: "hi", annotations: { priority: 1 } });
    expect(JSON.stringify(p)).toBe('{"type":"text","text":"hi"}');
  });

  it("isContentPart is a brand check", () => {
    expect(ContentPart.isContentPart(png())).toBe(true);
    expect(ContentPart.isContentPart(png().toJSON())).toBe(false);
    expect(ContentPart.isContentPart(null)).toBe(false);
  });

  it("ContentPart.summary takes a part or its JSON shape", () => {
    expect(ContentPart.summary(png())).toBe("image (image/png, 82 bytes)");
    expect(ContentPart.summary(png().toJSON())).toBe("image (image/png, 82 bytes)");
    expect(() => ContentPart.summary({ type: "image" } as never)).toThrow(ContentPartError);
  });
});

describe("a URL object", () => {
  it("is read as its href: an https URL is kept as the part's url", async () => {
    const part = await ContentPart.image(new URL("https://example.test/a.png"));
    expect(part.url).toBe("https://example.test/a.png");
    expect(part.mimeType).toBe("image/png");
  });
});

describe("types", () => {
  it("the compiler refuses sources of the wrong kind", () => {
    const ok: PartSource[] = ["a.png", new URL("https://example.test/a.png"), new Uint8Array(1), new ArrayBuffer(1), new DataView(new ArrayBuffer(1)), new Blob([])];
    expect(ok).toHaveLength(6);
    // @ts-expect-error a number is not a source
    const n: PartSource = 42;
    // @ts-expect-error a plain object is not a source
    const o: PartSource = { path: "a.png" };
    expect([n, o]).toHaveLength(2);
    // @ts-expect-error fromBytes takes bytes, not base64
    expect(() => ContentPart.fromBytes("iVBORw0KGgo=")).toThrow(ContentPartError);
    // @ts-expect-error fromBase64 takes a string
    expect(() => ContentPart.fromBase64(new Uint8Array(1))).toThrow(ContentPartError);
  });
});
