/**
 * OpenAI Agents SDK approvals: an interruption of a run (a tool call waiting for approval) becomes a toolnexus
 * `Request`, and the `Answer` becomes the decision a host applies with `state.approve` / `state.reject`.
 *
 * The shapes are this package's own structural types, which the Agents SDK's `RunToolApprovalItem` (and its
 * `toJSON()` form) fit. Nothing here imports the SDK.
 *
 * @module
 */
import { raise } from "../errors";
import { typeName } from "../json-data";
import { Answer, Request, type JsonObject } from "../suspension";
import { previewJson } from "./ai-sdk-approvals";

/** The raw tool call an Agents approval item holds (a function call, a hosted tool call, a shell call, ...). */
export type AgentsRawToolCall = {
  readonly type?: string | undefined;
  readonly callId?: string | null | undefined;
  readonly id?: string | null | undefined;
  readonly name?: string | null | undefined;
  /** A function call's JSON arguments (a string); other calls may hold other values here. */
  readonly arguments?: unknown;
  readonly action?: unknown;
  readonly actions?: unknown;
  readonly operation?: unknown;
  readonly providerData?: { readonly [key: string]: unknown } | undefined;
};

/** What {@link fromAgentsInterruption} reads: a `RunToolApprovalItem` from `result.interruptions`, or its JSON. */
export type AgentsInterruption = {
  readonly type?: string | undefined;
  /** Absent only in a malformed item (a `ValidationError`); the SDK's `toJSON()` types it as optional. */
  readonly rawItem: AgentsRawToolCall | undefined;
  readonly toolName?: string | undefined;
};

/** What a host passes to `state.approve` (when `approve` is true) or `state.reject(item, { message })`. */
export type AgentsDecision = { approve: true } | { approve: false; message?: string };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const nonEmpty = (v: unknown): v is string => typeof v === "string" && v !== "";

/** The id the Agents SDK tracks an approval by: a hosted MCP request id, else the call id, else the item id. */
function callIdOf(raw: Record<string, unknown>): string | undefined {
  const pd = isPlainObject(raw.providerData) ? raw.providerData : undefined;
  if (raw.type === "hosted_tool_call" && pd && nonEmpty(pd.id) && (pd.type === "mcp_approval_request" || pd.type === undefined)) return pd.id;
  if (nonEmpty(raw.callId)) return raw.callId;
  if (nonEmpty(raw.id)) return raw.id;
  if (pd && nonEmpty(pd.id)) return pd.id;
  if (pd && nonEmpty(pd.itemId)) return pd.itemId;
  return undefined;
}

/** The call's arguments as text: a function call's own JSON string, else the JSON text of its action. */
function argumentsOf(raw: Record<string, unknown>): string | undefined {
  if (raw.arguments !== undefined) {
    if (typeof raw.arguments !== "string") raise("invalid-type", "rawItem.arguments", `The arguments must be a JSON string, got ${typeName(raw.arguments)}`, "Pass the item as the Agents SDK wrote it.");
    return raw.arguments;
  }
  for (const key of ["action", "actions", "operation"] as const) {
    if (raw[key] !== undefined) {
      try {
        return JSON.stringify(raw[key]);
      } catch (e) {
        raise("not-json", `rawItem.${key}`, `The ${key} of the call has no JSON text (${e instanceof Error ? e.message : String(e)})`, "Pass the item as the Agents SDK wrote it.");
      }
    }
  }
  return undefined;
}

/**
 * The toolnexus {@link Request} for an interruption of an OpenAI Agents run: a `RunToolApprovalItem` from
 * `result.interruptions` (or `state.getInterruptions()`), or its `toJSON()` form.
 *
 * The request has kind `approval`, the call id as id (the id the SDK tracks approvals by), a prompt naming
 * the tool and its arguments, and `data: { toolName, arguments }`, `arguments` being the call's JSON
 * arguments as the SDK holds them (a string; for a shell, computer or patch call, the JSON text of its
 * action). The request is plain data: persist it, answer it in another process, and find the item again by
 * `fromAgentsInterruption(item).id === answer.id` in the restored state.
 *
 * @example
 * ```ts
 * const result = await run(agent, "Deploy to production");
 * const requests = result.interruptions.map((item) => fromAgentsInterruption(item));
 * await store.save(result.state.toString(), requests);
 * ```
 */
export function fromAgentsInterruption(item: AgentsInterruption): Request {
  if (!isPlainObject(item)) raise("invalid-type", "", `An interruption must be an object, got ${typeName(item)}`, "Pass an item of result.interruptions.");
  const it = item as unknown as Record<string, unknown>;
  if (it.type !== undefined && it.type !== "tool_approval_item") {
    raise("invalid-value", "type", `Expected a tool approval item, got type ${typeof it.type === "string" ? JSON.stringify(it.type) : typeName(it.type)}`, "Pass an item of result.interruptions (type \"tool_approval_item\").");
  }
  const raw = it.rawItem;
  if (raw === undefined) raise("missing", "rawItem", "The interruption has no rawItem", "Pass an item of result.interruptions, or its toJSON() form.");
  if (!isPlainObject(raw)) raise("invalid-type", "rawItem", `rawItem must be an object, got ${typeName(raw)}`, "Pass an item of result.interruptions, or its toJSON() form.");
  const id = callIdOf(raw);
  if (id === undefined) raise("missing", "rawItem.callId", "The tool call has no call id", "Pass the item as the Agents SDK wrote it: its rawItem carries a callId.");
  if (it.toolName !== undefined && typeof it.toolName !== "string") raise("invalid-type", "toolName", `toolName must be a string, got ${typeName(it.toolName)}`, "Pass the item as the Agents SDK wrote it.");
  const toolName = nonEmpty(it.toolName) ? it.toolName : nonEmpty(raw.name) ? raw.name : nonEmpty(raw.type) ? raw.type : "tool";
  const args = argumentsOf(raw);
  const preview = args === undefined ? undefined : previewJson(args);
  const prompt = `Approve the call to tool ${JSON.stringify(toolName)}${preview === undefined ? "" : ` with arguments ${preview}`}?`;
  const data: JsonObject = args === undefined ? { toolName } : { toolName, arguments: args };
  return new Request({ id, kind: "approval", prompt, data });
}

/**
 * The decision for an OpenAI Agents approval from a toolnexus {@link Answer}: `{ approve: true }` for an
 * accepted answer, `{ approve: false, message? }` for a refusal, `message` being `data.reason` when it is a
 * string (the text the model then reads in place of the tool's output; without it the SDK writes its own).
 *
 * Apply it to the interruption whose {@link fromAgentsInterruption} id is the answer's id, then run again
 * with the same state.
 *
 * @example
 * ```ts
 * const state = await RunState.fromString(agent, saved);
 * const item = state.getInterruptions().find((i) => fromAgentsInterruption(i).id === answer.id)!;
 * const decision = toAgentsDecision(answer);
 * if (decision.approve) state.approve(item);
 * else state.reject(item, { message: decision.message });
 * const result = await run(agent, state);
 * ```
 */
export function toAgentsDecision(answer: Answer<any>): AgentsDecision {
  const a = answer instanceof Answer ? answer : Answer.fromJSON(answer);
  if (a.ok) return { approve: true };
  const message = a.data?.reason;
  return typeof message === "string" ? { approve: false, message } : { approve: false };
}
