#!/usr/bin/env node
// The mutation run (`npm run mutate`): one-line changes to lib/ that break a promise the README makes, each
// applied alone, with the specs that should notice it run against the TypeScript source. A mutation is
// killed when at least one test fails; one that every test passes has survived, and the suite has a hole.
// A mutation of a documented promise (`promise: true`) must be killed by at least two tests, so that no
// promise rests on a single assertion.
//
//   npm run mutate                      every mutation, then a summary; exit 1 when any survives
//   npm run mutate -- --list            the mutations, without running anything; exit 1 when an anchor is
//                                       lost or doubled (CI runs this)
//   npm run mutate -- --only a,b        only the mutations with these ids
//   npm run mutate -- --json out.json   also write the results as JSON
//   npm run mutate -- --markdown out.md the results as the table of CONTRIBUTING.md
//
// Each mutation names its file, the exact original snippet (its anchor, which must occur exactly once) and
// its replacement. Before anything runs, `--list` included, every anchor is checked: a snippet no longer in
// its file (lost: lib/ changed under it) or in it more than once (doubled: only the first would change) is
// named on stderr and the script exits 1, so the list is updated rather than silently skipped. Keep anchors
// short and distinctive (the few characters that carry the promise), so that they survive refactoring
// around them. The file is restored after each run, and on Ctrl-C.
// The specs run in one Jest project against lib/ with ts-jest transpiling only (a mutation is judged by the
// tests, never by the type checker), with a timeout per mutation. CONTRIBUTING.md lists the mutations and
// the tests that kill each.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TIMEOUT_MS = 10 * 60 * 1000;

/**
 * The mutations. `specs`: the spec files that should kill it (paths under spec/). `promise`: the behaviour
 * is a documented promise (README), so two tests at least must fail.
 */
