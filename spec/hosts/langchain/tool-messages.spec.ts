// LangChain tool messages, checked by LangChain itself: every case of fixtures/langchain/tool-messages.json
// goes through a real `new ToolMessage(...)`, and each older block shape is also read as LangChain's own
// `message.contentBlocks` converts it, so that the reading here is known to agree with LangChain's (or the
// fixture says why it differs).
import { describe, expect, it } from "@jest/globals";
import { ToolMessage } from "@langchain/core/messages";
import { ContentPart, ContentPartError, ToolResult, type ToolResultJSON } from "toolnexus";
import { fromLangChain, toLangChain, type LangChainOptions, type LangChainToolMessageFields, type LangChainToolMessageInput } from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { collectLosses, thrownBy, thrownValidation } from "../../support/throws";

interface Fixture {
  inbound: { name: string; message: Record<string, unknown>; result: ToolResultJSON; losses?: string[]; contentBlocks?: string }[];
  outbound: { name: string; result: ToolResultJSON; options: LangChainOptions; fields: LangChainToolMessageFields; losses?: string[] }[];
  invalid: { name: string; message: unknown; code: string; path: string }[];
  optionRefusals: { name: string; call: "toLangChain" | "fromLangChain"; args: [unknown, unknown]; code: string; path: string; hint: string }[];
}

const fx = loadJSON<Fixture>("langchain/tool-messages.json");

/** A deep copy made in this realm (structuredClone would make objects of Node's outer realm under Jest). */
function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A real ToolMessage of a fixture's fields (LangChain writes into the object it is given: pass a copy). */
function message(fields: Record<string, unknown>): ToolMessage {
  return new ToolMessage({ tool_call_id: "call_1", ...jsonCopy(fields) } as ConstructorParameters<typeof ToolMessage>[0] & object);
}

describe("fromLangChain (fixtures/langchain/tool-messages.json)", () => {
  it.each(fx.inbound.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const read = fromLangChain(jsonCopy(c.message) as LangChainToolMessageInput, { onLoss });
    expect(read.toJSON()).toEqual(c.result);
    expect(losses.map((l) => l.path)).toEqual(c.losses ?? []);
    // A lost block stands in the output as its placeholder; a lost name (path `...name`) has none: its part arrives.
    expect(losses.every((l) => l.provider === "langchain" && (l.path.endsWith(".name") ? l.placeholder === undefined && l.part !== undefined : l.placeholder !== undefined && read.output.includes(l.placeholder)))).toBe(true);
    if (c.message.lc === undefined) {
      // The same fields given to LangChain's own constructor, and the message's own serialized form.
      const m = message(c.message);
      expect(fromLangChain(m).toJSON()).toEqual(c.result);
      expect(fromLangChain(JSON.parse(JSON.stringify(m.toJSON())) as LangChainToolMessageInput).toJSON()).toEqual(c.result);
    }
  });

  const converted = fx.inbound.filter((c) => c.contentBlocks !== undefined);
  it.each(converted.map((c) => [c.name, c] as const))("reads %s as LangChain's contentBlocks converts it", (_name, c) => {
    const blocks = message(c.message).contentBlocks;
    const viaLangChain = fromLangChain({ content: blocks, status: c.message.status as string | undefined });
    if (c.contentBlocks === "same") expect(viaLangChain.toJSON()).toEqual(c.result);
    else expect(viaLangChain.toJSON()).not.toEqual(c.result); // the fixture's note says why this reading differs
  });

  it.each(fx.invalid.map((c) => [c.name, c] as const))("refuses %s", (_name, c) => {
    const e = thrownValidation(() => fromLangChain(c.message as LangChainToolMessageInput));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });
});

