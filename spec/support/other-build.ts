// The other loaded copy of the package, for specs that try values made by it (docs/trust.md,
// "Reading what callers pass": a value of another loaded copy is read by its fields and checked). It needs dist/: a missing build
// fails the test, never skips it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as core from "toolnexus";
import { importEsm } from "./esm";

/** The core entry's exports, as either build gives them. */
export type CoreModule = typeof core;

let otherOnce: Promise<CoreModule> | undefined;

/**
 * The core of the other build: ESM when the build under test is CJS, else CJS (the source is compared with the
 * CJS bundle). Loaded once per test file.
 */
export function otherBuild(): Promise<CoreModule> {
  otherOnce ??= (async () => {
    const files = { cjs: join(process.cwd(), "dist/cjs/index.cjs"), esm: join(process.cwd(), "dist/esm/index.js") };
    for (const f of Object.values(files)) {
      if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first (this spec tries values of the other build).`);
    }
    const load = async (f: string): Promise<CoreModule> => {
      const m = await importEsm<CoreModule & { default?: CoreModule }>(pathToFileURL(f).href);
      return (m.ToolResult as CoreModule["ToolResult"] | undefined) !== undefined ? m : (m.default as CoreModule);
    };
    const cjs = await load(files.cjs);
    return cjs.ToolResult !== core.ToolResult ? cjs : load(files.esm); // CJS under test: the ESM build
  })();
  return otherOnce;
}
