// ToolResult: creation, copies and equality, each against the plain-object code it replaces.
import { do_not_optimize } from "mitata";
import fastDeepEqual from "fast-deep-equal";
import { cloneAndFreeze, metadata1k, plainTree, MiB } from "../lib/data.mjs";

/** @param {typeof import("../../dist/esm/index.js")} tn */
export function resultTargets(tn) {
  const { ToolResult } = tn;
  const output = "3 files found";
  const other = "4 files found";

  const bare = ToolResult.ok(output);
  const withMeta = ToolResult.ok(output, { metadata: metadata1k() });

  // Two results with equal ~1 KB metadata built separately: no subtree is shared, every node is compared.
  const eqA = new ToolResult({ output, metadata: metadata1k() });
  const eqB = new ToolResult({ output, metadata: metadata1k() });
  const plainA = metadata1k();
  const plainB = metadata1k();
  if (eqA.metadata === eqB.metadata || eqA.metadata.hits === eqB.metadata.hits) throw new Error("bench setup: the trees must not be shared");
  if (!eqA.equals(eqB) || !fastDeepEqual(plainA, plainB)) throw new Error("bench setup: the trees must be equal");

  // Two results whose metadata roots differ but share one frozen subtree, small or huge (~1 MB of JSON).
  const shared = (tree) => {
    const owned = ToolResult.ok("", { metadata: { tree } }).metadata.tree;
    const a = ToolResult.ok(output, { metadata: { tree: owned, n: 1 } });
    const b = ToolResult.ok(output, { metadata: { tree: owned, n: 1 } });
    if (a.metadata === b.metadata || a.metadata.tree !== b.metadata.tree || !a.equals(b)) throw new Error("bench setup: expected a shared subtree");
    return [a, b];
  };
  const [smallA, smallB] = shared({ k: 1 });
  const [hugeA, hugeB] = shared(plainTree(1 * MiB));

  const input = metadata1k();
  // The second baseline of new-metadata: the same ~1 KB tree copied and frozen by hand, knowing its shape.
  const byHand = (m) => {
    const f = Object.freeze;
    const c = m.cache;
    const q = m.query;
    return f({
      tool: m.tool,
      requestId: m.requestId,
      startedAt: m.startedAt,
      durationMs: m.durationMs,
      cache: f({ hit: c.hit, key: c.key, ttlSeconds: c.ttlSeconds }),
      query: f({ text: q.text, filters: f({ lang: q.filters.lang, section: f([...q.filters.section]) }), limit: q.limit }),
      hits: f(m.hits.map((h) => f({ id: h.id, title: h.title, score: h.score, url: h.url }))),
      tokens: f({ prompt: m.tokens.prompt, completion: m.tokens.completion }),
      flags: f([...m.flags]),
    });
  };
  if (!fastDeepEqual(byHand(input), input) || !fastDeepEqual(new ToolResult({ output, metadata: input }).metadata, input)) throw new Error("bench setup: the hand-written copy must equal the metadata");

  // Where two sides run the same operation on different data, both come from one function literal: closures
  // made at one site share their feedback and optimized code, so only the data differs between the sides.
  const withOutputOf = (r) => () => do_not_optimize(r.withOutput(other));
  const equalsOf = (a, b) => () => do_not_optimize(a.equals(b));

  // A caller's DAG whose JSON text passes the value limit: refused once the count passes it, whatever the depth.
  const dagOf = (depth) => {
    let v = { leaf: true };
    for (let i = 0; i < depth; i++) v = { a: v, b: v };
    return { x: v };
  };
  const refuse = (metadata) => () => {
    try {
      ToolResult.ok(output, { metadata });
    } catch (e) {
      if (e.code === "too-large") return do_not_optimize(e);
      throw e;
    }
    throw new Error("bench setup: the DAG must be refused as too-large");
  };

  return [
    {
      id: "dag-refusal",
      title: "ToolResult.ok refuses a DAG past 1,000,000 values: depth 60 vs depth 22 (time per refusal printed)",
      limit: 2,
      kind: "slow",
      rounds: 5,
      baseline: { label: "metadata holding a DAG of depth 22", fn: refuse(dagOf(22)) },
      candidate: { label: "metadata holding a DAG of depth 60", fn: refuse(dagOf(60)) },
    },
    {
      id: "ok",
      title: "ToolResult.ok(s)",
      limit: 1.3,
      baseline: { label: "Object.freeze({ output, isError, parts: null, metadata: null })", fn: () => do_not_optimize(Object.freeze({ output, isError: false, parts: null, metadata: null })) },
      candidate: { label: "ToolResult.ok(output)", fn: () => do_not_optimize(ToolResult.ok(output)) },
    },
    {
      id: "withOutput",
      title: "withOutput",
      limit: 1.3,
      baseline: { label: "Object.freeze of a four-field literal", fn: () => do_not_optimize(Object.freeze({ output: other, isError: bare.isError, parts: bare.parts, metadata: bare.metadata })) },
      candidate: { label: "r.withOutput(s)", fn: () => do_not_optimize(bare.withOutput(other)) },
    },
    {
      id: "withOutput-metadata",
      title: "withOutput with ~1 KB metadata",
      limit: 1.2,
      baseline: { label: "r.withOutput(s), no metadata", fn: withOutputOf(bare) },
      candidate: { label: "r.withOutput(s), ~1 KB metadata", fn: withOutputOf(withMeta) },
    },
    {
      id: "new-metadata",
      title: "new ToolResult with ~1 KB metadata",
      limit: 0.5,
      baseline: { label: "structuredClone + recursive freeze", fn: () => do_not_optimize(cloneAndFreeze(input)) },
      candidate: { label: "new ToolResult({ output, metadata })", fn: () => do_not_optimize(new ToolResult({ output, metadata: input })) },
    },
    {
      id: "new-metadata-by-hand",
      title: "new ToolResult with ~1 KB metadata, against a copy written by hand (second baseline; no target)",
      limit: null,
      baseline: { label: "the same tree copied and frozen by hand, knowing its shape", fn: () => do_not_optimize(byHand(input)) },
      candidate: { label: "new ToolResult({ output, metadata })", fn: () => do_not_optimize(new ToolResult({ output, metadata: input })) },
    },
    {
      id: "equals",
      title: "equals, two equal ~1 KB metadata trees",
      limit: 1.2,
      baseline: { label: "fast-deep-equal on the plain data", fn: () => do_not_optimize(fastDeepEqual(plainA, plainB)) },
      candidate: { label: "a.equals(b)", fn: () => do_not_optimize(eqA.equals(eqB)) },
    },
    {
      id: "equals-shared",
      title: "equals, shared frozen subtree: ~1 MB vs 7 bytes",
      limit: 1.2,
      baseline: { label: "a.equals(b), shared subtree of 7 bytes", fn: equalsOf(smallA, smallB) },
      candidate: { label: "a.equals(b), shared subtree of ~1 MB", fn: equalsOf(hugeA, hugeB) },
    },
  ];
}
