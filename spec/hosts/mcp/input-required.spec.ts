// MCP 2026-07-28 `input_required` (docs/hosts/mcp.md, "A paused tool as input_required"): the four functions
// and fromMcp's reading of `resultType` and `structuredContent`, as data in fixtures/hosts/mcp-input-required.json,
// and what a table cannot say (messages that quote both ids, fresh values, getters read once, losses frozen).
// The same functions against the MCP SDK v2 in-process are in input-required-sdk.spec.ts; their laws on
// generated values in input-required-laws.spec.ts.
import { describe, expect, it } from "@jest/globals";
import { Answer, Request, ToolResult, ValidationError, type AnswerJSON, type RequestJSON } from "toolnexus";
import {
  fromMcp,
  fromMcpInputRequired,
  fromMcpInputResponses,
  toMcpInputRequired,
  toMcpInputResponses,
  type McpCallToolResultInput,
  type McpInputRequiredInput,
  type McpInputResponsesInput,
  type ToMcpInputRequiredOptions,
} from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { collectLosses, thrownValidation } from "../../support/throws";

interface Fixture {
  toMcpInputRequired: { name: string; result: unknown; options: ToMcpInputRequiredOptions; value: unknown }[];
  fromMcpInputResponses: { name: string; request: RequestJSON; inputResponses?: McpInputResponsesInput; answer: AnswerJSON | null }[];
  fromMcpInputRequired: { name: string; value: McpInputRequiredInput; requests: RequestJSON[]; requestState: string | null; losses: string[] }[];
  toMcpInputResponses: { name: string; answers: AnswerJSON[]; requests: RequestJSON[]; value: unknown; losses: string[] }[];
  refusals: { name: string; call: keyof typeof calls; args: unknown[]; code: string; path: string }[];
  fromMcp: { name: string; value: McpCallToolResultInput; output?: string; error?: { code: string; path: string } }[];
}

const fx = loadJSON<Fixture>("hosts/mcp-input-required.json");
const calls = { fromMcpInputRequired, fromMcpInputResponses, toMcpInputRequired, toMcpInputResponses } as const;
const rows = <T extends { name: string }>(list: T[]) => list.map((c) => [c.name, c] as const);

describe("toMcpInputRequired (fixtures/hosts/mcp-input-required.json)", () => {
  it.each(rows(fx.toMcpInputRequired))("%s", (_name, c) => {
    expect(toMcpInputRequired(ToolResult.fromJSON(c.result), c.options)).toEqual(c.value);
  });

  it("gives a fresh, unfrozen value on every call, equal each time", () => {
    const paused = ToolResult.pending({ kind: "input", prompt: "Which environment?" });
    const a = toMcpInputRequired(paused);
    const b = toMcpInputRequired(paused);
    expect(a).toEqual(b);
    expect(a.inputRequests).not.toBe(b.inputRequests);
    expect(Object.isFrozen(a) || Object.isFrozen(a.inputRequests) || Object.isFrozen(a.inputRequests[paused.pending.id])).toBe(false);
    const params = a.inputRequests[paused.pending.id]!.params;
    expect(params.mode === "form" && Object.isFrozen(params.requestedSchema)).toBe(false);
  });

  it("refuses a complete result with a message that says how to return it", () => {
    const e = thrownValidation(() => toMcpInputRequired(ToolResult.ok("done")));
    expect(e.message).toBe(
      "toMcpInputRequired() pauses a call with a pending result, and this result is not pending. Return a complete result as the call's result (toMcp(result)); pass a result made by ToolResult.pending() or ToolResult.authRequired() here.",
    );
  });

  it("names the closest option of a misspelt one", () => {
    const e = thrownValidation(() => toMcpInputRequired(ToolResult.authRequired("https://a.example.com/"), { requeststate: "x" } as ToMcpInputRequiredOptions));
    expect(e.message).toMatch(/Did you mean requestState\? toMcpInputRequired\(\) takes capabilities and requestState\.$/);
  });

  it("reads each option once, and not from the prototype chain", () => {
    let reads = 0;
    const options = {
      get requestState() {
        reads += 1;
        return reads === 1 ? "v1.first" : "";
      },
    };
    expect(toMcpInputRequired(ToolResult.authRequired("https://a.example.com/"), options).requestState).toBe("v1.first");
    expect(reads).toBe(1);
    const inherited = Object.create({ requestState: "v1.inherited" }) as ToMcpInputRequiredOptions;
    expect(toMcpInputRequired(ToolResult.authRequired("https://a.example.com/"), inherited)).not.toHaveProperty("requestState");
  });
});

