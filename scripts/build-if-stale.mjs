// `npm run build:stale`: builds dist/ (`npm run build`) unless it is newer than every input of the build, so that the
// commands that need dist/ (npm test, typecheck, examples, test:browser, bench, the package checks) build once
// between two changes instead of once each: CI runs them one after the other on one build.
//
// The inputs are lib/ (its files and its directories, whose time changes when a file is added, removed or renamed),
// rollup.config.mjs, tsconfig.json, tsconfig.build.json and package.json. The build's own outputs are compared by
// the oldest of them, so a build that stopped half-way is built again. `TOOLNEXUS_REBUILD=1` always builds.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const INPUTS = ["lib", "rollup.config.mjs", "tsconfig.json", "tsconfig.build.json", "package.json"];

/** The newest modification time under `path` (directories included), in ms. */
function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

/** The oldest modification time of the files rollup wrote (every file under dist/), or -Infinity when none. */
function oldestOutput(dir) {
  if (!existsSync(dir)) return -Infinity;
  let t = Infinity;
  let files = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        files++;
        t = Math.min(t, statSync(p).mtimeMs);
      }
    }
  };
  walk(dir);
  return files === 0 ? -Infinity : t;
}

const dist = join(ROOT, "dist");
// Every entry of the build must be there (a dist/ from an older checkout may lack a newer entry).
const entries = ["esm/index.js", "cjs/index.cjs", "esm/index.d.ts", "cjs/index.d.cts", "esm/providers.js", "cjs/providers.cjs"];
const complete = entries.every((f) => existsSync(join(dist, f)));
const inputs = Math.max(...INPUTS.map((p) => newest(join(ROOT, p))));
if (process.env.TOOLNEXUS_REBUILD !== "1" && complete && oldestOutput(dist) > inputs) {
  console.log("dist/ is up to date with lib/ (npm run build rebuilds it)");
} else {
  execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
}
