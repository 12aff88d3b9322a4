// Copies never change the receiver; constructors and factories never mutate or freeze their input, never
// keep a reference to it, and read each getter in it exactly once, storing the value as data.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { Answer, ContentPart, Request, ToolResult, ToolnexusError } from "toolnexus";
import { safeInstanceOf } from "../hostile/constructs";
import { anyValue, jsonData, jsonObject, metadataJSON, partJSON, requestJSON, resultJSON, Sub } from "./arbitraries";
import { RUNS, timeout } from "./settings";
import { assertDeepFrozen, canonical, nodesOf } from "./support";

/** Everything observable about a value: its JSON, its fields by identity, and that it is frozen. */
function snapshot(x: object): { json: string; fields: unknown[] } {
  return { json: JSON.stringify(x), fields: Object.keys(x).map((k) => (x as Record<string, unknown>)[k]) };
}

const withoutPending = metadataJSON.map((m) => {
  const out = { ...m };
  delete out.pending;
  return out;
});

/** Keys a recipe may assign on a draft (assigning `__proto__` on a draft is immer's own error). */
const draftKey = fc.string({ maxLength: 6 }).filter((k) => k !== "__proto__" && k !== "pending");

/** A copy of a result, with valid arguments. */
const resultCopy: fc.Arbitrary<{ label: string; run: (r: ToolResult) => ToolResult }> = fc.oneof(
  fc.string({ unit: "binary" }).map((s) => ({ label: "withOutput", run: (r: ToolResult) => r.withOutput(s) })),
  fc.boolean().map((b) => ({ label: "withIsError", run: (r: ToolResult) => r.withIsError(b) })),
  fc.option(fc.array(partJSON, { maxLength: 3 }), { nil: null }).map((ps) => ({ label: "withParts", run: (r: ToolResult) => r.withParts(ps as never) })),
  fc.array(partJSON, { maxLength: 3 }).map((ps) => ({ label: "addParts", run: (r: ToolResult) => r.addParts(...(ps as never[])) })),
  fc.option(withoutPending, { nil: null }).map((m) => ({ label: "withMetadata(value)", run: (r: ToolResult) => r.withMetadata(m as never) })),
  fc.tuple(draftKey, jsonData).map(([k, v]) => ({
    label: "withMetadata(recipe)",
    run: (r: ToolResult) =>
      r.withMetadata((m: Record<string, unknown>) => {
        m[k] = v;
      }),
  })),
  fc.tuple(draftKey, draftKey).map(([k, j]) => ({
    label: "withMetadata(recipe that deletes and nests)",
    run: (r: ToolResult) =>
      r.withMetadata((m: Record<string, unknown>) => {
        delete m[k];
        m[j] = { nested: [m[j] ?? null] };
      }),
  })),
  withoutPending.map((m) => ({ label: "mergeMetadata", run: (r: ToolResult) => r.mergeMetadata({ ...m, gone: undefined } as never) })),
  fc.record({ output: fc.string(), isError: fc.boolean(), parts: fc.option(fc.array(partJSON, { maxLength: 2 }), { nil: null }), metadata: fc.option(withoutPending, { nil: null }) }, { requiredKeys: [] }).map((c) => ({
    label: "with(changes)",
    run: (r: ToolResult) => r.with(c as never),
  })),
  fc.tuple(fc.string(), draftKey, jsonData).map(([s, k, v]) => ({
    label: "with(recipe)",
    run: (r: ToolResult) =>
      r.with((d) => {
        d.output += s;
        (d.metadata as Record<string, unknown>)[k] = v;
        d.parts.pop();
      }),
  })),
  fc.record({ maxOutputChars: fc.nat(40), maxTokens: fc.nat(200), maxPartBytes: fc.nat(64) }, { requiredKeys: [] }).map((b) => ({ label: "truncate", run: (r: ToolResult) => r.truncate(b) })),
);

