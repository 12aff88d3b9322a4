// Parts on a ToolResult: accepted as parts or JSON shapes, frozen, omitted from JSON when null, revived by
// fromJSON, compared in order; withParts and addParts (fixtures/parts/tool-result.json).
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ContentPartError, ToolResult, ValidationError, type ContentPartJSON } from "toolnexus";
import { loadJSON } from "../support/fixtures";

interface Table {
  parts: Record<string, ContentPartJSON>;
  equality: { why: string; a: string[] | null; b: string[] | null; equal: boolean }[];
  wire: { why: string; init: { output: string; isError?: boolean; parts?: string[] | null; metadata?: Record<string, unknown> }; json: string }[];
}
const TABLE = loadJSON<Table>("parts/tool-result.json");
const json = (name: string): ContentPartJSON => {
  const p = TABLE.parts[name];
  if (!p) throw new Error(`tool-result.json: no part ${name}`);
  return JSON.parse(JSON.stringify(p)) as ContentPartJSON;
};
const part = (name: string) => ContentPart.fromJSON(json(name));
const list = (names: string[] | null) => (names === null ? null : names.map(json));

class Shot extends ToolResult<{ tool: string }> {
  get first(): ContentPart | undefined {
    return this.parts?.[0];
  }
}

describe("parts accepts ContentParts or their JSON shapes", () => {
  it("in every door, mixed in one list, giving ContentPart instances", () => {
    const given = [part("caption"), json("png"), json("pdfUrl")];
    const results = [
      new ToolResult({ output: "x", parts: given }),
      ToolResult.ok("x", { parts: given }),
      ToolResult.error("x", { parts: given }).withIsError(false),
      ToolResult.ok("x").withParts(given),
      ToolResult.ok("x").addParts(...given),
      ToolResult.ok("x").with({ parts: given }),
      ToolResult.fromJSON({ output: "x", parts: given }),
    ];
    for (const r of results) {
      expect(r.parts).toHaveLength(3);
      for (const p of r.parts!) expect(p).toBeInstanceOf(ContentPart);
      expect(r.parts!.map((p) => p.summary())).toEqual(["a chart of the week", "image (image/png, 82 bytes)", "file (application/pdf, url)"]);
      expect(r.equals(results[0])).toBe(true);
    }
  });

  it("a ContentPart given is kept as is (it is frozen already)", () => {
    const p = part("png");
    expect(ToolResult.ok("x", { parts: [p] }).parts![0]).toBe(p);
  });

  it("the JSON shapes may be spelled loosely and are stored canonical", () => {
    const r = ToolResult.ok("x", { parts: [json("pngUnpadded")] });
    expect(r.parts![0]!.equals(part("png"))).toBe(true);
    expect(r.parts![0]!.mimeType).toBe("image/png");
  });

  it("a bad entry is a ContentPartError (a ValidationError too) naming its index", () => {
    const bad = { type: "image", mimeType: "image/png", data: "@@" };
    for (const attempt of [
      () => ToolResult.ok("x", { parts: [json("caption"), json("png"), bad as never] }),
      () => ToolResult.ok("x", { parts: [json("caption"), json("png")] }).addParts(bad as never),
      () => ToolResult.ok("x", { parts: [json("caption")] }).addParts(json("png"), bad as never),
    ]) {
      let e: unknown;
      try {
        attempt();
      } catch (err) {
        e = err;
      }
      expect(e).toBeInstanceOf(ContentPartError);
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ContentPartError).path).toBe("parts[2].data");
    }
  });

  it("parts that are not an array, or an array with holes, are ValidationErrors", () => {
    const cases: [unknown, string, string][] = [
      ["x", "invalid-type", "parts"],
      [{ 0: json("caption"), length: 1 }, "invalid-type", "parts"],
      [[json("caption"), null], "invalid-type", "parts[1]"],
      // eslint-disable-next-line no-sparse-arrays
      [[json("caption"), , json("png")], "invalid-value", "parts[1]"],
    ];
    for (const [parts, code, path] of cases) {
      const r = ToolResult.safeFromJSON({ output: "x", parts });
      expect(r.success).toBe(false);
      expect(r.error).toBeInstanceOf(ValidationError);
      expect({ code: r.error!.code, path: r.error!.path }).toEqual({ code, path });
    }
  });
});

