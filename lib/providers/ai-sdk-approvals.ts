/**
 * Vercel AI SDK tool approvals, both ways.
 *
 * - A toolnexus pause shown in an AI SDK app: {@link toAiSdkApprovalRequest} gives the
 *   `tool-approval-request` part an app shows, and {@link fromAiSdkApprovalResponse} reads the
 *   `tool-approval-response` the app sends back as an `Answer`.
 * - An AI SDK pause kept by a toolnexus host: {@link fromAiSdkApprovalRequest} turns the SDK's approval
 *   request into a `Request` (plain data a host can persist and route), and {@link toAiSdkApprovalResponse}
 *   turns the `Answer` into the `tool-approval-response` that resumes the run.
 *
 * The shapes are this package's own structural types, which the AI SDK's `ToolApprovalRequest`,
 * `ToolApprovalRequestOutput` and `ToolApprovalResponse` types accept. Nothing here imports the SDK.
 *
 * @module
 */
import { raise } from "../errors";
import { typeName } from "../json-data";
import { formatPath } from "../path";
import { Answer, Request, toRequest, type JsonObject } from "../suspension";
import type { Loss, OnLoss } from "./loss";

/** The approval request part of an assistant message (the prompt form): it names its tool call by id. */
export type AiSdkToolApprovalRequest = {
  type: "tool-approval-request";
  approvalId: string;
  toolCallId: string;
  reason?: string;
};

/** A tool call as the AI SDK shows it: the `tool-call` content part or the matching message part. */
export type AiSdkToolCall = {
  readonly type?: "tool-call" | undefined;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input?: unknown;
};

/** The approval request of a `generateText` / `streamText` result (`result.content`): it carries its tool call. */
export type AiSdkToolApprovalRequestOutput = {
  readonly type: "tool-approval-request";
  readonly approvalId: string;
  readonly toolCall: AiSdkToolCall;
  readonly reason?: string | undefined;
  readonly isAutomatic?: boolean | undefined;
};

/** What {@link fromAiSdkApprovalRequest} reads: either form of the approval request. */
export type AiSdkApprovalRequestInput =
  | AiSdkToolApprovalRequestOutput
  | { readonly type: "tool-approval-request"; readonly approvalId: string; readonly toolCallId: string; readonly reason?: string | undefined };

/** The approval response part of a tool message. */
export type AiSdkToolApprovalResponse = {
  type: "tool-approval-response";
  approvalId: string;
  approved: boolean;
  reason?: string;
};

/** What {@link fromAiSdkApprovalResponse} reads: the message part, or the output part that also carries its tool call. */
export type AiSdkApprovalResponseInput = {
  readonly type: "tool-approval-response";
  readonly approvalId: string;
  readonly approved: boolean;
  readonly reason?: string | undefined;
};

/** Options of {@link toAiSdkApprovalRequest}. */
export interface ToAiSdkApprovalRequestOptions {
  /** The id of the tool call that paused: the approval request is tied to it. */
  toolCallId: string;
  /** Told of what the approval request cannot carry (request data, an expiry). */
  onLoss?: OnLoss;
}

/** Options of {@link fromAiSdkApprovalRequest}. */
export interface FromAiSdkApprovalRequestOptions {
  /** The tool call the request is for, to have its name and input when the part carries only its id. */
  toolCall?: AiSdkToolCall | undefined;
}

/** Options of {@link toAiSdkApprovalResponse}. */
export interface ToAiSdkApprovalResponseOptions {
  /** Told of what the approval response cannot carry (answer data other than `reason`, a `cancelled` or `expired` reason). */
  onLoss?: OnLoss;
}

const PROVIDER = "ai-sdk-approval";

/** Characters of a tool's input shown in a prompt; the whole input is in `data.input`. */
export const PROMPT_INPUT_CHARS = 500;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readOptions(options: unknown, fn: string, keys: readonly string[], required: boolean): Record<string, unknown> {
  if (options === undefined && !required) return {};
  if (!isPlainObject(options)) {
    raise(options === undefined ? "missing" : "invalid-type", "", `The options of ${fn}() must be an object, got ${typeName(options)}`, `Pass { ${keys.join(", ")} }.`);
  }
  for (const key of Object.keys(options)) {
    if (!keys.includes(key)) raise("invalid-value", key, `${fn}() has no option ${JSON.stringify(key)}`, `It takes ${keys.join(", ")}.`);
  }
  if (options.onLoss !== undefined && typeof options.onLoss !== "function") {
    raise("invalid-type", "onLoss", `onLoss must be a function, got ${typeName(options.onLoss)}`, "Pass a function such as (loss) => console.warn(loss.path, loss.reason).");
  }
  return options;
}

