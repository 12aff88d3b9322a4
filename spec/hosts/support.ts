// Shared by the provider specs: the fixture case shape, the projections by fixture file, and a loader for
// ESM-only SDKs.
import { ToolResult } from "toolnexus";
import { fromMcp, toAiSdk, toAnthropic, toGemini, toMcp, toOpenAIChat, toOpenAIResponses, type Loss } from "toolnexus/providers";
import { withImages } from "../budgets/support";
import { loadJSON } from "../support/fixtures";

/** One case of fixtures/providers/<file>.json. */
export interface ProviderCase {
  name: string;
  input: Record<string, unknown>;
  options?: Record<string, unknown>;
  expected?: unknown;
  /** The ContentPartError of a lost part; with `error: "ValidationError"`, the error of a bad call and its exact message. */
  throws?: { code: string; path: string; error?: "ValidationError"; message?: string };
  losses: { path: string; reason: string; placeholder?: string }[];
}

/** One kind of loss a projection can report (fixtures/providers/<file>.json, `lossKinds`). */
export interface LossKind {
  /** Where in lib/providers/ the loss is reported. */
  site: string;
  /** A pattern of the reason. */
  match: string;
  /** Set when the kind belongs to the error (true) or success (false) branch only. */
  isError?: boolean;
}

/** A projection as the fixtures drive it: input JSON in, provider value out. */
export interface Projection {
  file: string;
  provider: string;
  /** True for fromMcp: the input is provider data and the output a ToolResult. */
  inbound: boolean;
  run(input: unknown, options: Record<string, unknown>): unknown;
}

const result = (json: unknown) => ToolResult.fromJSON(json);

export const PROJECTIONS: readonly Projection[] = [
  { file: "anthropic", provider: "anthropic", inbound: false, run: (i, o) => toAnthropic(result(i), o as never) },
  { file: "openai-chat", provider: "openai-chat", inbound: false, run: (i, o) => toOpenAIChat(result(i), o as never) },
  { file: "openai-responses", provider: "openai-responses", inbound: false, run: (i, o) => toOpenAIResponses(result(i), o as never) },
  { file: "gemini", provider: "gemini", inbound: false, run: (i, o) => toGemini(result(i), o as never) },
  { file: "mcp", provider: "mcp", inbound: false, run: (i, o) => toMcp(result(i), o) },
  { file: "mcp-inbound", provider: "mcp", inbound: true, run: (i, o) => fromMcp(i as never, o) },
  { file: "ai-sdk", provider: "ai-sdk", inbound: false, run: (i, o) => toAiSdk(result(i), o) },
];

/** The cases of one fixture file, each `{ "$png": [width, height, bytes?] }` made the base64 of such a PNG (spec/budgets/support.ts). */
export function casesOf(file: string): ProviderCase[] {
  return withImages(loadJSON<{ cases: ProviderCase[] }>(`providers/${file}.json`).cases);
}

/** The kinds of loss one fixture file lists. */
export function lossKindsOf(file: string): LossKind[] {
  return loadJSON<{ lossKinds: LossKind[] }>(`providers/${file}.json`).lossKinds;
}

/** True when a loss of case `c` with this reason is of the kind `k`. */
export function isOfKind(k: LossKind, c: ProviderCase, reason: string): boolean {
  if (!new RegExp(k.match).test(reason)) return false;
  return k.isError === undefined || (c.input as { isError?: unknown }).isError === k.isError;
}

/** Runs a case's projection with an onLoss that records every loss. */
export function runCase(p: Projection, c: ProviderCase): { value?: unknown; thrown?: unknown; losses: Loss[] } {
  const losses: Loss[] = [];
  const options = { ...(c.options ?? {}), onLoss: (l: Loss) => void losses.push(l) };
  try {
    return { value: p.run(c.input, options), losses };
  } catch (e) {
    return { thrown: e, losses };
  }
}

/**
 * Imports an ESM-only package (the `ai` SDK) from any of the three Jest projects: a literal `import()`
 * would be compiled to `require()` in the CommonJS ones.
 */
export function importEsm<T = any>(specifier: string): Promise<T> {
  return eval(`import(${JSON.stringify(specifier)})`) as Promise<T>;
}

/** Every object in a JSON-like tree (URL objects are leaves). */
export function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (typeof value !== "object" || value === null || value instanceof URL) return;
  if (Array.isArray(value)) {
    for (const v of value) yield* objectsIn(v);
    return;
  }
  yield value as Record<string, unknown>;
  for (const v of Object.values(value)) yield* objectsIn(v);
}
