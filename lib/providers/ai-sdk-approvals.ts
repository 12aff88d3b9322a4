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
import { ownField, requiredString, snapshot, stringOrAbsent } from "../boundary";
import { raise } from "../errors";
import { copyJson, newWalk, typeName } from "../json-data";
import { optionKeys, readOptionsOf } from "../options";
import { formatPath } from "../path";
import { checkLink, pendingText } from "../pause";
import { escapeControl, quoted, quotedValue } from "../quote";
import { Answer, toAnswer, type AnyAnswer } from "../answer";
import type { JsonObject } from "../json-type";
import { Request, toRequest, type AnyRequest } from "../request";
import { lossTargetOf, reportLoss, type OnLoss } from "./loss";
import { approvalPrompt, quoteShown } from "./prompt";

/** The approval request part of an assistant message (the prompt form): it names its tool call by id. */
export type AiSdkToolApprovalRequest = { type: "tool-approval-request"; approvalId: string; toolCallId: string; reason?: string };

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

/**
 * What {@link fromAiSdkApprovalRequest} reads: either form of the approval request (the message part read-only,
 * its `reason` possibly `undefined`).
 */
export type AiSdkApprovalRequestInput = AiSdkToolApprovalRequestOutput | (Readonly<Omit<AiSdkToolApprovalRequest, "reason">> & { readonly reason?: string | undefined });

/** The approval response part of a tool message. */
export type AiSdkToolApprovalResponse = { type: "tool-approval-response"; approvalId: string; approved: boolean; reason?: string };

/**
 * What {@link fromAiSdkApprovalResponse} reads: the message part, or the output part that also carries its tool
 * call (read-only, its `reason` possibly `undefined`).
 */
export type AiSdkApprovalResponseInput = Readonly<Omit<AiSdkToolApprovalResponse, "reason">> & { readonly reason?: string | undefined };

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
const TO_REQUEST_OPTIONS = optionKeys("toAiSdkApprovalRequest", ["toolCallId", "onLoss"]);
const FROM_REQUEST_OPTIONS = optionKeys("fromAiSdkApprovalRequest", ["toolCall"]);
const TO_RESPONSE_OPTIONS = optionKeys("toAiSdkApprovalResponse", ["onLoss"]);

const REQUEST_FIELDS = ["type", "approvalId", "toolCallId", "toolCall", "reason"] as const;

/**
 * The AI SDK `tool-approval-request` part for a toolnexus {@link Request}: a toolnexus pause shown in an AI
 * SDK app. `approvalId` is the request id, `toolCallId` the id of the tool call that paused, and `reason`
 * the prompt (followed by a newline and the url when the request has one, as `ToolResult.pending` writes
 * its output). Put it in the assistant message after that tool call. The url is shown to a person, so it must
 * follow the link rule (https, or http to a loopback host): any other is a `ValidationError` (`unsupported`,
 * path `url`), as in every bridge.
 *
 * An approval part carries no data and no expiry: request `data` (other than the `toolName`, `toolCallId`
 * and `input` that {@link fromAiSdkApprovalRequest} writes for this same call) and `expiresAt` are reported
 * to `onLoss`. The request may be a `Request` or its JSON shape; the part is a fresh, unfrozen object.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const paused = ToolResult.authRequired("https://auth.example.com/login");
 * const part = toAiSdkApprovalRequest(paused.pending!, { toolCallId: "call-1" });
 * // { type: "tool-approval-request", approvalId: paused.pending!.id, toolCallId: "call-1",
 * //   reason: "Authorization required to continue\nhttps://auth.example.com/login" }
 * ```
 */
