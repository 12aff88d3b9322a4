// Type tests compiled with `exactOptionalPropertyTypes: true` (spec/types/exact/tsconfig.json, run by
// `npm run typecheck`): the SDKs' own values are inputs of the readers, without a cast. Every line marked
// `@ts-expect-error` must fail to compile (an unused marker is itself an error). Nothing here runs.
import type { RunToolApprovalItem } from "@openai/agents-core";
import type { ToolApprovalRequest, ToolApprovalResponse } from "@ai-sdk/provider-utils";
import type { ToolApprovalRequestOutput, ToolSet } from "ai";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult, ClientCapabilities, ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { Request } from "toolnexus";
import {
  fromAgentsInterruption,
  fromAiSdkApprovalRequest,
  fromAiSdkApprovalResponse,
  fromMcp,
  fromMcpElicitation,
  fromMcpElicitResult,
  toMcpElicitation,
  type McpCallToolResultInput,
} from "toolnexus/providers";

export async function mcpClient(client: Client, result: CallToolResult): Promise<void> {
  fromMcp(result);
  fromMcp(await client.callTool({ name: "search", arguments: { q: "x" } }));
  // @ts-expect-error: a string is not a CallToolResult
  fromMcp("text");
}

export function mcpElicitation(params: ElicitRequest["params"], result: ElicitResult, request: Request): Request {
  fromMcpElicitResult(request, result);
  // @ts-expect-error: an ElicitResult is not params
  fromMcpElicitation(result);
  return fromMcpElicitation(params);
}

export function mcpCapabilities(server: Server, capabilities: ClientCapabilities, request: Request): void {
  toMcpElicitation(request, { capabilities: server.getClientCapabilities() });
  toMcpElicitation(request, { capabilities });
  toMcpElicitation(request, { capabilities: { elicitation: {} } });
  // @ts-expect-error: capabilities is an object
  toMcpElicitation(request, { capabilities: "form" });
}

export function agents(item: RunToolApprovalItem): Request {
  fromAgentsInterruption(item.toJSON());
  return fromAgentsInterruption(item);
}

export function aiSdk(part: ToolApprovalRequestOutput<ToolSet>, messagePart: ToolApprovalRequest, response: ToolApprovalResponse): Request {
  fromAiSdkApprovalRequest(messagePart);
  fromAiSdkApprovalResponse(response);
  return fromAiSdkApprovalRequest(part);
}

// What fromMcp reads stays readable by hand too.
export const byHand: McpCallToolResultInput = { content: [{ type: "text", text: "x" }] };
