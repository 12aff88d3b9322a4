// Subclasses survive every creation path; what they cannot do fails loudly, with the error shown here.
import { describe, expect, it } from "@jest/globals";
import { ToolResult } from "toolnexus";

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
