// Growth: how each operation's cost grows with its input. Every row measures one operation at 1x and at 8x
// its input (parts, metadata keys or bytes) and prints cost(8x) / cost(1x): linear work gives about 8x, and
// the bound is 10x. A quadratic loop shows as about 64x.
import { do_not_optimize } from "mitata";
import { base64, pngBytes, SMALL_PNG, MiB } from "../lib/data.mjs";
import { keywordRows } from "./growth-keywords.mjs";

/** The bound on cost(8x) / cost(1x). */
export const GROWTH_LIMIT = 10;
const SCALE = 8;

/** The projections measured, with the options each needs. */
export const PROJECTIONS = {
  // A model of 600 images a request: the 576 images of the larger input stay within Claude's limits, so both
  // sides do the same work per part (with the default 100, 476 of them would be losses: docs/budgets.md).
  toAnthropic: { toolUseId: "toolu_01A09q90qw90lq917835lq9", model: "claude-opus-4-7" },
  toOpenAIChat: { toolCallId: "call_abc123", toolName: "render_chart" },
  toOpenAIResponses: { callId: "call_abc123" },
  toGemini: { name: "render_chart" },
  toMcp: { meta: true },
  toAiSdk: undefined,
  toAgentsToolOutput: undefined,
  toLangChain: { toolCallId: "call_abc123" },
  toOllama: { toolName: "render_chart" },
  toCohere: { toolCallId: "call_abc123" },
};

/**
 * Metadata of `n` keys in all, in objects of 12 keys (n / 12 of them, under one root), each key holding a
 * small object: the input of the deep walks (equals, fromJSON, the projections), which visit every node.
 * One object of hundreds of keys would measure the engine rather than the library: past about a hundred
 * properties V8 changes how it stores an object, and a plain copy loop then grows 10 to 30x for 8x the keys
 * by itself (measured: 28x from 256 to 2,048 keys).
 */
function metadataOfKeys(n, seed = 0) {
  const m = {};
  for (let g = 0; g * 12 < n; g++) {
    const group = {};
    for (let i = g * 12; i < Math.min(n, g * 12 + 12); i++) group[`key${i}`] = { id: i + seed, label: `item ${i}`, ok: i % 2 === 0, tags: ["a", "b"] };
    m[`group${g}`] = group;
  }
  return m;
}

/**
 * Metadata of `n` keys on one object: the input of the shallow edits (mergeMetadata, withMetadata), whose
 * work is the width of the root. This one meets the engine's cost of wide objects (see above).
 */
function flatMetadata(n, seed = 0) {
  const m = {};
  for (let i = 0; i < n; i++) m[`key${i}`] = { id: i + seed, label: `item ${i}`, ok: i % 2 === 0, tags: ["a", "b"] };
  return m;
}

/** `n` parts: PNG images of 82 bytes, with a text part every fourth. */
function partsOf(tn, n) {
  const { ContentPart } = tn;
  const image = ContentPart.fromBytes(SMALL_PNG, { mimeType: "image/png" });
  const parts = [];
  for (let i = 0; i < n; i++) parts.push(i % 4 === 3 ? ContentPart.text(`note ${i}`) : image.withName(`chart-${i}.png`));
  return parts;
}

/**
 * One growth row: `make(scale)` builds the input at that scale and returns the call to time. Both sides run
 * through one function literal (`make`'s closure), so only the input differs between them.
 */
function growth(id, title, unit, small, make, extra = {}) {
  return {
    id: `growth-${id}`,
    title: `growth: ${title}, ${small} vs ${small * SCALE} ${unit}`,
    limit: GROWTH_LIMIT,
    // Built only in the worker that measures this row: the inputs at 8x are large.
    prepare: () => ({
      baseline: { label: `${small} ${unit}`, fn: make(small) },
      candidate: { label: `${small * SCALE} ${unit}`, fn: make(small * SCALE) },
    }),
    ...extra,
  };
}

/**
 * @param {typeof import("../../dist/esm/index.js")} tn
 * @param {Record<string, Function>} providers
 * @param {typeof import("../../dist/esm/temporal.js")} [temporal] toolnexus/temporal, for the writer's row
 */
