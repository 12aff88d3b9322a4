// Subclasses survive every creation path; what they cannot do fails loudly, with the error shown here.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult, ValidationError } from "toolnexus";

class SearchResult extends ToolResult<{ hits: number; query?: string }> {
  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
  describeHits(): string {
    return `${this.hits} hits`;
  }
  static found(hits: number): SearchResult {
    return SearchResult.ok(`${hits} hits`, { metadata: { hits } });
  }
}

/** A subclass whose constructor has its own signature: the statics and copies never call it. */
class Tagged extends ToolResult {
  constructor(tag: string) {
    super({ output: tag });
  }
}

describe("every creation path returns a frozen instance of the subclass", () => {
  const paths: [string, () => ToolResult<any>][] = [
    ["new", () => new SearchResult({ output: "x", metadata: { hits: 1 } })],
    ["ok", () => SearchResult.ok("x", { metadata: { hits: 1 } })],
    ["error", () => SearchResult.error("x")],
    ["pending", () => SearchResult.pending({ kind: "input", prompt: "p" })],
    ["authRequired", () => SearchResult.authRequired("https://e.com/login")],
    ["fromJSON", () => SearchResult.fromJSON({ output: "x" })],
    ["safeFromJSON", () => {
      const r = SearchResult.safeFromJSON({ output: "x" });
      if (!r.success) throw r.error;
      return r.data;
    }],
    ["json", () => SearchResult.json({ a: 1 })],
    ["attempt", () => SearchResult.attempt(() => "x")],
    ["attempt (thrown)", () => SearchResult.attempt(() => { throw new Error("e"); })],
    ["own static", () => SearchResult.found(3)],
    ["withOutput", () => SearchResult.found(3).withOutput("y")],
    ["withIsError", () => SearchResult.found(3).withIsError(true)],
    ["withParts", () => SearchResult.found(3).withParts([{ type: "text", text: "t" }])],
    ["addParts", () => SearchResult.found(3).addParts({ type: "text", text: "t" })],
    ["withMetadata", () => SearchResult.found(3).withMetadata({ hits: 4 })],
    ["withMetadata recipe", () => SearchResult.found(3).withMetadata((m) => { m.hits += 1; })],
    ["mergeMetadata", () => SearchResult.found(3).mergeMetadata({ query: "q" })],
    ["with", () => SearchResult.found(3).with({ output: "z" })],
    ["with recipe", () => SearchResult.found(3).with((d) => { d.output = "z"; })],
    ["truncate", () => SearchResult.ok("a".repeat(100)).truncate({ maxOutputChars: 40 })],
  ];
  it.each(paths)("%s", (_name, make) => {
    const r = make();
    expect(r).toBeInstanceOf(SearchResult);
    expect(Object.getPrototypeOf(r)).toBe(SearchResult.prototype);
    expect(Object.isFrozen(r)).toBe(true);
    expect(Object.keys(r)).toEqual(["output", "isError", "parts", "metadata"]);
  });

  it("async attempt too", async () => {
    await expect(SearchResult.attempt(async () => "x")).resolves.toBeInstanceOf(SearchResult);
  });

  it("subclass getters and methods work on every copy", () => {
    const r = SearchResult.found(3).withOutput("three").mergeMetadata({ query: "q" });
    expect(r.hits).toBe(3);
    expect(r.describeHits()).toBe("3 hits");
  });

  it("a constructor with its own signature is never called by statics or copies", () => {
    expect(new Tagged("t").output).toBe("t");
    const r = Tagged.ok("x");
    expect(r).toBeInstanceOf(Tagged);
    expect(r.withOutput("y")).toBeInstanceOf(Tagged);
  });
});

describe("equality respects the class", () => {
  it("a SearchResult is not equal to a ToolResult with the same fields", () => {
    expect(SearchResult.ok("x").equals(ToolResult.ok("x"))).toBe(false);
    expect(ToolResult.ok("x").equals(SearchResult.ok("x"))).toBe(false);
    expect(SearchResult.ok("x").equals(SearchResult.ok("x"))).toBe(true);
  });

  it("attempt re-creates a result of another class in the calling class", () => {
    const r = SearchResult.attempt(() => ToolResult.ok("from base", { metadata: { hits: 2 } }));
    expect(r).toBeInstanceOf(SearchResult);
    expect(r.hits).toBe(2);
    const same = SearchResult.found(1);
    expect(SearchResult.attempt(() => same)).toBe(same);
  });
});

