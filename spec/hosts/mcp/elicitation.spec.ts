// MCP elicitation, checked by the MCP SDK itself: every params and result we write parses with the SDK's own
// `ElicitRequestSchema` / `ElicitResultSchema` with nothing stripped (zod drops keys it does not know, so the
// parsed value is compared with ours), and a real client and server, linked in memory, carry a login link
// and a form from a toolnexus Request to a person and back as an Answer.
import { describe, expect, it } from "@jest/globals";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ElicitRequestSchema,
  ElicitResultSchema,
  type ElicitRequest,
  type ElicitResult,
  type PrimitiveSchemaDefinition,
} from "@modelcontextprotocol/sdk/types.js";
import { Answer, Request, ToolResult, type AnswerJSON, type RequestJSON, type ValidationError } from "toolnexus";
import {
  fromMcpElicitation,
  fromMcpElicitResult,
  toMcpElicitation,
  toMcpElicitResult,
  type McpElicitParams,
  type McpPrimitiveSchemaDefinition,
} from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { thrownValidation, collectLosses } from "../../support/throws";

interface Case {
  name: string;
  request: RequestJSON;
  params: McpElicitParams;
  losses: string[];
  back: Omit<RequestJSON, "id"> & { id?: string };
  roundTrip: boolean;
  skipSdk?: string;
}
interface InvalidCase {
  name: string;
  request?: RequestJSON;
  params?: unknown;
  code: string;
  path: string;
  /** `"Request"`: the url rule refuses the request where it is made, before any bridge runs. */
  refusedBy?: "Request";
}
interface ResultCase {
  name: string;
  answer: AnswerJSON;
  result: ElicitResult;
  losses: string[];
  back: AnswerJSON;
  roundTrip: boolean;
}

const cases = loadJSON<{ cases: Case[] }>("bridges/mcp-elicitation.json").cases;
const invalid = loadJSON<{ cases: InvalidCase[]; invalidParams: InvalidCase[] }>("bridges/mcp-elicitation-invalid.json");
const results = loadJSON<{
  request: RequestJSON;
  cases: ResultCase[];
  invalidAnswers: (InvalidCase & { answer: AnswerJSON })[];
  results: { name: string; result: unknown; back: AnswerJSON }[];
  invalidResults: (InvalidCase & { result: unknown })[];
  approvalRequest: RequestJSON;
  approvalCases: ResultCase[];
  approvalResults: { name: string; result: unknown; back: AnswerJSON }[];
  invalidApprovalResults: (InvalidCase & { result: unknown })[];
  invalidApprovalAnswers: (InvalidCase & { answer: AnswerJSON; message: string })[];
}>("bridges/mcp-elicit-results.json");

/** Parses params with the SDK's own request schema; the parsed params must equal ours (nothing stripped). */
function sdkParams(params: unknown): unknown {
  return ElicitRequestSchema.parse({ method: "elicitation/create", params }).params;
}