describe("copies never change the receiver", () => {
  it(`ToolResult: every copy leaves the receiver as it was, and gives a deep-frozen value of its class (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(resultJSON, fc.constantFrom(ToolResult, Sub), resultCopy, (doc, cls, copy) => {
        const r = cls.fromJSON(doc);
        const before = snapshot(r);
        const out = copy.run(r);
        expect(snapshot(r)).toEqual(before);
        assertDeepFrozen(r, "receiver");
        assertDeepFrozen(out, copy.label);
        expect(Object.getPrototypeOf(out)).toBe(cls.prototype);
        expect(cls.fromJSON(JSON.parse(JSON.stringify(out))).equals(out)).toBe(true);
      }),
    );
  }, timeout(20));

  it(`ToolResult: a copy refused for a bad argument leaves the receiver as it was (${RUNS} runs)`, () => {
    const copies: ((r: ToolResult, v: unknown) => unknown)[] = [
      (r, v) => r.withOutput(v as never),
      (r, v) => r.withIsError(v as never),
      (r, v) => r.withParts(v as never),
      (r, v) => r.addParts(v as never),
      (r, v) => r.withMetadata(v as never),
      (r, v) => r.mergeMetadata(v as never),
      (r, v) => r.with(v as never),
      (r, v) => r.truncate(v as never),
    ];
    fc.assert(
      fc.property(resultJSON, anyValue, fc.nat(copies.length - 1), (doc, v, i) => {
        const r = ToolResult.fromJSON(doc);
        const before = snapshot(r);
        try {
          const out = copies[i]!(r, v);
          assertDeepFrozen(out, "copy");
        } catch (e) {
          expect(safeInstanceOf(e, ToolnexusError)).toBe(true);
        }
        expect(snapshot(r)).toEqual(before);
        assertDeepFrozen(r, "receiver");
      }),
    );
  }, timeout());

  it(`ContentPart, Request: copies leave the receiver as it was (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(partJSON, requestJSON, fc.option(fc.string({ minLength: 1 }), { nil: undefined }), requestJSON, (p, q, name, changes) => {
        const part = ContentPart.fromJSON(p);
        const req = Request.fromJSON(q);
        const before = [snapshot(part), snapshot(req)];
        if (part.type !== "text") {
          assertDeepFrozen(part.withName(name), "withName");
          assertDeepFrozen(part.withMimeType(part.mimeType!.replace(/\/.*/, "/x-other"), { verifyMime: false }), "withMimeType");
        }
        assertDeepFrozen(req.with(changes), "Request.with");
        assertDeepFrozen(req.with({ data: undefined, url: undefined, expiresAt: undefined }), "Request.with");
        expect([snapshot(part), snapshot(req)]).toEqual(before);
      }),
    );
  }, timeout());
});

/** A door that builds a value from a caller's input. */
interface Door {
  readonly label: string;
  readonly input: fc.Arbitrary<Record<string, unknown>>;
  readonly run: (input: Record<string, unknown>) => unknown;
}

const receiver = ToolResult.ok("r", { metadata: { kept: [1, 2] } });

const DOORS: readonly Door[] = [
  { label: "new ToolResult(init)", input: resultJSON, run: (i) => new ToolResult(i as never) },
  { label: "ToolResult.fromJSON(doc)", input: resultJSON, run: (i) => ToolResult.fromJSON(i) },
  { label: "Sub.fromJSON(doc)", input: resultJSON, run: (i) => Sub.fromJSON(i) },
  // Each door reads each top-level key of its input once itself, and hands the rest to the library as is.
  {
    label: "ToolResult.ok(output, { parts, metadata })",
    input: fc.record({ output: fc.string(), init: fc.record({ parts: fc.array(partJSON, { maxLength: 2 }), metadata: withoutPending }) }),
    run: (i) => ToolResult.ok(i.output as string, i.init as never),
  },
  {
    label: "ToolResult.pending(init, { metadata })",
    input: fc.record({ request: requestJSON, init: fc.record({ metadata: withoutPending }) }),
    run: (i) => ToolResult.pending(i.request as never, i.init as never),
  },
  { label: "ToolResult.json(value)", input: fc.record({ value: jsonData }), run: (i) => ToolResult.json(i) },
  { label: "result.withMetadata(value)", input: withoutPending, run: (i) => receiver.withMetadata(i as never) },
  { label: "result.mergeMetadata(partial)", input: withoutPending, run: (i) => receiver.mergeMetadata(i as never) },
  { label: "result.withParts(parts)", input: fc.record({ list: fc.array(partJSON, { maxLength: 3 }) }), run: (i) => receiver.withParts(i.list as never) },
  { label: "result.with(changes)", input: fc.record({ output: fc.string(), metadata: withoutPending, parts: fc.array(partJSON, { maxLength: 2 }) }), run: (i) => receiver.with(i as never) },
  { label: "ContentPart.fromJSON(doc)", input: partJSON, run: (i) => ContentPart.fromJSON(i) },
  { label: "new ContentPart(doc)", input: partJSON, run: (i) => new ContentPart(i as never) },
  { label: "new Request(init)", input: requestJSON, run: (i) => new Request(i as never) },
  { label: "Request.create(init)", input: requestJSON, run: (i) => Request.create(i as never) },
  { label: "Request.fromJSON(doc)", input: requestJSON, run: (i) => Request.fromJSON(i) },
  { label: "new Answer(init)", input: fc.record({ id: fc.string({ minLength: 1 }), ok: fc.constant(true), data: jsonObject }), run: (i) => new Answer(i as never) },
  { label: "Answer.accept(id, data)", input: jsonObject, run: (i) => Answer.accept("r1", i) },
];

