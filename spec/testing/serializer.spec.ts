// The snapshot serializer: every named result of fixtures/testing/results.json snapshotted, parts,
// requests and answers on their own and inside other values, and the plugin used directly with
// pretty-format. Part data always prints as `<N bytes, digest XXXXXXXX>`.
import { describe, expect, it } from "@jest/globals";
import { format } from "pretty-format";
import "toolnexus/testing/setup";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { snapshotSerializer } from "toolnexus/testing";
import { payloadsOf, result, resultNames, SearchResult } from "./support";

const print = (value: unknown, options: Parameters<typeof format>[1] = {}) => format(value, { plugins: [snapshotSerializer], ...options });

describe("the snapshot serializer", () => {
  it.each(resultNames.map((n) => [n] as const))("snapshots the result %s", (name) => {
    const r = result(name);
    expect(r).toMatchSnapshot();
    for (const p of payloadsOf(r)) expect(print(r)).not.toContain(p);
  });

  it("snapshots parts, requests and answers, alone and inside other values", () => {
    const part = ContentPart.fromJSON({ type: "file", mimeType: "application/pdf", data: "JVBERi0xLjQK", name: "a.pdf" });
    const url = ContentPart.fromUrl("https://example.com/chart.png");
    const request = new Request({ id: "r1", kind: "input", prompt: "Which environment?", data: { choices: ["staging", "production"] } });
    const answer = Answer.decline(request, "cancelled");
    expect(part).toMatchSnapshot("a data part");
    expect(url).toMatchSnapshot("a url part");
    expect(request).toMatchSnapshot("a request");
    expect(answer).toMatchSnapshot("an answer");
    expect({ calls: [[SearchResult.ok("3 hits", { metadata: { hits: 3 } }), part]], answers: new Map([["r1", answer]]) }).toMatchSnapshot("nested values");
  });

  it("prints a part's payload as its size and an FNV-1a digest of its base64", () => {
    const part = ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: "AAEC" });
    // 75e9372f: FNV-1a (32 bits) of the text "AAEC", as published (spec/testing/digest.spec.ts checks the vectors).
    expect(print(part)).toContain(`"data": <3 bytes, digest 75e9372f>`);
    const one = ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: "AA==" });
    expect(print(one)).toContain("<1 byte, digest");
    // Equal payloads get equal digests, whatever base64 spelling they were given in.
    expect(print(ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: "-_8" }))).toBe(
      print(ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: "+/8=" })),
    );
  });

  it("keeps a large payload out of the output: the part prints as its size and digest, in one serializer call", () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7) & 255);
    const r = ToolResult.ok("big", { parts: [ContentPart.fromBytes(bytes, { mimeType: "application/octet-stream" })] });
    // pretty-format never walks the bytes: the plugin is asked about the result and its few fields, not 3 MiB of
    // entries (each value pretty-format visits is one `test` call).
    let tests = 0;
    const counting = {
      ...snapshotSerializer,
      test: (v: unknown) => {
        tests++;
        return snapshotSerializer.test(v);
      },
    };
    const text = format(r, { plugins: [counting] });
    expect(tests).toBeGreaterThan(0);
    expect(tests).toBeLessThan(50);
    expect(text).toContain(`<${bytes.length} bytes, digest`);
    expect(text.length).toBeLessThan(300);
  });

  it("follows pretty-format's options: indentation, min and maxDepth", () => {
    const r = ToolResult.ok("x", { parts: [ContentPart.text("t")] });
    expect(print(r, { indent: 4 })).toContain('\n    "output": "x",');
    expect(print(r, { min: true })).toBe('ToolResult {"output": "x", "isError": false, "parts": [ContentPart {"type": "text", "text": "t"}], "metadata": null}');
    expect(print({ a: { b: r } }, { maxDepth: 2 })).toContain('"b": [ToolResult]');
  });

  it("recognises toolnexus values and nothing else", () => {
    expect(snapshotSerializer.test(ToolResult.ok("x"))).toBe(true);
    expect(snapshotSerializer.test(ContentPart.text("x"))).toBe(true);
    expect(snapshotSerializer.test(Request.create({ kind: "input", prompt: "p" }))).toBe(true);
    expect(snapshotSerializer.test(Answer.accept("r1"))).toBe(true);
    for (const other of [null, undefined, 1, "x", {}, [], { output: "x", isError: false }, new Map()]) expect(snapshotSerializer.test(other)).toBe(false);
  });
});
