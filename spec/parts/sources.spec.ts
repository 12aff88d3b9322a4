// Every source kind by every factory, for every media fixture (fixtures/parts/sources.json × media.json).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { ContentPart, ContentPartError } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { MEDIA, callAsync, callSync, caught, makeSource, mediaBytes, toBase64, type Media } from "./support";

interface SourceRow {
  kind: string;
  mimeFrom: string;
  keepsUrl?: boolean;
  namesFile?: boolean;
}
interface SyncRow {
  call: string;
  source: string;
  options?: "name" | "mimeType";
  keepsUrl?: boolean;
}
const TABLE = loadJSON<{ factories: string[]; sources: SourceRow[]; sync: { factories: SyncRow[] } }>("parts/sources.json");

function expectPart(part: ContentPart, m: Media, opts: { keepsUrl?: boolean; url?: string; name?: string }): void {
  expect(part).toBeInstanceOf(ContentPart);
  expect(Object.isFrozen(part)).toBe(true);
  expect(Object.keys(part)).toEqual(["type", "text", "mimeType", "data", "url", "name"]);
  expect(part.type).toBe(m.type);
  expect(part.mimeType).toBe(m.mimeType);
  expect(part.text).toBeUndefined();
  expect(part.name).toBe(opts.name);
  if (opts.keepsUrl) {
    expect(part.data).toBeUndefined();
    expect(part.url).toBe(opts.url);
    expect(part.byteLength).toBe(0);
  } else {
    expect(part.url).toBeUndefined();
    expect(part.data).toBe(toBase64(mediaBytes(m)));
    expect(part.byteLength).toBe(m.bytes);
    expect(Array.from(part.bytes())).toEqual(Array.from(mediaBytes(m)));
    expect(part.summary()).toBe(`${m.type} (${m.mimeType}, ${m.bytes} bytes)`);
  }
}

describe.each(TABLE.sources)("source $kind (mime type from the $mimeFrom)", (row) => {
  describe.each(MEDIA)("holding $file", (m) => {
    it.each(TABLE.factories)("ContentPart.%s", async (factory) => {
      const source = makeSource(row.kind, m);
      const fits = factory === "from" || factory === m.type;
      if (!fits) {
        const e = await caught(() => callAsync(factory, source));
        expect(e).toBeInstanceOf(ContentPartError);
        expect(e.code).toBe("mime-mismatch");
        expect(e.path).toBe("mimeType");
        expect(e.message).toContain(m.mimeType);
        // A stream left half-read is no concern of the test: each call builds its own source.
        return;
      }
      const part = await callAsync(factory, source);
      const name = row.namesFile && m.type === "file" ? m.file : undefined;
      expectPart(part, m, { keepsUrl: row.keepsUrl, url: typeof source === "string" ? source : source instanceof URL ? source.href : undefined, name });
    });
  });
});

let scratchDir: string | undefined;
/** A directory for the files of this spec, removed after it. */
function scratch(): string {
  scratchDir ??= mkdtempSync(join(tmpdir(), "toolnexus-mime-"));
  return scratchDir;
}
afterAll(() => {
  if (scratchDir !== undefined) rmSync(scratchDir, { recursive: true, force: true });
});

/** The labels a source carries that could give a mime type: none for bare bytes, streams and untyped data: URLs. */
function labelsOf(source: unknown): string[] {
  if (source instanceof URL) return labelsOf(source.href);
  if (typeof source === "string") return source.startsWith("data:;") ? [] : source.startsWith("data:") ? ["data: URL"] : ["extension"];
  const labels: string[] = [];
  if (source instanceof Blob && source.type !== "") labels.push(source instanceof File ? "File type" : "Blob type");
  if (source instanceof File) labels.push("extension");
  return labels;
}

/**
 * The row's source holding `m`'s bytes, with only the origin that `mimeFrom` names changed to say `other`'s
 * type: a path or URL with `other`'s extension, a data: URL of `other`'s type, a Blob or File typed as
 * `other`, a File named with `other`'s extension (its type kept). A source whose type comes from the
 * signature must carry no label at all: it is the row's source as it is.
 */
