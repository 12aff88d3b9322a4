// toOllama, proved by the `ollama` client itself: every case of fixtures/hosts/ollama.json is projected, then
// sent by `Ollama#chat` through its `fetch` option to a capturing fetch that answers as an Ollama server does;
// the captured JSON body holds the message as built. The client writes into the messages it is given (it
// rewrites `images`, and reads from disk a string in `images` that names a file): the message is fresh and
// never frozen, and its images are bare base64, never a data URL or a path (docs/hosts/ollama.md).
import { existsSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { Ollama, type Message } from "ollama";
import { ContentPart, ContentPartError, ToolResult, ValidationError } from "toolnexus";
import { toOllama, type Loss, type OllamaToolMessage } from "toolnexus/ollama";
import { loadJSON } from "../../support/fixtures";

interface Case {
  name: string;
  result: unknown;
  options?: Record<string, unknown>;
  message: Record<string, unknown>;
  losses: { path: string; reason: string; placeholder?: string }[];
}
interface Refusal {
  name: string;
  result: unknown;
  options: Record<string, unknown>;
  error: "ValidationError" | "ContentPartError";
  code: string;
  path: string;
  message?: string;
}

const FIX = loadJSON<{ cases: Case[]; refusals: Refusal[] }>("hosts/ollama.json");
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** An Ollama client whose fetch keeps each request's JSON body and answers as `/api/chat` does. */
function capturing(): { client: Ollama; bodies: { url: string; body: { model: string; messages: Record<string, unknown>[]; stream: boolean } }[] } {
  const bodies: { url: string; body: { model: string; messages: Record<string, unknown>[]; stream: boolean } }[] = [];
  const client = new Ollama({
    host: "http://127.0.0.1:11434",
    fetch: async (url, init) => {
      bodies.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      const reply = { model: "llama3.2-vision", created_at: "2026-01-01T00:00:00Z", message: { role: "assistant", content: "It is sunny." }, done: true, done_reason: "stop" };
      return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
    },
  });
  return { client, bodies };
}

const project = (c: { result: unknown; options?: Record<string, unknown> }, onLoss?: (l: Loss) => void): OllamaToolMessage =>
  toOllama(ToolResult.fromJSON(c.result), { ...(c.options ?? {}), ...(onLoss === undefined ? {} : { onLoss }) });

describe("toOllama through the ollama client's chat() (fixtures/hosts/ollama.json)", () => {
  it.each(FIX.cases.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
    const heard: Loss[] = [];
    const message = project(c, (l) => heard.push(l));
    expect(message).toEqual(c.message);
    expect(heard.map((l) => (l.placeholder === undefined ? { path: l.path, reason: l.reason } : { path: l.path, reason: l.reason, placeholder: l.placeholder }))).toEqual(c.losses);

    const { client, bodies } = capturing();
    const history: Message[] = [{ role: "user", content: "What is the weather?" }, message];
    const reply = await client.chat({ model: "llama3.2-vision", messages: history });
    expect(reply.message.content).toBe("It is sunny.");
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.url.endsWith("/api/chat")).toBe(true);
    expect(bodies[0]!.body.messages[1]).toEqual(c.message);
  });

  it("every image string sent is bare base64 of a part's data: never a data: URL, never a path the client could read", async () => {
    const cases = FIX.cases.filter((c) => Array.isArray(c.message.images));
    expect(cases.length).toBeGreaterThanOrEqual(4);
    for (const c of cases) {
      const r = ToolResult.fromJSON(c.result);
      const { client, bodies } = capturing();
      await client.chat({ model: "m", messages: [project(c)] });
      const sent = bodies[0]!.body.messages[0]!.images as string[];
      const data = r.parts!.filter((p) => p.type === "image" && p.data !== undefined).map((p) => p.data);
      expect(sent).toEqual(data);
      for (const s of sent) {
        expect(s.startsWith("data:")).toBe(false);
        expect(s).toMatch(BASE64);
        expect(existsSync(s)).toBe(false);
      }
    }
  });

  it("the same message passed to chat() twice is sent twice as built, and the client's writes reach nothing the library holds", async () => {
    const png = ContentPart.fromBase64("iVBORw0KGgo=", { mimeType: "image/png" });
    const r = ToolResult.ok("Chart ready", { parts: [png] });
    const before = JSON.stringify(r.toJSON());
    const message = toOllama(r, { toolName: "plot" });
    expect(Object.isFrozen(message)).toBe(false);
    expect(Object.isFrozen(message.images)).toBe(false);
    const { client, bodies } = capturing();
    await client.chat({ model: "m", messages: [message] });
    await client.chat({ model: "m", messages: [message] });
    expect(bodies.map((b) => b.body.messages[0])).toEqual([
      { role: "tool", content: "Chart ready", tool_name: "plot", images: ["iVBORw0KGgo="] },
      { role: "tool", content: "Chart ready", tool_name: "plot", images: ["iVBORw0KGgo="] },
    ]);
    // The client replaced the message's images with a list of its own: ours were not written into.
    expect(JSON.stringify(r.toJSON())).toBe(before);
    expect(Object.isFrozen(r)).toBe(true);
    // A second projection is a new object, equal to the first as built.
    const again = toOllama(r, { toolName: "plot" });
    expect(again).not.toBe(message);
    expect(again.images).not.toBe(message.images);
    expect(again).toEqual({ role: "tool", content: "Chart ready", tool_name: "plot", images: ["iVBORw0KGgo="] });
  });

  it("why the message is fresh and unfrozen: the client throws a TypeError on a frozen message with images", async () => {
    const message = toOllama(ToolResult.ok("Chart", { parts: [ContentPart.fromBase64("iVBORw0KGgo=", { mimeType: "image/png" })] }));
    const frozen = Object.freeze({ ...message, images: Object.freeze([...(message.images ?? [])]) });
    const { client } = capturing();
    await expect(client.chat({ model: "m", messages: [frozen as Message] })).rejects.toBeInstanceOf(TypeError);
  });

  it.each(FIX.refusals.map((c) => [c.name, c] as const))("refused before anything is sent: %s", (_n, c) => {
    let thrown: unknown;
    try {
      project(c);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(c.error === "ContentPartError" ? ContentPartError : ValidationError);
    const e = thrown as ValidationError;
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
    if (c.message !== undefined) expect(e.message).toBe(c.message);
  });
});
