// The Claude Agent SDK (docs/hosts/claude-agent.md): canUseTool's arguments as a toolnexus
// approval Request and the Answer as the PermissionResult (mappings and refusals as data in
// fixtures/hosts/claude-agent.json; the types are checked against the SDK's own in
// spec/types/exact/claude-agent.ts), and a `tool()` handler returning `toMcp(result)` served by the SDK's own
// in-process MCP server (`createSdkMcpServer`), called through an in-memory MCP client: the parts come back.
// `query()` needs the Claude Code CLI and the network, so it does not run here.
import { describe, expect, it } from "@jest/globals";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { Answer, ContentPart, Request, ToolResult, type AnswerJSON, type RequestJSON } from "toolnexus";
import { fromClaudeToolPermission, fromMcp, toClaudePermissionResult, toMcp, type ClaudePermissionResult } from "toolnexus/providers";
import { importEsm } from "../../support/esm";
import { argumentsOf } from "../../support/error-calls";
import { loadBytes, loadJSON } from "../../support/fixtures";
import { collectLosses, thrownValidation } from "../../support/throws";

interface Fixture {
  request: RequestJSON;
  permissions: { name: string; toolName: string; input: Record<string, unknown>; options: { toolUseID: string }; request: RequestJSON }[];
  results: { name: string; answer: AnswerJSON; result: ClaudePermissionResult; losses: string[] }[];
  refusals: { name: string; call: string; args: unknown[]; code: string; path: string }[];
}

const fx = loadJSON<Fixture>("hosts/claude-agent.json");
const request = Request.fromJSON(fx.request);

describe("fromClaudeToolPermission (fixtures/hosts/claude-agent.json)", () => {
  it.each(fx.permissions.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const signal = new AbortController().signal;
    const req = fromClaudeToolPermission(c.toolName, c.input, { ...c.options, signal });
    expect(req.toJSON()).toEqual(c.request);
    expect(req.prompt).not.toMatch(/[\n\r\u2028\u2029\u007f]/);
    expect(Request.fromJSON(JSON.parse(JSON.stringify(req))).equals(req)).toBe(true);
  });

  it("copies the input once: a getter read twice cannot show one input and store another", () => {
    let reads = 0;
    const input = {
      get command() {
        reads += 1;
        return reads === 1 ? "ls" : "rm -rf /";
      },
    };
    const req = fromClaudeToolPermission("Bash", input, { toolUseID: "toolu_9" });
    expect(reads).toBe(1);
    expect(req.prompt).toBe('Approve the call to tool "Bash" with input {"command":"ls"}?');
    expect(req.data).toEqual({ toolName: "Bash", input: { command: "ls" } });
  });

  it("cuts a long input in the prompt and keeps it whole in data.input", () => {
    const input = { text: "x".repeat(2000) };
    const req = fromClaudeToolPermission("Write", input, { toolUseID: "toolu_9" });
    expect(req.prompt.length).toBeLessThan(600);
    expect(req.data).toEqual({ toolName: "Write", input });
  });
});

describe("toClaudePermissionResult (fixtures/hosts/claude-agent.json)", () => {
  it.each(fx.results.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const result = toClaudePermissionResult(Answer.fromJSON(c.answer), request, { onLoss });
    expect(result).toEqual(c.result);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    expect(losses.every((l) => l.provider === "claude-agent-sdk" && Object.isFrozen(l))).toBe(true);
    // The JSON shapes of both are read too.
    expect(toClaudePermissionResult(c.answer as unknown as Answer, fx.request as unknown as Request)).toEqual(c.result);
  });

  it("returns a fresh, unfrozen updatedInput, never the request's frozen data", () => {
    const result = toClaudePermissionResult(Answer.accept(request), request);
    expect(result.behavior).toBe("allow");
    const input = (result as { updatedInput: object }).updatedInput;
    expect(Object.isFrozen(input)).toBe(false);
    expect(input).not.toBe(request.data!.input);
  });
});

describe("refusals (fixtures/hosts/claude-agent.json)", () => {
  const calls: Record<string, (...a: any[]) => unknown> = { fromClaudeToolPermission, toClaudePermissionResult };
  it.each(fx.refusals.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const e = thrownValidation(() => calls[c.call]!(...argumentsOf(c.args)));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });
});

describe("a tool() handler returning toMcp(result), on the SDK's in-process MCP server", () => {
  it("sends the tool's parts, the image byte for byte", async () => {
    const sdk = await importEsm<typeof import("@anthropic-ai/claude-agent-sdk")>("@anthropic-ai/claude-agent-sdk");
    const png = loadBytes("media/fixture.png");
    const chart = sdk.tool("chart", "Draws a chart", { title: z.string() }, async ({ title }) =>
      toMcp(ToolResult.ok(`chart ${title}`, { parts: [ContentPart.fromBytes(png, { mimeType: "image/png" })] })),
    );
    const server = sdk.createSdkMcpServer({ name: "charts", version: "1.0.0", tools: [chart] });
    expect(server.type).toBe("sdk");

    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.instance.connect(serverSide);
    const client = new Client({ name: "host", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const called = await client.callTool({ name: "chart", arguments: { title: "Q3" } });
      const back = fromMcp(called);
      expect(back.output).toBe("chart Q3");
      expect(back.parts).toHaveLength(1);
      expect(back.parts![0]!.mimeType).toBe("image/png");
      expect(back.parts![0]!.bytes()).toEqual(png);
    } finally {
      await client.close();
    }
  });
});