export function toAiSdkApprovalRequest(request: AnyRequest, options: ToAiSdkApprovalRequestOptions): AiSdkToolApprovalRequest {
  const o = readOptionsOf(TO_REQUEST_OPTIONS, options, "", true);
  const toolCallId = requiredString(o.toolCallId, "toolCallId", "toolCallId", "Pass the id of the tool call that paused, as in toAiSdkApprovalRequest(request, { toolCallId: \"call-1\" }).");
  const to = lossTargetOf(PROVIDER, o.onLoss);
  const req = toRequest(request, "");
  const reason = pendingText(req.prompt, req.url === undefined ? undefined : checkLink(req.url, "url", "toAiSdkApprovalRequest"));
  if (to.onLoss !== undefined) {
    const data = req.data;
    const own = data !== undefined && ownField(data, "toolCallId", "data") === toolCallId ? OWN_DATA : [];
    for (const k of Object.keys(data ?? {})) {
      if (!own.includes(k)) reportLoss(to, formatPath(["data", k]), `An AI SDK approval request carries no data; ${quoted(k)} is dropped`);
    }
    if (req.expiresAt !== undefined) reportLoss(to, "expiresAt", "An AI SDK approval request carries no expiry; check expiresAt when the response comes back");
  }
  const part: AiSdkToolApprovalRequest = { type: "tool-approval-request", approvalId: req.id, toolCallId };
  if (reason !== "") part.reason = reason;
  return part;
}

/** The data keys {@link fromAiSdkApprovalRequest} writes for a call: no loss when the part is for that same call. */
const OWN_DATA: readonly string[] = ["toolName", "toolCallId", "input"];

const RESPONSE_FIELDS = ["type", "approvalId", "approved", "reason"] as const;

/** Checks a part's `type`, read from its snapshot: `expected`, else `missing` or `invalid-value` at `type`. */
function checkPartType(type: unknown, expected: string, fix: string): void {
  if (type !== expected) raise(type === undefined ? "missing" : "invalid-value", "type", `Expected type ${quoted(expected)}, got ${quotedValue(type)}`, fix);
}

/** Reads a `tool-approval-response` once, by its own fields, then checks the snapshot. */
function readApprovalResponse(response: unknown): { approvalId: string; approved: boolean; reason: string | undefined } {
  const r = snapshot(response, RESPONSE_FIELDS, "", "An approval response", "Pass the tool-approval-response part, such as { type: \"tool-approval-response\", approvalId, approved: true }.");
  checkPartType(r.type, "tool-approval-response", "Pass the tool-approval-response part of the tool message.");
  const approvalId = requiredString(r.approvalId, "approvalId", "The approvalId", "Pass the response as the AI SDK wrote it, with the approvalId of its request.");
  // Only a boolean approves: a string "false" is truthy, and an approval flipped by a string is the worst bug here.
  if (typeof r.approved !== "boolean") {
    raise(r.approved === undefined ? "missing" : "invalid-type", "approved", `approved must be true or false, got ${typeName(r.approved)}`, "Pass the response as the AI SDK wrote it.");
  }
  const reason = stringOrAbsent(r.reason, "reason", "The reason", "Give the reason as text, or leave it out.");
  return { approvalId, approved: r.approved, reason };
}

/**
 * The toolnexus {@link Answer} for an AI SDK `tool-approval-response` (the message part or the output part):
 * `approved: true` gives `ok: true`, a denial gives `ok: false` with `reason: "declined"`. The response's
 * reason text, when there is one, is kept in `data.reason`. The answer's id is the `approvalId`, which
 * {@link toAiSdkApprovalRequest} set to the request id.
 *
 * The response is read once, by its own properties (a polluted `Object.prototype` adds nothing); a getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * See docs/trust.md, "Reading what callers pass".
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

const TOOL_CALL_FIELDS = ["toolCallId", "toolName", "input"] as const;

/** A tool call read once: its id and name checked, its input (when it has one) copied once as JSON data. */
interface ToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** A frozen copy owned by the library, or `undefined` when the call has no input. */
  readonly input: unknown;
}

/**
 * Reads a tool call once, by its own fields. The input is copied as JSON data right away (each getter read
 * once), so the prompt shown and the `data.input` stored are made from the same copy. A value that is not
 * JSON data is a ValidationError at `data.input`, where it would have been stored.
 */