export const MUTATIONS = [
  {
    id: "equals-isError",
    promise: true,
    what: "equals compares isError",
    file: "lib/tool-result.ts",
    find: "other.isError === r.isError",
    replace: "true",
    specs: ["spec/core/fixtures.spec.ts", "spec/properties/equality.spec.ts"],
  },
  {
    id: "equals-hazard-keys",
    promise: true,
    what: "keys that fast-deep-equal misreads as methods (constructor, valueOf, toString) compare as data: it never sees a tree holding one",
    file: "lib/json-data.ts",
    find: "size < SMALL && !HAZARD.has(a) && !HAZARD.has(b)) return",
    replace: "size < SMALL) return",
    specs: ["spec/core/fixtures.spec.ts", "spec/properties/equality.spec.ts", "spec/hostile/recipes.spec.ts"],
  },
  {
    id: "wire-null-parts",
    promise: true,
    what: "toJSON omits parts when they are null",
    file: "lib/tool-result.ts",
    find: "if (r.parts) out.parts = r.parts.map(",
    replace: "out.parts = (r.parts ?? []).map(",
    specs: ["spec/core/fixtures.spec.ts", "spec/core/tool-result.spec.ts", "spec/properties/round-trip.spec.ts"],
  },
  {
    id: "wire-null-metadata",
    promise: true,
    what: "toJSON omits metadata when it is null",
    file: "lib/tool-result.ts",
    find: "if (m) out.metadata = p ?",
    replace: "out.metadata = p ?",
    specs: ["spec/core/fixtures.spec.ts", "spec/core/tool-result.spec.ts", "spec/properties/round-trip.spec.ts"],
  },
  {
    id: "metadata-empty-is-null",
    promise: true,
    what: "metadata {} is stored as null",
    file: "lib/metadata.ts",
    find: "return Object.keys(out).length === 0 ? null : out;",
    replace: "return out;",
    specs: ["spec/core/fixtures.spec.ts", "spec/core/tool-result.spec.ts", "spec/properties/round-trip.spec.ts"],
  },
  {
    id: "metadata-drops-undefined",
    promise: true,
    what: "metadata keys whose value is undefined are dropped, not refused",
    file: "lib/json-data.ts",
    find: "if (v !== undefined) {",
    replace: "if (true) {",
    specs: ["spec/core/fixtures.spec.ts", "spec/core/tool-result.spec.ts", "spec/properties/inputs-and-copies.spec.ts"],
  },
  {
    id: "cycle-detection",
    promise: true,
    what: "a cycle is refused with code cycle",
    file: "lib/json-data.ts",
    find: "walk.ancestors.includes(obj)",
    replace: "false",
    specs: ["spec/core/fixtures.spec.ts", "spec/core/tool-result.spec.ts", "spec/hostile/corpus.spec.ts"],
  },
  {
    id: "depth-limit",
    promise: true,
    what: "nesting deeper than 1000 objects and arrays is refused (too-deep), 1000 is accepted",
    file: "lib/json-data.ts",
    find: "depth >= MAX_DEPTH",
    replace: "depth > MAX_DEPTH",
    specs: ["spec/core/fixtures.spec.ts", "spec/hostile/size.spec.ts"],
  },
  {
    id: "base64-canonical",
    promise: true,
    what: "fromBase64 stores canonical padded standard base64, whatever the spelling",
    file: "lib/part-build.ts",
    find: "toCanonicalBase64(given)",
    replace: "given",
    specs: ["spec/parts/base64.spec.ts", "spec/parts/sources.spec.ts"],
  },
  {
    id: "mime-signature-check",
    promise: true,
    what: "bytes whose signature contradicts the mime type are a mime-mismatch",
    file: "lib/part-build.ts",
    find: "hasSignature(mime) && found !== mime)",
    replace: "hasSignature(mime) && found === undefined)",
    specs: ["spec/parts/sources.spec.ts", "spec/parts/mime-and-urls.spec.ts", "spec/parts/media.spec.ts"],
  },
  {
    id: "mime-family-check",
    promise: true,
    what: "a factory of one type refuses a mime type of another family (image() of a PDF)",
    file: "lib/part-build.ts",
    find: "kind !== undefined && kind !== family",
    replace: "kind !== undefined && false",
    specs: ["spec/parts/sources.spec.ts", "spec/parts/mime-and-urls.spec.ts"],
  },
  {
    id: "truncate-marker",
    promise: true,
    what: "a cut output ends with [truncated: K of N characters]",
    file: "lib/truncate.ts",
    find: "const marker = (k: number) => `[truncated: ${k} of ${n} characters]`;",
    replace: "const marker = (k: number) => `[truncated: ${k} of ${n} chars]`;",
    specs: ["spec/core/conveniences.spec.ts", "spec/core/tool-result.spec.ts"],
  },
  {
    id: "estimated-tokens",
    promise: true,
    what: "a data part's estimatedTokens is max(85, floor(bytes / 750))",
    file: "lib/content-part.ts",
    find: "Math.floor(p.byteLength / 750)",
    replace: "Math.ceil(p.byteLength / 750)",
    specs: ["spec/parts/summary.spec.ts"],
  },
  {
    id: "pending-output",
    promise: true,
    what: "a pending result's output is the prompt, then a newline and the url when there is one",
    file: "lib/tool-result.ts",
    find: "const output = pendingText(req.prompt, req.url);",
    replace: "const output = req.prompt;",
    specs: ["spec/core/fixtures.spec.ts", "spec/core/conveniences.spec.ts", "spec/core/tool-result.spec.ts"],
  },
  {
    id: "pending-is-error",
    promise: true,
    what: "a pending result is an error result",
    file: "lib/tool-result.ts",
    find: "isError: true, metadata: toMetadata(",
    replace: "isError: false, metadata: toMetadata(",
    specs: ["spec/core/fixtures.spec.ts", "spec/core/conveniences.spec.ts", "spec/core/tool-result.spec.ts"],
  },
  {
    id: "loss-policy-error",
    promise: true,
    what: 'unsupported: "error" throws a ContentPartError for a lost part; "omit" does not',
    file: "lib/providers/loss.ts",
    find: 'if (ctx.policy === "error") {\n    throw new ContentPartError(\n',
    replace: 'if (ctx.policy === "omit") {\n    throw new ContentPartError(\n',
    specs: ["spec/hosts/projections.spec.ts", "spec/hosts/projection-behaviour.spec.ts"],
  },
  {
    id: "loss-reported-before-throw",
    promise: true,
    what: "onLoss hears of every loss, whatever the policy (error included, before the throw)",
    file: "lib/providers/loss.ts",
    find: "  reportLoss(ctx, path, reason, part, placeholder);\n  if (ctx.policy === \"error\")",
    replace: "  if (ctx.policy !== \"error\") reportLoss(ctx, path, reason, part, placeholder);\n  if (ctx.policy === \"error\")",
    specs: ["spec/hosts/projections.spec.ts", "spec/hosts/projection-behaviour.spec.ts"],
  },
  {
    id: "loss-placeholder-text",
    promise: true,
    what: "a lost part is named by [unsupported <type> part (<mime>, <bytes> bytes)]",
    file: "lib/providers/loss.ts",
    find: "return `[unsupported ${partLabel(part)}]`;",
    replace: "return `[unsupported part]`;",
    specs: ["spec/hosts/projections.spec.ts", "spec/hosts/projection-behaviour.spec.ts"],
  },
  {
    id: "anthropic-blank-output-report",
    promise: true,
    what: "toAnthropic leaves a blank output out and reports it to onLoss (path output)",
    file: "lib/providers/anthropic.ts",
    find: 'if (output === "" && r.output !== "") reportLoss(ctx, "output",',
    replace: 'if (output === "" && r.output !== "" && false) reportLoss(ctx, "output",',
    specs: ["spec/hosts/projections.spec.ts"],
  },
  {
    id: "mcp-pending-not-in-meta",
    promise: true,
    what: "toMcp with meta: true copies metadata into _meta, but never pending",
    file: "lib/providers/mcp.ts",
    find: "if (key === PENDING) continue;",
    replace: "if (key === PENDING + 1) continue;",
    specs: ["spec/hosts/projections.spec.ts", "spec/hosts/projection-behaviour.spec.ts"],
  },
  {
    id: "elicitation-expiry-loss",
    promise: true,
    what: "toMcpElicitation reports expiresAt to onLoss (an MCP elicitation carries no expiry)",
    file: "lib/providers/mcp-elicitation.ts",
    find: "if (request.expiresAt !== undefined) reportLoss(",
    replace: "if (false) reportLoss(",
    specs: ["spec/hosts/mcp/elicitation.spec.ts", "spec/hosts/bridge-loss-kinds.spec.ts"],
  },
  {
    id: "elicit-result-refusal-loss",
    promise: true,
    what: "toMcpElicitResult reports the data of a refusal to onLoss (MCP sends no content with one)",
    file: "lib/providers/mcp-elicitation.ts",
    find: "if (a.data !== undefined && to.onLoss !== undefined) {",
    replace: "if (a.data !== undefined && to.onLoss !== undefined && false) {",
    specs: ["spec/hosts/mcp/elicitation.spec.ts", "spec/hosts/bridge-loss-kinds.spec.ts"],
  },
  {
    id: "approval-denial-loss",
    promise: true,
    what: "toAiSdkApprovalResponse reports a cancelled or expired answer, sent as a denial, to onLoss",
    file: "lib/providers/ai-sdk-approvals.ts",
    find: 'if (a.reason === "cancelled" || a.reason === "expired") {',
    replace: 'if (a.reason === "cancelled") {',
    specs: ["spec/hosts/ai-sdk/approvals.spec.ts", "spec/hosts/bridge-loss-kinds.spec.ts"],
  },
  {
    id: "answer-answers-id",
    promise: true,
    what: "answer.answers(id) is true for the request's id",
    file: "lib/answer.ts",
    find: "return given === id;",
    replace: "return false;",
    specs: ["spec/core/tool-result.spec.ts", "spec/properties/round-trip.spec.ts"],
  },
];

