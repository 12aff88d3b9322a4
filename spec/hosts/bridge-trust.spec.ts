// The suspension bridges read what callers pass through the trust boundary (docs/trust.md,
// "Reading what callers pass"): one snapshot of own properties, each getter run once, throws and revoked Proxies as
// ValidationErrors at their paths, nothing taken from a polluted Object.prototype.
import { afterEach, describe, expect, it } from "@jest/globals";
import { ValidationError } from "toolnexus";
import { fromAgentsInterruption, fromAiSdkApprovalRequest, fromAiSdkApprovalResponse, fromMcpElicitation, fromMcpElicitResult } from "toolnexus/providers";
import { thrownValidation } from "../support/throws";

const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

/** An object whose `key` answers each read with the next of `answers` (the last one repeats); counts reads. */
function shifting<T extends object>(base: T, key: string, answers: unknown[]): { value: T; reads: () => number } {
  let reads = 0;
  const value = { ...base };
  Object.defineProperty(value, key, { enumerable: true, get: () => answers[Math.min(reads++, answers.length - 1)] });
  return { value, reads: () => reads };
}

const polluted: string[] = [];
function pollute(key: string, value: unknown): void {
  Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true, enumerable: false });
  polluted.push(key);
}
afterEach(() => {
  for (const k of polluted.splice(0)) delete (Object.prototype as Record<string, unknown>)[k];
});

const aiRequest = { type: "tool-approval-request", approvalId: "a-1", toolCall: { toolCallId: "c-1", toolName: "deploy", input: { env: "staging" } } } as const;
const agentsItem = { type: "tool_approval_item", toolName: "deploy", rawItem: { type: "function_call", callId: "c-1", name: "deploy", arguments: '{"env":"staging"}' } };
const request = { id: "r-1", kind: "input", prompt: "Which environment?" };

