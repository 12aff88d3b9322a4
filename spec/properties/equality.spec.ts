// equals is an equivalence (reflexive, symmetric, transitive) and agrees with equality of the toJSON output
// up to the key order of JSON objects (metadata and data), within one class. Values are drawn from small
// domains, so that equal pairs and triples are common, and built through different doors.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { Sub } from "./arbitraries";
import { RUNS, timeout } from "./settings";
import { canonical } from "./support";

type Value = { equals(o: unknown): boolean; toJSON(): unknown };

// JSON objects that differ only in key order, or only in the value behind a key fast-deep-equal would
// misread as a method (constructor, valueOf, toString), or in -0 and 0.
const OBJECTS = [
  '{"a":1,"b":[1,{"c":null}]}',
  '{"b":[1,{"c":null}],"a":1}',
  '{"a":1}',
  '{"__proto__":{"x":1},"a":1}',
  '{"a":1,"__proto__":{"x":1}}',
  '{"__proto__":{"x":2},"a":1}',
  '{"constructor":{"a":1},"valueOf":2}',
  '{"valueOf":2,"constructor":{"a":1}}',
  '{"constructor":{"a":2},"valueOf":2}',
  '{"constructor":{"a":1},"valueOf":2,"x":null}',
  '{"toString":"x","a":{"valueOf":null}}',
  '{"a":{"valueOf":null},"toString":"x"}',
  '{"a":{"valueOf":0},"toString":"x"}',
  '{"x":-0}',
  '{"x":0}',
  '{"list":[{"b":1,"a":2}]}',
  '{"list":[{"a":2,"b":1}]}',
];
const object = fc.constantFrom(...OBJECTS).map((s) => JSON.parse(s) as Record<string, unknown>);

const request = fc
  .record({
    id: fc.constantFrom("r1", "r2"),
    kind: fc.constantFrom("approval", "input"),
    prompt: fc.constant("p"),
    url: fc.constantFrom(undefined, "https://example.com/login"),
    data: fc.option(object, { nil: undefined }),
    expiresAt: fc.constantFrom(undefined, "2030-01-01T00:00:00Z", "2030-01-01T01:00:00+01:00"),
  })
  .map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>);

