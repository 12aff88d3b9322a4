// Error messages are interface text: fixtures/errors/messages.json holds, for every error code and for the
// common mistakes (bytes, a Blob or a path where a part is wanted, an object given to ok...), the call, the
// class, code and path of the error, and the exact message. Each message says what is wrong, where (nothing
// for the whole value), and the fix.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadJSON } from "../support/fixtures";
import { thrownByCall } from "../support/error-calls";
import { expandPath } from "../hostile/constructs";
import { quotedAs } from "../hosts/laws/checks";

interface Entry {
  name: string;
  call: string;
  args: unknown[];
  error: string;
  code: string;
  path: string;
  message: string;
}

const { entries } = loadJSON<{ entries: Entry[] }>("errors/messages.json");

/** The codes lib/errors.ts declares (the members of its two code unions). */
function declaredCodes(): string[] {
  const source = readFileSync(join(process.cwd(), "lib/errors.ts"), "utf8");
  const codes: string[] = [];
  for (const m of source.matchAll(/export type (?:ValidationErrorCode|ContentPartErrorCode)\s*=([^;]*);/g)) {
    for (const c of m[1]!.matchAll(/"([a-z-]+)"/g)) codes.push(c[1]!);
  }
  return codes;
}

describe("error messages (fixtures/errors/messages.json)", () => {
  it.each(entries.map((e) => [e.name, e] as const))("%s", async (_, entry) => {
    const e = (await thrownByCall(entry.call, entry.args)) as { name: string; code: string; path: string; message: string };
    expect({ error: e.name, code: e.code, path: e.path, message: e.message }).toEqual({
      error: entry.error,
      code: entry.code,
      path: expandPath(entry.path),
      message: expandPath(entry.message),
    });
  });

  it("covers every error code lib/errors.ts declares", () => {
    const codes = declaredCodes();
    expect(codes.length).toBeGreaterThan(15);
    const covered = new Set(entries.map((e) => e.code));
    expect(codes.filter((c) => !covered.has(c))).toEqual([]);
  });

  it.each(entries.map((e) => [e.name, e] as const))("%s: says where and how to fix it", (_, entry) => {
    const message = expandPath(entry.message);
    // Never "at the top level": an error about the whole value names the value instead.
    expect(message).not.toContain("top level");
    // The place, when it is not the whole value; an unknown option names its key instead (quoted, cut at 40),
    // and the path holds the key whole (docs/trust.md, "Options").
    const option = /^options\.(.+)$/s.exec(expandPath(entry.path));
    if (option !== null && entry.code === "invalid-value" && message.includes(" has no option ")) expect(message).toContain(`has no option ${quotedAs("message", option[1]!)}.`);
    else if (entry.path !== "") expect(message).toContain(expandPath(entry.path));
    // What is wrong, then at least one sentence of fix.
    expect(message).toMatch(/^[A-Za-z].*?[.)"] [A-Z].*[.)]$/s);
  });

  it("the common mistakes name the call that makes a part", () => {
    const byName = new Map(entries.map((e) => [e.name, e.message]));
    expect(byName.get("a Uint8Array where a part is wanted")).toContain("A Uint8Array is not a part at parts[0]. Use ContentPart.fromBytes(bytes, { mimeType }).");
    expect(byName.get("a Buffer where a part is wanted")).toContain("ContentPart.fromBytes(");
    expect(byName.get("a File where a part is wanted")).toContain("ContentPart.from(file)");
    expect(byName.get("a Blob where a part is wanted")).toContain("ContentPart.from(blob");
    expect(byName.get("a file path where a part is wanted")).toContain("ContentPart.from(path)");
    expect(byName.get("ok given an object")).toContain("ToolResult.json(value)");
  });
});
