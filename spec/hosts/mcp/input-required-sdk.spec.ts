// MCP 2026-07-28 `input_required` proved by the MCP TypeScript SDK v2 itself, in-process, with no network
// (docs/hosts/mcp.md, "A paused tool as input_required"): an `McpServer` behind `createMcpHandler`, reached by a
// v2 `Client` pinned to 2026-07-28 whose `StreamableHTTPClientTransport` fetches through the handler. The
// toolnexus tool pauses with `toMcpInputRequired(ToolResult.pending(...))`, its request sealed into
// `requestState` by the SDK's `createRequestStateCodec` (the server's `requestState.verify`) and read back
// with `Request.fromJSON(ctx.mcpReq.requestState())`. Answered by a client in auto mode (its
// `elicitation/create` handler) and by one in manual mode (`fromMcpInputRequired`, `toMcpInputResponses`);
// a tampered state is refused by the codec; an approval answered "no" is refused; a 2025 client (v1 SDK)
// is served by the v2 server's legacy shim over a sessionful streamable HTTP transport.
import { afterEach, describe, expect, it } from "@jest/globals";
import { Client, StreamableHTTPClientTransport, isInputRequiredResult, type CallToolResult } from "@modelcontextprotocol/client";
import { McpServer, WebStandardStreamableHTTPServerTransport, createMcpHandler, createRequestStateCodec, type InputRequiredResult, type ServerContext } from "@modelcontextprotocol/server";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema as CallToolResultSchemaV1, ElicitRequestSchema as ElicitRequestSchemaV1 } from "@modelcontextprotocol/sdk/types.js";
import { Answer, Request, ToolResult, ValidationError, type RequestInit, type RequestJSON } from "toolnexus";
import {
  fromMcp,
  fromMcpElicitation,
  fromMcpInputRequired,
  fromMcpInputResponses,
  toMcp,
  toMcpElicitResult,
  toMcpInputRequired,
  toMcpInputResponses,
  type McpInputRequiredResult,
  type McpInputResponses,
} from "toolnexus/providers";

const KEY = "a key of at least 32 bytes, for the spec only";

/**
 * The SDK (2.4.0) types a URL-mode `InputRequest` as the 2025 `ElicitRequest`, with its `elicitationId`, which
 * 2026-07-28 removed (its wire schema and `inputRequired.elicitUrl` have none): the one cast of this spec.
 */
const asHandlerResult = (r: McpInputRequiredResult): InputRequiredResult => r as InputRequiredResult;

type Ask = Omit<RequestInit, "id"> & { id?: string };

/** What the server saw: each call of the tool, and each verified state it read. */
interface Seen {
  calls: number;
  states: unknown[];
  errors: string[];
}

/** One McpServer per request (as createMcpHandler wants): the tool "deploy" pauses with `ask`, then reads its answer. */
function deployServer(ask: () => Ask, seen: Seen): McpServer {
  const codec = createRequestStateCodec<RequestJSON>({ key: KEY, ttlSeconds: 600, bind: (ctx) => ctx.mcpReq.method });
  const server = new McpServer({ name: "toolnexus-deploy", version: "1.0.0" }, { requestState: { verify: codec.verify } });
  server.registerTool("deploy", { description: "Deploys after a person answers" }, async (ctx: ServerContext) => {
    seen.calls += 1;
    const sealed = ctx.mcpReq.requestState<RequestJSON>();
    if (sealed !== undefined) {
      seen.states.push(sealed);
      const request = Request.fromJSON(sealed);
      const answer = fromMcpInputResponses(request, ctx.mcpReq.inputResponses);
      if (answer !== undefined) return toMcp(answer.ok ? ToolResult.ok(`deployed ${JSON.stringify(answer.data ?? {})}`) : ToolResult.error(`not deployed: ${answer.reason ?? ""}`));
    }
    const paused = ToolResult.pending(ask());
    try {
      // On 2026-07-28 the client's capabilities come with every request; the per-request server reports them.
      const capabilities = server.server.getClientCapabilities();
      return asHandlerResult(toMcpInputRequired(paused, { capabilities, requestState: await codec.mint(paused.pending.toJSON(), ctx) }));
    } catch (e) {
      // A request this client cannot be asked: the pending result goes back as the call's result.
      if (e instanceof ValidationError && e.code === "unsupported") {
        seen.errors.push(e.path);
        return toMcp(paused);
      }
      throw e;
    }
  });
  return server;
}

/** The first call in manual mode: the SDK's own guard says it is an input_required result. */
async function pause(client: Client) {
  const first: CallToolResult = await client.callTool({ name: "deploy", arguments: {} }, { allowInputRequired: true });
  if (!isInputRequiredResult(first)) throw new Error(`expected an input_required result, got ${JSON.stringify(first)}`);
  return { first, ...fromMcpInputRequired(first) };
}

