// No crash escapes: every public entry point, handed each hostile value of the catalogue (throwing getters,
// Proxies whose traps throw, revoked Proxies, cycles, non-JSON values...), either returns or throws a
// ToolnexusError with a code. The only other thing that may come out is an error thrown by the caller's own
// recipe, and then it is that very value.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult, ToolnexusError } from "toolnexus";
import { describeThrown, safeInstanceOf } from "./constructs";
import { HOSTILE } from "./values";

const part = ContentPart.fromBase64("iVBORw0KGgo=", { mimeType: "image/png", verifyMime: false });
const result = ToolResult.ok("x", { parts: [part], metadata: { a: 1, list: [1, 2] } });
const request = Request.create({ kind: "input", prompt: "p", data: { a: 1 }, expiresAt: "2030-01-01T00:00:00Z" });
const answer = Answer.accept(request, { a: 1 });

/** An entry point: it gets a hostile value, and reports what its recipe threw, if it ran one. */
type Entry = (h: unknown, recipe: { threw?: { value: unknown } }) => unknown;

/** Wraps a recipe body so that what it throws is recorded before it propagates. */
function recording<T>(recipe: { threw?: { value: unknown } }, body: (draft: T) => unknown): (draft: T) => unknown {
  return (draft) => {
    try {
      return body(draft);
    } catch (e) {
      recipe.threw = { value: e };
      throw e;
    }
  };
}

