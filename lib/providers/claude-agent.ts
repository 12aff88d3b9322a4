/**
 * The Claude Agent SDK's tool permissions: `canUseTool(toolName, input, options)` as a toolnexus approval
 * `Request`, and the `Answer` as the `PermissionResult` it resolves to.
 *
 * A tool served by the SDK's in-process MCP server (`tool()` on `createSdkMcpServer`) returns `toMcp(result)`.
 * The shapes are this package's own structural types, which the SDK's `CanUseTool` and `PermissionResult`
 * accept. Nothing here imports the SDK.
 *
 * @module
 */
import { ownField, snapshot } from "../boundary";
import { raise } from "../errors";
import { copyJsonObject, freshJson, typeName } from "../json-data";
import { optionKeys, readOptionsOf } from "../options";
import { formatPath } from "../path";
import { checkAnswerFor } from "../pause";
import { quoted } from "../quote";
import { toAnswer, type AnyAnswer } from "../answer";
import { Request, toRequest, type AnyRequest } from "../request";
import { approvalPrompt } from "./prompt";
import { lossTargetOf, reportLoss, type OnLoss } from "./loss";

/** The options `canUseTool` receives that {@link fromClaudeToolPermission} reads (the others are not kept). */
export type ClaudeToolPermissionOptions = {
  readonly toolUseID: string;
  readonly [key: string]: unknown;
};

/** What `canUseTool` resolves to: the SDK's `PermissionResult`, as {@link toClaudePermissionResult} makes it. */
export type ClaudePermissionResult =
  | { behavior: "allow"; updatedInput: { [key: string]: unknown } }
  | { behavior: "deny"; message: string; interrupt?: boolean };

/** Options of {@link toClaudePermissionResult}. */
export interface ClaudePermissionResultOptions {
  /** Told of the answer's data a `PermissionResult` cannot carry. */
  onLoss?: OnLoss;
}

const PROVIDER = "claude-agent-sdk";
const RESULT_OPTIONS = optionKeys("toClaudePermissionResult", ["onLoss"]);
const FIX = "Pass canUseTool's three arguments as the SDK gives them: fromClaudeToolPermission(toolName, input, options).";

/**
 * The toolnexus approval {@link Request} for a Claude Agent SDK permission check: call it in `canUseTool` with
 * its three arguments, keep the request (a pending result, say), and resolve with
 * {@link toClaudePermissionResult} once a person has answered.
 *
 * The request has kind `approval`, the tool use's id as id (`options.toolUseID`; missing or empty, a
 * `ValidationError`), a one-line prompt `Approve the call to tool "<name>" with input <JSON>?` (the input's
 * compact JSON, cut at 500 characters with the rest counted; whole in `data.input`), and `data: { toolName,
 * input }`. The input is copied once, as JSON data (anything else is a `ValidationError` at `input`), and the
 * prompt and `data.input` are made from that copy: what a person approves is what is stored. The SDK's other
 * options (the abort signal, suggestions, title) are not kept.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const canUseTool: CanUseTool = async (toolName, input, options) => {
 *   const request = fromClaudeToolPermission(toolName, input, options);
 *   return toClaudePermissionResult(await askAPerson(request), request);
 * };
 * ```
 */
export function fromClaudeToolPermission(toolName: string, input: { readonly [key: string]: unknown }, options: ClaudeToolPermissionOptions): Request {
  const name: unknown = toolName; // the SDK's types say a string; a caller's bad value is refused all the same
  if (typeof name !== "string") raise(name === undefined ? "missing" : "invalid-type", "toolName", `The toolName must be a string, got ${typeName(name)}`, FIX);
  if (name === "") raise("invalid-value", "toolName", "The toolName is empty", FIX);
  const o = snapshot(options, ["toolUseID"], "options", "The options", FIX);
  const id = o.toolUseID;
  if (id === undefined) raise("missing", "options.toolUseID", "The toolUseID is missing", FIX);
  if (typeof id !== "string") raise("invalid-type", "options.toolUseID", `The toolUseID must be a string, got ${typeName(id)}`, FIX);
  if (id === "") raise("invalid-value", "options.toolUseID", "The toolUseID is empty", FIX);
  // One copy of the input, read once: the prompt a person approves shows what `data.input` stores.
  const copy = copyJsonObject(input, "input", "The input");
  return new Request({ id, kind: "approval", prompt: approvalPrompt(name, copy), data: { toolName: name, input: copy } });
}

