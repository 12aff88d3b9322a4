// Why the build is shaped this way:
//
// - Every entry point (core, providers, one per host, testing, testing/setup, testing/vitest-setup, temporal) is
//   built together, so that code they share (the ToolResult and ContentPart classes above all) lands in one shared
//   chunk. Loading `toolnexus/providers` next to `toolnexus` then gives the same classes, not a second copy.
// - One entry per host: each file of lib/hosts/ is the entry `toolnexus/<file name>` (the directory is the list;
//   package.json's `exports` names each, and spec/entries.spec.ts fails when one is missing). `toolnexus/providers`
//   (lib/providers/index.ts) re-exports them all, and rollup puts a module used by a host's entry and by
//   providers in that host's entry file: dist/esm/providers.js imports ./anthropic.js and the others, never a
//   copy of their code, so both names give the same functions (`===`).
// - ESM (`dist/esm/*.js`) and CJS (`dist/cjs/*.cjs`) are emitted side by side, each with its own
//   declarations (`.d.ts` and `.d.cts`): one declaration file for both formats makes attw report
//   "masquerading" types.
// - Nothing is minified: the published code stays readable in a stack trace. The size budget is measured
//   on a minified copy by `npm run bench`.
// - `hoistTransitiveImports: false`: an entry imports only its own chunk, not the chunk's dependencies as
//   bare side-effect imports (`import "immer"`), which bundlers warn about for `sideEffects: false` packages.
// - `toolnexus/testing/vitest-setup` is ESM only, as Vitest is (its CommonJS entry throws, and Vitest loads
//   setup files as ESM): its CJS files are dropped from the CJS output (`esmOnly`). The declarations of a
//   CJS copy would augment `vitest/index.d.cts`, a module apart from the one a test file imports.
// - One build log: the two configs (code, then declarations) would each print their own "created" lines,
//   so `npm run build` runs `rollup -c --silent` and `buildLog` prints one line when the last output is
//   written. `onLog` prints warnings all the same (rollup still calls it under --silent).
// - Runtime dependencies (immer, fast-deep-equal) and every `node:` module stay external. The core never
//   imports a `node:` module statically; the only one it uses (`node:fs/promises`, to read a file path) is a
//   dynamic `import()` inside a `try`, which keeps the core bundle loadable in browsers and edge runtimes.
// - `@temporalio/*` stays external too: it is an optional peer of `toolnexus/temporal` only, and the core
//   chunk never imports it (the temporal entry imports the core, not the other way round).
import { readdirSync, readFileSync } from "node:fs";
import typescript from "@rollup/plugin-typescript";
import { dts } from "rollup-plugin-dts";

// The host entries: lib/hosts/<host>.ts is `toolnexus/<host>`, built as dist/esm/<host>.js and dist/cjs/<host>.cjs.
const hosts = readdirSync("lib/hosts")
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3))
  .sort();

const input = {
  index: "lib/index.ts",
  providers: "lib/providers/index.ts",
  ...Object.fromEntries(hosts.map((h) => [h, `lib/hosts/${h}.ts`])),
  testing: "lib/testing/index.ts",
  "testing-setup": "lib/testing/setup.ts",
  "testing-vitest-setup": "lib/testing/vitest-setup.ts",
  temporal: "lib/temporal.ts",
  budgets: "lib/budgets/index.ts",
};

// Which host's declarations a lib/providers/ module belongs to: the one host entry that re-exports it. A module
// that several entries (or none) re-export, such as loss.ts with the shared `Loss` types, is the host kit's.
const hostOf = new Map();
for (const h of hosts) {
  for (const [, mod] of readFileSync(`lib/hosts/${h}.ts`, "utf8").matchAll(/from "\.\.\/providers\/([\w-]+)"/g)) {
    hostOf.set(mod, hostOf.has(mod) && hostOf.get(mod) !== h ? null : h);
  }
}

// Entries that ship as ESM only (see above): their CJS files are removed from the bundle before writing.
const esmOnly = ["testing-vitest-setup"];
const dropCjs = {
  name: "drop-cjs-of-esm-only-entries",
  generateBundle(options, bundle) {
    if (!options.dir?.endsWith("cjs")) return;
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type === "chunk" && chunk.isEntry && esmOnly.includes(chunk.name)) delete bundle[file];
    }
  },
};

