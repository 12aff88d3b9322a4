// Node versions, as the lockfile's packages declare them (run in CI after `npm ci`).
//
// 1. What a user installs: every runtime dependency (the lockfile's entries that are not dev-only) accepts
//    the lowest Node that package.json's `engines` allows. A package that says "Node >= 20" must not pull in
//    one that needs 22.
// 2. What a contributor installs: every package `npm ci` placed in node_modules accepts the Node running
//    this script, except the ones listed in EXCEPTIONS below, each with the reason it is kept. Those are the
//    SDK generations the projections are checked against; their current majors declare Node >= 22 and `npm
//    ci` on Node 20 prints an EBADENGINE warning for each. The spec suite runs them on Node 20 (CI does).
//    An exception that no longer applies (the package is gone, or now accepts this Node) fails the check,
//    so the list, and the warnings it explains, stay exact (judged on Node 20, the line CI runs).
//
// Usage: node scripts/engines-check.mjs
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const semver = require("semver");

/** Packages allowed to declare a Node newer than the one running, and why each is kept at that version. */
const EXCEPTIONS = {
  ai: "AI SDK 7: `toAiSdk` emits its current `file` content items (README, 'What each provider carries, and what becomes a loss'); AI SDK 6, the last to accept Node 20, has only the deprecated `image-data`/`file-data` ones",
  "@ai-sdk/provider": "part of AI SDK 7 (see `ai`)",
  "@ai-sdk/provider-utils": "part of AI SDK 7 (see `ai`)",
  "@ai-sdk/gateway": "part of AI SDK 7 (see `ai`)",
  openai: "@openai/agents-core 0.15 and later (0.20.0 pinned: the structured tool outputs `toAgentsToolOutput` gives) depend on openai 7; every openai 7 declares Node >= 22",
  "@google/genai": "the current Gemini SDK, 3.x, whose every release declares Node >= 22; `toGemini` is checked against it",
};

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const floor = semver.minVersion(pkg.engines.node);
const running = process.versions.node;
const problems = [];
const excepted = new Map();

for (const [path, entry] of Object.entries(lock.packages)) {
  if (path === "" || !path.includes("node_modules/")) continue;
  const name = entry.name ?? path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
  const range = entry.engines?.node;
  if (typeof range !== "string" || !semver.validRange(range)) continue;
  if (!entry.dev && !semver.satisfies(floor, range)) {
    problems.push(`${name}@${entry.version} is a runtime dependency and needs Node ${range}, but package.json's engines allow Node ${floor}: pin a version that supports it, or raise engines (CONTRIBUTING.md, "Package shape": Node >= 20).`);
  }
  if (!existsSync(`${path}/package.json`)) continue; // an optional package this platform skipped
  if (semver.satisfies(running, range)) continue;
  if (Object.hasOwn(EXCEPTIONS, name)) excepted.set(name, `${name}@${entry.version} (Node ${range})`);
  else problems.push(`${name}@${entry.version} (${path}) needs Node ${range}, and this is Node ${running}: pin a version that supports Node ${floor.major}, or add it to EXCEPTIONS in scripts/engines-check.mjs with the reason it is kept.`);
}
// Staleness is judged on the Node line of the engines floor (what CI runs); on a newer Node every exception
// is satisfied and says nothing.
const onFloorLine = semver.major(running) === floor.major;
for (const name of Object.keys(EXCEPTIONS)) {
  if (onFloorLine && !excepted.has(name)) problems.push(`EXCEPTIONS in scripts/engines-check.mjs lists ${name}, but no installed ${name} needs a newer Node than ${running}: remove it from the list.`);
}

if (problems.length > 0) {
  console.error(`engines check failed:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`engines: every runtime dependency accepts Node ${floor} (package.json: ${pkg.engines.node}); every installed package accepts Node ${running} except ${excepted.size} kept on purpose (scripts/engines-check.mjs says why):`);
for (const line of excepted.values()) console.log(`  ${line}`);
