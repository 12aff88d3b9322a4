// The core entry as a package: its size minified and gzipped, and what importing it does.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import ts from "typescript";
import { median } from "../lib/harness.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const CORE_ENTRY = resolve(ROOT, "dist/esm/index.js");
/** The runtime dependencies, which the budget does not count, and Node's modules, which a bundle never holds. */
const EXTERNAL = ["immer", "fast-deep-equal", "fast-deep-equal/*", "node:*"];
const DEPENDENCIES = ["immer", "fast-deep-equal"];

/**
 * The core as a web app's bundler sees it: esbuild bundles `entry` with code splitting and minifies it. The
 * outputs are split in two: what `import "toolnexus"` loads (the entry's output and every chunk it imports
 * statically, transitively) and any lazy chunk behind a dynamic `import()`, reported apart. The package has
 * none: the contract rules out a chunk loaded by a relative dynamic `import()` (webpack makes it an async
 * chunk, which Temporal's one-file workflow bundle drops), so the readers of file paths, Blobs and streams
 * are counted in the core.
 */
async function bundleCore(entry) {
  const built = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    outdir: "/size-check",
    minify: true,
    format: "esm",
    platform: "neutral",
    external: EXTERNAL,
    write: false,
    logLevel: "silent",
    metafile: true,
  });
  const outputs = built.metafile.outputs;
  const keyOf = (file) => Object.keys(outputs).find((k) => resolve(k) === resolve(file));
  const contents = new Map(built.outputFiles.map((f) => [keyOf(f.path), f.contents]));
  const initial = new Set([Object.keys(outputs).find((k) => outputs[k].entryPoint !== undefined)]);
  for (const k of initial) {
    for (const i of outputs[k].imports) if (!i.external && i.kind === "import-statement") initial.add(i.path);
  }
  const lazy = Object.keys(outputs).filter((k) => k.endsWith(".js") && !initial.has(k));
  return { outputs, contents, initial: [...initial], lazy };
}

/**
 * The budget's measure: what `import "toolnexus"` loads, minified and gzipped by node:zlib at its default
 * level (`gzipped`), and the lazy chunks apart (`lazyGzipped`). `entry` is the built `dist/esm/index.js` by
 * default; `lib/index.ts` works too (esbuild reads TypeScript).
 */
export async function coreSize(entry = CORE_ENTRY) {
  const { outputs, contents, initial, lazy } = await bundleCore(entry);
  const bytes = (keys) => Buffer.concat(keys.map((k) => Buffer.from(contents.get(k))));
  const inputs = (keys) => keys.flatMap((k) => Object.keys(outputs[k].inputs)).map((p) => resolve(ROOT, p));
  return {
    minified: bytes(initial).length,
    gzipped: gzipSync(bytes(initial)).length,
    inputs: inputs(initial),
    lazyMinified: bytes(lazy).length,
    lazyGzipped: lazy.length === 0 ? 0 : gzipSync(bytes(lazy)).length,
    lazyInputs: inputs(lazy),
  };
}

/** The bound on the core's size over the peer's (docs/performance.md: the `size` row). */
export const SIZE_LIMIT = 0.4;

/**
 * The peer users would otherwise ship to read a tool result: the MCP SDK's `CallToolResultSchema`, with zod,
 * bundled the same way as the core (esbuild, minified, everything bundled but Node's modules), gzipped by
 * node:zlib at its default level.
 */
