// The readers of file paths, Blobs and streams (lib/read-source.ts) are part of the core chunk, imported
// statically. CONTRIBUTING.md, "Package shape": the ESM build has no code-split chunk loaded by a relative dynamic
// `import()` (webpack turns one into an async chunk that Temporal's single-file workflow bundle drops), and
// the one lazy `node:` import carries `/* webpackIgnore: true */`. The readers import nothing of the library
// and report their failures as plain data, which the core turns into its own ContentPartError.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";

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

describe("the core's source loads the readers statically", () => {
  it("lib/ has no dynamic import but node:fs/promises", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith(".ts")) {
          for (const m of readFileSync(path, "utf8").matchAll(DYNAMIC_IMPORT)) if (m[1] !== "node:fs/promises") offenders.push(`${path}: ${m[1]}`);
        }
      }
    };
    walk(join(process.cwd(), "lib"));
    expect(offenders).toEqual([]);
  });
});

describe.each([
  ["esm", "js"],
  ["cjs", "cjs"],
])("the built %s bundle (npm run build first)", (format, ext) => {
  const dir = join(process.cwd(), "dist", format);
  const built = existsSync(join(dir, "chunks"));
  const files = built ? [...readdirSync(dir).filter((f) => f.endsWith(`.${ext}`)), ...readdirSync(join(dir, "chunks")).filter((f) => f.endsWith(`.${ext}`)).map((f) => `chunks/${f}`)] : [];
  /** The bundle specs need dist/: a missing build fails them rather than skipping them. */
  const needBuild = () => {
    if (!built) throw new Error(`${dir}/chunks is missing: build first (npm run build), then run the specs again.`);
  };

  it("no file loads another by a dynamic import: the only one left is node:fs/promises, marked webpackIgnore", () => {
    needBuild();
    const dynamic: string[] = [];
    for (const f of files) {
      const code = readFileSync(join(dir, f), "utf8");
      for (const m of code.matchAll(DYNAMIC_IMPORT)) dynamic.push(`${f}: ${m[0]}`);
      // CJS output turns a dynamic import of a chunk into a deferred require.
      expect(code).not.toMatch(/Promise\.resolve\(\)\.then\(function \(\) \{ return require\(/);
    }
    expect(dynamic).toHaveLength(1);
    expect(dynamic[0]).toMatch(/^chunks\/core-[\w-]+\.c?js: import\(\/\* webpackIgnore: true \*\/ 'node:fs\/promises'\)$/);
  });

  it("the readers are in the core chunk, not a chunk of their own", () => {
    needBuild();
    expect(files.filter((f) => /read-source/.test(f))).toEqual([]);
    // The readers' one dynamic import sits in the core chunk (the test above), so the readers are there too.
  });
});
