// A getter in the input is read once and its value stored as data; keys that name prototype machinery
// (`__proto__`, `constructor`, `prototype`) arriving from JSON.parse stay data on every path.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, ContentPartError, Request, ToolResult, ValidationError } from "toolnexus";
import {
  toAgentsDecision,
  toAiSdk,
  toAiSdkApprovalResponse,
  toAnthropic,
  toGemini,
  toMcp,
  toMcpElicitation,
  toMcpElicitResult,
  toOpenAIChat,
  toOpenAIResponses,
} from "toolnexus/providers";
import { toCohere } from "toolnexus/cohere";
import { toOllama } from "toolnexus/ollama";

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

// ---------------------------------------------------------------------------------------------------------
// Own properties only: a polluted Object.prototype adds nothing to any value the library reads.

describe("Object.prototype polluted with a field's name changes nothing", () => {
  const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const pngBytes = (): Uint8Array => Uint8Array.from(Buffer.from(PNG, "base64"));
  // Inputs made before the prototype is polluted, so that both runs read the same values.
  const req = new Request({ id: "r1", kind: "input", prompt: "p" });
  const image = ContentPart.fromBase64(PNG, { mimeType: "image/png" });
  const result = ToolResult.ok("some output", { parts: [ContentPart.text("t"), image], metadata: { a: 1, list: [1, 2] } });
  const paused = ToolResult.pending(req, { metadata: { a: 1 } });
  const genuineRequest = Request.create({ id: "planted", kind: "authorization", prompt: "planted", url: "https://evil.example/login" });

  /** The value each key is polluted with: one that a reader taking it would store or act on. */
  const POLLUTION: Record<string, unknown> = {
    output: "polluted",
    isError: true,
    parts: [{ type: "text", text: "polluted" }],
    metadata: { polluted: true },
    pending: genuineRequest,
    type: "text",
    text: "polluted",
    mimeType: "image/gif",
    data: "R0lGODlhAQABAAAAACw=",
    url: "https://evil.example/x.png",
    name: "polluted.png",
    id: "polluted",
    kind: "authorization",
    prompt: "polluted",
    expiresAt: "2000-01-01T00:00:00Z",
    ok: true,
    reason: "declined",
    verifyMime: false,
    maxBytes: 1,
    maxTokens: 1,
    maxOutputChars: 1,
    maxPartBytes: 0,
    unsupported: "error",
    onLoss: () => {
      throw new Error("a polluted onLoss ran");
    },
    meta: true,
    toolUseId: "polluted",
    toolCallId: "polluted",
    toolName: "polluted",
    callId: "polluted",
    code: "read-failed",
    cause: "polluted",
    fileName: "polluted.pdf",
    declaredMime: "application/pdf",
    sourceMime: "image/gif",
    fallbackMime: "image/gif",
    0: { type: "text", text: "polluted" },
    // What would pass a plain object off as a stream, a Blob or a URL, if sources were recognised by shape.
    getReader: () => {
      let done = false;
      return { read: async () => (done ? { done: true } : ((done = true), { done: false, value: new Uint8Array([0x47, 0x49, 0x46, 0x38]) })), cancel: async () => undefined, releaseLock: () => undefined };
    },
    arrayBuffer: async () => new Uint8Array([0x47, 0x49, 0x46, 0x38]).buffer,
    size: 4,
    slice: () => new Blob([]),
    href: "https://evil.example/x.gif",
  };

  /** Every reader, each a function of no arguments; a sparse array is written with a hole at 0. */
  const hole = <T>(rest: T[]): T[] => {
    const a: T[] = [];
    a.length = rest.length + 1;
    rest.forEach((v, i) => (a[i + 1] = v));
    return a;
  };
  const READERS: Record<string, () => unknown> = {
    "ToolResult.fromJSON": () => ToolResult.fromJSON({ output: "x" }),
    "ToolResult.fromJSON with parts and pending": () => ToolResult.fromJSON({ output: "x", parts: [{ type: "text", text: "t" }], metadata: { pending: { id: "r1", kind: "k", prompt: "p" } } }),
    "new ToolResult()": () => new ToolResult(),
    "new ToolResult(init)": () => new ToolResult({ output: "x", metadata: { a: 1 } }),
    "ToolResult.ok": () => ToolResult.ok("x"),
    "ToolResult.ok with an init": () => ToolResult.ok("x", { metadata: { a: 1 } }),
    "ToolResult.error with an empty init": () => ToolResult.error("x", {}),
    "ToolResult.json": () => ToolResult.json({ a: [1, { b: 2 }] }),
    "ToolResult.pending": () => ToolResult.pending({ id: "r1", kind: "input", prompt: "p" }),
    "ToolResult.pending with metadata": () => ToolResult.pending(req, { metadata: { a: 1 } }),
    "ToolResult.authRequired": () => ToolResult.authRequired("https://example.com/login").output,
    "result.pending of a result that is not pending": () => [result.pending === undefined, result.isPending],
    "result.pending of a pending result": () => [paused.pending?.toJSON(), paused.isPending],
    "ToolResult.attempt": () => ToolResult.attempt(() => ({ n: 1 })),
    "ToolResult.attempt (thrown)": () => ToolResult.attempt(() => {
      throw new Error("boom");
    }),
    "with": () => result.with({ output: "y" }),
    "withOutput": () => result.withOutput("y"),
    "withParts": () => result.withParts([{ type: "text", text: "u" }]),
    "addParts": () => result.addParts({ type: "text", text: "u" }),
    "mergeMetadata": () => result.mergeMetadata({ b: 2 }),
    "withMetadata(recipe)": () => result.withMetadata((m) => void (m.c = 1)),
    "truncate to 8 characters": () => result.truncate({ maxOutputChars: 8 }),
    "truncate with an empty budget": () => result.truncate({}) === result,
    "a hole in parts": () => ToolResult.fromJSON({ output: "x", parts: hole([{ type: "text", text: "t" }]) }),
    "a hole in metadata": () => ToolResult.ok("x", { metadata: { list: hole([1]) } }),
    "equals": () => [result.equals(ToolResult.fromJSON(JSON.parse(JSON.stringify(result)))), paused.equals(ToolResult.fromJSON(JSON.parse(JSON.stringify(paused))))],
    "toString": () => [String(result), String(paused)],
    "toJSON": () => JSON.stringify([result, paused]),
    "ContentPart.text": () => ContentPart.text("t"),
    "ContentPart.fromBytes": () => ContentPart.fromBytes(pngBytes()),
    "ContentPart.fromBytes with options": () => ContentPart.fromBytes(pngBytes(), { mimeType: "image/png" }),
    "ContentPart.fromBase64": () => ContentPart.fromBase64(PNG),
    "ContentPart.fromDataUrl": () => ContentPart.fromDataUrl(`data:image/png;base64,${PNG}`),
    "ContentPart.fromDataUrl (percent-encoded)": () => ContentPart.fromDataUrl("data:,hello%20there"),
    "ContentPart.fromUrl": () => ContentPart.fromUrl("https://example.com/a.png"),
    "ContentPart.fromJSON": () => ContentPart.fromJSON({ type: "image", mimeType: "image/png", url: "https://example.com/a.png" }),
    "ContentPart.fromJSON (data)": () => ContentPart.fromJSON({ type: "image", mimeType: "image/png", data: PNG }),
    "part.withName": () => image.withName("b.png"),
    "part.withMimeType": () => image.withMimeType("image/png"),
    "part.withMimeType with options": () => image.withMimeType("image/png", {}),
    "part summary and data URL": () => [image.summary(), image.toDataUrl().length, image.byteLength],
    "new Request": () => new Request({ id: "r1", kind: "input", prompt: "p" }),
    "Request.create": () => Request.create({ id: "r1", kind: "input", prompt: "p" }),
    "Request.fromJSON": () => Request.fromJSON({ id: "r1", kind: "input", prompt: "p" }),
    "request.with": () => req.with({ prompt: "q" }),
    "request.isExpired": () => req.isExpired(),
    "new Answer": () => new Answer({ id: "r1", ok: false }),
    "Answer.accept": () => Answer.accept("r1"),
    "Answer.accept(request)": () => Answer.accept(req, { a: 1 }),
    "Answer.decline": () => Answer.decline(req),
    "Answer.output": () => Answer.output("r1", "x"),
    "Answer.fromJSON": () => Answer.fromJSON({ id: "r1", ok: true }),
    "answer.answers": () => Answer.accept("r1").answers(req),
    "toAnthropic": () => toAnthropic(result, { toolUseId: "t1" }),
    "toOpenAIChat": () => toOpenAIChat(result, { toolCallId: "c1", toolName: "n" }),
    "toOpenAIResponses": () => toOpenAIResponses(result, { callId: "c1" }),
    "toGemini": () => toGemini(result, { name: "n" }),
    "toMcp": () => toMcp(result),
    "toMcp with options": () => toMcp(result, {}),
    "toAiSdk": () => toAiSdk(result),
    "toAiSdk of an error": () => toAiSdk(result.withIsError(true), {}),
    "toAgentsDecision": () => toAgentsDecision(Answer.decline("r1")),
    "toAiSdkApprovalResponse": () => toAiSdkApprovalResponse(Answer.accept("r1", { a: 1 })),
    "toMcpElicitResult": () => toMcpElicitResult(Answer.decline("r1")),
    "toMcpElicitation": () => toMcpElicitation(req),
  };
  const ASYNC_READERS: Record<string, () => Promise<unknown>> = {
    "ContentPart.from(bytes)": () => ContentPart.from(pngBytes()),
    "ContentPart.image(data: URL)": () => ContentPart.image(`data:image/png;base64,${PNG}`),
    "ContentPart.file(url)": () => ContentPart.file("https://example.com/a.pdf"),
    "ContentPart.from(async iterable)": () =>
      ContentPart.from(
        (async function* () {
          yield pngBytes();
        })(),
      ),
    "ContentPart.from(Blob)": () => ContentPart.from(new Blob([pngBytes() as Uint8Array<ArrayBuffer>], { type: "image/png" })),
    "ContentPart.from(File)": () => ContentPart.from(new File([pngBytes() as Uint8Array<ArrayBuffer>], "shot.png")),
    "ContentPart.from(web stream)": () => ContentPart.from(new Blob([pngBytes() as Uint8Array<ArrayBuffer>]).stream()),
    "ContentPart.image(URL object)": () => ContentPart.image(new URL("https://example.com/a.png")),
    "ContentPart.from(a plain object)": () => ContentPart.from({} as never),
    "ContentPart.from(an object inheriting from one)": () => ContentPart.from(Object.create({ note: "no source here" }) as never),
  };

  /** Readers left to another change, each with the reason. */
  const NOT_YET: Record<string, string> = {};

  type Outcome = { value: unknown } | { error: unknown };
  const run = (f: () => unknown): Outcome => {
    try {
      return { value: f() };
    } catch (error) {
      return { error };
    }
  };
  const runAsync = async (f: () => Promise<unknown>): Promise<Outcome> => {
    try {
      return { value: await f() };
    } catch (error) {
      return { error };
    }
  };
  /** What an outcome shows, computed once the prototype is clean again. Random ids are masked. */
  const show = (o: Outcome): string => {
    if ("error" in o) {
      const e = o.error as { name?: unknown; code?: unknown; path?: unknown; message?: unknown };
      return `threw ${String(e.name)} ${String(e.code)} at ${JSON.stringify(e.path)}`;
    }
    const v = o.value;
    const cls = typeof v === "object" && v !== null ? (Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null)?.constructor?.name : typeof v;
    const own = typeof v === "object" && v !== null && !Array.isArray(v) ? Object.keys(v).join(",") : "";
    return `${String(cls)} {${own}} ${JSON.stringify(v)}`.replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, "<uuid>");
  };

  async function runAll(): Promise<Record<string, Outcome>> {
    const out: Record<string, Outcome> = {};
    for (const [name, f] of Object.entries(READERS)) out[name] = run(f);
    for (const [name, f] of Object.entries(ASYNC_READERS)) out[name] = await runAsync(f);
    return out;
  }

  it("a projection's option found only on the options' own prototype is no option", () => {
    const inherited = Object.create({ toolUseId: "from the prototype" }) as { toolUseId: string };
    let e: unknown;
    try {
      toAnthropic(result, inherited);
    } catch (err) {
      e = err;
    }
    expect(e).toMatchObject({ code: "missing", path: "toolUseId" });
    expect(toOpenAIResponses(result, Object.assign(Object.create({ callId: "inherited" }) as object, { callId: "own" }) as { callId: string }).call_id).toBe("own");
  });

  it.each(Object.keys(POLLUTION))("Object.prototype[%j]", async (key) => {
    const clean = await runAll();
    let polluted: Record<string, Outcome>;
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto[key] = POLLUTION[key];
      polluted = await runAll();
    } finally {
      delete proto[key];
    }
    expect(Object.hasOwn(Object.prototype, key)).toBe(false);
    const differ = Object.keys(clean).filter((name) => show(clean[name]!) !== show(polluted[name]!) && !(`${key} ${name}` in NOT_YET));
    expect(differ.map((name) => `${name}: ${show(polluted[name]!)} (clean: ${show(clean[name]!)})`)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Genuine or checked: only a value this copy of the library made is trusted; a look-alike with the class's
// prototype, or a Proxy of a genuine value, is read by its fields and checked in full, as JSON is.

describe("look-alikes are checked, never trusted", () => {
  const lookAlike = <T extends object>(proto: T, fields: Record<string, unknown>): T => Object.assign(Object.create(proto) as T, fields);
  const thrown = (f: () => unknown): unknown => {
    try {
      f();
    } catch (e) {
      return e;
    }
    return undefined;
  };
  const PROJECTIONS: [string, (r: ToolResult) => unknown][] = [
    ["toAnthropic", (r) => toAnthropic(r, { toolUseId: "t1" })],
    ["toOpenAIChat", (r) => toOpenAIChat(r, { toolCallId: "c1", toolName: "n" })],
    ["toOpenAIResponses", (r) => toOpenAIResponses(r, { callId: "c1" })],
    ["toGemini", (r) => toGemini(r, { name: "n" })],
    ["toMcp", (r) => toMcp(r)],
    ["toAiSdk", (r) => toAiSdk(r)],
    ["toOllama", (r) => toOllama(r)],
    ["toCohere", (r) => toCohere(r, { toolCallId: "c1" })],
  ];

  it.each(PROJECTIONS)("%s refuses a result look-alike with wrong field types", (_name, project) => {
    const fake = lookAlike(ToolResult.prototype, { output: 5, isError: "yes", parts: null, metadata: null }) as ToolResult;
    const e = thrown(() => project(fake));
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).path).toBe("output");
  });

  it.each(PROJECTIONS)("%s refuses a look-alike whose part does not decode", (_name, project) => {
    const fake = lookAlike(ToolResult.prototype, { output: "x", isError: false, parts: [{ type: "image", mimeType: "image/png", data: "!!not base64!!" }], metadata: null }) as ToolResult;
    const e = thrown(() => project(fake));
    expect(e).toBeInstanceOf(ContentPartError);
    expect((e as ContentPartError).code).toBe("invalid-base64");
    expect((e as ContentPartError).path).toBe("parts[0].data");
  });

  it.each(PROJECTIONS)("%s: a Proxy of a genuine result whose get trap throws is a ValidationError", (_name, project) => {
    const real = ToolResult.ok("x", { parts: [ContentPart.text("t")] });
    const hostile = new Proxy(real, {
      get() {
        throw new Error("trap");
      },
    });
    const e = thrown(() => project(hostile));
    expect(e).toBeInstanceOf(ValidationError);
  });

  it.each(PROJECTIONS)("%s: a transparent Proxy of a genuine result is read by its fields, to the same payload", (_name, project) => {
    const real = ToolResult.ok("x", { parts: [ContentPart.text("t")], metadata: { a: 1 } });
    expect(project(new Proxy(real, {}))).toEqual(project(real));
  });

  const badAnswer = () => lookAlike(Answer.prototype, { id: "", ok: "false", reason: 7 }) as Answer;
  it.each([
    ["toAgentsDecision", () => toAgentsDecision(badAnswer())],
    ["toAiSdkApprovalResponse", () => toAiSdkApprovalResponse(badAnswer())],
    ["toMcpElicitResult", () => toMcpElicitResult(badAnswer())],
  ] as [string, () => unknown][])("%s refuses an Answer look-alike whose ok is the string \"false\": never approved", (_name, f) => {
    const e = thrown(f);
    expect(e).toBeInstanceOf(ValidationError);
  });

  it("an Answer look-alike with valid fields is read by them, as JSON is", () => {
    const fine = lookAlike(Answer.prototype, { id: "r1", ok: false, reason: "declined" }) as Answer;
    expect(toAgentsDecision(fine)).toEqual({ approve: false });
    expect(toAiSdkApprovalResponse(fine)).toEqual({ type: "tool-approval-response", approvalId: "r1", approved: false });
    expect(toMcpElicitResult(fine)).toEqual({ action: "decline" });
    const sneaky = lookAlike(Answer.prototype, { id: "r1", ok: true, reason: "declined" }) as Answer;
    expect(thrown(() => toAgentsDecision(sneaky))).toBeInstanceOf(ValidationError);
  });

  it("Answer.equals and Answer.answers trust only genuine values", () => {
    const a = Answer.accept("r1");
    expect(a.equals(lookAlike(Answer.prototype, { id: "r1", ok: true, data: undefined, reason: undefined }))).toBe(false);
    expect(a.equals(Answer.fromJSON({ id: "r1", ok: true }))).toBe(true);
    // A Request look-alike with the right id but a kind that is no string is not a request: asking whether an
    // answer is for it is a ValidationError naming the field (never a quiet true, nor a quiet false)...
    const fakeRequest = lookAlike(Request.prototype, { id: "r1", kind: 7, prompt: "p" }) as Request;
    const notRequest = thrown(() => a.answers(fakeRequest));
    expect(notRequest).toBeInstanceOf(ValidationError);
    expect((notRequest as ValidationError).path).toBe("kind");
    expect(a.answers(lookAlike(Request.prototype, { id: "r1", kind: "input", prompt: "p" }) as Request)).toBe(true);
    // ...and no answer is made for it.
    for (const make of [() => Answer.accept(fakeRequest), () => Answer.decline(fakeRequest), () => Answer.output(fakeRequest, "x")]) {
      const e = thrown(make);
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).path).toBe("kind");
    }
  });

  it("a Request look-alike is checked wherever a request is read", () => {
    const fake = lookAlike(Request.prototype, { id: "r1", kind: "authorization", prompt: "p", url: 42 }) as Request;
    expect(thrown(() => toMcpElicitation(fake))).toBeInstanceOf(ValidationError);
    expect(thrown(() => ToolResult.pending(fake))).toBeInstanceOf(ValidationError);
    expect((thrown(() => ToolResult.ok("x", { metadata: { pending: fake } })) as ValidationError).code).toBe("invalid-pending");
  });
});
