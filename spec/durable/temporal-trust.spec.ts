// toolnexus/temporal at the trust boundary (docs/trust.md, "Reading what callers pass"; docs/durable.md,
// "Temporal (`toolnexus/temporal`)"): what a thrown Proxy, a hostile byte view or a class table gives, the
// binary converter's bytes, the writer's error paths at depth, and classes the types take all running.
import { describe, expect, it } from "@jest/globals";
import { runInNewContext } from "node:vm";
import { defaultPayloadConverter, ValueError, type Payload } from "@temporalio/common";
import { ContentPart, Request, ToolResult, ValidationError } from "toolnexus";
import { createPayloadConverter, payloadConverter, ToolnexusPayloadConverter, type ToolnexusClasses } from "toolnexus/temporal";
import { selfThrowingProxy, shrunkView } from "../hostile/constructs";
import { thrownBy, thrownValidation } from "../support/throws";

const binaryOf = (data: unknown): Payload => ({ metadata: { encoding: new TextEncoder().encode("binary/plain") }, data: data as Uint8Array });
const text = (p: Payload): string => new TextDecoder().decode(p.data!);

describe("a thrown Proxy never escapes untyped (its getPrototypeOf trap throws)", () => {
  it("a toJSON that throws one: the converter declines the value, as Temporal's JSON converter does for any throw", () => {
    const value = { a: { toJSON: (): never => { throw selfThrowingProxy(); } } };
    expect(new ToolnexusPayloadConverter().toPayload(value)).toBeUndefined();
    const e = thrownBy(() => payloadConverter.toPayload(value));
    expect(e).toBeInstanceOf(ValueError);
    expect((e as Error).message).toBe("Unable to convert an object to payload");
  });

  it("a getter that throws one: a ValidationError at its path", () => {
    const e = thrownValidation(() => payloadConverter.toPayload({ list: [{ get bad(): never { throw selfThrowingProxy(); } }] }));
    expect([e.code, e.path]).toEqual(["invalid-value", "list[0].bad"]);
  });

  it("a registered subclass whose own fromJSON throws one: that value comes out as itself, never the trap's TypeError", () => {
    const proxy = selfThrowingProxy();
    class Hostile extends ToolResult {
      static override fromJSON(): never {
        throw proxy;
      }
    }
    const converter = createPayloadConverter({ classes: { Hostile } });
    const payload = converter.toPayload(Hostile.ok("x"));
    expect(thrownBy(() => converter.fromPayload(payload))).toBe(proxy);
  });
});

describe("what Temporal's composite says when no converter writes a value: the value named by its type only", () => {
  it.each([
    ["an array holding a token", [1n, "Bearer sk-live-123"], "an array"],
    ["an object without a prototype (no text of its own: a bare TypeError in Temporal's message)", Object.assign(Object.create(null) as object, { n: 1n }), "an object"],
    ["a bigint", 7n, "a bigint"],
  ])("%s", (_name, value, kind) => {
    const e = thrownBy(() => payloadConverter.toPayload(value));
    expect(e).toBeInstanceOf(ValueError);
    expect((e as Error).message).toBe(`Unable to convert ${kind} to payload`);
  });
});

describe("binary/plain: a byte view, read once, its bytes copied", () => {
  it("copies the bytes the view covers (offset and length of any ArrayBufferView), into memory of their own", () => {
    const memory = new Uint8Array([9, 9, 1, 2, 3, 9]);
    const view = memory.subarray(2, 5);
    const back = payloadConverter.fromPayload<Uint8Array>(binaryOf(view));
    expect(Array.from(back)).toEqual([1, 2, 3]);
    expect(back.buffer).not.toBe(memory.buffer);
    memory[2] = 0;
    expect(back[0]).toBe(1);
    const words = new Uint16Array([0x0102, 0x0304, 0x0506]).subarray(1);
    expect(Array.from(payloadConverter.fromPayload<Uint8Array>(binaryOf(words)))).toEqual([4, 3, 6, 5]);
  });

  it("takes bytes of another realm (the workflow sandbox's)", () => {
    const foreign: unknown = runInNewContext("new Uint16Array([1, 2])");
    expect(foreign instanceof Uint16Array).toBe(false);
    const back = payloadConverter.fromPayload<Uint8Array>(binaryOf(foreign));
    expect(back).toBeInstanceOf(Uint8Array);
    expect(Array.from(back)).toEqual([1, 0, 2, 0]);
  });

  it("reads the view through the platform, never through its prototype chain or an own byteOffset", () => {
    let reads = 0;
    const counting = new Proxy(Uint8Array.prototype, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const bytes = new Uint8Array([1, 2, 3, 4]);
    Object.setPrototypeOf(bytes, counting);
    Object.defineProperty(bytes, "byteOffset", { value: 3 });
    Object.defineProperty(bytes, "length", { value: 1 });
    expect(Array.from(payloadConverter.fromPayload<Uint8Array>(binaryOf(bytes)))).toEqual([1, 2, 3, 4]);
    expect(reads).toBe(0);
  });

  it("reads the payload's data once, as an own property", () => {
    let reads = 0;
    const payload = { metadata: { encoding: new TextEncoder().encode("binary/plain") }, get data() { reads++; return new Uint8Array([5]); } };
    expect(Array.from(payloadConverter.fromPayload<Uint8Array>(payload))).toEqual([5]);
    expect(reads).toBe(1);
    const inherited = Object.assign(Object.create({ data: new Uint8Array([1]) }) as object, { metadata: { encoding: new TextEncoder().encode("binary/plain") } });
    expect(Array.from(payloadConverter.fromPayload<Uint8Array>(inherited as Payload))).toEqual([]);
  });

  it("refuses a view of a detached buffer", () => {
    const bytes = new Uint8Array([1, 2]);
    structuredClone(bytes, { transfer: [bytes.buffer] });
    const e = thrownValidation(() => payloadConverter.fromPayload(binaryOf(bytes)));
    expect([e.code, e.path]).toEqual(["invalid-value", "data"]);
  });

  it("writes a Uint8Array as a copy of its bytes, and refuses one it cannot read", () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const payload = payloadConverter.toPayload(bytes);
    expect(new TextDecoder().decode(payload.metadata!.encoding!)).toBe("binary/plain");
    expect(Array.from(payload.data!)).toEqual([1, 2, 3]);
    expect(payload.data!.buffer).not.toBe(bytes.buffer);
    expect(Array.from(defaultPayloadConverter.toPayload(bytes).data!)).toEqual(Array.from(payload.data!)); // the same bytes as Temporal's
    const shrunk = shrunkView(new Uint8Array(8), "Uint8Array");
    expect(thrownValidation(() => payloadConverter.toPayload(shrunk)).code).toBe("invalid-value");
    const detached = new Uint8Array([1, 2]);
    structuredClone(detached, { transfer: [detached.buffer] });
    expect(thrownValidation(() => payloadConverter.toPayload(detached)).code).toBe("invalid-value");
  });
});

