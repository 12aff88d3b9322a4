// Without toolnexus/testing/setup: each helper registered by hand works on its own, and Jest's own toEqual
// prints part payloads in full, which is why the setup replaces it (install() does the same here).
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolResult } from "toolnexus";
import { equalityTesters, install, matchers, snapshotSerializer } from "toolnexus/testing";
import { failureOf, SearchResult } from "./support";

const payload = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v";
const withPart = (data: string) => ToolResult.ok("x", { parts: [ContentPart.fromJSON({ type: "image", mimeType: "image/png", data })] });
const other = payload.slice(0, -4) + "LS4w";

describe("the helpers registered by hand", () => {
  it("without the testers, Jest's toEqual ignores the class", () => {
    expect(SearchResult.ok("x")).toEqual(ToolResult.ok("x"));
  });

  it("expect.addEqualityTesters(equalityTesters) makes the class count", () => {
    expect.addEqualityTesters(equalityTesters);
    expect(SearchResult.ok("x")).not.toEqual(ToolResult.ok("x"));
  });

  it("expect.extend(matchers) adds the matchers", () => {
    expect.extend(matchers);
    expect(ToolResult.error("no")).toBeError();
    expect(ToolResult.ok("yes")).toHaveOutput("yes");
  });

  it("expect.addSnapshotSerializer(snapshotSerializer) prints part data by size in snapshots", () => {
    expect.addSnapshotSerializer(snapshotSerializer);
    expect(withPart(payload)).toMatchSnapshot();
  });

  it("Jest's own toEqual prints the payload in its diff (the reason the setup replaces it)", () => {
    expect(failureOf(() => expect(withPart(payload)).toEqual(withPart(other)))).toContain(payload);
  });

  it("install(expect) adds the replacement toEqual and toStrictEqual", () => {
    expect(install(expect)).toBe(true);
    expect(install(expect)).toBe(false);
    for (const message of [
      failureOf(() => expect(withPart(payload)).toEqual(withPart(other))),
      failureOf(() => expect(withPart(payload)).toStrictEqual(withPart(other))),
    ]) {
      expect(message).not.toContain(payload.slice(0, 16));
      expect(message).toContain("Differing fields: parts[0].data");
    }
  });
});
