// toolnexus/testing/setup: what it registers, that toEqual and toStrictEqual keep their meaning, that a
// second install is a no-op, and the error it gives where Jest provides no global `expect`.
import { describe, expect, it, jest } from "@jest/globals";
import "toolnexus/testing/setup";
import { ContentPart, ToolResult } from "toolnexus";
import { install } from "toolnexus/testing";
import { failureOf, SearchResult } from "./support";

const payload = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v";
const withPart = (data: string) => ToolResult.ok("x", { parts: [ContentPart.fromJSON({ type: "image", mimeType: "image/png", data })] });

describe("toolnexus/testing/setup", () => {
  it("registers the five matchers, also as asymmetric matchers", () => {
    for (const name of ["toBeOk", "toBeError", "toBePending", "toHaveOutput", "toHaveParts"]) {
      expect(typeof (expect as unknown as Record<string, unknown>)[name]).toBe("function");
      expect(typeof (expect.not as unknown as Record<string, unknown>)[name]).toBe("function");
    }
    expect(ToolResult.ok("x")).toBeOk();
  });

  it("registers the equality testers: the class counts in toEqual", () => {
    expect(SearchResult.ok("x")).not.toEqual(ToolResult.ok("x"));
    expect(SearchResult.ok("x")).toEqual(SearchResult.ok("x"));
  });

  it("registers the snapshot serializer", () => {
    expect(withPart(payload)).toMatchSnapshot();
  });

  it("keeps the verdicts of toEqual and toStrictEqual on plain values", () => {
    expect({ a: 1, b: undefined }).toEqual({ a: 1 });
    expect({ a: 1, b: undefined }).not.toStrictEqual({ a: 1 });
    expect([, 1]).toEqual([undefined, 1]);
    expect([, 1]).not.toStrictEqual([undefined, 1]);
    expect(new Set([1, 2])).toEqual(new Set([2, 1]));
    expect({ n: 1 }).toEqual({ n: expect.any(Number) });
    class Point {
      constructor(readonly x: number) {}
    }
    expect(new Point(1)).toEqual({ x: 1 });
    expect(new Point(1)).not.toStrictEqual({ x: 1 });
  });

  it("keeps the verdicts of toEqual and toStrictEqual on toolnexus values inside plain ones", () => {
    expect({ r: withPart(payload), n: [1] }).toEqual({ r: withPart(payload), n: [1] });
    expect({ r: withPart(payload) }).toStrictEqual({ r: withPart(payload) });
    expect({ r: withPart(payload), extra: undefined }).not.toStrictEqual({ r: withPart(payload) });
  });

  it("prints part data by size in toEqual and toStrictEqual failures, also under .resolves", async () => {
    const other = payload.slice(0, -4) + "LS4w";
    for (const message of [
      failureOf(() => expect(withPart(payload)).toEqual(withPart(other))),
      failureOf(() => expect(withPart(payload)).toStrictEqual(withPart(other))),
      failureOf(() => expect([withPart(payload)]).not.toEqual([withPart(payload)])),
    ]) {
      expect(message).not.toContain(payload.slice(0, 16));
      expect(message).toMatch(/<48 bytes, digest [0-9a-f]{8}>/);
    }
    const rejected = await expect(Promise.resolve(withPart(payload))).resolves.toEqual(withPart(other)).then(
      () => "passed",
      (e: Error) => e.message,
    );
    expect(rejected).toContain(".resolves.toEqual");
    expect(rejected).not.toContain(payload.slice(0, 16));
  });

  it("is installed once per test file: a second install does nothing", () => {
    expect(install(expect)).toBe(false);
    expect(SearchResult.ok("x")).not.toEqual(ToolResult.ok("x"));
    expect(failureOf(() => expect(withPart(payload)).toEqual(ToolResult.ok("y")))).not.toContain(payload.slice(0, 16));
  });

  it("says what to do when there is no global expect", async () => {
    const g = globalThis as { expect?: unknown };
    const saved = g.expect;
    delete g.expect;
    try {
      let error: unknown;
      await jest.isolateModulesAsync(async () => {
        await import("toolnexus/testing/setup").catch((e: unknown) => {
          error = e;
        });
      });
      expect(String(error)).toContain("toolnexus/testing/setup found no global `expect`");
      expect(String(error)).toContain("install(expect)");
    } finally {
      g.expect = saved;
    }
  });
});
