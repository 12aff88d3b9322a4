#!/usr/bin/env node
// Checks that CHANGELOG.md keeps the Keep a Changelog form (https://keepachangelog.com/en/1.1.0/):
//   - it opens with "# Changelog";
//   - its releases are level-2 headings: "## [Unreleased]" first (optional), then "## [X.Y.Z] - YYYY-MM-DD"
//     with a real date, versions descending and dates never increasing;
//   - inside a release, only the level-3 subsections Added, Changed, Deprecated, Removed, Fixed and Security,
//     each at most once, each with at least one bullet, and no deeper headings;
//   - no bullet of one subsection is a change of another kind in disguise ("- Fixed: ..." inside Added);
//   - link references, when there are any, cover every release heading, and each names a release.
// Prints every problem with its line number, and exits 1 when there is one.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const KINDS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];
const RELEASE = /^## \[(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\] - (\d{4})-(\d{2})-(\d{2})$/;

/** The problems of a changelog's text, as `line N: what`; empty when it keeps the form. */
export function changelogProblems(text) {
  const problems = [];
  const lines = text.split("\n");
  const say = (i, what) => problems.push(`line ${i + 1}: ${what}`);
  if (lines[0] !== "# Changelog") say(0, 'the file must open with "# Changelog"');

  const releases = []; // { name, version?, date?, line, kinds: Map(kind -> bullets) }
  let release;
  let kind;
  const links = new Map();
  let inFence = false;
  lines.forEach((line, i) => {
    if (line.startsWith("```")) inFence = !inFence;
    if (inFence) return;
    const link = /^\[([^\]]+)\]: (\S+)$/.exec(line);
    if (link) {
      if (links.has(link[1])) say(i, `a second link reference for [${link[1]}]`);
      links.set(link[1], i);
      return;
    }
    if (/^#{4,} /.test(line)) return say(i, "no headings below level 3 (subsections are Added, Changed, ...)");
    if (line.startsWith("## ")) {
      kind = undefined;
      if (line === "## [Unreleased]") {
        if (releases.length > 0) say(i, "[Unreleased] must come before every release");
        release = { name: "Unreleased", line: i, kinds: new Map() };
      } else {
        const m = RELEASE.exec(line);
        if (!m) {
          say(i, `a release heading must read "## [X.Y.Z] - YYYY-MM-DD" (or "## [Unreleased]"), got "${line}"`);
          release = { name: line.slice(3), line: i, kinds: new Map() }; // read on, without a cascade of errors
          return;
        }
        const [, version, y, mo, d] = m;
        const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
        if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) {
          say(i, `${y}-${mo}-${d} is not a date`);
        }
        release = { name: version, version, date: `${y}-${mo}-${d}`, line: i, kinds: new Map() };
      }
      if (releases.some((r) => r.name === release.name)) say(i, `a second section for [${release.name}]`);
      releases.push(release);
      return;
    }
    if (line.startsWith("### ")) {
      const name = line.slice(4);
      if (!release) return say(i, `"${line}" sits outside a release`);
      if (!KINDS.includes(name)) return say(i, `"${name}" is not a subsection Keep a Changelog knows (${KINDS.join(", ")})`);
      if (release.kinds.has(name)) say(i, `a second "${name}" in [${release.name}]`);
      kind = name;
      release.kinds.set(name, 0);
      return;
    }
    if (/^# /.test(line) && i > 0) return say(i, "only one level-1 heading");
    if (/^- /.test(line)) {
      if (!release) return say(i, "a bullet before the first release");
      if (!kind) return say(i, `a bullet in [${release.name}] outside a subsection (Added, Changed, ...)`);
      release.kinds.set(kind, release.kinds.get(kind) + 1);
      const disguised = /^- (Added|Changed|Deprecated|Removed|Fixed|Security)\b[:,]/.exec(line);
      if (disguised && disguised[1] !== kind) say(i, `a "${disguised[1]}" change inside ${kind}: move it to its own subsection`);
    }
  });
  if (inFence) problems.push("a code fence is never closed");

  for (const r of releases) {
    if (r.kinds.size === 0 && r.name !== "Unreleased") say(r.line, `[${r.name}] has no subsection`);
    for (const [k, n] of r.kinds) if (n === 0) say(r.line, `"${k}" in [${r.name}] has no bullet`);
  }
  const dated = releases.filter((r) => r.version);
  for (let j = 1; j < dated.length; j++) {
    const [a, b] = [dated[j - 1], dated[j]];
    if (compareVersions(a.version, b.version) <= 0) say(b.line, `[${b.version}] must come after newer releases, not after [${a.version}]`);
    if (a.date < b.date) say(b.line, `[${b.version}] is dated after the newer [${a.version}]`);
  }
  if (links.size > 0) {
    for (const r of releases) if (!links.has(r.name)) say(r.line, `no link reference for [${r.name}]`);
    for (const [name, i] of links) {
      if (!releases.some((r) => r.name === name) && !text.includes(`[${name}](`) && !new RegExp(`\\[${escape(name)}\\](?!:)`).test(text.replace(/^\[[^\]]+\]: .*$/gm, ""))) {
        say(i, `the link reference [${name}] names no release and is never used`);
      }
    }
  }
  return problems;
}

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Compares two semantic versions (a pre-release sorts before its release). */
function compareVersions(a, b) {
  const [ca, pa = ""] = a.split("-", 2);
  const [cb, pb = ""] = b.split("-", 2);
  const na = ca.split(".").map(Number);
  const nb = cb.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (na[i] !== nb[i]) return na[i] - nb[i];
  if (pa === pb) return 0;
  if (pa === "") return 1;
  if (pb === "") return -1;
  return pa < pb ? -1 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? new URL("../CHANGELOG.md", import.meta.url);
  const problems = changelogProblems(readFileSync(file, "utf8"));
  if (problems.length > 0) {
    console.error(`CHANGELOG.md is not in Keep a Changelog form:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log("CHANGELOG.md keeps the Keep a Changelog form");
}
