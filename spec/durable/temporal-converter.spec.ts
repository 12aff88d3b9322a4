// toolnexus/temporal, checked against Temporal's own converters (@temporalio/common): toolnexus values at
// any depth come back as frozen instances of their class, look-alike tags are escaped, and every other
// value is written with exactly the bytes and metadata of Temporal's default converter.
import { describe, expect, it } from "@jest/globals";
import { CompositePayloadConverter, defaultPayloadConverter, type Payload } from "@temporalio/common";
import { Answer, ContentPart, Request, ToolResult, ValidationError } from "toolnexus";
import { createPayloadConverter, payloadConverter, ToolnexusPayloadConverter } from "toolnexus/temporal";
import { build } from "../hostile/constructs";
import { loadJSON } from "../support/fixtures";
import { thrownValidation } from "../support/throws";

class SearchResult extends ToolResult<{ hits: number }> {
  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
}
class ApprovalRequest extends Request {
  get label(): string {
    return `approve: ${this.prompt}`;
  }
}

const text = (p: Payload): string => new TextDecoder().decode(p.data!);
const bytes = (u: Uint8Array | null | undefined): number[] => Array.from(u ?? []);
const payloadOf = (s: string): Payload => ({ metadata: { encoding: new TextEncoder().encode("json/plain") }, data: new TextEncoder().encode(s) });
const roundTrip = <T>(value: T, converter = payloadConverter): T => converter.fromPayload<T>(converter.toPayload(value));

const png = ContentPart.fromBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), { mimeType: "image/png", name: "a.png" });
const request = new Request({ id: "r1", kind: "approval", prompt: "Deploy?", url: "https://example.com/ok", data: { env: "prod" }, expiresAt: "2030-01-01T00:00:00Z" });
const values = {
  result: ToolResult.ok("3 files", { parts: [png, ContentPart.text("note")], metadata: { files: 3, nested: { deep: [1, "x"] } } }),
  pending: ToolResult.pending(request, { metadata: { step: 2 } }),
  part: png,
  request,
  answer: Answer.accept(request, { token: "t" }),
  declined: Answer.decline("r2", "cancelled"),
};

function expectSame(back: unknown, sent: ToolResult<any> | ContentPart | Request | Answer): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(Object.getPrototypeOf(back)).toBe(Object.getPrototypeOf(sent));
  expect(Object.isFrozen(back)).toBe(true);
  expect((back as typeof sent).equals(sent as never)).toBe(true);
}

