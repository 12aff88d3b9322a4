// Values from another loaded copy of the package (the CJS build, loaded in a fresh module registry):
// recognised by their brand everywhere, printed like local ones, and never equal to a local value
// (`equals` compares prototypes, and the testers agree with it).
import { describe, expect, it, jest } from "@jest/globals";
import { createRequire } from "node:module";
import { join } from "node:path";
import { format } from "pretty-format";
import "toolnexus/testing/setup";
import { ContentPart, ToolResult } from "toolnexus";
import { snapshotSerializer } from "toolnexus/testing";
import { failureOf } from "./support";

type Core = typeof import("toolnexus");
type Testing = typeof import("toolnexus/testing");

const load = createRequire(join(process.cwd(), "package.json"));
let other!: Core;
let otherTesting!: Testing;
jest.isolateModules(() => {
  other = load("./dist/cjs/index.cjs") as Core;
  otherTesting = load("./dist/cjs/testing.cjs") as Testing;
});

const payload = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v";
const chart = (core: Core) => core.ToolResult.ok("chart", { parts: [core.ContentPart.fromJSON({ type: "image", mimeType: "image/png", data: payload })], metadata: { a: 1, b: 2 } });
const print = (v: unknown) => format(v, { plugins: [snapshotSerializer] });

describe("values from another copy of toolnexus", () => {
  it("really are from another copy", () => {
    expect(other.ToolResult).not.toBe(ToolResult);
    expect(ToolResult.isToolResult(other.ToolResult.ok("x"))).toBe(true);
  });

  it("pass and fail the matchers like local values", () => {
    expect(other.ToolResult.ok("x")).toBeOk();
    expect(other.ToolResult.error("x")).toBeError();
    expect(other.ToolResult.pending({ kind: "approval", prompt: "p" })).toBePending("approval");
    expect(chart(other)).toHaveParts(1);
    expect(chart(other)).toHaveOutput("chart");
    expect(failureOf(() => expect(chart(other)).toBeError())).not.toContain(payload);
  });

  it("equal values of their own copy, metadata key order ignored", () => {
    expect(chart(other)).toEqual(other.ToolResult.ok("chart", { parts: chart(other).parts, metadata: { b: 2, a: 1 } }));
    expect([other.ContentPart.text("a")]).toContainEqual(other.ContentPart.text("a"));
  });

  it("never equal a local value, and the failure names the class", () => {
    expect(chart(other)).not.toEqual(chart({ ToolResult, ContentPart } as Core));
    const message = failureOf(() => expect(chart(other)).toEqual(chart({ ToolResult, ContentPart } as Core)));
    expect(message).toContain("Differing fields: class (two different ToolResult classes");
    expect(message).not.toContain(payload.slice(0, 16));
  });

  it("print exactly like local values", () => {
    expect(print(chart(other))).toBe(print(chart({ ToolResult, ContentPart } as Core)));
    expect(print(chart(other))).not.toContain(payload);
  });

  it("come with helpers that see the helpers already installed", () => {
    expect(otherTesting.install(expect)).toBe(false);
    expect(otherTesting.snapshotSerializer.test(ToolResult.ok("x"))).toBe(true);
    expect(otherTesting.toolnexusEquality(ToolResult.ok("x"), ToolResult.ok("x"), [])).toBe(true);
  });
});
