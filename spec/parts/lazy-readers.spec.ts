// The readers of file paths, Blobs and streams (lib/read-source.ts) are loaded lazily, by a dynamic import
// inside the async factories: `import "toolnexus"` does not load them. They import nothing from the core (a
// lazily loaded chunk that imported the core chunk could get a second copy of its classes), report their
// failures as plain data, and the core turns those into its own ContentPartError.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, jest } from "@jest/globals";
import { ContentPart, ContentPartError } from "toolnexus";
import { caught } from "./support";

/** True when `toolnexus` is the TypeScript source here (the src project), where modules can be mocked. */
const onSource = typeof require === "function" && require.resolve("toolnexus").endsWith(".ts");

// Must run before anything in this file loads the readers; only the TypeScript source can be mocked so.
if (onSource) {
  jest.doMock("../../lib/read-source", () => {
    throw new Error("chunk not found");
  });
}

describe("loading the readers", () => {
  (onSource ? it : it.skip)("a failure to load them is a read-failed ContentPartError, from every async factory", async () => {
    for (const call of [() => ContentPart.image("fixtures/media/fixture.png"), () => ContentPart.from(new Blob([new Uint8Array([1])]))]) {
      const e = await caught(call);
      expect(e).toBeInstanceOf(ContentPartError);
      expect(e.code).toBe("read-failed");
      expect(e.path).toBe("");
      expect(e.message).toContain("chunk not found");
    }
    const r = await ContentPart.safeFile(new ReadableStream());
    expect(r.success).toBe(false);
    expect(r.error?.code).toBe("read-failed");
    // The sources the core reads itself never need the readers.
    expect((await ContentPart.image(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).mimeType).toBe("image/png");
    expect((await ContentPart.file("data:text/plain,hi")).mimeType).toBe("text/plain");
  });
});

/** A dynamic `import("x")`, with or without a bundler's magic comment before the specifier. */
const DYNAMIC_IMPORT = /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?["']([^"']+)["']\s*\)/g;

describe("lib/read-source.ts imports nothing of the library", () => {
  const source = readFileSync(join(process.cwd(), "lib/read-source.ts"), "utf8");

  it("no static import or export from another module", () => {
    expect(source).not.toMatch(/^\s*(import|export)\b[^(\n]*\bfrom\s*["']/m);
    expect(source).not.toMatch(/^\s*import\s*["']/m);
    expect(source).not.toMatch(/\brequire\s*\(/);
  });

  it("its only dynamic import is node:fs/promises, inside a try, marked for webpack to leave alone", () => {
    const specifiers = [...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]);
    expect(new Set(specifiers)).toEqual(new Set(["node:fs/promises"]));
    // webpackIgnore: Temporal's workflow bundler (webpack 5) fails on a `node:` import it is asked to bundle.
    expect(source).toMatch(/try\s*\{\s*fs = await import\(\/\* webpackIgnore: true \*\/ "node:fs\/promises"\);/);
  });
});

describe.each([
  ["esm", "js"],
  ["cjs", "cjs"],
])("the built %s bundle (npm run build first)", (format, ext) => {
  const dir = join(process.cwd(), "dist", format);
  const built = existsSync(join(dir, "chunks"));
  const files = built ? [...readdirSync(dir).filter((f) => f.endsWith(`.${ext}`)), ...readdirSync(join(dir, "chunks")).filter((f) => f.endsWith(`.${ext}`)).map((f) => `chunks/${f}`)] : [];
  const readers = files.filter((f) => /^chunks\/read-source-[\w-]+\./.test(f));
  /** The bundle specs need dist/: a missing build fails them rather than skipping them. */
  const needBuild = () => {
    if (!built) throw new Error(`${dir}/chunks is missing: build first (npm run build), then run the specs again.`);
  };

  it("the readers are a chunk of their own that imports nothing but node:fs/promises", () => {
    needBuild();
    expect(readers).toHaveLength(1);
    const code = readFileSync(join(dir, readers[0]!), "utf8");
    expect(code).not.toMatch(/^\s*import\b[^(]/m);
    expect(code).not.toMatch(/\brequire\s*\(/);
    expect([...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1])).toEqual(["node:fs/promises"]);
    expect(code).toContain("import(/* webpackIgnore: true */ 'node:fs/promises')");
  });

  it("every other file loads that chunk only on demand, never statically", () => {
    needBuild();
    const name = readers[0]!.slice("chunks/".length);
    // webpackMode "eager": webpack (Temporal's workflow bundler) keeps the chunk in its one bundle.
    const dynamic = format === "esm" ? `import(/* webpackMode: "eager" */ './${name}')` : `Promise.resolve().then(function () { return require(/* webpackMode: "eager" */ './${name}'); })`;
    let mentions = 0;
    for (const f of files) {
      if (f === readers[0]) continue;
      const code = readFileSync(join(dir, f), "utf8");
      const count = code.split(name).length - 1;
      mentions += count;
      expect(code.split(dynamic).length - 1).toBe(count);
    }
    expect(mentions).toBeGreaterThan(0);
  });
});
