/**
 * OpenAI Agents SDK approvals: an interruption of a run (a tool call waiting for approval) becomes a toolnexus
 * `Request`, and the `Answer` becomes the decision a host applies with `state.approve` / `state.reject`.
 *
 * The shapes are this package's own structural types, which the Agents SDK's `RunToolApprovalItem` (and its
 * `toJSON()` form) fit. Nothing here imports the SDK.
 *
 * @module
 */
import { isObjectAt, ownField, readOwn, snapshot, type Snapshot } from "../boundary";
import { raise } from "../errors";
import { copyJson, newWalk, typeName } from "../json-data";
import { quotedValue } from "../quote";
import { toAnswer, type AnyAnswer } from "../answer";
import type { JsonObject } from "../json-type";
import { Request } from "../request";
import { approvalPrompt } from "./prompt";

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

const isNonEmptyString = (v: unknown): v is string => typeof v === "string" && v !== "";

const ITEM_FIELDS = ["type", "rawItem", "toolName"] as const;
const RAW_FIELDS = ["type", "callId", "id", "name", "arguments", "action", "actions", "operation", "providerData"] as const;
const PROVIDER_DATA_FIELDS = ["id", "type", "itemId"] as const;

/** The raw tool call, read once: its own fields, and the three of `providerData` an id may come from. */
type RawCall = Snapshot<(typeof RAW_FIELDS)[number]> & { readonly pd: Snapshot<(typeof PROVIDER_DATA_FIELDS)[number]> | undefined };

function readRaw(raw: unknown): RawCall {
  const r = snapshot(raw, RAW_FIELDS, "rawItem", "rawItem", "Pass an item of result.interruptions, or its toJSON() form.");
  // providerData is the SDK's own bag: only an object is looked into, and only for these three fields.
  const v = r.providerData;
  const pd = isObjectAt(v, "rawItem.providerData") ? readOwn(v, PROVIDER_DATA_FIELDS, "rawItem.providerData") : undefined;
  return { ...r, pd };
}

/** The id the Agents SDK tracks an approval by: a hosted MCP request id, else the call id, else the item id. */
function callIdOf(raw: RawCall): string | undefined {
  const pd = raw.pd;
  if (raw.type === "hosted_tool_call" && pd && isNonEmptyString(pd.id) && (pd.type === "mcp_approval_request" || pd.type === undefined)) return pd.id;
  if (isNonEmptyString(raw.callId)) return raw.callId;
  if (isNonEmptyString(raw.id)) return raw.id;
  if (pd && isNonEmptyString(pd.id)) return pd.id;
  if (pd && isNonEmptyString(pd.itemId)) return pd.itemId;
  return undefined;
}

/**
 * The call's arguments as text, from the snapshot: a function call's own JSON string, else the JSON text of
 * its action, copied once as JSON data (so the text stored and the text shown are one).
 */
function argumentsOf(raw: RawCall): string | undefined {
  const args = raw.arguments;
  if (args !== undefined) {
    if (typeof args !== "string") raise("invalid-type", "rawItem.arguments", `The arguments must be a JSON string, got ${typeName(args)}`, "Pass the item as the Agents SDK wrote it.");
    return args;
  }
  for (const key of ["action", "actions", "operation"] as const) {
    const v = raw[key];
    if (v !== undefined) return JSON.stringify(copyJson(v, newWalk(`rawItem.${key}`), 0));
  }
  return undefined;
}

/**
 * The toolnexus {@link Request} for an interruption of an OpenAI Agents run: a `RunToolApprovalItem` from
 * `result.interruptions` (or `state.getInterruptions()`), or its `toJSON()` form.
 *
 * The request has kind `approval`, the call id as id (the id the SDK tracks approvals by), the prompt every
 * approval bridge makes, `Approve the call to tool "<name>" with input <arguments>?` (the arguments' JSON text
 * as sent, on one line, cut at 500 characters with the rest counted), and `data: { toolName, arguments }`, `arguments` being the call's JSON
 * arguments as the SDK holds them (a string; for a shell, computer or patch call, the JSON text of its
 * action). The request is plain data: persist it, answer it in another process, and find the item again by
 * `fromAgentsInterruption(item).id === answer.id` in the restored state.
 *
 * The item is read once, by its own properties (a polluted `Object.prototype` adds nothing); a getter or a
 * Proxy that throws, or a revoked Proxy, is a `ValidationError` at its path.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * const result = await run(agent, "Deploy to production");
 * const requests = result.interruptions.map((item) => fromAgentsInterruption(item));
 * await store.save(result.state.toString(), requests);
 * ```
 */
export function fromAgentsInterruption(item: AgentsInterruption): Request {
  const it = snapshot(item, ITEM_FIELDS, "", "An interruption", "Pass an item of result.interruptions.");
  if (it.type !== undefined && it.type !== "tool_approval_item") {
    raise("invalid-value", "type", `Expected a tool approval item, got type ${quotedValue(it.type)}`, "Pass an item of result.interruptions (type \"tool_approval_item\").");
  }
  if (it.rawItem === undefined) raise("missing", "rawItem", "The interruption has no rawItem", "Pass an item of result.interruptions, or its toJSON() form.");
  const raw = readRaw(it.rawItem);
  const id = callIdOf(raw);
  if (id === undefined) raise("missing", "rawItem.callId", "The tool call has no call id", "Pass the item as the Agents SDK wrote it: its rawItem carries a callId.");
  if (it.toolName !== undefined && typeof it.toolName !== "string") raise("invalid-type", "toolName", `toolName must be a string, got ${typeName(it.toolName)}`, "Pass the item as the Agents SDK wrote it.");
  const toolName = isNonEmptyString(it.toolName) ? it.toolName : isNonEmptyString(raw.name) ? raw.name : isNonEmptyString(raw.type) ? raw.type : "tool";
  const args = argumentsOf(raw);
  const data: JsonObject = args === undefined ? { toolName } : { toolName, arguments: args };
  // The arguments are JSON text already: the one approval prompt shows them as sent.
  return new Request({ id, kind: "approval", prompt: approvalPrompt(toolName, args), data });
}

/**
 * The decision for an OpenAI Agents approval from a toolnexus `Answer`: `{ approve: true }` for an
 * accepted answer, `{ approve: false, message? }` for a refusal, `message` being `data.reason` when it is a
 * string (the text the model then reads in place of the tool's output; without it the SDK writes its own).
 *
 * Apply it to the interruption whose {@link fromAgentsInterruption} id is the answer's id, then run again
 * with the same state.
 *
 * See docs/trust.md, "Reading what callers pass".
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
export function toAgentsDecision(answer: AnyAnswer): AgentsDecision {
  // Only a genuine Answer is trusted; anything else (a look-alike with Answer's prototype whose ok is the
  // string "false", another copy's answer, a Proxy) is read by its fields and checked: never approved unchecked.
  const a = toAnswer(answer, "");
  if (a.ok) return { approve: true };
  const message = a.data === undefined ? undefined : ownField(a.data, "reason", "data"); // never Object.prototype's
  return typeof message === "string" ? { approve: false, message } : { approve: false };
}
