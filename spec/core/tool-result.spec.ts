// Behaviours of ToolResult that are not data tables: construction, factories, getters, copies, display.
import { describe, expect, it } from "@jest/globals";
import { inspect } from "node:util";
import { Answer, ContentPart, Request, ToolResult, ValidationError } from "toolnexus";

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof ValidationError ? e.code : `not a ValidationError: ${String(e)}`;
  }
  return undefined;
};

describe("fields", () => {
  it("new ToolResult() is an empty success", () => {
    const r = new ToolResult();
    expect(r.output).toBe("");
    expect(r.isError).toBe(false);
    expect(r.parts).toBeNull();
    expect(r.metadata).toBeNull();
    expect(r.equals(ToolResult.ok(""))).toBe(true);
  });

  it("has four own, enumerable, frozen fields in order", () => {
    const r = ToolResult.ok("x", { parts: [ContentPart.text("t")], metadata: { a: 1 } });
    expect(Object.keys(r)).toEqual(["output", "isError", "parts", "metadata"]);
    for (const k of Object.keys(r)) {
      const d = Object.getOwnPropertyDescriptor(r, k)!;
      expect(d.enumerable).toBe(true);
      expect(d.writable).toBe(false);
    }
    expect(Object.isFrozen(r)).toBe(true);
    expect(Object.isFrozen(r.parts)).toBe(true);
    expect(Object.isFrozen(r.metadata)).toBe(true);
    expect(() => {
      (r as { output: string }).output = "y";
    }).toThrow(TypeError);
  });

  it("derived values are prototype getters, never own properties", () => {
    const r = ToolResult.pending({ kind: "input", prompt: "p" });
    for (const k of ["pending", "isPending", "estimatedTokens"]) {
      expect(Object.prototype.hasOwnProperty.call(r, k)).toBe(false);
      expect(typeof Object.getOwnPropertyDescriptor(ToolResult.prototype, k)?.get).toBe("function");
    }
    expect(r.isPending).toBe(true);
  });

  it("takes parts as ContentParts or their JSON shapes", () => {
    const r = new ToolResult({ parts: [ContentPart.text("a"), { type: "text", text: "b" }] });
    expect(r.parts?.map((p) => p.text)).toEqual(["a", "b"]);
    expect(r.parts?.every((p) => p instanceof ContentPart)).toBe(true);
  });

  it("refuses unknown init keys, wrong types and non-object inits", () => {
    expect(codeOf(() => new ToolResult({ outptu: "x" } as never))).toBe("invalid-value");
    expect(codeOf(() => new ToolResult({ output: 1 } as never))).toBe("invalid-type");
    expect(codeOf(() => new ToolResult({ isError: "no" } as never))).toBe("invalid-type");
    expect(codeOf(() => new ToolResult("x" as never))).toBe("invalid-type");
    expect(codeOf(() => ToolResult.ok("x", { output: "y" } as never))).toBe("invalid-value");
    expect(codeOf(() => ToolResult.ok(5 as never))).toBe("invalid-type");
  });
});