describe("what a subclass cannot do", () => {
  it("declare instance fields: the instance is frozen before the field is defined", () => {
    class WithField extends ToolResult {
      cache = new Map<string, string>();
    }
    expect(() => new WithField({ output: "x" })).toThrow(TypeError);
    expect(() => new WithField({ output: "x" })).toThrow(/object is not extensible|Cannot define property cache/);
  });

  it("keep #private state: copies do not run constructors, so the state is missing on them", () => {
    class WithPrivate extends ToolResult {
      #secret = "s";
      reveal(): string {
        return this.#secret;
      }
    }
    // Private fields may be added to the frozen instance `new` makes...
    const made = new WithPrivate({ output: "x" });
    expect(made.reveal()).toBe("s");
    // ...but a copy or a static never runs the field initializer.
    expect(() => made.withOutput("y").reveal()).toThrow(TypeError);
    expect(() => WithPrivate.ok("x").reveal()).toThrow(/private member/);
  });

  it("assign to a field: every field is read-only", () => {
    const r = SearchResult.found(1);
    expect(() => {
      (r as unknown as { output: string }).output = "changed";
    }).toThrow(TypeError);
    expect(() => {
      (r.metadata as { hits: number }).hits = 2;
    }).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// ContentPart, Request and Answer subclasses: the statics return the subclass, copies keep it.

const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const pngBytes = (): Uint8Array => Uint8Array.from(Buffer.from(PNG_BASE64, "base64"));

class MyPart extends ContentPart {
  get isPicture(): boolean {
    return this.type === "image";
  }
}

class MyRequest extends Request {
  get isLogin(): boolean {
    return this.kind === "authorization";
  }
}

class MyAnswer extends Answer {
  get granted(): boolean {
    return this.ok;
  }
}

describe("ContentPart, Request and Answer subclasses: every creation path returns the subclass", () => {
  const parts: [string, () => ContentPart][] = [
    ["new", () => new MyPart({ type: "text", text: "t" })],
    ["text", () => MyPart.text("t")],
    ["fromBytes", () => MyPart.fromBytes(pngBytes())],
    ["fromBase64", () => MyPart.fromBase64(PNG_BASE64)],
    ["fromDataUrl", () => MyPart.fromDataUrl(`data:image/png;base64,${PNG_BASE64}`)],
    ["fromUrl", () => MyPart.fromUrl("https://example.com/a.png")],
    ["fromUrl (a data: URL)", () => MyPart.fromUrl(`data:image/png;base64,${PNG_BASE64}`)],
    ["fromJSON", () => MyPart.fromJSON({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" })],
    ["fromJSON of a base part", () => MyPart.fromJSON(ContentPart.text("t"))],
    ["safeFromJSON", () => {
      const r = MyPart.safeFromJSON({ type: "text", text: "t" });
      if (!r.success) throw r.error;
      return r.data;
    }],
    ["withName", () => MyPart.fromBase64(PNG_BASE64).withName("a.png")],
    ["withMimeType", () => MyPart.fromBase64(PNG_BASE64, { mimeType: "image/png" }).withMimeType("image/png")],
  ];
  it.each(parts)("MyPart: %s", (_name, make) => {
    const p = make();
    expect(Object.getPrototypeOf(p)).toBe(MyPart.prototype);
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.keys(p)).toEqual(["type", "text", "mimeType", "data", "url", "name"]);
  });

  it.each(["image", "file", "audio", "from"] as const)("MyPart.%s (async) returns the subclass", async (factory) => {
    const source = factory === "image" || factory === "from" ? pngBytes() : factory === "file" ? "https://example.com/a.pdf" : "https://example.com/a.wav";
    const p = await MyPart[factory](source);
    expect(Object.getPrototypeOf(p)).toBe(MyPart.prototype);
    // Typed as the subclass too: the getter compiles.
    expect(typeof p.isPicture).toBe("boolean");
  });

  it.each(["safeImage", "safeFile", "safeAudio", "safeFrom"] as const)("MyPart.%s resolves to the subclass", async (factory) => {
    const source = factory === "safeImage" || factory === "safeFrom" ? pngBytes() : factory === "safeFile" ? "https://example.com/a.pdf" : "https://example.com/a.wav";
    const r = await MyPart[factory](source);
    if (!r.success) throw r.error;
    expect(r.data.isPicture).toBe(factory === "safeImage" || factory === "safeFrom");
    expect(Object.getPrototypeOf(r.data)).toBe(MyPart.prototype);
  });

  const requests: [string, () => Request][] = [
    ["new", () => new MyRequest({ id: "r1", kind: "input", prompt: "p" })],
    ["create", () => MyRequest.create({ kind: "authorization", prompt: "p", url: "https://example.com/login" })],
    ["fromJSON", () => MyRequest.fromJSON({ id: "r1", kind: "input", prompt: "p" })],
    ["safeFromJSON", () => {
      const r = MyRequest.safeFromJSON({ id: "r1", kind: "input", prompt: "p" });
      if (!r.success) throw r.error;
      return r.data;
    }],
    ["with", () => MyRequest.create({ kind: "input", prompt: "p" }).with({ prompt: "q" })],
  ];
  it.each(requests)("MyRequest: %s", (_name, make) => {
    const r = make();
    expect(Object.getPrototypeOf(r)).toBe(MyRequest.prototype);
    expect(Object.isFrozen(r)).toBe(true);
    expect(Object.keys(r)).toEqual(["id", "kind", "prompt", "url", "data", "expiresAt"]);
  });

  it("MyRequest's statics are typed to return the subclass", () => {
    const created: MyRequest = MyRequest.create({ kind: "authorization", prompt: "p", url: "https://example.com/login" });
    const read: MyRequest = MyRequest.fromJSON(created.toJSON());
    const copied: MyRequest = read.with({ prompt: "q" });
    expect([created.isLogin, read.isLogin, copied.isLogin]).toEqual([true, true, true]);
    expect(read.equals(created)).toBe(true);
    expect(Request.fromJSON(created.toJSON()).equals(created)).toBe(false); // the two values compared keep the prototype test
  });

  const answers: [string, () => Answer][] = [
    ["new", () => new MyAnswer({ id: "r1", ok: true })],
    ["accept", () => MyAnswer.accept("r1", { a: 1 })],
    ["accept (a request)", () => MyAnswer.accept(Request.create({ kind: "input", prompt: "p" }))],
    ["decline", () => MyAnswer.decline("r1", "expired")],
    ["output", () => MyAnswer.output("r1", "staging")],
    ["fromJSON", () => MyAnswer.fromJSON({ id: "r1", ok: false, reason: "cancelled" })],
    ["safeFromJSON", () => {
      const r = MyAnswer.safeFromJSON({ id: "r1", ok: true });
      if (!r.success) throw r.error;
      return r.data;
    }],
  ];
  it.each(answers)("MyAnswer: %s", (_name, make) => {
    const a = make();
    expect(Object.getPrototypeOf(a)).toBe(MyAnswer.prototype);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.keys(a)).toEqual(["id", "ok", "data", "reason"]);
  });

  it("MyAnswer's statics are typed to return the subclass", () => {
    const yes: MyAnswer = MyAnswer.accept("r1");
    const no: MyAnswer = MyAnswer.decline("r1");
    const typed: MyAnswer = MyAnswer.output("r1", "x");
    const read: MyAnswer = MyAnswer.fromJSON(yes.toJSON());
    expect([yes.granted, no.granted, typed.granted, read.granted]).toEqual([true, false, true, true]);
  });

  it("a static called unbound makes the base class, never a crash", () => {
    // The statics are typed on `this`, so TypeScript refuses an unbound call; JavaScript callers can still make one.
    const create = Request.create as unknown as (init: object) => Request;
    const accept = Answer.accept as unknown as (id: string) => Answer;
    const text = ContentPart.text as unknown as (t: string) => ContentPart;
    expect(Object.getPrototypeOf(create({ kind: "input", prompt: "p" }))).toBe(Request.prototype);
    expect(Object.getPrototypeOf(accept("r1"))).toBe(Answer.prototype);
    expect(Object.getPrototypeOf(text("t"))).toBe(ContentPart.prototype);
  });
});

describe("nested parts and requests compare by their fields, not their class", () => {
  it("a result holding a MyPart equals its own JSON read back", () => {
    const r = ToolResult.ok("x", { parts: [MyPart.fromBase64(PNG_BASE64, { mimeType: "image/png" }), MyPart.text("t")] });
    expect(Object.getPrototypeOf(r.parts![0])).toBe(MyPart.prototype);
    const back = ToolResult.fromJSON(JSON.parse(JSON.stringify(r)));
    expect(Object.getPrototypeOf(back.parts![0])).toBe(ContentPart.prototype);
    expect(back.equals(r)).toBe(true);
    expect(r.equals(back)).toBe(true);
  });

  it("a result holding a pending MyRequest equals the result read back (a base Request)", () => {
    const paused = ToolResult.pending(MyRequest.create({ kind: "input", prompt: "p", data: { a: [1, 2] } }), { metadata: { n: 1 } });
    expect(Object.getPrototypeOf(paused.pending)).toBe(MyRequest.prototype);
    const back = ToolResult.fromJSON(JSON.parse(JSON.stringify(paused)));
    expect(Object.getPrototypeOf(back.pending)).toBe(Request.prototype);
    expect(back.equals(paused)).toBe(true);
    expect(paused.equals(back)).toBe(true);
    // ...and still differs when a field does.
    expect(paused.equals(ToolResult.pending(paused.pending!.with({ prompt: "q" }), { metadata: { n: 1 } }))).toBe(false);
  });

  it("a pending MyRequest whose data holds a hazardous key equals the base read back", () => {
    const paused = ToolResult.pending(MyRequest.create({ kind: "input", prompt: "p", data: { constructor: 1, valueOf: { x: 1 } } }));
    const back = ToolResult.fromJSON(JSON.parse(JSON.stringify(paused)));
    expect(back.equals(paused)).toBe(true);
  });

  it("the two values compared keep the prototype test", () => {
    expect(MyPart.text("t").equals(ContentPart.text("t"))).toBe(false);
    expect(MyAnswer.accept("r1").equals(Answer.accept("r1"))).toBe(false);
    expect(MyAnswer.accept("r1").equals(MyAnswer.accept("r1"))).toBe(true);
  });
});

describe("a member named like a field is an invalid-subclass error from every creation path", () => {
  const expectInvalid = (make: () => unknown, member: string): void => {
    let thrown: unknown;
    try {
      make();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(thrown).not.toBeInstanceOf(TypeError);
    expect((thrown as ValidationError).code).toBe("invalid-subclass");
    expect((thrown as ValidationError).message).toContain(member);
  };

  class OutputGetter extends ToolResult {
    // @ts-expect-error TypeScript refuses an accessor over a field; plain JavaScript can still declare one.
    get output(): string {
      return "hidden";
    }
  }
  class IsErrorMethod extends ToolResult {
    // A method of a field's name, declared through the prototype (TypeScript refuses a method over a field).
  }
  Object.defineProperty(IsErrorMethod.prototype, "isError", { value: () => true, writable: true, configurable: true });
  /** A subclass of a bad subclass: the check walks the whole chain down to ToolResult. */
  class Deeper extends OutputGetter {}

  it.each([
    ["new", () => new OutputGetter({ output: "x" })],
    ["ok", () => OutputGetter.ok("x")],
    ["ok with an init", () => OutputGetter.ok("x", { metadata: { a: 1 } })],
    ["error", () => OutputGetter.error("x")],
    ["json", () => OutputGetter.json({ a: 1 })],
    ["pending", () => OutputGetter.pending({ kind: "input", prompt: "p" })],
    ["authRequired", () => OutputGetter.authRequired("https://example.com/login")],
    ["fromJSON", () => OutputGetter.fromJSON({ output: "x" })],
    ["attempt", () => OutputGetter.attempt(() => "x")],
    ["a copy of a look-alike", () => ToolResult.prototype.withOutput.call(Object.create(OutputGetter.prototype), "y")],
    ["a subclass of it", () => Deeper.ok("x")],
  ] as [string, () => unknown][])("ToolResult subclass with get output(): %s", (_name, make) => {
    expectInvalid(make, "output");
  });

  it("safeFromJSON reports it", () => {
    const r = OutputGetter.safeFromJSON({ output: "x" });
    expect(r.success).toBe(false);
    expect(r.error!.code).toBe("invalid-subclass");
  });

  it("attempt() cannot make a result of such a class at all: it throws the invalid-subclass error, never a TypeError", () => {
    expectInvalid(() => OutputGetter.attempt(() => { throw new Error("boom"); }), "output");
  });

  it("a method named like a field, too", () => {
    expectInvalid(() => IsErrorMethod.ok("x"), "isError");
    expectInvalid(() => new IsErrorMethod(), "isError");
  });

  class KindMethod extends Request {}
  Object.defineProperty(KindMethod.prototype, "kind", { value: function kind() { return "k"; }, writable: true, configurable: true });
  class UrlGetter extends Request {
    // @ts-expect-error TypeScript refuses an accessor over a field; plain JavaScript can still declare one.
    get url(): string {
      return "https://evil.example";
    }
  }
  it.each([
    ["new", () => new KindMethod({ id: "r1", kind: "input", prompt: "p" }), "kind"],
    ["create", () => KindMethod.create({ kind: "input", prompt: "p" }), "kind"],
    ["fromJSON", () => UrlGetter.fromJSON({ id: "r1", kind: "input", prompt: "p" }), "url"],
    ["safeFromJSON", () => {
      const r = UrlGetter.safeFromJSON({ id: "r1", kind: "input", prompt: "p" });
      if (!r.success) throw r.error;
    }, "url"],
    ["with of a look-alike", () => Request.prototype.with.call(Object.create(UrlGetter.prototype), { id: "r1", kind: "input", prompt: "p" }), "url"],
  ] as [string, () => unknown, string][])("Request subclass: %s", (_name, make, member) => {
    expectInvalid(make, member);
  });

  class OkGetter extends Answer {
    // @ts-expect-error TypeScript refuses an accessor over a field; plain JavaScript can still declare one.
    get ok(): boolean {
      return true;
    }
  }
  it.each([
    ["new", () => new OkGetter({ id: "r1", ok: false })],
    ["accept", () => OkGetter.accept("r1")],
    ["decline", () => OkGetter.decline("r1")],
    ["output", () => OkGetter.output("r1", "x")],
    ["fromJSON", () => OkGetter.fromJSON({ id: "r1", ok: false })],
  ] as [string, () => unknown][])("Answer subclass with get ok(): %s", (_name, make) => {
    expectInvalid(make, "ok");
  });

  class DataGetter extends ContentPart {
    // @ts-expect-error TypeScript refuses an accessor over a field; plain JavaScript can still declare one.
    get data(): string {
      return "AAAA";
    }
  }
  it.each([
    ["new", () => new DataGetter({ type: "text", text: "t" })],
    ["text", () => DataGetter.text("t")],
    ["fromBytes", () => DataGetter.fromBytes(pngBytes())],
    ["fromBase64", () => DataGetter.fromBase64(PNG_BASE64)],
    ["fromDataUrl", () => DataGetter.fromDataUrl(`data:image/png;base64,${PNG_BASE64}`)],
    ["fromUrl", () => DataGetter.fromUrl("https://example.com/a.png")],
    ["fromJSON", () => DataGetter.fromJSON({ type: "text", text: "t" })],
    ["fromJSON of a genuine part", () => DataGetter.fromJSON(ContentPart.text("t"))],
  ] as [string, () => unknown][])("ContentPart subclass with get data(): %s", (_name, make) => {
    expectInvalid(make, "data");
  });

  it("the async ContentPart factories reject with it (a ContentPartError, which is a ValidationError)", async () => {
    for (const f of ["image", "from"] as const) {
      const e = await DataGetter[f](pngBytes()).then(() => undefined, (err: unknown) => err);
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).code).toBe("invalid-subclass");
    }
  });

  it("a subclass with other members is fine, and checked once", () => {
    class Fine extends ToolResult {
      get summary(): string {
        return this.output;
      }
    }
    expect(Fine.ok("a").summary).toBe("a");
    expect(Fine.ok("b").withOutput("c").summary).toBe("c");
  });
});
