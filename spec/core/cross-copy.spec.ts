// Two loaded copies of the package (here: the TypeScript source and the built CJS bundle, as with an ESM
// and a CJS copy side by side): brand checks see across them, and a value from the other copy is accepted
// wherever its type is expected and re-created as a local instance.
import { describe, expect, it } from "@jest/globals";
import { join } from "node:path";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const other = require(join(process.cwd(), "dist/cjs/index.cjs")) as typeof import("toolnexus");

describe("a second loaded copy of the package", () => {
  it("is really another copy", () => {
    expect(other.ToolResult).not.toBe(ToolResult);
  });

  it("brand checks work across copies, both ways", () => {
    expect(ToolResult.isToolResult(other.ToolResult.ok("x"))).toBe(true);
    expect(other.ToolResult.isToolResult(ToolResult.ok("x"))).toBe(true);
    expect(ContentPart.isContentPart(other.ContentPart.text("x"))).toBe(true);
    expect(Request.isRequest(other.Request.create({ kind: "input", prompt: "p" }))).toBe(true);
    expect(Answer.isAnswer(other.Answer.accept("r1"))).toBe(true);
    expect(Request.isRequest(other.Answer.accept("r1"))).toBe(false);
  });

  it("fromJSON re-creates a foreign result as a local one", () => {
    const foreign = other.ToolResult.pending(
      { kind: "input", prompt: "p" },
      { parts: [other.ContentPart.text("t")], metadata: { n: 1 } },
    );
    const local = ToolResult.fromJSON(foreign);
    expect(local).toBeInstanceOf(ToolResult);
    expect(local.parts![0]).toBeInstanceOf(ContentPart);
    expect(local.pending).toBeInstanceOf(Request);
    expect(JSON.stringify(local)).toBe(JSON.stringify(foreign));
    expect(local.equals(foreign)).toBe(false); // another prototype
    expect(local.equals(ToolResult.fromJSON(JSON.parse(JSON.stringify(foreign))))).toBe(true);
  });

  it("foreign parts and requests are accepted where their type is expected", () => {
    const part = other.ContentPart.text("t");
    const r = new ToolResult({ parts: [part] });
    expect(r.parts![0]).toBeInstanceOf(ContentPart);
    expect(ContentPart.fromJSON(part)).toBeInstanceOf(ContentPart);
    const req = other.Request.create({ kind: "approval", prompt: "ok?" });
    const paused = ToolResult.pending(req);
    expect(paused.pending).toBeInstanceOf(Request);
    expect(paused.pending!.id).toBe(req.id);
    const viaMeta = ToolResult.error("x", { metadata: { pending: req } });
    expect(viaMeta.pending).toBeInstanceOf(Request);
    expect(Answer.accept(req).answers(paused.pending!)).toBe(true);
    expect(Answer.accept(paused.pending!).answers(req)).toBe(true);
  });

  it("attempt re-creates a foreign result returned by the tool", () => {
    const r = ToolResult.attempt(() => other.ToolResult.ok("from the other copy"));
    expect(r).toBeInstanceOf(ToolResult);
    expect(r.output).toBe("from the other copy");
  });
});