/** A deep copy of a JSON document with some properties turned into accessors that count their reads. */
function withGetters(doc: unknown, seed: number): { value: unknown; reads: { path: string; count: number }[] } {
  const reads: { path: string; count: number }[] = [];
  let state = seed >>> 0 || 1;
  const coin = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) % 3 === 0;
  };
  const copy = (v: unknown, path: string): unknown => {
    if (Array.isArray(v)) return v.map((e, i) => copy(e, `${path}[${i}]`));
    if (typeof v !== "object" || v === null) return v;
    const out = {};
    for (const k of Object.keys(v)) {
      const value = copy((v as Record<string, unknown>)[k], `${path}.${k}`);
      if (coin()) {
        const counter = { path: `${path}.${k}`, count: 0 };
        reads.push(counter);
        Object.defineProperty(out, k, {
          enumerable: true,
          configurable: true,
          get() {
            counter.count++;
            return value;
          },
        });
      } else Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return { value: copy(doc, "$"), reads };
}

/** Everything about the caller's objects that a library could change: flat, compared entry by entry. */
function shapeOf(nodes: object[]): unknown[] {
  const out: unknown[] = [];
  for (const n of nodes) {
    out.push(n, Object.getPrototypeOf(n), Object.isExtensible(n), Object.isFrozen(n));
    for (const k of Reflect.ownKeys(n)) {
      const d = Object.getOwnPropertyDescriptor(n, k)!;
      out.push(k, "value" in d ? d.value : d.get, d.enumerable, d.writable, d.configurable);
    }
  }
  return out;
}

function sameShape(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

/** A door and an input for it. */
const doorAndInput = fc.constantFrom(...DOORS).chain((door) => fc.record({ door: fc.constant(door), input: door.input }));

describe(`constructors and factories (${DOORS.map((d) => d.label).join("; ")})`, () => {
  it(`never mutate, freeze or keep their input (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(doorAndInput, ({ door, input }) => {
        const nodes = nodesOf(input);
        const before = shapeOf(nodes);
        const text = JSON.stringify(input);
        const out = door.run(input);
        if (JSON.stringify(input) !== text) throw new Error(`${door.label}: the input's JSON changed`);
        if (!sameShape(shapeOf(nodes), before)) throw new Error(`${door.label}: an input object changed (a key, a value, its prototype, or its extensibility)`);
        for (const n of nodes) if (Object.isFrozen(n)) throw new Error(`${door.label}: an input object was frozen`);
        // The value holds copies: none of the caller's objects is reachable from it.
        const mine = new Set(nodes);
        for (const n of nodesOf(out)) if (mine.has(n)) throw new Error(`${door.label}: the value keeps a reference to an input object`);
      }),
    );
  }, timeout());

  it(`read each getter in their input once and store the value as data (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(doorAndInput, fc.integer(), ({ door, input }, seed) => {
        const plain = door.run(input);
        const { value, reads } = withGetters(input, seed);
        const out = door.run(value as Record<string, unknown>);
        for (const r of reads) if (r.count !== 1) throw new Error(`${door.label}: the getter at ${r.path} was read ${r.count} times`);
        assertDeepFrozen(out, "value");
        // Built from accessors, it is the same value as built from plain data.
        if (canonical(out) !== canonical(plain)) throw new Error(`${door.label}: a different value than from plain data`);
      }),
    );
  }, timeout());

  it("cover every door", () => {
    const seen = new Set(fc.sample(doorAndInput, 2000).map((x) => x.door.label));
    expect(seen.size).toBe(DOORS.length);
  });
});