describe("metadata rules", () => {
  it("drops undefined keys and stores {} as null", () => {
    expect(ToolResult.ok("x", { metadata: { a: undefined } }).metadata).toBeNull();
    expect(ToolResult.ok("x", { metadata: { a: undefined, b: 1 } }).metadata).toEqual({ b: 1 });
  });

  it("never mutates or freezes the caller's objects", () => {
    const inner = { list: [1, 2, { deep: true }] };
    const meta = { inner, n: 1 };
    const snapshot = JSON.stringify(meta);
    const r = ToolResult.ok("x", { metadata: meta });
    expect(JSON.stringify(meta)).toBe(snapshot);
    expect(Object.isFrozen(meta)).toBe(false);
    expect(Object.isFrozen(inner)).toBe(false);
    expect(Object.isFrozen(inner.list)).toBe(false);
    inner.list.push(3);
    expect(r.metadata).toEqual({ inner: { list: [1, 2, { deep: true }] }, n: 1 });
  });

  it("shares frozen subtrees the library built, instead of copying them", () => {
    const a = ToolResult.ok("x", { metadata: { big: { list: [1, 2, 3] }, n: 1 } });
    const b = a.mergeMetadata({ n: 2 });
    expect(b.metadata!.big).toBe(a.metadata!.big);
    const c = a.withOutput("y");
    expect(c.metadata).toBe(a.metadata);
    const d = ToolResult.ok("z", { metadata: { again: a.metadata!.big } });
    expect(d.metadata!.again).toBe(a.metadata!.big);
  });

  it("copies a frozen object the caller built (it may hold anything)", () => {
    const frozen = Object.freeze({ a: Object.freeze([1]) });
    const r = ToolResult.ok("x", { metadata: { f: frozen } });
    expect(r.metadata!.f).not.toBe(frozen);
    expect(r.metadata!.f).toEqual({ a: [1] });
  });

  it("reads a getter once and stores its value", () => {
    let reads = 0;
    const meta = {
      get n() {
        reads++;
        return reads;
      },
    };
    const r = ToolResult.ok("x", { metadata: meta });
    expect(reads).toBe(1);
    expect(r.metadata).toEqual({ n: 1 });
    expect(Object.getOwnPropertyDescriptor(r.metadata, "n")?.get).toBeUndefined();
  });

  it("names the path of a value it cannot hold", () => {
    const cases: [unknown, string, string][] = [
      [{ when: new Date() }, "not-json", "metadata.when"],
      [{ m: new Map() }, "not-json", "metadata.m"],
      [{ a: [1, undefined] }, "not-json", "metadata.a[1]"],
      [{ a: { "odd key": () => 1 } }, "not-json", 'metadata.a["odd key"]'],
      [{ n: NaN }, "not-json", "metadata.n"],
      [{ n: 10n }, "not-json", "metadata.n"],
      [{ s: Symbol("s") }, "not-json", "metadata.s"],
      [{ i: new (class Point { x = 1 })() }, "not-json", "metadata.i"],
    ];
    for (const [metadata, code, path] of cases) {
      let err: unknown;
      try {
        new ToolResult({ metadata: metadata as never });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).code).toBe(code);
      expect((err as ValidationError).path).toBe(path);
      expect((err as ValidationError).message).toContain(path);
    }
  });

  it("refuses a cycle without a stack overflow", () => {
    const a: Record<string, unknown> = {};
    a.b = { c: a };
    expect(codeOf(() => ToolResult.ok("x", { metadata: { a } }))).toBe("cycle");
  });

  it("accepts the same object twice (a DAG is not a cycle)", () => {
    const shared = { v: 1 };
    const r = ToolResult.ok("x", { metadata: { a: shared, b: shared } });
    expect(r.metadata).toEqual({ a: { v: 1 }, b: { v: 1 } });
  });

  it("revives a Request-shaped pending object and keeps pending as a Request", () => {
    const r = new ToolResult({ isError: true, metadata: { pending: { id: "r1", kind: "input", prompt: "p" } } });
    expect(r.pending).toBeInstanceOf(Request);
    expect(r.metadata!.pending).toBe(r.pending);
  });
});

