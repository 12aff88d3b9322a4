// Use it with the OpenAI Agents SDK: a function tool returns a ToolResult with an image, through
// `toAgentsToolOutput`, and the model's next turn sees the image. The tool needs approval: the run pauses, the
// host keeps the pause as a pending ToolResult (JSON, in a store) beside the run state, the person's Answer
// arrives later, and the run resumes, calling the tool with it. The SDK's scripted test model; no network.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Agent, RunState, run, setTracingDisabled, tool } from "@openai/agents-core";
import { ScriptedModel, assistantMessage, functionCall } from "@openai/agents-core/testing";
import { Answer, ContentPart, ToolResult } from "toolnexus";
import { fromAgentsInterruption, toAgentsDecision, toAgentsToolOutput } from "toolnexus/providers";

setTracingDisabled(true);
const png = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"), { name: "home.png" });

// The tool: a screenshot of a page, taken only with a person's approval.
function screenshot(url: string, answer: Answer | undefined): ToolResult {
  if (answer === undefined || !answer.ok) return ToolResult.error(`No screenshot of ${url}: not approved`);
  return ToolResult.ok(`Screenshot of ${url}`, { parts: [png], metadata: { tookMs: 41 } });
}

// Answers that arrived, by the call they approve; the tool reads its answer from here.
const answers = new Map<string, Answer>();
const screenshotTool = tool({
  name: "screenshot",
  description: "Takes a screenshot of a page",
  parameters: { type: "object", properties: { url: { type: "string" } }, required: ["url"], additionalProperties: false },
  strict: true,
  needsApproval: true,
  execute: async (input, _context, details) => {
    const url = typeof input === "object" && input !== null && "url" in input && typeof input.url === "string" ? input.url : "";
    const callId = details?.toolCall?.callId ?? "";
    return toAgentsToolOutput(screenshot(url, answers.get(callId)));
  },
});
const model = new ScriptedModel([[functionCall("screenshot", { url: "https://example.com" }, { callId: "call_1" })], [assistantMessage("A small colour grid.")]]);
const agent = new Agent({ name: "eyes", instructions: "Look at pages when asked.", model, tools: [screenshotTool] });

// The store a durable host would use: pending results and run states, as JSON, by request id.
const store = new Map<string, string>();

// 1. The run pauses for approval: keep a pending ToolResult, with the run state, as JSON.
const first = await run(agent, "What is on example.com?");
const item = first.interruptions[0];
assert.ok(item !== undefined);
const paused = ToolResult.pending(fromAgentsInterruption(item));
store.set(paused.pending.id, JSON.stringify({ result: paused, state: first.state.toString() }));
console.log("ok: the run paused for approval:", JSON.stringify(paused.output));

// 2. Later: the person's answer arrives, as JSON.
const arrived = Answer.fromJSON(JSON.parse(JSON.stringify(Answer.accept(paused.pending))));

// 3. The host reads the kept result and state back, and finds the interruption the answer is for.
const kept: { result: unknown; state: string } = JSON.parse(store.get(arrived.id) ?? "null");
const pending = ToolResult.fromJSON(kept.result).pending;
assert.ok(pending !== undefined && arrived.answers(pending));
const state = await RunState.fromString(agent, kept.state);
const waiting = state.getInterruptions().find((i) => fromAgentsInterruption(i).id === arrived.id);
assert.ok(waiting !== undefined);

// 4. Resume: the decision goes to the run state, and the run calls the tool, which receives the answer.
answers.set(pending.id, arrived);
const decision = toAgentsDecision(arrived);
if (decision.approve) state.approve(waiting);
else state.reject(waiting, decision.message === undefined ? {} : { message: decision.message });
const second = await run(agent, state);
store.delete(arrived.id);
assert.equal(second.finalOutput, "A small colour grid.");

// The model's next turn saw the image (and no metadata): the tool's output as input_text and input_image.
const input = model.lastCall?.request.input;
const output = Array.isArray(input) ? input.find((i) => i.type === "function_call_result" && i.callId === "call_1") : undefined;
assert.deepEqual(output?.type === "function_call_result" ? output.output : undefined, [
  { type: "input_text", text: "Screenshot of https://example.com" },
  { type: "input_image", image: `data:image/png;base64,${png.data}` },
]);
assert.ok(!JSON.stringify(input).includes("tookMs"));
console.log("ok: approved, the tool ran and the model saw the image; it said", JSON.stringify(second.finalOutput));
