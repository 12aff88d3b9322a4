// toMcpElicitation's `capabilities` option, checked by the MCP SDK itself: an `McpServer` tool asks through
// `server.server.elicitInput(toMcpElicitation(request, { capabilities: server.server.getClientCapabilities() }))`
// against a `Client` that declared form-only elicitation, linked in memory. The SDK refuses URL mode to such a
// client; the mapped params go in form mode, and a request the client cannot carry is refused before sending.
import { describe, expect, it } from "@jest/globals";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitRequestSchema, type ClientCapabilities, type ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { Answer, Request, ToolResult, ValidationError } from "toolnexus";
import { fromMcp, fromMcpElicitation, fromMcpElicitResult, toMcp, toMcpElicitation, toMcpElicitResult } from "toolnexus/providers";
import { thrownValidation } from "../../support/throws";

const link = Request.create({ kind: "approval", prompt: "Review the change, then confirm", url: "https://review.example.com/c/42" });
const login = ToolResult.authRequired("https://auth.example.com/login?state=abc").pending!;
const ask = Request.create({ kind: "input", prompt: "Which environment?" });

/** A server with one tool that elicits `request` from the client and reports what came back. */
async function connect(capabilities: ClientCapabilities, request: Request, answer: (r: Request) => Answer) {
  const server = new McpServer({ name: "toolnexus-host", version: "1.0.0" });
  const seen: ElicitRequest["params"][] = [];
  server.registerTool("ask", { description: "Asks the person" }, async () => {
    try {
      const params = toMcpElicitation(request, { capabilities: server.server.getClientCapabilities() });
      const result = await server.server.elicitInput(params);
      const a = fromMcpElicitResult(request, result);
      return toMcp(a.ok ? ToolResult.ok(`answered: ${JSON.stringify(a.data ?? {})}`) : ToolResult.error(`refused: ${a.reason}`));
    } catch (e) {
      if (e instanceof ValidationError && e.code === "unsupported") return toMcp(ToolResult.pending(request));
      throw e;
    }
  });
  const client = new Client({ name: "person-ui", version: "1.0.0" }, { capabilities });
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    seen.push(req.params);
    const asked = fromMcpElicitation(req.params);
    return toMcpElicitResult(answer(asked), { request: asked });
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  const call = async () => fromMcp(await client.callTool({ name: "ask", arguments: {} }));
  return { call, seen, server, close: async () => { await client.close(); await server.close(); } };
}