describe("toMcpElicitation / fromMcpElicitation (fixtures/bridges/mcp-elicitation.json)", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const params = toMcpElicitation(Request.fromJSON(c.request), { onLoss });
    expect(params).toEqual(c.params);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    for (const l of losses) {
      expect(l.provider).toBe("mcp-elicitation");
      expect(l.reason).toEqual(expect.any(String));
    }
    if (!c.skipSdk) expect(sdkParams(params)).toEqual(params);

    const back = fromMcpElicitation(params);
    const { id, ...rest } = back.toJSON();
    expect(rest).toEqual(Object.fromEntries(Object.entries(c.back).filter(([k]) => k !== "id")));
    if (params.mode === "url") expect(id).toBe(c.request.id);
    else expect(id).not.toBe("");

    const original = Request.fromJSON(c.request);
    const again = params.mode === "form" ? back.with({ id: original.id }) : back;
    expect(again.equals(original)).toBe(c.roundTrip);
  });

  it("takes the request as its JSON shape too", () => {
    const json = cases[0]!.request;
    expect(toMcpElicitation(json as unknown as Request)).toEqual(cases[0]!.params);
  });

  it("writes the login of ToolResult.authRequired as a URL-mode elicitation whose id is the request's", () => {
    const paused = ToolResult.authRequired("https://auth.example.com/login?state=xyz");
    const params = toMcpElicitation(paused.pending!);
    expect(params).toEqual({ mode: "url", message: "Authorization required to continue", elicitationId: paused.pending!.id, url: "https://auth.example.com/login?state=xyz" });
    expect(fromMcpElicitation(params).equals(paused.pending)).toBe(true);
  });

  it("gives the form that Answer.output fills, and the SDK accepts the answer against it", () => {
    const ask = Request.create({ kind: "input", prompt: "Which environment?" });
    const params = toMcpElicitation(ask);
    expect(params.mode).toBe("form");
    const result = toMcpElicitResult(Answer.output(ask, "staging"));
    expect(result).toEqual({ action: "accept", content: { output: "staging" } });
    expect(ElicitResultSchema.parse(result)).toEqual(result);
  });

  it("gives a new id to each form-mode request read back (form mode carries none)", () => {
    const params = cases.find((c) => c.params.mode === "form")!.params;
    expect(fromMcpElicitation(params).id).not.toBe(fromMcpElicitation(params).id);
  });

  it("reads params without a mode as form mode, and ignores _meta and other keys", () => {
    const r = fromMcpElicitation({ message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } }, _meta: { x: 1 } } as never);
    expect(r.kind).toBe("input");
    expect(r.data).toEqual({ schema: { type: "object", properties: { name: { type: "string" } } } });
  });

  it("reports no loss, and calls nothing, when onLoss is absent", () => {
    const lossy = cases.find((c) => c.losses.length > 0)!;
    expect(() => toMcpElicitation(Request.fromJSON(lossy.request))).not.toThrow();
  });

  it("reports losses only once the request is known to be valid", () => {
    const { losses, onLoss } = collectLosses();
    const req = Request.create({ kind: "input", prompt: "p", data: { schema: { type: "object", $schema: "x", properties: { a: { type: "string", pattern: "x" }, b: { type: "object", properties: {} } } } } });
    thrownValidation(() => toMcpElicitation(req, { onLoss }));
    expect(losses).toEqual([]);
  });

  it("lets a strict host refuse a lossy schema by throwing from onLoss", () => {
    const req = Request.create({ kind: "input", prompt: "p", data: { schema: { type: "object", properties: { a: { type: "string", pattern: "^x" } } } } });
    expect(() =>
      toMcpElicitation(req, {
        onLoss: (l) => {
          throw new Error(`refused: ${l.path}`);
        },
      }),
    ).toThrow("refused: data.schema.properties.a.pattern");
  });

  it("returns fresh, unfrozen params that share nothing with the request", () => {
    const c = cases.find((x) => x.name.startsWith("every field"))!;
    const req = Request.fromJSON(c.request);
    const params = toMcpElicitation(req) as Extract<McpElicitParams, { mode: "form" }>;
    expect(Object.isFrozen(params)).toBe(false);
    params.requestedSchema.properties.region = { type: "string" };
    (params.requestedSchema.required as string[]).push("x");
    expect(toMcpElicitation(req)).toEqual(c.params);
  });

  it("refuses unknown options and an onLoss that is not a function", () => {
    const req = Request.create({ kind: "input", prompt: "p" });
    const misspelt = thrownValidation(() => toMcpElicitation(req, { onloss: () => {} } as never));
    expect({ code: misspelt.code, path: misspelt.path }).toEqual({ code: "invalid-value", path: "options.onloss" });
    expect(misspelt.message).toContain("Did you mean onLoss?");
    expect(thrownValidation(() => toMcpElicitation(req, { onLoss: "log" } as never)).code).toBe("invalid-type");
  });
});

/** The bridge's refusal of a Request the core made. */
const bridgeRefusal = (request: Request): ValidationError => thrownValidation(() => toMcpElicitation(request));

