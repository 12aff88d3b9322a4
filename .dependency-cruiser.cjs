// `npm run lint:deps`: the import graph of lib/ keeps its layers (CONTRIBUTING.md, "Tools that keep the shape").
// The layers, from the bottom: lib/read-source.ts (on its own); the core (every other lib/*.ts but temporal.ts);
// lib/providers/ with the host entries (lib/hosts/); lib/testing/ and lib/temporal.ts. A layer imports only from
// the ones below it.
/** npm packages, whatever package.json says of them (dependency, devDependency, peer, or not listed at all). */
const PACKAGE = ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "npm-unknown"];
/** The runtime dependencies (package.json `dependencies`), which every entry may load. */
const RUNTIME = "node_modules/(immer|fast-deep-equal)/";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A cycle makes the order in which modules are evaluated depend on which entry is loaded first (a class used " +
        "before it is defined), and ties the modules of the cycle into one. Type-only imports count too " +
        "(tsPreCompilationDeps): a cycle of types is a cycle of the design.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-no-outer-layer",
      severity: "error",
      comment:
        "The core (lib/*.ts but temporal.ts) is what `import \"toolnexus\"` loads: importing the providers, the " +
        "testing helpers or the Temporal converter would put them (and their optional peers) in every bundle, and " +
        "make the core depend on what is built on it.",
      from: { path: "^lib/[^/]+\\.ts$", pathNot: "^lib/temporal\\.ts$" },
      to: { path: ["^lib/providers/", "^lib/hosts/", "^lib/testing/", "^lib/temporal\\.ts$"] },
    },
    {
      name: "host-entries-re-export-their-host-only",
      severity: "error",
      comment:
        "A host's entry (lib/hosts/<host>.ts, `toolnexus/<host>`) holds that host's functions and types and " +
        "nothing else: it re-exports lib/providers/ modules, never another host's entry (which would load that " +
        "host's code with it), the testing helpers or the Temporal converter.",
      from: { path: "^lib/hosts/" },
      to: { path: ["^lib/hosts/", "^lib/testing/", "^lib/temporal\\.ts$"] },
    },
    {
      name: "host-entries-re-export-no-core-value",
      severity: "error",
      comment:
        "The core's classes and functions are `toolnexus`'s exports: a host's entry may name a core type its " +
        "signatures use (a type-only re-export), never re-export a core value as if it were the host's.",
      from: { path: "^lib/hosts/" },
      to: { path: "^lib/[^/]+\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "providers-modules-import-no-host-entry",
      severity: "error",
      comment:
        "The host entries are built on lib/providers/, not the other way round; only lib/providers/index.ts " +
        "(`toolnexus/providers`) re-exports them, so that both imports give the same functions.",
      from: { path: "^lib/providers/", pathNot: "^lib/providers/index\\.ts$" },
      to: { path: "^lib/hosts/" },
    },
    {
      name: "providers-import-no-testing",
      severity: "error",
      comment:
        "`toolnexus/providers` is production code: the testing helpers (matchers, serializers, runner setups) " +
        "are for test files only.",
      from: { path: "^lib/providers/" },
      to: { path: ["^lib/testing/", "^lib/temporal\\.ts$"] },
    },
    {
      name: "testing-imports-no-temporal",
      severity: "error",
      comment:
        "The testing entries need no Temporal code; importing lib/temporal.ts would make @temporalio/common a " +
        "dependency of every test setup.",
      from: { path: "^lib/testing/" },
      to: { path: "^lib/temporal\\.ts$" },
    },
    {
      name: "read-source-imports-nothing-of-the-library",
      severity: "error",
      comment:
        "lib/read-source.ts reads files, Blobs and streams for the core and must stay a leaf: it imports nothing " +
        "of the library (the core passes it what it needs), so it can be checked and bundled on its own " +
        "(spec/parts/readers-bundle.spec.ts).",
      from: { path: "^lib/read-source\\.ts$" },
      to: { path: "^lib/" },
    },
    {
      name: "node-builtins-only-in-read-source",
      severity: "error",
      comment:
        "The core runs in browsers and edge runtimes: only lib/read-source.ts touches a Node built-in, and only " +
        "through a dynamic import() (node:fs/promises, to read a file path), which a web bundler leaves alone.",
      from: { path: "^lib/", pathNot: "^lib/read-source\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "read-source-loads-node-builtins-lazily",
      severity: "error",
      comment: "A static import of a Node built-in would make the core fail to load (or to bundle) in a browser.",
      from: { path: "^lib/read-source\\.ts$" },
      to: { dependencyTypes: ["core"], dependencyTypesNot: ["dynamic-import", "type-only", "type-import"] },
    },
    {
      name: "core-and-providers-import-only-runtime-dependencies",
      severity: "error",
      comment:
        "The core and the providers load nothing but the runtime dependencies (immer, fast-deep-equal): an SDK or " +
        "a devDependency would be missing in a user's install, and the published declarations import no SDK " +
        "(the providers describe each SDK's shapes structurally).",
      from: { path: "^lib/", pathNot: ["^lib/temporal\\.ts$", "^lib/testing/"] },
      to: { dependencyTypes: PACKAGE, pathNot: RUNTIME },
    },
    {
      name: "temporal-imports-only-temporal-common",
      severity: "error",
      comment:
        "toolnexus/temporal adds one optional peer dependency, @temporalio/common (peerDependenciesMeta: " +
        "optional): nothing else of Temporal's (the worker and the workflow runtime are the user's).",
      from: { path: "^lib/temporal\\.ts$" },
      to: { dependencyTypes: PACKAGE, pathNot: [RUNTIME, "node_modules/@temporalio/common/"] },
    },
    {
      name: "testing-imports-only-its-runners",
      severity: "error",
      comment:
        "The testing entries take the runner's `expect` from the caller (install(expect)), except " +
        "lib/testing/vitest-setup.ts, which imports Vitest's (vitest is an optional peer dependency), and the " +
        "Jest declarations, which extend the `expect` package's Matchers by a type-only import (a module " +
        "augmentation: nothing of it is loaded).",
      from: { path: "^lib/testing/" },
      to: {
        dependencyTypes: PACKAGE,
        pathNot: [RUNTIME, "node_modules/vitest/", "node_modules/expect/"],
      },
    },
    {
      name: "vitest-only-in-vitest-setup",
      severity: "error",
      comment:
        "Only toolnexus/testing/vitest-setup (ESM only, as Vitest is) may load vitest: a Jest user's setup must " +
        "not need it.",
      from: { path: "^lib/testing/", pathNot: "^lib/testing/vitest-setup\\.ts$" },
      to: { path: "node_modules/vitest/" },
    },
    {
      name: "expect-only-as-types",
      severity: "error",
      comment:
        "The `expect` package is Jest's: the Jest declarations extend its Matchers, but no code may load it " +
        "(toolnexus/testing works with any runner's expect, handed to install()).",
      from: { path: "^lib/testing/" },
      to: { path: "node_modules/expect/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-unresolvable-import",
      severity: "error",
      comment: "An import that does not resolve fails at run time or in a user's bundler.",
      from: { path: "^lib/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Type-only imports are edges of the graph too (a cycle of types counts; see no-circular).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // The rules look at what lib/ imports, not inside the packages it imports.
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules)/" },
  },
};
