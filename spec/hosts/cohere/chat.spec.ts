// toCohere, proved by `cohere-ai` itself: every case of fixtures/hosts/cohere.json is projected, then sent by
// `CohereClientV2#chat` through its `fetch` option to a capturing fetch that answers as the v2 chat endpoint
// does. The client's Fern schemas check each message before anything is sent (a malformed one is a JsonError
// and no request): ours pass, and the captured JSON body holds the message in the wire's snake_case.
import { describe, expect, it } from "@jest/globals";
import { CohereClientV2, type Cohere } from "cohere-ai";
import { ToolResult } from "toolnexus";
import { toCohere, type CohereToolMessage } from "toolnexus/cohere";
import { capturingFetch, checkRefusal, messageTable, projectCase } from "../message-table";

const FIX = messageTable("cohere");

type Body = { model: string; messages: Record<string, unknown>[]; stream: boolean };

/** A v2 client whose fetch keeps each request's JSON body and answers as `/v2/chat` does. */
function capturing(): { client: CohereClientV2; bodies: { url: string; body: Body }[] } {
  const reply = { id: "c-1", finish_reason: "COMPLETE", message: { role: "assistant", content: [{ type: "text", text: "It is sunny." }] } };
  const { fetch, bodies } = capturingFetch<Body>(reply);
  return { client: new CohereClientV2({ token: "co-example", maxRetries: 0, fetch }), bodies };
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

const project = (result: ToolResult, options: Record<string, unknown>): CohereToolMessage => toCohere(result, options as never);

describe("toCohere through CohereClientV2#chat (fixtures/hosts/cohere.json)", () => {
  it.each(FIX.cases.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
    const message = projectCase(c, project);

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
    checkRefusal(c, project);
  });
});
