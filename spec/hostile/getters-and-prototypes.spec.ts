// A getter in the input is read once and its value stored as data; keys that name prototype machinery
// (`__proto__`, `constructor`, `prototype`) arriving from JSON.parse stay data on every path.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";

/** An object whose every key is an accessor returning a new number on each read: 1, 2, 3... */
function counting(keys: Record<string, unknown>): { object: Record<string, unknown>; reads: Record<string, number> } {
  const reads: Record<string, number> = {};
  const object = {};
  for (const k of Object.keys(keys)) {
    reads[k] = 0;
    Object.defineProperty(object, k, {
      enumerable: true,
      get() {
        reads[k]! += 1;
        const v = keys[k];
        return v === "count" ? reads[k] : v;
      },
    });
  }
  return { object: object as Record<string, unknown>, reads };
}

describe("a getter in the input", () => {
  it("of metadata is read once, and the first value is stored as a data property", () => {
    const { object, reads } = counting({ n: "count", label: "x" });
    const r = ToolResult.ok("", { metadata: { stats: object } });
    expect(reads).toEqual({ n: 1, label: 1 });
    const stats = r.metadata!.stats as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(stats, "n")).toEqual({ value: 1, enumerable: true, writable: false, configurable: false });
    expect(stats.n).toBe(1);
    expect(reads.n).toBe(1);
  });

  it("of each field of a result document is read once", () => {
    const { object, reads } = counting({ output: "o", isError: true, parts: [{ type: "text", text: "t" }], metadata: { a: 1 }, unknown: "never read" });
    const r = ToolResult.fromJSON(object);
    expect(reads).toEqual({ output: 1, isError: 1, parts: 1, metadata: 1, unknown: 0 });
    expect(r.isError).toBe(true);
  });

  it("of each field of a part, a request and an answer is read once", () => {
    const part = counting({ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=", name: "a.png" });
    ContentPart.fromJSON(part.object);
    expect(part.reads).toEqual({ type: 1, mimeType: 1, data: 1, name: 1 });
    const req = counting({ id: "r1", kind: "input", prompt: "p", url: "https://example.com", data: { a: 1 }, expiresAt: "2030-01-01T00:00:00Z" });
    Request.fromJSON(req.object);
    expect(req.reads).toEqual({ id: 1, kind: 1, prompt: 1, url: 1, data: 1, expiresAt: 1 });
    const ans = counting({ id: "r1", ok: false, reason: "declined", data: { a: 1 } });
    Answer.fromJSON(ans.object);
    expect(ans.reads).toEqual({ id: 1, ok: 1, reason: 1, data: 1 });
  });

  it("of a pending request inside metadata, of mergeMetadata's partial and of pending()'s metadata is read once", () => {
    const pending = counting({ id: "r1", kind: "input", prompt: "p" });
    ToolResult.fromJSON({ output: "", metadata: { pending: pending.object } });
    expect(pending.reads).toEqual({ id: 1, kind: 1, prompt: 1 });
    const partial = counting({ a: "count", b: "count" });
    const merged = ToolResult.ok("").mergeMetadata(partial.object);
    expect(partial.reads).toEqual({ a: 1, b: 1 });
    expect(merged.metadata).toEqual({ a: 1, b: 1 });
    const meta = counting({ a: "count" });
    const p = ToolResult.pending({ kind: "input", prompt: "p" }, { metadata: meta.object });
    expect(meta.reads).toEqual({ a: 1 });
    expect(p.metadata!.a).toBe(1);
  });
});

describe("__proto__, constructor and prototype keys from JSON.parse", () => {
  const POISON = '{"__proto__":{"polluted":true,"isError":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}';
  const poison = () => JSON.parse(POISON) as Record<string, unknown>;

  function assertClean(): void {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  }

  function assertKept(m: unknown): void {
    const meta = m as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.keys(meta)).toEqual(expect.arrayContaining(["__proto__", "constructor", "prototype"]));
    expect(Object.getOwnPropertyDescriptor(meta, "__proto__")!.value).toEqual(expect.objectContaining({ polluted: true, isError: true }));
    expect(JSON.stringify(meta)).toContain('"__proto__":{"polluted":true');
  }

  const paths: [string, () => unknown][] = [
    ["the constructor", () => new ToolResult({ output: "", metadata: poison() }).metadata],
    ["fromJSON", () => ToolResult.fromJSON(JSON.parse(`{"output":"","metadata":${POISON}}`)).metadata],
    ["ok()", () => ToolResult.ok("", { metadata: poison() }).metadata],
    ["withMetadata(value)", () => ToolResult.ok("").withMetadata(poison()).metadata],
    ["mergeMetadata", () => ToolResult.ok("", { metadata: { a: 1 } }).mergeMetadata(poison()).metadata],
    ["withMetadata(recipe) editing the keys", () =>
      ToolResult.ok("", { metadata: poison() }).withMetadata((m: Record<string, Record<string, unknown>>) => {
        m["__proto__"]!.more = 1;
        m["constructor"]!.extra = 2;
        m.prototype = { polluted: true };
      }).metadata],
    ["withMetadata(recipe) returning them", () => ToolResult.ok("").withMetadata(() => poison() as never).metadata],
    ["with(recipe)", () => ToolResult.ok("", { metadata: poison() }).with((d) => void (d.output = "x")).metadata],
    ["with(changes)", () => ToolResult.ok("").with({ metadata: poison() }).metadata],
    ["pending()", () => ToolResult.pending({ kind: "input", prompt: "p" }, { metadata: poison() }).metadata],
    ["Request.data", () => Request.fromJSON({ id: "r", kind: "k", prompt: "p", data: poison() }).data],
    ["Request.with", () => Request.create({ kind: "k", prompt: "p" }).with({ data: poison() }).data],
    ["Answer.data", () => Answer.accept("r", poison()).data],
  ];

  it.each(paths)("stay data through %s, and reach no prototype", (_name, read) => {
    const stored = read();
    assertKept(stored);
    assertClean();
  });

  it("as a document's own keys, are data: a __proto__ holding fields does not fill in missing ones", () => {
    expect(() => ToolResult.fromJSON(JSON.parse('{"__proto__":{"output":"from the prototype"}}'))).toThrow(expect.objectContaining({ code: "missing", path: "output" }));
    expect(ToolResult.fromJSON(JSON.parse('{"output":"","__proto__":{"isError":true}}')).isError).toBe(false);
    expect(() => new ToolResult(JSON.parse('{"__proto__":{"output":"x"}}'))).toThrow(expect.objectContaining({ code: "invalid-value", path: "__proto__" }));
    expect(() => ContentPart.fromJSON(JSON.parse('{"__proto__":{"type":"text","text":"t"}}'))).toThrow(expect.objectContaining({ code: "missing", path: "type" }));
    expect(Answer.fromJSON(JSON.parse('{"id":"r","ok":true,"__proto__":{"reason":"declined"}}')).reason).toBeUndefined();
    assertClean();
  });

  it("compare as data: two results differing only behind __proto__ are not equal, and key order does not matter", () => {
    const a = ToolResult.fromJSON(JSON.parse('{"output":"","metadata":{"__proto__":{"x":1},"constructor":1}}'));
    const b = ToolResult.fromJSON(JSON.parse('{"output":"","metadata":{"constructor":1,"__proto__":{"x":1}}}'));
    const c = ToolResult.fromJSON(JSON.parse('{"output":"","metadata":{"__proto__":{"x":2},"constructor":1}}'));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    expect(ToolResult.fromJSON(JSON.parse(JSON.stringify(a))).equals(a)).toBe(true);
  });
});