describe("factories", () => {
  it("ok and error", () => {
    expect(ToolResult.ok("a").isError).toBe(false);
    expect(ToolResult.error("b").isError).toBe(true);
    expect(ToolResult.error("b", { metadata: { code: 4 } }).metadata).toEqual({ code: 4 });
  });

  it("pending: isError, metadata.pending, output = prompt (+ newline and url)", () => {
    const req = Request.create({ kind: "approval", prompt: "Deploy?" });
    const r = ToolResult.pending(req, { metadata: { tool: "deploy" } });
    expect(r.isError).toBe(true);
    expect(r.pending).toBe(req);
    expect(r.output).toBe("Deploy?");
    expect(r.metadata).toEqual({ tool: "deploy", pending: req });
    const withUrl = ToolResult.pending({ kind: "authorization", prompt: "Log in", url: "https://e.com/l" });
    expect(withUrl.output).toBe("Log in\nhttps://e.com/l");
    expect(ToolResult.pending(req, { output: "custom" }).output).toBe("custom");
    expect(codeOf(() => ToolResult.pending(req, { metadata: { pending: req } as never }))).toBe("invalid-pending");
  });

  it("pending generates unique ids when the init has none, and keeps a given one", () => {
    const ids = new Set(Array.from({ length: 200 }, () => ToolResult.pending({ kind: "input", prompt: "p" }).pending!.id));
    expect(ids.size).toBe(200);
    expect(ToolResult.pending({ id: "mine", kind: "input", prompt: "p" }).pending!.id).toBe("mine");
  });

  it("an answer answers its request, or the request's id, and no other", () => {
    const req = ToolResult.pending({ id: "r1", kind: "input", prompt: "p" }).pending!;
    const answer = Answer.output(req, "staging");
    expect(answer.answers(req)).toBe(true);
    expect(answer.answers("r1")).toBe(true);
    expect(answer.answers("r2")).toBe(false);
    expect(answer.answers(Request.create({ kind: "input", prompt: "p" }))).toBe(false);
  });

  it("authRequired", () => {
    const r = ToolResult.authRequired("https://e.com/login");
    expect(r.isError).toBe(true); // a suspension is an error result: a host that knows nothing of it shows the prompt as a failure
    expect(r.isPending).toBe(true);
    expect(r.output).toBe("Authorization required to continue\nhttps://e.com/login");
    expect(r.pending?.kind).toBe("authorization");
    expect(r.pending?.url).toBe("https://e.com/login");
    expect(ToolResult.authRequired("https://e.com/l", "Sign in").output).toBe("Sign in\nhttps://e.com/l");
  });

  it("isToolResult is a brand check", () => {
    expect(ToolResult.isToolResult(ToolResult.ok("x"))).toBe(true);
    expect(ToolResult.isToolResult({ output: "x", isError: false, parts: null, metadata: null })).toBe(false);
    expect(ToolResult.isToolResult(null)).toBe(false);
    const hostile = new Proxy({}, { get: () => { throw new Error("trap"); } });
    expect(ToolResult.isToolResult(hostile)).toBe(false);
  });
});

