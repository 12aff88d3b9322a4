// One entry per host (CONTRIBUTING.md, "Package shape"): `toolnexus/<host>` holds that host's functions and nothing
// else, and `toolnexus/providers` re-exports every host entry, so that both imports give the same functions (`===`).
// This spec runs on the source and on both builds (it is in jest.config.mjs's contract subset): on a build, a host's
// entry that held a copy of its code instead of importing the chunk that providers imports fails here. The hosts
// and their exports are data: fixtures/entries.json.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import * as a2a from "toolnexus/a2a";
import * as agUi from "toolnexus/ag-ui";
import * as aiSdk from "toolnexus/ai-sdk";
import * as anthropic from "toolnexus/anthropic";
import * as bedrock from "toolnexus/bedrock";
import * as claudeAgent from "toolnexus/claude-agent";
import * as gemini from "toolnexus/gemini";
import * as langchain from "toolnexus/langchain";
import * as mcp from "toolnexus/mcp";
import * as mistral from "toolnexus/mistral";
import * as ollama from "toolnexus/ollama";
import * as cohere from "toolnexus/cohere";
import * as openai from "toolnexus/openai";
import * as openaiAgents from "toolnexus/openai-agents";
import * as providers from "toolnexus/providers";
import { loadJSON } from "./support/fixtures";

/** Each host entry, by its public name (`toolnexus/<key>`), as the build under test gives it. */
const ENTRIES: Record<string, object> = {
  anthropic,
  openai,
  gemini,
  mcp,
  "ai-sdk": aiSdk,
  "openai-agents": openaiAgents,
  langchain,
  "ag-ui": agUi,
  "claude-agent": claudeAgent,
  a2a,
  mistral,
  bedrock,
  ollama,
  cohere,
};

// Checked at compile time (`npm run typecheck` type-checks every spec): each host entry exports the shared types
// its functions use, as `toolnexus/providers` does. A name missing from an entry fails the type check.
type SharedTypes<L, O, P, U> = { loss: L; onLoss: O; options: P; policy: U };
export type EveryHostExportsTheSharedTypes = [
  SharedTypes<providers.Loss, providers.OnLoss, providers.ProjectionOptions, providers.UnsupportedPolicy>,
  SharedTypes<anthropic.Loss, anthropic.OnLoss, anthropic.ProjectionOptions, anthropic.UnsupportedPolicy>,
  SharedTypes<openai.Loss, openai.OnLoss, openai.ProjectionOptions, openai.UnsupportedPolicy>,
  SharedTypes<gemini.Loss, gemini.OnLoss, gemini.ProjectionOptions, gemini.UnsupportedPolicy>,
  SharedTypes<mcp.Loss, mcp.OnLoss, mcp.ProjectionOptions, mcp.UnsupportedPolicy>,
  SharedTypes<aiSdk.Loss, aiSdk.OnLoss, aiSdk.ProjectionOptions, aiSdk.UnsupportedPolicy>,
  SharedTypes<openaiAgents.Loss, openaiAgents.OnLoss, openaiAgents.ProjectionOptions, openaiAgents.UnsupportedPolicy>,
  SharedTypes<langchain.Loss, langchain.OnLoss, langchain.ProjectionOptions, langchain.UnsupportedPolicy>,
  SharedTypes<agUi.Loss, agUi.OnLoss, agUi.ProjectionOptions, agUi.UnsupportedPolicy>,
  SharedTypes<claudeAgent.Loss, claudeAgent.OnLoss, claudeAgent.ProjectionOptions, claudeAgent.UnsupportedPolicy>,
  SharedTypes<a2a.Loss, a2a.OnLoss, a2a.ProjectionOptions, a2a.UnsupportedPolicy>,
  SharedTypes<mistral.Loss, mistral.OnLoss, mistral.ProjectionOptions, mistral.UnsupportedPolicy>,
  SharedTypes<bedrock.Loss, bedrock.OnLoss, bedrock.ProjectionOptions, bedrock.UnsupportedPolicy>,
  SharedTypes<ollama.Loss, ollama.OnLoss, ollama.ProjectionOptions, ollama.UnsupportedPolicy>,
  SharedTypes<cohere.Loss, cohere.OnLoss, cohere.ProjectionOptions, cohere.UnsupportedPolicy>,
];

const { hosts } = loadJSON<{ hosts: Record<string, string[]> }>("entries.json");

/** The names a module exports at run time (a CJS build seen through `import *` adds `default` and `__esModule`). */
const exportedNames = (mod: object): string[] =>
  Object.keys(mod)
    .filter((k) => k !== "default" && k !== "__esModule" && k !== "module.exports")
    .sort();

const sorted = (names: string[]): string[] => [...names].sort();

describe("one entry per host (fixtures/entries.json)", () => {
  it("this spec imports every host of the table, and no other", () => {
    expect(sorted(Object.keys(ENTRIES))).toEqual(sorted(Object.keys(hosts)));
  });

  it("every host has its source in lib/hosts/ and its subpath in package.json's exports and typesVersions", () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
      typesVersions: { "*": Record<string, string[]> };
    };
    const sources = readdirSync(join(process.cwd(), "lib/hosts"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.slice(0, -3));
    expect(sorted(sources)).toEqual(sorted(Object.keys(hosts)));
    for (const h of Object.keys(hosts)) {
      expect({ host: h, exports: pkg.exports[`./${h}`] }).toEqual({
        host: h,
        exports: {
          import: { types: `./dist/esm/${h}.d.ts`, default: `./dist/esm/${h}.js` },
          require: { types: `./dist/cjs/${h}.d.cts`, default: `./dist/cjs/${h}.cjs` },
        },
      });
      expect({ host: h, types: pkg.typesVersions["*"][h] }).toEqual({ host: h, types: [`./dist/cjs/${h}.d.cts`] });
    }
  });

  it("every host has a size budget in .size-limit.json (its entry, with the core it uses)", () => {
    const rows = JSON.parse(readFileSync(join(process.cwd(), ".size-limit.json"), "utf8")) as { path: string; import: string; limit: string }[];
    const budgeted = rows.filter((r) => r.path.startsWith("lib/hosts/")).map((r) => r.path.slice("lib/hosts/".length, -".ts".length));
    expect(sorted(budgeted)).toEqual(sorted(Object.keys(hosts)));
  });

  it.each(Object.keys(hosts).map((h) => [h] as const))("toolnexus/%s exports exactly its host's values", (h) => {
    expect(exportedNames(ENTRIES[h])).toEqual(sorted(hosts[h]));
  });

  it.each(Object.keys(hosts).map((h) => [h] as const))("every value of toolnexus/%s is === the one toolnexus/providers exports", (h) => {
    const entry = ENTRIES[h] as Record<string, unknown>;
    const shared = providers as Record<string, unknown>;
    const names = exportedNames(entry);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => typeof entry[n] === "function").length).toBeGreaterThan(0);
    const differ = names.filter((n) => entry[n] !== shared[n]);
    expect(differ).toEqual([]);
  });

  it("toolnexus/providers exports what the host entries export, and nothing else", () => {
    const fromHosts = Object.values(ENTRIES).flatMap(exportedNames);
    expect(new Set(fromHosts).size).toBe(fromHosts.length); // no value is two hosts' own
    expect(exportedNames(providers)).toEqual(sorted(fromHosts));
  });
});
