// The one scratch project of testing-consumer-check.sh holds Jest and Vitest side by side, so a Jest entry that
// imported Vitest (or the Vitest entry that imported Jest's packages) would still run there, though it fails for a
// user who has only one of them. This follows each testing entry of the installed package through its relative
// imports and requires (esbuild parses them; comments and strings are not imports) and fails when one reaches the
// other runner. Usage: node runner-imports.mjs <installed package dir>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const dir = process.argv[2];
const { exports } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const jest = /^(jest|expect|@jest\/[^/]+|@types\/jest|jest-[^/]+)$/;
const vitest = /^(vitest|vite|@vitest\/[^/]+)$/;
const checks = [
  ["./testing", "import", vitest],
  ["./testing", "require", vitest],
  ["./testing/setup", "import", vitest],
  ["./testing/setup", "require", vitest],
  ["./testing/vitest-setup", "import", jest],
];

const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
let failed = false;
for (const [subpath, condition, forbidden] of checks) {
  const target = exports[subpath]?.[condition] ?? exports[subpath];
  const file = typeof target === "string" ? target : target?.default;
  if (typeof file !== "string") {
    console.error(`${subpath} has no ${condition} file in the exports map`);
    failed = true;
    continue;
  }
  const { metafile } = await build({
    entryPoints: [join(dir, file)],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: condition === "require" ? "cjs" : "esm",
    packages: "external",
    logLevel: "silent",
  });
  const reached = new Set();
  for (const input of Object.values(metafile.inputs)) {
    for (const i of input.imports) if (i.external) reached.add(packageOf(i.path));
  }
  const wrong = [...reached].filter((name) => forbidden.test(name));
  if (wrong.length > 0) {
    console.error(`${subpath} (${condition}, ${file}) imports ${wrong.join(", ")}, of the other test runner`);
    failed = true;
  } else {
    console.log(`${subpath} (${condition}) imports ${[...reached].sort().join(", ") || "no package"}`);
  }
}
process.exitCode = failed ? 1 : 0;