describe("toMcpElicitation refuses what MCP cannot carry (fixtures/bridges/mcp-elicitation-invalid.json)", () => {
  it.each(invalid.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    // A url that is no absolute http(s) URL is refused where the Request is made; anything else is a Request
    // the bridge meets, and refuses.
    const e = c.refusedBy === "Request" ? thrownValidation(() => Request.fromJSON(c.request)) : bridgeRefusal(Request.fromJSON(c.request));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
    // The place is named (nothing for the whole request: never "at the top level").
    if (c.path === "") expect(e.message).not.toContain("top level");
    else expect(e.message).toContain(c.path);
  });

  it("says what was wrong, where, and how to fix it", () => {
    const nested = invalid.cases.find((c) => c.name === "a nested object field")!;
    const e = thrownValidation(() => toMcpElicitation(Request.fromJSON(nested.request)));
    expect(e.message).toMatch(/nested object.*MCP forms are flat at data\.schema\.properties\.address\. Flatten it/);
  });

  it("refuses each nested schema the SDK itself rejects", () => {
    // The same schemas, sent straight to the SDK: it refuses them too, but with a far less helpful error.
    for (const c of invalid.cases.filter((x) => x.name.startsWith("a nested") || x.name.startsWith("a list of"))) {
      const schema = (c.request!.data as { schema: unknown }).schema;
      expect(ElicitRequestSchema.safeParse({ method: "elicitation/create", params: { mode: "form", message: "m", requestedSchema: schema } }).success).toBe(false);
    }
  });
});

describe("fromMcpElicitation refuses what is not elicitation params", () => {
  it.each(invalid.invalidParams.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const e = thrownValidation(() => fromMcpElicitation(c.params as never));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });
});

describe("toMcpElicitResult / fromMcpElicitResult (fixtures/bridges/mcp-elicit-results.json)", () => {
  const request = Request.fromJSON(results.request);

  it.each(results.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const answer = Answer.fromJSON(c.answer);
    const result = toMcpElicitResult(answer, { onLoss });
    expect(result).toEqual(c.result);
    expect(ElicitResultSchema.parse(result)).toEqual(result);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    const back = fromMcpElicitResult(request, result);
    expect(back.toJSON()).toEqual(c.back);
    expect(back.answers(request)).toBe(true);
    expect(back.equals(answer)).toBe(c.roundTrip);
  });

  it.each(results.invalidAnswers.map((c) => [c.name, c] as const))("refuses an answer holding %s", (_name, c) => {
    const e = thrownValidation(() => toMcpElicitResult(Answer.fromJSON(c.answer)));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });

  it.each(results.results.map((c) => [c.name, c] as const))("reads %s", (_name, c) => {
    expect(fromMcpElicitResult(request, c.result as ElicitResult).toJSON()).toEqual(c.back);
  });

  it.each(results.invalidResults.map((c) => [c.name, c] as const))("refuses a result with %s", (_name, c) => {
    const e = thrownValidation(() => fromMcpElicitResult(request, c.result as ElicitResult));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });

  it("answers a request given as JSON, with its id", () => {
    expect(fromMcpElicitResult(results.request as unknown as Request, { action: "decline" }).id).toBe(results.request.id);
  });
});

