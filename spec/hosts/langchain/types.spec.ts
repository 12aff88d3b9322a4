// Compile-time checks of the LangChain and LangGraph bridges against LangChain's own types. Type-checked by the
// `src` project (ts-jest with diagnostics on): every assignment below compiles without a cast, and every line
// marked `@ts-expect-error` must fail to compile. The published declarations import none of these packages.
// Source-only because the bundle projects only transpile: the types are what is checked here.
import { describe, expect, it } from "@jest/globals";
import { ToolMessage, type ToolMessageFields } from "@langchain/core/messages";
import { Command, type Interrupt } from "@langchain/langgraph";
import type { Decision, HITLRequest, HITLResponse } from "langchain";
import { Answer, Request, ToolResult } from "toolnexus";
import {
  fromLangChain,
  fromLangChainHitlRequest,
  fromLangGraphInterrupt,
  toLangChain,
  toLangChainHitlResponse,
  toLangGraphInterrupt,
  toLangGraphResume,
  type LangChainHitlDecision,
  type LangChainHitlRequest,
} from "toolnexus/providers";

const result = ToolResult.ok("done");

describe("the LangChain bridges' types fit LangChain's own", () => {
  it("toLangChain gives ToolMessage fields; fromLangChain reads a ToolMessage and its fields", () => {
    const fields: ToolMessageFields = toLangChain(result, { toolCallId: "c1", name: "t" });
    const message = new ToolMessage(toLangChain(result, { toolCallId: "c1" }));
    expect(fromLangChain(message).equals(result)).toBe(true);
    expect(fromLangChain(fields).equals(result)).toBe(true);
    // @ts-expect-error: toolCallId is required
    expect(() => toLangChain(result, {})).toThrow();
    // @ts-expect-error: a string is not a message
    expect(() => fromLangChain("done")).toThrow();
  });

  it("the interrupt bridge takes LangGraph's Interrupt and gives Command's params", () => {
    const request = new Request({ id: "r1", kind: "approval", prompt: "Go?" });
    const interrupt: Interrupt = { id: "0123456789abcdef0123456789abcdef", value: toLangGraphInterrupt(request) };
    expect(fromLangGraphInterrupt(interrupt).equals(request)).toBe(true);
    const command = new Command(toLangGraphResume(Answer.accept(request), [interrupt]));
    expect(command.resume).toEqual({ id: "r1", ok: true });
  });

  it("the HITL bridge takes the middleware's interrupt and gives its HITLResponse", () => {
    const value: HITLRequest = { actionRequests: [{ name: "deploy", args: { env: "prod" }, description: "Deploy?" }], reviewConfigs: [{ actionName: "deploy", allowedDecisions: ["approve"] }] };
    const ours: LangChainHitlRequest = value;
    const interrupt: Interrupt<HITLRequest> = { id: "0123456789abcdef0123456789abcdef", value };
    const requests = fromLangChainHitlRequest(interrupt);
    const response: HITLResponse = toLangChainHitlResponse(requests, [Answer.accept(requests[0]!)]);
    const decision: Decision = response.decisions[0]!;
    const back: LangChainHitlDecision = { type: "approve" };
    expect([ours.actionRequests.length, decision, back]).toEqual([1, { type: "approve" }, { type: "approve" }]);
  });
});
