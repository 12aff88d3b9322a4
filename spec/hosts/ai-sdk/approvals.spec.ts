// Vercel AI SDK tool approvals, checked by the AI SDK itself: our parts parse with its own model-message
// schemas with nothing stripped, and two runs of `generateText` against its mock model (no network) pause and
// resume through toolnexus data, both ways.
import { describe, expect, it } from "@jest/globals";
import type * as AiModule from "ai";
import type { ModelMessage, ToolApprovalRequest, ToolApprovalRequestOutput, ToolApprovalResponse, ToolSet } from "ai";
import type * as AiTestModule from "ai/test";
import { Answer, Request, ToolResult, type AnswerJSON, type RequestJSON } from "toolnexus";
import {
  fromAiSdkApprovalRequest,
  fromAiSdkApprovalResponse,
  toAiSdkApprovalRequest,
  toAiSdkApprovalResponse,
  type AiSdkApprovalRequestInput,
  type AiSdkToolCall,
} from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { importEsm } from "../../support/esm";
import { thrownValidation, collectLosses } from "../../support/throws";

interface Fixture {
  requests: { name: string; request: RequestJSON; toolCallId: string; part: ToolApprovalRequest; losses: string[] }[];
  answers: { name: string; answer: AnswerJSON; response: ToolApprovalResponse; losses: string[]; back: AnswerJSON; roundTrip: boolean }[];
  responses: { name: string; response: unknown; answer: AnswerJSON }[];
  invalidResponses: { name: string; response: unknown; code: string; path: string }[];
  approvalRequests: { name: string; part: AiSdkApprovalRequestInput; toolCall?: AiSdkToolCall; request: RequestJSON }[];
  invalidApprovalRequests: { name: string; part: unknown; toolCall?: AiSdkToolCall; code: string; path: string }[];
}

const fx = loadJSON<Fixture>("bridges/ai-sdk-approvals.json");

const loadAi = () => importEsm<typeof AiModule>("ai");
const loadAiTest = () => importEsm<typeof AiTestModule>("ai/test");

describe("toAiSdkApprovalRequest (fixtures/bridges/ai-sdk-approvals.json, requests)", () => {
  it.each(fx.requests.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const part = toAiSdkApprovalRequest(Request.fromJSON(c.request), { toolCallId: c.toolCallId, onLoss });
    expect(part).toEqual(c.part);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    for (const l of losses) expect(l.provider).toBe("ai-sdk-approval");
  });

  it("needs the toolCallId of the call that paused", () => {
    const req = Request.create({ kind: "approval", prompt: "p" });
    expect(thrownValidation(() => toAiSdkApprovalRequest(req, undefined as never)).code).toBe("missing");
    expect(thrownValidation(() => toAiSdkApprovalRequest(req, {} as never)).path).toBe("toolCallId");
    expect(thrownValidation(() => toAiSdkApprovalRequest(req, { toolCallId: "" })).code).toBe("invalid-value");
    const misspelt = thrownValidation(() => toAiSdkApprovalRequest(req, { toolCallId: "c", toolcallid: "c" } as never));
    expect({ code: misspelt.code, path: misspelt.path }).toEqual({ code: "invalid-value", path: "options.toolcallid" });
    expect(misspelt.message).toContain("Did you mean toolCallId?");
  });
});

describe("toAiSdkApprovalResponse / fromAiSdkApprovalResponse (fixtures: answers, responses)", () => {
  it.each(fx.answers.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const answer = Answer.fromJSON(c.answer);
    const response = toAiSdkApprovalResponse(answer, { onLoss });
    expect(response).toEqual(c.response);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    const back = fromAiSdkApprovalResponse(response);
    expect(back.toJSON()).toEqual(c.back);
    expect(back.equals(answer)).toBe(c.roundTrip);
  });

  it.each(fx.responses.map((c) => [c.name, c] as const))("reads %s", (_name, c) => {
    expect(fromAiSdkApprovalResponse(c.response as ToolApprovalResponse).toJSON()).toEqual(c.answer);
  });

  it.each(fx.invalidResponses.map((c) => [c.name, c] as const))("refuses a response with %s", (_name, c) => {
    const e = thrownValidation(() => fromAiSdkApprovalResponse(c.response as ToolApprovalResponse));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });

  it("answers the request it was shown for: approvalId is the request id", () => {
    const req = ToolResult.authRequired("https://auth.example.com/login").pending!;
    const part = toAiSdkApprovalRequest(req, { toolCallId: "call-1" });
    const answer = fromAiSdkApprovalResponse({ type: "tool-approval-response", approvalId: part.approvalId, approved: true });
    expect(answer.answers(req)).toBe(true);
  });
});

