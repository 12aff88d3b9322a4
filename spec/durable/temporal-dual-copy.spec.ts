// Two loaded copies of the package side by side (here the TypeScript source and the built CommonJS bundle,
// as the ESM and the CJS copy can sit in one Temporal workflow bundle): each copy's converter recognises the
// other copy's values by their brand, checks them, and reads payloads back as its own classes.
import { describe, expect, it } from "@jest/globals";
import { join } from "node:path";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { payloadConverter } from "toolnexus/temporal";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const other = require(join(process.cwd(), "dist/cjs/index.cjs")) as typeof import("toolnexus");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const otherTemporal = require(join(process.cwd(), "dist/cjs/temporal.cjs")) as typeof import("toolnexus/temporal");

const text = (p: { data?: Uint8Array | null }): string => new TextDecoder().decode(p.data!);

describe("toolnexus/temporal with two copies of the package", () => {
  it("is really another copy", () => {
    expect(other.ToolResult).not.toBe(ToolResult);
    expect(otherTemporal.payloadConverter).not.toBe(payloadConverter);
  });

  it("this copy's converter writes the other copy's values as tagged values, and reads them back as its own", () => {
    const foreign = {
      r: other.ToolResult.pending({ id: "q", kind: "approval", prompt: "ok?" }, { parts: [other.ContentPart.text("t")] }),
      p: other.ContentPart.text("x"),
      q: other.Request.create({ kind: "input", prompt: "p" }),
      a: other.Answer.accept("q"),
    };
    const payload = payloadConverter.toPayload(foreign);
    expect(JSON.parse(text(payload))).toEqual({
      r: { $toolnexus: "ToolResult", value: foreign.r.toJSON() },
      p: { $toolnexus: "ContentPart", value: foreign.p.toJSON() },
      q: { $toolnexus: "Request", value: foreign.q.toJSON() },
      a: { $toolnexus: "Answer", value: foreign.a.toJSON() },
    });
    const back = payloadConverter.fromPayload<{ r: ToolResult; p: ContentPart; q: Request; a: Answer }>(payload);
    expect(back.r).toBeInstanceOf(ToolResult);
    expect(back.r.pending).toBeInstanceOf(Request);
    expect(back.p).toBeInstanceOf(ContentPart);
    expect(back.q).toBeInstanceOf(Request);
    expect(back.a).toBeInstanceOf(Answer);
    expect(JSON.stringify(back)).toBe(JSON.stringify(foreign));
  });

  it("the other copy's converter does the same with this copy's values", () => {
    const ours = [ToolResult.ok("x", { metadata: { k: 1 } }), Answer.decline("r", "expired")];
    const back = otherTemporal.payloadConverter.fromPayload<unknown[]>(otherTemporal.payloadConverter.toPayload(ours));
    expect(back[0]).toBeInstanceOf(other.ToolResult);
    expect(back[1]).toBeInstanceOf(other.Answer);
    expect(JSON.stringify(back)).toBe(JSON.stringify(ours));
  });

  it("payloads are interchangeable: one copy writes, the other reads", () => {
    const sent = ToolResult.pending({ id: "r9", kind: "input", prompt: "Which?" });
    const back = otherTemporal.payloadConverter.fromPayload<ToolResult>(payloadConverter.toPayload(sent));
    expect(back).toBeInstanceOf(other.ToolResult);
    expect(ToolResult.fromJSON(back).equals(sent)).toBe(true);
  });

  it("a subclass of the other copy registers with this copy's converter and comes back as itself", async () => {
    class ForeignSearch extends other.ToolResult<{ hits: number }> {}
    const { createPayloadConverter } = await import("toolnexus/temporal");
    const converter = createPayloadConverter({ classes: { ForeignSearch } });
    const sent = ForeignSearch.ok("3", { metadata: { hits: 3 } });
    const back = converter.fromPayload<ForeignSearch>(converter.toPayload(sent));
    expect(back).toBeInstanceOf(ForeignSearch);
    expect(back.equals(sent)).toBe(true);
  });
});
