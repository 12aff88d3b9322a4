// Shared by the specs of a host's message table (fixtures/hosts/ollama.json, cohere.json): the case and refusal
// shapes, the losses as a table writes them, the refusal check, and a fetch that captures what a host's client
// sends.
import { expect } from "@jest/globals";
import { ContentPartError, ToolResult, ValidationError } from "toolnexus";
import type { Loss } from "toolnexus/providers";
import { loadJSON } from "../support/fixtures";

/**
 * One case of a host's message table (fixtures/hosts/ollama.json, cohere.json): `result` (a ToolResult's JSON)
 * projected with `options` gives `message`, and the host's client sends `sent` (`message` itself where the
 * wire is the message); `losses` are what onLoss heard, in order.
 */
export interface MessageCase {
  name: string;
  result: unknown;
  options?: Record<string, unknown>;
  message: Record<string, unknown>;
  sent?: Record<string, unknown>;
  losses: { path: string; reason: string; placeholder?: string }[];
}

/** A call of a host's message table that throws `error` with `code` at `path` (and exactly `message`, when given). */
export interface MessageRefusal {
  name: string;
  result: unknown;
  options: Record<string, unknown>;
  error: "ValidationError" | "ContentPartError";
  code: string;
  path: string;
  message?: string;
}

/** A host's message table: its cases and refusals. */
export function messageTable(file: string): { cases: MessageCase[]; refusals: MessageRefusal[] } {
  return loadJSON<{ cases: MessageCase[]; refusals: MessageRefusal[] }>(`hosts/${file}.json`);
}

/** Losses as a message table writes them: path, reason, and the placeholder when there is one. */
const heardAs = (heard: readonly Loss[]): MessageCase["losses"] =>
  heard.map((l) => (l.placeholder === undefined ? { path: l.path, reason: l.reason } : { path: l.path, reason: l.reason, placeholder: l.placeholder }));

/** A host's projection, as its table calls it: a result and the row's options. */
export type Project<M> = (result: ToolResult, options: Record<string, unknown>) => M;

/** Projects case `c` with an onLoss that records, checks the message and the losses against the row, and returns the message. */
export function projectCase<M>(c: MessageCase, project: Project<M>): M {
  const heard: Loss[] = [];
  const message = project(ToolResult.fromJSON(c.result), { ...(c.options ?? {}), onLoss: (l: Loss) => void heard.push(l) });
  expect(message).toEqual(c.message);
  expect(heardAs(heard)).toEqual(c.losses);
  return message;
}

/** What projecting refusal row `c` threw, as the row says: its class, code, path, and message when the row pins it. */
export function checkRefusal(c: MessageRefusal, project: Project<unknown>): void {
  let thrown: unknown;
  try {
    project(ToolResult.fromJSON(c.result), c.options);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(c.error === "ContentPartError" ? ContentPartError : ValidationError);
  const e = thrown as ValidationError;
  expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
  if (c.message !== undefined) expect(e.message).toBe(c.message);
}

/** A fetch that keeps each request's URL and JSON body, and answers every one with `reply` as JSON. */
export function capturingFetch<B>(reply: unknown): { fetch: (url: unknown, init?: { body?: unknown }) => Promise<Response>; bodies: { url: string; body: B }[] } {
  const bodies: { url: string; body: B }[] = [];
  const fetch = async (url: unknown, init?: { body?: unknown }): Promise<Response> => {
    bodies.push({ url: String(url), body: JSON.parse(String(init?.body)) as B });
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch, bodies };
}