const part = fc.constantFrom(
  { type: "text", text: "a" },
  { type: "text", text: "b" },
  { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
  { type: "image", mimeType: "IMAGE/PNG", data: "iVBORw0KGgo" },
  { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=", name: "a.png" },
  { type: "image", mimeType: "image/png", url: "https://example.com/a.png" },
  { type: "file", mimeType: "application/pdf", url: "data:application/pdf;base64,JVBERi0=" },
  { type: "file", mimeType: "application/pdf", data: "JVBERi0=" },
);

const metadata = fc.oneof(
  fc.constant(null),
  object,
  fc.tuple(object, request).map(([o, r]) => ({ ...o, pending: r })),
);

const resultDoc = fc
  .record({ output: fc.constantFrom("", "a"), isError: fc.boolean(), parts: fc.constantFrom(null, [], [0], [0, 2], [2, 0], [3]), metadata })
  .chain((d) =>
    fc.tuple(...(d.parts ?? []).map(() => part)).map((ps) => ({ ...d, parts: d.parts === null ? null : ps })),
  );

/** A result read through one of several doors: each must give the same value for the same document. */
const result = fc.tuple(resultDoc, fc.nat(3)).map(([d, door]) => {
  const json = JSON.parse(JSON.stringify(d)) as { output: string; isError: boolean; parts: unknown[] | null; metadata: Record<string, unknown> | null };
  switch (door) {
    case 0:
      return ToolResult.fromJSON(json);
    case 1:
      return new ToolResult(json as never);
    case 2:
      return (json.isError ? ToolResult.error : ToolResult.ok).call(ToolResult, json.output, { parts: json.parts as never, metadata: json.metadata as never }) as ToolResult;
    default:
      return ToolResult.fromJSON({ output: "other" }).with(json as never);
  }
});

const answer = fc
  .record({ id: fc.constantFrom("r1", "r2"), ok: fc.boolean(), data: fc.option(object, { nil: undefined }), reason: fc.constantFrom(undefined, "declined", "expired") })
  .map((a) => JSON.parse(JSON.stringify(a.ok ? { ...a, reason: undefined } : a)) as Record<string, unknown>);

interface Domain {
  readonly name: string;
  readonly value: fc.Arbitrary<Value>;
  readonly read: (json: unknown) => Value;
}

const DOMAINS: readonly Domain[] = [
  { name: "ToolResult", value: result, read: (j) => ToolResult.fromJSON(j) },
  { name: "ContentPart", value: part.map((p) => ContentPart.fromJSON(p)), read: (j) => ContentPart.fromJSON(j) },
  { name: "Request", value: request.map((r) => Request.fromJSON(r)), read: (j) => Request.fromJSON(j) },
  { name: "Answer", value: answer.map((a) => Answer.fromJSON(a)), read: (j) => Answer.fromJSON(j) },
];

/** The JSON of a value with the keys of every object in reverse order. */
function reversed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversed);
  if (typeof v !== "object" || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).reverse()) Object.defineProperty(out, k, { value: reversed((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** A value, or the same value read back from JSON with every key order reversed (equal, but a new object). */
function nearby(d: Domain, a: Value): fc.Arbitrary<Value> {
  return fc.oneof(d.value, fc.constant(a).map((x) => d.read(reversed(JSON.parse(JSON.stringify(x))))));
}

const pairOf = (d: Domain) => d.value.chain((a) => fc.tuple(fc.constant(a), nearby(d, a)));
const tripleOf = (d: Domain) => d.value.chain((a) => nearby(d, a).chain((b) => fc.tuple(fc.constant(a), fc.constant(b), fc.oneof(nearby(d, a), nearby(d, b)))));

describe.each(DOMAINS.map((d) => [d.name, d] as const))("%s.equals", (_name, d) => {
  it(`is reflexive, also for a copy read back from JSON (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(d.value, (a) => {
        expect(a.equals(a)).toBe(true);
        const copy = (a.constructor as unknown as { fromJSON(v: unknown): Value }).fromJSON(JSON.parse(JSON.stringify(a)));
        expect(a.equals(copy)).toBe(true);
      }),
    );
  }, timeout());

  it(`is symmetric (${RUNS} runs)`, () => {
    fc.assert(fc.property(pairOf(d), ([a, b]) => expect(a.equals(b)).toBe(b.equals(a))));
  }, timeout());

  it(`is transitive (${RUNS} runs), with the premise met in at least a tenth of them`, () => {
    let chains = 0; // runs where a equals b and b equals c, three distinct objects
    fc.assert(
      fc.property(tripleOf(d), ([a, b, c]) => {
        if (a.equals(b) && b.equals(c)) {
          if (a !== b && b !== c && a !== c) chains++;
          expect(a.equals(c)).toBe(true);
          expect(c.equals(a)).toBe(true);
        }
      }),
    );
    // The property is vacuous when the premise is rare: the triples are drawn so that it is common.
    expect(chains).toBeGreaterThanOrEqual(Math.ceil(RUNS / 10));
  }, timeout());

  it(`agrees with equality of toJSON up to key order (${RUNS} runs)`, () => {
    fc.assert(fc.property(pairOf(d), ([a, b]) => expect(a.equals(b)).toBe(canonical(a.toJSON()) === canonical(b.toJSON()))));
  }, timeout());

  it("draws equal and unequal pairs, both often enough to mean something", () => {
    const pairs = fc.sample(pairOf(d), 400);
    const equal = pairs.filter(([a, b]) => a.equals(b) && a !== b).length;
    expect(equal).toBeGreaterThan(40);
    expect(pairs.length - equal).toBeGreaterThan(40);
  });

  it(`is false for anything that is not a value of the same class (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(d.value, fc.anything({ withMap: true, withSet: true, withNullPrototype: true }), (a, other) => {
        expect(a.equals(other)).toBe(false);
        expect(a.equals(a.toJSON())).toBe(false);
      }),
    );
  }, timeout());
});

describe("ToolResult.equals sees every field", () => {
  it(`a copy with one field changed is never equal, either way (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(result, (r) => {
        const copies = [r.withIsError(!r.isError), r.withOutput(`${r.output}!`), r.mergeMetadata({ extra: 1 }), r.addParts(ContentPart.text("more"))];
        for (const c of copies) {
          expect(r.equals(c)).toBe(false);
          expect(c.equals(r)).toBe(false);
        }
      }),
    );
  }, timeout());
});

describe("equality across classes", () => {
  it(`a subclass's value never equals the base class's, even with the same JSON (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(result, (r) => {
        const s = Sub.fromJSON(JSON.parse(JSON.stringify(r)));
        expect(canonical(s) === canonical(r)).toBe(true);
        expect(s.equals(r)).toBe(false);
        expect(r.equals(s)).toBe(false);
        expect(s.equals(Sub.fromJSON(r.toJSON()))).toBe(true);
      }),
    );
  }, timeout());
});