function readToolCall(v: unknown, path: string): ToolCall {
  const c = snapshot(v, TOOL_CALL_FIELDS, path, "The tool call", "Pass the tool-call part, with toolCallId, toolName and input.");
  const toolCallId = requiredString(c.toolCallId, formatPath(["toolCallId"], path), "The toolCallId", "Pass the tool-call part as the AI SDK wrote it.");
  const toolName = requiredString(c.toolName, formatPath(["toolName"], path), "The toolName", "Pass the tool-call part as the AI SDK wrote it.");
  const input = c.input === undefined ? undefined : copyJson(c.input, newWalk("data.input"), 0);
  return { toolCallId, toolName, input };
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
 * The part, its tool call and the options are read once, by their own properties; the input is copied once,
 * as JSON data, and both the prompt and `data.input` are made from that copy, so what a person approves is
 * what is stored. A getter or a Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * See docs/trust.md, "Reading what callers pass".
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
  // Read at "options": the part has a toolCall of its own, and a path must say which one was wrong.
  const o = readOptionsOf(FROM_REQUEST_OPTIONS, options, "options");
  const p = snapshot(part, REQUEST_FIELDS, "", "An approval request", "Pass the tool-approval-request part.");
  checkPartType(p.type, "tool-approval-request", "Pass the tool-approval-request part of the result or the assistant message.");
  const approvalId = requiredString(p.approvalId, "approvalId", "The approvalId", "Pass the part as the AI SDK wrote it.");
  const reason = stringOrAbsent(p.reason, "reason", "The reason", "Pass the part as the AI SDK wrote it.");

  let call = p.toolCall === undefined ? undefined : readToolCall(p.toolCall, "toolCall");
  let toolCallId: string;
  if (call !== undefined && p.toolCallId === undefined) toolCallId = call.toolCallId;
  else {
    toolCallId = requiredString(p.toolCallId, "toolCallId", "The toolCallId", "Pass the part as the AI SDK wrote it: the message part names its tool call by toolCallId.");
    if (call && call.toolCallId !== toolCallId) raise("invalid-value", "toolCall.toolCallId", `The part names tool call ${quoted(toolCallId)} but carries ${quoted(call.toolCallId)}`, "Pass the part as the AI SDK wrote it.");
  }
  if (o.toolCall !== undefined) {
    const given = readToolCall(o.toolCall, "options.toolCall");
    if (given.toolCallId !== toolCallId) {
      raise("invalid-value", "options.toolCall.toolCallId", `The approval is for tool call ${quoted(toolCallId)}, not for ${quoted(given.toolCallId)}`, "Pass the tool-call part with the same toolCallId (it sits just before the approval request in the assistant message).");
    }
    call ??= given;
  }

  let prompt: string;
  let data: JsonObject;
  if (call) {
    // One copy of the input, read once: the prompt a person approves shows what `data.input` stores.
    prompt = approvalPrompt(call.toolName, call.input);
    data = call.input === undefined ? { toolName: call.toolName, toolCallId } : { toolName: call.toolName, toolCallId, input: call.input };
  } else {
    prompt = `Approve tool call ${quoteShown(toolCallId)}?`;
    data = { toolCallId };
  }
  // The part's own reason follows on the same line: a prompt is one line (docs/suspension.md, "A prompt made from a tool's input").
  if (reason) prompt += ` ${escapeControl(reason)}`;
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
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const response = toAiSdkApprovalResponse(Answer.accept(request));
 * const next = await generateText({ model, tools, messages: [...messages, { role: "tool", content: [response] }] });
 * ```
 */
export function toAiSdkApprovalResponse(answer: AnyAnswer, options?: ToAiSdkApprovalResponseOptions): AiSdkToolApprovalResponse {
  const to = lossTargetOf(PROVIDER, readOptionsOf(TO_RESPONSE_OPTIONS, options).onLoss);
  // Only a genuine Answer is trusted; anything else is read by its fields and checked (ok is a boolean).
  const a = toAnswer(answer, "");
  const reason = a.data === undefined ? undefined : ownField(a.data, "reason", "data"); // never Object.prototype's
  if (to.onLoss !== undefined) {
    for (const k of Object.keys(a.data ?? {})) {
      if (k !== "reason") reportLoss(to, formatPath(["data", k]), `An AI SDK approval response carries only a reason text; ${quoted(k)} is dropped`);
      else if (typeof reason !== "string") reportLoss(to, "data.reason", `An AI SDK approval reason is text; ${typeName(reason)} is dropped`);
    }
    if (a.reason === "cancelled" || a.reason === "expired") {
      reportLoss(to, "reason", `The AI SDK knows approved and denied only; ${quoted(a.reason)} is sent as a denial`);
    }
  }
  const part: AiSdkToolApprovalResponse = { type: "tool-approval-response", approvalId: a.id, approved: a.ok };
  if (typeof reason === "string") part.reason = reason;
  return part;
}