function nonEmptyString(v: unknown, path: string, what: string, fix: string): string {
  if (v === undefined) raise("missing", path, `${what} is missing`, fix);
  if (typeof v !== "string") raise("invalid-type", path, `${what} must be a string, got ${typeName(v)}`, fix);
  if (v === "") raise("invalid-value", path, `${what} is empty`, fix);
  return v;
}

/**
 * A short JSON text of a tool's arguments for a prompt: at most {@link PROMPT_INPUT_CHARS} characters,
 * never cutting a surrogate pair. `undefined` when the value has no JSON text.
 * @internal
 */
export function previewJson(value: unknown): string | undefined {
  let json: string | undefined;
  try {
    json = typeof value === "string" ? value : JSON.stringify(value);
  } catch {
    return undefined;
  }
  if (json === undefined || json.length <= PROMPT_INPUT_CHARS) return json;
  let end = PROMPT_INPUT_CHARS;
  const c = json.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end -= 1;
  return `${json.slice(0, end)}…`;
}

/**
 * The AI SDK `tool-approval-request` part for a toolnexus {@link Request}: a toolnexus pause shown in an AI
 * SDK app. `approvalId` is the request id, `toolCallId` the id of the tool call that paused, and `reason`
 * the prompt (followed by a newline and the url when the request has one, as `ToolResult.pending` writes
 * its output). Put it in the assistant message after that tool call.
 *
 * An approval part carries no data and no expiry: request `data` (other than the `toolName`, `toolCallId`
 * and `input` that {@link fromAiSdkApprovalRequest} writes for this same call) and `expiresAt` are reported
 * to `onLoss`. The request may be a `Request` or its JSON shape; the part is a fresh, unfrozen object.
 *
 * @example
 * ```ts
 * const paused = ToolResult.authRequired("https://auth.example.com/login");
 * const part = toAiSdkApprovalRequest(paused.pending!, { toolCallId: "call-1" });
 * // { type: "tool-approval-request", approvalId: paused.pending!.id, toolCallId: "call-1",
 * //   reason: "Authorization required to continue\nhttps://auth.example.com/login" }
 * ```
 */
export function toAiSdkApprovalRequest(request: Request<any>, options: ToAiSdkApprovalRequestOptions): AiSdkToolApprovalRequest {
  const o = readOptions(options, "toAiSdkApprovalRequest", ["toolCallId", "onLoss"], true);
  const toolCallId = nonEmptyString(o.toolCallId, "toolCallId", "toolCallId", "Pass the id of the tool call that paused, as in toAiSdkApprovalRequest(request, { toolCallId: \"call-1\" }).");
  const req = toRequest(request, "");
  const onLoss = o.onLoss as OnLoss | undefined;
  if (onLoss) {
    const losses: Loss[] = [];
    const own = req.data !== undefined && req.data.toolCallId === toolCallId ? ["toolName", "toolCallId", "input"] : [];
    for (const k of Object.keys(req.data ?? {})) {
      if (!own.includes(k)) losses.push({ provider: PROVIDER, path: formatPath(["data", k]), reason: `An AI SDK approval request carries no data; "${k}" is dropped` });
    }
    if (req.expiresAt !== undefined) losses.push({ provider: PROVIDER, path: "expiresAt", reason: "An AI SDK approval request carries no expiry; check expiresAt when the response comes back" });
    for (const loss of losses) onLoss(loss);
  }
  const reason = req.url === undefined ? req.prompt : req.prompt === "" ? req.url : `${req.prompt}\n${req.url}`;
  const part: AiSdkToolApprovalRequest = { type: "tool-approval-request", approvalId: req.id, toolCallId };
  if (reason !== "") part.reason = reason;
  return part;
}

