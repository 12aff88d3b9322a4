// One url rule on every creation path of a Request (docs/suspension.md, "Requests and answers"), and the output of a pending
// result made of a prompt and a url.
import { describe, expect, it } from "@jest/globals";
import { Request, ToolResult, ValidationError } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { thrownBy } from "../support/throws";

const { cases } = loadJSON<{ cases: { url: string; ok: boolean }[] }>("core/request-urls.json");
const base = { id: "r1", kind: "authorization", prompt: "Log in" };

/** Every creation path of a Request, each given the url and giving the request made. */
const PATHS: readonly [string, (url: string) => Request | undefined][] = [
  ["new Request", (url) => new Request({ ...base, url })],
  ["Request.create", (url) => Request.create({ kind: "authorization", prompt: "Log in", url })],
  ["request.with", (url) => new Request(base).with({ url })],
  ["Request.fromJSON", (url) => Request.fromJSON({ ...base, url })],
  ["ToolResult.pending", (url) => ToolResult.pending({ kind: "authorization", prompt: "Log in", url }).pending],
  ["ToolResult.authRequired", (url) => ToolResult.authRequired(url).pending],
  ["ToolResult.fromJSON (metadata.pending)", (url) => ToolResult.fromJSON({ output: "x", isError: true, metadata: { pending: { ...base, url } } }).pending],
];

describe("the url rule of a Request (fixtures/core/request-urls.json)", () => {
  const kept = cases.filter((c) => c.ok);
  const refused = cases.filter((c) => !c.ok);
  const rows = (list: typeof cases) => PATHS.flatMap(([path, make]) => list.map((c) => [path, JSON.stringify(c.url), c.url, make] as const));
  it("runs every case on every creation path", () => {
    expect([kept.length, refused.length]).toEqual([3, 10]);
  });
  it.each(rows(kept))("%s keeps the url %s as given", (_path, _shown, url, make) => {
    expect(make(url)?.url).toBe(url);
  });
  it.each(rows(refused))("%s refuses the url %s", (path, _shown, url, make) => {
    const e = thrownBy(() => make(url));
    expect(e).toBeInstanceOf(ValidationError);
    // metadata.pending is reserved for a Request: the error is the pending one, at the url inside it.
    const expected = path.includes("metadata.pending") ? ["invalid-pending", "metadata.pending.url"] : ["invalid-value", "url"];
    expect([(e as ValidationError).code, (e as ValidationError).path]).toEqual(expected);
  });
});

describe("the output of a pending result", () => {
  it("is the prompt, a line break and the url", () => {
    expect(ToolResult.pending({ kind: "authorization", prompt: "Log in", url: "https://e.com/l" }).output).toBe("Log in\nhttps://e.com/l");
  });
  it("is the url alone when the prompt is empty (never a leading line break)", () => {
    expect(ToolResult.pending({ kind: "authorization", prompt: "", url: "https://e.com/l" }).output).toBe("https://e.com/l");
    expect(ToolResult.authRequired("https://e.com/l", "").output).toBe("https://e.com/l");
  });
  it("is the prompt alone without a url", () => {
    expect(ToolResult.pending({ kind: "approval", prompt: "Deploy?" }).output).toBe("Deploy?");
  });
});