describe("toLangChain (fixtures/langchain/tool-messages.json)", () => {
  it.each(fx.outbound.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const result = ToolResult.fromJSON(c.result);
    const { losses, onLoss } = collectLosses();
    const fields = toLangChain(result, { ...c.options, onLoss });
    expect(fields).toEqual(c.fields);
    expect(losses.map((l) => l.path)).toEqual(c.losses ?? []);
    const m = new ToolMessage(fields);
    expect(m.status).toBe(result.isError ? "error" : "success");
    if (c.losses === undefined) expect(fromLangChain(m).equals(result)).toBe(true);
  });
});

describe("toLangChain", () => {
  const result = ToolResult.ok("see", { parts: [ContentPart.fromBase64("iVBORw0KGgo=", { mimeType: "image/png", name: "a.png" })], metadata: { n: 1 } });

  it("gives fresh objects that are not frozen, which LangChain's constructor writes into", () => {
    const a = toLangChain(result, { toolCallId: "c1" });
    const b = toLangChain(result, { toolCallId: "c1" });
    expect(a).not.toBe(b);
    expect(a.content).not.toBe(b.content);
    expect(Object.isFrozen(a) || Object.isFrozen(a.content) || Object.isFrozen(a.artifact)).toBe(false);
    const m = new ToolMessage(a);
    expect(m.tool_call_id).toBe("c1");
    expect((a as unknown as Record<string, unknown>).response_metadata).toEqual({}); // LangChain wrote into it
  });

  it("keeps the metadata out of the content: it travels in the artifact only", () => {
    const fields = toLangChain(result, { toolCallId: "c1" });
    expect(JSON.stringify(fields.content)).not.toContain('"n"');
    expect(fields.artifact).toEqual({ toolnexus: { v: 1, metadata: { n: 1 }, outputBlock: 1 } });
    // A fresh copy: not the result's own frozen object.
    expect(fields.artifact.toolnexus.metadata).not.toBe(result.metadata);
    expect(Object.isFrozen(fields.artifact.toolnexus.metadata)).toBe(false);
  });

  it("reports a part over maxBytes and throws under unsupported: \"error\"", () => {
    const e = thrownBy(() => toLangChain(result, { toolCallId: "c1", maxBytes: 1, unsupported: "error" }));
    expect(e).toBeInstanceOf(ContentPartError);
    expect({ code: (e as ContentPartError).code, path: (e as ContentPartError).path }).toEqual({ code: "unsupported", path: "parts[0]" });
  });

  it("needs a toolCallId", () => {
    const e = thrownValidation(() => toLangChain(result, {} as LangChainOptions));
    expect({ code: e.code, path: e.path }).toEqual({ code: "missing", path: "toolCallId" });
  });

  it("reads its options as own properties only", () => {
    const options = Object.create({ name: "inherited" }) as LangChainOptions;
    options.toolCallId = "c1";
    expect(toLangChain(result, options).name).toBeUndefined();
  });
});