function mislabelled(row: SourceRow, m: Media, other: Media): unknown {
  const source = makeSource(row.kind, m);
  const labels = labelsOf(source);
  if (row.mimeFrom === "signature") {
    expect([row.kind, labels]).toEqual([row.kind, []]);
    return source;
  }
  expect([row.kind, labels.includes(row.mimeFrom)]).toEqual([row.kind, true]);
  switch (row.mimeFrom) {
    case "data: URL": {
      const url = String(source).replace(`data:${m.mimeType}`, `data:${other.mimeType}`);
      return source instanceof URL ? new URL(url) : url;
    }
    case "Blob type":
      return new Blob([mediaBytes(m)], { type: other.mimeType });
    case "File type":
      return new File([mediaBytes(m)], (source as File).name, { type: other.mimeType });
    case "extension": {
      if (source instanceof File) return new File([mediaBytes(m)], `as-other.${other.ext}`, { type: source.type });
      const text = source instanceof URL ? source.href : (source as string);
      if (/^https?:/.test(text)) {
        const url = text.replace(/\.(\w+)(?=$|[?#])/, `.${other.ext}`);
        expect(url).not.toBe(text);
        return source instanceof URL ? new URL(url) : url;
      }
      const path = join(scratch(), `${m.ext}-as-other.${other.ext}`);
      writeFileSync(path, mediaBytes(m));
      return path;
    }
    default:
      throw new Error(`fixtures/parts/sources.json: unknown mimeFrom ${JSON.stringify(row.mimeFrom)} for ${row.kind}`);
  }
}

describe("mimeFrom: the mime type comes from where the table says", () => {
  const ORIGINS = ["signature", "data: URL", "Blob type", "File type", "extension"];

  it("every row names a known origin, and every origin has rows", () => {
    expect(TABLE.sources.filter((r) => !ORIGINS.includes(r.mimeFrom))).toEqual([]);
    expect(new Set(TABLE.sources.map((r) => r.mimeFrom))).toEqual(new Set(ORIGINS));
  });

  // Each fixture's bytes labelled as the next fixture (another mime type), read with the check off: the
  // part's type is the label's when the type comes from a label, the bytes' when it comes from the signature.
  describe.each(TABLE.sources)("$kind: from the $mimeFrom", (row) => {
    it.each(MEDIA.map((m, i) => [m.file, m, MEDIA[(i + 1) % MEDIA.length]!] as const))("%s labelled as another type", async (_f, m, other) => {
      expect(other.mimeType).not.toBe(m.mimeType);
      const fromLabel = row.mimeFrom !== "signature";
      const part = await callAsync("from", mislabelled(row, m, other), { verifyMime: false });
      expect(part.mimeType).toBe(fromLabel ? other.mimeType : m.mimeType);
      if (fromLabel && !row.keepsUrl) {
        // With the check on, the label is checked against the bytes it holds.
        const e = await caught(() => callAsync("from", mislabelled(row, m, other)));
        expect(e).toBeInstanceOf(ContentPartError);
        expect(e.code).toBe("mime-mismatch");
      }
    });
  });
});

describe.each(TABLE.sync.factories)("ContentPart.$call of $source (options: $options)", (row) => {
  it.each(MEDIA)("holding $file", (m) => {
    const source = makeSource(row.source, m);
    const options = row.options === "name" ? { name: `shot.${m.ext}` } : row.options === "mimeType" ? { mimeType: m.mimeType.toUpperCase() } : undefined;
    const part = row.call === "fromJSON" ? ContentPart.fromJSON(source) : callSync(row.call, source, options);
    const url = row.keepsUrl ? (source as { url?: string }).url ?? (source as string) : undefined;
    expectPart(part, m, { keepsUrl: row.keepsUrl, url, name: row.options === "name" ? `shot.${m.ext}` : undefined });
    // The same part from any spelling: a round trip through JSON gives it back.
    expect(ContentPart.fromJSON(JSON.parse(JSON.stringify(part))).equals(part)).toBe(true);
  });
});

describe("the name a part gets", () => {
  const pdf = MEDIA.find((m) => m.ext === "pdf")!;
  const png = MEDIA.find((m) => m.ext === "png")!;

  it("a file part from a path is named by the path's base name; options.name wins", async () => {
    expect((await ContentPart.file(`fixtures/media/${pdf.file}`)).name).toBe("fixture.pdf");
    expect((await ContentPart.file(`./fixtures/media/${pdf.file}`, { name: "report.pdf" })).name).toBe("report.pdf");
  });

  it("an image from a path gets no name unless one is given", async () => {
    expect((await ContentPart.image(`fixtures/media/${png.file}`)).name).toBeUndefined();
    expect((await ContentPart.image(`fixtures/media/${png.file}`, { name: "shot.png" })).name).toBe("shot.png");
  });

  it("a part never holds the path it was read from", async () => {
    const part = await ContentPart.from(`fixtures/media/${pdf.file}`);
    expect(JSON.stringify(part)).not.toContain("fixtures/media");
  });

  it("a url part keeps the url as given, query and fragment included", async () => {
    const url = "https://example.test/a/B.PNG?w=10&h=20#x";
    const part = await ContentPart.image(url);
    expect(part.url).toBe(url);
    expect(part.mimeType).toBe("image/png");
  });
});

describe("a view's byteOffset is honoured, whatever its element size", () => {
  const bytes = Uint8Array.from({ length: 48 }, (_, i) => (i * 37) & 0xff);
  const { buffer } = { buffer: new ArrayBuffer(8 + 48 + 8) };
  new Uint8Array(buffer).fill(0xaa);
  new Uint8Array(buffer, 8, 48).set(bytes);
  const views: [string, ArrayBufferView][] = [
    ["Uint16Array", new Uint16Array(buffer, 8, 24)],
    ["Int32Array", new Int32Array(buffer, 8, 12)],
    ["Float32Array", new Float32Array(buffer, 8, 12)],
    ["Float64Array", new Float64Array(buffer, 8, 6)],
    ["BigUint64Array", new BigUint64Array(buffer, 8, 6)],
    ["DataView", new DataView(buffer, 8, 48)],
  ];
  it.each(views)("%s", async (_name, view) => {
    const sync = ContentPart.fromBytes(view, { mimeType: "application/octet-stream" });
    expect(sync.data).toBe(toBase64(bytes));
    const async_ = await ContentPart.file(view, { mimeType: "application/octet-stream" });
    expect(async_.equals(sync)).toBe(true);
  });

  it("the caller's bytes are copied: changing them later changes nothing", () => {
    const mine = bytes.slice();
    const part = ContentPart.fromBytes(mine, { mimeType: "application/octet-stream" });
    mine.fill(0);
    expect(part.data).toBe(toBase64(bytes));
    const out = part.bytes();
    out.fill(1);
    expect(part.bytes()).toEqual(bytes);
  });
});
