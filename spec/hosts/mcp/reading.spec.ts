// fromMcp reads a CallToolResult through the trust boundary: own fields only, each read once; toMcp reports
// the names MCP's image and audio blocks cannot carry. (The table of cases is fixtures/providers/mcp*.json.)
import { describe, expect, it } from "@jest/globals";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { ContentPart, ToolResult } from "toolnexus";
import { fromMcp, toMcp } from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { collectLosses, thrownValidation } from "../../support/throws";

interface OptionRefusal { name: string; call: "toMcp" | "fromMcp"; args: [unknown, unknown]; code: string; path: string; hint: string }
const { optionRefusals } = loadJSON<{ optionRefusals: OptionRefusal[] }>("providers/mcp.json");

describe("fromMcp reads own fields only, each once", () => {
  it("ignores fields a result or a block inherits", () => {
    const result = Object.create({ isError: true, content: [{ type: "text", text: "inherited" }] });
    expect(fromMcp(result).toJSON()).toEqual({ output: "", isError: false });
    const block = Object.create({ type: "text", text: "inherited" });
    const { losses, onLoss } = collectLosses();
    expect(fromMcp({ content: [block] }, { onLoss }).output).toBe("[unsupported MCP content block (it has no type)]");
    expect(losses.map((l) => l.path)).toEqual(["content[0]"]);
  });

  it("names a lost block only by a name and uri of its own (and of its own resource)", () => {
    const named = { name: "inherited.bin", uri: "https://a.b/inherited.bin" };
    const video = Object.assign(Object.create(named), { type: "video" });
    const resource = { type: "resource", resource: Object.assign(Object.create(named), { blob: "!!" }) };
    expect(fromMcp({ content: [video, resource] }).output).toBe(
      "[unsupported MCP video: an unknown content block type]\n[unsupported MCP resource block (its resource has no uri)]",
    );
  });

  it("reads a lost block's name and uri once, and names it by what it read", () => {
    let reads = 0;
    const block = {
      type: "video",
      get name() {
        reads += 1;
        return reads === 1 ? "clip.mp4" : "other.mp4";
      },
    };
    const { losses, onLoss } = collectLosses();
    expect(fromMcp({ content: [block] }, { onLoss }).output).toBe("[unsupported MCP video: clip.mp4]");
    expect(losses.map((l) => l.placeholder)).toEqual(["[unsupported MCP video: clip.mp4]"]);
    expect(reads).toBe(1);
  });

  it("under unsupported: \"error\", a named block's error names it by its path, as an unnamed one's does", () => {
    const message = (block: object): string => {
      try {
        fromMcp({ content: [{ type: "text", text: "x" }, block] }, { unsupported: "error" });
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error("fromMcp did not throw");
    };
    const unnamed = message({ type: "video" });
    expect(unnamed).toBe("The MCP content block at content[1] cannot become a part: unknown type \"video\". Fix the server's result, or pass unsupported: \"placeholder\" or \"omit\".");
    expect(message({ type: "video", name: "clip.mp4", uri: "https://a.b/clip.mp4" })).toBe(unnamed);
  });

  it("runs each getter once", () => {
    let reads = 0;
    const block = {
      type: "text",
      get text() {
        reads += 1;
        return reads === 1 ? "first" : "second";
      },
    };
    expect(fromMcp({ content: [block] }).output).toBe("first");
    expect(reads).toBe(1);
  });
});

describe("toMcp and the names MCP cannot carry", () => {
  it("an SDK-parsed result keeps every block, and the image's name was reported", async () => {
    const png = await ContentPart.image(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), { name: "shot.png" });
    const { losses, onLoss } = collectLosses();
    const out = toMcp(ToolResult.ok("x", { parts: [png] }), { onLoss });
    expect(CallToolResultSchema.parse(out)).toEqual(out);
    expect(losses).toEqual([{ provider: "mcp", path: "parts[0].name", reason: expect.any(String), part: png }]);
    // Read back: the image comes back without the name, and nothing else is lost.
    const back = fromMcp(CallToolResultSchema.parse(out));
    expect(back.parts![0]!.toJSON()).toEqual({ type: "image", mimeType: "image/png", data: png.data });
  });

  it("an image block the SDK accepts without mimeType would be sniffed, never lost", () => {
    const { losses, onLoss } = collectLosses();
    const r = fromMcp({ content: [{ type: "image", data: "iVBORw0KGgoAAAANSUhEUg==" }] }, { onLoss });
    expect(r.parts!.map((p) => p.toJSON())).toEqual([{ type: "image", mimeType: "image/png", data: "iVBORw0KGgoAAAANSUhEUg==" }]);
    expect(r.output).toBe("image (image/png, 16 bytes)");
    expect(losses).toEqual([]);
  });
});

describe("options (fixtures/providers/mcp.json, optionRefusals): an own key the function does not know is refused", () => {
  it.each(optionRefusals.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const [value, options] = c.args;
    const e = thrownValidation(() => (c.call === "toMcp" ? toMcp(ToolResult.fromJSON(value), options as never) : fromMcp(value as never, options as never)));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
    expect(e.message).toContain(c.hint);
  });

  it("a key found only on the prototype chain is no option", () => {
    const options = Object.create({ unsuported: "omit" }) as object;
    expect(toMcp(ToolResult.ok("x"), options).content).toEqual([{ type: "text", text: "x" }]);
    expect(fromMcp({ content: [] }, options).output).toBe("");
  });
});
