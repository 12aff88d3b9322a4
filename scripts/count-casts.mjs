#!/usr/bin/env node
// The type assertions of lib/ (`x as T` and `<T>x`; `as const` is no assertion), counted with the TypeScript
// compiler API: `npm run lint:casts` prints the count per file and the total, and exits 1 when the total is
// over BUDGET. The budget only goes down: lower it when a change removes casts (CONTRIBUTING.md, "Tools that
// keep the shape"). A cast that a type guard can replace is the first to go.
//
//   node scripts/count-casts.mjs           every file with a cast, then the total
//   node scripts/count-casts.mjs --all     every file, casts or not
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The most type assertions lib/ may hold. */
const BUDGET = 119;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LIB = join(ROOT, "lib");

/** Every .ts file below `dir`, sorted. */
function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out.sort();
}

/** True for `as const` (and `<const>x`): a literal's type made narrower, not an assertion about a value. */
function isConst(node) {
  const type = node.type;
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === "const" && type.typeArguments === undefined;
}

/** The type assertions of one file. */
function countCasts(file) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let n = 0;
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node)) n++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

const all = process.argv.includes("--all");
let total = 0;
const rows = [];
for (const file of sources(LIB)) {
  const n = countCasts(file);
  total += n;
  if (n > 0 || all) rows.push([n, relative(ROOT, file)]);
}
for (const [n, file] of rows) console.log(`${String(n).padStart(5)}  ${file}`);
console.log(`${String(total).padStart(5)}  type assertions in lib/ (budget ${BUDGET})`);
if (total > BUDGET) {
  console.error(`lib/ holds ${total} type assertions, over the budget of ${BUDGET}: replace the new ones with type guards (see CONTRIBUTING.md).`);
  process.exit(1);
}
