// Type tests: this file is type-checked by the `src` project (ts-jest with diagnostics on). Every line
// marked `@ts-expect-error` must fail to compile; an unused one is itself a compile error.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult, type DeepReadonly, type PendingResult, type SafeResult, type ValidationError } from "toolnexus";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | void {}

class SearchResult extends ToolResult<{ title: string; count: number; ids: string[] }> {
  get count(): number {
    return this.metadata?.count ?? 0;
  }
}

describe("types", () => {
  it("statics are typed on this", () => {
    const s = SearchResult.ok("x", { metadata: { title: "t", count: 1, ids: [] } });
    assertType<Equal<typeof s, SearchResult>>();
    assertType<Equal<ReturnType<typeof SearchResult.fromJSON<SearchResult>>, SearchResult>>();
    const e = SearchResult.error("e");
    assertType<Equal<typeof e, SearchResult>>();
    const p = SearchResult.pending({ kind: "input", prompt: "p" });
    assertType<Equal<typeof p, PendingResult<SearchResult>>>();
    const asClass: SearchResult = p;
    expect(asClass).toBe(p);
    const j = SearchResult.json([1]);
    assertType<Equal<typeof j, SearchResult>>();
    const copy = s.withOutput("y").mergeMetadata({ count: 2 });
    assertType<Equal<typeof copy, SearchResult>>();
    const safe = SearchResult.safeFromJSON({});
    assertType<Equal<typeof safe, SafeResult<SearchResult>>>();
    // Both branches of the union are checked by the compiler whatever the value; `{}` is no result, so the
    // failure branch is the one that runs.
    if (safe.success) assertType<Equal<typeof safe.data, SearchResult>>();
    else assertType<Equal<typeof safe.error, ValidationError>>();
    expect(safe.success).toBe(false);

    // Metadata types are checked by the compiler only: at run time any JSON data is accepted.
    // @ts-expect-error: metadata is typed through the generic
    expect(SearchResult.ok("x", { metadata: { title: "t", count: "1", ids: [] } }).metadata?.count).toBe("1");
    expect(() => {
      // @ts-expect-error: output must be a string
      ToolResult.ok(1);
    }).toThrow();
    expect(() => {
      // @ts-expect-error: ok() takes only parts and metadata
      ToolResult.ok("x", { isError: true });
    }).toThrow();
    expect(s.count).toBe(1);
  });

  it("plain ToolResult statics give ToolResult with loose metadata", () => {
    const r = ToolResult.ok("x", { metadata: { retries: 0 } });
    assertType<Equal<typeof r, ToolResult>>();
    const next = r.withMetadata((m) => {
      m.retries += 1;
    });
    assertType<Equal<typeof next, ToolResult>>();
    expect(next.metadata?.retries).toBe(1);
  });

  it("fields are read-only, deeply", () => {
    const s = SearchResult.ok("x", { metadata: { title: "t", count: 1, ids: ["a"] } });
    expect(() => {
      // @ts-expect-error: readonly field
      s.output = "y";
    }).toThrow();
    expect(() => {
      // @ts-expect-error: deeply readonly metadata
      s.metadata!.ids.push("b");
    }).toThrow();
    expect(() => {
      // @ts-expect-error: deeply readonly metadata
      s.metadata!.count = 2;
    }).toThrow();
    assertType<Equal<typeof s.metadata, DeepReadonly<{ title: string; count: number; ids: string[] }> | null>>();
    const req = Request.create({ kind: "approval", prompt: "p" });
    expect(() => {
      // @ts-expect-error: readonly field
      req.id = "x";
    }).toThrow();
    const part = ContentPart.text("t");
    expect(() => {
      // @ts-expect-error: readonly field
      part.text = "u";
    }).toThrow();
  });

  it("attempt follows the function's return type", async () => {
    const sync = ToolResult.attempt(() => "x");
    assertType<Equal<typeof sync, ToolResult>>();
    const thrown = ToolResult.attempt(() => {
      throw new Error("e");
    });
    assertType<Equal<typeof thrown, ToolResult>>();
    const async = ToolResult.attempt(async () => "x");
    assertType<Equal<typeof async, Promise<ToolResult>>>();
    const sub = SearchResult.attempt(async () => 1);
    assertType<Equal<typeof sub, Promise<SearchResult>>>();
    expect((await async).output).toBe("x");
  });

  it("answers and parts", async () => {
    expect(() => {
      // @ts-expect-error: not a reason
      Answer.decline("r1", "busy");
    }).toThrow();
    expect(() => {
      // @ts-expect-error: the output must be a string
      Answer.output("r1", 3);
    }).toThrow();
    const img = ContentPart.image(new Uint8Array([1]));
    assertType<Equal<typeof img, Promise<ContentPart>>>();
    await img.catch(() => undefined);
    const safe = await ContentPart.safeImage(new Uint8Array([1]));
    expect(safe.success).toBe(false);
    expect(safe.success ? "no error" : safe.error.code).toBe("unknown-mime");
    // The kind vocabulary is open: any string is a kind (a compile-time check: `tsc` fails if the type closes),
    // and the well-known kinds stay named in it (editors offer them).
    assertType<string extends Request["kind"] ? true : false>();
    assertType<Equal<Extract<Request["kind"], "approval" | "input">, "approval" | "input">>();
    expect(Request.create({ kind: "anything-goes", prompt: "p" }).kind).toBe("anything-goes");
  });
});
