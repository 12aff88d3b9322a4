// Vercel Workflow's own serializer (@workflow/core, ES modules only), without its compiler: the classes a
// build would register are registered with `registerSerializationClass`, then a step's return value goes
// through `dehydrateStepReturnValue` / `hydrateStepReturnValue`, as the engine does between a step and the
// workflow that awaits it.
//
// The compiler registers a class when the class body holds the literal static members
// `[Symbol.for('workflow-serialize')]` / `[Symbol.for('workflow-deserialize')]`; `discovered` below applies
// its detection pattern to each class's own source text, so a subclass that does not re-declare the two
// statics is not registered here either, as in a real build.
import { beforeAll, describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { importEsm } from "../support/esm";

type Serialization = typeof import("@workflow/core/serialization");
type ClassSerialization = typeof import("@workflow/core/class-serialization");

/** The compiler's test for a serde class (single or double quotes), applied to one class body's own text. */
const SERDE = /Symbol\.for\s*\(\s*(['"])workflow-(serialize|deserialize)\1\s*\)/g;
function discovered(cls: abstract new (...args: never[]) => unknown): boolean {
  const found = new Set([...Function.prototype.toString.call(cls).matchAll(SERDE)].map((m) => m[2]));
  return found.has("serialize") && found.has("deserialize");
}

/** A subclass as most people write it first: no re-declaration. */
class SearchResult extends ToolResult<{ hits: number }> {
  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
}

/** The same subclass with the two-line re-declaration the README shows. */
class RegisteredSearchResult extends ToolResult<{ hits: number }> {
  static [Symbol.for("workflow-serialize")](value: ToolResult<{ hits: number }>) { return value.toJSON(); }
  static [Symbol.for("workflow-deserialize")](data: unknown) { return this.fromJSON(data); }

  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
}

let serialization: Serialization;
const registered: string[] = [];

beforeAll(async () => {
  serialization = await importEsm<Serialization>("@workflow/core/serialization");
  const { registerSerializationClass } = await importEsm<ClassSerialization>("@workflow/core/class-serialization");
  // What a build would register: every class the compiler discovers, with an id naming package and version.
  const classes = { ToolResult, ContentPart, Request, Answer, SearchResult, RegisteredSearchResult };
  for (const [name, cls] of Object.entries(classes)) {
    if (!discovered(cls)) continue;
    registerSerializationClass(`class//toolnexus@0.1.0//${name}`, cls);
    registered.push(name);
  }
});

async function throughAStep<T>(value: T): Promise<T> {
  const stored = await serialization.dehydrateStepReturnValue(value, "run-1", undefined);
  return (await serialization.hydrateStepReturnValue(stored, "run-1", undefined)) as T;
}

const request = new Request({ id: "req-1", kind: "approval", prompt: "Open the 3 results?", data: { query: "durable" } });

describe("Vercel Workflow serialization", () => {
  it("the compiler's pattern finds the four classes, and the re-declaring subclass, but not the plain subclass", () => {
    expect(registered).toEqual(["ToolResult", "ContentPart", "Request", "Answer", "RegisteredSearchResult"]);
  });

  it("a pending SearchResult (re-declared) arrives frozen, of its class, equal to what was sent", async () => {
    const sent = RegisteredSearchResult.pending(request, { metadata: { hits: 3 } });
    const back = await throughAStep(sent);
    expect(Object.getPrototypeOf(back)).toBe(RegisteredSearchResult.prototype);
    expect(Object.isFrozen(back)).toBe(true);
    expect(back.equals(sent)).toBe(true);
    expect(back.hits).toBe(3);
    expect(back.pending).toBeInstanceOf(Request);
    expect(Answer.accept(back.pending!).answers(request)).toBe(true);
  });

  it.each([
    ["a ToolResult with parts", ToolResult.ok("x", { parts: [ContentPart.text("t")], metadata: { a: [1] } })],
    ["a ContentPart", ContentPart.fromBytes(new Uint8Array([1, 2, 3]), { mimeType: "application/octet-stream" })],
    ["a Request", request],
    ["an Answer", Answer.decline(request, "expired")],
  ])("%s arrives frozen, of its class, equal", async (_name, sent) => {
    const back = await throughAStep({ nested: [sent] });
    expect(Object.getPrototypeOf(back.nested[0])).toBe(Object.getPrototypeOf(sent));
    expect(Object.isFrozen(back.nested[0])).toBe(true);
    expect((back.nested[0] as typeof sent).equals(sent as never)).toBe(true);
  });

  it("silent fallback: a subclass without the re-declaration comes back as its parent, with no error", async () => {
    const sent = SearchResult.ok("3 hits", { metadata: { hits: 3 } });
    const back = await throughAStep(sent);
    expect(back).toBeInstanceOf(ToolResult);
    expect(back).not.toBeInstanceOf(SearchResult);
    expect((back as { hits?: number }).hits).toBeUndefined();
    expect(back.toJSON()).toEqual(sent.toJSON()); // the data survived; the class did not
  });

  it("the fix: the same subclass with the two static members comes back as itself", async () => {
    const back = await throughAStep(RegisteredSearchResult.ok("3 hits", { metadata: { hits: 3 } }));
    expect(back).toBeInstanceOf(RegisteredSearchResult);
    expect(back.hits).toBe(3);
  });

  it("the statics without a registration (no compiler run over the file) fall back to the parent too", async () => {
    class Unregistered extends ToolResult {
      static [Symbol.for("workflow-serialize")](value: ToolResult) { return value.toJSON(); }
      static [Symbol.for("workflow-deserialize")](data: unknown) { return this.fromJSON(data); }
    }
    // Its inherited classId is ToolResult's, so it is written as a ToolResult: the fallback above.
    const back = await throughAStep(Unregistered.ok("x"));
    expect(Object.getPrototypeOf(back)).toBe(ToolResult.prototype);
  });
});
