// What the fixture table does not show: the pinned placeholder text on a real-sized part, the errors a bad
// call gets, what a projection leaves alone, and what the published declarations import.
import { describe, expect, it, jest } from "@jest/globals";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ContentPart, ContentPartError, ToolResult, ValidationError } from "toolnexus";
import {
  ANTHROPIC_EMPTY_ERROR,
  fromMcp,
  MCP_ERROR_TEXT,
  toAgentsToolOutput,
  toAiSdk,
  toAnthropic,
  toGemini,
  toMcp,
  toOpenAIChat,
  toOpenAIChatMessages,
  toOpenAIResponses,
  type Loss,
} from "toolnexus/providers";
import { toCohere } from "toolnexus/cohere";
import { toOllama } from "toolnexus/ollama";
import { loadBytes } from "../support/fixtures";
import { thrownBy } from "../support/throws";

/** A WAV part of exactly `size` bytes (a RIFF header and silence). */
function wav(size: number): ContentPart {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("RIFF"), 0);
  new DataView(bytes.buffer).setUint32(4, size - 8, true);
  bytes.set(new TextEncoder().encode("WAVEfmt "), 8);
  return ContentPart.fromBytes(bytes, { mimeType: "audio/wav" });
}

const png = () => ContentPart.fromBytes(loadBytes("media/fixture.png"), { mimeType: "image/png" });

/** Every projection with its required options, for checks that apply to all of them. */
const ALL: [string, (r: ToolResult, o?: Record<string, unknown>) => unknown][] = [
  ["toAnthropic", (r, o) => toAnthropic(r, { toolUseId: "toolu_1", ...o })],
  ["toOpenAIChat", (r, o) => toOpenAIChat(r, { toolCallId: "call_1", toolName: "t", ...o })],
  ["toOpenAIResponses", (r, o) => toOpenAIResponses(r, { callId: "call_1", ...o })],
  ["toGemini", (r, o) => toGemini(r, { name: "t", ...o })],
  ["toMcp", (r, o) => toMcp(r, o)],
  ["toAiSdk", (r, o) => toAiSdk(r, o)],
];

describe("the placeholder text", () => {
  it("is pinned: [unsupported audio part (audio/wav, 41984 bytes)]", () => {
    const clip = wav(41984);
    const out = toAnthropic(ToolResult.ok("Recorded", { parts: [clip] }), { toolUseId: "toolu_1" });
    expect(out.content).toEqual([
      { type: "text", text: "Recorded" },
      { type: "text", text: "[unsupported audio part (audio/wav, 41984 bytes)]" },
    ]);
  });

  it("is the same in every projection that cannot carry the part", () => {
    const r = ToolResult.ok("x", { parts: [wav(41984)] });
    expect(JSON.stringify(toOpenAIResponses(r, { callId: "c" }))).toContain("[unsupported audio part (audio/wav, 41984 bytes)]");
    expect(toGemini(r, { name: "t" }).functionResponse.response).toEqual({ output: "x\n[unsupported audio part (audio/wav, 41984 bytes)]" });
    expect(toAiSdk(r.withIsError(true))).toEqual({ type: "error-text", value: "x\n[unsupported audio part (audio/wav, 41984 bytes)]" });
  });
});