/** The retry: the same call with inputResponses and the state echoed (the SDK's CallToolRequest params type has no such members, its wire has). */
async function retry(client: Client, inputResponses: McpInputResponses, requestState: string | undefined) {
  const params = { name: "deploy", arguments: {}, inputResponses, requestState };
  return client.callTool(params);
}

/** The wire of one exchange: the JSON-RPC body sent and the one received. */
interface Leg {
  sent: { method?: string; params?: Record<string, unknown> };
  received: { result?: Record<string, unknown>; error?: { code: number } };
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

/** A v2 client pinned to 2026-07-28, its transport fetching through createMcpHandler in-process. */
async function connect2026(ask: () => Ask, options: { manual?: boolean; capabilities?: Record<string, unknown>; answer?: (r: Request) => Answer } = {}) {
  const seen: Seen = { calls: 0, states: [], errors: [] };
  const handler = createMcpHandler(() => deployServer(ask, seen));
  const wire: Leg[] = [];
  const fetchThrough = async (url: string | URL, init?: RequestInit_): Promise<Response> => {
    const response = await handler.fetch(new globalThis.Request(url, init));
    const text = await response.clone().text();
    if (typeof init?.body === "string" && text.startsWith("{")) {
      const sent = JSON.parse(init.body) as Leg["sent"];
      if (sent.method === "tools/call") wire.push({ sent, received: JSON.parse(text) as Leg["received"] });
    }
    return response;
  };
  const client = new Client(
    { name: "person-ui", version: "1.0.0" },
    {
      capabilities: options.capabilities ?? { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      ...(options.manual === true ? { inputRequired: { autoFulfill: false } } : {}),
    },
  );
  const asked: unknown[] = [];
  client.setRequestHandler("elicitation/create", async (req) => {
    asked.push(req.params);
    const request = fromMcpElicitation(req.params);
    return toMcpElicitResult((options.answer ?? ((r: Request) => Answer.output(r, "prod")))(request));
  });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch: fetchThrough }));
  open.push(client);
  return { client, seen, wire, asked };
}
type RequestInit_ = NonNullable<ConstructorParameters<typeof globalThis.Request>[1]>;

const form: Ask = { id: "env_1", kind: "input", prompt: "Which environment?" };
const approval: Ask = { id: "deploy_1", kind: "approval", prompt: "Deploy to production?" };
const login: Ask = { id: "login_1", kind: "authorization", prompt: "Sign in to deploy", url: "https://auth.example.com/login?state=abc" };