export async function mcpSize() {
  const built = await esbuild.build({
    stdin: { contents: 'export { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";', resolveDir: ROOT, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    external: ["node:*"],
    write: false,
    logLevel: "silent",
  });
  const bytes = Buffer.concat(built.outputFiles.map((f) => Buffer.from(f.contents)));
  return { minified: bytes.length, gzipped: gzipSync(bytes).length };
}

/**
 * Where the bytes go: the core bundled from its TypeScript sources, each module's share of the minified
 * output (esbuild's metafile), largest first, marked `lazy` when it sits behind a dynamic import. The built
 * chunks no longer say which module each line came from.
 */
export async function sizeBySource() {
  const { outputs, lazy } = await bundleCore(resolve(ROOT, "lib/index.ts"));
  const rows = [];
  for (const [key, out] of Object.entries(outputs)) {
    for (const [file, v] of Object.entries(out.inputs)) {
      if (v.bytesInOutput > 0) rows.push({ file, bytes: v.bytesInOutput, lazy: lazy.includes(key) });
    }
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}

// ---------------------------------------------------------------------------------------------------------
// Import work: every top-level statement of the entry and its chunks must be a definition.

const INERT_CALLS = new Set(["Symbol.for", "Symbol", "Object.freeze"]);
const INERT_NEW = new Set(["WeakSet", "WeakMap", "Map", "Set"]);

/** True when evaluating `node` only builds a value: no call into code, no I/O, no loop. */
function inert(node) {
  if (!node) return true;
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NumericLiteral:
    case ts.SyntaxKind.BigIntLiteral:
    case ts.SyntaxKind.RegularExpressionLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.TrueKeyword:
    case ts.SyntaxKind.FalseKeyword:
    case ts.SyntaxKind.NullKeyword:
    case ts.SyntaxKind.Identifier:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.FunctionExpression:
      return true;
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return inert(node.expression);
  if (ts.isPropertyAccessExpression(node)) return inert(node.expression);
  if (ts.isPrefixUnaryExpression(node)) return inert(node.operand);
  if (ts.isBinaryExpression(node)) return node.operatorToken.kind !== ts.SyntaxKind.EqualsToken && inert(node.left) && inert(node.right);
  if (ts.isConditionalExpression(node)) return inert(node.condition) && inert(node.whenTrue) && inert(node.whenFalse);
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((s) => inert(s.expression));
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((e) => !ts.isSpreadElement(e) && inert(e));
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every((p) => {
      if (ts.isPropertyAssignment(p)) return inertName(p.name) && inert(p.initializer);
      if (ts.isShorthandPropertyAssignment(p)) return true;
      if (ts.isMethodDeclaration(p) || ts.isGetAccessorDeclaration(p) || ts.isSetAccessorDeclaration(p)) return inertName(p.name);
      return false;
    });
  }
  if (ts.isClassExpression(node)) return inertClass(node);
  if (ts.isCallExpression(node)) return INERT_CALLS.has(node.expression.getText()) && node.arguments.every(inert);
  if (ts.isNewExpression(node)) return INERT_NEW.has(node.expression.getText()) && (node.arguments ?? []).every((a) => ts.isArrayLiteralExpression(a) && inert(a));
  return false;
}

function inertName(name) {
  return !ts.isComputedPropertyName(name) || inert(name.expression);
}

function inertClass(node) {
  if (node.heritageClauses?.some((h) => h.types.some((t) => !inert(t.expression)))) return false;
  if (ts.canHaveDecorators(node) && ts.getDecorators(node)?.length) return false;
  return node.members.every((m) => {
    if (ts.isClassStaticBlockDeclaration(m)) return false;
    if (m.name && !inertName(m.name)) return false;
    if (ts.isPropertyDeclaration(m) && m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword)) return inert(m.initializer);
    return true;
  });
}

/** Classifies each top-level statement of one module: a definition of what kind, or work. */
function statementsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = { imports: 0, classes: 0, functions: 0, constants: 0, work: [] };
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s)) {
      found.imports++;
      // A bare import runs a module for its effects. Rollup writes one for each external the chunks use (to
      // keep their order); the dependencies are not counted, and a relative chunk is analysed itself.
      const spec = s.moduleSpecifier.text;
      if (!s.importClause && !spec.startsWith(".") && !DEPENDENCIES.includes(spec)) found.work.push(`${file}: a bare import runs another module for its effects: ${s.getText()}`);
    } else if (ts.isExportDeclaration(s)) {
      // `export { a, b }` and `export { a } from "./chunk.js"`: names only.
    } else if (ts.isFunctionDeclaration(s)) found.functions++;
    else if (ts.isClassDeclaration(s)) {
      found.classes++;
      if (!inertClass(s)) found.work.push(`${file}: class ${s.name?.text} runs code when defined (a static block, a static initializer or a computed key)`);
    } else if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) {
        if (d.initializer && ts.isClassExpression(d.initializer)) found.classes++;
        else found.constants++;
        if (!inert(d.initializer)) found.work.push(`${file}: ${d.getText().slice(0, 120)}`);
      }
    } else if (s.kind !== ts.SyntaxKind.EmptyStatement) {
      found.work.push(`${file}: ${s.getText().slice(0, 120)}`);
    }
  }
  return found;
}

/** The entry and the chunks it imports statically (dynamic imports load on demand, not at import). */
function moduleGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    for (const s of source.statements) {
      if ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && s.moduleSpecifier.text.startsWith(".")) {
        visit(resolve(dirname(file), s.moduleSpecifier.text));
      }
    }
  };
  visit(entry);
  return [...seen];
}

/** What importing the core runs: the count of each kind of definition, and every statement that is not one. */
export function importWork(entry = CORE_ENTRY) {
  const total = { modules: 0, imports: 0, classes: 0, functions: 0, constants: 0, work: [] };
  for (const file of moduleGraph(entry)) {
    const f = statementsOf(file);
    total.modules++;
    total.imports += f.imports;
    total.classes += f.classes;
    total.functions += f.functions;
    total.constants += f.constants;
    total.work.push(...f.work.map((w) => w.replace(`${ROOT}/`, "")));
  }
  return total;
}

/**
 * Wall time of the core's own `import()` in fresh processes, its dependencies already loaded (the cost of
 * reading, compiling and defining its classes), beside the same for an empty module (the loader's own
 * cost). Evidence beside the static check, in milliseconds.
 */
export function importTime(entry = CORE_ENTRY, runs = 7) {
  const dir = mkdtempSync(join(tmpdir(), "toolnexus-bench-"));
  const empty = join(dir, "empty.mjs");
  writeFileSync(empty, "export const nothing = 0;\n");
  const time = (file) => {
    const script = `await import("immer"); await import("fast-deep-equal"); const t0 = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t0));`;
    return Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" }));
  };
  const core = [];
  const none = [];
  try {
    for (let i = 0; i < runs; i++) {
      core.push(time(entry));
      none.push(time(empty));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { coreMs: median(core), emptyMs: median(none) };
}
