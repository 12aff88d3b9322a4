// Mime types stored lowercased without parameters; http(s) URLs kept, every other scheme refused; Windows
// paths read as paths (fixtures/parts/mime-and-urls.json).
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ContentPartError } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { MEDIA, caught, mediaBytes, toBase64 } from "./support";

interface Table {
  normalize: [string, string][];
  invalid: string[];
  accepted: { url: string; mimeType: string }[];
  refused: { url: string; says: string; asSource?: string }[];
  paths: string[];
}
const TABLE = loadJSON<Table>("parts/mime-and-urls.json");
const ABC = "QUJD";

describe("mime types are stored lowercased and without parameters", () => {
  it.each(TABLE.normalize)("%j is stored as %j, whichever door it comes in by", (given, stored) => {
    const family = stored.startsWith("image/") ? "image" : stored.startsWith("audio/") ? "audio" : "file";
    const parts = [
      ContentPart.fromBase64(ABC, { mimeType: given, verifyMime: false }),
      ContentPart.fromBytes(new Uint8Array([65, 66, 67]), { mimeType: given, verifyMime: false }),
      ContentPart.fromUrl("https://example.test/x", { mimeType: given }),
      ContentPart.fromJSON({ type: family, mimeType: given, data: ABC }),
      ContentPart.fromDataUrl(`data:${given};base64,${ABC}`, { verifyMime: false }),
      ContentPart.fromJSON({ type: family, mimeType: `${family === "file" ? "application" : family}/x-unknown`, data: ABC }).withMimeType(given, { verifyMime: false }),
    ].filter((p) => p.type === family);
    expect(parts).toHaveLength(6);
    for (const p of parts) {
      expect(p.mimeType).toBe(stored);
      expect(p.type).toBe(family);
    }
    // The stored spelling is what goes on the wire.
    expect(JSON.parse(JSON.stringify(parts[0]))).toMatchObject({ mimeType: stored });
  });

  it("a Blob's type is normalized the same way", async () => {
    const png = mediaBytes(MEDIA[0]!);
    const part = await ContentPart.from(new Blob([png], { type: "image/png;x=1" }));
    expect(part.mimeType).toBe("image/png");
  });

  it.each(TABLE.invalid)("%j is an unknown-mime error in options and in JSON", async (given) => {
    const fromOptions = await caught(() => ContentPart.fromBase64(ABC, { mimeType: given }));
    expect(fromOptions.code).toBe("unknown-mime");
    expect(fromOptions.path).toBe("mimeType");
    const fromJSON = await caught(() => ContentPart.fromJSON({ type: "file", mimeType: given, data: ABC }));
    expect(fromJSON.code).toBe("unknown-mime");
    expect(fromJSON.path).toBe("mimeType");
  });
});

describe("URLs", () => {
  it.each(TABLE.accepted)("$url is kept as given, $mimeType from its path", async ({ url, mimeType }) => {
    const family = mimeType.split("/")[0] === "application" ? "file" : mimeType.split("/")[0];
    const parts = [
      ContentPart.fromUrl(url),
      await ContentPart.from(url),
      ContentPart.fromJSON({ type: family, mimeType, url }),
      await (ContentPart as unknown as Record<string, (s: string) => Promise<ContentPart>>)[family!]!(url),
    ];
    for (const p of parts) {
      expect(p.url).toBe(url);
      expect(p.data).toBeUndefined();
      expect(p.mimeType).toBe(mimeType);
      expect(p.type).toBe(family);
      expect(p.equals(parts[0])).toBe(true);
    }
  });

  it("options.mimeType names the type of a URL without an extension", () => {
    const p = ContentPart.fromUrl("https://example.test/render?id=7", { mimeType: "image/png" });
    expect(p.toJSON()).toEqual({ type: "image", mimeType: "image/png", url: "https://example.test/render?id=7" });
  });

  it.each(TABLE.refused)("$url is refused", async ({ url, says, asSource }) => {
    const viaFromUrl = await caught(() => ContentPart.fromUrl(url));
    expect(viaFromUrl).toBeInstanceOf(ContentPartError);
    expect(viaFromUrl.code).toBe("invalid-source");
    expect(viaFromUrl.message).toContain(says);

    const viaJSON = await caught(() => ContentPart.fromJSON({ type: "image", mimeType: "image/png", url }));
    expect(viaJSON.code).toBe("invalid-source");
    expect(viaJSON.path).toBe("url");

    // ContentPart.from never keeps such a string as a url: it refuses it, or (no scheme) reads it as a path.
    const viaFrom = await caught(() => ContentPart.from(url, { mimeType: "image/png" }));
    expect(viaFrom.code).toBe(asSource ?? "invalid-source");
  });

  it("a file: URL's message says to pass the path instead", async () => {
    const e = await caught(() => ContentPart.image("file:///home/me/shot.png"));
    expect(e.message).toContain("path");
  });
});

