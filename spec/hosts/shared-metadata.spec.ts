// toLangChain's copy of metadata that holds one object in many places (a DAG, as the library shares its own
// frozen subtrees): each object is copied once, and the copy shares where the metadata shares (docs/hosts/langchain.md). Not timed: sharing is checked by identity, which a copy per place would lose.
import { describe, expect, it } from "@jest/globals";
import { ToolResult } from "toolnexus";
import { fromLangChain, toLangChain } from "toolnexus/providers";

/** Metadata of `depth` levels, each `{ a: below, b: below }` with the level below shared: 2^depth leaves as JSON. */
function dagResult(depth: number): ToolResult {
  let r = ToolResult.ok("leaf", { metadata: { leaf: [1, "x"] } });
  for (let i = 0; i < depth; i++) r = ToolResult.ok("dag", { metadata: { a: r.metadata, b: r.metadata } });
  return r;
}

describe("toLangChain on shared metadata", () => {
  it("copies each shared object once: the copy shares it as the metadata does, at every depth", () => {
    const r = dagResult(16);
    const copy = toLangChain(r, { toolCallId: "call_1" }).artifact.toolnexus.metadata as Record<string, Record<string, unknown>>;
    let level: Record<string, unknown> = copy;
    for (let i = 0; i < 16; i++) {
      expect(level.a).toBe(level.b);
      expect(Object.isFrozen(level)).toBe(false);
      level = level.a as Record<string, unknown>;
    }
    expect(level).toEqual({ leaf: [1, "x"] });
  });

  it("gives the result back whole", () => {
    const r = dagResult(12);
    const fields = toLangChain(r, { toolCallId: "call_1" });
    expect(fromLangChain(fields).equals(r)).toBe(true);
  });
});
