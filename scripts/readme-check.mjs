#!/usr/bin/env node
// Runs the README's quick start as written (the first ```ts block under "## Quick start"), against the
// source through tsconfig.json's paths, and checks that each `console.log(...)` line prints what its
// trailing comment says. Exits 1 when the block is missing, fails, or prints something else.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Quick start"));
const block = /```ts\n([\s\S]*?)```/.exec(section);
if (readme.indexOf("## Quick start") < 0 || !block) {
  console.error('README.md: no ```ts block under "## Quick start"');
  process.exit(1);
}
const code = block[1];
const expected = code
  .split("\n")
  .filter((line) => /^console\.log\(/.test(line))
  .map((line) => {
    const comment = /\/\/ (.*)$/.exec(line);
    if (!comment) throw new Error(`README quick start: a console.log line without the comment that says what it prints: ${line}`);
    return comment[1];
  });

const dir = join(root, ".scratch");
mkdirSync(dir, { recursive: true });
const file = join(dir, "readme-quick-start.mts");
writeFileSync(file, code);
let printed;
try {
  printed = execFileSync(join(root, "node_modules/.bin/tsx"), ["--tsconfig", join(root, "tsconfig.json"), file], { cwd: root, encoding: "utf8" });
} catch (e) {
  console.error(`README quick start failed:\n${e.stderr || e.message}`);
  process.exit(1);
}
const lines = printed.trimEnd().split("\n");
if (JSON.stringify(lines) !== JSON.stringify(expected)) {
  console.error(`README quick start printed:\n${lines.join("\n")}\nbut its comments say:\n${expected.join("\n")}`);
  process.exit(1);
}
console.log(`README quick start runs and prints what it says (${lines.length} lines)`);