function readApprovalResponse(response: unknown): { approvalId: string; approved: boolean; reason: string | undefined } {
  if (!isPlainObject(response)) raise("invalid-type", "", `An approval response must be an object, got ${typeName(response)}`, "Pass the tool-approval-response part, such as { type: \"tool-approval-response\", approvalId, approved: true }.");
  if (response.type !== "tool-approval-response") {
    raise(response.type === undefined ? "missing" : "invalid-value", "type", `Expected type "tool-approval-response", got ${typeof response.type === "string" ? JSON.stringify(response.type) : typeName(response.type)}`, "Pass the tool-approval-response part of the tool message.");
  }
  const approvalId = nonEmptyString(response.approvalId, "approvalId", "The approvalId", "Pass the response as the AI SDK wrote it, with the approvalId of its request.");
  if (typeof response.approved !== "boolean") {
    raise(response.approved === undefined ? "missing" : "invalid-type", "approved", `approved must be true or false, got ${typeName(response.approved)}`, "Pass the response as the AI SDK wrote it.");
  }
  const reason = response.reason;
  if (reason !== undefined && typeof reason !== "string") raise("invalid-type", "reason", `The reason must be a string, got ${typeName(reason)}`, "Give the reason as text, or leave it out.");
  return { approvalId, approved: response.approved, reason };
}

/**
 * The toolnexus {@link Answer} for an AI SDK `tool-approval-response` (the message part or the output part):
 * `approved: true` gives `ok: true`, a denial gives `ok: false` with `reason: "declined"`. The response's
 * reason text, when there is one, is kept in `data.reason`. The answer's id is the `approvalId`, which
 * {@link toAiSdkApprovalRequest} set to the request id.
 *
 * @example
 * ```ts
 * const answer = fromAiSdkApprovalResponse({ type: "tool-approval-response", approvalId: request.id, approved: false, reason: "not now" });
 * // { id: request.id, ok: false, reason: "declined", data: { reason: "not now" } }
 * ```
 */
export function fromAiSdkApprovalResponse(response: AiSdkApprovalResponseInput): Answer {
  const r = readApprovalResponse(response);
  const data = r.reason === undefined ? undefined : { reason: r.reason };
  return r.approved ? new Answer({ id: r.approvalId, ok: true, data }) : new Answer({ id: r.approvalId, ok: false, reason: "declined", data });
}

function readToolCall(v: unknown, path: string): { toolCallId: string; toolName: string; input: unknown } {
  if (!isPlainObject(v)) raise("invalid-type", path, `The tool call must be an object, got ${typeName(v)}`, "Pass the tool-call part, with toolCallId, toolName and input.");
  const toolCallId = nonEmptyString(v.toolCallId, formatPath(["toolCallId"], path), "The toolCallId", "Pass the tool-call part as the AI SDK wrote it.");
  const toolName = nonEmptyString(v.toolName, formatPath(["toolName"], path), "The toolName", "Pass the tool-call part as the AI SDK wrote it.");
  return { toolCallId, toolName, input: v.input };
}

/**
 * The toolnexus {@link Request} for an AI SDK approval request: an AI SDK pause kept by a toolnexus host
 * (persisted, routed to a person, answered later, maybe in another process).
 *
 * It reads either form of the part: the output part of a `generateText` / `streamText` result, which carries
 * its `toolCall`, or the message part (in `response.messages`), which carries only `toolCallId`; pass the
 * matching tool call as `options.toolCall` to have its name and input. The request has kind `approval`, the
 * `approvalId` as id, a prompt naming the tool and its input (the part's own reason, when it has one, after
 * it), and `data: { toolName, toolCallId, input }` (only `toolCallId` when the tool call is unknown). An
 * input that is not JSON data is a `ValidationError` at `data.input`.
 *
 * @example
 * ```ts
 * const result = await generateText({ model, tools, prompt });
 * const part = result.content.find((p) => p.type === "tool-approval-request")!;
 * const request = fromAiSdkApprovalRequest(part);
 * // { id: part.approvalId, kind: "approval", prompt: 'Approve the call to tool "deploy" with input {"env":"prod"}?',
 * //   data: { toolName: "deploy", toolCallId: "call-1", input: { env: "prod" } } }
 * ```
 */
