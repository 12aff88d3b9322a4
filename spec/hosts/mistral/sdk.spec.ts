// toMistral, checked by Mistral's own SDK (docs/hosts/mistral.md): every case of fixtures/hosts/mistral.json is
// projected, then sent with `@mistralai/mistralai`'s `chat.complete` through an `HTTPClient` whose fetcher
// captures the request and answers with a valid completion. The SDK's zod schemas check the message before
// anything is sent (a malformed one is an SDKValidationError and no request), and the captured JSON body is
// what the service would read: the case's `sent`, in snake_case. Offline: the fetcher is the only way out.
import { describe, expect, it } from "@jest/globals";
import type { HTTPClient as HttpClientType, Mistral as MistralType } from "@mistralai/mistralai";
import { ContentPartError, ToolResult, ValidationError, type ToolResultJSON } from "toolnexus";
import { toMistral as fromProviders, type Loss, type MistralOptions } from "toolnexus/providers";
import { toMistral } from "toolnexus/mistral";
import { loadJSON } from "../../support/fixtures";
import { importEsm } from "../../support/esm";

interface Case {
  name: string;
  result: ToolResultJSON;
  options: Record<string, unknown>;
  sent?: Record<string, unknown>;
  throws?: { error: "ContentPartError" | "ValidationError"; code: string; path: string; message: string };
  losses: { path: string; reason: string; placeholder?: string }[];
}

const FIX = loadJSON<{ toolCallId: string; cases: Case[] }>("hosts/mistral.json");

type Sdk = { Mistral: typeof MistralType; HTTPClient: typeof HttpClientType };

/** The wire's snake_case keys, as the SDK's camelCase spells them (the SDK maps one to the other). */
const CAMEL: Readonly<Record<string, string>> = { tool_call_id: "toolCallId", image_url: "imageUrl", document_url: "documentUrl", document_name: "documentName" };
const camel = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(camel);
  if (typeof v !== "object" || v === null) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [CAMEL[k] ?? k, camel(x)]));
};

const COMPLETION = {
  id: "cmpl-1",
  object: "chat.completion",
  model: "mistral-small-latest",
  created: 1764253564,
  usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Sunny." } }],
};

/** A client whose every request is captured (its JSON body) and answered with {@link COMPLETION}. */
async function client(): Promise<{ mistral: MistralType; bodies: unknown[] }> {
  const { Mistral, HTTPClient } = await importEsm<Sdk>("@mistralai/mistralai");
  const bodies: unknown[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    bodies.push(JSON.parse(await request.text()));
    return new Response(JSON.stringify(COMPLETION), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { mistral: new Mistral({ apiKey: "test-key", httpClient: new HTTPClient({ fetcher }), retryConfig: { strategy: "none" } }), bodies };
}

/** The conversation a tool message answers: the user's question and the assistant's tool call. */
const conversation = [
  { role: "user" as const, content: "Weather in Paris?" },
  { role: "assistant" as const, content: "", toolCalls: [{ id: FIX.toolCallId, type: "function" as const, function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
];

function project(c: Case): { value?: ReturnType<typeof toMistral>; thrown?: unknown; losses: Loss[] } {
  const losses: Loss[] = [];
  const options = { ...c.options, onLoss: (l: Loss) => void losses.push(l) } as unknown as MistralOptions;
  try {
    return { value: toMistral(ToolResult.fromJSON(c.result), options), losses };
  } catch (e) {
    return { thrown: e, losses };
  }
}

describe("toMistral through @mistralai/mistralai's chat.complete (fixtures/hosts/mistral.json)", () => {
  it("toolnexus/mistral and toolnexus/providers give the same function", () => {
    expect(toMistral).toBe(fromProviders);
  });

  const sent = FIX.cases.filter((c) => c.throws === undefined);
  it.each(sent.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
    const { value, thrown, losses } = project(c);
    expect(thrown).toBeUndefined();
    expect(losses.map((l) => ({ path: l.path, reason: l.reason, ...(l.placeholder === undefined ? {} : { placeholder: l.placeholder }) }))).toEqual(c.losses);
    for (const l of losses) expect({ provider: l.provider, frozen: Object.isFrozen(l) }).toEqual({ provider: "mistral", frozen: true });
    expect(value).toEqual(camel(c.sent));

    const { mistral, bodies } = await client();
    const response = await mistral.chat.complete({ model: "mistral-small-latest", messages: [...conversation, value!] });
    expect(response.choices[0]?.message?.content).toBe("Sunny.");
    expect(bodies).toHaveLength(1);
    const body = bodies[0] as { messages: unknown[] };
    expect(body.messages).toHaveLength(3);
    expect(body.messages[2]).toEqual(c.sent);
  });

  const refused = FIX.cases.filter((c) => c.throws !== undefined);
  it.each(refused.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const { value, thrown, losses } = project(c);
    expect(value).toBeUndefined();
    const t = c.throws!;
    expect(thrown).toBeInstanceOf(t.error === "ContentPartError" ? ContentPartError : ValidationError);
    const e = thrown as ContentPartError | ValidationError;
    expect({ code: e.code, path: e.path, message: e.message }).toEqual({ code: t.code, path: t.path, message: t.message });
    expect(losses.map((l) => ({ path: l.path, reason: l.reason }))).toEqual(c.losses);
  });

  it("the SDK's schemas are real: a message they refuse is an SDKValidationError, and nothing is sent", async () => {
    const { mistral, bodies } = await client();
    const good = toMistral(ToolResult.ok("72F"), { toolCallId: FIX.toolCallId });
    const bad = { ...good, content: [{ type: "image_url", imageUrl: 42 }] };
    await expect(mistral.chat.complete({ model: "mistral-small-latest", messages: [...conversation, bad as never] })).rejects.toMatchObject({ name: "SDKValidationError" });
    expect(bodies).toEqual([]);
  });
});