describe("an approval over MCP: a yes/no box, and only approved: true approves (fixtures/bridges/mcp-elicit-results.json, approval tables)", () => {
  const approval = Request.fromJSON(results.approvalRequest);
  const form = toMcpElicitation(approval) as Extract<McpElicitParams, { mode: "form" }>;

  it("asks one required boolean approved, which the SDK's own schema accepts", () => {
    expect(form.requestedSchema).toEqual({ type: "object", properties: { approved: { type: "boolean", title: approval.prompt } }, required: ["approved"] });
    expect(sdkParams(form)).toEqual(form);
    expect(fromMcpElicitation(form).kind).toBe("approval");
  });

  it.each(results.approvalCases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const answer = Answer.fromJSON(c.answer);
    const result = toMcpElicitResult(answer, { request: approval });
    expect(result).toEqual(c.result);
    expect(ElicitResultSchema.parse(result)).toEqual(result);
    const back = fromMcpElicitResult(approval, result);
    expect(back.toJSON()).toEqual(c.back);
    expect(back.equals(answer)).toBe(c.roundTrip);
  });

  it.each(results.approvalResults.map((c) => [c.name, c] as const))("reads %s", (_name, c) => {
    expect(ElicitResultSchema.parse(c.result)).toEqual(c.result);
    expect(fromMcpElicitResult(approval, c.result as ElicitResult).toJSON()).toEqual(c.back);
  });

  it.each(results.invalidApprovalResults.map((c) => [c.name, c] as const))("refuses %s, never an approval", (_name, c) => {
    const e = thrownValidation(() => fromMcpElicitResult(approval, c.result as ElicitResult));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });

  it.each(results.invalidApprovalAnswers.map((c) => [c.name, c] as const))("refuses to send %s", (_name, c) => {
    const e = thrownValidation(() => toMcpElicitResult(Answer.fromJSON(c.answer), { request: approval }));
    expect({ code: e.code, path: e.path, message: e.message }).toEqual({ code: c.code, path: c.path, message: c.message });
  });

  it("reads the text-box answer of the old form (output: \"yes\") as no approval", () => {
    const e = thrownValidation(() => fromMcpElicitResult(approval, toMcpElicitResult(Answer.output(approval, "yes"))));
    expect({ code: e.code, path: e.path }).toEqual({ code: "missing", path: "content.approved" });
  });

  it("takes URL mode's accept, which has no content, as the consent to an approval with a link", () => {
    const link = Request.create({ kind: "approval", prompt: "Approve the OAuth grant", url: "https://consent.example.com/grant/7" });
    expect(toMcpElicitation(link).mode).toBe("url");
    expect(fromMcpElicitResult(link, { action: "accept" }).toJSON()).toEqual({ id: link.id, ok: true });
  });
});

describe("the MCP SDK's types accept ours, and ours accept the SDK's", () => {
  it("compiles: our params are ElicitRequest params, their params are our input", () => {
    const ask = Request.create({ kind: "input", prompt: "p" });
    const params: ElicitRequest["params"] = toMcpElicitation(ask);
    const back: Request = fromMcpElicitation(params);
    const field: PrimitiveSchemaDefinition = { type: "string", format: "email" } satisfies McpPrimitiveSchemaDefinition;
    const result: ElicitResult = toMcpElicitResult(Answer.output(ask, "x"));
    expect(fromMcpElicitResult(back, result).ok).toBe(true);
    expect(field.type).toBe("string");
  });
});

