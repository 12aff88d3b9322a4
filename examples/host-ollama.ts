// Use it with Ollama: the model asks for a screenshot and a deploy; the deploy pauses for a person's approval.
// The host sends each result back with `toOllama` (the screenshot's data in `images`, bare base64; the PDF
// the tool attached cannot go, so a placeholder line takes its place and onLoss hears of it), keeps the paused
// turn as JSON, and once the Answer arrives runs the deploy again and sends its result under the same tool
// name. The real `ollama` client, with a stub fetch standing in for the server (no network).
import assert from "node:assert/strict";
import { join } from "node:path";
import { Ollama, type Message } from "ollama";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { toOllama, type Loss } from "toolnexus/ollama";

const media = (file: string) => join(import.meta.dirname, "..", "fixtures", "media", file);
const shot = await ContentPart.image(media("fixture.png"));
const report = await ContentPart.file(media("fixture.pdf"), { name: "report.pdf" });

function runTool(name: string, args: Record<string, unknown>, answer?: Answer): ToolResult {
  switch (name) {
    case "screenshot":
      return ToolResult.ok(`Screenshot of ${String(args.page)}`, { parts: [shot, report], metadata: { tookMs: 84 } });
    case "deploy":
      if (answer === undefined) return ToolResult.pending(Request.create({ kind: "approval", prompt: `Deploy to ${String(args.env)}?` }));
      return answer.ok ? ToolResult.ok(`Deployed to ${String(args.env)}`) : ToolResult.error(`Deploy ${answer.reason}`);
    default:
      return ToolResult.error(`No tool ${name}`);
  }
}

// The server, stubbed: the first reply asks for both tools, the second answers. Request bodies are kept.
const sent: { messages: Message[] }[] = [];
const replies: Message[] = [
  { role: "assistant", content: "", tool_calls: [{ function: { name: "screenshot", arguments: { page: "/status" } } }, { function: { name: "deploy", arguments: { env: "prod" } } }] },
  { role: "assistant", content: "The status page looks healthy, and the deploy to prod is done." },
];
const ollama = new Ollama({
  host: "http://127.0.0.1:11434",
  fetch: async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)));
    const body = { model: "llama3.2-vision", created_at: "2026-01-01T00:00:00Z", message: replies[sent.length - 1], done: true, done_reason: "stop" };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  },
});

// 1. The model asks for the tools; the host runs them. The deploy pauses: keep the turn as JSON, and stop.
const losses: Loss[] = [];
const messages: Message[] = [{ role: "user", content: "Check the status page, then deploy to prod." }];
const first = await ollama.chat({ model: "llama3.2-vision", messages });
messages.push(first.message);
const calls = (first.message.tool_calls ?? []).map((c) => ({ name: c.function.name, args: c.function.arguments, result: runTool(c.function.name, c.function.arguments) }));
const waiting = calls.find((c) => c.result.isPending)?.result.pending;
assert.ok(waiting !== undefined);
const store = new Map([[waiting.id, JSON.stringify({ messages, calls })]]);
console.log("ok: the turn paused on", JSON.stringify(waiting.prompt));

// 2. Later: the person's answer arrives, as JSON; the host reads the turn back and runs the deploy again.
const answer = Answer.fromJSON(JSON.parse(JSON.stringify(Answer.accept(waiting))));
const kept: { messages: Message[]; calls: { name: string; args: Record<string, unknown>; result: unknown }[] } = JSON.parse(store.get(answer.id) ?? "null");
for (const c of kept.calls) {
  const held = ToolResult.fromJSON(c.result);
  const result = held.isPending && answer.answers(held.pending!) ? runTool(c.name, c.args, answer) : held;
  kept.messages.push(toOllama(result, { toolName: c.name, onLoss: (l) => losses.push(l) }));
}

// 3. The results go back; the model answers.
const last = await ollama.chat({ model: "llama3.2-vision", messages: kept.messages });
assert.equal(last.message.content, "The status page looks healthy, and the deploy to prod is done.");
const [screenshot, deploy] = sent[1]!.messages.slice(2);
assert.deepEqual(screenshot, {
  role: "tool",
  content: "Screenshot of /status\n[unsupported file part (application/pdf, 301 bytes)]",
  tool_name: "screenshot",
  images: [shot.data],
});
assert.deepEqual(deploy, { role: "tool", content: "Deployed to prod", tool_name: "deploy" });
console.log("ok: the image went as bare base64 in images; the PDF is a placeholder line");
assert.deepEqual(
  losses.map((l) => [l.path, l.reason]),
  [["parts[1]", "an Ollama message carries images only, no files"]],
);
console.log("ok: onLoss heard of the PDF:", losses[0]!.reason);
assert.ok(!JSON.stringify(sent).includes("tookMs"));
console.log("ok: metadata never reaches the model");
