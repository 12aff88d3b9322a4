// toCohere, proved by `cohere-ai` itself: every case of fixtures/hosts/cohere.json is projected, then sent by
// `CohereClientV2#chat` through its `fetch` option to a capturing fetch that answers as the v2 chat endpoint
// does. The client's Fern schemas check each message before anything is sent (a malformed one is a JsonError
// and no request): ours pass, and the captured JSON body holds the message in the wire's snake_case.
import { describe, expect, it } from "@jest/globals";
import { CohereClientV2, type Cohere } from "cohere-ai";
import { ContentPartError, ToolResult, ValidationError } from "toolnexus";
import { toCohere, type CohereOptions, type CohereToolMessage, type Loss } from "toolnexus/cohere";
import { loadJSON } from "../../support/fixtures";

interface Case {
  name: string;
  result: unknown;
  options: Record<string, unknown>;
  message: Record<string, unknown>;
  sent: Record<string, unknown>;
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

const FIX = loadJSON<{ cases: Case[]; refusals: Refusal[] }>("hosts/cohere.json");

type Body = { model: string; messages: Record<string, unknown>[]; stream: boolean };

/** A v2 client whose fetch keeps each request's JSON body and answers as `/v2/chat` does. */
function capturing(): { client: CohereClientV2; bodies: { url: string; body: Body }[] } {
  const bodies: { url: string; body: Body }[] = [];
  const client = new CohereClientV2({
    token: "co-example",
    maxRetries: 0,
    fetch: async (url, init) => {
      bodies.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      const reply = { id: "c-1", finish_reason: "COMPLETE", message: { role: "assistant", content: [{ type: "text", text: "It is sunny." }] } };
      return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
    },
  });
  return { client, bodies };
}

/** The history of a tool call and its result, as the v2 chat takes it. */
function history(message: CohereToolMessage): Cohere.ChatMessageV2[] {
  const id = message.toolCallId;
  return [
    { role: "user", content: "What is the weather?" },
    { role: "assistant", toolCalls: [{ id, type: "function", function: { name: "get_weather", arguments: "{}" } }], toolPlan: "I will look it up." },
    message,
  ];
}

const project = (c: { result: unknown; options: Record<string, unknown> }, onLoss?: (l: Loss) => void): CohereToolMessage =>
  toCohere(ToolResult.fromJSON(c.result), { ...c.options, ...(onLoss === undefined ? {} : { onLoss }) } as CohereOptions);

describe("toCohere through CohereClientV2#chat (fixtures/hosts/cohere.json)", () => {
  it.each(FIX.cases.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
    const heard: Loss[] = [];
    const message = project(c, (l) => heard.push(l));
    expect(message).toEqual(c.message);
    expect(heard.map((l) => (l.placeholder === undefined ? { path: l.path, reason: l.reason } : { path: l.path, reason: l.reason, placeholder: l.placeholder }))).toEqual(c.losses);

    const { client, bodies } = capturing();
    const reply = await client.chat({ model: "command-a-03-2025", messages: history(message) });
    expect(reply.finishReason).toBe("COMPLETE");
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.url.endsWith("/v2/chat")).toBe(true);
    expect(bodies[0]!.body.messages[2]).toEqual(c.sent);
    // The client read our message without writing into it.
    expect(message).toEqual(c.message);
  });

  it("the schemas are real: a tool message without its toolCallId, or with a text item without text, is refused before sending", async () => {
    const { client, bodies } = capturing();
    const noId = { role: "tool", content: "x" } as unknown as Cohere.ChatMessageV2;
    await expect(client.chat({ model: "m", messages: [noId] })).rejects.toThrow(/toolCallId/);
    const noText = { role: "tool", toolCallId: "call_1", content: [{ type: "text" }] } as unknown as Cohere.ChatMessageV2;
    await expect(client.chat({ model: "m", messages: [noText] })).rejects.toThrow(/text/);
    expect(bodies).toEqual([]);
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