describe("parts are frozen, and the caller's list is neither frozen nor kept", () => {
  it("the list and every part are frozen", () => {
    const r = ToolResult.ok("x", { parts: [json("caption"), part("png")] });
    expect(Object.isFrozen(r.parts)).toBe(true);
    for (const p of r.parts!) expect(Object.isFrozen(p)).toBe(true);
    expect(() => (r.parts as ContentPart[]).push(part("clip"))).toThrow(TypeError);
    expect(() => {
      (r.parts![1] as { data?: string }).data = "AAAA";
    }).toThrow(TypeError);
    expect(r.parts![1]!.data).toBe((TABLE.parts.png as { data: string }).data);
  });

  it("the caller's array stays theirs", () => {
    const mine = [json("caption"), json("png")];
    const r = ToolResult.ok("x", { parts: mine });
    expect(Object.isFrozen(mine)).toBe(false);
    expect(Object.isFrozen(mine[1])).toBe(false);
    mine.push(json("clip"));
    mine[0] = json("pdfUrl");
    expect(r.parts!.map((p) => p.type)).toEqual(["text", "image"]);
  });

  it("an empty list, null and no parts at all are all stored as null", () => {
    for (const r of [ToolResult.ok("x"), ToolResult.ok("x", { parts: [] }), ToolResult.ok("x", { parts: null }), new ToolResult({ parts: [] })]) {
      expect(r.parts).toBeNull();
    }
  });
});

describe("equals compares parts in order", () => {
  it.each(TABLE.equality)("$why: $equal", ({ a, b, equal }) => {
    const ra = ToolResult.ok("x", { parts: list(a) });
    const rb = ToolResult.ok("x", { parts: list(b) });
    expect(ra.equals(rb)).toBe(equal);
    expect(rb.equals(ra)).toBe(equal);
  });
});

describe("the wire: parts omitted when null, revived by fromJSON", () => {
  it.each(TABLE.wire)("$why", ({ init, json: text }) => {
    const r = new ToolResult({ ...init, parts: init.parts === undefined ? undefined : list(init.parts ?? null) });
    expect(JSON.stringify(r)).toBe(text);
    const back = ToolResult.fromJSON(JSON.parse(text));
    expect(back.equals(r)).toBe(true);
    expect(JSON.stringify(back)).toBe(text);
    if (back.parts !== null) for (const p of back.parts) expect(p).toBeInstanceOf(ContentPart);
  });

  it("a result from before parts existed reads as one without parts", () => {
    expect(ToolResult.fromJSON({ output: "old", isError: false }).parts).toBeNull();
  });

  it("toJSON gives the parts' JSON shapes, not the instances", () => {
    const out = ToolResult.ok("x", { parts: [json("png")] }).toJSON();
    expect(out.parts![0]).not.toBeInstanceOf(ContentPart);
    expect(out.parts![0]).toEqual(TABLE.parts.png);
  });
});

describe("withParts and addParts", () => {
  const base = Shot.ok("x", { parts: [json("caption")], metadata: { tool: "shot" } });

  it("withParts replaces the parts and leaves the receiver untouched", () => {
    const next = base.withParts([json("png")]);
    expect(next).toBeInstanceOf(Shot);
    expect(next.first!.type).toBe("image");
    expect(next.parts).toHaveLength(1);
    expect(base.parts!.map((p) => p.type)).toEqual(["text"]);
    expect(next.metadata).toEqual({ tool: "shot" });
  });

  it("withParts(null) and withParts([]) remove them", () => {
    expect(base.withParts(null).parts).toBeNull();
    expect(base.withParts([]).parts).toBeNull();
    expect(JSON.stringify(base.withParts(null))).not.toContain("parts");
  });

  it("addParts appends in order, to a result with or without parts", () => {
    const next = base.addParts(json("png"), part("clip"));
    expect(next).toBeInstanceOf(Shot);
    expect(next.parts!.map((p) => p.type)).toEqual(["text", "image", "audio"]);
    expect(base.parts).toHaveLength(1);
    expect(Object.isFrozen(next.parts)).toBe(true);
    expect(Shot.ok("y").addParts(json("png")).parts!.map((p) => p.type)).toEqual(["image"]);
  });

  it("addParts() with nothing keeps the parts, in a new frozen instance", () => {
    const next = base.addParts();
    expect(next).not.toBe(base);
    expect(next.equals(base)).toBe(true);
    expect(Object.isFrozen(next)).toBe(true);
  });

  it("with(recipe) may push a part's JSON onto the draft", () => {
    const next = base.with((d) => {
      d.parts.push(json("pdfUrl"));
    });
    expect(next.parts!.map((p) => p.type)).toEqual(["text", "file"]);
    expect(next.parts![1]).toBeInstanceOf(ContentPart);
  });

  it("estimatedTokens follows the parts", () => {
    expect(base.estimatedTokens).toBe(1 + 5);
    expect(base.addParts(json("png")).estimatedTokens).toBe(1 + 5 + 85);
  });

  it("a pending result holds parts too", () => {
    const r = ToolResult.pending({ kind: "approval", prompt: "Send it?" }, { parts: [json("png")] });
    expect(r.isPending).toBe(true);
    expect(r.parts![0]!.summary()).toBe("image (image/png, 82 bytes)");
  });
});
