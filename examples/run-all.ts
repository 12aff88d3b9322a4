// Runs every example in this folder against the built package (`toolnexus` resolves to dist/ through the
// package's own exports map), one after the other. An example asserts what it claims: a failed assertion
// fails the run.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run-all.ts" && !f.endsWith(".d.ts"))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  try {
    await import(pathToFileURL(join(dir, file)).href);
  } catch (e) {
    failed++;
    console.error(`FAILED: ${file}\n`, e);
  }
}
console.log(`\n${files.length - failed} examples passed, ${failed} failed`);
if (failed > 0) process.exit(1);