describe("json/plain data: the same byte rule", () => {
  it("reads every byte of a Uint16Array holding JSON text, and refuses a number, a string or a shrunk view at data", () => {
    const json = new TextEncoder().encode('"ok"');
    const words = new Uint16Array(json.buffer.slice(0, 4));
    const payload = { metadata: { encoding: new TextEncoder().encode("json/plain") }, data: words as unknown as Uint8Array };
    expect(payloadConverter.fromPayload(payload)).toBe("ok");
    for (const data of [5, "\"ok\"", shrunkView(json, "Uint8Array")]) {
      const e = thrownValidation(() => payloadConverter.fromPayload({ metadata: { encoding: new TextEncoder().encode("json/plain") }, data: data as Uint8Array }));
      expect(e.path).toBe("data");
    }
  });
});

describe("the writer's error paths, built only for an error, still name the place at any depth", () => {
  it("a getter that throws 60 levels down, in objects and arrays", () => {
    let v: unknown = { get bad(): never { throw new Error("boom"); } };
    for (let i = 0; i < 30; i++) v = { a: [v] };
    const e = thrownValidation(() => payloadConverter.toPayload(v));
    expect(e.path).toBe(`${"a[0].".repeat(30)}bad`);
  });

  it("an array entry whose getter throws, and a key that must be quoted", () => {
    const list: unknown[] = [1];
    Object.defineProperty(list, 1, { get: (): never => { throw new Error("boom"); }, enumerable: true });
    const e = thrownValidation(() => payloadConverter.toPayload({ "odd key": { items: list } }));
    expect(e.path).toBe('["odd key"].items[1]');
  });

  it("a look-alike that fails its checks deep in the value", () => {
    const fake = { [Symbol.for("toolnexus.brand")]: "Answer", id: "r1", ok: "false" };
    let v: unknown = fake;
    for (let i = 0; i < 20; i++) v = { b: v };
    expect(thrownValidation(() => payloadConverter.toPayload(v)).path).toBe(`${"b.".repeat(20)}ok`);
  });
});

describe("classes: what the types take runs, what the converter refuses does not compile", () => {
  class SearchResult extends ToolResult<{ hits: number }> {}
  class EnvRequest extends Request<{ env: string }> {}
  class Chart extends ContentPart {}

  it("a base class under a name of its own is taken: payloads tagged by that name read as it, and it is written under its own name", () => {
    const converter = createPayloadConverter({ classes: { Base: ToolResult, SearchResult } });
    const old = { metadata: { encoding: new TextEncoder().encode("json/plain") }, data: new TextEncoder().encode('{"$toolnexus":"Base","value":{"output":"x","isError":false}}') };
    const back = converter.fromPayload<ToolResult>(old);
    expect(Object.getPrototypeOf(back)).toBe(ToolResult.prototype);
    expect(back.output).toBe("x");
    expect(JSON.parse(text(converter.toPayload(ToolResult.ok("y")))).$toolnexus).toBe("ToolResult");
    expect(JSON.parse(text(converter.toPayload(SearchResult.ok("y")))).$toolnexus).toBe("SearchResult");
  });

  it("takes every kind of subclass the type takes", () => {
    const classes: ToolnexusClasses = { SearchResult, EnvRequest, Chart, Part: ContentPart };
    const converter = createPayloadConverter({ classes });
    const request = new EnvRequest({ id: "r1", kind: "approval", prompt: "Deploy?", data: { env: "prod" } });
    expect(converter.fromPayload<EnvRequest>(converter.toPayload(request))).toBeInstanceOf(Request);
  });

  it("refuses what does not compile", () => {
    const refused = [
      // @ts-expect-error: a base name is the converter's own
      () => createPayloadConverter({ classes: { ToolResult: SearchResult } }),
      // @ts-expect-error: so is the empty name
      () => createPayloadConverter({ classes: { "": SearchResult } }),
      // @ts-expect-error: a class of another kind
      () => createPayloadConverter({ classes: { Plain: class Plain {} } }),
      // @ts-expect-error: an object shaped like a class is not one
      () => createPayloadConverter({ classes: { Shaped: { prototype: ToolResult.prototype, fromJSON: (v: unknown) => v } } }),
      // @ts-expect-error: a name given no class
      () => createPayloadConverter({ classes: { Answer: undefined } }),
    ];
    for (const make of refused) expect(thrownBy(make)).toBeInstanceOf(ValidationError);
  });
});
