// Type tests of typed data (compiled by `npm run typecheck`, with exactOptionalPropertyTypes on and off):
// `Answer<D>` and `Request<D>` type their data, a metadata type must be JSON data, and a typed subclass's
// `pending(...)` has `pending: Request` in its metadata type. Every `@ts-expect-error` line must fail to
// compile (an unused marker is itself an error). Nothing here runs.
import { Answer, Request, ToolResult, type JsonObject, type PendingResult } from "toolnexus";
import { toAgentsDecision, toAiSdkApprovalRequest, toAiSdkApprovalResponse, toMcpElicitation, toMcpElicitResult, fromMcpElicitResult } from "toolnexus/providers";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | void {}

// --- Answer<D> and Request<D> -------------------------------------------------------------------------

export function answers(req: Request): void {
  const a = Answer.accept<{ env: string }>(req, { env: "prod" });
  assertType<Equal<typeof a, Answer<{ env: string }>>>();
  const env: string | undefined = a.data?.env;
  // @ts-expect-error: the data type is checked
  Answer.accept<{ env: string }>(req, { env: 1 });
  const inferred = Answer.accept(req, { replicas: 2 });
  const replicas: number | undefined = inferred.data?.replicas;
  const typed = Answer.output(req, "staging");
  const out: string | undefined = typed.data?.output;
  // An answer read from JSON is loose: its fields are unknown until checked.
  const read = Answer.fromJSON({ id: "r", ok: true, data: { env: "prod" } });
  assertType<Equal<typeof read, Answer<JsonObject>>>();
  // @ts-expect-error: unknown is not a string
  const unchecked: string | undefined = read.data?.env;
  // Every answer is an Answer.
  const loose: Answer = a;
  void [env, replicas, out, unchecked, loose];
}

export function requests(): void {
  const r = Request.create({ kind: "input", prompt: "Where?", data: { choices: ["a", "b"] } });
  const choices: readonly string[] | undefined = r.data?.choices;
  interface Form { schema: { type: "object"; properties: Record<string, { type: string }> } }
  const form = Request.create<Form>({ kind: "input", prompt: "p", data: { schema: { type: "object", properties: { a: { type: "string" } } } } });
  const kind: "object" | undefined = form.data?.schema.type;
  // Requests of any data type are answered alike, and pause a result alike.
  Answer.accept(form);
  ToolResult.pending(form);
  // @ts-expect-error: request data is JSON data
  Request.create({ kind: "input", prompt: "p", data: { at: new Date() } });
  // @ts-expect-error: request data is JSON data
  new Request<{ f: () => void }>({ id: "r", kind: "input", prompt: "p" });
  void [choices, kind];
}

// --- metadata types are JSON data ---------------------------------------------------------------------

interface Hit {
  title: string;
  score: number;
  tags?: string[];
}
type Page = { hits: Hit[]; next: string | null };

export class HitsResult extends ToolResult<Page> {}
export class FlagResult extends ToolResult<{ cached: boolean; nested: { deep: number[][] } }> {}
// @ts-expect-error: a Date is not JSON data
export class StampedResult extends ToolResult<{ at: Date }> {}
// @ts-expect-error: a Map is not JSON data
export type MapResult = ToolResult<{ index: Map<string, number> }>;
// @ts-expect-error: a function is not JSON data
export type FnResult = ToolResult<{ callback: () => void }>;
// @ts-expect-error: a bigint is not JSON data
export type BigResult = ToolResult<{ n: bigint }>;
// @ts-expect-error: deep inside too
export type DeepDate = ToolResult<{ a: { b: { at: Date }[] } }>;

// --- a typed subclass's pending result ------------------------------------------------------------------

export function pendingTypes(): void {
  const paused = HitsResult.pending({ kind: "approval", prompt: "Search the archive?" });
  assertType<Equal<typeof paused, PendingResult<HitsResult>>>();
  const id: string = paused.metadata.pending.id;
  const same: Request = paused.pending;
  const page: HitsResult = paused; // still a HitsResult
  const hits = paused.metadata.hits; // the class's own metadata type stays
  const login = HitsResult.authRequired("https://example.com/login");
  const url: string | undefined = login.metadata.pending.url;
  const plain = ToolResult.pending({ kind: "input", prompt: "p" });
  const plainId: string = plain.metadata.pending.id;
  void [id, same, page, hits, url, plainId];
}

// --- the bridges take requests and answers of any data type --------------------------------------------

export function bridges(): void {
  interface Deploy { env: string }
  const req = Request.create<{ schema: { type: "object"; properties: { env: { type: "string" } } } }>({ kind: "input", prompt: "p", data: { schema: { type: "object", properties: { env: { type: "string" } } } } });
  const answer = Answer.accept<Deploy>(req, { env: "prod" });
  toMcpElicitation(req);
  toMcpElicitResult(answer);
  fromMcpElicitResult(req, { action: "accept", content: { env: "prod" } });
  toAiSdkApprovalRequest(req, { toolCallId: "call_1" });
  toAiSdkApprovalResponse(answer);
  toAgentsDecision(answer);
}