function parseArgs(argv) {
  const args = { list: false, only: undefined, json: undefined, markdown: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--list") args.list = true;
    else if (a === "--only") args.only = new Set(argv[++i].split(","));
    else if (a === "--json") args.json = argv[++i];
    else if (a === "--markdown") args.markdown = argv[++i];
    else throw new Error(`mutate: unknown argument ${a} (use --list, --only a,b, --json file or --markdown file)`);
  }
  return args;
}

/** The Jest config: the `src` project of jest.config.mjs, transpiling only. */
async function jestConfig(dir) {
  process.env.TOOLNEXUS_TARGETS = "src";
  const { default: base } = await import(pathToFileURL(join(ROOT, "jest.config.mjs")).href);
  const src = base.projects.find((p) => p.displayName === "src");
  const [name, options] = src.transform["^.+\\.ts$"];
  const project = { ...src, rootDir: ROOT, transform: { "^.+\\.ts$": [name, { ...options, tsconfig: "spec/tsconfig.bundle.json" }] } };
  const file = join(dir, "jest.config.json");
  writeFileSync(file, JSON.stringify({ rootDir: ROOT, projects: [project] }));
  return file;
}

/** Runs the specs; returns the names of the failing tests, or why the run gave none. */
function runSpecs(config, specs, out) {
  rmSync(out, { force: true });
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules/jest/bin/jest.js"), "--config", config, "--json", "--outputFile", out, "--maxWorkers=2", "--silent", ...specs],
    {
      cwd: ROOT,
      encoding: "utf8",
      timeout: TIMEOUT_MS,
      env: { ...process.env, TOOLNEXUS_TARGETS: "src", NODE_OPTIONS: "--experimental-vm-modules --no-warnings=ExperimentalWarning" },
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  if (r.error?.code === "ETIMEDOUT") return { failed: [], timedOut: true, seconds };
  let report;
  try {
    report = JSON.parse(readFileSync(out, "utf8"));
  } catch {
    return { failed: [], broken: `jest wrote no report (exit ${r.status}): ${(r.stderr ?? "").slice(-2000)}`, seconds };
  }
  const failed = [];
  const suiteErrors = [];
  for (const suite of report.testResults) {
    const file = suite.name.slice(ROOT.length + 1);
    for (const t of suite.assertionResults) if (t.status === "failed") failed.push(`${file} > ${t.fullName}`);
    if (suite.assertionResults.length === 0 && suite.status === "failed") suiteErrors.push(`${file}: ${(suite.message ?? "").split("\n").find((l) => l.trim() !== "") ?? "failed to run"}`);
  }
  return { failed, suiteErrors, total: report.numTotalTests, seconds };
}

const args = parseArgs(process.argv.slice(2));
const chosen = MUTATIONS.filter((m) => args.only === undefined || args.only.has(m.id));
if (args.only !== undefined) for (const id of args.only) if (!MUTATIONS.some((m) => m.id === id)) throw new Error(`mutate: no mutation ${id}`);

/**
 * The anchors that do not hold: a snippet found in its file never (lost: lib/ changed under it) or more than
 * once (doubled: the mutation would change the first place only). Either makes a run mean nothing.
 */
function anchorProblems(mutations) {
  const problems = [];
  const ids = new Set();
  for (const m of mutations) {
    if (ids.has(m.id)) problems.push(`${m.id}: a second mutation with this id (give each its own)`);
    ids.add(m.id);
    let text;
    try {
      text = readFileSync(join(ROOT, m.file), "utf8");
    } catch {
      problems.push(`${m.id}: ${m.file} does not exist (the code moved: anchor the mutation where its promise is kept now)`);
      continue;
    }
    const count = text.split(m.find).length - 1;
    if (count === 0) problems.push(`${m.id}: lost anchor, ${JSON.stringify(m.find)} is not in ${m.file} (find where "${m.what}" is kept now and anchor it there)`);
    else if (count > 1) problems.push(`${m.id}: doubled anchor, ${JSON.stringify(m.find)} is in ${m.file} ${count} times (lengthen the snippet until it names one place)`);
    if (m.find === m.replace) problems.push(`${m.id}: the replacement is the snippet itself (it mutates nothing)`);
  }
  return problems;
}

const anchors = anchorProblems(chosen);
if (args.list) {
  for (const m of chosen) {
    console.log(`${m.id}\n  ${m.what}\n  ${m.file}: ${JSON.stringify(m.find)} -> ${JSON.stringify(m.replace)}\n  specs: ${m.specs.join(", ")}`);
  }
}
if (anchors.length > 0) {
  console.error(`mutate: ${anchors.length} of ${chosen.length} mutations cannot run as written:`);
  for (const line of anchors) console.error(`  ${line}`);
  process.exit(1);
}
if (args.list) {
  console.log(`\nmutate: ${chosen.length} mutations, each anchored once`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), "toolnexus-mutate-"));