describe("losses", () => {
  it("onLoss hears each loss once, with the very part that was lost, whatever the policy", () => {
    const clip = wav(100);
    const r = ToolResult.ok("x", { parts: [png(), clip] });
    for (const unsupported of ["placeholder", "omit", "error"] as const) {
      const onLoss = jest.fn<(l: Loss) => void>();
      const run = () => toAnthropic(r, { toolUseId: "t", unsupported, onLoss });
      if (unsupported === "error") {
        // "error" throws after reporting; the other policies return a value.
        expect(thrownBy(run)).toMatchObject({ code: "unsupported", path: "parts[1]" });
      } else {
        expect(run().content).toHaveLength(unsupported === "omit" ? 2 : 3);
      }
      expect(onLoss).toHaveBeenCalledTimes(1);
      const loss = onLoss.mock.calls[0]![0];
      expect(loss.part).toBe(r.parts![1]);
      expect(loss).toMatchObject({ provider: "anthropic", path: "parts[1]" });
      expect(loss.reason).toMatch(/audio/);
    }
  });

  it("the error names the part and the fix, never the data, and is a ContentPartError with code unsupported", () => {
    const clip = wav(41984);
    const e = thrownBy(() => toAnthropic(ToolResult.ok("x", { parts: [clip] }), { toolUseId: "t", unsupported: "error" }));
    expect(e).toBeInstanceOf(ContentPartError);
    expect(e).toBeInstanceOf(ValidationError);
    expect(e).toMatchObject({ code: "unsupported", path: "parts[0]", name: "ContentPartError" });
    const message = (e as Error).message;
    expect(message).toContain("audio part (audio/wav, 41984 bytes)");
    expect(message).toContain("parts[0]");
    expect(message).toMatch(/unsupported: "placeholder" or "omit"/);
    expect(message).not.toContain(clip.data!.slice(0, 16));
  });

  it("works without onLoss", () => {
    const out = toMcp(ToolResult.ok("x", { parts: [png()] }), { maxBytes: 10 });
    expect(out.content).toEqual([{ type: "text", text: "x" }, { type: "text", text: "[unsupported image part (image/png, 82 bytes)]" }]);
  });

  it("maxBytes applies whatever the part's origin: read from JSON, made from bytes, or read by fromMcp", () => {
    const fromJson = ToolResult.fromJSON({ output: "x", isError: false, parts: [png().toJSON()] });
    const fromBytes = ToolResult.ok("x", { parts: [png()] });
    for (const r of [fromJson, fromBytes]) {
      for (const [name, project] of ALL) {
        const losses: Loss[] = [];
        project(r, { maxBytes: 81, onLoss: (l: Loss) => void losses.push(l) });
        expect([name, losses.map((l) => l.path)]).toEqual([name, ["parts[0]"]]);
        expect(losses[0]!.reason).toContain("82 bytes, over maxBytes = 81");
      }
    }
    const inbound = fromMcp(toMcp(fromBytes), { maxBytes: 81 });
    expect(inbound.parts).toBeNull();
    expect(inbound.output).toBe("x\n[unsupported image part (image/png, 82 bytes)]");
    expect(toMcp(fromBytes, { maxBytes: 82 }).content).toHaveLength(2);
  });

  it("a url part holds no bytes, so maxBytes never takes it", () => {
    const r = ToolResult.ok("x", { parts: [ContentPart.fromUrl("https://example.com/a.png")] });
    expect(toMcp(r, { maxBytes: 0 }).content[1]).toEqual({ type: "resource_link", uri: "https://example.com/a.png", name: "a.png", mimeType: "image/png" });
  });
});