const SYNC: Record<string, Entry> = {
  "new ToolResult(h)": (h) => new ToolResult(h as never),
  "new ToolResult({ output: h })": (h) => new ToolResult({ output: h } as never),
  "new ToolResult({ parts: h })": (h) => new ToolResult({ parts: h } as never),
  "new ToolResult({ parts: [h] })": (h) => new ToolResult({ parts: [h] } as never),
  "new ToolResult({ metadata: h })": (h) => new ToolResult({ metadata: h } as never),
  "new ToolResult({ metadata: { k: h } })": (h) => new ToolResult({ metadata: { k: h } } as never),
  "ToolResult.fromJSON(h)": (h) => ToolResult.fromJSON(h),
  "ToolResult.fromJSON({ output, metadata: h })": (h) => ToolResult.fromJSON({ output: "x", metadata: h }),
  "ToolResult.fromJSON({ output, parts: h })": (h) => ToolResult.fromJSON({ output: "x", parts: h }),
  "ToolResult.ok(h)": (h) => ToolResult.ok(h as never),
  "ToolResult.ok(output, h)": (h) => ToolResult.ok("x", h as never),
  "ToolResult.error(output, h)": (h) => ToolResult.error("x", h as never),
  "ToolResult.pending(h)": (h) => ToolResult.pending(h as never),
  "ToolResult.pending(request, h)": (h) => ToolResult.pending(request, h as never),
  "ToolResult.pending(request, { metadata: h })": (h) => ToolResult.pending(request, { metadata: h } as never),
  "ToolResult.authRequired(h)": (h) => ToolResult.authRequired(h as never),
  "ToolResult.authRequired(url, h)": (h) => ToolResult.authRequired("https://example.com/login", h as never),
  "ToolResult.json(h)": (h) => ToolResult.json(h),
  "ToolResult.json({ v: h })": (h) => ToolResult.json({ v: h }),
  "ToolResult.json(1, h)": (h) => ToolResult.json(1, h as never),
  "ToolResult.attempt(() => h)": (h) => ToolResult.attempt(() => h),
  "ToolResult.attempt(() => { throw h })": (h) => ToolResult.attempt(() => {
    throw h;
  }),
  "ToolResult.attempt(h)": (h) => ToolResult.attempt(h as never),
  "ToolResult.attempt(fn, h)": (h) => ToolResult.attempt(() => "x", h as never),
  "ToolResult.attempt(throwing fn, h)": (h) => ToolResult.attempt(() => {
    throw new Error("e");
  }, h as never),
  "ToolResult.isToolResult(h)": (h) => ToolResult.isToolResult(h),
  "result.withOutput(h)": (h) => result.withOutput(h as never),
  "result.withIsError(h)": (h) => result.withIsError(h as never),
  "result.withParts(h)": (h) => result.withParts(h as never),
  "result.addParts(h)": (h) => result.addParts(h as never),
  // A function given here is the caller's recipe: what calling it throws is the recipe's own error.
  "result.withMetadata(h)": (h, rec) => result.withMetadata((typeof h === "function" ? recording(rec, h as (d: unknown) => unknown) : h) as never),
  "result.withMetadata(() => h)": (h, rec) => result.withMetadata(recording(rec, () => h) as never),
  "result.withMetadata(m => { m.k = h })": (h, rec) => result.withMetadata(recording<Record<string, unknown>>(rec, (m) => void (m.k = h)) as never),
  "result.withMetadata(m => { m.list.push(h) })": (h, rec) => result.withMetadata(recording<{ list: unknown[] }>(rec, (m) => void m.list.push(h)) as never),
  "result.mergeMetadata(h)": (h) => result.mergeMetadata(h as never),
  "result.mergeMetadata({ k: h })": (h) => result.mergeMetadata({ k: h } as never),
  "result.with(h)": (h, rec) => result.with((typeof h === "function" ? recording(rec, h as (d: unknown) => unknown) : h) as never),
  "result.with({ metadata: h })": (h) => result.with({ metadata: h } as never),
  "result.with({ parts: h })": (h) => result.with({ parts: h } as never),
  "result.with(() => h)": (h, rec) => result.with(recording(rec, () => h) as never),
  "result.with(d => { d.metadata = h })": (h, rec) => result.with(recording<Record<string, unknown>>(rec, (d) => void (d.metadata = h)) as never),
  "result.with(d => { d.parts.push(h) })": (h, rec) => result.with(recording<{ parts: unknown[] }>(rec, (d) => void d.parts.push(h)) as never),
  "result.truncate(h)": (h) => result.truncate(h as never),
  "result.truncate({ maxOutputChars: h })": (h) => result.truncate({ maxOutputChars: h } as never),
  "result.equals(h)": (h) => result.equals(h),
  "ContentPart.text(h)": (h) => ContentPart.text(h as never),
  "ContentPart.fromJSON(h)": (h) => ContentPart.fromJSON(h),
  "new ContentPart(h)": (h) => new ContentPart(h as never),
  "ContentPart.fromBytes(h)": (h) => ContentPart.fromBytes(h as never),
  "ContentPart.fromBytes(bytes, h)": (h) => ContentPart.fromBytes(new Uint8Array([1]), h as never),
  "ContentPart.fromBase64(h)": (h) => ContentPart.fromBase64(h as never, { mimeType: "image/png" }),
  "ContentPart.fromBase64(b64, h)": (h) => ContentPart.fromBase64("AAAA", h as never),
  "ContentPart.fromDataUrl(h)": (h) => ContentPart.fromDataUrl(h as never),
  "ContentPart.fromUrl(h)": (h) => ContentPart.fromUrl(h as never),
  "ContentPart.fromUrl(url, h)": (h) => ContentPart.fromUrl("https://example.com/a.png", h as never),
  "ContentPart.summary(h)": (h) => ContentPart.summary(h as never),
  "ContentPart.isContentPart(h)": (h) => ContentPart.isContentPart(h),
  "part.withName(h)": (h) => part.withName(h as never),
  "part.withMimeType(h)": (h) => part.withMimeType(h as never),
  "part.withMimeType(mime, h)": (h) => part.withMimeType("image/png", h as never),
  "part.equals(h)": (h) => part.equals(h),
  "new Request(h)": (h) => new Request(h as never),
  "new Request({ data: h })": (h) => new Request({ id: "r", kind: "k", prompt: "p", data: h } as never),
  "Request.create(h)": (h) => Request.create(h as never),
  "Request.fromJSON(h)": (h) => Request.fromJSON(h),
  "request.with(h)": (h) => request.with(h as never),
  "request.with({ data: h })": (h) => request.with({ data: h } as never),
  "request.isExpired(h)": (h) => request.isExpired(h as never),
  "request.equals(h)": (h) => request.equals(h),
  "Request.isRequest(h)": (h) => Request.isRequest(h),
  "new Answer(h)": (h) => new Answer(h as never),
  "Answer.fromJSON(h)": (h) => Answer.fromJSON(h),
  "Answer.accept(h)": (h) => Answer.accept(h as never),
  "Answer.accept(request, h)": (h) => Answer.accept(request, h as never),
  "Answer.decline(h)": (h) => Answer.decline(h as never),
  "Answer.decline(request, h)": (h) => Answer.decline(request, h as never),
  "Answer.output(h, text)": (h) => Answer.output(h as never, "x"),
  "Answer.output(request, h)": (h) => Answer.output(request, h as never),
  "answer.answers(h)": (h) => answer.answers(h as never),
  "answer.equals(h)": (h) => answer.equals(h),
  "Answer.isAnswer(h)": (h) => Answer.isAnswer(h),
};

const ASYNC: Record<string, (h: unknown) => Promise<unknown>> = {
  "ContentPart.from(h)": (h) => ContentPart.from(h as never),
  "ContentPart.from(bytes, h)": (h) => ContentPart.from(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), h as never),
  "ContentPart.image(h)": (h) => ContentPart.image(h as never),
  "ContentPart.file(h)": (h) => ContentPart.file(h as never),
  "ContentPart.audio(h)": (h) => ContentPart.audio(h as never),
};

const SAFE_ASYNC: Record<string, (h: unknown) => Promise<unknown>> = {
  "ContentPart.safeFrom(h)": (h) => ContentPart.safeFrom(h as never),
  "ContentPart.safeImage(h)": (h) => ContentPart.safeImage(h as never),
  "ContentPart.safeFrom(bytes, h)": (h) => ContentPart.safeFrom(new Uint8Array([1]), h as never),
};

