// Amazon Bedrock (docs/hosts/bedrock.md), proved by the SDK itself: each projection of fixtures/hosts/bedrock.json
// is sent in a `ConverseCommand` through a `requestHandler` that captures the request, and the captured JSON body
// is asserted; the block is returned as the response's message, which the SDK parses (bytes back to Uint8Array),
// and read back with fromBedrock. Then the round-trip law on generated results, and histories stored with
// JSON.stringify (a Uint8Array as an object of byte values, a Buffer as { type: "Buffer", data }).
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { ContentPart, ToolResult, ValidationError, type ToolResultJSON } from "toolnexus";
import { fromBedrock, toBedrock, type BedrockOptions, type BedrockToolResultBlock, type Loss } from "toolnexus/bedrock";
import { timeout } from "../../properties/settings";
import { loadJSON } from "../../support/fixtures";
import { converse } from "./harness";

interface Case {
  name: string;
  result: ToolResultJSON;
  options: BedrockOptions;
  body: unknown;
  losses: string[];
  read: ToolResultJSON;
}
interface Refusal {
  name: string;
  options: Record<string, unknown>;
  code: string;
  path: string;
}
interface ReadRefusal {
  name: string;
  value: unknown;
  code: string;
  path: string;
}

const fx = loadJSON<{ cases: Case[]; refusals: Refusal[]; readRefusals: ReadRefusal[] }>("hosts/bedrock.json");

describe("toBedrock through the SDK's ConverseCommand (fixtures/hosts/bedrock.json)", () => {
  it.each(fx.cases.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
    const heard: Loss[] = [];
    const block = toBedrock(ToolResult.fromJSON(c.result), { ...c.options, onLoss: (l) => heard.push(l) });
    expect(heard.map((l) => l.path)).toEqual(c.losses);
    const { sent, parsed } = await converse(block);
    expect(sent).toEqual(c.body);
    // The SDK's own parse of the block, read back.
    expect(fromBedrock(parsed).toJSON()).toEqual(c.read);
  });

  it("sends each part's bytes as a fresh Uint8Array, never the result's memory, never base64 text", () => {
    const r = ToolResult.ok("see", { parts: [ContentPart.fromBytes(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), { mimeType: "image/png" })] });
    const a = toBedrock(r, { toolUseId: "t1" });
    const b = toBedrock(r, { toolUseId: "t1" });
    const bytesOf = (x: BedrockToolResultBlock): unknown => (x.toolResult.content[1] as { image: { source: { bytes: unknown } } }).image.source.bytes;
    expect(bytesOf(a)).toBeInstanceOf(Uint8Array);
    expect(bytesOf(a)).toEqual(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(bytesOf(a)).not.toBe(bytesOf(b));
    expect(Object.isFrozen(a.toolResult)).toBe(false);
  });

  it.each(fx.refusals.map((c) => [c.name, c] as const))("refuses %s", (_n, c) => {
    let e: unknown;
    try {
      toBedrock(ToolResult.ok("x"), c.options as unknown as BedrockOptions);
    } catch (caught) {
      e = caught;
    }
    expect(e).toBeInstanceOf(ValidationError);
    expect({ code: (e as ValidationError).code, path: (e as ValidationError).path }).toEqual({ code: c.code, path: c.path });
  });
});

describe("fromBedrock", () => {
  it("reads a json block as its compact JSON text, text blocks joined by a line break", () => {
    const r = fromBedrock({ toolResult: { toolUseId: "t1", content: [{ text: "rows:" }, { json: { rows: [1, 2], ok: true } }] } });
    expect(r.toJSON()).toEqual({ output: 'rows:\n{"rows":[1,2],"ok":true}', isError: false });
  });

  it.each(fx.readRefusals.map((c) => [c.name, c] as const))("refuses %s", (_n, c) => {
    let e: unknown;
    try {
      fromBedrock(c.value as never);
    } catch (caught) {
      e = caught;
    }
    expect(e).toBeInstanceOf(ValidationError);
    expect({ code: (e as ValidationError).code, path: (e as ValidationError).path }).toEqual({ code: c.code, path: c.path });
  });
});

