// The two static members Vercel Workflow's serializer calls, on each of the four classes: the value's JSON
// out, `this.fromJSON` in (so a registered subclass comes back as itself), and constructors left extensible
// (the engine's compiler defines `classId` on them).
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";

const SERIALIZE = Symbol.for("workflow-serialize");
const DESERIALIZE = Symbol.for("workflow-deserialize");

type Serde = { [SERIALIZE](value: unknown): unknown; [DESERIALIZE](data: unknown): unknown };

const request = new Request({ id: "r1", kind: "input", prompt: "Which environment?" });
const samples: [string, object, { toJSON(): unknown }][] = [
  ["ToolResult", ToolResult, ToolResult.pending(request, { metadata: { n: 1 } })],
  ["ContentPart", ContentPart, ContentPart.fromBytes(new Uint8Array([1, 2]), { mimeType: "application/octet-stream" })],
  ["Request", Request, request],
  ["Answer", Answer, Answer.output(request, "staging")],
];

describe("workflow-serialize / workflow-deserialize statics", () => {
  it.each(samples)("%s: serialize gives toJSON(), deserialize reads it back equal and frozen", (_name, cls, value) => {
    const serde = cls as unknown as Serde;
    const data = serde[SERIALIZE](value);
    expect(data).toEqual(value.toJSON());
    const back = serde[DESERIALIZE](JSON.parse(JSON.stringify(data))) as { equals(o: unknown): boolean };
    expect(Object.getPrototypeOf(back)).toBe(Object.getPrototypeOf(value));
    expect(Object.isFrozen(back)).toBe(true);
    expect(back.equals(value)).toBe(true);
  });

  it.each(samples)("%s: the constructor stays extensible, so the engine can define classId on it", (_name, cls) => {
    expect(Object.isExtensible(cls)).toBe(true);
    expect(Object.isFrozen(cls)).toBe(false);
  });

  it.each(samples)("%s: both statics are own, non-enumerable methods (invisible to Object.keys)", (_name, cls) => {
    for (const key of [SERIALIZE, DESERIALIZE]) {
      const d = Object.getOwnPropertyDescriptor(cls, key);
      expect(typeof d?.value).toBe("function");
      expect(d?.enumerable).toBe(false);
    }
  });

  it("deserialize called on a subclass gives the subclass (it calls this.fromJSON)", () => {
    class SearchResult extends ToolResult<{ hits: number }> {}
    const sent = SearchResult.ok("3 hits", { metadata: { hits: 3 } });
    const back = (SearchResult as unknown as Serde)[DESERIALIZE](sent.toJSON());
    expect(back).toBeInstanceOf(SearchResult);
    expect((back as SearchResult).equals(sent)).toBe(true);
  });

  it("a subclass inherits both statics (and so, in the engine, its parent's class id)", () => {
    class Sub extends Answer {}
    expect(Object.hasOwn(Sub, SERIALIZE)).toBe(false);
    expect((Sub as unknown as Serde)[SERIALIZE]).toBe((Answer as unknown as Serde)[SERIALIZE]);
  });
});
