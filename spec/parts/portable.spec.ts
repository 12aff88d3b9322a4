// The portable core: base64 and media code work without Node's Buffer (a browser, an edge runtime). Each test
// hides globalThis.Buffer while the library runs, restores it before asserting, and compares with what the
// library gives with Buffer present.
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult } from "toolnexus";
import { MEDIA, mediaBytes, toBase64, unpad, urlSafe, wrap } from "./support";

/** Runs `fn` with globalThis.Buffer deleted, and puts it back whatever happens. */
function withoutBuffer<T>(fn: () => T): T {
  const g = globalThis as { Buffer?: unknown };
  const saved = g.Buffer;
  delete g.Buffer;
  try {
    if (typeof (globalThis as { Buffer?: unknown }).Buffer !== "undefined") throw new Error("Buffer is still reachable");
    return fn();
  } finally {
    g.Buffer = saved;
  }
}

async function withoutBufferAsync<T>(fn: () => Promise<T>): Promise<T> {
  const g = globalThis as { Buffer?: unknown };
  const saved = g.Buffer;
  delete g.Buffer;
  try {
    return await fn();
  } finally {
    g.Buffer = saved;
  }
}

const big = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7 + (i >> 8)) & 0xff);
const bigB64 = toBase64(big);

describe("with Buffer hidden", () => {
  it("Buffer really is hidden inside, and back after", () => {
    const seen = withoutBuffer(() => typeof (globalThis as { Buffer?: unknown }).Buffer);
    expect(seen).toBe("undefined");
    expect(typeof Buffer).toBe("function");
  });

  it.each(MEDIA)("fromBytes, fromBase64, bytes(), toDataUrl, fromJSON and equals agree with the Buffer path: $file", (m) => {
    const bytes = mediaBytes(m);
    const b64 = toBase64(bytes);
    const reference = ContentPart.fromBytes(bytes);
    const got = withoutBuffer(() => {
      const fromBytes = ContentPart.fromBytes(bytes);
      const fromBase64 = ContentPart.fromBase64(urlSafe(unpad(b64)));
      const fromWrapped = ContentPart.fromBase64(wrap(b64, 10), { mimeType: m.mimeType });
      const fromDataUrl = ContentPart.fromDataUrl(`data:${m.mimeType};base64,${b64}`);
      const fromJSON = ContentPart.fromJSON(JSON.parse(JSON.stringify(fromBytes)));
      return {
        fromBytes,
        data: [fromBytes.data, fromBase64.data, fromWrapped.data, fromDataUrl.data, fromJSON.data],
        bytes: fromBase64.bytes(),
        dataUrl: fromBytes.toDataUrl(),
        equal: [fromBytes.equals(fromBase64), fromBase64.equals(fromWrapped), fromWrapped.equals(fromDataUrl), fromDataUrl.equals(fromJSON)],
        summary: fromBytes.summary(),
        describe: fromBytes.describe(),
      };
    });
    expect(got.fromBytes.equals(reference)).toBe(true);
    expect(got.data).toEqual([b64, b64, b64, b64, b64]);
    expect(got.bytes).toEqual(bytes);
    expect(got.dataUrl).toBe(`data:${m.mimeType};base64,${b64}`);
    expect(got.equal).toEqual([true, true, true, true]);
    expect(got.summary).toBe(`${m.type} (${m.mimeType}, ${m.bytes} bytes)`);
    expect(got.describe).toEqual(reference.describe());
  });

  it("the mime check still works: a .png name over JPEG bytes is a mime-mismatch naming the JPEG", () => {
    const jpg = mediaBytes(MEDIA.find((m) => m.ext === "jpg")!);
    const error = withoutBuffer(() => {
      try {
        ContentPart.fromBytes(jpg, { name: "shot.png" });
        return undefined;
      } catch (e) {
        return e as { code: string; message: string };
      }
    });
    expect(error?.code).toBe("mime-mismatch");
    expect(error?.message).toContain("a JPEG image (image/jpeg)");
  });

  it("a large payload: encoded, validated and decoded the same without Buffer", () => {
    const got = withoutBuffer(() => {
      const part = ContentPart.fromBytes(big, { mimeType: "application/octet-stream" });
      return {
        data: part.data,
        canonical: ContentPart.fromBase64(bigB64, { mimeType: "application/octet-stream" }).data,
        unpadded: ContentPart.fromBase64(unpad(urlSafe(bigB64)), { mimeType: "application/octet-stream" }).data,
        bytes: part.bytes(),
        byteLength: part.byteLength,
      };
    });
    expect(got.data).toBe(bigB64);
    expect(got.canonical).toBe(bigB64);
    expect(got.unpadded).toBe(bigB64);
    expect(got.bytes).toEqual(big);
    expect(got.byteLength).toBe(big.length);
  });

  it.each([
    ["a bad character", `${bigB64.slice(0, 1000)}!${bigB64.slice(1001)}`],
    ["a character above U+00FF", `${bigB64.slice(0, 1000)}\u0141${bigB64.slice(1001)}`],
    ["a pad in the middle", `${bigB64.slice(0, 1000)}=${bigB64.slice(1001)}`],
    ["one character too many", `${bigB64}A`],
  ])("and refuses the same bad base64: %s", (_label, input) => {
    const code = withoutBuffer(() => ContentPart.safeFromJSON({ type: "file", mimeType: "application/octet-stream", data: input }).error?.code);
    expect(code).toBe("invalid-base64");
  });

  it("non-zero trailing bits are made canonical without Buffer too", () => {
    const got = withoutBuffer(() => [ContentPart.fromBase64("QR", { mimeType: "text/plain" }).data, ContentPart.fromBase64("QUJ=", { mimeType: "text/plain" }).data]);
    expect(got).toEqual(["QQ==", "QUI="]);
  });

  it("a ToolResult with parts survives a JSON round trip, and a text part's bytes and data: URL", () => {
    const png = mediaBytes(MEDIA[0]!);
    const got = withoutBuffer(() => {
      const r = ToolResult.ok("shot", { parts: [ContentPart.fromBytes(png), ContentPart.text("caption é")] });
      const back = ToolResult.fromJSON(JSON.parse(JSON.stringify(r)));
      return { equal: back.equals(r), textUrl: r.parts![1]!.toDataUrl(), textBytes: r.parts![1]!.bytes(), tokens: r.estimatedTokens };
    });
    expect(got.equal).toBe(true);
    expect(got.textUrl).toBe(`data:text/plain;charset=utf-8;base64,${toBase64(new TextEncoder().encode("caption é"))}`);
    expect(got.textBytes).toEqual(new TextEncoder().encode("caption é"));
    expect(got.tokens).toBe(1 + 85 + 3);
  });

  it("the asynchronous factories read bytes, Blobs and web streams without Buffer", async () => {
    const wav = mediaBytes(MEDIA.find((m) => m.ext === "wav")!);
    const parts = await withoutBufferAsync(async () => [
      await ContentPart.audio(wav),
      await ContentPart.from(new Blob([wav])),
      await ContentPart.audio(
        new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(wav.slice(0, 20));
            c.enqueue(wav.slice(20));
            c.close();
          },
        }),
      ),
    ]);
    for (const p of parts) expect(p.data).toBe(toBase64(wav));
  });
});
