// Memory: the heap that 10,000 results with ~1 KB of metadata keep alive, against the same data held as plain
// frozen objects. Measured in the worker's own process (started with --expose-gc): a full collection before
// and after building each set, the set kept alive across the second.
import { do_not_optimize } from "mitata";
import { deepFreeze, metadata1k } from "../lib/data.mjs";
import { summarize } from "../lib/harness.mjs";

const COUNT = 10_000;
const ROUNDS = 7;

/** Bytes of heap that the values `make(i)` returns, `COUNT` of them, keep alive. */
function retained(make) {
  const keep = new Array(COUNT);
  globalThis.gc();
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < COUNT; i++) keep[i] = make(i);
  globalThis.gc();
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  do_not_optimize(keep);
  return after - before;
}

/** @param {typeof import("../../dist/esm/index.js")} tn */
export function memoryTargets(tn) {
  const { ToolResult } = tn;
  const output = "3 files found";
  const plain = () => Object.freeze({ output, isError: false, parts: null, metadata: deepFreeze(metadata1k()) });
  const result = () => ToolResult.ok(output, { metadata: metadata1k() });
  return [
    {
      id: "memory",
      title: `retained heap: ${COUNT.toLocaleString("en")} results with ~1 KB metadata`,
      limit: 1.1,
      unit: "bytes",
      baseline: { label: "the same data as plain objects, deep-frozen", fn: plain },
      candidate: { label: "ToolResult.ok(output, { metadata })", fn: result },
      custom: async (target) => {
        const base = [];
        const cand = [];
        const ratios = [];
        retained(plain); // warm both paths once
        retained(result);
        for (let r = 0; r < ROUNDS; r++) {
          const b = r % 2 === 0 ? retained(plain) : undefined;
          const c = retained(result);
          const b2 = b ?? retained(plain);
          base.push(b2);
          cand.push(c);
          ratios.push(c / b2);
        }
        return summarize(target, { base, cand, ratios });
      },
    },
  ];
}
