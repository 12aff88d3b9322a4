#!/usr/bin/env node
// docs/errors.md's code table matches the codes the error classes declare, both ways: every member of
// `ValidationErrorCode` has a row of class `ValidationError`, every member of `ContentPartErrorCode` a row of
// class `ContentPartError` (lib/errors.ts, read with the TypeScript parser), and the table has no other row.
// The table is the one whose header starts `| code | class |`. Exits 1 with what is missing or extra.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const declared = new Map([
  ["ValidationErrorCode", "ValidationError"],
  ["ContentPartErrorCode", "ContentPartError"],
]);
const problems = [];

// The codes each class declares: the string literals of its union type.
const source = ts.createSourceFile("errors.ts", readFileSync(join(root, "lib/errors.ts"), "utf8"), ts.ScriptTarget.Latest, true);
const codes = new Set();
const found = new Set();
for (const statement of source.statements) {
  if (!ts.isTypeAliasDeclaration(statement) || !declared.has(statement.name.text)) continue;
  found.add(statement.name.text);
  const className = declared.get(statement.name.text);
  const members = ts.isUnionTypeNode(statement.type) ? statement.type.types : [statement.type];
  for (const member of members) {
    if (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal)) codes.add(`${member.literal.text} ${className}`);
    else problems.push(`lib/errors.ts: ${statement.name.text} has a member that is not a string literal: ${member.getText(source)}`);
  }
}
for (const name of declared.keys()) if (!found.has(name)) problems.push(`lib/errors.ts: no type ${name}`);

// The table's rows: | `code` | `Class` | meaning | fix |
const cells = (line) => line.trim().replace(/^\|/, "").replace(/\|$/, "").split(/(?<!\\)\|/).map((c) => c.trim());
const lines = readFileSync(join(root, "docs/errors.md"), "utf8").split("\n");
const header = lines.findIndex((line) => /^\|/.test(line.trim()) && cells(line)[0] === "code" && cells(line)[1] === "class");
const rows = new Map();
if (header < 0) {
  problems.push("docs/errors.md: no table whose header starts | code | class |");
} else {
  for (let i = header + 2; i < lines.length && /^\|/.test(lines[i].trim()); i++) {
    const [code, cls] = cells(lines[i]).map((c) => c.replace(/^`|`$/g, ""));
    const key = `${code} ${cls}`;
    if (rows.has(key)) problems.push(`docs/errors.md:${i + 1}: a second row for ${code} (${cls}); the first is on line ${rows.get(key)}`);
    else rows.set(key, i + 1);
  }
}

for (const key of codes) {
  if (!rows.has(key)) {
    const [code, cls] = key.split(" ");
    problems.push(`docs/errors.md: no row for \`${code}\` of class ${cls} (declared in lib/errors.ts)`);
  }
}
for (const [key, line] of rows) {
  if (!codes.has(key)) {
    const [code, cls] = key.split(" ");
    problems.push(`docs/errors.md:${line}: \`${code}\` of class ${cls} is not a code lib/errors.ts declares for that class`);
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(`docs/errors.md's code table matches lib/errors.ts (${codes.size} codes of ${declared.size} classes)`);
