// Use it with Mistral's chat completions: the model asks for a tool, the tool returns a chart, a PDF report and
// a voice memo, and `toMistral` gives the `tool` message of the next request: a text chunk of the output, an
// `image_url` chunk, a `document_url` chunk, and the memo (Mistral's tool messages carry no audio) named in its
// place and reported. The real `@mistralai/mistralai` client, with a fetcher standing in for the API (no
// network): its schemas check the message, and the body it would send is read back in snake_case.
import assert from "node:assert/strict";
import { join } from "node:path";
import { HTTPClient, Mistral } from "@mistralai/mistralai";
import type { ChatCompletionRequestMessage } from "@mistralai/mistralai/models/components";
import { ContentPart, ToolResult } from "toolnexus";
import { toMistral } from "toolnexus/mistral";
import type { Loss } from "toolnexus/providers";

const media = (file: string) => join(import.meta.dirname, "..", "fixtures", "media", file);
const chart = await ContentPart.image(media("fixture.png"));
const report = (await ContentPart.file(media("fixture.pdf"))).withName("q3-report.pdf");
const memo = await ContentPart.audio(media("fixture.mp3"));

// The tool.
function runTool(name: string, args: { quarter?: string }): ToolResult {
  if (name !== "sales_report") return ToolResult.error(`No tool ${name}`);
  return ToolResult.ok(`Sales for ${args.quarter}: up 12%.`, { parts: [chart, report, memo] });
}

// The API, stubbed: the first call asks for the tool, the second answers. Every request body is kept.
const bodies: { messages: Record<string, unknown>[] }[] = [];
const replies = [
  { role: "assistant", content: "", tool_calls: [{ id: "D681PevKs", type: "function", function: { name: "sales_report", arguments: '{"quarter":"Q3"}' } }] },
  { role: "assistant", content: "Q3 sales rose 12%; the chart and the report agree." },
];
const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = input instanceof Request ? input : new Request(input, init);
  bodies.push(JSON.parse(await request.text()));
  const message = replies[bodies.length - 1];
  const completion = { id: `cmpl-${bodies.length}`, object: "chat.completion", model: "mistral-small-latest", created: 0, usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, choices: [{ index: 0, finish_reason: "stop", message }] };
  return new Response(JSON.stringify(completion), { status: 200, headers: { "content-type": "application/json" } });
};
const client = new Mistral({ apiKey: "example-key", httpClient: new HTTPClient({ fetcher }) });

const messages: ChatCompletionRequestMessage[] = [{ role: "user", content: "How did Q3 sales go?" }];
const first = await client.chat.complete({ model: "mistral-small-latest", messages });
const turn = first.choices[0]!.message!;
const call = turn.toolCalls![0]!;
messages.push({ role: "assistant", content: "", toolCalls: turn.toolCalls ?? null });

// The result as Mistral's tool message: the id is the one the service issued, sent as given.
const losses: Loss[] = [];
const result = runTool(call.function.name, JSON.parse(String(call.function.arguments)) as { quarter?: string });
const message = toMistral(result, { toolCallId: call.id!, name: call.function.name, onLoss: (l) => losses.push(l) });
assert.deepEqual(message, {
  role: "tool",
  toolCallId: "D681PevKs",
  name: "sales_report",
  content: [
    { type: "text", text: "Sales for Q3: up 12%." },
    { type: "image_url", imageUrl: `data:image/png;base64,${chart.data}` },
    { type: "document_url", documentUrl: `data:application/pdf;base64,${report.data}`, documentName: "q3-report.pdf" },
    { type: "text", text: "[unsupported audio part (audio/mpeg, 192 bytes)]" },
  ],
});
assert.deepEqual(
  losses.map((l) => [l.path, l.reason]),
  [["parts[2]", "a Mistral tool message carries no audio"]],
);
console.log("ok: text, image_url and document_url chunks; the memo is a named loss:", losses[0]!.reason);

messages.push(message);
const second = await client.chat.complete({ model: "mistral-small-latest", messages });
assert.equal(second.choices[0]!.message!.content, "Q3 sales rose 12%; the chart and the report agree.");
// What the SDK sent: the same message, in the API's snake_case.
assert.deepEqual(bodies[1]!.messages[2], {
  role: "tool",
  tool_call_id: "D681PevKs",
  name: "sales_report",
  content: [
    { type: "text", text: "Sales for Q3: up 12%." },
    { type: "image_url", image_url: `data:image/png;base64,${chart.data}` },
    { type: "document_url", document_url: `data:application/pdf;base64,${report.data}`, document_name: "q3-report.pdf" },
    { type: "text", text: "[unsupported audio part (audio/mpeg, 192 bytes)]" },
  ],
});
console.log("ok: the Mistral SDK checked the tool message and sent it as tool_call_id, image_url, document_url");

// Mistral has no error flag: an error is sent as the tool wrote it; without parts, the content is that string.
assert.deepEqual(toMistral(runTool("forecast", {}), { toolCallId: "x7Kp2mQ9a" }), { role: "tool", toolCallId: "x7Kp2mQ9a", content: "No tool forecast" });
console.log("ok: an error result is its output string, sent as written");
