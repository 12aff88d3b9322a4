// Every entry of the installed package, from ESM and from CommonJS: each subpath of `exports` resolves, under both
// conditions, to a file of the installed dist/ (ESM's to dist/esm/, CommonJS's to dist/cjs/, but for the ESM-only
// toolnexus/testing/vitest-setup); and each host entry (`toolnexus/anthropic`, ...) loaded in each format gives the
// very functions `toolnexus/providers` gives in that format (`===`): the providers entry imports the host chunks, it
// holds no copy of them. Run by scripts/pack-check.sh in the scratch project.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = fileURLToPath(new URL(".", import.meta.url));
const installed = `${here}node_modules/toolnexus/`;
const pkg = JSON.parse(readFileSync(`${installed}package.json`, "utf8"));

/** Subpaths that are not a host: the core, the providers, the testing helpers, the Temporal converter. */
const NOT_HOSTS = new Set(["toolnexus", "toolnexus/providers", "toolnexus/testing", "toolnexus/testing/setup", "toolnexus/testing/vitest-setup", "toolnexus/temporal", "toolnexus/budgets", "toolnexus/package.json"]);
const ESM_ONLY = new Set(["toolnexus/testing/vitest-setup"]);

const names = Object.keys(pkg.exports).map((k) => (k === "." ? "toolnexus" : `toolnexus/${k.slice(2)}`));
const hosts = names.filter((n) => !NOT_HOSTS.has(n));
assert.ok(hosts.length >= 10, `the exports map names ${hosts.length} host entries, expected at least 10`);

let resolved = 0;
for (const name of names) {
  if (name === "toolnexus/package.json") continue;
  const esm = fileURLToPath(import.meta.resolve(name));
  assert.ok(esm.startsWith(`${installed}dist/esm/`) && existsSync(esm), `import "${name}" resolved to ${esm}, not to a file of the installed ESM build`);
  const cjs = require.resolve(name);
  const build = ESM_ONLY.has(name) ? "esm" : "cjs";
  assert.ok(cjs.startsWith(`${installed}dist/${build}/`) && existsSync(cjs), `require("${name}") resolved to ${cjs}, not to a file of the installed ${build.toUpperCase()} build`);
  resolved += 2;
}

/** The names a module exports (a CommonJS module as `require` gives it: `__esModule` is not an export). */
const exported = (mod) => Object.keys(mod).filter((k) => k !== "default" && k !== "__esModule" && k !== "module.exports");

let same = 0;
const esmProviders = await import("toolnexus/providers");
const cjsProviders = require("toolnexus/providers");
const seen = { esm: new Set(), cjs: new Set() };
for (const host of hosts) {
  const forms = [
    ["esm", await import(host), esmProviders],
    ["cjs", require(host), cjsProviders],
  ];
  for (const [format, mod, providers] of forms) {
    const keys = exported(mod);
    assert.ok(keys.some((k) => typeof mod[k] === "function"), `${host} (${format}) exports no function`);
    for (const k of keys) {
      assert.ok(mod[k] === providers[k], `${host} (${format}): ${k} is not === toolnexus/providers' ${k}`);
      assert.ok(!seen[format].has(k), `${k} is exported by two host entries (${format})`);
      seen[format].add(k);
      same++;
    }
  }
  const esmFn = exported(forms[0][1]).find((k) => typeof forms[0][1][k] === "function");
  assert.notEqual(forms[0][1][esmFn], forms[1][1][esmFn], `${host}: the ESM and CJS builds are two copies`);
}
for (const [format, providers] of [["esm", esmProviders], ["cjs", cjsProviders]]) {
  const extra = exported(providers).filter((k) => !seen[format].has(k));
  assert.deepEqual(extra, [], `toolnexus/providers (${format}) exports values no host entry exports`);
}
console.log(`entries: ${names.length - 1} entry points resolve from ESM and CJS (${resolved} resolutions); ${hosts.length} host entries give ${same} values === toolnexus/providers' (both formats)`);
