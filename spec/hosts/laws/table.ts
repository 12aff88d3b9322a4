// The host-law table: one row per function of `toolnexus/providers`, saying what it is, how to call it, and
// which of the laws of "Every host, one behaviour" (README; docs/) apply to it. A row's aspects say how to call
// the function for each law: `projection` (laws 1-5), `reader` (6-8), `answer` (9), `link` (10), `prompt` (11),
// `options` (12). spec/hosts/laws.spec.ts checks every law of every row, and fails on an exported function
// without a row (a host added without its row) and on a row naming no exported function.
import { Answer, Request, ToolResult } from "toolnexus";
import * as providers from "toolnexus/providers";
import { escaped, type Fn } from "./checks";

/** The function a row names, as the entry exports it. */
export function fnOf(name: string): Fn {
  const f = (providers as unknown as Record<string, unknown>)[name];
  if (typeof f !== "function") throw new Error(`toolnexus/providers exports no function ${name}`);
  return f as Fn;
}

export type Law = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

/** How to call the function with an options object (law 12). */
export interface OptionsAspect {
  /** Every key the function's options take, as the contract names them. */
  readonly keys: readonly string[];
  /** Options every call passes (the required ones, and ids that keep the value deterministic). */
  readonly base: Readonly<Record<string, unknown>>;
  /** Calls the function on a valid subject with exactly these options. */
  readonly call: (fn: Fn, options: Record<string, unknown>) => unknown;
}

/** A projection of a result (laws 1-5). */
export interface ProjectionAspect {
  /** Projects `result` with `options` merged over the row's base options. */
  readonly project: (fn: Fn, result: ToolResult, options: Record<string, unknown>) => unknown;
  /** What a loss path starts with before `parts[i]` (`calls[0].` for a list of calls). */
  readonly prefix: string;
  /** The target needs a file name or uri for a file part with data (law 2's fallback name). */
  readonly needsName: boolean;
  /** What of the value reaches a model: the value less its documented round-trip artifacts (law 3). */
  readonly shown: (out: unknown) => unknown;
  /** The value's generated timestamps masked, for the determinism law (5). */
  readonly timestamps: boolean;
  /** Its fallback name has no extension (Bedrock's document names allow no dot: `part-<i>`). */
  readonly bareFallback: boolean;
}

/** A reader of another SDK's tool result (laws 6-8). */
export interface ReaderAspect {
  /** The host as loss lines name it: `[unsupported MCP ...]`. */
  readonly host: string;
  /** The host's value holding these blocks (content blocks, A2A parts). */
  readonly wrap: (blocks: readonly unknown[]) => Record<string, unknown>;
  /** The path of block `i` in the host's shape. */
  readonly blockPath: (i: number) => string;
  /** The key of the host's value holding the blocks, and the key of a block that says what it is. */
  readonly listKey: string;
  readonly typeKey: string;
  /** A block of a type the reader does not know. */
  readonly unknownBlock: (type: string) => unknown;
  /** Types the reader knows (an unknown type is none of these). */
  readonly known: readonly string[];
  /** A valid value, with a text block and a media block. */
  readonly valid: Record<string, unknown>;
}

/** Matching an answer to its request (law 9). Each case calls the function so that it must refuse, at `path`. */
export interface AnswerAspect {
  /** An answer for request `answerId` given for request `requestId`; `requestIdOf` maps the id given to the request's id. */
  readonly another: {
    readonly call: (fn: Fn, answerId: string, requestId: string) => unknown;
    /** The path of the refusal; `pathOf` gives it when it holds the answer's id (an entry keyed by it: `inputResponses["a-1"]`). */
    readonly path: string;
    readonly pathOf?: (answerId: string) => string;
    readonly single: boolean;
    readonly requestIdOf?: (id: string) => string;
  };
  readonly twoAnswers?: { readonly call: (fn: Fn) => unknown; readonly path: string | RegExp };
  readonly noAnswer?: { readonly call: (fn: Fn) => unknown; readonly path: string };
  readonly twoRequests?: { readonly call: (fn: Fn) => unknown; readonly path: string };
}

