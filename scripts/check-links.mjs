#!/usr/bin/env node
// Every link a reader can follow resolves. Exits 1 with the list of broken links.
//
// - Markdown: README.md, CONTRIBUTING.md, CHANGELOG.md and docs/**/*.md (docs/api, the generated API
//   reference, left out). Every relative link, inline `[text](target)` or a reference definition
//   `[name]: target`, must name a file or folder of the repository, and its `#anchor` a heading of the
//   Markdown file it names (the same file for a bare `#anchor`), by GitHub's heading slug rules: lowercase,
//   every character but letters, digits, marks, `_`, `-` and spaces removed, each space a `-`, and a repeated
//   slug numbered `-1`, `-2`, ... in order. Links inside code (fenced blocks, inline code spans) are not links.
// - Declarations: dist/**/*.d.ts and *.d.cts (run `npm run build` first). A link in a doc comment, Markdown
//   or `{@link target}` with a path, must be absolute (`https://...`) or resolve inside the package as
//   installed: a file under one of package.json's `files` (and an anchor of it, for a Markdown file). A
//   `{@link Name}` or `@see Name` of a symbol is not a path and is left to typedoc.
//
// Usage: node scripts/check-links.mjs [--no-dts]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const checkDts = !process.argv.includes("--no-dts");
const broken = [];

/** Files below `dir` whose name passes `keep`, skipping `skip` folders (paths relative to the root). */
function walk(dir, keep, skip = []) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(relative(root, path))) out.push(...walk(path, keep, skip));
    } else if (keep(entry.name)) out.push(path);
  }
  return out.sort();
}

/** GitHub's slug of a heading's text (github-slugger): lowercase, punctuation removed, spaces to hyphens. */
function slug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** A heading's visible text: inline code, links, images, emphasis markers and HTML tags reduced to their text. */
function headingText(raw) {
  return raw
    .replace(/\s+#+\s*$/, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__|\*)/g, "")
    .trim();
}

/** The lines of a Markdown text outside fenced code blocks, each with its 1-based line number. */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split("\n").forEach((line, i) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && /^\s*(`+|~+)\s*$/.test(line)) fence = null;
      return;
    }
    if (open) {
      fence = open[1];
      return;
    }
    out.push({ line, number: i + 1 });
  });
  return out;
}

const anchorCache = new Map();
/** The anchors a Markdown file defines: its headings' slugs (numbered when repeated) and HTML ids and names. */
function anchorsOf(file) {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map();
  for (const { line } of proseLines(readFileSync(file, "utf8"))) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const base = slug(headingText(heading[1]));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

const isAbsolute = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/**
 * Checks one relative link found in `from` (line `number`): the file it names exists (inside `within`, when
 * given), and so does its anchor when it names a Markdown file.
 */
function checkTarget(from, number, target, within) {
  const where = `${relative(root, from)}:${number}`;
  const hash = target.indexOf("#");
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const file = pathPart === "" ? from : resolve(dirname(from), pathPart.split("?")[0]);
  if (within && !within(file)) {
    broken.push(`${where}: ${target} (resolves to ${relative(root, file) || "."}, which the installed package does not hold)`);
    return;
  }
  if (!existsSync(file)) {
    broken.push(`${where}: ${target} (no such file: ${relative(root, file)})`);
    return;
  }
  if (anchor !== null && anchor !== "" && statSync(file).isFile() && /\.md$/i.test(file) && !anchorsOf(file).has(anchor)) {
    broken.push(`${where}: ${target} (no heading with the anchor #${anchor} in ${relative(root, file)})`);
  }
}

// Markdown files.
const markdown = [
  ...["README.md", "CONTRIBUTING.md", "CHANGELOG.md"].map((f) => join(root, f)).filter((f) => existsSync(f)),
  ...walk(join(root, "docs"), (name) => name.endsWith(".md"), ["docs/api"]),
];
for (const file of markdown) {
  for (const { line, number } of proseLines(readFileSync(file, "utf8"))) {
    const prose = line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, "");
    for (const m of prose.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (m[1] !== "" && !isAbsolute(m[1])) checkTarget(file, number, m[1]);
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(prose);
    if (definition && !isAbsolute(definition[1])) checkTarget(file, number, definition[1]);
  }
}

// Declaration files, as the package installs them.
let dtsCount = 0;
if (checkDts) {
  const dist = join(root, "dist");
  const dts = walk(dist, (name) => name.endsWith(".d.ts") || name.endsWith(".d.cts"));
  if (dts.length === 0) {
    broken.push("dist/: no declaration files (run `npm run build` first, or pass --no-dts)");
  }
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const shipped = [...(pkg.files ?? []), "package.json", "LICENSE"].map((f) => resolve(root, f));
  const inPackage = (file) => shipped.some((top) => file === top || file.startsWith(top + sep));
  for (const file of dts) {
    dtsCount += 1;
    const text = readFileSync(file, "utf8");
    // Doc comments only: code such as `get [BRAND](): "Request"` is no link.
    for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
      const number = text.slice(0, comment.index).split("\n").length;
      const body = comment[0].replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, "");
      body.split("\n").forEach((line, i) => {
        for (const m of line.matchAll(/\[(?:[^\][]|\[[^\]]*\])*\]\(\s*([^)\s]+)\s*\)/g)) {
          if (!isAbsolute(m[1])) checkTarget(file, number + i, m[1], inPackage);
        }
        for (const m of line.matchAll(/\{@link(?:code|plain)?\s+([^}\s|]+)[^}]*\}/g)) {
          const target = m[1];
          if (isAbsolute(target)) continue;
          if (/[/#]|\.md$/i.test(target) && !/^#?[A-Za-z_$][\w$.]*$/.test(target)) checkTarget(file, number + i, target, inPackage);
        }
      });
    }
  }
}

if (broken.length > 0) {
  console.error(`${broken.length} broken link${broken.length === 1 ? "" : "s"}:`);
  for (const line of broken) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `Every link resolves: ${markdown.length} Markdown files${checkDts ? `, ${dtsCount} declaration files` : " (declarations not checked)"}`,
);
