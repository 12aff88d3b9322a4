// Reading the wire: ToolResult.fromJSON against JSON.parse plus a native decode of each payload, and against
// the MCP SDK's zod schema for the same result.
import { do_not_optimize } from "mitata";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { base64, pngBytes, MiB } from "../lib/data.mjs";

const OUTPUT = "Rendered the chart for Q3 revenue.";

/** The wire text of a result holding one PNG of `size` bytes, in toolnexus's and in MCP's shape. */
function wire(size) {
  const data = base64(pngBytes(size));
  return {
    toolnexus: JSON.stringify({ output: OUTPUT, isError: false, parts: [{ type: "image", mimeType: "image/png", data }] }),
    mcp: JSON.stringify({ content: [{ type: "text", text: OUTPUT }, { type: "image", data, mimeType: "image/png" }], isError: false }),
  };
}

/** JSON.parse plus one native base64 decode of each payload: the least any checking reader must do. */
function parseAndDecode(s) {
  const v = JSON.parse(s);
  for (const p of v.parts) if (p.data !== undefined) do_not_optimize(Buffer.from(p.data, "base64"));
  return v;
}

/** Decodes base64 into reused memory, slice by slice, counting what was written: the check's one native pass. */
const SLICE = 1 << 18;
let scratch;
function decodeInto(s) {
  scratch ??= Buffer.allocUnsafeSlow((SLICE / 4) * 3);
  let n = 0;
  for (let i = 0; i < s.length; i += SLICE) n += scratch.write(s.length <= SLICE ? s : s.slice(i, i + SLICE), "base64");
  return n;
}

/** @param {typeof import("../../dist/esm/index.js")} tn */
export function wireTargets(tn) {
  const { ToolResult, ContentPart } = tn;
  const five = wire(5 * MiB);
  const one = wire(1 * MiB);
  // Both readers accept what they are given, and read the same image.
  const r5 = ToolResult.fromJSON(JSON.parse(five.toolnexus));
  const oneMcp = JSON.parse(one.mcp);
  const oneToolnexus = JSON.parse(one.toolnexus);
  const m1 = CallToolResultSchema.parse(oneMcp);
  const oneData = oneToolnexus.parts[0].data;
  const r1 = ToolResult.fromJSON(oneToolnexus);
  if (r5.parts[0].byteLength !== 5 * MiB || r1.parts[0].data !== m1.content[1].data) throw new Error("bench setup: the readers disagree");

  return [
    {
      id: "fromJSON",
      title: "ToolResult.fromJSON(JSON.parse(s)), 5 MiB image",
      kind: "heavy",
      limit: 1.2,
      baseline: { label: "JSON.parse(s) + Buffer.from(data, \"base64\") per part", fn: () => do_not_optimize(parseAndDecode(five.toolnexus)) },
      candidate: { label: "ToolResult.fromJSON(JSON.parse(s))", fn: () => do_not_optimize(ToolResult.fromJSON(JSON.parse(five.toolnexus))) },
    },
    {
      id: "fromJSON-vs-mcp",
      title: "ToolResult.fromJSON vs MCP CallToolResultSchema.parse, 1 MiB image",
      kind: "heavy",
      // At least 5x faster: candidate / baseline <= 0.2 (docs/performance.md). Both readers take
      // the parsed value, as their APIs do; JSON.parse, the same for both, is measured end to end in the next row.
      limit: 0.2,
      baseline: { label: "CallToolResultSchema.parse(value)", fn: () => do_not_optimize(CallToolResultSchema.parse(oneMcp)) },
      candidate: { label: "ToolResult.fromJSON(value)", fn: () => do_not_optimize(ToolResult.fromJSON(oneToolnexus)) },
    },
    {
      id: "fromJSON-vs-mcp-floor",
      title: "the floor of a complete base64 check: one native decode of the payload into reused memory, vs MCP's parse (information)",
      kind: "heavy",
      limit: null,
      baseline: { label: "CallToolResultSchema.parse(value)", fn: () => do_not_optimize(CallToolResultSchema.parse(oneMcp)) },
      candidate: { label: "scratch.write(data, \"base64\"), 256 Ki characters a slice", fn: () => do_not_optimize(decodeInto(oneData)) },
    },
    {
      id: "fromJSON-vs-mcp-text",
      title: "the same from the wire text, JSON.parse included on both sides (information)",
      kind: "heavy",
      limit: null,
      baseline: { label: "CallToolResultSchema.parse(JSON.parse(mcp))", fn: () => do_not_optimize(CallToolResultSchema.parse(JSON.parse(one.mcp))) },
      candidate: { label: "ToolResult.fromJSON(JSON.parse(s))", fn: () => do_not_optimize(ToolResult.fromJSON(JSON.parse(one.toolnexus))) },
    },
    {
      id: "canonicalize",
      title: "base64 canonicalization, 50 MiB of URL-safe unpadded base64",
      kind: "slow",
      limit: 2,
      // Built only in the worker that measures this row: about 70 MB of text.
      prepare: () => {
        const urlSafe = Buffer.from(pngBytes(50 * MiB).buffer, 0, 50 * MiB).toString("base64url");
        const options = { mimeType: "application/octet-stream" };
        if (ContentPart.fromBase64(urlSafe, options).data !== Buffer.from(urlSafe, "base64").toString("base64")) throw new Error("bench setup: canonical base64 differs");
        return {
          baseline: { label: "Buffer.from(s, \"base64\").toString(\"base64\") (one native decode and encode)", fn: () => do_not_optimize(Buffer.from(urlSafe, "base64").toString("base64")) },
          candidate: { label: "ContentPart.fromBase64(s, { mimeType })", fn: () => do_not_optimize(ContentPart.fromBase64(urlSafe, options)) },
        };
      },
    },
  ];
}