// Declarations live in the entry that exports them, so that "Go to definition" opens `index.d.ts` (the core,
// which the others import from), a host's `anthropic.d.ts`, `providers.d.ts` or `testing.d.ts`, never a chunk
// named by a hash. Two shared files are left: `types/matcher-types.d.ts`, the matcher types both test runners'
// setups use, which must not pull in the other runner's declarations; and `types/host-kit.d.ts`, the types every
// host entry shares (`Loss`, `OnLoss`, `ProjectionOptions`, `UnsupportedPolicy`), which each host's entry
// re-exports from there.
const declarationChunk = (id) => {
  const path = id.replace(/\\/g, "/");
  if (/\/lib\/testing\/matcher-types\.ts$/.test(path)) return "matcher-types";
  if (/\/lib\/testing\/(vitest-setup|vitest)\.ts$/.test(path)) return undefined;
  if (/\/lib\/temporal\.ts$/.test(path)) return undefined;
  if (/\/lib\/budgets\//.test(path)) return "budgets";
  if (/\/lib\/testing\//.test(path)) return "testing";
  const host = /\/lib\/hosts\/([\w-]+)\.ts$/.exec(path);
  if (host) return host[1];
  if (/\/lib\/providers\/index\.ts$/.test(path)) return "providers";
  const provider = /\/lib\/providers\/([\w-]+)\.ts$/.exec(path);
  if (provider) return hostOf.get(provider[1]) ?? "host-kit";
  if (/\/lib\//.test(path)) return "index";
  return undefined;
};

// One line for the whole build, written after the last of the four outputs (two configs, two formats each).
const started = Date.now();
let files = 0;
let outputs = 0;
const OUTPUTS = 4;
const buildLog = {
  name: "build-log",
  writeBundle(options, bundle) {
    files += Object.keys(bundle).length;
    if (++outputs === OUTPUTS) {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`built ${Object.keys(input).length} entry points into dist/esm and dist/cjs (${files} files, code and declarations) in ${seconds}s`);
    }
  },
};

// Warnings are printed here, since --silent keeps rollup from printing them.
const onLog = (level, log, handler) => {
  if (level === "warn") console.warn(`(!) ${log.plugin ? `[${log.plugin}] ` : ""}${log.message}`);
  else handler(level, log);
};

const external = (id) =>
  id.startsWith("node:") || id === "immer" || id.startsWith("fast-deep-equal") || id.startsWith("@jest/") || id === "expect" || id === "vitest" || id.startsWith("@temporalio/");

// The shared chunk that holds the core's classes is named `core` whichever module rollup would name it after
// (the specs and the Temporal bundle check find it by that name); any other shared chunk keeps its module's name.
const chunkName = (ext) => (chunk) => (chunk.moduleIds.some((id) => id.endsWith("/lib/tool-result.ts")) ? `chunks/core-[hash].${ext}` : `chunks/[name]-[hash].${ext}`);

export default [
  {
    input,
    external,
    onLog,
    plugins: [typescript({ tsconfig: "./tsconfig.build.json" }), dropCjs, buildLog],
    output: [
      {
        dir: "dist/esm",
        format: "es",
        entryFileNames: "[name].js",
        chunkFileNames: chunkName("js"),
        hoistTransitiveImports: false,
      },
      {
        dir: "dist/cjs",
        format: "cjs",
        entryFileNames: "[name].cjs",
        chunkFileNames: chunkName("cjs"),
        exports: "named",
        dynamicImportInCjs: true,
        hoistTransitiveImports: false,
      },
    ],
  },
  {
    input,
    external,
    onLog,
    plugins: [dts({ tsconfig: "./tsconfig.build.json" }), dropCjs, buildLog],
    output: [
      { dir: "dist/esm", format: "es", entryFileNames: "[name].d.ts", chunkFileNames: "types/[name].d.ts", manualChunks: declarationChunk },
      { dir: "dist/cjs", format: "es", entryFileNames: "[name].d.cts", chunkFileNames: "types/[name].d.cts", manualChunks: declarationChunk },
    ],
  },
];