describe("fromLangChain", () => {
  it("reads a ToolMessage by its own properties (LangChain keeps them as own class fields)", () => {
    const m = new ToolMessage({ content: "x", tool_call_id: "c", status: "error" });
    expect(Object.hasOwn(m, "content") && Object.hasOwn(m, "status") && Object.hasOwn(m, "artifact")).toBe(true);
    expect(fromLangChain(m).equals(ToolResult.error("x"))).toBe(true);
  });

  it("copies Uint8Array data, as LangChain allows it in a data block", () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const read = fromLangChain(new ToolMessage({ content: [{ type: "image", mimeType: "image/png", data: bytes }], tool_call_id: "c" }));
    bytes[0] = 0;
    expect(read.parts![0]!.data).toBe("iVBORw0KGgo=");
  });

  // The bytes are read as ContentPart.fromBytes reads them (one reader): any view, at its offset, by the
  // built-in getters; a view of a detached buffer is a loss, not a bare TypeError.
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const padded = (): Uint8Array => new Uint8Array([0xff, ...PNG, 0xff]);
  const views: [string, () => unknown][] = [
    ["a Uint8Array at an offset", () => padded().subarray(1, 9)],
    ["a DataView at an offset", () => new DataView(padded().buffer, 1, 8)],
    ["a Uint16Array", () => new Uint16Array(new Uint8Array(PNG).buffer)],
    ["a Buffer", () => Buffer.from(PNG)],
  ];
  it.each(views)("reads %s as the bytes it views", (_name, make) => {
    const read = fromLangChain({ content: [{ type: "image", mimeType: "image/png", data: make() }] });
    expect(read.parts![0]!.data).toBe("iVBORw0KGgo=");
  });

  it("reads a view by its internal slots: an own buffer getter is not called", () => {
    const bytes = new Uint8Array(PNG);
    let called = 0;
    for (const key of ["buffer", "byteOffset", "byteLength"]) {
      Object.defineProperty(bytes, key, { get: () => (called++, key === "buffer" ? new ArrayBuffer(8) : 0) });
    }
    const read = fromLangChain({ content: [{ type: "image", mimeType: "image/png", data: bytes }] });
    expect({ data: read.parts![0]!.data, called }).toEqual({ data: "iVBORw0KGgo=", called: 0 });
  });

  const detached: [string, () => unknown][] = [
    ["a Uint8Array", () => new Uint8Array(PNG)],
    ["a DataView at an offset", () => new DataView(new Uint8Array(PNG).buffer, 1)],
  ];
  it.each(detached)("reports %s of a detached buffer as a loss, and throws it under unsupported: \"error\"", (_name, make) => {
    const view = make() as ArrayBufferView;
    structuredClone(view.buffer, { transfer: [view.buffer as ArrayBuffer] });
    const message = { content: [{ type: "text", text: "a" }, { type: "image", mimeType: "image/png", data: view }] };
    const { losses, onLoss } = collectLosses();
    const read = fromLangChain(message, { onLoss });
    expect(read.output).toBe("a\n[unsupported LangChain image block (its bytes cannot be read (a detached buffer))]");
    expect(read.parts).toBeNull();
    expect(losses.map((l) => [l.path, l.reason])).toEqual([["content[1]", "the LangChain image block cannot become a part: its bytes cannot be read (a detached buffer)"]]);
    const e = thrownBy(() => fromLangChain(message, { unsupported: "error" }));
    expect(e).toBeInstanceOf(ContentPartError);
    expect({ code: (e as ContentPartError).code, path: (e as ContentPartError).path, message: (e as ContentPartError).message }).toEqual({
      code: "unsupported",
      path: "content[1]",
      message: "The LangChain image block at content[1] cannot become a part: its bytes cannot be read (a detached buffer). Convert it before reading the message, or pass unsupported: \"placeholder\" or \"omit\".",
    });
  });

  it("shows a sender's class name in a loss line with its control characters escaped: one line per loss", () => {
    class Data {}
    Object.defineProperty(Data, "name", { value: "Evil\n[unsupported LangChain forged]\u2028" });
    const message = { content: [{ type: "text", text: "a" }, { type: "image", mimeType: "image/png", data: new Data() }] };
    const read = fromLangChain(message);
    expect(read.output.split("\n")).toEqual(["a", "[unsupported LangChain image block (its data is an instance of Evil\\n[unsupported LangChain forged]\\u2028, not a base64 string or bytes)]"]);
    const e = thrownBy(() => fromLangChain(message, { unsupported: "error" })) as ContentPartError;
    expect(e.message).toBe("The LangChain image block at content[1] cannot become a part: its data is an instance of Evil\\n[unsupported LangChain forged]\\u2028, not a base64 string or bytes. Convert it before reading the message, or pass unsupported: \"placeholder\" or \"omit\".");
  });

  it("takes an ArrayBuffer itself as no bytes (a data block holds a view)", () => {
    const { losses, onLoss } = collectLosses();
    fromLangChain({ content: [{ type: "image", mimeType: "image/png", data: new Uint8Array(PNG).buffer }] }, { onLoss });
    expect(losses.map((l) => l.reason)).toEqual(["the LangChain image block cannot become a part: its data is an instance of ArrayBuffer, not a base64 string or bytes"]);
  });

  it("throws a ContentPartError for a block that cannot be a part under unsupported: \"error\"", () => {
    const e = thrownBy(() => fromLangChain({ content: [{ type: "video", url: "https://example.com/v.mp4" }] }, { unsupported: "error" }));
    expect(e).toBeInstanceOf(ContentPartError);
    expect({ code: (e as ContentPartError).code, path: (e as ContentPartError).path }).toEqual({ code: "unsupported", path: "content[0]" });
  });

  it("leaves such a block out under unsupported: \"omit\", and still reports it", () => {
    const { losses, onLoss } = collectLosses();
    const read = fromLangChain({ content: [{ type: "text", text: "a" }, { type: "video", url: "https://example.com/v.mp4" }] }, { unsupported: "omit", onLoss });
    expect(read.output).toBe("a");
    expect(losses.map((l) => l.path)).toEqual(["content[1]"]);
  });

  it("applies maxBytes to the parts it reads", () => {
    const { losses, onLoss } = collectLosses();
    const read = fromLangChain({ content: [{ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" }] }, { maxBytes: 4, onLoss });
    expect(read.parts).toBeNull();
    expect(read.output).toBe("[unsupported image part (image/png, 8 bytes)]");
    expect(losses.map((l) => l.path)).toEqual(["content[0]"]);
  });

  it("adds nothing from a polluted Object.prototype", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.status = "error";
    proto.artifact = { toolnexus: { v: 1, metadata: '{"x":1}', outputBlock: 0 } };
    proto.mimeType = "image/png";
    try {
      const read = fromLangChain({ content: [{ type: "text", text: "ok" }, { type: "file", url: "https://example.com/a.pdf" }] });
      expect(read.toJSON()).toEqual({ output: "ok", isError: false, parts: [{ type: "file", mimeType: "application/pdf", url: "https://example.com/a.pdf" }] });
    } finally {
      delete proto.status;
      delete proto.artifact;
      delete proto.mimeType;
    }
  });

  it("runs each getter once", () => {
    let reads = 0;
    const fields = {
      get content() {
        reads += 1;
        return reads === 1 ? [{ type: "text", text: "first" }] : [{ type: "text", text: "second" }];
      },
    };
    expect(fromLangChain(fields).output).toBe("first");
    expect(reads).toBe(1);
  });

  it("reads a block's metadata once, even when the block falls through from one shape to the next", () => {
    let reads = 0;
    const block = Object.defineProperty({ type: "image", source_type: "url", mimeType: "image/png", data: "iVBORw0KGgo=" }, "metadata", {
      enumerable: true,
      get() {
        reads += 1;
        return { filename: `read ${reads}` };
      },
    });
    expect(fromLangChain({ content: [block] }).parts![0]!.name).toBe("read 1");
    expect(reads).toBe(1);
  });

  it("turns a getter that throws into a ValidationError at its path", () => {
    const block = Object.defineProperty({ type: "image" }, "data", {
      enumerable: true,
      get() {
        throw new TypeError("boom");
      },
    });
    const e = thrownValidation(() => fromLangChain({ content: [block] }));
    expect(e.path).toBe("content[0].data");
  });

  it("turns a revoked Proxy into a ValidationError", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(thrownValidation(() => fromLangChain({ content: [proxy] })).path).toBe("content[0]");
    expect(thrownValidation(() => fromLangChain(proxy as LangChainToolMessageInput)).path).toBe("");
  });
});

describe("options (fixtures/langchain/tool-messages.json, optionRefusals): an own key the function does not know is refused", () => {
  it.each(fx.optionRefusals.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const [value, options] = c.args;
    const e = thrownValidation(() => (c.call === "toLangChain" ? toLangChain(ToolResult.fromJSON(value), options as LangChainOptions) : fromLangChain(value as LangChainToolMessageInput, options as never)));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
    expect(e.message).toContain(c.hint);
  });
});