describe("toMcpElicitation with the client's capabilities, through a real McpServer and a form-only Client", () => {
  it("sends an approval with a url in form mode, the url in the message, a yes/no box, and the SDK accepts it", async () => {
    const { call, seen, server, close } = await connect({ elicitation: {} }, link, (r) => Answer.accept(r));
    try {
      expect(server.server.getClientCapabilities()?.elicitation).toEqual({ form: {} });
      const result = await call();
      expect(result.output).toBe("answered: {}");
      expect(seen).toEqual([
        {
          mode: "form",
          message: "Review the change, then confirm\nhttps://review.example.com/c/42",
          requestedSchema: { type: "object", properties: { approved: { type: "boolean", title: "Review the change, then confirm" } }, required: ["approved"] },
        },
      ]);
    } finally {
      await close();
    }
  });

  it("carries a refusal of the approval back as declined", async () => {
    const { call, close } = await connect({ elicitation: {} }, link, (r) => Answer.decline(r));
    try {
      expect((await call()).output).toBe("refused: declined");
    } finally {
      await close();
    }
  });

  it("without capabilities, the same request goes in URL mode, which the SDK refuses to send to this client", async () => {
    const server = new McpServer({ name: "s", version: "1.0.0" });
    const client = new Client({ name: "c", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept" as const }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    try {
      await expect(server.server.elicitInput(toMcpElicitation(link))).rejects.toThrow(/url/i);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("refuses an authorization request to a form-only client, and the tool returns the pending result", async () => {
    const { call, seen, close } = await connect({ elicitation: {} }, login, (r) => Answer.accept(r));
    try {
      const result = await call();
      expect(seen).toEqual([]);
      expect(result.isError).toBe(true);
      expect(result.output).toBe("Authorization required to continue\nhttps://auth.example.com/login?state=abc");
    } finally {
      await close();
    }
  });

  it("sends a form to a form-only client as before", async () => {
    const { call, seen, close } = await connect({ elicitation: { form: {} } }, ask, (r) => Answer.output(r, "staging"));
    try {
      expect((await call()).output).toBe('answered: {"output":"staging"}');
      expect(seen[0]!.mode).toBe("form");
    } finally {
      await close();
    }
  });

  it("sends a link in URL mode to a client with URL mode", async () => {
    const { call, seen, close } = await connect({ elicitation: { form: {}, url: {} } }, login, (r) => Answer.accept(r));
    try {
      expect((await call()).output).toBe("answered: {}");
      expect(seen).toEqual([{ mode: "url", message: login.prompt, elicitationId: login.id, url: login.url }]);
    } finally {
      await close();
    }
  });
});

describe("toMcpElicitation's capabilities, case by case", () => {
  const unsupported = (request: Request, capabilities: ClientCapabilities, path: string) => {
    const e = thrownValidation(() => toMcpElicitation(request, { capabilities }));
    expect({ code: e.code, path: e.path }).toEqual({ code: "unsupported", path });
    expect(e.message).toMatch(/Return the pending result to the caller/);
  };

  it("undefined counts as not given", () => {
    expect(toMcpElicitation(link, { capabilities: undefined })).toEqual(toMcpElicitation(link));
    expect(toMcpElicitation(login, { capabilities: undefined }).mode).toBe("url");
  });

  it("no elicitation declared: every request is unsupported", () => {
    unsupported(ask, {}, "capabilities.elicitation");
    unsupported(login, { sampling: {} }, "capabilities.elicitation");
  });

  it("form only: a link goes in form mode; authorization is unsupported", () => {
    expect(toMcpElicitation(link, { capabilities: { elicitation: { form: {} } } })).toMatchObject({ mode: "form", message: `${link.prompt}\n${link.url}` });
    unsupported(login, { elicitation: {} }, "capabilities.elicitation.url");
  });

  it("URL only: a link goes in URL mode; a form is unsupported", () => {
    expect(toMcpElicitation(link, { capabilities: { elicitation: { url: {} } } }).mode).toBe("url");
    unsupported(ask, { elicitation: { url: {} } }, "capabilities.elicitation.form");
  });

  it("still checks the url and the schema", () => {
    // A url that is no http(s) URL never makes a Request (the core's url rule), so no bridge ever meets it.
    const notAUrl = thrownValidation(() => new Request({ id: "r", kind: "approval", prompt: "p", url: "javascript:alert(1)" }));
    expect({ code: notAUrl.code, path: notAUrl.path }).toEqual({ code: "invalid-value", path: "url" });
    // A url the core accepts and the link rule refuses is refused whatever the client declared, form mode included.
    for (const url of ["http://example.com/cb", "https://alice:secret@auth.example.com/"]) {
      const bad = new Request({ id: "r", kind: "approval", prompt: "p", url });
      for (const capabilities of [{ elicitation: {} }, { elicitation: { url: {} } }, { elicitation: { form: {}, url: {} } }]) {
        const e = thrownValidation(() => toMcpElicitation(bad, { capabilities }));
        expect({ url, capabilities, code: e.code, path: e.path }).toEqual({ url, capabilities, code: "unsupported", path: "url" });
      }
    }
    // A nested schema is no MCP form, whatever the client declared.
    const nested = new Request({ id: "r", kind: "input", prompt: "p", data: { schema: { type: "object", properties: { a: { type: "object", properties: {} } } } } });
    expect(thrownValidation(() => toMcpElicitation(nested, { capabilities: { elicitation: {} } })).path).toBe("data.schema.properties.a");
  });

  it("reads the capabilities by own fields, and refuses a value that is not an object", () => {
    const inherited = Object.create({ elicitation: { form: {} } }) as ClientCapabilities;
    unsupported(ask, inherited, "capabilities.elicitation");
    const e = thrownValidation(() => toMcpElicitation(ask, { capabilities: "form" as unknown as ClientCapabilities }));
    expect({ code: e.code, path: e.path }).toEqual({ code: "invalid-type", path: "capabilities" });
  });
});