// ---------------------------------------------------------------------------------------------------------
// The law, on generated results Bedrock carries.

const IMAGES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
const DOCUMENTS = ["application/pdf", "text/csv", "text/plain", "text/markdown", "text/html", "application/msword"] as const;
const VIDEOS = ["video/mp4", "video/webm", "video/quicktime", "video/3gpp"] as const;
const bytes = fc.uint8Array({ minLength: 1, maxLength: 24 });
/** A name Bedrock's document rule keeps as it is. */
const docName = fc.stringMatching(/^[a-zA-Z0-9()[\]-]{1,8}( [a-zA-Z0-9()[\]-]{1,8}){0,2}$/);
const part = fc.oneof(
  fc.tuple(fc.constantFrom(...IMAGES), bytes).map(([mimeType, b]) => ContentPart.fromBytes(b, { mimeType, verifyMime: false })),
  fc.tuple(fc.constantFrom(...DOCUMENTS), bytes, fc.option(docName, { nil: undefined })).map(([mimeType, b, name]) => ContentPart.fromBytes(b, name === undefined ? { mimeType, verifyMime: false } : { mimeType, name, verifyMime: false })),
  fc.tuple(fc.constantFrom(...VIDEOS), bytes).map(([mimeType, b]) => ContentPart.fromBytes(b, { mimeType, verifyMime: false })),
);
const output = fc.string({ maxLength: 30 }).filter((s) => s.trim() !== "");
const results = fc
  .tuple(output, fc.boolean(), fc.array(part, { maxLength: 4 }), fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.integer()), { nil: undefined }))
  .map(([out, isError, parts, metadata]) => {
    const init = { ...(parts.length > 0 ? { parts } : {}), ...(metadata === undefined ? {} : { metadata }) };
    return isError ? ToolResult.error(out, init) : ToolResult.ok(out, init);
  });

/** `r` as Bedrock carries it: no metadata, image and video parts without names, a nameless document named part-<i>. */
function carried(r: ToolResult): ToolResult {
  const parts = r.parts?.map((p, i) => (p.type === "image" || p.mimeType?.startsWith("video/") === true ? p.withName(undefined) : p.name === undefined ? p.withName(`part-${i}`) : p));
  const init = parts === undefined ? {} : { parts };
  return r.isError ? ToolResult.error(r.output, init) : ToolResult.ok(r.output, init);
}

/** `v` with each Uint8Array as a Buffer, as a Node host may hold bytes (JSON.stringify writes { type: "Buffer", data }). */
function withBuffers(v: unknown): unknown {
  if (v instanceof Uint8Array) return Buffer.from(v);
  if (Array.isArray(v)) return v.map(withBuffers);
  if (typeof v !== "object" || v === null) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withBuffers(x)]));
}

describe("law: fromBedrock(toBedrock(r)) equals r without its metadata and the names Bedrock cannot carry", () => {
  it(
    "on generated results, directly",
    () => {
      fc.assert(
        fc.property(results, (r) => {
          expect(fromBedrock(toBedrock(r, { toolUseId: "tooluse_1" })).equals(carried(r))).toBe(true);
        }),
      );
    },
    timeout(),
  );

  it(
    "on generated results, through the SDK's serializer and parser",
    async () => {
      await fc.assert(
        fc.asyncProperty(results, async (r) => {
          const { parsed } = await converse(toBedrock(r, { toolUseId: "tooluse_1" }));
          expect(fromBedrock(parsed).equals(carried(r))).toBe(true);
        }),
        { numRuns: 50 },
      );
    },
    timeout(),
  );

  it(
    "on generated results, after a history stored with JSON.stringify (Uint8Array and Buffer bytes)",
    () => {
      fc.assert(
        fc.property(results, fc.boolean(), (r, buffers) => {
          const block = toBedrock(r, { toolUseId: "tooluse_1" });
          const history = [{ role: "user", content: [buffers ? withBuffers(block) : block] }];
          const text = JSON.stringify(history);
          const back = (JSON.parse(text) as { content: unknown[] }[])[0]!.content[0] as BedrockToolResultBlock;
          expect(fromBedrock(back).equals(carried(r))).toBe(true);
        }),
      );
    },
    timeout(),
  );
});