describe("a real MCP client and server, linked in memory", () => {
  async function connect(answer: (request: Request) => Answer): Promise<{ server: Server; seen: Request[]; close: () => Promise<void> }> {
    const server = new Server({ name: "toolnexus-host", version: "1.0.0" }, { capabilities: {} });
    const client = new Client({ name: "person-ui", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
    const seen: Request[] = [];
    // The client side: an MCP client that routes every elicitation to a person through toolnexus data.
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      const request = fromMcpElicitation(req.params);
      seen.push(Request.fromJSON(JSON.parse(JSON.stringify(request)))); // as a durable host would keep it
      return toMcpElicitResult(answer(request));
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    return { server, seen, close: async () => { await client.close(); await server.close(); } };
  }

  it("carries a login link to the client and the person's consent back", async () => {
    const { server, seen, close } = await connect((r) => Answer.accept(r));
    try {
      const paused = ToolResult.authRequired("https://auth.example.com/login?state=abc");
      const request = paused.pending!;
      const result = await server.elicitInput(toMcpElicitation(request));
      expect(seen).toHaveLength(1);
      expect(seen[0]!.equals(request)).toBe(true); // URL mode keeps everything of a login
      const answer = fromMcpElicitResult(request, result);
      expect(answer.toJSON()).toEqual({ id: request.id, ok: true });
    } finally {
      await close();
    }
  });

  it("carries a form to the client, and the filled form back through the server's own schema check", async () => {
    const schema = {
      type: "object",
      properties: {
        environment: { type: "string", enum: ["staging", "production"] },
        replicas: { type: "integer", minimum: 1, maximum: 5 },
        notify: { type: "boolean" },
        zones: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      },
      required: ["environment", "replicas"],
    };
    const { server, seen, close } = await connect((r) => Answer.accept(r, { environment: "staging", replicas: 2, notify: true, zones: ["a"] }));
    try {
      const request = Request.create({ kind: "input", prompt: "Where to deploy?", data: { schema } });
      const result = await server.elicitInput(toMcpElicitation(request));
      expect(seen[0]!.kind).toBe("input");
      expect(seen[0]!.data).toEqual({ schema });
      const answer = fromMcpElicitResult(request, result);
      expect(answer.toJSON()).toEqual({ id: request.id, ok: true, data: { environment: "staging", replicas: 2, notify: true, zones: ["a"] } });
    } finally {
      await close();
    }
  });

  it("has the server refuse a filled form that does not match the schema (the SDK checks content, we carry it)", async () => {
    const { server, close } = await connect((r) => Answer.accept(r, { replicas: "two" }));
    try {
      const request = Request.create({ kind: "input", prompt: "How many?", data: { schema: { type: "object", properties: { replicas: { type: "integer" } }, required: ["replicas"] } } });
      await expect(server.elicitInput(toMcpElicitation(request))).rejects.toThrow(/does not match requested schema/);
    } finally {
      await close();
    }
  });

  it("carries each refusal as MCP's decline or cancel, and back", async () => {
    for (const reason of ["declined", "cancelled"] as const) {
      const { server, close } = await connect((r) => Answer.decline(r, reason));
      try {
        const request = Request.create({ kind: "question", prompt: "Proceed?" });
        const answer = fromMcpElicitResult(request, await server.elicitInput(toMcpElicitation(request)));
        expect(answer.toJSON()).toEqual({ id: request.id, ok: false, reason });
      } finally {
        await close();
      }
    }
  });
});

describe("an approval through a real MCP client and server, linked in memory", () => {
  async function ask(content: ElicitResult["content"]) {
    const server = new Server({ name: "toolnexus-host", version: "1.0.0" }, { capabilities: {} });
    const client = new Client({ name: "person-ui", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    // The person's UI as the SDK's client sends it: a ticked or unticked box.
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept" as const, content }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    try {
      const request = Request.create({ kind: "approval", prompt: "Deploy v2 to production?" });
      return fromMcpElicitResult(request, await server.elicitInput(toMcpElicitation(request))).toJSON();
    } finally {
      await client.close();
      await server.close();
    }
  }

  it("a ticked box approves", async () => {
    expect(await ask({ approved: true })).toEqual({ id: expect.any(String), ok: true });
  });

  it("an unticked box declines", async () => {
    expect(await ask({ approved: false })).toEqual({ id: expect.any(String), ok: false, reason: "declined" });
  });

  it("a typed word in place of the box never reaches the host: the SDK refuses it against the form", async () => {
    await expect(ask({ output: "yes" })).rejects.toThrow(/does not match requested schema/);
  });
});

describe("errors about a url never print it (links often carry tokens)", () => {
  // The core refuses a url that is no absolute http(s) URL when the Request is made, before any bridge runs.
  it.each(["/login?token=SECRET", "javascript:SECRET()", "data:text/html,SECRET", "file:///srv/SECRET", "https://auth.example.com/SECRET path"])("%s: refused when the Request is made", (url) => {
    const e = thrownValidation(() => new Request({ id: "r", kind: "authorization", prompt: "Log in", url }));
    expect({ code: e.code, path: e.path }).toEqual({ code: "invalid-value", path: "url" });
    expect(e.message).not.toContain("SECRET");
  });
  // A url the core accepts and the link rule refuses: the bridge's refusal.
  it.each(["http://example.com/cb?token=SECRET", "https://alice:SECRET@auth.example.com/"])("%s: refused by the link rule", (url) => {
    const e = thrownValidation(() => toMcpElicitation(new Request({ id: "r", kind: "authorization", prompt: "Log in", url })));
    expect({ code: e.code, path: e.path }).toEqual({ code: "unsupported", path: "url" });
    expect(e.message).not.toContain("SECRET");
  });
});