const config = await jestConfig(work);
const report = join(work, "report.json");

// The original text of a file being mutated, restored on any exit.
let pending;
const restore = () => {
  if (pending !== undefined) writeFileSync(pending.path, pending.text);
  pending = undefined;
};
process.on("exit", restore);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

// The specs must pass before anything is mutated, or a kill means nothing.
const allSpecs = [...new Set(chosen.flatMap((m) => m.specs))];
console.log(`mutate: ${chosen.length} mutations; first the ${allSpecs.length} spec files unmutated`);
const baseline = runSpecs(config, allSpecs, report);
if (baseline.timedOut || baseline.broken || baseline.failed.length > 0 || baseline.suiteErrors.length > 0) {
  console.error("mutate: the specs fail before any mutation; fix them first:");
  for (const line of [baseline.broken, ...baseline.failed, ...(baseline.suiteErrors ?? [])].filter(Boolean)) console.error(`  ${line}`);
  process.exit(2);
}
console.log(`  ${baseline.total} tests pass (${baseline.seconds} s)\n`);

const results = [];
for (const m of chosen) {
  const path = join(ROOT, m.file);
  const text = readFileSync(path, "utf8");
  const count = text.split(m.find).length - 1;
  let result;
  if (count !== 1) {
    result = { status: count === 0 ? "snippet not found" : `snippet found ${count} times`, failed: [] };
  } else {
    pending = { path, text };
    writeFileSync(path, text.replace(m.find, () => m.replace));
    try {
      const run = runSpecs(config, m.specs, report);
      if (run.timedOut) result = { status: "killed (timed out)", failed: [], seconds: TIMEOUT_MS / 1000 };
      else if (run.broken) result = { status: "error", failed: [], note: run.broken, seconds: run.seconds };
      else if (run.failed.length === 0 && run.suiteErrors.length > 0) result = { status: "error", failed: [], note: run.suiteErrors.join("; "), seconds: run.seconds };
      else if (run.failed.length === 0) result = { status: "survived", failed: [], seconds: run.seconds };
      else if (m.promise && run.failed.length < 2) result = { status: "killed by one test only", failed: run.failed, seconds: run.seconds };
      else result = { status: "killed", failed: run.failed, seconds: run.seconds };
    } finally {
      restore();
    }
  }
  results.push({ id: m.id, file: m.file, what: m.what, ...result });
  const shown = result.failed.slice(0, 3).map((f) => `\n      ${f}`).join("");
  const more = result.failed.length > 3 ? `\n      ... and ${result.failed.length - 3} more` : "";
  console.log(`${result.status.startsWith("killed") && result.status !== "killed by one test only" ? "KILLED  " : "PROBLEM "} ${m.id} (${m.file}): ${result.status}${result.failed.length ? `, ${result.failed.length} failing tests` : ""}${result.seconds !== undefined ? ` [${result.seconds} s]` : ""}${result.note ? `\n      ${result.note}` : ""}${shown}${more}`);
}