describe("fromAiSdkApprovalRequest (fixtures: approvalRequests)", () => {
  it.each(fx.approvalRequests.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const request = fromAiSdkApprovalRequest(c.part, c.toolCall === undefined ? undefined : { toolCall: c.toolCall });
    expect(request.toJSON()).toEqual(c.request);
    // Plain data: it survives the trip through JSON that a durable host makes.
    expect(Request.fromJSON(JSON.parse(JSON.stringify(request))).equals(request)).toBe(true);
  });

  it.each(fx.invalidApprovalRequests.map((c) => [c.name, c] as const))("refuses %s", (_name, c) => {
    const e = thrownValidation(() => fromAiSdkApprovalRequest(c.part as AiSdkApprovalRequestInput, c.toolCall === undefined ? undefined : { toolCall: c.toolCall }));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  });

  it("refuses an input that is not JSON data, naming it", () => {
    const e = thrownValidation(() => fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a", toolCall: { toolCallId: "c", toolName: "t", input: { when: new Date(0) } } }));
    expect(e.path).toBe("data.input.when");
  });

  it("shortens a long input in the prompt, and keeps it whole in data", () => {
    const input = { text: "x".repeat(2000) };
    const request = fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a", toolCall: { toolCallId: "c", toolName: "write", input } });
    expect(request.prompt.length).toBeLessThan(600);
    expect(request.prompt).toMatch(/^Approve the call to tool "write" with input \{"text":"x+\.\.\. \(1511 more characters\)\?$/);
    expect(request.data).toEqual({ toolName: "write", toolCallId: "c", input });
  });

  it("shows the input on one line: DEL, C1 controls, U+2028 and U+2029 escaped (README, Choices where the contract is silent)", () => {
    const input = { text: "a\u2028b\u2029c\u007fd\u0085e" };
    const request = fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a", toolCall: { toolCallId: "c", toolName: "write", input } });
    expect(request.prompt).toBe('Approve the call to tool "write" with input {"text":"a\\u2028b\\u2029c\\u007fd\\u0085e"}?');
    expect(request.prompt).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it("never cuts the input's JSON inside a surrogate pair", () => {
    const input = { t: "x".repeat(493) + "\u{1F600}" + "y".repeat(50) }; // the pair sits at code units 499 and 500
    const request = fromAiSdkApprovalRequest({ type: "tool-approval-request", approvalId: "a", toolCall: { toolCallId: "c", toolName: "write", input } });
    const shown = request.prompt.slice(request.prompt.indexOf("{"), request.prompt.indexOf("..."));
    expect(shown.length).toBe(499);
    expect(request.prompt).toContain("... (54 more characters)?");
  });
});

describe("the AI SDK's own schemas and types accept our parts", () => {
  it("an assistant message holding our approval request parses with nothing stripped", async () => {
    const { assistantModelMessageSchema } = (await loadAi()) as unknown as { assistantModelMessageSchema: { parse(v: unknown): unknown } };
    for (const c of fx.requests) {
      const message = { role: "assistant", content: [{ type: "tool-call", toolCallId: c.toolCallId, toolName: "t", input: {} }, c.part] };
      const ours = { ...message, content: [message.content[0], toAiSdkApprovalRequest(Request.fromJSON(c.request), { toolCallId: c.toolCallId })] };
      expect(assistantModelMessageSchema.parse(ours)).toEqual(ours);
    }
  });

  it("a tool message holding our approval response parses with nothing stripped", async () => {
    const { toolModelMessageSchema } = (await loadAi()) as unknown as { toolModelMessageSchema: { parse(v: unknown): unknown } };
    for (const c of fx.answers) {
      const message = { role: "tool", content: [toAiSdkApprovalResponse(Answer.fromJSON(c.answer))] };
      expect(toolModelMessageSchema.parse(message)).toEqual(message);
    }
  });

  it("compiles: our parts are the SDK's part types, and the SDK's parts are our inputs", () => {
    const req = Request.create({ kind: "approval", prompt: "p" });
    const part: ToolApprovalRequest = toAiSdkApprovalRequest(req, { toolCallId: "c" });
    const response: ToolApprovalResponse = toAiSdkApprovalResponse(Answer.accept(req));
    const output: ToolApprovalRequestOutput<ToolSet> = { type: "tool-approval-request", approvalId: "a", toolCall: { type: "tool-call", toolCallId: "c", toolName: "t", input: {}, dynamic: true } };
    expect(fromAiSdkApprovalRequest(output).id).toBe("a");
    expect(fromAiSdkApprovalRequest(part).id).toBe(req.id);
    expect(fromAiSdkApprovalResponse(response).ok).toBe(true);
    const messages: ModelMessage[] = [{ role: "assistant", content: [part] }, { role: "tool", content: [response] }];
    expect(messages).toHaveLength(2);
  });
});

// The mock model: each call answers with the next scripted content; every call's prompt is recorded.
type Usage = AiTestModule.MockLanguageModelV4 extends { doGenerate: (o: never) => PromiseLike<infer R> } ? R extends { usage: infer U } ? U : never : never;
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } as Usage;

async function scriptedModel(...steps: ({ type: "tool-call"; toolCallId: string; toolName: string; input: string } | { type: "text"; text: string })[][]) {
  const { MockLanguageModelV4 } = await loadAiTest();
  const prompts: unknown[] = [];
  let i = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      prompts.push(JSON.parse(JSON.stringify(options.prompt)));
      const content = steps[i++];
      if (!content) throw new Error("the model was called more times than scripted");
      const toolCalls = content.some((p) => p.type === "tool-call");
      return { content, finishReason: { unified: toolCalls ? "tool-calls" : "stop", raw: undefined }, usage, warnings: [] };
    },
  });
  return { model, prompts };
}

