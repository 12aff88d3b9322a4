// Use it with MCP: a server tool that suspends, asks the person through the client (elicitation), and resumes.
// The tool returns a pending ToolResult when it needs an answer; the host keeps that result as JSON in a store,
// asks the client in the mode the client declared (here a client with form mode only), reads the reply as an
// Answer, and calls the tool again with it. Real MCP SDK client and server, linked in memory; no network.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { Answer, Request, ToolResult, ValidationError } from "toolnexus";
import { fromMcp, fromMcpElicitation, fromMcpElicitResult, toMcp, toMcpElicitation, toMcpElicitResult } from "toolnexus/providers";

// The tool: it deploys a service, once a person has said where. Without an answer it pauses.
function deploy(service: string, answer?: Answer): ToolResult {
  if (answer === undefined) {
    const schema = { type: "object", properties: { env: { type: "string", enum: ["staging", "production"] } }, required: ["env"] };
    return ToolResult.pending(Request.create({ kind: "input", prompt: `Where should ${service} go?`, data: { schema } }));
  }
  if (!answer.ok) return ToolResult.error(`Deploy of ${service} ${answer.reason}`);
  const env = answer.data?.env;
  return typeof env === "string" ? ToolResult.ok(`Deployed ${service} to ${env}`) : ToolResult.error("No environment given");
}

// The store a durable host would use (a database table): pending results as JSON, by request id.
const store = new Map<string, string>();

const server = new McpServer({ name: "deployer", version: "1.0.0" });
server.registerTool("deploy", { description: "Deploys a service", inputSchema: { service: z.string() } }, async ({ service }) => {
  const first = deploy(service);
  const request = first.pending;
  if (request === undefined) return toMcp(first);

  // 1. Keep the pending result, as JSON, with what is needed to call the tool again.
  store.set(request.id, JSON.stringify({ service, result: first }));

  // 2. Ask the person, in a mode this client declared. A client that cannot be asked gets the pending result.
  let params;
  try {
    params = toMcpElicitation(request, { capabilities: server.server.getClientCapabilities() });
  } catch (e) {
    if (e instanceof ValidationError && e.code === "unsupported") return toMcp(first);
    throw e;
  }
  const reply = await server.server.elicitInput(params);

  // 3. The answer arrives: read the kept result back from the store, and match the answer to its request.
  const kept: { service: string; result: unknown } = JSON.parse(store.get(request.id) ?? "null");
  const pending = ToolResult.fromJSON(kept.result).pending;
  assert.ok(pending !== undefined && pending.equals(request));
  const answer = fromMcpElicitResult(pending, reply);
  assert.ok(answer.answers(pending));

  // 4. Call the tool again with the answer.
  store.delete(request.id);
  return toMcp(deploy(kept.service, answer));
});

// The person's app: an MCP client with form-mode elicitation only (`elicitation: {}`).
const client = new Client({ name: "person-app", version: "1.0.0" }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, async ({ params }) => {
  const asked = fromMcpElicitation(params); // the client's toolnexus view of the question
  console.log("ok: the person is asked:", JSON.stringify(asked.prompt));
  return toMcpElicitResult(Answer.accept(asked, { env: "staging" }));
});
const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

const result = fromMcp(await client.callTool({ name: "deploy", arguments: { service: "api" } }));
assert.equal(result.output, "Deployed api to staging");
assert.equal(store.size, 0);
console.log("ok: the tool resumed with the answer:", JSON.stringify(result.output));
await client.close();
await server.close();