describe("ToolnexusPayloadConverter: toolnexus values", () => {
  it.each(Object.entries(values))("%s comes back as a frozen instance of its class, equal to what was sent", (_name, v) => {
    expectSame(roundTrip(v), v);
  });

  it("finds them at any depth of an argument: in arrays, objects, arrays of objects", () => {
    const arg = { a: [values.result, { b: { c: [values.request, [values.answer]] } }], part: values.part, n: 1, s: "x", nil: null };
    const back = roundTrip(arg);
    expectSame(back.a[0], values.result);
    const inner = back.a[1] as { b: { c: [Request, [Answer]] } };
    expectSame(inner.b.c[0], values.request);
    expectSame(inner.b.c[1][0], values.answer);
    expectSame(back.part, values.part);
    expect([back.n, back.s, back.nil]).toEqual([1, "x", null]);
  });

  it("keeps the pending request of a result: a Request, frozen, that an Answer answers", () => {
    const back = roundTrip(values.pending);
    expect(back.isPending).toBe(true);
    expect(back.pending).toBeInstanceOf(Request);
    expect(Object.isFrozen(back.pending)).toBe(true);
    expect(Answer.accept(back.pending!).answers(request)).toBe(true);
  });

  it("writes each as { $toolnexus: <class>, value: <toJSON()> }, so the payload stays readable JSON", () => {
    for (const [name, v] of Object.entries(values)) {
      const tag = name === "result" || name === "pending" ? "ToolResult" : name === "part" ? "ContentPart" : name === "request" ? "Request" : "Answer";
      expect(JSON.parse(text(payloadConverter.toPayload(v)))).toEqual({ $toolnexus: tag, value: JSON.parse(JSON.stringify(v)) });
    }
  });

  it("uses the json/plain encoding, so Temporal's default converter still reads the payload as JSON", () => {
    const payload = payloadConverter.toPayload({ r: values.result });
    expect(new TextDecoder().decode(payload.metadata!.encoding!)).toBe("json/plain");
    expect(new ToolnexusPayloadConverter().encodingType).toBe("json/plain");
    expect(defaultPayloadConverter.fromPayload(payload)).toEqual({ r: { $toolnexus: "ToolResult", value: values.result.toJSON() } });
  });

  it("a subclass not registered is written as its base class and comes back as it", () => {
    const sent = SearchResult.ok("3 hits", { metadata: { hits: 3 } });
    const back = roundTrip(sent);
    expect(back).toBeInstanceOf(ToolResult);
    expect(back).not.toBeInstanceOf(SearchResult);
    expect(back.toJSON()).toEqual(sent.toJSON());
  });

  it("createPayloadConverter({ classes }) revives registered subclasses, tagged by their names", () => {
    const converter = createPayloadConverter({ classes: { SearchResult, ApprovalRequest } });
    const sent = SearchResult.pending({ id: "q", kind: "approval", prompt: "Open?" }, { metadata: { hits: 3 } });
    const asked = new ApprovalRequest({ id: "a1", kind: "approval", prompt: "Ship it" });
    const payload = converter.toPayload([sent, asked, ToolResult.ok("base")]);
    expect(JSON.parse(text(payload)).map((x: { $toolnexus: string }) => x.$toolnexus)).toEqual(["SearchResult", "ApprovalRequest", "ToolResult"]);
    const [r, q, base] = converter.fromPayload<[SearchResult, ApprovalRequest, ToolResult]>(payload);
    expectSame(r, sent);
    expect(r.hits).toBe(3);
    expect(r.pending).toBeInstanceOf(Request);
    // Revived through the registered class's own fromJSON (which, per the contract, returns the subclass).
    expect(Object.getPrototypeOf(q)).toBe(Object.getPrototypeOf(ApprovalRequest.fromJSON(asked.toJSON())));
    expect(q).toBeInstanceOf(Request);
    expect(q.toJSON()).toEqual(asked.toJSON());
    expect(Object.getPrototypeOf(base)).toBe(ToolResult.prototype);
  });

  it("a payload naming a subclass that this converter does not know is a ValidationError, not a silent base class", () => {
    const written = createPayloadConverter({ classes: { SearchResult } }).toPayload({ r: SearchResult.ok("x") });
    const e = thrownValidation(() => payloadConverter.fromPayload(written));
    expect(e.code).toBe("invalid-value");
    expect(e.path).toBe("r");
    expect(e.message).toContain("SearchResult");
  });

  it("is a composite of Temporal's undefined and binary converters, then ours", () => {
    const converter = createPayloadConverter();
    expect(converter).toBeInstanceOf(CompositePayloadConverter);
    expect(converter.converters.map((c) => c.encodingType)).toEqual(["binary/null", "binary/plain", "json/plain"]);
    expect(converter.converters[2]).toBeInstanceOf(ToolnexusPayloadConverter);
    expect(roundTrip(undefined)).toBeUndefined();
    expect(roundTrip(new Uint8Array([1, 2]))).toEqual(new Uint8Array([1, 2]));
  });
});

