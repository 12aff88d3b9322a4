// Use it with OpenAI Chat Completions: one assistant turn asks for three tools in parallel; one of them pauses
// for a person's approval. The host keeps the turn (the pending result included) as JSON in a store; when the
// Answer arrives it calls that tool again with it, and sends all three results with `toOpenAIChatMessages`:
// every tool message first, in call order, then one user message with the media. The real `openai` client,
// with a stub fetch standing in for the API (no network).
import assert from "node:assert/strict";
import { join } from "node:path";
import OpenAI from "openai";
import type { ChatCompletionMessageFunctionToolCall, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { toOpenAIChatMessages } from "toolnexus/providers";

const png = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"));

// The tools. `restart` pauses until a person approves it.
function runTool(name: string, args: { service?: string }, answer?: Answer): ToolResult {
  switch (name) {
    case "status":
      return ToolResult.ok(`${args.service}: degraded`);
    case "dashboard":
      return ToolResult.ok(`Dashboard of ${args.service}`, { parts: [png] });
    case "restart":
      if (answer === undefined) return ToolResult.pending(Request.create({ kind: "approval", prompt: `Restart ${args.service}?` }));
      return answer.ok ? ToolResult.ok(`Restarted ${args.service}`) : ToolResult.error(`Restart ${answer.reason}`);
    default:
      return ToolResult.error(`No tool ${name}`);
  }
}

// The API, stubbed: the first call asks for the three tools at once, the second answers. Requests are kept.
const sent: { messages: { role: string; tool_call_id?: string }[] }[] = [];
const replies = [
  {
    role: "assistant",
    content: null,
    refusal: null,
    tool_calls: ["status", "dashboard", "restart"].map((name, i) => ({ id: `call_${i}`, type: "function", function: { name, arguments: JSON.stringify({ service: "api" }) } })),
  },
  { role: "assistant", content: "The api was degraded; it has been restarted.", refusal: null },
];
const fetch = async (_url: unknown, init?: { body?: unknown }): Promise<Response> => {
  sent.push(JSON.parse(String(init?.body)));
  const message = replies[sent.length - 1];
  const body = { id: `chatcmpl-${sent.length}`, object: "chat.completion", created: 0, model: "gpt-test", choices: [{ index: 0, finish_reason: "stop", logprobs: null, message }] };
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
};
const client = new OpenAI({ apiKey: "test", baseURL: "http://openai.test/v1", fetch, maxRetries: 0 });

// The store a durable host would use: a paused turn as JSON, by the pending request's id.
const store = new Map<string, string>();
interface KeptCall {
  toolCallId: string;
  toolName: string;
  args: { service?: string };
  result: unknown;
}

// 1. The model asks for three tools; the host runs them. One pauses: keep the whole turn, and stop.
const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Check the api service and restart it." }];
const first = await client.chat.completions.create({ model: "gpt-test", messages });
const assistant = first.choices[0]?.message;
assert.ok(assistant !== undefined);
messages.push(assistant);
const toolCalls = (assistant.tool_calls ?? []).filter((c): c is ChatCompletionMessageFunctionToolCall => c.type === "function");
const ran = toolCalls.map((c) => {
  const args: { service?: string } = JSON.parse(c.function.arguments);
  return { toolCallId: c.id, toolName: c.function.name, args, result: runTool(c.function.name, args) };
});
const waiting = ran.find((c) => c.result.isPending)?.result.pending;
assert.ok(waiting !== undefined);
store.set(waiting.id, JSON.stringify({ messages, calls: ran }));
console.log("ok: the turn paused on", JSON.stringify(waiting.prompt));

// 2. Later: the person's answer arrives, as JSON.
const arrived = Answer.fromJSON(JSON.parse(JSON.stringify(Answer.accept(waiting))));

// 3. The host reads the turn back and calls the paused tool again with the answer.
const kept: { messages: ChatCompletionMessageParam[]; calls: KeptCall[] } = JSON.parse(store.get(arrived.id) ?? "null");
const results = kept.calls.map((c) => {
  const result = ToolResult.fromJSON(c.result);
  const resumed = result.pending !== undefined && arrived.answers(result.pending) ? runTool(c.toolName, c.args, arrived) : result;
  return { result: resumed, toolCallId: c.toolCallId, toolName: c.toolName };
});
store.delete(arrived.id);

// 4. All three results go to the model at once: the tool messages first, in call order, then the media.
const second = await client.chat.completions.create({ model: "gpt-test", messages: [...kept.messages, ...toOpenAIChatMessages(results)] });
assert.equal(second.choices[0]?.message.content, "The api was degraded; it has been restarted.");
const order = sent[1]?.messages.map((m) => (m.role === "tool" ? `tool ${m.tool_call_id}` : m.role));
assert.deepEqual(order, ["user", "assistant", "tool call_0", "tool call_1", "tool call_2", "user"]);
assert.deepEqual(sent[1]?.messages[4], { role: "tool", tool_call_id: "call_2", content: "Restarted api" });
console.log("ok: the client sent", JSON.stringify(order));
