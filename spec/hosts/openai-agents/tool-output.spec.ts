// toAgentsToolOutput, checked by the OpenAI Agents SDK itself: every item parses with the SDK's own
// protocol schemas with nothing stripped, the return type is one `execute` may return, and a real run
// against the SDK's scripted test model (no network) carries a tool's image to the model's next turn.
import { describe, expect, it } from "@jest/globals";
import { Agent, protocol, run, setTracingDisabled, tool, type FunctionTool, type ToolOutputFileContent, type ToolOutputImage, type ToolOutputText } from "@openai/agents-core";
import { ScriptedModel, assistantMessage, functionCall } from "@openai/agents-core/testing";
import { ContentPart, ToolResult } from "toolnexus";
import { toAgentsToolOutput, type AgentsToolOutput, type AgentsToolOutputItem } from "toolnexus/providers";
import { collectLosses, thrownBy } from "../../support/throws";

setTracingDisabled(true);

// A 1x1 PNG.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const image = ContentPart.fromBase64(PNG, { mimeType: "image/png", name: "shot.png" });
const pdf = ContentPart.fromBase64("JVBERi0xLjQK", { mimeType: "application/pdf" });
const wav = ContentPart.fromBase64("UklGRiQAAABXQVZFZm10IA==", { mimeType: "audio/wav", verifyMime: false });

/** Parses an item with the SDK's own schema for its type; the parsed value must equal ours (nothing stripped). */
function sdkItem(item: AgentsToolOutputItem): unknown {
  const schema = item.type === "text" ? protocol.ToolOutputText : item.type === "image" ? protocol.ToolOutputImage : protocol.ToolOutputFileContent;
  return schema.parse(item);
}