describe("ToolnexusPayloadConverter: look-alikes", () => {
  it("escapes a plain object that has its own $toolnexus key, at any depth, and gives it back as it was", () => {
    const forged = { $toolnexus: "ToolResult", value: { output: "I am not a result" } };
    const arg = { top: forged, list: [{ $toolnexus: "" }, { $toolnexus: "Answer", value: { id: "x", ok: true } }] };
    const payload = payloadConverter.toPayload(arg);
    expect(JSON.parse(text(payload))).toEqual({
      top: { $toolnexus: "", value: forged },
      list: [{ $toolnexus: "", value: { $toolnexus: "" } }, { $toolnexus: "", value: { $toolnexus: "Answer", value: { id: "x", ok: true } } }],
    });
    const back = payloadConverter.fromPayload<typeof arg>(payload);
    expect(back).toEqual(arg);
    expect(back.top).not.toBeInstanceOf(ToolResult);
    expect(back.list[1]).not.toBeInstanceOf(Answer);
  });

  it("escapes look-alikes inside escaped objects too (the reader reads their properties as usual)", () => {
    const arg = { $toolnexus: "x", inner: { $toolnexus: "Request", value: { id: "r", kind: "k", prompt: "p" } }, real: values.request };
    const back = roundTrip(arg);
    expect(back.inner).toEqual(arg.inner);
    expect(back.inner).not.toBeInstanceOf(Request);
    expectSame(back.real, values.request);
  });

  it("keeps metadata that holds a $toolnexus key as data of the result, unescaped inside its JSON", () => {
    const r = ToolResult.ok("o", { metadata: { $toolnexus: "Answer", value: { id: "a", ok: true } } });
    const payload = payloadConverter.toPayload(r);
    expect(JSON.parse(text(payload)).value).toEqual(r.toJSON());
    expectSame(payloadConverter.fromPayload(payload), r);
  });

  it("checks an object that carries the toolnexus brand but is not genuine through fromJSON before writing it", () => {
    const brand = Symbol.for("toolnexus.brand");
    const fake = { [brand]: "Answer", id: "r1", ok: "false" }; // ok must be a boolean: never approved
    expect(thrownValidation(() => payloadConverter.toPayload({ a: [fake] })).path).toBe("a[0].ok");
    const plausible = { [brand]: "ToolResult", output: "fine", extra: "dropped" };
    const back = roundTrip(plausible as unknown as ToolResult);
    expect(back).toBeInstanceOf(ToolResult);
    expect(back.toJSON()).toEqual({ output: "fine", isError: false });
  });

  it("recognises values of another class family by brand only when the brand is one of the four names", () => {
    const other = { [Symbol.for("toolnexus.brand")]: "Something", a: 1 };
    expect(JSON.parse(text(payloadConverter.toPayload(other)))).toEqual({ a: 1 });
  });
});

