#!/usr/bin/env node
// `npm run lint:modules`: CONTRIBUTING.md's module table ("The modules of lib/") is true of lib/. The section
// states the table's grammar; in short, a group is a bold heading followed by its table, one row per module:
// `| \`errors.ts\` | what it owns | what it may import |`. The check fails (exit 1, one line per problem, each
// starting with the file and line to change) when
//   - a module of lib/ has no row, or a row names no module (or a module twice);
//   - a backticked identifier in "owns" is not exported by the module, or is only re-exported there (a name
//     has one home: the module that declares it);
//   - the module imports (type imports included) a module of lib/ that "may import" does not allow, imports
//     a value where the cell allows only types, or the cell allows a module or group the module imports
//     nothing of (the cell says what is imported, not what might be);
//   - a "may import" cell does not follow the grammar (an unknown group or module, other words).
// The exports and imports are read with the TypeScript compiler API: exports by the type checker (which
// follows `export *` and re-exports to the declaring file), imports from the syntax (`import`, `import
// type`, `export ... from`, `import()` calls and `import("...")` types), resolved as tsconfig.json does.
// Packages are not the table's business: which packages lib/ may load is `npm run lint:deps`'s rule.
//
//   npm run lint:modules                 check; exit 1 on any problem
//   npm run lint:modules -- --draft      print a row for every module as the code stands (its exports and a
//                                        true "may import" cell), to write a new row from
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LIB = join(ROOT, "lib");
const DOC = "CONTRIBUTING.md";
const HEADING = "## The modules of lib/";
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const args = process.argv.slice(2);
for (const a of args) if (a !== "--draft") fail(`lint:modules: unknown argument ${a} (use --draft, or nothing)`);
const draft = args.includes("--draft");

function fail(message) {
  console.error(message);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// The code: every module of lib/, what it declares and exports, what it imports.

/** Every .ts file under lib/, as its path under lib/ (`errors.ts`, `providers/loss.ts`). */
function libFiles(dir = LIB) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...libFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(relative(LIB, path).split("\\").join("/"));
  }
  return out.sort();
}

/** `providers/loss.ts` -> `providers/loss`: how "may import" names a module. */
const moduleName = (file) => file.replace(/\.ts$/, "");

function readCode() {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
  if (config.error) fail(`lint:modules: tsconfig.json: ${ts.flattenDiagnosticMessageText(config.error.messageText, "\n")}`);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const files = libFiles();
  // Exports and imports need no global declarations: leaving out the default library and @types keeps this to seconds.
  const program = ts.createProgram(files.map((f) => join(LIB, f)), { ...options, noEmit: true, noLib: true, types: [] });
  const checker = program.getTypeChecker();
  const modules = new Map();
  for (const file of files) {
    const source = program.getSourceFile(join(LIB, file));
    if (source === undefined) fail(`lint:modules: the TypeScript program has no lib/${file}`);
    modules.set(file, { file, exports: exportsOf(checker, source), imports: importsOf(source, options) });
  }
  return modules;
}

/** The module's exports: name -> the lib/ file that declares it (itself, or the one it re-exports from). */
function exportsOf(checker, source) {
  const out = new Map();
  const symbol = checker.getSymbolAtLocation(source);
  if (symbol === undefined) return out; // no import or export: a script
  for (const exported of checker.getExportsOfModule(symbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = target.declarations?.[0] ?? exported.declarations?.[0];
    const home = declaration === undefined ? source.fileName : declaration.getSourceFile().fileName;
    out.set(exported.name, home.startsWith(`${LIB}/`) ? relative(LIB, home) : home);
  }
  return out;
}

/** Every import of the module: `{ target, typeOnly, line }`, `target` a lib/ file or a package specifier. */
function importsOf(source, options) {
  const found = [];
  const add = (specifier, typeOnly, node) => {
    if (!ts.isStringLiteralLike(specifier)) return;
    const resolved = ts.resolveModuleName(specifier.text, source.fileName, options, ts.sys).resolvedModule;
    const path = resolved?.resolvedFileName;
    const target = path !== undefined && path.startsWith(`${LIB}/`) ? relative(LIB, path) : specifier.text;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ target, typeOnly, line });
  };
  const allTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && allTypes(clause.namedBindings.elements)));
      add(node.moduleSpecifier, typeOnly, node);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
      const clause = node.exportClause;
      add(node.moduleSpecifier, node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && allTypes(clause.elements)), node);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0) {
      add(node.arguments[0], false, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// The table: groups, rows, and the grammar of "may import".

/**
 * Reads the section: `**Name** (...):` followed by a table starts a group of modules; `**Name** is <list>.`
 * defines a group made of other groups and modules. Returns the groups (lower-cased name -> their modules'
 * files) and the rows.
 */
function readTable(problems) {
  const lines = readFileSync(join(ROOT, DOC), "utf8").split("\n");
  const start = lines.indexOf(HEADING);
  if (start === -1) fail(`lint:modules: ${DOC} has no "${HEADING}" section`);
  const groups = new Map();
  const composites = [];
  const rows = [];
  let group;
  for (let i = start + 1; i < lines.length && !lines[i].startsWith("## "); i++) {
    const line = lines[i];
    const at = `${DOC}:${i + 1}`;
    const composite = /^\*\*([^*]+)\*\* is (.+)\.$/.exec(line);
    const heading = /^\*\*([^*]+)\*\*/.exec(line);
    if (composite) {
      composites.push({ name: composite[1].toLowerCase(), cell: composite[2], at });
      group = undefined;
    } else if (heading) {
      group = { name: heading[1].replace(/[:.]$/, "").toLowerCase(), files: [] };
      if (groups.has(group.name)) problems.push(`${at}: a second group named "${group.name}" (give each group its own name)`);
      groups.set(group.name, group.files);
    } else if (line.startsWith("|")) {
      const cells = splitRow(line);
      if (cells[0] === "module" || cells.every((c) => /^:?-+:?$/.test(c))) continue; // the header and its rule
      const file = /^`([^`]+\.ts)`$/.exec(cells[0])?.[1];
      if (cells.length !== 3 || file === undefined) {
        problems.push(`${at}: a row must be | \`<path under lib/>.ts\` | <owns> | <may import> |, got ${line.trim()}`);
        continue;
      }
      if (group === undefined) {
        problems.push(`${at}: the row of \`${file}\` is in no group (put a **Group name** (...): heading above its table)`);
        continue;
      }
      group.files.push(file);
      rows.push({ file, owns: cells[1], mayImport: cells[2], at, group: group.name });
    }
  }
  return { groups, composites, rows };
}