export function fromAiSdkApprovalRequest(part: AiSdkApprovalRequestInput, options?: FromAiSdkApprovalRequestOptions): Request {
  const o = readOptions(options, "fromAiSdkApprovalRequest", ["toolCall"], false);
  if (!isPlainObject(part)) raise("invalid-type", "", `An approval request must be an object, got ${typeName(part)}`, "Pass the tool-approval-request part.");
  if (part.type !== "tool-approval-request") {
    raise(part.type === undefined ? "missing" : "invalid-value", "type", `Expected type "tool-approval-request", got ${typeof part.type === "string" ? JSON.stringify(part.type) : typeName(part.type)}`, "Pass the tool-approval-request part of the result or the assistant message.");
  }
  const p = part as Record<string, unknown>;
  const approvalId = nonEmptyString(p.approvalId, "approvalId", "The approvalId", "Pass the part as the AI SDK wrote it.");
  const reason = p.reason;
  if (reason !== undefined && typeof reason !== "string") raise("invalid-type", "reason", `The reason must be a string, got ${typeName(reason)}`, "Pass the part as the AI SDK wrote it.");

  let call = p.toolCall === undefined ? undefined : readToolCall(p.toolCall, "toolCall");
  let toolCallId = call?.toolCallId;
  if (p.toolCallId !== undefined || call === undefined) {
    const id = nonEmptyString(p.toolCallId, "toolCallId", "The toolCallId", "Pass the part as the AI SDK wrote it: the message part names its tool call by toolCallId.");
    if (call && call.toolCallId !== id) raise("invalid-value", "toolCall.toolCallId", `The part names tool call ${JSON.stringify(id)} but carries ${JSON.stringify(call.toolCallId)}`, "Pass the part as the AI SDK wrote it.");
    toolCallId = id;
  }
  if (o.toolCall !== undefined) {
    const given = readToolCall(o.toolCall, "options.toolCall");
    if (given.toolCallId !== toolCallId) {
      raise("invalid-value", "options.toolCall.toolCallId", `The approval is for tool call ${JSON.stringify(toolCallId)}, not ${JSON.stringify(given.toolCallId)}`, "Pass the tool-call part with the same toolCallId (it sits just before the approval request in the assistant message).");
    }
    call ??= given;
  }

  let prompt: string;
  let data: JsonObject;
  if (call) {
    const preview = previewJson(call.input);
    prompt = `Approve the call to tool ${JSON.stringify(call.toolName)}${preview === undefined ? "" : ` with input ${preview}`}?`;
    data = { toolName: call.toolName, toolCallId: toolCallId!, input: call.input };
  } else {
    prompt = `Approve tool call ${JSON.stringify(toolCallId)}?`;
    data = { toolCallId: toolCallId! };
  }
  if (reason) prompt += ` ${reason}`;
  return new Request({ id: approvalId, kind: "approval", prompt, data });
}

/**
 * The AI SDK `tool-approval-response` for a toolnexus {@link Answer}: `approvalId` is the answer id,
 * `approved` is `ok`, and `reason` comes from `data.reason` when it is a string. Put it in a `tool` message
 * and call `generateText` / `streamText` again: an approved tool runs and its result reaches the model; a
 * denied one reaches the model as `execution-denied` with the reason.
 *
 * The AI SDK knows approved and denied only: a `cancelled` or `expired` refusal is sent as a denial, and
 * answer data other than `reason` is not sent; both are reported to `onLoss`. The answer may be an `Answer`
 * or its JSON shape; the part is a fresh, unfrozen object.
 *
 * @example
 * ```ts
 * const response = toAiSdkApprovalResponse(Answer.accept(request));
 * const next = await generateText({ model, tools, messages: [...messages, { role: "tool", content: [response] }] });
 * ```
 */
export function toAiSdkApprovalResponse(answer: Answer<any>, options?: ToAiSdkApprovalResponseOptions): AiSdkToolApprovalResponse {
  const o = readOptions(options, "toAiSdkApprovalResponse", ["onLoss"], false);
  const a = answer instanceof Answer ? answer : Answer.fromJSON(answer);
  const reason = a.data?.reason;
  const onLoss = o.onLoss as OnLoss | undefined;
  if (onLoss) {
    const losses: Loss[] = [];
    for (const k of Object.keys(a.data ?? {})) {
      if (k !== "reason") losses.push({ provider: PROVIDER, path: formatPath(["data", k]), reason: `An AI SDK approval response carries only a reason text; "${k}" is dropped` });
      else if (typeof reason !== "string") losses.push({ provider: PROVIDER, path: "data.reason", reason: `An AI SDK approval reason is text; ${typeName(reason)} is dropped` });
    }
    if (a.reason === "cancelled" || a.reason === "expired") {
      losses.push({ provider: PROVIDER, path: "reason", reason: `The AI SDK knows approved and denied only; "${a.reason}" is sent as a denial` });
    }
    for (const loss of losses) onLoss(loss);
  }
  const part: AiSdkToolApprovalResponse = { type: "tool-approval-response", approvalId: a.id, approved: a.ok };
  if (typeof reason === "string") part.reason = reason;
  return part;
}
