// The providers' own runtime schemas read what the projections write, and keep every key: their zod
// schemas strip unknown keys silently, so each parsed value is compared with ours, and a key the SDK does not
// know fails the comparison.
import { describe, expect, it } from "@jest/globals";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { ContentPart, ToolResult } from "toolnexus";
import { fromMcp, toAiSdk, toMcp } from "toolnexus/providers";
import { loadBytes } from "../support/fixtures";
import { casesOf, importEsm, PROJECTIONS, runCase } from "./support";

const projection = (file: string) => PROJECTIONS.find((p) => p.file === file)!;

/** The fixtures/providers/mcp-inbound.json cases built to be malformed, which the SDK's schema refuses. */
const SDK_REJECTS: readonly string[] = [
  "an unknown block type is reported and named in the output, never dropped",
  "error: a lost block throws, after onLoss hears of it",
  "malformed blocks are reported and named: no data, not http(s), not an object, no type, bad base64",
  "omit: a lost block is reported but not named",
  "error: a malformed block throws, after onLoss hears of it",
  "more malformed blocks are reported and named: no mimeType, no uri, no resource, a resource without uri, or without text and blob",
  "omit: every kind of malformed block is reported, none named",
  // MCP's schema wants a uri it can parse and a mimeType on every image and audio block: fromMcp reads these anyway.
  "a resource_link whose uri is not http(s) is named by its name and uri; sender text is escaped, one line per loss",
  "an image or audio block without mimeType is sniffed: the part's type follows the mime type, the data is kept, no loss",
  // Lost blocks that carry a name or uri (or neither): unknown types, wrong fields, bad base64 (a blob included).
  "every kind of lost block is named by the name and uri it carries, whatever was wrong",
  "a lost block that carries neither name nor uri is named by what was wrong (an empty name or uri is none)",
  "a lost block's name, uri and unknown type are shown with control characters escaped: one line per loss",
  "omit: a named lost block is reported, with no line",
  "error: a named lost block throws as an unnamed one does, after onLoss hears of it",
];

async function media(): Promise<ToolResult> {
  const b64 = (file: string) => Buffer.from(loadBytes(file)).toString("base64");
  return ToolResult.ok("All the media", {
    parts: [
      ContentPart.fromBase64(b64("media/fixture.png"), { mimeType: "image/png" }),
      ContentPart.fromBase64(b64("media/fixture.wav"), { mimeType: "audio/wav" }),
      ContentPart.fromBase64(b64("media/fixture.pdf"), { mimeType: "application/pdf", name: "fixture.pdf" }),
      ContentPart.fromUrl("https://example.com/a/chart.webp"),
      ContentPart.text("a note"),
    ],
  });
}

describe("MCP's CallToolResultSchema", () => {
  const cases = casesOf("mcp").filter((c) => c.throws === undefined);

  it.each(cases.map((c) => [c.name, c] as const))("parses toMcp's output to the same value: %s", (_name, c) => {
    const { value } = runCase(projection("mcp"), c);
    const parsed = CallToolResultSchema.parse(value);
    expect(parsed).toEqual(value);
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(value as object).sort());
  });

  it("parses a result with real media files, and fromMcp reads it back to an equal result", async () => {
    const r = await media();
    const out = toMcp(r);
    expect(CallToolResultSchema.parse(out)).toEqual(out);
    const back = fromMcp(CallToolResultSchema.parse(out));
    // The text part comes back as a line of the output; every other part comes back as it was.
    expect(back.output).toBe("All the media\na note");
    expect(back.parts!.map((p) => p.toJSON())).toEqual([
      r.parts![0]!.toJSON(),
      r.parts![1]!.toJSON(),
      r.parts![2]!.toJSON(),
      { ...r.parts![3]!.toJSON(), name: "chart.webp" },
    ]);
  });

  it("accepts what fromMcp reads after the SDK parsed it (its defaults included)", () => {
    const cases = casesOf("mcp-inbound");
    const rejected: string[] = [];
    let ran = 0;
    for (const c of cases) {
      const parsed = CallToolResultSchema.safeParse(c.input);
      if (!parsed.success) {
        rejected.push(c.name); // a malformed case is not a CallToolResult at all
        continue;
      }
      ran++;
      const { thrown, losses } = runCase(projection("mcp-inbound"), { ...c, input: parsed.data as never });
      if (c.throws === undefined) expect([c.name, thrown]).toEqual([c.name, undefined]);
      else expect(thrown).toMatchObject(c.throws);
      expect([c.name, losses.map((l) => l.path)]).toEqual([c.name, c.losses.map((l) => l.path)]);
    }
    // Only the cases built to be malformed are left out, and every other case ran.
    expect(rejected.sort()).toEqual([...SDK_REJECTS].sort());
    expect(ran).toBe(cases.length - SDK_REJECTS.length);
    expect(ran).toBeGreaterThanOrEqual(15);
  });
});

describe("the AI SDK's toolModelMessageSchema", () => {
  const cases = casesOf("ai-sdk").filter((c) => c.throws === undefined);

  it.each(cases.map((c) => [c.name, c] as const))("parses toAiSdk's output to the same value: %s", async (_name, c) => {
    const { toolModelMessageSchema } = await importEsm("ai");
    const { value } = runCase(projection("ai-sdk"), c);
    const message = { role: "tool", content: [{ type: "tool-result", toolCallId: "call_1", toolName: "render", output: value }] };
    const parsed = toolModelMessageSchema.parse(message);
    expect(parsed).toEqual(message);
    expect(parsed.content[0].output).toEqual(value);
  });

  it("keeps a file URL as a URL object, which the schema requires", async () => {
    const { toolModelMessageSchema } = await importEsm("ai");
    const out = toAiSdk(await media());
    expect(out.type).toBe("content");
    const items = out.type === "content" ? out.value : [];
    const link = items.find((i) => i.type === "file" && i.data.type === "url");
    expect(link).toBeDefined();
    expect((link as { data: { url: unknown } }).data.url).toBeInstanceOf(URL);
    const parsed = toolModelMessageSchema.parse({ role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "t", output: out }] });
    expect(parsed.content[0].output).toEqual(out);
    expect(String(parsed.content[0].output.value.find((i: { data?: { type: string } }) => i.data?.type === "url").data.url)).toBe("https://example.com/a/chart.webp");
  });

  it("refuses a shape it does not know, so the comparison above means something", async () => {
    const { toolModelMessageSchema } = await importEsm("ai");
    const bad = { role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "t", output: { type: "content", value: [{ type: "image", data: "AAAA" }] } }] };
    expect(toolModelMessageSchema.safeParse(bad).success).toBe(false);
    const stripped = toolModelMessageSchema.parse({
      role: "tool",
      content: [{ type: "tool-result", toolCallId: "c", toolName: "t", output: { type: "text", value: "x", extra: 1 } }],
    });
    expect(stripped.content[0].output).not.toEqual({ type: "text", value: "x", extra: 1 });
  });
});