/** The cells of a Markdown table row (`\|` is a bar inside a cell). */
function splitRow(line) {
  const cells = [];
  let cell = "";
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "\\" && body[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (body[i] === "|") {
      cells.push(cell.trim());
      cell = "";
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * Parses a "may import" cell: `nothing`, or items separated by `,` or ` and `, each a module (`\`errors\``,
 * `\`providers/loss\``) or a group's name, optionally followed by ` (types)` (type imports only). Returns
 * the items `{ text, files, typesOnly }`, or a string saying what is wrong.
 */
function parseCell(cell, groups, files) {
  if (cell === "nothing") return [];
  const items = [];
  for (const raw of cell.split(/,\s*|\s+and\s+/)) {
    const text = raw.trim();
    const m = /^(?:`([^`]+)`|([a-z][a-z0-9 -]*[a-z0-9]))(\s+\(types\))?$/.exec(text);
    if (!m) return `"${text}" is neither a module (\`errors\`) nor a group's name, optionally followed by " (types)"`;
    const [, module, group, types] = m;
    if (module !== undefined) {
      const file = `${module}.ts`;
      if (!files.has(file)) return `\`${module}\` is not a module of lib/ (write a module as its path under lib/ without .ts)`;
      items.push({ text, files: new Set([file]), typesOnly: types !== undefined });
    } else {
      const members = groups.get(group);
      if (members === undefined) return `"${group}" is not a group (the groups: ${[...groups.keys()].join(", ")})`;
      items.push({ text, files: new Set(members), typesOnly: types !== undefined });
    }
  }
  return items;
}

/** Resolves `**Name** is <list>.` into groups, in order (a composite may name the groups defined before it). */
function addComposites(composites, groups, files, problems) {
  for (const c of composites) {
    if (groups.has(c.name)) {
      problems.push(`${c.at}: a second group named "${c.name}"`);
      continue;
    }
    const items = parseCell(c.cell, groups, files);
    if (typeof items === "string") {
      problems.push(`${c.at}: the group "${c.name}": ${items}`);
      continue;
    }
    if (items.some((i) => i.typesOnly)) problems.push(`${c.at}: the group "${c.name}": a group is made of whole modules, not of "(types)"`);
    groups.set(c.name, [...new Set(items.flatMap((i) => [...i.files]))]);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The check.

/** A true "may import" cell for the module as the code stands: the row's items it uses, then what it also imports. */
function trueCell(imports, items) {
  const used = (items ?? []).filter((item) => imports.some((i) => item.files.has(i.target) && (i.typeOnly || !item.typesOnly)));
  const rest = new Map();
  for (const i of imports) {
    if (used.some((item) => item.files.has(i.target) && (i.typeOnly || !item.typesOnly))) continue;
    rest.set(i.target, (rest.get(i.target) ?? true) && i.typeOnly);
  }
  const extra = [...rest].sort(([a], [b]) => a.localeCompare(b)).map(([file, typesOnly]) => `\`${moduleName(file)}\`${typesOnly ? " (types)" : ""}`);
  const cell = [...used.map((u) => u.text), ...extra];
  return cell.length === 0 ? "nothing" : cell.join(", ");
}

/** The lib/ imports of a module, itself left out. */
const libImports = (mod, files) => mod.imports.filter((i) => files.has(i.target) && i.target !== mod.file);

function check() {
  const problems = [];
  const modules = readCode();
  const files = new Set(modules.keys());
  const { groups, composites, rows } = readTable(problems);
  addComposites(composites, groups, files, problems);

  const rowOf = new Map();
  for (const row of rows) {
    const mod = modules.get(row.file);
    if (mod === undefined) {
      problems.push(`${row.at}: the row \`${row.file}\` names no module of lib/ (remove the row, or correct its path)`);
      continue;
    }
    if (rowOf.has(row.file)) {
      problems.push(`${row.at}: a second row for \`${row.file}\` (the first is at ${rowOf.get(row.file).at}; merge them)`);
      continue;
    }
    rowOf.set(row.file, row);
    checkOwns(row, mod, modules, problems);
    checkImports(row, mod, groups, files, problems);
  }
  for (const mod of modules.values()) {
    if (rowOf.has(mod.file)) continue;
    const names = [...mod.exports].filter(([, home]) => home === mod.file).map(([name]) => name);
    problems.push(
      `lib/${mod.file}: no row in ${DOC}'s module table; add one to its group's table: | \`${mod.file}\` | <what it owns${names.length ? `, of ${names.map((n) => `\`${n}\``).join(", ")}` : ""}> | ${trueCell(libImports(mod, files))} |`,
    );
  }
  return { problems, modules, files, rowOf, groups };
}

function checkOwns(row, mod, modules, problems) {
  for (const [, name] of row.owns.matchAll(/`([^`]+)`/g)) {
    if (!IDENTIFIER.test(name)) continue;
    const home = mod.exports.get(name);
    if (home === mod.file) continue;
    if (home !== undefined) {
      problems.push(`${row.at}: the row \`${row.file}\` owns \`${name}\`, which lib/${row.file} only re-exports from lib/${home} (name it in the row of \`${home}\`)`);
      continue;
    }
    const homes = [...modules.values()].filter((m) => m.exports.get(name) === m.file).map((m) => `lib/${m.file}`);
    const where = homes.length ? `${homes.join(" and ")} exports it: move the name to that row` : "no module of lib/ exports it: remove it, or, if it is no exported name, write it so that it is no bare identifier, as `truncate()`, `metadata.pending` or `\"toolnexus\"`";
    problems.push(`${row.at}: the row \`${row.file}\` owns \`${name}\`, which lib/${row.file} does not export (${where})`);
  }
}

function checkImports(row, mod, groups, files, problems) {
  const items = parseCell(row.mayImport, groups, files);
  if (typeof items === "string") {
    problems.push(`${row.at}: the row \`${row.file}\`: may import "${row.mayImport}": ${items}`);
    return;
  }
  const imports = libImports(mod, files);
  const fix = () => `(a true cell: ${trueCell(imports, items)})`;
  const seen = new Set();
  for (const i of imports) {
    const key = `${i.target} ${i.typeOnly}`;
    if (seen.has(key)) continue; // one line per imported module (and kind), at its first import
    seen.add(key);
    if (items.some((item) => item.files.has(i.target) && (i.typeOnly || !item.typesOnly))) continue;
    const typesAllowed = items.some((item) => item.files.has(i.target));
    const what = typesAllowed ? `values of \`${moduleName(i.target)}\`, whose types only its row allows` : `\`${moduleName(i.target)}\`${i.typeOnly ? " (types)" : ""}, which its row does not allow`;
    problems.push(`lib/${mod.file}:${i.line}: imports ${what}: may import "${row.mayImport}" (${row.at}) ${fix()}`);
  }
  for (const item of items) {
    // A value import of a "(types)" item is the problem reported above, not an unused item.
    if (imports.some((i) => item.files.has(i.target))) continue;
    problems.push(`${row.at}: the row \`${row.file}\` may import ${item.text}, which lib/${mod.file} imports nothing of: remove it ${fix()}`);
  }
}

const { problems, modules, files, rowOf, groups } = check();

if (draft) {
  for (const mod of modules.values()) {
    const row = rowOf.get(mod.file);
    const items = row === undefined ? undefined : parseCell(row.mayImport, groups, files);
    const names = [...mod.exports].filter(([, home]) => home === mod.file).map(([name]) => `\`${name}\``);
    console.log(`| \`${mod.file}\` | ${names.join(", ") || "(no export)"} | ${trueCell(libImports(mod, files), typeof items === "string" ? undefined : items)} |`);
  }
  process.exit(0);
}

if (problems.length > 0) {
  for (const p of problems) console.log(p);
  console.log(`\nlint:modules: ${problems.length} problem${problems.length === 1 ? "" : "s"} between ${DOC} ("The modules of lib/") and lib/; the section's first paragraphs give the table's grammar.`);
  process.exit(1);
}
console.log(`lint:modules: ${DOC}'s module table is true of lib/ (${modules.size} modules, ${groups.size} groups)`);
