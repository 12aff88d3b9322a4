import { describe, expect, it } from "@jest/globals";
import { ToolResult } from "toolnexus";

describe("the package loads", () => {
  it("builds an empty success", () => {
    const r = new ToolResult();
    expect(r.output).toBe("");
    expect(Object.isFrozen(r)).toBe(true);
  });
});