describe("a paused tool behind createMcpHandler, called by a v2 client pinned to 2026-07-28", () => {
  it("in auto mode: the client's elicitation/create handler answers, the call retries with inputResponses by id and the sealed state", async () => {
    const { client, seen, wire, asked } = await connect2026(() => form);
    const result = fromMcp(await client.callTool({ name: "deploy", arguments: {} }));
    expect(result.toJSON()).toEqual({ output: 'deployed {"output":"prod"}', isError: false });
    expect(asked).toEqual([{ mode: "form", message: "Which environment?", requestedSchema: { type: "object", properties: { output: { type: "string" } }, required: ["output"] } }]);
    // On the wire: the pause keyed by the request's id, then the retry under the same key with the state echoed.
    expect(wire).toHaveLength(2);
    const paused = wire[0]!.received.result!;
    expect(paused.resultType).toBe("input_required");
    expect(Object.keys(paused.inputRequests as object)).toEqual(["env_1"]);
    expect(typeof paused.requestState).toBe("string");
    expect(wire[1]!.sent.params?.inputResponses).toEqual({ env_1: { action: "accept", content: { output: "prod" } } });
    expect(wire[1]!.sent.params?.requestState).toBe(paused.requestState);
    // The state the tool read back is the verified request, not the client's string.
    expect(seen.states).toEqual([{ id: "env_1", kind: "input", prompt: "Which environment?" }]);
  });

  it("in manual mode: fromMcpInputRequired reads the pause, toMcpInputResponses answers the approval, and the retry deploys", async () => {
    const { client, seen } = await connect2026(() => approval, { manual: true });
    const { requests, requestState } = await pause(client);
    expect(requests.map((r) => [r.id, r.prompt])).toEqual([["deploy_1", "Deploy to production?"]]);
    expect(typeof requestState).toBe("string");
    const inputResponses = toMcpInputResponses([Answer.accept(requests[0]!)], requests);
    const second = fromMcp(await retry(client, inputResponses, requestState));
    expect(second.toJSON()).toEqual({ output: "deployed {}", isError: false });
    expect(seen.calls).toBe(2);
  });

  it("an approval answered no is refused: the tool does not deploy", async () => {
    const { client } = await connect2026(() => approval, { manual: true });
    const { requests, requestState } = await pause(client);
    const declined = toMcpInputResponses([Answer.decline(requests[0]!)], requests);
    expect(fromMcp(await retry(client, declined, requestState)).toJSON()).toEqual({ output: "not deployed: declined", isError: true });
    // The form answered with approved: false (accept, but no) is a refusal too, never an approval.
    const no: McpInputResponses = { deploy_1: { action: "accept", content: { approved: false } } };
    expect(fromMcp(await retry(client, no, requestState)).toJSON()).toEqual({ output: "not deployed: declined", isError: true });
  });

  it("a URL-mode pause goes without elicitationId; the bare accept resumes the tool", async () => {
    const { client } = await connect2026(() => login, { manual: true });
    const { first, requests, requestState } = await pause(client);
    expect(first.inputRequests).toEqual({
      login_1: { method: "elicitation/create", params: { mode: "url", message: "Sign in to deploy", url: "https://auth.example.com/login?state=abc" } },
    });
    expect(requests[0]!.toJSON()).toEqual({ id: "login_1", kind: "authorization", prompt: "Sign in to deploy", url: "https://auth.example.com/login?state=abc" });
    const inputResponses = toMcpInputResponses([Answer.accept(requests[0]!)], requests);
    expect(inputResponses).toEqual({ login_1: { action: "accept" } });
    expect(fromMcp(await retry(client, inputResponses, requestState)).output).toBe("deployed {}");
  });

  it("a tampered requestState is refused by the SDK's codec (-32602) before the tool runs", async () => {
    const { client, seen } = await connect2026(() => form, { manual: true });
    const { requests, requestState } = await pause(client);
    const inputResponses = toMcpInputResponses([Answer.output(requests[0]!, "prod")], requests);
    // A request of the attacker's choosing, in the state's body, with the original signature.
    const [prefix, , mac] = requestState!.split(".");
    const forged = Buffer.from(JSON.stringify({ p: { id: "env_1", kind: "input", prompt: "forged" }, exp: 4102444800 })).toString("base64url");
    await expect(retry(client, inputResponses, `${prefix}.${forged}.${mac}`)).rejects.toMatchObject({ code: -32602 });
    // The state as minted passes.
    expect(fromMcp(await retry(client, inputResponses, requestState)).output).toBe('deployed {"output":"prod"}');
    expect(seen.calls).toBe(2);
    expect(seen.states).toEqual([{ id: "env_1", kind: "input", prompt: "Which environment?" }]);
  });

  it("capabilities come from the request's _meta: a form-only client is not asked to open a login link, and gets the pending result", async () => {
    const { client, seen } = await connect2026(() => login, { capabilities: { elicitation: { form: {} } } });
    const result = fromMcp(await client.callTool({ name: "deploy", arguments: {} }));
    expect(seen.errors).toEqual(["options.capabilities.elicitation.url"]);
    expect(result.toJSON()).toEqual({ output: "Sign in to deploy\nhttps://auth.example.com/login?state=abc", isError: true });
  });
});

describe("a 2025 client (v1 SDK) served by the v2 server's legacy shim", () => {
  it("gets the pause as an elicitation/create request, and its answer resumes the tool by the key", async () => {
    const seen: Seen = { calls: 0, states: [], errors: [] };
    const server = deployServer(() => form, seen);
    // A sessionful transport: the shim sends a real server-to-client request, which per-request (stateless)
    // legacy serving cannot carry.
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => "session-1" });
    await server.connect(transport);
    const client = new ClientV1({ name: "person-ui-2025", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchemaV1, async (req) => {
      asked.push(req.params);
      return toMcpElicitResult(Answer.output(fromMcpElicitation(req.params), "staging"));
    });
    await client.connect(new StreamableHTTPClientTransportV1(new URL("http://localhost/mcp"), { fetch: (url, init) => transport.handleRequest(new globalThis.Request(url, init)) }));
    open.push(client, server);
    const raw = await client.callTool({ name: "deploy", arguments: {} });
    expect(CallToolResultSchemaV1.safeParse(raw).success).toBe(true);
    expect(fromMcp(raw).toJSON()).toEqual({ output: 'deployed {"output":"staging"}', isError: false });
    expect(asked).toEqual([expect.objectContaining({ mode: "form", message: "Which environment?" })]);
    expect(seen.states).toEqual([{ id: "env_1", kind: "input", prompt: "Which environment?" }]);
  });
});
