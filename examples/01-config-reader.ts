// (a) A config reader: a found key is `ToolResult.ok(value)`, a missing one `ToolResult.error(...)`.
// The model reads `output` either way; `isError` tells the loop (and the model) that the call failed.
import assert from "node:assert/strict";
import { ToolResult } from "toolnexus";

const config: Record<string, string> = { port: "8080", host: "localhost" };

function readConfig(key: string): ToolResult {
  const value = config[key];
  return value === undefined ? ToolResult.error(`No such config key: ${key}`) : ToolResult.ok(value);
}

const found = readConfig("port");
assert.equal(found.output, "8080");
assert.equal(found.isError, false);
console.log("ok: readConfig(\"port\") is ok(\"8080\")");

const missing = readConfig("nope");
assert.equal(missing.output, "No such config key: nope");
assert.equal(missing.isError, true);
assert.ok(missing.equals(ToolResult.error("No such config key: nope")));
console.log("ok: readConfig(\"nope\") is error(\"No such config key: nope\")");

assert.equal(JSON.stringify(missing), '{"output":"No such config key: nope","isError":true}');
console.log("ok: the wire form is", JSON.stringify(missing));