describe("options and arguments", () => {
  const r = ToolResult.ok("x");

  it.each(ALL)("%s refuses a bad policy, onLoss or maxBytes with a ValidationError naming the option", (_name, project) => {
    const bad: [Record<string, unknown>, string, string][] = [
      [{ unsupported: "drop" }, "invalid-value", "unsupported"],
      [{ onLoss: "log" }, "invalid-type", "onLoss"],
      [{ maxBytes: -1 }, "invalid-value", "maxBytes"],
      [{ maxBytes: 1.5 }, "invalid-value", "maxBytes"],
      [{ maxBytes: "1mb" }, "invalid-value", "maxBytes"],
    ];
    for (const [options, code, path] of bad) {
      const e = thrownBy(() => project(r, options));
      expect(e).toBeInstanceOf(ValidationError);
      expect(e).toMatchObject({ code, path });
      expect((e as Error).message).toContain(path);
    }
    expect(() => project(r, { maxBytes: Infinity })).not.toThrow();
  });

  // Law 12 of the host kit: an own key a projection does not know is refused, the closest known key named; a
  // key found only on the prototype chain is no option. toMcp joins this list when it is written on the
  // projection kit (it still ignores unknown keys).
  const ON_THE_KIT: [string, (r: ToolResult, o?: Record<string, unknown>) => unknown][] = [
    ...ALL.filter(([name]) => name !== "toMcp"),
    ["toAgentsToolOutput", (r, o) => toAgentsToolOutput(r, o)],
    ["toOpenAIChatMessages", (r, o) => toOpenAIChatMessages([{ result: r, toolCallId: "call_1", toolName: "t" }], o)],
  ];

  it("the projections on the kit are every projection but toMcp", () => {
    expect(ON_THE_KIT.map(([name]) => name)).toEqual(["toAnthropic", "toOpenAIChat", "toOpenAIResponses", "toGemini", "toAiSdk", "toAgentsToolOutput", "toOpenAIChatMessages"]);
  });

  it.each(ON_THE_KIT)("%s refuses an option key it does not know, naming the closest one", (name, project) => {
    for (const [key, near] of [
      ["unsuported", "unsupported"],
      ["onloss", "onLoss"],
      ["maxByte", "maxBytes"],
      ["verbose", undefined],
    ] as const) {
      const e = thrownBy(() => project(r, { [key]: "error" }));
      expect(e).toBeInstanceOf(ValidationError);
      expect(e).not.toBeInstanceOf(ContentPartError);
      expect(e).toMatchObject({ code: "invalid-value", path: `options.${key}` });
      const message = (e as Error).message;
      expect(message).toContain(`${name}() has no option "${key}"`);
      if (near === undefined) expect(message).not.toContain("Did you mean");
      else expect(message).toContain(`Did you mean ${near}?`);
      expect(message).toMatch(/takes .*unsupported, onLoss and maxBytes\.$/);
    }
  });

  it.each(ON_THE_KIT)("%s counts a key found only on the options' prototype chain as absent", (_name, project) => {
    const inherited = Object.create({ unsuported: "error", unsupported: "error" }) as Record<string, unknown>;
    const audio = ToolResult.ok("x", { parts: [wav(64)] });
    expect(project(audio, inherited)).toEqual(project(audio));
  });

  it("names the closest id option: toolUseID, toolCallID, callID", () => {
    expect((thrownBy(() => toAnthropic(r, { toolUseID: "t" } as never)) as Error).message).toContain("Did you mean toolUseId?");
    expect((thrownBy(() => toOpenAIChat(r, { toolCallID: "c", toolName: "t" } as never)) as Error).message).toContain("Did you mean toolCallId?");
    expect((thrownBy(() => toOpenAIResponses(r, { callID: "c" } as never)) as Error).message).toContain("Did you mean callId?");
    expect((thrownBy(() => toGemini(r, { name: "t", ID: "c" } as never)) as Error).message).toContain("Did you mean id?");
  });

  it("refuses missing or bad ids and names", () => {
    const cases: [() => unknown, string, string][] = [
      [() => toAnthropic(r, {} as never), "missing", "toolUseId"],
      [() => toAnthropic(r, undefined as never), "missing", "toolUseId"],
      [() => toAnthropic(r, { toolUseId: "" }), "invalid-value", "toolUseId"],
      [() => toOpenAIChat(r, { toolCallId: "c" } as never), "missing", "toolName"],
      [() => toOpenAIChat(r, { toolCallId: 7, toolName: "t" } as never), "invalid-type", "toolCallId"],
      [() => toOpenAIResponses(r, {} as never), "missing", "callId"],
      [() => toGemini(r, { name: "t", id: "" }), "invalid-value", "id"],
      [() => toGemini(r, { id: "c" } as never), "missing", "name"],
      [() => toMcp(r, { meta: 1 } as never), "invalid-type", "meta"],
      [() => toMcp(r, "meta" as never), "invalid-type", ""],
    ];
    for (const [fn, code, path] of cases) expect(thrownBy(fn)).toMatchObject({ code, path });
  });

  it.each(ALL)("%s refuses a value that is not a result, and reads a result's JSON shape", (_name, project) => {
    for (const bad of [null, "x", 1]) {
      const e = thrownBy(() => project(bad as never));
      expect(e).toBeInstanceOf(ValidationError);
    }
    expect(thrownBy(() => project({ output: 1 } as never))).toMatchObject({ code: "invalid-type", path: "output" });
    expect(project({ output: "x", isError: false } as never)).toEqual(project(r));
  });

  it("fromMcp refuses a malformed result with a ValidationError and its path", () => {
    const cases: [unknown, string, string][] = [
      [null, "invalid-type", ""],
      [[], "invalid-type", ""],
      [{ content: "text" }, "invalid-type", "content"],
      [{ content: [], isError: "yes" }, "invalid-type", "isError"],
      [{ content: [], resultType: 1 }, "invalid-type", "resultType"],
      // Any JSON value is structuredContent (docs/hosts/mcp.md, "Read a result: `fromMcp`"): an array is read as JSON data too.
      [{ content: [], structuredContent: [1, 2n] }, "not-json", "structuredContent[1]"],
      [{ content: [], structuredContent: { n: 10n } }, "not-json", "structuredContent.n"],
    ];
    for (const [input, code, path] of cases) {
      const e = thrownBy(() => fromMcp(input as never));
      expect(e).toBeInstanceOf(ValidationError);
      expect(e).toMatchObject({ code, path });
    }
    expect(thrownBy(() => fromMcp({}, { unsupported: "skip" } as never))).toMatchObject({ code: "invalid-value", path: "unsupported" });
  });
});