describe("ToolnexusPayloadConverter: other values, byte for byte as Temporal's default converter", () => {
  const date = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
  class Point {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
    get sum(): number {
      return this.x + this.y;
    }
  }
  const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
  const cases: [string, unknown][] = [
    ["a number", 42],
    ["a negative zero", -0],
    ["NaN and Infinity", [NaN, Infinity, -Infinity]],
    ["a string with escapes and astral characters", 'a"b\\c\n\u2028\ud83d\ude00 \ud800'],
    ["null", null],
    ["booleans", [true, false]],
    ["a nested plain object", { a: { b: [1, { c: "d" }] }, e: [] }],
    ["integer-like keys (ordered first)", { b: 1, 2: "two", a: 3, 1: "one" }],
    ["a __proto__ key read from JSON", JSON.parse('{"__proto__":{"x":1},"y":2}')],
    ["undefined, functions and symbols in objects (dropped) and arrays (null)", { u: undefined, f: () => 1, s: Symbol("s"), list: [undefined, () => 1, Symbol("t")] }],
    ["a sparse array", sparse],
    ["a Date (toJSON)", { at: date }],
    ["an object with its own toJSON", { v: { toJSON: (key: string) => `key was ${key}` } }],
    ["toJSON returning an object", { v: { toJSON: () => ({ z: [1] }) } }],
    ["a class instance (own enumerable fields, no getters)", new Point(1, 2)],
    ["Map, Set and RegExp (written as {})", { m: new Map([[1, 2]]), s: new Set([1]), r: /x/g }],
    ["a typed array inside an object (index keys)", { bytes: new Uint8Array([1, 2, 3]) }],
    ["boxed primitives", [Object(1), Object("s"), Object(false)]],
    ["an object with non-enumerable and symbol keys", Object.defineProperties({ shown: 1, [Symbol("k")]: 2 }, { hidden: { value: 3, enumerable: false } })],
    ["an object without a prototype", Object.assign(Object.create(null), { a: 1 })],
    ["a shared (not cyclic) subtree", (() => { const s = { k: 1 }; return { a: s, b: [s, s] }; })()],
    ["a deep nest", JSON.parse("[".repeat(200) + "]".repeat(200))],
    ["a toJSON that returns a function (undefined)", { v: { toJSON: () => () => 1 } }],
  ];

  it.each(cases)("%s", (_name, value) => {
    const ours = payloadConverter.toPayload(value);
    const theirs = defaultPayloadConverter.toPayload(value);
    expect(bytes(ours.data)).toEqual(bytes(theirs.data));
    expect(bytes(ours.metadata!.encoding)).toEqual(bytes(theirs.metadata!.encoding));
    expect(Object.keys(ours.metadata!)).toEqual(Object.keys(theirs.metadata!));
    expect(payloadConverter.fromPayload(ours)).toEqual(defaultPayloadConverter.fromPayload(theirs));
  });

  it("writes a function or a symbol at the top level as the default converter does: json/plain, empty data", () => {
    for (const value of [() => 1, Symbol("s"), { toJSON: () => () => 1 }]) {
      const ours = payloadConverter.toPayload(value);
      const theirs = defaultPayloadConverter.toPayload(value);
      expect(bytes(ours.data)).toEqual(bytes(theirs.data));
      expect(bytes(ours.data)).toEqual([]);
      expect(bytes(ours.metadata!.encoding)).toEqual(bytes(theirs.metadata!.encoding));
      expect(new ToolnexusPayloadConverter().toPayload(value)).toEqual(ours);
    }
  });

  it("reads payloads written by the default converter (no toolnexus value in them) as it does", () => {
    const value = { a: [1, "x", { b: null }], c: { d: true } };
    expect(payloadConverter.fromPayload(defaultPayloadConverter.toPayload(value))).toEqual(value);
  });

  it("gives undefined, as Temporal's JSON converter does, for what JSON cannot hold: the composite then reports it", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    for (const v of [10n, { n: 1n }, cyclic, { toJSON: () => { throw new Error("no"); } }]) {
      expect(new ToolnexusPayloadConverter().toPayload(v)).toBeUndefined();
      expect(() => payloadConverter.toPayload(v)).toThrow(/Unable to convert/);
      expect(() => defaultPayloadConverter.toPayload(v)).toThrow(/Unable to convert/);
    }
    expect(new ToolnexusPayloadConverter().toPayload(undefined)).toBeUndefined();
  });

  it("reads each property of a caller's object once, and a getter that throws is a ValidationError at its path", () => {
    let reads = 0;
    const counted = { get v() { reads++; return values.answer; } };
    expectSame(roundTrip({ list: [counted] }).list[0].v, values.answer);
    expect(reads).toBe(1);
    const throwing = { ok: 1, get bad() { throw new Error("boom"); } };
    const e = thrownValidation(() => payloadConverter.toPayload({ x: [throwing] }));
    expect(e.path).toBe("x[0].bad");
    expect(e.message).toContain("boom");
  });

  it("never mutates or freezes what it was given", () => {
    const arg = { r: values.result, meta: { $toolnexus: "x" }, list: [1, { a: 2 }] };
    const before = JSON.stringify(arg);
    payloadConverter.toPayload(arg);
    expect(JSON.stringify(arg)).toBe(before);
    expect(Object.isFrozen(arg) || Object.isFrozen(arg.meta) || Object.isFrozen(arg.list)).toBe(false);
  });
});

