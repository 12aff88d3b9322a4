// A prompt made from a tool's input, through every bridge that makes one (docs/suspension.md,
// "A prompt made from a tool's input"): one line, cut at 500 code units before escaping with the rest counted, the whole input kept in data.
import { describe, expect, it } from "@jest/globals";
import { fromAgentsInterruption, fromAiSdkApprovalRequest, fromClaudeToolPermission, fromLangChainHitlRequest } from "toolnexus/providers";
import { loadJSON } from "../support/fixtures";

interface Row {
  name: string;
  input: { [key: string]: unknown };
  description?: string;
  prompts: { aiSdk: string; agents: string; claude: string; hitl: string };
}

const { rows } = loadJSON<{ rows: Row[] }>("bridges/prompt-inputs.json");

/** No line break of any kind, and no control character, in a prompt. */
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

describe("a prompt made from a tool's input (fixtures/bridges/prompt-inputs.json)", () => {
  describe.each(rows.map((r) => [r.name, r] as const))("%s", (_name, r) => {
    it("fromAiSdkApprovalRequest", () => {
      const request = fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a", toolCall: { toolCallId: "c", toolName: "write", input: r.input } });
      expect(request.prompt).toBe(r.prompts.aiSdk);
      expect(request.prompt).toMatch(ONE_LINE);
      expect(request.data).toEqual({ toolName: "write", toolCallId: "c", input: r.input });
    });

    it("fromAgentsInterruption", () => {
      const args = JSON.stringify(r.input);
      const request = fromAgentsInterruption({ type: "tool_approval_item", rawItem: { type: "function_call", callId: "c", name: "write", arguments: args } });
      expect(request.prompt).toBe(r.prompts.agents);
      expect(request.prompt).toMatch(ONE_LINE);
      expect(request.data).toEqual({ toolName: "write", arguments: args });
    });

    it("fromClaudeToolPermission", () => {
      const request = fromClaudeToolPermission("write", r.input, { toolUseID: "c" });
      expect(request.prompt).toBe(r.prompts.claude);
      expect(request.prompt).toMatch(ONE_LINE);
      expect(request.data).toEqual({ toolName: "write", input: r.input });
    });

    it("fromLangChainHitlRequest", () => {
      const action = r.description === undefined ? { name: "write", args: r.input } : { name: "write", args: r.input, description: r.description };
      const [request] = fromLangChainHitlRequest({ id: "i", value: { actionRequests: [action], reviewConfigs: [{ actionName: "write", allowedDecisions: ["approve"] }] } });
      expect(request?.prompt).toBe(r.prompts.hitl);
      expect(request?.prompt).toMatch(ONE_LINE);
      expect(request?.data).toEqual({ toolName: "write", args: r.input, allowedDecisions: ["approve"] });
    });
  });
});
