// Type tests compiled with `exactOptionalPropertyTypes: true` (spec/types/exact/tsconfig.json, run by
// `npm run typecheck`): the MCP SDK v2's own values are inputs of the MCP 2026-07-28 functions, without a cast.
// Every line marked `@ts-expect-error` must fail to compile. Nothing here runs.
import { isInputRequiredResult, type CallToolResult, type Client } from "@modelcontextprotocol/client";
import type { InputResponses, McpServer, ServerContext } from "@modelcontextprotocol/server";
import type { Answer, Request } from "toolnexus";
import { fromMcpInputRequired, fromMcpInputResponses, toMcpInputRequired, toMcpInputResponses, type McpInputRequired } from "toolnexus/providers";
import type { PendingResult, ToolResult } from "toolnexus";

export async function manualClient(client: Client): Promise<McpInputRequired | CallToolResult> {
  const first = await client.callTool({ name: "deploy", arguments: {} }, { allowInputRequired: true });
  // @ts-expect-error: a complete CallToolResult has no resultType; narrow with the SDK's guard first
  fromMcpInputRequired(first);
  return isInputRequiredResult(first) ? fromMcpInputRequired(first, { onLoss: undefined }) : first;
}

export function server(mcp: McpServer, ctx: ServerContext, request: Request, paused: PendingResult<ToolResult>, answers: Answer[], requests: Request[]): InputResponses {
  fromMcpInputResponses(request, ctx.mcpReq.inputResponses);
  toMcpInputRequired(paused, { capabilities: mcp.server.getClientCapabilities(), requestState: undefined });
  // @ts-expect-error: requestState is a string
  toMcpInputRequired(paused, { requestState: 1 });
  return toMcpInputResponses(answers, requests);
}