export function growthTargets(tn, providers, temporal) {
  const { ToolResult } = tn;
  const rows = [];
  const resultOf = (parts, keys) => ToolResult.ok("Rendered the charts.", { parts: partsOf(tn, parts), metadata: keys ? metadataOfKeys(keys) : undefined });

  // truncate: parts dropped by maxPartBytes, and by maxTokens (each part's tokens counted once, not per step).
  // Half the parts are kept. When truncate is quadratic the 8x side takes seconds a call: "slow" keeps that
  // row short, and its ratio still shows.
  const truncateRow = (id, budgetOf) =>
    growth(
      id,
      `truncate(${id === "truncate" ? "{ maxPartBytes }" : "{ maxTokens }"})`,
      "parts",
      1000,
      (n) => {
        const r = resultOf(n);
        const budget = budgetOf(r);
        if (r.truncate(budget).parts.length >= n) throw new Error(`bench setup: ${id} must drop parts`);
        return () => do_not_optimize(r.truncate(budget));
      },
      { kind: "slow", rounds: 5 },
    );
  rows.push(truncateRow("truncate", (r) => ({ maxPartBytes: Math.floor(r.parts.reduce((s, p) => s + p.byteLength, 0) / 2) })));
  rows.push(truncateRow("truncate-tokens", (r) => ({ maxTokens: Math.floor(r.estimatedTokens / 2) })));

  // equals: two equal results built apart (nothing shared), parts and keys both grown.
  rows.push(
    growth("equals", "a.equals(b), equal results built apart", "parts and keys", 96, (n) => {
      const a = resultOf(n, n);
      const b = resultOf(n, n);
      if (!a.equals(b) || a.metadata === b.metadata) throw new Error("bench setup: equals must compare every node");
      return () => do_not_optimize(a.equals(b));
    }),
  );

  // fromJSON: parts and keys; and bytes (one image of 1 MiB vs 8 MiB).
  rows.push(
    growth("fromJSON", "ToolResult.fromJSON(value)", "parts and keys", 96, (n) => {
      const value = JSON.parse(JSON.stringify(resultOf(n, n)));
      return () => do_not_optimize(ToolResult.fromJSON(value));
    }),
  );
  rows.push(
    growth(
      "fromJSON-bytes",
      "ToolResult.fromJSON(value), one image",
      "MiB",
      1,
      (n) => {
        const value = { output: "Rendered.", isError: false, parts: [{ type: "image", mimeType: "image/png", data: base64(pngBytes(n * MiB)) }] };
        return () => do_not_optimize(ToolResult.fromJSON(value));
      },
      { kind: "heavy", rounds: 9 },
    ),
  );

  // Metadata edits over a result holding n keys.
  rows.push(
    growth("mergeMetadata", "r.mergeMetadata(partial of n/16 keys)", "keys", 96, (n) => {
      const r = ToolResult.ok("done", { metadata: flatMetadata(n) });
      const partial = flatMetadata(n / 16, 1);
      return () => do_not_optimize(r.mergeMetadata(partial));
    }),
  );
  rows.push(
    growth("withMetadata-recipe", "r.withMetadata(recipe) changing one key", "keys", 96, (n) => {
      const r = ToolResult.ok("done", { metadata: { ...flatMetadata(n), count: 0 } });
      const recipe = (m) => {
        m.count += 1;
      };
      if (r.withMetadata(recipe).metadata.count !== 1) throw new Error("bench setup: the recipe must apply");
      return () => do_not_optimize(r.withMetadata(recipe));
    }),
  );

  // Shared subtrees (docs/trust.md, "Guarantees, and every limit"): a DAG the library owns costs its distinct objects,
  // never its JSON text. The input is the DAG's depth: its JSON text doubles per level (2^16 leaves at 8x, 2^14
  // times the text at 1x), its distinct objects grow by one. The leaf is a record of 14 values, as a search hit
  // is (the most that keeps 2^16 of them under the value limit): below 256 values a pair of subtrees is
  // compared whole, at each place.
  const record = { id: 1, title: "Result", score: 0.5, url: "https://example.com/1", tags: ["a", "b", "c"], author: { name: "A", id: 7 } };
  const ownedDag = (depth) => {
    let o = ToolResult.ok("", { metadata: { record } }).metadata;
    for (let i = 0; i < depth; i++) o = ToolResult.ok("", { metadata: { a: o, b: o } }).metadata;
    return o;
  };
  rows.push(
    growth("equals-dag", "a.equals(b), owned DAGs built apart (equal, nothing shared between them)", "levels", 2, (n) => {
      const a = ToolResult.ok("done", { metadata: { tree: ownedDag(n) } });
      const b = ToolResult.ok("done", { metadata: { tree: ownedDag(n) } });
      if (!a.equals(b) || a.metadata.tree === b.metadata.tree) throw new Error("bench setup: the DAGs must be equal and apart");
      return () => do_not_optimize(a.equals(b));
    }),
  );
  rows.push(
    growth("copy-dag", "ToolResult.ok(s, { metadata }) holding an owned DAG's shared half twice", "levels", 2, (n) => {
      const half = ownedDag(n).a;
      const metadata = { first: { tree: half }, second: { tree: half } };
      return () => do_not_optimize(ToolResult.ok("done", { metadata }));
    }),
  );

  // Each projection, over a result of n parts (and n keys: toMcp with meta copies them).
  for (const [name, options] of Object.entries(PROJECTIONS)) {
    const project = providers[name];
    if (typeof project !== "function") {
      rows.push({ id: `growth-${name}`, title: `growth: ${name}`, limit: GROWTH_LIMIT, missing: `dist/esm/providers.js does not export ${name}` });
      continue;
    }
    rows.push(
      growth(name, `${name}(result)`, "parts and keys", 96, (n) => {
        const r = resultOf(n, n);
        do_not_optimize(project(r, options));
        return () => do_not_optimize(project(r, options));
      }),
    );
  }

  // fromMcp: an MCP CallToolResult of n blocks.
  if (typeof providers.fromMcp === "function") {
    const data = base64(SMALL_PNG);
    rows.push(
      growth("fromMcp", "fromMcp(callToolResult)", "blocks", 96, (n) => {
        const content = [];
        for (let i = 0; i < n; i++) content.push(i % 4 === 3 ? { type: "text", text: `note ${i}` } : { type: "image", data, mimeType: "image/png" });
        const value = { content, isError: false };
        if (providers.fromMcp(value).parts.length === 0) throw new Error("bench setup: fromMcp must read the blocks");
        return () => do_not_optimize(providers.fromMcp(value));
      }),
    );
  } else {
    rows.push({ id: "growth-fromMcp", title: "growth: fromMcp", limit: GROWTH_LIMIT, missing: "dist/esm/providers.js does not export fromMcp" });
  }

  // toOpenAIChatMessages: one assistant turn's n parallel calls, each result with one image.
  if (typeof providers.toOpenAIChatMessages === "function") {
    rows.push(
      growth("toOpenAIChatMessages", "toOpenAIChatMessages(calls)", "calls", 96, (n) => {
        const calls = [];
        for (let i = 0; i < n; i++) calls.push({ result: resultOf(1, 1), toolCallId: `call_${i}`, toolName: "render_chart" });
        do_not_optimize(providers.toOpenAIChatMessages(calls));
        return () => do_not_optimize(providers.toOpenAIChatMessages(calls));
      }),
    );
  } else {
    rows.push({ id: "growth-toOpenAIChatMessages", title: "growth: toOpenAIChatMessages", limit: GROWTH_LIMIT, missing: "dist/esm/providers.js does not export toOpenAIChatMessages" });
  }

  // toOpenAIChatMessages over one call of n parts, 125,000 at 8x: more items than a call takes arguments, so they
  // must be appended one by one, never spread into push (docs/hosts/openai.md, "Send a result: Chat Completions").
  // Text parts, one part n times: OpenAI takes 1500 images a request, so images past it are losses (a loss
  // object each, a heap that makes V8 collect its old generation inside the 8x call); the text parts all go to
  // the tool message, and a plain loop building n distinct objects would grow about 100x by the engine alone.
  if (typeof providers.toOpenAIChatMessages === "function") {
    const { ContentPart } = tn;
    rows.push(
      growth("toOpenAIChatMessages-parts", "toOpenAIChatMessages([{ result of n parts }])", "parts", 15625, (n) => {
        const parts = new Array(n).fill(ContentPart.text("Rendered one more chart."));
        const calls = [{ result: ToolResult.ok("Rendered the charts.", { parts }), toolCallId: "call_1", toolName: "render_chart" }];
        if (providers.toOpenAIChatMessages(calls)[0].content.length !== n + 1) throw new Error("bench setup: every text part must reach the tool message");
        return () => do_not_optimize(providers.toOpenAIChatMessages(calls));
      }, { kind: "heavy" }),
    );
  } else {
    rows.push({ id: "growth-toOpenAIChatMessages-parts", title: "growth: toOpenAIChatMessages, parts", limit: GROWTH_LIMIT, missing: "dist/esm/providers.js does not export toOpenAIChatMessages" });
  }

  // fromLangChain: a ToolMessage's fields with n content blocks, read without the toolnexus artifact.
  if (typeof providers.fromLangChain === "function") {
    const data = base64(SMALL_PNG);
    rows.push(
      growth("fromLangChain", "fromLangChain(message)", "blocks", 96, (n) => {
        const content = [];
        for (let i = 0; i < n; i++) content.push(i % 4 === 3 ? { type: "text", text: `note ${i}` } : { type: "image", mimeType: "image/png", data });
        const message = { content, tool_call_id: "call_abc123", status: "success" };
        if (providers.fromLangChain(message).parts.length === 0) throw new Error("bench setup: fromLangChain must read the blocks");
        return () => do_not_optimize(providers.fromLangChain(message));
      }),
    );
  } else {
    rows.push({ id: "growth-fromLangChain", title: "growth: fromLangChain", limit: GROWTH_LIMIT, missing: "dist/esm/providers.js does not export fromLangChain" });
  }

  // isExpired: an expiresAt whose fraction runs to n digits (400 KB at 8x), at the instant of its milliseconds,
  // so that every digit is compared (the last one, a 1, decides). The comparison is exact and linear: no
  // conversion of the digits to a number.
  const { Request } = tn;
  rows.push(
    growth(
      "isExpired-fraction",
      "request.isExpired(now), the expiresAt fraction",
      "digits",
      50_000,
      (n) => {
        const req = Request.fromJSON({ id: "r1", kind: "approval", prompt: "Go?", expiresAt: `2030-01-01T00:00:00.${"0".repeat(n - 1)}1Z` });
        const now = Date.UTC(2030, 0, 1);
        if (req.isExpired(now) || !req.isExpired(now + 1)) throw new Error("bench setup: the last digit must decide");
        return () => do_not_optimize(req.isExpired(now));
      },
      { kind: "heavy", rounds: 9 },
    ),
  );
  // The Temporal writer (payloadConverter.toPayload) over a value nested n levels deep, a result and a few
  // plain values on every level (1,000 at 8x: the writer recurses, two frames a level, and Node's default stack
  // ends near 1,400 levels): its error paths are built only for an error (docs/durable.md, "Temporal
  // (`toolnexus/temporal`)"). Building the path of every node it visits cost depth squared.
  if (typeof temporal?.payloadConverter?.toPayload === "function") {
    const { payloadConverter } = temporal;
    rows.push(
      growth("temporal-toPayload-depth", "payloadConverter.toPayload(value), nested objects and arrays", "levels", 125, (n) => {
        let value = { leaf: ToolResult.ok("done", { metadata: { n: 1 } }) };
        for (let i = 0; i < n; i++) value = { "odd key": [value, i, "x"], result: ToolResult.ok(`level ${i}`) };
        if (payloadConverter.toPayload(value).data.length < n * 50) throw new Error("bench setup: every level must be written");
        return () => do_not_optimize(payloadConverter.toPayload(value));
      }),
    );
  } else {
    rows.push({ id: "growth-temporal-toPayload-depth", title: "growth: payloadConverter.toPayload, depth", limit: GROWTH_LIMIT, missing: "dist/esm/temporal.js does not export payloadConverter" });
  }
  // toMcpElicitation: schema keywords dropped from one field (growth-keywords.mjs).
  rows.push(...keywordRows(tn, providers, growth));
  return rows;
}