describe("a revoked Proxy is a ValidationError at its path, never a bare TypeError", () => {
  const cases: [string, () => unknown, string][] = [
    ["fromAiSdkApprovalRequest(part)", () => fromAiSdkApprovalRequest(revoked() as never), ""],
    ["fromAiSdkApprovalRequest({ toolCall })", () => fromAiSdkApprovalRequest({ ...aiRequest, toolCall: revoked() } as never), "toolCall"],
    ["fromAiSdkApprovalRequest(part, options)", () => fromAiSdkApprovalRequest(aiRequest, revoked() as never), "options"],
    ["fromAiSdkApprovalRequest(part, { toolCall })", () => fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a", toolCallId: "c" }, { toolCall: revoked() as never }), "options.toolCall"],
    ["fromAiSdkApprovalRequest({ toolCall: { input } })", () => fromAiSdkApprovalRequest({ ...aiRequest, toolCall: { ...aiRequest.toolCall, input: revoked() } }), "data.input"],
    ["fromAiSdkApprovalResponse(response)", () => fromAiSdkApprovalResponse(revoked() as never), ""],
    ["fromAgentsInterruption(item)", () => fromAgentsInterruption(revoked() as never), ""],
    ["fromAgentsInterruption({ rawItem })", () => fromAgentsInterruption({ rawItem: revoked() } as never), "rawItem"],
    ["fromAgentsInterruption({ rawItem: { providerData } })", () => fromAgentsInterruption({ rawItem: { type: "hosted_tool_call", providerData: revoked() } } as never), "rawItem.providerData"],
    ["fromAgentsInterruption({ rawItem: { action } })", () => fromAgentsInterruption({ rawItem: { type: "computer_call", callId: "c", action: revoked() } } as never), "rawItem.action"],
    ["fromMcpElicitation(params)", () => fromMcpElicitation(revoked() as never), ""],
    ["fromMcpElicitation({ requestedSchema })", () => fromMcpElicitation({ message: "m", requestedSchema: revoked() } as never), "requestedSchema"],
    ["fromMcpElicitResult(request, result)", () => fromMcpElicitResult(request as never, revoked() as never), ""],
    ["fromMcpElicitResult(request, { content })", () => fromMcpElicitResult(request as never, { action: "accept", content: revoked() } as never), "content"],
    ["fromMcpElicitResult(request, { content: { k } })", () => fromMcpElicitResult(request as never, { action: "accept", content: { k: revoked() } } as never), "content.k"],
  ];
  it.each(cases)("%s", (_name, call, path) => {
    const e = thrownValidation(call);
    expect(e.path).toBe(path);
    expect(e.code).toEqual(expect.any(String));
  });
});

describe("a throwing getter is a ValidationError at the field's path", () => {
  const throwing = <T extends object>(base: T, key: string): T =>
    Object.defineProperty({ ...base }, key, {
      enumerable: true,
      get() {
        throw new TypeError("boom");
      },
    });
  const cases: [string, () => unknown, string][] = [
    ["fromAiSdkApprovalRequest: approvalId", () => fromAiSdkApprovalRequest(throwing(aiRequest, "approvalId")), "approvalId"],
    ["fromAiSdkApprovalRequest: toolCall.toolName", () => fromAiSdkApprovalRequest({ ...aiRequest, toolCall: throwing(aiRequest.toolCall, "toolName") }), "toolCall.toolName"],
    ["fromAiSdkApprovalResponse: approved", () => fromAiSdkApprovalResponse(throwing({ type: "tool-approval-response", approvalId: "a", approved: true }, "approved") as never), "approved"],
    ["fromAgentsInterruption: rawItem.arguments", () => fromAgentsInterruption({ ...agentsItem, rawItem: throwing(agentsItem.rawItem, "arguments") }), "rawItem.arguments"],
    ["fromMcpElicitation: message", () => fromMcpElicitation(throwing({ message: "m", requestedSchema: { type: "object", properties: {} } }, "message") as never), "message"],
    ["fromMcpElicitResult: action", () => fromMcpElicitResult(request as never, throwing({ action: "accept" }, "action") as never), "action"],
  ];
  it.each(cases)("%s", (_name, call, path) => {
    const e = thrownValidation(call);
    expect(e.path).toBe(path);
    expect(e).toBeInstanceOf(ValidationError);
  });
});

describe("each field is read once: what is shown is what is stored", () => {
  it("fromAiSdkApprovalRequest makes the prompt from the same read of the input as data.input", () => {
    const call = shifting({ toolCallId: "c-1", toolName: "deploy" }, "input", [{ env: "staging" }, { env: "production" }]);
    const req = fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a-1", toolCall: call.value as never });
    expect(call.reads()).toBe(1);
    expect(req.prompt).toBe('Approve the call to tool "deploy" with input {"env":"staging"}?');
    expect(req.data).toEqual({ toolName: "deploy", toolCallId: "c-1", input: { env: "staging" } });
  });

  it("fromAiSdkApprovalRequest reads a getter inside the input once", () => {
    let reads = 0;
    const input = Object.defineProperty({}, "env", { enumerable: true, get: () => (reads++ === 0 ? "staging" : "production") });
    const req = fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a-1", toolCall: { toolCallId: "c-1", toolName: "deploy", input } });
    expect(reads).toBe(1);
    expect(req.prompt).toContain('{"env":"staging"}');
    expect(req.data!.input).toEqual({ env: "staging" });
  });

  it("fromAgentsInterruption reads rawItem.arguments once, so its string check holds", () => {
    const raw = shifting({ type: "function_call", callId: "c-1", name: "deploy" }, "arguments", ['{"env":"staging"}', { env: "production" }]);
    const req = fromAgentsInterruption({ rawItem: raw.value as never });
    expect(raw.reads()).toBe(1);
    expect(req.data).toEqual({ toolName: "deploy", arguments: '{"env":"staging"}' });
    expect(req.prompt).toBe('Approve the call to tool "deploy" with input {"env":"staging"}?');
  });

  it("fromAiSdkApprovalResponse reads approved once", () => {
    const r = shifting({ type: "tool-approval-response", approvalId: "a-1" }, "approved", [false, true]);
    const answer = fromAiSdkApprovalResponse(r.value as never);
    expect(r.reads()).toBe(1);
    expect(answer.ok).toBe(false);
  });

  it("fromMcpElicitation checks the same copy of the schema it stores", () => {
    const schema = shifting({ type: "object" }, "properties", [{ name: { type: "string" } }, { name: { type: "object", properties: {} } }]);
    const req = fromMcpElicitation({ message: "m", requestedSchema: schema.value as never });
    expect(schema.reads()).toBe(1);
    expect(req.data).toEqual({ schema: { type: "object", properties: { name: { type: "string" } } } });
  });

  it("fromMcpElicitResult reads each content value once", () => {
    const content = shifting({}, "env", ["staging", { nested: true }]);
    const answer = fromMcpElicitResult(request as never, { action: "accept", content: content.value as never });
    expect(content.reads()).toBe(1);
    expect(answer.data).toEqual({ env: "staging" });
  });
});

describe("a polluted Object.prototype adds nothing", () => {
  it("toolName, input: a message part without its tool call stays without them", () => {
    pollute("toolCall", { toolCallId: "c-1", toolName: "evil", input: { rm: "-rf" } });
    pollute("toolName", "evil");
    const req = fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a-1", toolCallId: "c-1" });
    expect(req.data).toEqual({ toolCallId: "c-1" });
    expect(req.prompt).toBe('Approve tool call "c-1"?');
  });

  it("approved: a response without it is refused, never approved", () => {
    pollute("approved", true);
    const e = thrownValidation(() => fromAiSdkApprovalResponse({ type: "tool-approval-response", approvalId: "a-1" } as never));
    expect({ code: e.code, path: e.path }).toEqual({ code: "missing", path: "approved" });
  });

  it("reason: a response gets no reason text", () => {
    pollute("reason", "polluted");
    expect(fromAiSdkApprovalResponse({ type: "tool-approval-response", approvalId: "a-1", approved: false }).data).toBeUndefined();
  });

  // (Request.create itself must then not take a url from the prototype: spec/hostile/boundary.spec.ts.)
  it("mode, elicitationId: form-mode params stay a form", () => {
    pollute("mode", "url");
    pollute("elicitationId", "e-1");
    const req = fromMcpElicitation({ message: "m", requestedSchema: { type: "object", properties: { name: { type: "string" } } } });
    expect(req.kind).toBe("input");
    expect(req.id).not.toBe("e-1");
  });

  it("type: a schema field without a type is still refused", () => {
    pollute("type", "string");
    const e = thrownValidation(() => fromMcpElicitation({ message: "m", requestedSchema: { type: "object", properties: { name: {} } } as never }));
    expect({ code: e.code, path: e.path }).toEqual({ code: "missing", path: "requestedSchema.properties.name.type" });
  });

  it("arguments, callId: an interruption takes neither from the prototype", () => {
    pollute("arguments", '{"rm":"-rf"}');
    pollute("toolName", "evil");
    const req = fromAgentsInterruption({ rawItem: { type: "function_call", id: "i-1", name: "deploy" } });
    expect(req.data).toEqual({ toolName: "deploy" });
    expect(req.id).toBe("i-1");
  });

  it("content: an accepted result without content has no data", () => {
    pollute("content", { env: "production" });
    expect(fromMcpElicitResult(request as never, { action: "accept" }).data).toBeUndefined();
  });

  it("onLoss: options are read as own properties", () => {
    pollute("toolCall", { toolCallId: "c-1", toolName: "evil" });
    expect(fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a-1", toolCallId: "c-1" }, {}).data).toEqual({ toolCallId: "c-1" });
  });
});
