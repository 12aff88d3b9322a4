// Suspension bridges: a tool pauses on a login; the same toolnexus Request is carried to an MCP client (as a
// URL-mode elicitation) and back, then answered from a Vercel AI SDK approval UI. The MCP client and server
// are the real SDK's, linked in memory; nothing touches the network.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ToolApprovalRequest, ToolApprovalResponse } from "ai";
import { Answer, Request, ToolResult, ValidationError } from "toolnexus";
import {
  fromAiSdkApprovalResponse,
  fromMcpElicitation,
  fromMcpElicitResult,
  toAiSdkApprovalRequest,
  toMcpElicitation,
  toMcpElicitResult,
} from "toolnexus/providers";

// The tool: it lists an organisation's repositories, once the person has logged in.
function listRepos(org: string, answer?: Answer): ToolResult {
  if (!answer) return ToolResult.authRequired(`https://auth.example.com/login?org=${org}`, "Log in to list the repositories");
  if (!answer.ok) return ToolResult.error(`Not logged in (${answer.reason})`);
  return ToolResult.ok(`${org}: api, web, docs`);
}

const paused = listRepos("acme");
assert.equal(paused.isPending, true);
const request = paused.pending!;
const stored = JSON.stringify(paused); // a durable host keeps the paused result as text
console.log("ok: the tool paused on a login:", JSON.stringify(request.prompt));

// 1. MCP: the host is an MCP server, the person's app an MCP client that can open links (URL mode).
const server = new Server({ name: "repo-host", version: "1.0.0" }, { capabilities: {} });
const client = new Client({ name: "person-app", version: "1.0.0" }, { capabilities: { elicitation: { url: {} } } });
client.setRequestHandler(ElicitRequestSchema, async ({ params }) => {
  const shown = fromMcpElicitation(params); // the client's own toolnexus view of what it was asked
  assert.equal(shown.kind, "authorization");
  assert.equal(shown.id, request.id);
  assert.equal(shown.url, request.url);
  console.log("ok: the MCP client was sent to", shown.url);
  return toMcpElicitResult(Answer.accept(shown)); // the person opened the link and logged in
});
const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

const params = toMcpElicitation(request);
assert.deepEqual(params, { mode: "url", message: "Log in to list the repositories", elicitationId: request.id, url: "https://auth.example.com/login?org=acme" });
const result = await server.elicitInput(params);
assert.deepEqual(result, { action: "accept" });
const viaMcp = fromMcpElicitResult(request, result);
assert.ok(viaMcp.answers(request) && viaMcp.ok);
assert.equal(listRepos("acme", viaMcp).output, "acme: api, web, docs");
console.log("ok: answered over MCP, the tool resumed:", listRepos("acme", viaMcp).output);
await client.close();
await server.close();

// A login never travels as a form: without a url, an authorization request is refused before MCP sees it.
assert.throws(() => toMcpElicitation(Request.create({ kind: "authorization", prompt: "Your password?" })), (e: unknown) => e instanceof ValidationError && e.code === "missing" && e.path === "url");
console.log("ok: an authorization request without a url is a ValidationError, never a form");

// 2. The same request, read back from storage and answered from an AI SDK approval UI.
const restored = ToolResult.fromJSON(JSON.parse(stored)).pending!;
assert.ok(restored.equals(request));
const approval = toAiSdkApprovalRequest(restored, { toolCallId: "call-1" }); // tied to the tool call that paused
assert.equal(approval.reason, "Log in to list the repositories\nhttps://auth.example.com/login?org=acme");

// The UI shows the reason with Approve / Deny buttons, and sends back the SDK's approval response.
function approvalUi(part: ToolApprovalRequest, loggedIn: boolean): ToolApprovalResponse {
  return loggedIn
    ? { type: "tool-approval-response", approvalId: part.approvalId, approved: true }
    : { type: "tool-approval-response", approvalId: part.approvalId, approved: false, reason: "No account" };
}

const viaAiSdk = fromAiSdkApprovalResponse(approvalUi(approval, true));
assert.ok(viaAiSdk.answers(restored) && viaAiSdk.ok);
assert.equal(listRepos("acme", viaAiSdk).output, "acme: api, web, docs");
console.log("ok: answered from the AI SDK approval UI, the tool resumed:", listRepos("acme", viaAiSdk).output);

const refused = fromAiSdkApprovalResponse(approvalUi(approval, false));
assert.deepEqual(refused.toJSON(), { id: restored.id, ok: false, reason: "declined", data: { reason: "No account" } });
assert.equal(listRepos("acme", refused).output, "Not logged in (declined)");
console.log("ok: a denial comes back as", JSON.stringify(refused));