/** A url sent or shown to a person (law 10): the function called with a request holding `url`. */
export interface LinkAspect {
  readonly call: (fn: Fn, url: string) => unknown;
  readonly path: string;
  /**
   * The code of the refusal of a url that is no http(s) URL (`javascript:`), which the url rule of a Request
   * gives before any link rule runs: `invalid-value` where the function reads a request, `invalid-pending`
   * where the request is a result's (no result can hold the url). Left out: either, or the link rule's `unsupported`.
   */
  readonly notAUrlCode?: "invalid-value" | "invalid-pending";
}

/** A prompt made from a tool's input (law 11): the function called with a tool name and input, giving the prompt. */
export interface PromptAspect {
  readonly call: (fn: Fn, toolName: string, input: Record<string, unknown>) => string;
}

export interface Row {
  readonly fn: string;
  readonly kind: "projection" | "reader" | "pause bridge" | "host helper";
  readonly laws: readonly Law[];
  /** Why a law of its kind does not apply (a function with no options, no request to match, no url). */
  readonly note?: string;
  readonly options?: OptionsAspect;
  readonly projection?: ProjectionAspect;
  readonly reader?: ReaderAspect;
  readonly answer?: AnswerAspect;
  readonly link?: LinkAspect;
  readonly prompt?: PromptAspect;
}

/** The options every projection and reader takes. */
const SHARED = ["unsupported", "onLoss", "maxBytes"] as const;

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const same = (out: unknown): unknown => out;

/** A projection row: called as `fn(result, { ...base, ...options })` unless `call` says otherwise. */
function projectionRow(
  fn: string,
  kind: Row["kind"],
  own: readonly string[],
  base: Readonly<Record<string, unknown>>,
  more: Partial<ProjectionAspect> & { readonly call?: (fn: Fn, result: unknown, options: Record<string, unknown>) => unknown; readonly laws?: readonly Law[]; readonly link?: LinkAspect } = {},
): Row {
  const call = more.call ?? ((f: Fn, result: unknown, options: Record<string, unknown>) => f(result, options));
  const sample = ToolResult.ok("42");
  return {
    fn,
    kind,
    laws: more.laws ?? [1, 2, 3, 4, 5, 12],
    options: { keys: [...own, ...SHARED], base, call: (f, options) => call(f, sample, options) },
    projection: {
      project: (f, result, options) => call(f, result, { ...base, ...options }),
      prefix: more.prefix ?? "",
      needsName: more.needsName ?? false,
      shown: more.shown ?? same,
      timestamps: more.timestamps ?? false,
      bareFallback: more.bareFallback ?? false,
    },
    ...(more.link === undefined ? {} : { link: more.link }),
  };
}