rmSync(work, { recursive: true, force: true });
const bad = results.filter((r) => !(r.status === "killed" || r.status === "killed (timed out)"));
console.log(`\nmutate: ${results.length - bad.length} of ${results.length} killed${bad.length ? `; not killed as required: ${bad.map((r) => `${r.id} (${r.status})`).join(", ")}` : ""}`);
if (args.json) writeFileSync(resolve(args.json), `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
if (args.markdown) writeFileSync(resolve(args.markdown), markdown(results));

/** The results as a Markdown table: the mutation, its change, and the tests that killed it. */
function markdown(rows) {
  const cell = (s) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const code = (s) => `\`${cell(s).replace(/`/g, "'")}\``;
  const lines = ["| mutation | promise | change | killed by |", "|---|---|---|---|"];
  for (const r of rows) {
    const m = MUTATIONS.find((x) => x.id === r.id);
    const byFile = new Map();
    for (const f of r.failed) {
      const [file, name] = f.split(" > ");
      byFile.set(file, [...(byFile.get(file) ?? []), name]);
    }
    const killers = [...byFile].map(([file, names]) => `${file.replace(/^spec\//, "")}: ${names.slice(0, 2).map((n) => `"${cell(n)}"`).join(", ")}${names.length > 2 ? `, ${names.length - 2} more` : ""}`);
    const status = r.status === "killed" ? "" : `**${r.status}** `;
    lines.push(`| \`${r.id}\` | ${cell(m.what)} | ${m.file}: ${code(m.find)} → ${code(m.replace)} | ${status}${r.failed.length} tests: ${killers.join("; ")} |`);
  }
  return `${lines.join("\n")}\n`;
}
process.exit(bad.length === 0 ? 0 : 1);
