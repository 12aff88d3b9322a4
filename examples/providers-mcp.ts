// MCP, both ways: an MCP server returns a toolnexus result with `toMcp`, and a client reads the call's result
// back into a `ToolResult` with `fromMcp`. Server and client run in this process over the SDK's in-memory
// transport.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ContentPart, ToolResult } from "toolnexus";
import { fromMcp, toMcp, type Loss } from "toolnexus/providers";

const media = (file: string) => join(import.meta.dirname, "..", "fixtures", "media", file);
const report = await ContentPart.file(media("fixture.pdf"));
const chart = await ContentPart.image(media("fixture.png"));
const dashboard = ContentPart.fromUrl("https://example.com/dash/q3.png", { name: "Q3 dashboard" });

// The server side: a tool body returns a ToolResult; toMcp turns it into the CallToolResult MCP sends.
async function quarterlyReport(quarter: string): Promise<ToolResult> {
  if (quarter !== "Q3") return ToolResult.error(`No report for ${quarter}`);
  return ToolResult.ok(`Report for ${quarter}`, { parts: [report, chart, dashboard], metadata: { cache: "hit" } });
}

const direct = toMcp(await quarterlyReport("Q3"));
assert.deepEqual(direct, {
  isError: false,
  content: [
    { type: "text", text: "Report for Q3" },
    { type: "resource", resource: { uri: "fixture.pdf", mimeType: "application/pdf", blob: report.data } },
    { type: "image", data: chart.data, mimeType: "image/png" },
    { type: "resource_link", uri: "https://example.com/dash/q3.png", name: "Q3 dashboard", mimeType: "image/png" },
  ],
});
assert.deepEqual(CallToolResultSchema.parse(direct), direct);
console.log("ok: toMcp gives text, an embedded resource, an image and a resource_link; the SDK's schema keeps every key");
assert.deepEqual(toMcp(await quarterlyReport("Q3"), { meta: true })._meta, { cache: "hit" });
console.log("ok: metadata goes into _meta only when asked for");

const server = new McpServer({ name: "reports", version: "1.0.0" });
server.registerTool("quarterly_report", { description: "A quarter's report", inputSchema: { quarter: z.string() } }, async ({ quarter }) =>
  toMcp(await quarterlyReport(quarter)),
);
const client = new Client({ name: "agent", version: "1.0.0" });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

// The client side: whatever the server sent comes back as a ToolResult.
const got = fromMcp(CallToolResultSchema.parse(await client.callTool({ name: "quarterly_report", arguments: { quarter: "Q3" } })));
assert.equal(got.output, "Report for Q3");
assert.equal(got.isError, false);
assert.deepEqual(
  got.parts?.map((p) => p.toJSON()),
  [report.toJSON(), chart.toJSON(), dashboard.toJSON()],
);
console.log("ok: over MCP and back, the parts are the ones the tool returned:", got.parts?.map((p) => p.summary()).join(", "));

const failed = fromMcp(CallToolResultSchema.parse(await client.callTool({ name: "quarterly_report", arguments: { quarter: "Q9" } })));
assert.equal(failed.isError, true);
assert.equal(failed.output, "No report for Q9");
console.log("ok: isError survives the round trip");

// A block fromMcp cannot read is never dropped silently: onLoss hears of it and the output names it (by the
// name and uri it carries; a block with neither, by what was wrong: `[unsupported MCP content block (unknown type "video")]`).
const losses: Loss[] = [];
const odd = fromMcp({ content: [{ type: "text", text: "Clip ready" }, { type: "video", uri: "https://example.com/v.mp4" }] }, { onLoss: (l) => losses.push(l) });
assert.equal(odd.output, "Clip ready\n[unsupported MCP video: https://example.com/v.mp4]");
assert.equal(losses[0]?.path, "content[1]");
console.log("ok: an unknown block is reported and named:", JSON.stringify(odd.output.split("\n")[1]));

await client.close();
await server.close();
