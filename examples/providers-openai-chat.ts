// OpenAI Chat Completions: a `tool` message may hold text only, so a chart tool's image goes into a `user`
// message right after it, headed with the tool's name and call id. The OpenAI SDK sends both messages as
// they are: its fetch is replaced here, so nothing leaves the machine.
import assert from "node:assert/strict";
import { join } from "node:path";
import OpenAI from "openai";
import { ContentPart, ToolResult } from "toolnexus";
import { toOpenAIChat, type Loss } from "toolnexus/providers";

const chart = await ContentPart.image(join(import.meta.dirname, "..", "fixtures", "media", "fixture.png"));
const spec = ContentPart.fromUrl("https://example.com/reports/q3.pdf");
const result = ToolResult.ok("Revenue rose 12% in Q3.", { parts: [chart, spec] });

const losses: Loss[] = [];
const messages = toOpenAIChat(result, { toolCallId: "call_7", toolName: "plot_revenue", onLoss: (l) => losses.push(l) });
assert.deepEqual(messages, [
  {
    role: "tool",
    tool_call_id: "call_7",
    content: [
      { type: "text", text: "Revenue rose 12% in Q3." },
      // Chat Completions takes files as data only: the PDF link is a loss, named in its place.
      { type: "text", text: "[unsupported file part (application/pdf, url)]" },
    ],
  },
  {
    role: "user",
    content: [
      { type: "text", text: "Output of tool plot_revenue (call_7):" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${chart.data}` } },
    ],
  },
]);
assert.deepEqual(
  losses.map((l) => [l.provider, l.path]),
  [["openai-chat", "parts[1]"]],
);
console.log("ok: a tool message with the text, then a user message with the image; the PDF link is a named loss");

// Without media there is one message, and an error is sent as the tool wrote it (OpenAI has no error flag).
assert.deepEqual(toOpenAIChat(ToolResult.error("Unknown metric: profit"), { toolCallId: "call_8", toolName: "plot_revenue" }), [
  { role: "tool", tool_call_id: "call_8", content: "Unknown metric: profit" },
]);
console.log("ok: a text-only result is one tool message");

let sent: { messages: unknown[] } | undefined;
const client = new OpenAI({
  apiKey: "sk-example",
  fetch: async (_url, init) => {
    sent = JSON.parse(String(init?.body));
    const reply = {
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 0,
      model: "gpt-example",
      choices: [{ index: 0, finish_reason: "stop", logprobs: null, message: { role: "assistant", content: "Q3 was strong.", refusal: null } }],
    };
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  },
});
const completion = await client.chat.completions.create({
  model: "gpt-example",
  messages: [
    { role: "user", content: "Plot revenue for Q3." },
    { role: "assistant", content: null, tool_calls: [{ id: "call_7", type: "function", function: { name: "plot_revenue", arguments: "{}" } }] },
    ...messages,
  ],
});
assert.deepEqual(sent?.messages.slice(2), messages);
assert.equal(completion.choices[0]?.message.content, "Q3 was strong.");
console.log("ok: the OpenAI SDK sent both messages as built");