const SAFE_SYNC: Record<string, (h: unknown) => unknown> = {
  "ToolResult.safeFromJSON(h)": (h) => ToolResult.safeFromJSON(h),
  "ToolResult.safeFromJSON({ output, metadata: h })": (h) => ToolResult.safeFromJSON({ output: "x", metadata: h }),
  "ToolResult.safeFromJSON({ output, parts: [h] })": (h) => ToolResult.safeFromJSON({ output: "x", parts: [h] }),
  "ContentPart.safeFromJSON(h)": (h) => ContentPart.safeFromJSON(h),
  "Request.safeFromJSON(h)": (h) => Request.safeFromJSON(h),
  "Request.safeFromJSON({ ..., data: h })": (h) => Request.safeFromJSON({ id: "r", kind: "k", prompt: "p", data: h }),
  "Answer.safeFromJSON(h)": (h) => Answer.safeFromJSON(h),
};

/**
 * What is wrong with a value an entry point returned, or undefined: a toolnexus value it returns must be a
 * genuine one (deep-frozen, written and read back equal), whatever look-alike it was given.
 */
function returnedProblem(out: unknown): string | undefined {
  const kinds: [(v: unknown) => boolean, { fromJSON(v: unknown): { equals(o: unknown): boolean } }][] = [
    [(v) => ToolResult.isToolResult(v), ToolResult],
    [(v) => ContentPart.isContentPart(v), ContentPart],
    [(v) => Request.isRequest(v), Request],
    [(v) => Answer.isAnswer(v), Answer],
  ];
  for (const [is, cls] of kinds) {
    if (!is(out)) continue;
    try {
      const back = cls.fromJSON(JSON.parse(JSON.stringify(out)));
      if (!back.equals(out)) return "the value it returned does not read back equal";
      return deepFrozen(out) ? undefined : "the value it returned is not deep-frozen";
    } catch (e) {
      return `the value it returned cannot be written and read back: ${describeThrown(e)}`;
    }
  }
  return undefined;
}

function deepFrozen(v: unknown, seen = new Set<object>()): boolean {
  if (typeof v !== "object" || v === null || seen.has(v)) return true;
  seen.add(v);
  if (!Object.isFrozen(v)) return false;
  return Reflect.ownKeys(v).every((k) => deepFrozen((v as Record<PropertyKey, unknown>)[k], seen));
}

/**
 * attempt() returns a ToolResult of the calling class as is, so a look-alike a tool body returns comes
 * back as it was given: the one pass-through of the trust boundary, stated in docs/trust.md
 * ("Guarantees, and every limit": "One pass-through remains, by design").
 */
const RETURNED_AS_IS = new Set(["ToolResult.attempt(() => h)"]);

/** What is wrong with one thrown value, or undefined when it is allowed. */
function verdict(e: unknown, recipe: { threw?: { value: unknown } }): string | undefined {
  if (recipe.threw !== undefined) return e === recipe.threw.value ? undefined : `the recipe threw, but something else surfaced: ${describeThrown(e)}`;
  if (!safeInstanceOf(e, ToolnexusError)) return `escaped: ${describeThrown(e)}`;
  const code: unknown = (e as ToolnexusError).code;
  return typeof code === "string" && code !== "" ? undefined : "a ToolnexusError without a code";
}

describe("no crash escapes from any entry point", () => {
  it.each(Object.keys(SYNC))("%s", async (name) => {
    const problems: string[] = [];
    for (const h of HOSTILE) {
      const recipe: { threw?: { value: unknown } } = {};
      try {
        let out = SYNC[name]!(h.make(), recipe);
        // attempt() returns a Promise for a thenable: it must settle to a result, never reject.
        if (out instanceof Promise) out = await out.catch((e: unknown) => problems.push(`${h.label}: rejected with ${describeThrown(e)}`));
        const p = RETURNED_AS_IS.has(name) ? undefined : returnedProblem(out);
        if (p !== undefined) problems.push(`${h.label}: ${p}`);
      } catch (e) {
        const v = verdict(e, recipe);
        if (v !== undefined) problems.push(`${h.label}: ${v}`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
  });

  it.each(Object.keys(ASYNC))("%s rejects with a ToolnexusError only", async (name) => {
    const problems: string[] = [];
    for (const h of HOSTILE) {
      try {
        await ASYNC[name]!(h.make());
      } catch (e) {
        const v = verdict(e, {});
        if (v !== undefined) problems.push(`${h.label}: ${v}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(SAFE_ASYNC))("%s never rejects", async (name) => {
    const problems: string[] = [];
    for (const h of HOSTILE) {
      try {
        const r = (await SAFE_ASYNC[name]!(h.make())) as { success: boolean; error?: unknown };
        if (!r.success && !safeInstanceOf(r.error, ToolnexusError)) problems.push(`${h.label}: error is ${describeThrown(r.error)}`);
      } catch (e) {
        problems.push(`${h.label}: rejected with ${describeThrown(e)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(SAFE_SYNC))("%s never throws", (name) => {
    const problems: string[] = [];
    for (const h of HOSTILE) {
      try {
        const r = SAFE_SYNC[name]!(h.make()) as { success: boolean; error?: unknown };
        if (!r.success && !safeInstanceOf(r.error, ToolnexusError)) problems.push(`${h.label}: error is ${describeThrown(r.error)}`);
      } catch (e) {
        problems.push(`${h.label}: threw ${describeThrown(e)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