describe("toAgentsToolOutput", () => {
  it("gives the output string when there are no parts", () => {
    expect(toAgentsToolOutput(ToolResult.ok("3 files"))).toBe("3 files");
    expect(toAgentsToolOutput(ToolResult.error("no such file"))).toBe("no such file");
  });

  it("gives the SDK's structured outputs when there are parts, each parsed by the SDK unchanged", () => {
    const url = ContentPart.fromUrl("https://example.com/spec.pdf");
    const remoteImage = ContentPart.fromUrl("https://example.com/a.webp");
    const result = ToolResult.ok("see attached", { parts: [image, ContentPart.text("a caption"), pdf, url, remoteImage] });
    const out = toAgentsToolOutput(result);
    expect(out).toEqual([
      { type: "text", text: "see attached" },
      { type: "image", image: { data: PNG, mediaType: "image/png" } },
      { type: "text", text: "a caption" },
      { type: "file", file: { data: "JVBERi0xLjQK", mediaType: "application/pdf", filename: "part-2.pdf" } },
      { type: "file", file: { url: "https://example.com/spec.pdf", filename: "part-3.pdf" } },
      { type: "image", image: { url: "https://example.com/a.webp" } },
    ]);
    for (const item of out as AgentsToolOutputItem[]) expect(sdkItem(item)).toEqual(item);
  });

  it("sends no empty text item, and no metadata", () => {
    const out = toAgentsToolOutput(ToolResult.ok("", { parts: [image], metadata: { secret: "s3cr3t" } }));
    expect(out).toEqual([{ type: "image", image: { data: PNG, mediaType: "image/png" } }]);
    expect(JSON.stringify(out)).not.toContain("s3cr3t");
  });

  it("reports an image's name, with no placeholder, under every policy", () => {
    for (const unsupported of ["placeholder", "error", "omit"] as const) {
      const { losses, onLoss } = collectLosses();
      const out = toAgentsToolOutput(ToolResult.ok("x", { parts: [image] }), { unsupported, onLoss });
      expect(out).toEqual([{ type: "text", text: "x" }, { type: "image", image: { data: PNG, mediaType: "image/png" } }]);
      expect(losses.map((l) => [l.provider, l.path, l.placeholder])).toEqual([["openai-agents", "parts[0].name", undefined]]);
    }
  });

  it("a blank text part is a loss, and a blank output left out of the list is reported (no blank text item)", () => {
    const { losses, onLoss } = collectLosses();
    const out = toAgentsToolOutput(ToolResult.ok(" ", { parts: [ContentPart.text("\n"), image] }), { onLoss });
    expect(out).toEqual([
      { type: "text", text: "[unsupported text part (1 characters)]" },
      { type: "image", image: { data: PNG, mediaType: "image/png" } },
    ]);
    expect(losses.map((l) => [l.path, l.reason])).toEqual([
      ["parts[0]", "a blank text block is never sent"],
      ["parts[1].name", "an Agents image output carries no name; the image is sent without it"],
      ["output", "a blank text block is never sent, so the blank output was left out"],
    ]);
  });

  it("names a file without a name part-<index>.<ext>, or part-<index> when the media table has no extension for it", () => {
    const notes = ContentPart.fromBase64("aGk=", { mimeType: "text/plain" });
    expect(toAgentsToolOutput(ToolResult.ok("x", { parts: [notes, pdf] }))).toEqual([
      { type: "text", text: "x" },
      { type: "file", file: { data: "aGk=", mediaType: "text/plain", filename: "part-0" } },
      { type: "file", file: { data: "JVBERi0xLjQK", mediaType: "application/pdf", filename: "part-1.pdf" } },
    ]);
  });

  it("refuses an option key it does not know", () => {
    expect(thrownBy(() => toAgentsToolOutput(ToolResult.ok("x"), { unsuported: "omit" } as never))).toMatchObject({ name: "ValidationError", code: "invalid-value", path: "options.unsuported" });
  });

  it("audio is a loss under the usual policy", () => {
    const result = ToolResult.ok("clip", { parts: [wav] });
    const { losses, onLoss } = collectLosses();
    expect(toAgentsToolOutput(result, { onLoss })).toEqual([
      { type: "text", text: "clip" },
      { type: "text", text: "[unsupported audio part (audio/wav, 16 bytes)]" },
    ]);
    expect(losses.map((l) => l.path)).toEqual(["parts[0]"]);
    expect(toAgentsToolOutput(result, { unsupported: "omit" })).toBe("clip");
    expect(thrownBy(() => toAgentsToolOutput(result, { unsupported: "error" }))).toMatchObject({ code: "unsupported", path: "parts[0]" });
  });

  it("maxBytes makes a big part a loss", () => {
    const { losses, onLoss } = collectLosses();
    expect(toAgentsToolOutput(ToolResult.ok("x", { parts: [pdf] }), { maxBytes: 4, unsupported: "omit", onLoss })).toBe("x");
    expect(losses.map((l) => l.path)).toEqual(["parts[0]"]);
  });

  it("reads a result's JSON shape", () => {
    expect(toAgentsToolOutput(JSON.parse(JSON.stringify(ToolResult.ok("x", { parts: [pdf] }))))).toEqual([
      { type: "text", text: "x" },
      { type: "file", file: { data: "JVBERi0xLjQK", mediaType: "application/pdf", filename: "part-0.pdf" } },
    ]);
  });

  it("compiles as what execute returns, and each item as the SDK's structured output", () => {
    const out: AgentsToolOutput = toAgentsToolOutput(ToolResult.ok("x", { parts: [image, pdf] }));
    const asSdk: string | (ToolOutputText | ToolOutputImage | ToolOutputFileContent)[] = out;
    expect(asSdk).toHaveLength(3);
    const item: ToolOutputText | ToolOutputImage | ToolOutputFileContent = (out as AgentsToolOutputItem[])[0]!;
    expect(item.type).toBe("text");
  });
});

describe("a real Agents run: the tool returns an image and the model's next turn sees it", () => {
  it("carries the image as an input_image of the function call's output", async () => {
    const screenshot: FunctionTool = tool({
      name: "screenshot",
      description: "Takes a screenshot",
      parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
      strict: true,
      execute: async () => toAgentsToolOutput(ToolResult.ok("the page", { parts: [image], metadata: { tookMs: 12 } })),
    });
    const model = new ScriptedModel([[functionCall("screenshot", {}, { callId: "call_1" })], [assistantMessage("A white pixel.")]]);
    const agent = new Agent({ name: "eyes", instructions: "Look when asked.", model, tools: [screenshot] });
    const result = await run(agent, "What is on the page?");
    expect(result.finalOutput).toBe("A white pixel.");
    model.assertComplete();

    const input = model.lastCall!.request.input as { type?: string; callId?: string; output?: unknown }[];
    const output = input.find((i) => i.type === "function_call_result" && i.callId === "call_1")?.output;
    expect(output).toEqual([
      { type: "input_text", text: "the page" },
      { type: "input_image", image: `data:image/png;base64,${PNG}` },
    ]);
    expect(JSON.stringify(input)).not.toContain("tookMs");
  });
});