/** The tool results the model received in its last prompt. */
function toolResults(prompt: unknown): unknown[] {
  return (prompt as { role: string; content: { type: string }[] }[]).filter((m) => m.role === "tool").flatMap((m) => m.content.filter((p) => p.type === "tool-result"));
}

describe("an AI SDK pause kept by a toolnexus host: generateText with a tool that needs approval", () => {
  async function pauseAndResume(decide: (request: Request) => Answer) {
    const { generateText, tool, jsonSchema } = await loadAi();
    const { model, prompts } = await scriptedModel(
      [{ type: "tool-call", toolCallId: "call-1", toolName: "deploy", input: JSON.stringify({ env: "prod" }) }],
      [{ type: "text", text: "Deployed." }],
    );
    const executed: unknown[] = [];
    const tools = {
      deploy: tool({
        description: "Deploys the service",
        inputSchema: jsonSchema<{ env: string }>({ type: "object", properties: { env: { type: "string" } }, required: ["env"] }),
        needsApproval: true,
        execute: async ({ env }: { env: string }) => {
          executed.push(env);
          return `deployed to ${env}`;
        },
      }),
    };
    const first = await generateText({ model, tools, prompt: "Deploy to production" });

    // The approval the SDK raised, in both of its forms.
    const contentPart = first.content.find((p) => p.type === "tool-approval-request");
    expect(contentPart).toBeDefined();
    const assistant = first.response.messages.find((m) => m.role === "assistant")!;
    const parts = assistant.content as Exclude<typeof assistant.content, string>;
    const messagePart = parts.find((p): p is ToolApprovalRequest => p.type === "tool-approval-request")!;
    const toolCall = parts.find((p) => p.type === "tool-call")!;

    const request = fromAiSdkApprovalRequest(contentPart!);
    expect(request.kind).toBe("approval");
    expect(request.id).toBe(contentPart!.approvalId);
    expect(request.data).toEqual({ toolName: "deploy", toolCallId: "call-1", input: { env: "prod" } });
    expect(request.prompt).toBe('Approve the call to tool "deploy" with input {"env":"prod"}?');
    expect(fromAiSdkApprovalRequest(messagePart, { toolCall: toolCall as AiSdkToolCall }).equals(request)).toBe(true);
    expect(fromAiSdkApprovalRequest(messagePart).data).toEqual({ toolCallId: "call-1" });
    expect(executed).toEqual([]); // paused: nothing ran

    // A durable host keeps the request as JSON; a person answers it later, maybe in another process.
    const restored = Request.fromJSON(JSON.parse(JSON.stringify(request)));
    const answer = Answer.fromJSON(JSON.parse(JSON.stringify(decide(restored))));
    expect(answer.answers(restored)).toBe(true);

    const second = await generateText({
      model,
      tools,
      messages: [{ role: "user", content: "Deploy to production" }, ...first.response.messages, { role: "tool", content: [toAiSdkApprovalResponse(answer)] }],
    });
    expect(second.text).toBe("Deployed.");
    return { executed, results: toolResults(prompts[1]) };
  }

  it("approved: the tool runs and its result reaches the model", async () => {
    const { executed, results } = await pauseAndResume((r) => Answer.accept(r));
    expect(executed).toEqual(["prod"]);
    expect(results).toEqual([{ type: "tool-result", toolCallId: "call-1", toolName: "deploy", output: { type: "text", value: "deployed to prod" } }]);
  });

  it("declined: the tool never runs, and the model reads execution-denied with the reason", async () => {
    const { executed, results } = await pauseAndResume((r) => new Answer({ id: r.id, ok: false, reason: "declined", data: { reason: "Not during the release freeze." } }));
    expect(executed).toEqual([]);
    expect(results).toEqual([{ type: "tool-result", toolCallId: "call-1", toolName: "deploy", output: { type: "execution-denied", reason: "Not during the release freeze." } }]);
  });
});