describe("copies", () => {
  const base = ToolResult.ok("x", { parts: [ContentPart.text("t")], metadata: { retries: 0, tags: ["a"] } });

  it("each returns a new frozen instance and leaves the receiver untouched", () => {
    const before = JSON.stringify(base);
    const copies = [
      base.withOutput("y"),
      base.withIsError(true),
      base.withParts(null),
      base.addParts(ContentPart.text("u")),
      base.withMetadata({ other: 1 }),
      base.withMetadata((m) => {
        m.retries += 1;
      }),
      base.mergeMetadata({ retries: 5 }),
      base.with({ output: "z" }),
      base.with((d) => {
        d.output = "w";
      }),
    ];
    for (const c of copies) {
      expect(c).not.toBe(base);
      expect(Object.isFrozen(c)).toBe(true);
      expect(c).toBeInstanceOf(ToolResult);
    }
    expect(JSON.stringify(base)).toBe(before);
  });

  it("withParts([]) and withMetadata({}) store null", () => {
    expect(base.withParts([]).parts).toBeNull();
    expect(base.withMetadata({}).metadata).toBeNull();
    expect(base.withMetadata(null).metadata).toBeNull();
  });

  it("addParts appends", () => {
    const r = base.addParts(ContentPart.text("u"), { type: "text", text: "v" });
    expect(r.parts?.map((p) => p.text)).toEqual(["t", "u", "v"]);
    expect(ToolResult.ok("x").addParts(ContentPart.text("only")).parts?.length).toBe(1);
  });

  it("a recipe on a result without metadata gets an empty draft", () => {
    const r = ToolResult.ok("x").withMetadata((m: Record<string, unknown>) => {
      m.added = true;
    });
    expect(r.metadata).toEqual({ added: true });
  });

  it("a recipe may return a replacement", () => {
    expect(base.withMetadata(() => ({ fresh: 1 }) as never).metadata).toEqual({ fresh: 1 });
  });

  it("a recipe cannot smuggle in non-JSON data, and never freezes what it brings in", () => {
    const mine = { list: [1] };
    const r = base.withMetadata((m) => {
      (m as Record<string, unknown>).mine = mine;
    });
    expect(Object.isFrozen(mine)).toBe(false);
    expect(Object.isFrozen(mine.list)).toBe(false);
    expect(Object.isFrozen(r.metadata!.mine)).toBe(true);
    expect(codeOf(() => base.withMetadata((m) => { (m as Record<string, unknown>).d = new Date(); }))).toBe("not-json");
  });

  it("an error thrown by a recipe surfaces unchanged", () => {
    const boom = new Error("boom");
    expect(() =>
      base.withMetadata(() => {
        throw boom;
      }),
    ).toThrow(boom);
  });

  it("mergeMetadata is shallow and removes keys given as undefined", () => {
    const r = base.mergeMetadata({ tags: undefined, extra: { a: 1 } } as never);
    expect(r.metadata).toEqual({ retries: 0, extra: { a: 1 } });
    expect(ToolResult.ok("x").mergeMetadata({ a: 1 }).metadata).toEqual({ a: 1 });
    expect(base.mergeMetadata({ tags: undefined, retries: undefined } as never).metadata).toBeNull();
  });

  it("mergeMetadata can clear a suspension", () => {
    const p = ToolResult.pending({ kind: "input", prompt: "p" });
    expect(p.mergeMetadata({ pending: undefined } as never).isPending).toBe(false);
  });

  it("with(changes) validates like the constructor", () => {
    expect(base.with({ isError: true, metadata: null }).metadata).toBeNull();
    expect(codeOf(() => base.with({ output: 3 } as never))).toBe("invalid-type");
    expect(codeOf(() => base.with({ nope: 1 } as never))).toBe("invalid-value");
  });

  it("with(recipe) drafts all four fields", () => {
    const r = base.with((d) => {
      d.output += "!";
      d.isError = true;
      d.parts.push(ContentPart.text("more"));
      d.metadata.retries = 9;
    });
    expect(r.output).toBe("x!");
    expect(r.isError).toBe(true);
    expect(r.parts?.length).toBe(2);
    expect(r.metadata).toEqual({ retries: 9, tags: ["a"] });
    expect(base.parts?.length).toBe(1);
  });

  it("a copy with invalid input leaves no half-built value behind (the receiver is unchanged)", () => {
    const before = JSON.stringify(base);
    expect(codeOf(() => base.withParts([{ type: "nope" }] as never))).toBe("invalid-value");
    expect(JSON.stringify(base)).toBe(before);
  });
});

