// Prototype safety: `__proto__`, `constructor` and `prototype` keys arriving from JSON.parse stay data on
// every path (constructor, fromJSON, copies, recipes, mergeMetadata, requests and answers), and nothing ever
// reaches Object.prototype, Array.prototype or Function.prototype.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { DANGEROUS_KEYS, dict, jsonData, objectOf } from "./arbitraries";
import { RUNS, timeout } from "./settings";
import { canonical, nodesOf, prototypeFingerprint, sameFingerprint } from "./support";

/** JSON data in which the dangerous keys are drawn most of the time, at every depth. */
const poisonKey = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) });
const poisoned: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, jsonData, tie("object"), fc.array(tie("value"), { maxLength: 3 })),
  object: dict(poisonKey, tie("value"), 4),
})).value;

/** A metadata object with dangerous keys at its root and below, as JSON.parse gives it. */
const poisonedMetadata = dict(poisonKey.filter((k) => k !== "pending"), poisoned, 5).map((m) => JSON.parse(JSON.stringify(m)) as Record<string, unknown>);

/** Throws unless every object reachable from `value` has a plain prototype, or is a toolnexus value. */
function assertPlainPrototypes(value: unknown): void {
  const allowed = new Set<unknown>([null, Object.prototype, Array.prototype, ToolResult.prototype, ContentPart.prototype, Request.prototype, Answer.prototype]);
  for (const n of nodesOf(value)) if (!allowed.has(Object.getPrototypeOf(n))) throw new Error("an object with a foreign prototype");
}

/** The checks after each path: nothing global moved, keys kept as data, plain prototypes only. */
function checkSafe(before: unknown[], given: Record<string, unknown> | null, stored: unknown): void {
  if (!sameFingerprint(prototypeFingerprint(), before)) throw new Error("a global prototype changed");
  if (({} as Record<string, unknown>).polluted !== undefined || ([] as unknown as Record<string, unknown>).polluted !== undefined) throw new Error("polluted");
  assertPlainPrototypes(stored);
  if (given !== null) {
    // Every key given is an own data key of what is stored, with the same value.
    if (canonical(stored) !== canonical(given)) throw new Error(`keys were lost or changed: ${canonical(given)} became ${canonical(stored)}`);
  }
}

/** A recipe's assignment of `key` that immer can do: a key the draft already owns is data, any other is set. */
const assignable = (draft: object, key: string) => key !== "__proto__" || Object.prototype.hasOwnProperty.call(draft, key);

describe("keys that name prototype machinery stay data", () => {
  it(`on every path of a ToolResult (${RUNS} runs)`, () => {
    /** One path per run (a deep run of 100,000 stays affordable): what it stores, and the keys it must keep. */
    type Path = (m: Record<string, unknown>, partial: Record<string, unknown>, key: string, value: unknown) => { result: ToolResult; keeps: Record<string, unknown> | null };
    const some = (o: Record<string, unknown>) => (Object.keys(o).length ? o : null);
    const read = (m: Record<string, unknown>) => {
      const doc = JSON.parse(JSON.stringify({ output: "x", metadata: m, __proto__: { isError: true } })) as Record<string, unknown>;
      const r = ToolResult.fromJSON(doc);
      expect(r.isError).toBe(false); // the document's own __proto__ key is data, not where isError comes from
      return r;
    };
    const PATHS: Record<string, Path> = {
      fromJSON: (m) => ({ result: read(m), keeps: some(m) }),
      "new ToolResult(init)": (m) => ({ result: new ToolResult({ output: "x", metadata: m }), keeps: some(m) }),
      "ok().withMetadata(value)": (m) => ({ result: ToolResult.ok("x", { metadata: m }).withMetadata(m), keeps: some(m) }),
      mergeMetadata: (m, partial) => ({
        result: read(m).mergeMetadata(partial),
        keeps: some(objectOf([...Object.entries(m).filter(([k]) => !Object.prototype.hasOwnProperty.call(partial, k)), ...Object.entries(partial)])),
      }),
      "withMetadata(recipe)": (m, _p, key, value) => ({
        result: read(m).withMetadata((d: Record<string, unknown>) => {
          // Read and rewrite each key the draft has, and assign one more.
          for (const k of Object.keys(d)) d[k] = d[k];
          if (assignable(d, key)) d[key] = value;
        }),
        keeps: null,
      }),
      "withMetadata(recipe returning a replacement)": (m) => ({ result: read(m).withMetadata(() => JSON.parse(JSON.stringify(m)) as never), keeps: some(m) }),
      "with(recipe)": (m, _p, key, value) => ({
        result: read(m).with((d) => {
          d.output = "y";
          const meta = d.metadata as Record<string, unknown>;
          if (assignable(meta, key)) meta[key] = value;
        }),
        keeps: null,
      }),
      "with(changes)": (m, partial) => ({ result: read(m).with({ metadata: partial }), keeps: some(partial) }),
      "pending(init, { metadata })": (m, partial) => ({ result: ToolResult.pending({ kind: "input", prompt: "p", data: m }, { metadata: partial }), keeps: null }),
      "json(value)": (m) => ({ result: ToolResult.json(m), keeps: null }),
    };
    const names = Object.keys(PATHS);
    fc.assert(
      fc.property(fc.constantFrom(...names), poisonedMetadata, poisonedMetadata, fc.constantFrom(...DANGEROUS_KEYS), poisoned, (name, m, partial, key, value) => {
        const before = prototypeFingerprint();
        const { result, keeps } = PATHS[name]!(m, partial, key, value);
        checkSafe(before, keeps, result.metadata ?? {});
        // Whatever went in comes back out of JSON text the same.
        expect(ToolResult.fromJSON(JSON.parse(JSON.stringify(result))).equals(result)).toBe(true);
      }),
    );
  }, timeout());

  it(`in requests, answers and parts (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(poisonedMetadata, (data) => {
        const before = prototypeFingerprint();
        const d = Object.keys(data).length ? data : null;
        const req = Request.fromJSON(JSON.parse(JSON.stringify({ id: "r", kind: "k", prompt: "p", data, __proto__: { url: "https://evil.example" } })));
        expect(req.url).toBeUndefined();
        checkSafe(before, d ?? {}, req.data);
        checkSafe(before, d ?? {}, new Request({ id: "r", kind: "k", prompt: "p", data }).data);
        checkSafe(before, d ?? {}, req.with({ data }).data);
        const ans = Answer.fromJSON(JSON.parse(JSON.stringify({ id: "r", ok: true, data, __proto__: { ok: false, reason: "declined" } })));
        expect(ans.reason).toBeUndefined();
        checkSafe(before, d ?? {}, ans.data);
        checkSafe(before, d ?? {}, Answer.accept(req, data).data);
        const result = ToolResult.fromJSON(JSON.parse(JSON.stringify({ output: "", parts: [{ type: "text", text: "t", __proto__: { mimeType: "x/y" } }], metadata: { pending: req } })));
        expect(result.parts![0]!.mimeType).toBeUndefined();
        expect(result.pending!.equals(req)).toBe(true);
        checkSafe(before, null, result);
      }),
    );
  }, timeout(20));
});
