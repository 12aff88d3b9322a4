// The spec suite runs in three Jest projects: against the TypeScript source (every spec), and against the built CJS
// and ESM bundles (the contract subset below). Specs import the package by its public names (`toolnexus`,
// `toolnexus/providers`, `toolnexus/<host>`, `toolnexus/testing`, ...); each project maps those names to a
// different build. Every project only transpiles (ts-jest with `isolatedModules`, spec/tsconfig.bundle.json): the
// types of lib/ and of every spec are `npm run typecheck`'s job (tsconfig.json includes spec/), so one spec file
// runs in seconds. See CONTRIBUTING.md, "Three Jest projects".
import { existsSync, readdirSync } from "node:fs";

const tsJest = (useESM) => ["ts-jest", { tsconfig: "spec/tsconfig.bundle.json", useESM, diagnostics: { ignoreCodes: [151001] } }];

// The host entries: lib/hosts/<host>.ts is `toolnexus/<host>` (rollup.config.mjs builds one entry per file).
const hosts = readdirSync(new URL("lib/hosts/", import.meta.url))
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3));

// `toolnexus/testing/vitest-setup` ships as ESM only (as Vitest does), so the cjs target maps it to the ESM file.
const names = (target) => {
  const map = {
    src: { "": "lib/index.ts", providers: "lib/providers/index.ts", testing: "lib/testing/index.ts", "testing/setup": "lib/testing/setup.ts", temporal: "lib/temporal.ts", budgets: "lib/budgets/index.ts", "testing/vitest-setup": "lib/testing/vitest-setup.ts" },
    cjs: { "": "dist/cjs/index.cjs", providers: "dist/cjs/providers.cjs", testing: "dist/cjs/testing.cjs", "testing/setup": "dist/cjs/testing-setup.cjs", temporal: "dist/cjs/temporal.cjs", budgets: "dist/cjs/budgets.cjs", "testing/vitest-setup": "dist/esm/testing-vitest-setup.js" },
    esm: { "": "dist/esm/index.js", providers: "dist/esm/providers.js", testing: "dist/esm/testing.js", "testing/setup": "dist/esm/testing-setup.js", temporal: "dist/esm/temporal.js", budgets: "dist/esm/budgets.js", "testing/vitest-setup": "dist/esm/testing-vitest-setup.js" },
  }[target];
  for (const h of hosts) map[h] = { src: `lib/hosts/${h}.ts`, cjs: `dist/cjs/${h}.cjs`, esm: `dist/esm/${h}.js` }[target];
  const out = {};
  for (const [sub, file] of Object.entries(map)) out[sub ? `^toolnexus/${sub}$` : "^toolnexus$"] = `<rootDir>/${file}`;
  return out;
};

// The contract subset: what the two bundle projects run. Every spec runs on the source; a built bundle is the same
// code bundled, so it runs the specs that would catch what bundling can break (a second copy of a class, an entry
// that re-exports a copy, a chunk a reader needs, a door that crosses builds) and the laws and red-team tables that
// touch every export. One line per entry: the file and why a bundle runs it.
const CONTRACT = [
  ["spec/core/smoke.spec.ts", "each build loads and makes, reads and writes a result"],
  ["spec/entries.spec.ts", "every entry by its public name, and each host's functions === toolnexus/providers'"],
  ["spec/hostile/boundary.spec.ts", "copies across builds: values of the other build read through the boundary"],
  ["spec/hostile/receivers.spec.ts", "copies across builds, and the receivers table: every static and method on foreign receivers"],
  ["spec/hostile/part-receivers.spec.ts", "copies across builds, and the part receivers table"],
  ["spec/core/brand-checks.spec.ts", "copies across builds: the brand checks on values of the other build"],
  ["spec/core/answers.spec.ts", "copies across builds: answers(request) with a request of the other build"],
  ["spec/testing/copies.spec.ts", "copies across builds: the testing helpers on values of another loaded copy"],
  ["spec/parts/readers-bundle.spec.ts", "the readers of paths, Blobs and streams live in the core chunk, loaded statically"],
  ["spec/hosts/mcp/reading.spec.ts", "a reader: fromMcp through the trust boundary"],
  ["spec/hosts/langchain/tool-messages.spec.ts", "a reader: fromLangChain on messages LangChain itself made"],
  ["spec/hosts/a2a/fixtures.spec.ts", "a reader: fromA2a and fromA2aAnswer on the SDK's own wire values"],
  ["spec/hosts/laws.spec.ts", "the host laws (README, every host one behaviour): one row per host function"],
  ["spec/properties/hosts.spec.ts", "the host laws on generated values"],
  ["spec/hostile/corpus.spec.ts", "the red-team table: every broken document through every reading door"],
];
// A listed file that is missing (renamed, or not merged yet) is named on every run rather than skipped unseen.
for (const [file] of CONTRACT) {
  if (!existsSync(new URL(file, import.meta.url))) console.warn(`jest.config.mjs: the contract subset lists ${file}, which does not exist`);
}
const contract = CONTRACT.map(([file]) => `**/${file}`);

const common = {
  testEnvironment: "node",
  roots: ["<rootDir>/spec"],
  moduleFileExtensions: ["ts", "js", "cjs", "mjs", "json"],
};

const only = process.env.TOOLNEXUS_TARGETS ? process.env.TOOLNEXUS_TARGETS.split(",") : ["src", "cjs", "esm"];

export default {
  projects: [
    {
      ...common,
      displayName: "src",
      testMatch: ["**/*.spec.ts"],
      transform: { "^.+\\.ts$": tsJest(false) },
      moduleNameMapper: names("src"),
    },
    {
      ...common,
      displayName: "cjs",
      testMatch: contract,
      transform: { "^.+\\.ts$": tsJest(false) },
      moduleNameMapper: names("cjs"),
    },
    {
      ...common,
      displayName: "esm",
      testMatch: contract,
      extensionsToTreatAsEsm: [".ts"],
      transform: { "^.+\\.ts$": tsJest(true) },
      moduleNameMapper: names("esm"),
    },
  ].filter((p) => only.includes(p.displayName)),
};