/** The path of key `key` below `prefix`, as errors write it: `inputResponses.a`, `inputResponses["a-1"]`. */
const keyPathOf = (prefix: string, key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${prefix}.${key}` : `${prefix}[${escaped(JSON.stringify(key))}]`);
const request = (id: string, kind = "approval", extra: Record<string, unknown> = {}): Request => new Request({ id, kind, prompt: "Deploy?", ...extra });
const requestLike = (url: string, kind = "authorization"): Record<string, unknown> => ({ id: "r-1", kind, prompt: "Sign in", url });
const claudeRequest = (id: string): Request => request(id, "approval", { data: { toolName: "deploy", input: { env: "prod" } } });
const interrupt = (id: string, requestId: string): Record<string, unknown> => ({ id, value: request(requestId).toJSON() });
const hitl = (id: string, actions: number): Record<string, unknown> => ({
  id,
  value: {
    actionRequests: Array.from({ length: actions }, (_, i) => ({ name: `tool${i}`, args: { n: i } })),
    reviewConfigs: Array.from({ length: actions }, (_, i) => ({ actionName: `tool${i}`, allowedDecisions: ["approve", "edit", "reject"] })),
  },
});
const hitlRequests = (id: string, actions: number): unknown => fnOf("fromLangChainHitlRequest")(hitl(id, actions));
const answerPart = (answer: Answer): Record<string, unknown> => ({ content: { $case: "data", value: { toolnexus: { answer: answer.toJSON() } } }, metadata: undefined, filename: "", mediaType: "application/json" });

export const ROWS: readonly Row[] = [
  // Projections.
  projectionRow("toAnthropic", "projection", ["toolUseId", "platform", "model"], { toolUseId: "toolu_1" }),
  projectionRow("toOpenAIChat", "projection", ["toolCallId", "toolName"], { toolCallId: "call_1", toolName: "lookup" }, { needsName: true }),
  projectionRow("toOpenAIChatMessages", "host helper", [], {}, {
    call: (f, result, options) => f([{ result, toolCallId: "call_1", toolName: "lookup" }], options),
    prefix: "calls[0].",
    needsName: true,
  }),
  projectionRow("toOpenAIResponses", "projection", ["callId"], { callId: "call_1" }, { needsName: true }),
  projectionRow("toGemini", "projection", ["name", "id", "model"], { name: "lookup" }),
  projectionRow("toMcp", "projection", ["meta"], {}, { needsName: true }),
  projectionRow("toAiSdk", "projection", [], {}),
  projectionRow("toAgentsToolOutput", "host helper", [], {}, { needsName: true }),
  // The artifact is the round trip's, never shown to a model (README, "LangChain.js and LangGraph.js").
  projectionRow("toLangChain", "projection", ["toolCallId", "name"], { toolCallId: "call_1" }, {
    shown: (out) => {
      const { artifact: _artifact, ...rest } = out as Record<string, unknown>;
      return rest;
    },
  }),
  projectionRow("toMistral", "projection", ["toolCallId", "name"], { toolCallId: "D681PevKs" }),
  projectionRow("toAgUiToolCallResult", "projection", ["messageId", "toolCallId"], { messageId: "msg-1", toolCallId: "call_1" }),
  projectionRow("toA2aParts", "projection", [], {}),
  // Bedrock's document names allow no dot: a nameless part is part-<i> (docs/hosts/bedrock.md).
  projectionRow("toBedrock", "projection", ["toolUseId", "model"], { toolUseId: "tooluse_1" }, { needsName: true, bareFallback: true }),
  projectionRow("toA2aEvents", "host helper", ["taskId", "contextId", "messageId", "artifactId"], { taskId: "task-1", contextId: "ctx-1", messageId: "msg-1", artifactId: "art-1" }, {
    timestamps: true,
    laws: [1, 2, 3, 4, 5, 10, 12],
    // The result is made in the call: a url no Request holds is refused there (invalid-pending), before toA2aEvents runs.
    link: {
      call: (f, url) => f(ToolResult.fromJSON({ output: "Sign in", isError: true, metadata: { pending: requestLike(url) } }), { taskId: "task-1", contextId: "ctx-1", messageId: "msg-1" }),
      path: "metadata.pending.url",
      notAUrlCode: "invalid-pending",
    },
  }),

  projectionRow("toOllama", "projection", ["toolName", "toolCallId"], { toolName: "lookup", toolCallId: "call_1" }),
  projectionRow("toCohere", "projection", ["toolCallId"], { toolCallId: "call_1" }),

  // Readers.
  {
    fn: "fromMcp",
    kind: "reader",
    laws: [6, 7, 8, 12],
    options: { keys: SHARED, base: {}, call: (f, o) => f({ content: [{ type: "text", text: "hi" }] }, o) },
    reader: {
      host: "MCP",
      wrap: (blocks) => ({ content: blocks }),
      blockPath: (i) => `content[${i}]`,
      listKey: "content",
      typeKey: "type",
      unknownBlock: (type) => ({ type }),
      known: ["text", "image", "audio", "resource_link", "resource"],
      valid: { content: [{ type: "text", text: "hi" }, { type: "image", data: PNG, mimeType: "image/png" }], isError: false },
    },
  },
  {
    fn: "fromLangChain",
    kind: "reader",
    laws: [6, 7, 8, 12],
    options: { keys: SHARED, base: {}, call: (f, o) => f({ content: "hi", tool_call_id: "call_1" }, o) },
    reader: {
      host: "LangChain",
      wrap: (blocks) => ({ content: blocks, tool_call_id: "call_1" }),
      blockPath: (i) => `content[${i}]`,
      listKey: "content",
      typeKey: "type",
      unknownBlock: (type) => ({ type }),
      known: ["text", "image", "audio", "file", "text-plain", "video", "reasoning", "image_url", "input_audio", "document"],
      valid: { content: [{ type: "text", text: "hi" }, { type: "image", data: PNG, mimeType: "image/png" }], tool_call_id: "call_1", status: "success" },
    },
  },
  {
    fn: "fromA2a",
    kind: "reader",
    laws: [6, 7, 8, 12],
    options: { keys: SHARED, base: {}, call: (f, o) => f({ messageId: "m-1", parts: [{ content: { $case: "text", value: "hi" } }] }, o) },
    reader: {
      host: "A2A",
      wrap: (blocks) => ({ messageId: "m-1", parts: blocks }),
      blockPath: (i) => `parts[${i}]`,
      listKey: "parts",
      typeKey: "content",
      unknownBlock: (type) => ({ content: { $case: type, value: "x" } }),
      known: ["text", "raw", "url", "data"],
      valid: { messageId: "m-1", parts: [{ content: { $case: "text", value: "hi" } }, { content: { $case: "raw", value: new Uint8Array(Buffer.from(PNG, "base64")) }, mediaType: "image/png" }] },
    },
  },

  {
    fn: "fromBedrock",
    kind: "reader",
    laws: [6, 7, 8, 12],
    options: { keys: SHARED, base: {}, call: (f, o) => f({ toolResult: { toolUseId: "tooluse_1", content: [{ text: "hi" }] } }, o) },
    reader: {
      host: "Bedrock",
      wrap: (blocks) => ({ toolUseId: "tooluse_1", content: blocks }),
      blockPath: (i) => `content[${i}]`,
      listKey: "content",
      typeKey: "image",
      // A Bedrock block is named by its one member's key.
      unknownBlock: (type) => ({ [type]: {} }),
      known: ["text", "json", "image", "document", "video", "searchResult", "$unknown"],
      valid: { toolUseId: "tooluse_1", content: [{ text: "hi" }, { image: { format: "png", source: { bytes: new Uint8Array(Buffer.from(PNG, "base64")) } } }], status: "success" },
    },
  },

  // MCP elicitation.
  {
    fn: "toMcpElicitation",
    kind: "pause bridge",
    laws: [10, 12],
    options: { keys: ["onLoss", "capabilities"], base: {}, call: (f, o) => f(request("r-1", "input"), o) },
    link: { call: (f, url) => f(requestLike(url)), path: "url" },
  },
  {
    fn: "fromMcpElicitation",
    kind: "pause bridge",
    laws: [10],
    note: "takes no options; an elicitation carries no answer",
    link: { call: (f, url) => f({ mode: "url", message: "Sign in", elicitationId: "e-1", url }), path: "url" },
  },
  {
    fn: "toMcpElicitResult",
    kind: "pause bridge",
    laws: [9, 12],
    note: "the request it answers is given as options.request",
    options: { keys: ["onLoss", "request"], base: {}, call: (f, o) => f(Answer.accept("r-1"), o) },
    answer: { another: { call: (f, a, r) => f(Answer.accept(a), { request: request(r, "input") }), path: "id", single: true } },
  },
  { fn: "fromMcpElicitResult", kind: "pause bridge", laws: [], note: "takes no options, and an ElicitResult carries no id to match (MCP answers the JSON-RPC request it replies to)" },

  // MCP 2026-07-28 input_required.
  {
    fn: "toMcpInputRequired",
    kind: "pause bridge",
    laws: [10, 12],
    note: "no answer to match: it keys the result's one request by its own id (fromMcpInputResponses matches the answer)",
    options: { keys: ["capabilities", "requestState"], base: {}, call: (f, o) => f(ToolResult.pending(request("r-1", "input")), o) },
    // The result is made in the call: a url no Request holds is refused there (invalid-pending), before the bridge runs.
    link: { call: (f, url) => f(ToolResult.fromJSON({ output: "Sign in", isError: true, metadata: { pending: requestLike(url) } })), path: "metadata.pending.url", notAUrlCode: "invalid-pending" },
  },
  {
    fn: "fromMcpInputResponses",
    kind: "pause bridge",
    laws: [9],
    note: "takes no options; the entry's key is its answer's id",
    answer: {
      another: { call: (f, a, r) => f(request(r, "input"), { [a]: { action: "accept", content: {} } }), path: "inputResponses.<answer id>", pathOf: (a) => keyPathOf("inputResponses", a), single: true },
    },
  },
  {
    fn: "fromMcpInputRequired",
    kind: "pause bridge",
    laws: [10, 12],
    note: "reads requests: their answers are matched by toMcpInputResponses",
    options: { keys: ["onLoss"], base: {}, call: (f, o) => f({ resultType: "input_required", inputRequests: {} }, o) },
    link: { call: (f, url) => f({ resultType: "input_required", inputRequests: { r1: { method: "elicitation/create", params: { mode: "url", message: "Sign in", url } } } }), path: "inputRequests.r1.params.url" },
  },
  {
    fn: "toMcpInputResponses",
    kind: "pause bridge",
    laws: [9, 12],
    options: { keys: ["onLoss"], base: {}, call: (f, o) => f([Answer.accept("r-1")], [request("r-1", "input")], o) },
    answer: {
      another: { call: (f, a, r) => f([Answer.accept(a)], [request(r, "input")]), path: "answers[0].id", single: false },
      twoAnswers: { call: (f) => f([Answer.accept("r-1"), Answer.accept("r-1")], [request("r-1", "input")]), path: "answers[1].id" },
      noAnswer: { call: (f) => f([Answer.accept("r-1")], [request("r-1", "input"), request("r-2", "input")]), path: "requests[1].id" },
      twoRequests: { call: (f) => f([Answer.accept("r-1")], [request("r-1", "input"), request("r-1", "input")]), path: "requests[1].id" },
    },
  },

  // Vercel AI SDK approvals.
  {
    fn: "toAiSdkApprovalRequest",
    kind: "pause bridge",
    laws: [10, 12],
    options: { keys: ["toolCallId", "onLoss"], base: { toolCallId: "call-1" }, call: (f, o) => f(request("r-1"), o) },
    link: { call: (f, url) => f(requestLike(url, "approval"), { toolCallId: "call-1" }), path: "url" },
  },
  { fn: "fromAiSdkApprovalResponse", kind: "pause bridge", laws: [], note: "takes no options and no request: the response is read as the answer it is" },
  {
    fn: "fromAiSdkApprovalRequest",
    kind: "pause bridge",
    laws: [11, 12],
    options: { keys: ["toolCall"], base: {}, call: (f, o) => f({ type: "tool-approval-request", approvalId: "a-1", toolCallId: "c-1" }, o) },
    prompt: { call: (f, toolName, input) => (f({ type: "tool-approval-request", approvalId: "a-1", toolCall: { toolCallId: "c-1", toolName, input } }) as Request).prompt },
  },
  {
    fn: "toAiSdkApprovalResponse",
    kind: "pause bridge",
    laws: [12],
    options: { keys: ["onLoss"], base: {}, call: (f, o) => f(Answer.accept("a-1"), o) },
  },

  // OpenAI Agents.
  {
    fn: "fromAgentsInterruption",
    kind: "pause bridge",
    laws: [11],
    note: "takes no options",
    prompt: { call: (f, toolName, input) => (f({ type: "tool_approval_item", rawItem: { type: "function_call", callId: "c-1", name: toolName, arguments: JSON.stringify(input) } }) as Request).prompt },
  },
  { fn: "toAgentsDecision", kind: "pause bridge", laws: [], note: "takes no options and no request: state.approve / state.reject get the interruption itself" },

  // LangChain and LangGraph.
  {
    fn: "toLangGraphInterrupt",
    kind: "pause bridge",
    laws: [10],
    note: "takes no options",
    link: { call: (f, url) => f(requestLike(url)), path: "url" },
  },
  { fn: "fromLangGraphInterrupt", kind: "pause bridge", laws: [], note: "takes no options; reads a request, matched later by toLangGraphResume / fromLangGraphResume" },
  {
    fn: "toLangGraphResume",
    kind: "pause bridge",
    laws: [9],
    note: "takes no options",
    answer: {
      another: { call: (f, a, r) => f(Answer.accept(a), [interrupt("i-1", r)]), path: "id", single: false },
      twoAnswers: { call: (f) => f([Answer.accept("r-1"), Answer.accept("r-1")], [interrupt("i-1", "r-1")]), path: "[1].id" },
      noAnswer: { call: (f) => f([Answer.accept("r-1")], [interrupt("i-1", "r-1"), interrupt("i-2", "r-2")]), path: "interrupts[1].value.id" },
      twoRequests: { call: (f) => f([Answer.accept("r-1")], [interrupt("i-1", "r-1"), interrupt("i-2", "r-1")]), path: "interrupts[1].value.id" },
    },
  },
  {
    fn: "fromLangGraphResume",
    kind: "pause bridge",
    laws: [9],
    note: "takes no options",
    answer: { another: { call: (f, a, r) => f(request(r), Answer.accept(a).toJSON()), path: "id", single: true } },
  },
  {
    fn: "fromLangChainHitlRequest",
    kind: "pause bridge",
    laws: [11],
    note: "takes no options; an action without a description gets the approval prompt",
    prompt: {
      call: (f, toolName, input) =>
        (f({ id: "i-1", value: { actionRequests: [{ name: toolName, args: input }], reviewConfigs: [{ actionName: toolName, allowedDecisions: ["approve", "reject"] }] } }) as Request[])[0]!.prompt,
    },
  },
  {
    fn: "toLangChainHitlResponse",
    kind: "pause bridge",
    laws: [9],
    note: "takes no options",
    answer: {
      another: { call: (f, a, r) => f(hitlRequests(r, 1), [Answer.accept(a)]), path: "answers[0].id", single: false, requestIdOf: (id) => `${id}:0` },
      twoAnswers: { call: (f) => f(hitlRequests("i-1", 1), [Answer.accept("i-1:0"), Answer.accept("i-1:0")]), path: "answers[1].id" },
      noAnswer: { call: (f) => f(hitlRequests("i-1", 2), [Answer.accept("i-1:0")]), path: "requests[1].id" },
      twoRequests: {
        call: (f) => {
          const [r0] = hitlRequests("i-1", 1) as Request[];
          return f([r0, r0], [Answer.accept("i-1:0")]);
        },
        path: "requests[1].id",
      },
    },
  },

  // AG-UI.
  {
    fn: "toAgUiInterrupt",
    kind: "pause bridge",
    laws: [10, 12],
    options: { keys: ["toolCallId"], base: {}, call: (f, o) => f(request("r-1"), o) },
    link: { call: (f, url) => f(requestLike(url)), path: "url", notAUrlCode: "invalid-value" },
  },
  { fn: "fromAgUiInterrupt", kind: "pause bridge", laws: [], note: "takes no options; reads a request, matched later by fromAgUiResume" },
  {
    fn: "toAgUiResume",
    kind: "pause bridge",
    laws: [12],
    options: { keys: ["onLoss"], base: {}, call: (f, o) => f(Answer.accept("r-1"), o) },
  },
  {
    fn: "fromAgUiResume",
    kind: "pause bridge",
    laws: [9],
    note: "takes no options",
    answer: { another: { call: (f, a, r) => f({ interruptId: a, status: "resolved", payload: { approved: true } }, request(r)), path: "interruptId", single: true } },
  },

  // Claude Agent SDK.
  {
    fn: "fromClaudeToolPermission",
    kind: "pause bridge",
    laws: [11],
    note: "law 12 is not checked: its options are canUseTool's own third argument, whose keys the SDK adds to in every release (signal, suggestions, blockedPath, decisionReason, title, ...); refusing a key it does not know would break the host on an SDK update",
    prompt: { call: (f, toolName, input) => (f(toolName, input, { toolUseID: "tu-1" }) as Request).prompt },
  },
  {
    fn: "toClaudePermissionResult",
    kind: "pause bridge",
    laws: [9, 12],
    options: { keys: ["onLoss"], base: {}, call: (f, o) => f(Answer.accept("r-1"), claudeRequest("r-1"), o) },
    answer: { another: { call: (f, a, r) => f(Answer.accept(a), claudeRequest(r)), path: "id", single: true } },
  },

  // A2A.
  {
    fn: "toA2aAnswer",
    kind: "pause bridge",
    laws: [12],
    options: { keys: ["taskId", "contextId", "messageId"], base: { taskId: "task-1", messageId: "msg-1" }, call: (f, o) => f(Answer.accept("r-1"), o) },
  },
  {
    fn: "fromA2aAnswer",
    kind: "pause bridge",
    laws: [9],
    note: "takes no options",
    answer: {
      another: { call: (f, a, r) => f(request(r), { parts: [answerPart(Answer.accept(a))] }), path: "parts[0].data.toolnexus.answer.id", single: true },
      twoAnswers: { call: (f) => f(request("r-1"), { parts: [answerPart(Answer.accept("r-1")), answerPart(Answer.accept("r-1"))] }), path: /^parts\[1\]/ },
    },
  },
];
