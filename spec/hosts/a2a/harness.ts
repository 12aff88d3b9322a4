// An A2A agent and its client in one process, no network: the SDK's DefaultRequestHandler runs an
// AgentExecutor, and the SDK's own client reaches it through JsonRpcTransportFactory with a fetch that calls
// JsonRpcTransportHandler.handle directly. The SDK is loaded as an ES module in every project (its CommonJS
// build requires `jose`, which ships ES modules only).
import type { Message, Task } from "@a2a-js/sdk";
import type { Client } from "@a2a-js/sdk/client";
import type { AgentExecutor } from "@a2a-js/sdk/server";
import { importEsm } from "../../support/esm";

export type Sdk = typeof import("@a2a-js/sdk");
export type Server = typeof import("@a2a-js/sdk/server");
export type ClientModule = typeof import("@a2a-js/sdk/client");

let loaded: Promise<{ sdk: Sdk; server: Server; client: ClientModule }> | undefined;

/** The SDK's three modules, loaded once, one after the other (Jest's ES module loader races on shared files). */
export function loadA2a(): Promise<{ sdk: Sdk; server: Server; client: ClientModule }> {
  loaded ??= (async () => {
    const sdk = await importEsm<Sdk>("@a2a-js/sdk");
    const server = await importEsm<Server>("@a2a-js/sdk/server");
    const client = await importEsm<ClientModule>("@a2a-js/sdk/client");
    return { sdk, server, client };
  })();
  return loaded;
}

const AGENT_URL = "http://agent.test/a2a";

/** A client of `executor`, served by the SDK's DefaultRequestHandler in this process. */
export async function inProcessClient(executor: AgentExecutor): Promise<Client> {
  const { sdk, server, client } = await loadA2a();
  const card = sdk.AgentCard.fromJSON({
    name: "toolnexus tools",
    description: "Runs toolnexus tools",
    version: "1.0.0",
    supportedInterfaces: [{ url: AGENT_URL, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { streaming: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [],
  });
  const handler = new server.JsonRpcTransportHandler(new server.DefaultRequestHandler(card, new server.InMemoryTaskStore(), executor));
  const fetchImpl = async (_url: unknown, init?: RequestInit): Promise<Response> => {
    const version = new Headers(init?.headers).get("A2A-Version") ?? "1.0";
    const out = await handler.handle(JSON.parse(String(init?.body)) as Record<string, unknown>, new server.ServerCallContext({ requestedVersion: version }));
    if (Symbol.asyncIterator in (out as object)) throw new Error("streaming is not used here");
    return jsonResponse(JSON.stringify(out));
  };
  const factory = new client.ClientFactory({ transports: [new client.JsonRpcTransportFactory({ fetchImpl: fetchImpl as typeof fetch })] });
  return factory.createFromAgentCard(card);
}

/**
 * A JSON response whose body is parsed in this realm. Jest runs specs in a vm context while its `Response` is
 * Node's own, whose `json()` would build the client's objects in the outer realm; a real client has one realm.
 */
function jsonResponse(text: string): Response {
  const response = new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
  return Object.assign(response, { json: async () => JSON.parse(text) as unknown });
}

/** `Message | Task` as sendMessage gives it, narrowed to a task. */
export function asTask(result: Message | Task): Task {
  if (!("status" in result)) throw new Error(`expected a task, got a message: ${JSON.stringify(result)}`);
  return result;
}