describe("hostile values", () => {
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };
  const throwing = (key: string) =>
    Object.defineProperty({}, key, {
      enumerable: true,
      get() {
        throw new TypeError("boom");
      },
    });

  // The options go in as they are (the ALL wrappers would spread them, and spreading a revoked Proxy throws).
  const RAW: [string, (r: unknown, o?: unknown) => unknown][] = [
    ["toAnthropic", (r, o) => toAnthropic(r as never, o as never)],
    ["toOpenAIChat", (r, o) => toOpenAIChat(r as never, o as never)],
    ["toOpenAIResponses", (r, o) => toOpenAIResponses(r as never, o as never)],
    ["toGemini", (r, o) => toGemini(r as never, o as never)],
    ["toMcp", (r, o) => toMcp(r as never, o as never)],
    ["toAiSdk", (r, o) => toAiSdk(r as never, o as never)],
    ["toOllama", (r, o) => toOllama(r as never, o as never)],
    ["toCohere", (r, o) => toCohere(r as never, o as never)],
  ];

  it.each(RAW)("%s turns a throwing getter or a revoked Proxy into a ValidationError, never a bare TypeError", (_name, project) => {
    const r = ToolResult.ok("x");
    for (const options of [revoked(), throwing("unsupported")]) {
      const e = thrownBy(() => project(r, options));
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).code).toBe("invalid-value");
    }
  });

  it.each(ALL)("%s turns a revoked Proxy given as the result into a ValidationError", (_name, project) => {
    const e = thrownBy(() => project(revoked() as never));
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).message).toMatch(/result|Reading/);
  });

  it("a throwing id option is a ValidationError at its path", () => {
    expect(thrownBy(() => toAnthropic(ToolResult.ok("x"), throwing("toolUseId") as never))).toMatchObject({ code: "invalid-value", path: "toolUseId" });
  });

  // By the trust boundary (docs/trust.md, "Reading what callers pass": "One read"), a getter or a Proxy trap that
  // throws, and a revoked Proxy, give a ValidationError at that path: a loss is a block that was read and
  // cannot become a part, while a block that cannot be read is a caller's error, whatever the unsupported
  // policy (no onLoss report, no line in the output).
  it("fromMcp: a hostile result, and a hostile block, are a ValidationError at their path (never a loss)", () => {
    expect(thrownBy(() => fromMcp(revoked() as never))).toBeInstanceOf(ValidationError);
    expect(thrownBy(() => fromMcp(throwing("content") as never))).toBeInstanceOf(ValidationError);
    for (const unsupported of ["placeholder", "omit", "error"] as const) {
      const losses: Loss[] = [];
      const onLoss = (l: Loss): void => void losses.push(l);
      expect(thrownBy(() => fromMcp({ content: [{ type: "text", text: "ok" }, throwing("type")] }, { unsupported, onLoss }))).toMatchObject({
        name: "ValidationError",
        code: "invalid-value",
        path: "content[1].type",
      });
      expect(thrownBy(() => fromMcp({ content: [{ type: "text", text: "ok" }, revoked()] }, { unsupported, onLoss }))).toMatchObject({
        name: "ValidationError",
        code: "invalid-value",
        path: "content[1]",
      });
      expect(losses).toEqual([]);
    }
  });
});

