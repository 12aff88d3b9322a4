// Tool-author conveniences: `attempt` turns a throwing tool body into an error result the model can read,
// `json` serializes structured data deliberately, and `truncate` fits a result to the model's budget.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { ContentPart, ToolResult } from "toolnexus";

// attempt: the tool body can never throw into the loop.
const missing = await ToolResult.attempt(async () => JSON.parse(await readFile("/no/such/config.json", "utf8")));
assert.equal(missing.isError, true);
assert.deepEqual(missing.metadata, { error: { name: "Error", code: "ENOENT" } });
console.log("ok: a missing file becomes an error result with metadata.error.code", missing.metadata?.error.code);

const port = ToolResult.attempt(() => ({ port: 8080 }));
assert.equal(port.output, '{"port":8080}');
console.log("ok: a returned object becomes ok(JSON):", port.output);

// json: a Date would silently become a string or {} with JSON.stringify; here it is an error with its path.
assert.throws(() => ToolResult.json({ when: new Date() }), { code: "not-json", path: "when" });
console.log("ok: ToolResult.json refuses a Date at path \"when\"");

// truncate: a long log and two screenshots, cut to fit.
const png = await ContentPart.image(new URL("../fixtures/media/fixture.png", import.meta.url).pathname);
const long = ToolResult.ok("log line\n".repeat(1000), { parts: [png, png] });
const small = long.truncate({ maxOutputChars: 200, maxPartBytes: 100 });
assert.equal(small.parts?.length, 1);
assert.ok(small.output.length <= 200);
assert.match(small.output, /\n\[truncated: \d+ of 9000 characters\]\n\[omitted image part \(image\/png, 82 bytes\)\]$/);
console.log("ok: truncated to", small.output.length, "characters, one part kept, one named:");
console.log(small.output.split("\n").slice(-2).join("\n"));

const fits = ToolResult.ok("short");
assert.equal(fits.truncate({ maxOutputChars: 100 }), fits);
console.log("ok: a result that fits comes back as the same instance");