describe("ToolnexusPayloadConverter: reading payloads (fixtures/durable/temporal-payloads.json)", () => {
  interface Fx {
    readable: { name: string; text: string; at?: (string | number)[]; class?: string; json?: unknown; plain?: unknown }[];
    invalid: { name: string; text: string; code: string; path: string; secret?: string }[];
    binary: { name: string; data: unknown; bytes?: number[]; code?: string; path?: string }[];
  }
  const fx = loadJSON<Fx>("durable/temporal-payloads.json");
  const classes: Record<string, unknown> = { ToolResult, ContentPart, Request, Answer };

  it.each(fx.readable.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    let value = payloadConverter.fromPayload<unknown>(payloadOf(c.text));
    if (c.plain !== undefined) {
      expect(value).toEqual(c.plain);
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      return;
    }
    for (const step of c.at ?? []) value = (value as Record<string | number, unknown>)[step];
    expect(Object.getPrototypeOf(value)).toBe((classes[c.class!] as { prototype: object }).prototype);
    expect(Object.isFrozen(value)).toBe(true);
    expect(JSON.parse(JSON.stringify(value))).toEqual(c.json);
  });

  it.each(fx.invalid.map((c) => [c.name, c] as const))("refuses %s", (_name, c) => {
    const e = thrownValidation(() => payloadConverter.fromPayload(payloadOf(c.text)));
    expect([e.code, e.path]).toEqual([c.code, c.path]);
    // The one quoting rule (docs/trust.md, "Quoting a sender's string"): a payload's text never reaches the
    // message whole, and never with a raw line break.
    expect(e.message).not.toMatch(/[\n\r\u2028\u2029]/);
    if (c.secret !== undefined) expect(e.message).not.toContain(c.secret);
  });

  // binary/plain: the data must be a byte view; the bytes it covers are copied (docs/durable.md, "Temporal (`toolnexus/temporal`)").
  const binaryOf = (data: unknown): Payload => ({ metadata: { encoding: new TextEncoder().encode("binary/plain") }, data: data as Uint8Array });
  it.each(fx.binary.map((c) => [c.name, c] as const))("binary/plain: %s", (_name, c) => {
    const data = build(c.data).value;
    if (c.bytes !== undefined) {
      const back = payloadConverter.fromPayload<Uint8Array>(binaryOf(data));
      expect(back).toBeInstanceOf(Uint8Array);
      expect(Array.from(back)).toEqual(c.bytes);
      return;
    }
    const e = thrownValidation(() => payloadConverter.fromPayload(binaryOf(data)));
    expect([e.code, e.path]).toEqual([c.code, c.path]);
  });

  it("refuses a payload without data", () => {
    expect(thrownValidation(() => new ToolnexusPayloadConverter().fromPayload({ metadata: {} })).code).toBe("missing");
  });
});

describe("createPayloadConverter options", () => {
  it.each([
    ["a base class name", { ToolResult: SearchResult }, "classes.ToolResult"],
    ["an empty name", { "": SearchResult }, 'classes[""]'],
    ["a class of another kind", { Plain: class Plain {} }, "classes.Plain"],
    ["a value that is not a class", { Text: "SearchResult" }, "classes.Text"],
  ])("refuses %s", (_name, classes, path) => {
    const e = thrownValidation(() => createPayloadConverter({ classes } as never));
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.path).toBe(path);
  });

  it("refuses options that are not an object, and classes that are not an object", () => {
    expect(thrownValidation(() => createPayloadConverter("x" as never)).code).toBe("invalid-type");
    expect(thrownValidation(() => createPayloadConverter({ classes: 1 } as never)).path).toBe("classes");
  });

  it("reads options as own properties only", () => {
    const proto = { classes: { SearchResult } };
    const converter = createPayloadConverter(Object.create(proto));
    expect(JSON.parse(text(converter.toPayload(SearchResult.ok("x")))).$toolnexus).toBe("ToolResult");
  });
});
