// The spec suite runs three times: against the TypeScript source, against the built CJS bundle and against
// the built ESM bundle. Specs import the package by its public names (`toolnexus`, `toolnexus/providers`,
// `toolnexus/testing`); each project maps those names to a different build.
// The source project type-checks every spec; the two bundle projects only transpile (the types were checked once).
const tsJest = (useESM, typeCheck = true) => [
  "ts-jest",
  { tsconfig: typeCheck ? "tsconfig.json" : "spec/tsconfig.bundle.json", useESM, diagnostics: { ignoreCodes: [151001] } },
];

// `toolnexus/testing/vitest-setup` ships as ESM only (as Vitest does), so the cjs target maps it to the ESM file.
const names = (target) => {
  const map = {
    src: { "": "lib/index.ts", providers: "lib/providers/index.ts", testing: "lib/testing/index.ts", "testing/setup": "lib/testing/setup.ts", temporal: "lib/temporal.ts", "testing/vitest-setup": "lib/testing/vitest-setup.ts" },
    cjs: { "": "dist/cjs/index.cjs", providers: "dist/cjs/providers.cjs", testing: "dist/cjs/testing.cjs", "testing/setup": "dist/cjs/testing-setup.cjs", temporal: "dist/cjs/temporal.cjs", "testing/vitest-setup": "dist/esm/testing-vitest-setup.js" },
    esm: { "": "dist/esm/index.js", providers: "dist/esm/providers.js", testing: "dist/esm/testing.js", "testing/setup": "dist/esm/testing-setup.js", temporal: "dist/esm/temporal.js", "testing/vitest-setup": "dist/esm/testing-vitest-setup.js" },
  }[target];
  const out = {};
  for (const [sub, file] of Object.entries(map)) out[sub ? `^toolnexus/${sub}$` : "^toolnexus$"] = `<rootDir>/${file}`;
  return out;
};

const common = {
  testEnvironment: "node",
  roots: ["<rootDir>/spec"],
  testMatch: ["**/*.spec.ts"],
  moduleFileExtensions: ["ts", "js", "cjs", "mjs", "json"],
};

const only = process.env.TOOLNEXUS_TARGETS ? process.env.TOOLNEXUS_TARGETS.split(",") : ["src", "cjs", "esm"];

export default {
  projects: [
    {
      ...common,
      displayName: "src",
      transform: { "^.+\\.ts$": tsJest(false) },
      moduleNameMapper: names("src"),
    },
    {
      ...common,
      displayName: "cjs",
      testPathIgnorePatterns: ["/spec/source-only/"],
      transform: { "^.+\\.ts$": tsJest(false, false) },
      moduleNameMapper: names("cjs"),
    },
    {
      ...common,
      displayName: "esm",
      testPathIgnorePatterns: ["/spec/source-only/"],
      extensionsToTreatAsEsm: [".ts"],
      transform: { "^.+\\.ts$": tsJest(true, false) },
      moduleNameMapper: names("esm"),
    },
  ].filter((p) => only.includes(p.displayName)),
};