describe("a Windows path is a path, not a URL scheme", () => {
  it.each(TABLE.paths)("%j is read from the file system (and, here, not found)", async (path) => {
    for (const factory of ["image", "from"] as const) {
      const e = await caught(() => ContentPart[factory](path));
      expect(e.code).toBe("read-failed");
      expect(e.message).toContain(JSON.stringify(path));
      expect(e.message).not.toMatch(/ URL /);
    }
  });

  it("fromUrl of a Windows path says it is a file path", async () => {
    const e = await caught(() => ContentPart.fromUrl("C:\\shots\\a.png"));
    expect(e.code).toBe("invalid-source");
    expect(e.message).toContain("file path");
  });

  it("a file part's default name is the base name for either separator", async () => {
    const pdf = MEDIA.find((m) => m.ext === "pdf")!;
    const viaName = ContentPart.fromBytes(mediaBytes(pdf), { name: "C:\\docs\\report.pdf" });
    expect(viaName.name).toBe("C:\\docs\\report.pdf"); // an explicit name is kept as given
    const viaFile = await ContentPart.file(new File([mediaBytes(pdf)], "report.pdf"));
    expect(viaFile.name).toBe("report.pdf");
  });
});

describe("a data: URL", () => {
  it("percent-encoded, is stored as base64 of its octets", () => {
    const p = ContentPart.fromDataUrl("data:text/plain;charset=utf-8,h%C3%A9llo%20w%6Frld,+ok");
    expect(p.mimeType).toBe("text/plain");
    expect(new TextDecoder().decode(p.bytes())).toBe("héllo world,+ok");
    expect(p.data).toBe(toBase64(new TextEncoder().encode("héllo world,+ok")));
  });

  it("percent-encoded with raw non-ASCII characters, stores their UTF-8", () => {
    const p = ContentPart.fromDataUrl("data:text/plain,é😀");
    expect(new TextDecoder().decode(p.bytes())).toBe("é😀");
  });

  it("scheme and ;base64 are matched case-insensitively", () => {
    expect(ContentPart.fromDataUrl(`DATA:IMAGE/PNG;BASE64,${toBase64(mediaBytes(MEDIA[0]!))}`).summary()).toBe("image (image/png, 82 bytes)");
  });

  it("without a type, takes the bytes' signature, else text/plain (RFC 2397)", () => {
    expect(ContentPart.fromDataUrl(`data:;base64,${toBase64(mediaBytes(MEDIA[0]!))}`).mimeType).toBe("image/png");
    expect(ContentPart.fromDataUrl("data:,hello").mimeType).toBe("text/plain");
    expect(ContentPart.fromDataUrl("data:;charset=utf-8,hello").mimeType).toBe("text/plain");
    expect(ContentPart.fromDataUrl("data:,hello", { mimeType: "text/markdown" }).mimeType).toBe("text/markdown");
  });

  it("toDataUrl gives back a data: URL that reads as an equal part", () => {
    for (const m of MEDIA) {
      const p = ContentPart.fromBytes(mediaBytes(m));
      expect(p.toDataUrl()).toBe(`data:${m.mimeType};base64,${toBase64(mediaBytes(m))}`);
      expect(ContentPart.fromDataUrl(p.toDataUrl()).equals(p)).toBe(true);
    }
  });
});
