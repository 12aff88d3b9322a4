// toOllama, proved by the `ollama` client itself: every case of fixtures/hosts/ollama.json is projected, then
// sent by `Ollama#chat` through its `fetch` option to a capturing fetch that answers as an Ollama server does;
// the captured JSON body holds the message as built. The client writes into the messages it is given (it
// rewrites `images`, and reads from disk a string in `images` that names a file): the message is fresh and
// never frozen, and its images are bare base64, never a data URL or a path (docs/hosts/ollama.md).
import { existsSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { Ollama, type Message } from "ollama";
import { ContentPart, ToolResult } from "toolnexus";
import { toOllama, type OllamaToolMessage } from "toolnexus/ollama";
import { capturingFetch, checkRefusal, messageTable, projectCase } from "../message-table";

const FIX = messageTable("ollama");
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

type Body = { model: string; messages: Record<string, unknown>[]; stream: boolean };

/** An Ollama client whose fetch keeps each request's JSON body and answers as `/api/chat` does. */
function capturing(): { client: Ollama; bodies: { url: string; body: Body }[] } {
  const reply = { model: "llama3.2-vision", created_at: "2026-01-01T00:00:00Z", message: { role: "assistant", content: "It is sunny." }, done: true, done_reason: "stop" };
  const { fetch, bodies } = capturingFetch<Body>(reply);
  return { client: new Ollama({ host: "http://127.0.0.1:11434", fetch }), bodies };
}

const project = (result: ToolResult, options: Record<string, unknown> = {}): OllamaToolMessage => toOllama(result, options);

describe("toOllama through the ollama client's chat() (fixtures/hosts/ollama.json)", () => {
  it.each(FIX.cases.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
    const message = projectCase(c, project);

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
      await client.chat({ model: "m", messages: [project(r, c.options)] });
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
    checkRefusal(c, project);
  });
});
