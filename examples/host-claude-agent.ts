// Use it with the Claude Agent SDK: `canUseTool` turns the SDK's permission check into a toolnexus approval
// Request (kept as JSON until a person answers) and the Answer into the PermissionResult; a tool served by the
// SDK's in-process MCP server returns `toMcp(result)`, parts included. `query()` needs the Claude Code CLI, so
// this example calls `canUseTool` itself with the arguments the SDK passes, and calls the tool through an
// in-memory MCP client.
import assert from "node:assert/strict";
import { join } from "node:path";
import { createSdkMcpServer, tool, type CanUseTool } from "@anthropic-ai/claude-agent-sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { Answer, ContentPart, Request, ToolResult, type AnswerJSON, type RequestJSON } from "toolnexus";
import { fromClaudeToolPermission, fromMcp, toClaudePermissionResult, toMcp } from "toolnexus/providers";

// 1. A tool on the SDK's in-process MCP server: its handler returns toMcp(result), never the ToolResult itself.
const chart = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"));
const draw = tool("draw_chart", "Draws a chart", { title: z.string() }, async ({ title }) => toMcp(ToolResult.ok(`Chart: ${title}`, { parts: [chart] })));
const charts = createSdkMcpServer({ name: "charts", version: "1.0.0", tools: [draw] }); // pass as options.mcpServers.charts

// 2. canUseTool: the permission check becomes a Request, kept until the answer arrives.
const pending = new Map<string, RequestJSON>();
const answers = new Map<string, AnswerJSON>(); // filled by the approval UI, maybe in another process
const canUseTool: CanUseTool = async (toolName, input, options) => {
  const request = fromClaudeToolPermission(toolName, input, options);
  pending.set(request.id, request.toJSON());
  const answer = await waitForAnswer(request.id);
  return toClaudePermissionResult(answer, Request.fromJSON(pending.get(request.id)));
};
async function waitForAnswer(id: string): Promise<Answer> {
  for (;;) {
    const json = answers.get(id);
    if (json !== undefined) return Answer.fromJSON(json);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// The SDK asks (as query() would) about a call to the chart tool...
const signal = new AbortController().signal;
const asked = canUseTool("mcp__charts__draw_chart", { title: "Q3" }, { signal, toolUseID: "toolu_1", requestId: "req-1" });
await new Promise((r) => setTimeout(r, 10));
const request = Request.fromJSON(pending.get("toolu_1"));
assert.equal(request.prompt, 'Approve the call to tool "mcp__charts__draw_chart" with input {"title":"Q3"}?');
// ...a person approves, with an edited title...
answers.set("toolu_1", Answer.accept(request, { input: { title: "Q3 revenue" } }).toJSON());
const permission = await asked;
assert.deepEqual(permission, { behavior: "allow", updatedInput: { title: "Q3 revenue" } });

// ...and the SDK calls the tool with the updated input, on its in-process server.
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await charts.instance.connect(serverSide);
const client = new Client({ name: "host", version: "1.0.0" });
await client.connect(clientSide);
const result = fromMcp(await client.callTool({ name: "draw_chart", arguments: permission.behavior === "allow" ? permission.updatedInput ?? {} : {} }));
await client.close();
assert.equal(result.output, "Chart: Q3 revenue");
assert.deepEqual(result.parts?.[0]?.bytes(), chart.bytes());

// A refusal denies; a cancellation also stops the run.
assert.deepEqual(toClaudePermissionResult(Answer.decline(request), request), { behavior: "deny", message: "declined" });
assert.deepEqual(toClaudePermissionResult(Answer.decline(request, "cancelled"), request), { behavior: "deny", message: "cancelled", interrupt: true });
console.log("Claude Agent SDK: toolu_1 approved with an edited input; the tool's image came back", result.parts?.length, "part");
