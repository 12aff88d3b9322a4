// The packed package imported from ESM: every entry point, then the small tool.
import { fileURLToPath } from "node:url";
import * as tn from "toolnexus";
import * as providers from "toolnexus/providers";
import * as testing from "toolnexus/testing";
import tool from "./tool.cjs";

const here = fileURLToPath(new URL(".", import.meta.url));
for (const name of ["toolnexus", "toolnexus/providers", "toolnexus/testing"]) {
  const file = fileURLToPath(import.meta.resolve(name));
  if (!file.startsWith(`${here}node_modules/toolnexus/dist/esm/`)) throw new Error(`${name} resolved to ${file}, not to the installed ESM build`);
}
const ran = tool.run("esm", tn, providers, testing);
console.log(`esm: ${ran.length} checks passed (${ran.join(", ")})`);
