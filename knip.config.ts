// `npm run lint:unused`: no unused file, export or dependency (CONTRIBUTING.md, "Tools that keep the shape").
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  // The public entry points are the values of rollup.config.mjs's `input` (lib/index.ts, lib/providers/index.ts,
  // every lib/hosts/<host>.ts, lib/testing/index.ts, lib/testing/setup.ts, lib/testing/vitest-setup.ts,
  // lib/temporal.ts, lib/budgets/index.ts): that map names
  // the built files package.json's `exports` point to (dist/esm/<name>.js, dist/cjs/<name>.cjs), and knip's
  // Rollup plugin reads it, so it is the one list to keep (knip flags a copy here as a redundant entry). Their
  // own exports are the API and are not reported; an export of any other lib/ file must be reached from one of
  // them or not be exported at all. Were the plugin to miss them, every lib/ file would be reported unused.
  rollup: { config: ["rollup.config.mjs"] },
  entry: [
    // Everything else in the repository that uses the package and its devDependencies: the specs (and the
    // files they load by path, such as the Temporal workflow bundle's sources), the examples, the bench, and
    // the scripts CI runs (with the consumer projects they assemble).
    "spec/**/*.ts",
    "examples/*.ts",
    "bench/**/*.mjs",
    "scripts/**/*.{mjs,cjs,js,ts,mts,cts}",
    "fixtures/**/*.mjs",
  ],
  project: [
    "lib/**/*.ts!",
    "spec/**/*.ts",
    "examples/**/*.ts",
    "bench/**/*.mjs",
    "scripts/**/*.{mjs,cjs,js,ts,mts,cts}",
    "fixtures/**/*.mjs",
  ],
  // Used where knip does not look, each with where:
  ignoreDependencies: [
    // scripts/pack-check.sh runs node_modules/.bin/publint and node_modules/.bin/attw on the packed tarball
    // (knip reads package.json's scripts, not the shell scripts they run).
    "publint",
    "@arethetypeswrong/cli",
    // spec/durable/temporal-replay.spec.ts has @temporalio/worker bundle spec/durable/replay/workflows.ts
    // with webpack, which resolves the workflow runtime (@temporalio/workflow/lib/worker-interface.js) from the
    // project: it must be installed at the root, not only inside @temporalio/worker.
    "@temporalio/workflow",
  ],
};

export default config;