/**
 * The `PermissionResult` that `canUseTool` resolves to, for the `Answer` to `request` (the request
 * {@link fromClaudeToolPermission} made, or its JSON). A fresh, unfrozen object.
 *
 * An accepted answer allows: `{ behavior: "allow", updatedInput }`, the answer's `data.input` (an object, else a
 * `ValidationError` there) when it has one (the person edited the call), else the request's `data.input` (a
 * request without one is a `ValidationError`: an empty input would erase the call's). A `declined` answer is
 * `{ behavior: "deny", message }`; a `cancelled` or `expired` one adds `interrupt: true` (the run stops).
 * `message` is `data.reason` when that is a string, else the reason word. Other data is reported to `onLoss`
 * (provider `"claude-agent-sdk"`, path `data.<key>`). An answer for another request is a `ValidationError`
 * (`invalid-value`, path `id`); a look-alike whose `ok` is the string `"false"` is refused, never allowed.
 *
 * Reads what you pass by the rules in docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * return toClaudePermissionResult(Answer.decline(request), request);
 * // { behavior: "deny", message: "declined" }
 * ```
 */
export function toClaudePermissionResult(answer: AnyAnswer, request: AnyRequest, options?: ClaudePermissionResultOptions): ClaudePermissionResult {
  const to = lossTargetOf(PROVIDER, readOptionsOf(RESULT_OPTIONS, options).onLoss);
  const a = toAnswer(answer, "");
  const req = toRequest(request, "");
  checkAnswerFor(a.id, req.id, "id", "Pass the answer to this request: canUseTool decides one tool use.");
  const data = a.data;
  const lose = (kept: string): void => {
    if (data === undefined || to.onLoss === undefined) return;
    for (const k of Object.keys(data)) {
      if (k === kept && (kept !== "reason" || typeof data.reason === "string")) continue;
      reportLoss(to, formatPath(["data", k]), `A Claude Agent SDK PermissionResult carries no ${quoted(k)}; it is dropped`);
    }
  };
  if (a.ok) {
    let input: unknown;
    if (data !== undefined && Object.hasOwn(data, "input")) {
      input = data.input;
      if (!isInputObject(input)) {
        raise("invalid-type", "data.input", `The edited input must be an object, got ${typeName(input)}`, "Accept with { input: { ... } } to change the call's input, or without input to allow it as asked.");
      }
    } else {
      input = req.data === undefined ? undefined : ownField(req.data, "input", "data");
      if (input === undefined) {
        raise("missing", "data.input", "Neither the answer nor the request holds the tool's input", "Pass the request fromClaudeToolPermission() made (its data.input is the call's input): an empty input would erase it.");
      }
      if (!isInputObject(input)) {
        raise("invalid-type", "data.input", `The request's input must be an object, got ${typeName(input)}`, "Pass the request fromClaudeToolPermission() made.");
      }
    }
    lose("input");
    return { behavior: "allow", updatedInput: freshJson(input) };
  }
  lose("reason");
  const given = data === undefined ? undefined : ownField(data, "reason", "data");
  const message = typeof given === "string" ? given : (a.reason ?? "declined"); // a refusal always has its reason
  return a.reason === "declined" ? { behavior: "deny", message } : { behavior: "deny", message, interrupt: true };
}

/** A tool's input as a `PermissionResult` carries it: an object that is not a list. */
function isInputObject(v: unknown): v is { [key: string]: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