describe("display", () => {
  it("toString is one line and data-free", () => {
    const part = ContentPart.fromBase64("iVBORw0KGgpTRUNSRVQ=", { mimeType: "image/png", verifyMime: false });
    const r = ToolResult.ok("line one\nline two", { parts: [part], metadata: { secret: "hunter2" } });
    const s = String(r);
    expect(s).not.toContain("\n");
    expect(s).not.toContain("hunter2");
    expect(s).not.toContain(part.data!);
    expect(s).toBe("ToolResult(ok, output: 17 chars, parts: [image (image/png, 14 bytes)], metadata: {secret})");
    expect(String(ToolResult.pending({ kind: "approval", prompt: "p" }))).toMatch(/^ToolResult\(pending approval, /);
  });

  it("toString shows control characters in keys, a kind and a class name escaped: a log line is never forged", () => {
    const wire = JSON.parse(
      '{"output":"x","isError":true,"metadata":{"a\\nINFO forged":1,"b\\u2028c":2,"pending":{"id":"r1","kind":"input\\r\\nWARN forged","prompt":"p"}}}',
    );
    const s = String(ToolResult.fromJSON(wire));
    expect(s).not.toMatch(/[\n\r\u2028]/);
    expect(s).toBe("ToolResult(pending input\\r\\nWARN forged, output: 1 chars, metadata: {a\\nINFO forged, b\\u2028c, pending})");
    class Sneaky extends ToolResult {}
    Object.defineProperty(Sneaky, "name", { value: "Sneaky\nERROR forged" });
    expect(String(Sneaky.ok("x"))).toBe("Sneaky\\nERROR forged(ok, output: 1 chars)");
  });

  it("describe is log-safe", () => {
    const part = ContentPart.fromBase64("JVBERi0xLjQK", { mimeType: "application/pdf" });
    const r = ToolResult.error("failed", { parts: [part], metadata: { a: 1, b: 2 } });
    expect(r.describe()).toEqual({
      output: "failed",
      isError: true,
      parts: [{ type: "file", mimeType: "application/pdf", bytes: 9 }],
      metadataKeys: ["a", "b"],
    });
  });

  it("util.inspect shows the fields but no part data", () => {
    const part = ContentPart.fromBase64("TUFSS0VSTUFSS0VS", { mimeType: "application/octet-stream" });
    const text = inspect(ToolResult.ok("x", { parts: [part] }), { depth: 10 });
    expect(text).toContain("ToolResult");
    expect(text).not.toContain("TUFSS0VSTUFSS0VS");
  });

  it("estimatedTokens adds the parts' estimates", () => {
    const r = ToolResult.ok("abcde", { parts: [ContentPart.text("abcd"), ContentPart.fromBase64("JVBERi0xLjQK", { mimeType: "application/pdf" })] });
    expect(r.estimatedTokens).toBe(2 + 1 + 85);
  });
});

describe("equals trusts only genuine results", () => {
  it("a look-alike with ToolResult's prototype and the same fields is not equal", () => {
    const real = ToolResult.ok("a", { metadata: { n: 1 } });
    const fake = Object.assign(Object.create(ToolResult.prototype) as object, { output: "a", isError: false, parts: null, metadata: real.metadata });
    expect(real.equals(fake)).toBe(false);
    expect(real.equals(new Proxy(real, {}))).toBe(false);
    expect(real.equals(real)).toBe(true);
    expect(real.equals(ToolResult.fromJSON(JSON.parse(JSON.stringify(real))))).toBe(true);
  });

  it("a copy method called on a look-alike checks its fields instead of trusting them", () => {
    const fake = Object.assign(Object.create(ToolResult.prototype) as object, { output: "a", isError: "yes", parts: null, metadata: null });
    expect(codeOf(() => ToolResult.prototype.withOutput.call(fake, "b"))).toBe("invalid-type");
    const fine = Object.assign(Object.create(ToolResult.prototype) as object, { output: "a", isError: true, parts: null, metadata: { n: 1 } });
    const copy = ToolResult.prototype.withOutput.call(fine, "b");
    expect(copy.equals(ToolResult.error("b", { metadata: { n: 1 } }))).toBe(true);
    expect(codeOf(() => ToolResult.prototype.with.call(fake, { output: "b" }))).toBe("invalid-type");
  });

  it("attempt() re-reads a look-alike result instead of returning it", () => {
    const fake = Object.assign(Object.create(ToolResult.prototype) as object, { output: 5, isError: "no", parts: null, metadata: null });
    const r = ToolResult.attempt(() => fake);
    expect(r).not.toBe(fake);
    expect(r.isError).toBe(true);
    expect(typeof r.output).toBe("string");
    expect(r.metadata).toEqual({ error: { name: "ValidationError", code: "invalid-type" } });
  });
});

describe("Jest's own matchers tell results apart", () => {
  it("toEqual and toStrictEqual see every field", () => {
    expect(ToolResult.ok("a")).toEqual(ToolResult.ok("a"));
    expect(ToolResult.ok("a")).not.toEqual(ToolResult.ok("b"));
    expect(ToolResult.ok("a")).not.toEqual(ToolResult.error("a"));
    expect(ToolResult.ok("a", { metadata: { n: 1 } })).not.toEqual(ToolResult.ok("a", { metadata: { n: 2 } }));
    expect(ToolResult.ok("a")).toStrictEqual(ToolResult.ok("a"));
    expect(ToolResult.ok("a")).not.toStrictEqual(ToolResult.ok("b"));
    expect(ToolResult.ok("a", { parts: [ContentPart.text("x")] })).not.toStrictEqual(ToolResult.ok("a", { parts: [ContentPart.text("y")] }));
  });
});
