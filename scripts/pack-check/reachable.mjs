// Every file the tarball ships under dist/ must be reachable from the package's entry points (the exports map,
// main, module, types) by following relative imports, requires and declaration references. A file that is not
// is dead weight, such as a chunk left over from an earlier build. Usage: node reachable.mjs <package dir>
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const dir = resolve(process.argv[2] ?? ".");
const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

const roots = [];
const collect = (value) => {
  if (typeof value === "string") roots.push(value);
  else if (value && typeof value === "object") Object.values(value).forEach(collect);
};
collect(pkg.exports);
for (const key of ["main", "module", "types", "typings"]) collect(pkg[key]);

// A bundler's magic comment may sit before the specifier of a dynamic import or require (`webpackMode`).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?|\brequire\s*\(\s*(?:\/\*[^*]*\*\/\s*)?|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;
const seen = new Set();
const queue = roots.filter((r) => r.startsWith("./") && !r.endsWith("package.json")).map((r) => resolve(dir, r));
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    console.error(`${relative(dir, file)} is referenced but missing`);
    process.exitCode = 1;
    continue;
  }
  // In a declaration file, `./x.js` means `./x.d.ts` (and `.cjs` means `.d.cts`), as TypeScript reads it.
  const declaration = /\.d\.[cm]?ts$/.test(file);
  for (const m of text.matchAll(SPECIFIER)) {
    const target = declaration ? m[1].replace(/\.(c|m)?js$/, ".d.$1ts") : m[1];
    queue.push(resolve(dirname(file), target));
  }
}

const walk = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
const shipped = walk(join(dir, "dist"));
const unreached = shipped.filter((f) => !seen.has(f)).map((f) => relative(dir, f));
if (unreached.length > 0) {
  console.error(`${unreached.length} of ${shipped.length} files under dist/ are not reachable from the entry points:`);
  for (const f of unreached) console.error(`  ${f}`);
  console.error("Clean dist/ before building (a stale chunk from an earlier build ships otherwise).");
  process.exitCode = 1;
} else if (process.exitCode !== 1) {
  console.log(`all ${shipped.length} files under dist/ are reachable from the entry points`);
}