describe("what a projection leaves alone", () => {
  it.each(ALL)("%s neither changes nor freezes the result, and returns a fresh value each call", (_name, project) => {
    const r = ToolResult.ok("see", { parts: [png(), ContentPart.text("t")], metadata: { k: 1 } });
    const before = JSON.stringify(r);
    const a = project(r);
    const b = project(r);
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    expect(Object.isFrozen(a)).toBe(false);
    expect(JSON.stringify(r)).toBe(before);
  });

  it("passes part data through as it is (no re-encoding): the same base64 string", () => {
    const part = png();
    const r = ToolResult.ok("x", { parts: [part] });
    expect(toMcp(r).content[1]).toEqual({ type: "image", data: part.data, mimeType: "image/png" });
    const block = (toAnthropic(r, { toolUseId: "t" }).content as { source: { data: string } }[])[1]!;
    expect(block.source.data).toBe(part.data);
  });

  it("fromMcp returns a frozen ToolResult whose parts are ContentParts", () => {
    const back = fromMcp(toMcp(ToolResult.ok("x", { parts: [png()] })));
    expect(back).toBeInstanceOf(ToolResult);
    expect(Object.isFrozen(back)).toBe(true);
    expect(ContentPart.isContentPart(back.parts![0])).toBe(true);
    expect(back.equals(ToolResult.ok("x", { parts: [png()] }))).toBe(true);
  });

  it("toMcp and fromMcp round-trip data parts with names", () => {
    const r = ToolResult.error("failed", {
      parts: [png(), wav(64), ContentPart.fromBytes(loadBytes("media/fixture.pdf"), { mimeType: "application/pdf", name: "report.pdf" })],
    });
    expect(fromMcp(toMcp(r)).equals(r)).toBe(true);
  });

  it("the fallback texts are exported", () => {
    expect(toAnthropic(ToolResult.error(""), { toolUseId: "t" }).content).toBe(ANTHROPIC_EMPTY_ERROR);
    expect(fromMcp({ content: [], isError: true }).output).toBe(MCP_ERROR_TEXT);
  });
});

describe("the published declarations", () => {
  const files = ["dist/esm", "dist/cjs", "dist/esm/chunks", "dist/cjs/chunks"].flatMap((dir) =>
    readdirSync(join(process.cwd(), dir))
      .filter((f) => f.endsWith(".d.ts") || f.endsWith(".d.cts"))
      .map((f) => join(process.cwd(), dir, f)),
  );

  it("import no provider SDK", () => {
    expect(files.some((f) => /providers\.d\.c?ts$/.test(f))).toBe(true);
    for (const file of files) {
      const imports = [...readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\b[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);
      // toolnexus/temporal is an adapter for its optional peer, @temporalio/common, and may name its types; no other
      // declaration file imports anything but the package's own files.
      const peer = /temporal\.d\.c?ts$/.test(file) ? /^(\.\.?\/|@temporalio\/common$)/ : /^\.\.?\//;
      for (const spec of imports) expect([file, spec]).toEqual([file, expect.stringMatching(peer)]);
    }
  });
});
