// Vercel Workflow's compiler finds serde classes, in node_modules too, by the literal text of their static
// members. This reads the built files (ESM and CJS) and checks that each of the four class bodies holds both
// members as the compiler's pattern matches them, also after a minifier has been over the file (as an app's
// build may do before the compiler sees it).
import { describe, expect, it } from "@jest/globals";
import { transformSync } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const PATTERN = /Symbol\.for\s*\(\s*(['"])workflow-(serialize|deserialize)\1\s*\)/g;
const CLASSES = ["ToolResult", "ContentPart", "Request", "Answer"];

/** The text of each built chunk of one format. */
function built(format: "esm" | "cjs"): string[] {
  const dir = join(process.cwd(), "dist", format, "chunks");
  return readdirSync(dir)
    .filter((f) => /\.c?js$/.test(f))
    .map((f) => readFileSync(join(dir, f), "utf8"));
}

/** The body of `class <name> {` ... up to the closing brace at the start of a line (rollup's layout). */
function classBody(code: string, name: string): string {
  const start = code.search(new RegExp(`\\nclass ${name} \\{`));
  expect(start).toBeGreaterThanOrEqual(0);
  const end = code.indexOf("\n}", start + 1);
  return code.slice(start, end);
}

describe.each(["esm", "cjs"] as const)("dist/%s", (format) => {
  const files = built(format);
  const code = files.join("\n");

  it.each(CLASSES)("class %s holds both static members, written as the package writes them", (name) => {
    const body = classBody(code, name);
    expect(body).toContain('static [Symbol.for("workflow-serialize")](value) { return value.toJSON(); }');
    // The deserializer calls fromJSON on its receiver (so a registered subclass's own fromJSON runs), resolved
    // as every static resolves it: unbound, the base class; anything but the class or a subclass, refused.
    expect(body).toMatch(/static \[Symbol\.for\("workflow-deserialize"\)\]\(data\) \{\s*return .*classFor\w*\(this, \w+, "\w+", "\[workflow-deserialize\]"\)\)?\.fromJSON\(data\);\s*\}/);
    expect([...body.matchAll(PATTERN)].map((m) => m[2]).sort()).toEqual(["deserialize", "serialize"]);
  });

  it("a minified copy still holds the members the compiler's pattern finds, two per class", () => {
    const min = files.map((f) => transformSync(f, { minify: true, loader: "js" }).code).join("\n");
    expect([...min.matchAll(PATTERN)].length).toBe(2 * CLASSES.length);
  });

  it("does not freeze or seal the constructors", () => {
    expect(code).not.toMatch(/Object\.(freeze|seal|preventExtensions)\((ToolResult|ContentPart|Request|Answer)\)/);
  });
});
