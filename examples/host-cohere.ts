// Use it with Cohere's v2 Chat API: the model asks for a weather lookup and a chart; the chart tool returns
// an image, which a Cohere tool message cannot carry (text and JSON documents only), so a placeholder text
// item takes its place and onLoss hears of it. A third call pauses for a person's approval: the host keeps the
// turn as JSON, and once the Answer arrives runs it again and answers the same toolCallId. The real
// `CohereClientV2`, with a stub fetch standing in for the API (no network); its schemas check every message.
import assert from "node:assert/strict";
import { join } from "node:path";
import { CohereClientV2, type Cohere } from "cohere-ai";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { toCohere, type Loss } from "toolnexus/cohere";

const chart = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"));

function runTool(name: string, args: Record<string, unknown>, answer?: Answer): ToolResult {
  switch (name) {
    case "get_weather":
      return ToolResult.json({ city: args.city, temperature: 22, sky: "clear" });
    case "plot":
      return ToolResult.ok("Chart of the week", { parts: [ContentPart.text("Highs: 19, 21, 22"), chart] });
    case "book":
      if (answer === undefined) return ToolResult.pending(Request.create({ kind: "approval", prompt: `Book a table in ${String(args.city)}?` }));
      return answer.ok ? ToolResult.ok("Booked for 8 pm") : ToolResult.error(`Booking ${answer.reason}`);
    default:
      return ToolResult.error(`No tool ${name}`);
  }
}

// The API, stubbed: the first reply asks for three tools, the second answers. Request bodies are kept.
const sent: { messages: Record<string, unknown>[] }[] = [];
const call = (id: string, name: string) => ({ id, type: "function", function: { name, arguments: JSON.stringify({ city: "Lisbon" }) } });
const replies = [
  { role: "assistant", tool_plan: "I will look up the weather, plot it, and book.", tool_calls: [call("get_weather_a1", "get_weather"), call("plot_b2", "plot"), call("book_c3", "book")] },
  { role: "assistant", content: [{ type: "text", text: "It is 22 and clear in Lisbon; your table is booked for 8 pm." }] },
];
const cohere = new CohereClientV2({
  token: "co-example",
  maxRetries: 0,
  fetch: async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)));
    const body = { id: `chat-${sent.length}`, finish_reason: sent.length === 1 ? "TOOL_CALL" : "COMPLETE", message: replies[sent.length - 1] };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  },
});

// 1. The model asks for the tools; the host runs them. The booking pauses: keep the turn as JSON, and stop.
const messages: Cohere.ChatMessageV2[] = [{ role: "user", content: "Weather in Lisbon this week, with a chart, and book a table." }];
const first = await cohere.chat({ model: "command-a-03-2025", messages });
const toolCalls = first.message.toolCalls ?? [];
messages.push({ role: "assistant", toolCalls, toolPlan: first.message.toolPlan ?? "" });
const calls = toolCalls.map((c) => {
  const args: Record<string, unknown> = JSON.parse(c.function?.arguments ?? "{}");
  return { id: c.id ?? "", name: c.function?.name ?? "", args, result: runTool(c.function?.name ?? "", args) };
});
const waiting = calls.find((c) => c.result.isPending)?.result.pending;
assert.ok(waiting !== undefined);
const store = new Map([[waiting.id, JSON.stringify({ messages, calls })]]);
console.log("ok: the turn paused on", JSON.stringify(waiting.prompt));

// 2. Later: the person's answer arrives, as JSON; the host reads the turn back and runs the booking again.
const losses: Loss[] = [];
const answer = Answer.fromJSON(JSON.parse(JSON.stringify(Answer.accept(waiting))));
const kept: { messages: Cohere.ChatMessageV2[]; calls: { id: string; name: string; args: Record<string, unknown>; result: unknown }[] } = JSON.parse(store.get(answer.id) ?? "null");
for (const c of kept.calls) {
  const held = ToolResult.fromJSON(c.result);
  const result = held.isPending && answer.answers(held.pending!) ? runTool(c.name, c.args, answer) : held;
  kept.messages.push(toCohere(result, { toolCallId: c.id, onLoss: (l) => losses.push(l) }));
}

// 3. The results go back (the client's schemas took them); the model answers.
const last = await cohere.chat({ model: "command-a-03-2025", messages: kept.messages });
assert.equal(last.message.content?.[0]?.type === "text" ? last.message.content[0].text : "", "It is 22 and clear in Lisbon; your table is booked for 8 pm.");
assert.deepEqual(sent[1]!.messages.slice(2), [
  { role: "tool", tool_call_id: "get_weather_a1", content: '{"city":"Lisbon","temperature":22,"sky":"clear"}' },
  {
    role: "tool",
    tool_call_id: "plot_b2",
    content: [
      { type: "text", text: "Chart of the week" },
      { type: "text", text: "Highs: 19, 21, 22" },
      { type: "text", text: "[unsupported image part (image/png, 82 bytes)]" },
    ],
  },
  { role: "tool", tool_call_id: "book_c3", content: "Booked for 8 pm" },
]);
console.log("ok: each result answers its toolCallId; text parts are text items, the image a placeholder");
assert.deepEqual(
  losses.map((l) => [l.path, l.reason]),
  [["parts[1]", "a Cohere tool message carries only text and JSON documents"]],
);
console.log("ok: onLoss heard of the image:", losses[0]!.reason);
