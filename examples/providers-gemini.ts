// Gemini: a `functionResponse` part holds `{ output }` or `{ error }`, and the media in its own `parts`. A
// type Gemini's function responses do not read (audio, here) is a loss, named in the text. The Google Gen AI
// SDK sends the part as it is: its fetch is replaced here, so nothing leaves the machine.
import assert from "node:assert/strict";
import { join } from "node:path";
import { GoogleGenAI } from "@google/genai";
import { ContentPart, ToolResult } from "toolnexus";
import { toGemini, type Loss } from "toolnexus/providers";

const media = (file: string) => join(import.meta.dirname, "..", "fixtures", "media", file);
const photo = await ContentPart.image(media("fixture.webp"), { name: "storefront.webp" });
const memo = await ContentPart.audio(media("fixture.wav"));
const result = ToolResult.ok("Street view of 10 Main St", { parts: [photo, ContentPart.fromUrl("https://example.com/plans/floor.pdf"), memo] });

const losses: Loss[] = [];
const part = toGemini(result, { name: "street_view", id: "fc_1", onLoss: (l) => losses.push(l) });
assert.deepEqual(part, {
  functionResponse: {
    id: "fc_1",
    name: "street_view",
    response: { output: "Street view of 10 Main St\n[unsupported audio part (audio/wav, 52 bytes)]" },
    parts: [
      { inlineData: { mimeType: "image/webp", data: photo.data, displayName: "storefront.webp" } },
      { fileData: { mimeType: "application/pdf", fileUri: "https://example.com/plans/floor.pdf" } },
    ],
  },
});
assert.deepEqual(
  losses.map((l) => l.path),
  ["parts[2]"],
);
console.log("ok: the image as inlineData, the PDF link as fileData, the audio named in the output");

// A failed call is `{ error }`, Gemini's own convention.
assert.deepEqual(toGemini(ToolResult.error("Address not found"), { name: "street_view" }).functionResponse.response, { error: "Address not found" });
console.log("ok: an error result is response.error");

let sent: { contents: { parts: unknown[] }[] } | undefined;
const ai = new GoogleGenAI({
  apiKey: "example-key",
  httpOptions: {
    fetch: async (_url: string | URL | Request, init?: RequestInit) => {
      sent = JSON.parse(String(init?.body));
      const reply = { candidates: [{ content: { role: "model", parts: [{ text: "A blue storefront." }] }, finishReason: "STOP", index: 0 }] };
      return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
    },
  },
});
const response = await ai.models.generateContent({
  model: "gemini-example",
  contents: [
    { role: "user", parts: [{ text: "What does 10 Main St look like?" }] },
    { role: "model", parts: [{ functionCall: { id: "fc_1", name: "street_view", args: { address: "10 Main St" } } }] },
    { role: "user", parts: [part] },
  ],
});
assert.deepEqual(sent?.contents[2]?.parts[0], part);
assert.equal(response.text, "A blue storefront.");
console.log("ok: the Google Gen AI SDK sent the functionResponse as built");
