// The packed package required from CommonJS: every entry point, then the small tool.
"use strict";
const path = require("node:path");
const tn = require("toolnexus");
const providers = require("toolnexus/providers");
const testing = require("toolnexus/testing");
const tool = require("./tool.cjs");

for (const name of ["toolnexus", "toolnexus/providers", "toolnexus/testing"]) {
  const file = require.resolve(name);
  if (!file.startsWith(path.join(__dirname, "node_modules/toolnexus/dist/cjs/"))) throw new Error(`${name} resolved to ${file}, not to the installed CJS build`);
}
const ran = tool.run("cjs", tn, providers, testing);
console.log(`cjs: ${ran.length} checks passed (${ran.join(", ")})`);
