// Use it with MCP 2026-07-28: a server tool that pauses answers the call with `input_required` instead of
// pushing an elicitation; the client asks the person and retries the same call with the answer. The paused
// request travels in `requestState`, sealed by the MCP SDK's own codec (an HMAC the client cannot forge), and
// is read back from the verified state on the retry. Real MCP SDK v2 server and client, in-process (the
// client's fetch calls the server's handler); no network. See docs/hosts/mcp.md.
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport, isInputRequiredResult } from "@modelcontextprotocol/client";
import { McpServer, createMcpHandler, createRequestStateCodec, type InputRequiredResult, type ServerContext } from "@modelcontextprotocol/server";
import { Answer, Request, ToolResult, type RequestJSON } from "toolnexus";
import { fromMcp, fromMcpInputRequired, fromMcpInputResponses, toMcp, toMcpInputRequired, toMcpInputResponses } from "toolnexus/providers";

// The sealing key: at least 32 bytes, the same on every server instance that may see the retry.
const key = "example key: use a secret of at least 32 random bytes";
// Bound to the method (bind to the authenticated principal too, where there is one).
const bind = (ctx: ServerContext): string => ctx.mcpReq.method;
// The server's verifier. It refuses a state that was changed, expired or minted under another binding.
const codec = createRequestStateCodec<RequestJSON>({ key, bind });

/** Seals a request into requestState; the state expires with the request when it has an expiry. */
async function seal(request: Request, ctx: ServerContext): Promise<string> {
  const ttlSeconds = request.expiresAt === undefined ? 600 : Math.floor((Date.parse(request.expiresAt) - Date.now()) / 1000);
  return createRequestStateCodec<RequestJSON>({ key, bind, ttlSeconds }).mint(request.toJSON(), ctx);
}

let deployed = 0;
const handler = createMcpHandler(() => {
  const server = new McpServer({ name: "deployer", version: "1.0.0" }, { requestState: { verify: codec.verify } });
  server.registerTool("deploy", { description: "Deploys to production, once a person approves" }, async (ctx) => {
    // On the retry: the state is verified before the tool runs; the request is read back from it.
    const sealed = ctx.mcpReq.requestState<RequestJSON>();
    if (sealed !== undefined) {
      const request = Request.fromJSON(sealed);
      const answer = fromMcpInputResponses(request, ctx.mcpReq.inputResponses);
      if (answer?.ok === true) {
        deployed += 1;
        return toMcp(ToolResult.ok("Deployed to production"));
      }
      if (answer !== undefined) return toMcp(ToolResult.error(`Not deployed: the deployment was ${answer.reason ?? "refused"}`));
    }
    // The first call (or a retry without the answer): pause, keyed by the request's id.
    const paused = ToolResult.pending({ kind: "approval", prompt: "Deploy to production?", expiresAt: new Date(Date.now() + 5 * 60_000) });
    const result = toMcpInputRequired(paused, { capabilities: server.server.getClientCapabilities(), requestState: await seal(paused.pending, ctx) });
    // The SDK (2.4.0) types a URL-mode entry with the 2025 elicitationId, which 2026-07-28 removed.
    return result as InputRequiredResult;
  });
  return server;
});

// A client that handles input_required itself (manual mode), pinned to the 2026-07-28 revision.
const client = new Client(
  { name: "release-desk", version: "1.0.0" },
  { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } },
);
await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch: (url, init) => handler.fetch(new globalThis.Request(url, init)) }));

const first = await client.callTool({ name: "deploy", arguments: {} }, { allowInputRequired: true });
assert.ok(isInputRequiredResult(first));
const { requests, requestState } = fromMcpInputRequired(first);
assert.equal(requests.length, 1);
const [approval] = requests;
assert.ok(approval !== undefined);
assert.equal(approval.prompt, "Deploy to production?");
console.log(`asked: ${approval.prompt} (request ${approval.id})`);

// The person says yes. The retry holds the answer under the request's id, and the state as it came.
const retry = { name: "deploy", arguments: {}, inputResponses: toMcpInputResponses([Answer.accept(approval)], requests), requestState };
const done = fromMcp(await client.callTool(retry));
assert.deepEqual(done.toJSON(), { output: "Deployed to production", isError: false });
console.log(`result: ${done.output}`);

// A client that rewrites the state (to change what was approved) is refused by the codec, before the tool runs.
assert.ok(requestState !== undefined);
const [prefix, , mac] = requestState.split(".");
const forged = Buffer.from(JSON.stringify({ p: { ...approval.toJSON(), prompt: "Deploy to staging?" }, exp: 4102444800 })).toString("base64url");
const tampered = { ...retry, requestState: `${prefix}.${forged}.${mac}` };
await assert.rejects(client.callTool(tampered), { code: -32602 });
console.log("a forged requestState: refused (-32602)");

// A "no" deploys nothing.
const no = { ...retry, inputResponses: toMcpInputResponses([Answer.decline(approval)], requests) };
assert.deepEqual(fromMcp(await client.callTool(no)).toJSON(), { output: "Not deployed: the deployment was declined", isError: true });
assert.equal(deployed, 1);
console.log("a decline: not deployed");
await client.close();