describe("a toolnexus pause shown in an AI SDK app: a login answered from the approval UI", () => {
  /** A toolnexus tool: it lists repositories once the person has logged in. */
  function listRepos(org: string, answer?: Answer): ToolResult {
    if (!answer) return ToolResult.authRequired(`https://auth.example.com/login?org=${org}`, "Log in to list the repositories");
    if (!answer.ok) return ToolResult.error(`Not logged in (${answer.reason})`);
    return ToolResult.ok(`${org}: api, web, docs`);
  }

  async function run(decide: (part: ToolApprovalRequest) => ToolApprovalResponse) {
    const { generateText, tool, jsonSchema } = await loadAi();
    const { model, prompts } = await scriptedModel(
      [{ type: "tool-call", toolCallId: "call-7", toolName: "repos", input: JSON.stringify({ org: "acme" }) }],
      [{ type: "text", text: "Here they are." }],
    );
    const inputSchema = jsonSchema<{ org: string }>({ type: "object", properties: { org: { type: "string" } }, required: ["org"] });

    // 1. The model calls the tool; the app runs it itself (no execute), and the toolnexus tool pauses on a login.
    const first = await generateText({ model, tools: { repos: tool({ inputSchema }) }, prompt: "List the acme repositories" });
    const call = first.toolCalls[0]!;
    const paused = listRepos((call.input as { org: string }).org);
    expect(paused.isPending).toBe(true);
    const request = paused.pending!;

    // 2. The app shows the pause as an AI SDK approval, tied to the call that paused.
    const approval = toAiSdkApprovalRequest(request, { toolCallId: call.toolCallId });
    expect(approval.reason).toBe("Log in to list the repositories\nhttps://auth.example.com/login?org=acme");
    const [assistant] = first.response.messages;
    const shown: ModelMessage = { role: "assistant", content: [...(assistant!.content as Exclude<ModelMessage["content"], string>), approval] as never };

    // 3. The person answers in the UI; the app reads the answer as toolnexus data.
    const response = decide(approval);
    const answer = fromAiSdkApprovalResponse(response);
    expect(answer.answers(request)).toBe(true);
    const answers = new Map([[call.toolCallId, answer]]);

    // 4. The SDK resumes: an approved call runs, and the toolnexus tool picks up where it paused.
    const resumed = tool({ inputSchema, execute: async ({ org }: { org: string }, { toolCallId }: { toolCallId: string }) => listRepos(org, answers.get(toolCallId)).output });
    const second = await generateText({ model, tools: { repos: resumed }, messages: [{ role: "user", content: "List the acme repositories" }, shown, { role: "tool", content: [response] }] });
    expect(second.text).toBe("Here they are.");
    return { answer, results: toolResults(prompts[1]) };
  }

  it("logged in: the resumed tool's output reaches the model", async () => {
    const { answer, results } = await run((part) => ({ type: "tool-approval-response", approvalId: part.approvalId, approved: true }));
    expect(answer.ok).toBe(true);
    expect(results).toEqual([{ type: "tool-result", toolCallId: "call-7", toolName: "repos", output: { type: "text", value: "acme: api, web, docs" } }]);
  });

  it("refused: the answer is declined with the reason, and the model reads execution-denied", async () => {
    const { answer, results } = await run((part) => ({ type: "tool-approval-response", approvalId: part.approvalId, approved: false, reason: "No account" }));
    expect(answer.toJSON()).toEqual({ id: answer.id, ok: false, reason: "declined", data: { reason: "No account" } });
    expect(results).toEqual([{ type: "tool-result", toolCallId: "call-7", toolName: "repos", output: { type: "execution-denied", reason: "No account" } }]);
  });
});