describe("fromMcpInputResponses (fixtures/hosts/mcp-input-required.json)", () => {
  it.each(rows(fx.fromMcpInputResponses))("%s", (_name, c) => {
    const answer = fromMcpInputResponses(Request.fromJSON(c.request), c.inputResponses);
    expect(answer === undefined ? null : answer.toJSON()).toEqual(c.answer);
    if (answer !== undefined) expect(answer).toBeInstanceOf(Answer);
  });

  it("quotes both ids when the entry is for another request (answers match by id)", () => {
    const request = new Request({ id: "b-2", kind: "input", prompt: "B?" });
    const e = thrownValidation(() => fromMcpInputResponses(request, { "a-1": { action: "accept" } }));
    // The path holds the key whole; the message quotes it by the quoting rule and leaves the place out.
    expect({ code: e.code, path: e.path }).toEqual({ code: "invalid-value", path: 'inputResponses["a-1"]' });
    expect(e.message).toMatch(/^The answer is for request "a-1", not for "b-2"\. Each entry of inputResponses answers the input request of the same key/);
  });

  it("never puts a long key whole in the message: it is cut at 40 by the quoting rule", () => {
    const request = new Request({ id: "b-2", kind: "input", prompt: "B?" });
    const key = "k".repeat(100_000);
    const e = thrownValidation(() => fromMcpInputResponses(request, { [key]: { action: "accept" } }));
    expect(e.path === `inputResponses.${key}`).toBe(true);
    expect(e.message).toContain(`"${"k".repeat(40)}..." (and 99,960 more characters)`);
    expect(e.message.includes("k".repeat(41))).toBe(false);
  });

  it("names the response in the error of its content, by the path in inputResponses", () => {
    const request = new Request({ id: "r1", kind: "input", prompt: "A?" });
    const e = thrownValidation(() => fromMcpInputResponses(request, { r1: { action: "accept", content: { tags: ["a", 2] } } }));
    expect(e.path).toBe("inputResponses.r1.content.tags[1]");
    expect(e.message).toMatch(/\(in inputResponses\.r1\)$/);
  });

  it("reads each response once, by its own properties", () => {
    let reads = 0;
    const entry = {
      get action() {
        reads += 1;
        return reads === 1 ? "decline" : "accept";
      },
    };
    const request = new Request({ id: "r1", kind: "input", prompt: "A?" });
    expect(fromMcpInputResponses(request, { r1: entry })?.toJSON()).toEqual({ id: "r1", ok: false, reason: "declined" });
    expect(reads).toBe(1);
    expect(fromMcpInputResponses(request, Object.create({ r1: { action: "accept" } }) as McpInputResponsesInput)).toBeUndefined();
  });
});

describe("fromMcpInputRequired (fixtures/hosts/mcp-input-required.json)", () => {
  it.each(rows(fx.fromMcpInputRequired))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const read = fromMcpInputRequired(c.value, { onLoss });
    expect(read.requests.map((r) => r.toJSON())).toEqual(c.requests);
    expect(read.requests.every((r) => r instanceof Request)).toBe(true);
    expect(read.requestState ?? null).toEqual(c.requestState);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    expect(losses.every((l) => l.provider === "mcp-input-required" && Object.isFrozen(l))).toBe(true);
  });

  it("says how to fulfil a sampling request", () => {
    const e = thrownValidation(() => fromMcpInputRequired({ resultType: "input_required", inputRequests: { s1: { method: "sampling/createMessage", params: {} } } }));
    expect(e.message).toMatch(/^The input request "s1" is a sampling\/createMessage request, which is no person's request at inputRequests\.s1\. Fulfil it with the MCP SDK's own handler/);
  });
});

describe("toMcpInputResponses (fixtures/hosts/mcp-input-required.json)", () => {
  it.each(rows(fx.toMcpInputResponses))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const value = toMcpInputResponses(c.answers.map((a) => Answer.fromJSON(a)), c.requests.map((r) => Request.fromJSON(r)), { onLoss });
    expect(value).toEqual(c.value);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    expect(losses.every((l) => l.provider === "mcp-input-required" && Object.isFrozen(l))).toBe(true);
  });

  it("names the request left without its answer", () => {
    const requests = [new Request({ id: "a", kind: "input", prompt: "A?" }), new Request({ id: "b", kind: "input", prompt: "B?" })];
    const e = thrownValidation(() => toMcpInputResponses([Answer.output("a", "x")], requests));
    expect(e.message).toMatch(/^The request "b" has no answer at requests\[1\]\.id\. /);
  });
});

describe("refusals (fixtures/hosts/mcp-input-required.json)", () => {
  it.each(rows(fx.refusals))("%s", (_name, c) => {
    const call = calls[c.call] as (...args: unknown[]) => unknown;
    const e = thrownValidation(() => call(...c.args));
    expect(e).toBeInstanceOf(ValidationError);
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });
});

// fromMcp's own change (lib/providers/mcp.ts): these rows pass once it reads resultType and any JSON structuredContent.
describe("fromMcp reads resultType and a structuredContent of any JSON value (fixtures/hosts/mcp-input-required.json)", () => {
  it.each(rows(fx.fromMcp))("%s", (_name, c) => {
    if (c.error !== undefined) {
      const e = thrownValidation(() => fromMcp(c.value));
      expect({ code: e.code, path: e.path }).toEqual(c.error);
      if (c.error.code === "unsupported") expect(e.message).toMatch(/fromMcpInputRequired/);
    } else {
      expect(fromMcp(c.value).output).toBe(c.output);
    }
  });
});
