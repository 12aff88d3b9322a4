// OpenAI Responses: a `function_call_output` item carries text, images and files in one list. The OpenAI SDK
// sends the item as it is: its fetch is replaced here, so nothing leaves the machine.
import assert from "node:assert/strict";
import { join } from "node:path";
import OpenAI from "openai";
import { ContentPart, ToolResult } from "toolnexus";
import { toOpenAIResponses, type Loss } from "toolnexus/providers";

const media = (file: string) => join(import.meta.dirname, "..", "fixtures", "media", file);
const invoice = await ContentPart.file(media("fixture.pdf"));
const scan = await ContentPart.image(media("fixture.jpg"));
const memo = await ContentPart.audio(media("fixture.mp3"));
const result = ToolResult.ok("Found the invoice and its scan.", { parts: [invoice, scan, memo] });

const losses: Loss[] = [];
const item = toOpenAIResponses(result, { callId: "call_42", onLoss: (l) => losses.push(l) });
assert.deepEqual(item, {
  type: "function_call_output",
  call_id: "call_42",
  output: [
    { type: "input_text", text: "Found the invoice and its scan." },
    { type: "input_file", file_data: `data:application/pdf;base64,${invoice.data}`, filename: "fixture.pdf" },
    { type: "input_image", image_url: `data:image/jpeg;base64,${scan.data}` },
    // A function output has no audio item: the voice memo is a loss, named in its place.
    { type: "input_text", text: "[unsupported audio part (audio/mpeg, 192 bytes)]" },
  ],
});
assert.equal(losses.length, 1);
console.log("ok: input_text, input_file and input_image; the audio is a named loss:", losses[0]!.reason);

// Without parts, the output is the string itself; omit drops the loss from the item (onLoss still hears).
assert.deepEqual(toOpenAIResponses(ToolResult.ok("No invoice found."), { callId: "call_43" }), {
  type: "function_call_output",
  call_id: "call_43",
  output: "No invoice found.",
});
const heard: Loss[] = [];
const omitted = toOpenAIResponses(ToolResult.ok("Memo attached", { parts: [memo] }), { callId: "call_44", unsupported: "omit", onLoss: (l) => heard.push(l) });
assert.equal(omitted.output, "Memo attached");
assert.equal(heard.length, 1);
console.log("ok: a text-only output is a string; unsupported: \"omit\" leaves the memo out and still reports it");

let sent: { input: unknown[] } | undefined;
const client = new OpenAI({
  apiKey: "sk-example",
  fetch: async (_url, init) => {
    sent = JSON.parse(String(init?.body));
    const reply = {
      id: "resp_1",
      object: "response",
      created_at: 0,
      status: "completed",
      model: "gpt-example",
      output: [{ id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Invoice #42 is due Friday.", annotations: [] }] }],
    };
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  },
});
const response = await client.responses.create({
  model: "gpt-example",
  input: [{ type: "function_call", call_id: "call_42", name: "find_invoice", arguments: "{}" }, item],
});
assert.deepEqual(sent?.input[1], item);
assert.equal(response.output_text, "Invoice #42 is due Friday.");
console.log("ok: the OpenAI SDK sent the function_call_output as built");
