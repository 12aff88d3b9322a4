// The laws every pause bridge keeps (README, "Suspension bridges"; fixtures/bridges/pause-laws.json), one table
// per law, every bridge a row:
// - an answer is matched to its request by id, never by position: an answer for another request, two answers
//   for one request, a request left without its answer, and two pending requests with one id are each a
//   ValidationError of code `invalid-value` at the id in the host's shape, in the same words from every bridge;
// - a url shown or sent to a person follows one link rule (https, or http to a loopback host, no credentials):
//   every bridge that shows one refuses alike, and no message prints the url;
// - a key or word a sender chose stands in a loss's reason quoted by the one rule, never as a raw line break;
// - every option object refuses an own key it does not know, naming the closest known one; a key found only
//   on the prototype chain counts as absent.
import { describe, expect, it } from "@jest/globals";
import { Answer, Request } from "toolnexus";
import {
  fromAiSdkApprovalRequest,
  fromClaudeToolPermission,
  fromLangGraphInterrupt,
  fromLangGraphResume,
  fromMcpElicitation,
  fromMcpElicitResult,
  toAiSdkApprovalRequest,
  toAiSdkApprovalResponse,
  toClaudePermissionResult,
  toLangChainHitlResponse,
  toLangGraphInterrupt,
  toLangGraphResume,
  toMcpElicitation,
  toMcpElicitResult,
  type Loss,
} from "toolnexus/providers";
import { loadJSON } from "../support/fixtures";
import { thrownValidation } from "../support/throws";

type Call = (...args: any[]) => unknown;

/** Every call a row may name, given its arguments as JSON data (requests and answers as their JSON shapes). */
const CALLS: Readonly<Record<string, Call>> = {
  fromAiSdkApprovalRequest: (...a) => (fromAiSdkApprovalRequest as Call)(...a),
  fromClaudeToolPermission: (...a) => (fromClaudeToolPermission as Call)(...a),
  fromLangGraphInterrupt: (...a) => (fromLangGraphInterrupt as Call)(...a),
  fromLangGraphResume: (...a) => (fromLangGraphResume as Call)(...a),
  fromMcpElicitation: (...a) => (fromMcpElicitation as Call)(...a),
  toAiSdkApprovalRequest: (...a) => (toAiSdkApprovalRequest as Call)(...a),
  toAiSdkApprovalResponse: (...a) => (toAiSdkApprovalResponse as Call)(...a),
  toClaudePermissionResult: (...a) => (toClaudePermissionResult as Call)(...a),
  toLangChainHitlResponse: (...a) => (toLangChainHitlResponse as Call)(...a),
  toLangGraphInterrupt: (...a) => (toLangGraphInterrupt as Call)(...a),
  toLangGraphResume: (...a) => (toLangGraphResume as Call)(...a),
  toMcpElicitation: (...a) => (toMcpElicitation as Call)(...a),
  toMcpElicitResult: (...a) => (toMcpElicitResult as Call)(...a),
};

interface Refusal {
  name: string;
  call: string;
  args: unknown[];
  code: string;
  path: string;
  message: string;
}

/** A bridge that shows a url: `args` with `"$url"` where the url goes, the url's `path` in its shape. */
interface LinkBridge {
  call: string;
  args: unknown[];
  path: string;
}

interface Fixture {
  answers: Refusal[];
  links: {
    bridges: LinkBridge[];
    sent: string[];
    refused: { url: string; code: string; problem?: string }[];
  };
  lossReasons: { name: string; call: string; args: unknown[]; losses: { path: string; reason: string }[] }[];
  options: Refusal[];
  passing: { name: string; call: string; args: unknown[] }[];
}

const fx = loadJSON<Fixture>("bridges/pause-laws.json");

function call(name: string, args: unknown[]): unknown {
  const fn = CALLS[name];
  if (fn === undefined) throw new Error(`fixtures/bridges/pause-laws.json names an unknown call: ${name}`);
  return fn(...(JSON.parse(JSON.stringify(args)) as unknown[]));
}

/** `args` with each `"$url"` string replaced by `url`, at any depth. */
function withUrl(args: unknown, url: string): unknown {
  if (args === "$url") return url;
  if (Array.isArray(args)) return args.map((a) => withUrl(a, url));
  if (typeof args === "object" && args !== null) return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, withUrl(v, url)]));
  return args;
}

describe("law 9: an answer is matched to its request by id (fixtures/bridges/pause-laws.json, answers)", () => {
  it.each(fx.answers.map((r) => [r.name, r] as const))("%s", (_name, r) => {
    const e = thrownValidation(() => call(r.call, r.args));
    expect({ code: e.code, path: e.path, message: e.message }).toEqual({ code: r.code, path: r.path, message: r.message });
  });

  it("covers every bridge that matches an answer to its request", () => {
    expect([...new Set(fx.answers.map((r) => r.call))].sort()).toEqual(["fromLangGraphResume", "toClaudePermissionResult", "toLangChainHitlResponse", "toLangGraphResume", "toMcpElicitResult"]);
  });

  it("says the same thing from every bridge: the words of an answer for another request", () => {
    const other = fx.answers.filter((r) => r.name.endsWith("for another request"));
    expect(other.length).toBeGreaterThanOrEqual(3);
    for (const r of other) expect(r.message).toMatch(/^The answer is for request "[^"]+", not for "[^"]+" at /);
  });
});

describe("law 10: one link rule for every url shown to a person (fixtures/bridges/pause-laws.json, links)", () => {
  const { bridges, sent, refused } = fx.links;

  describe.each(bridges.map((b) => [b.call, b] as const))("%s", (_name, b) => {
    it.each(sent)("sends %s", (url) => {
      expect(() => call(b.call, withUrl(b.args, url) as unknown[])).not.toThrow();
    });

    it.each(refused.map((r) => [r.url, r] as const))("refuses %s", (_url, r) => {
      const e = thrownValidation(() => call(b.call, withUrl(b.args, r.url) as unknown[]));
      expect({ code: e.code, path: e.path }).toEqual({ code: r.code, path: b.path });
      // The link rule's refusal is worded once, naming the bridge; the url rule's is the Request's own.
      if (r.problem !== undefined) expect(e.message).toBe(`${b.call}() cannot send this link to a person: ${r.problem} at ${b.path}. Send a person an https:// link without user:password@ (plain http:// only to localhost, 127.0.0.0/8 or [::1]).`);
      // Links often carry tokens: the message never shows one.
      expect(e.message).not.toContain(r.url);
      expect(e.message).not.toContain("secret");
    });
  });
});

describe("quoting: a key or word a sender chose, in a loss's reason (fixtures/bridges/pause-laws.json, lossReasons)", () => {
  it.each(fx.lossReasons.map((r) => [r.name, r] as const))("%s", (_name, r) => {
    const heard: { path: string; reason: string }[] = [];
    const onLoss = (l: Loss): void => void heard.push({ path: l.path, reason: l.reason });
    const args = (JSON.parse(JSON.stringify(r.args)) as unknown[]).map((a) => (typeof a === "object" && a !== null && (a as { onLoss?: unknown }).onLoss === "$onLoss" ? { ...a, onLoss } : a));
    CALLS[r.call]!(...args);
    expect(heard).toEqual(r.losses);
    for (const l of heard) expect(l.reason).toMatch(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/);
  });
});

describe("law 12: options refuse a key they do not know (fixtures/bridges/pause-laws.json, options)", () => {
  it.each(fx.options.map((r) => [r.name, r] as const))("%s", (_name, r) => {
    const e = thrownValidation(() => call(r.call, r.args));
    expect({ code: e.code, path: e.path, message: e.message }).toEqual({ code: r.code, path: r.path, message: r.message });
  });

  it.each(fx.passing.map((r) => [r.name, r] as const))("%s", (_name, r) => {
    expect(() => call(r.call, r.args)).not.toThrow();
  });

  it("counts a key found only on the prototype chain as absent", () => {
    const request = { id: "r-1", kind: "input", prompt: "Which environment?" };
    const inherited = Object.create({ onloss: () => undefined, toolcallid: "c" }) as object;
    expect(() => toMcpElicitation(request as never, inherited as never)).not.toThrow();
    expect(() => toAiSdkApprovalRequest(request as never, Object.assign(Object.create({ toolcallid: "c" }) as object, { toolCallId: "c" }) as never)).not.toThrow();
    expect(() => toMcpElicitResult({ id: "r-1", ok: true } as never, inherited as never)).not.toThrow();
  });
});

describe("every bridge takes any Request and Answer: a subclass whose data type is an interface (type-checked)", () => {
  interface Deploy {
    toolName: string;
    args: { env: string };
    allowedDecisions: string[];
    input: { env: string };
  }
  class DeployRequest extends Request<Deploy> {}
  interface Edit {
    args: { env: string };
  }

  it("compiles and runs with them", () => {
    const data: Deploy = { toolName: "deploy", args: { env: "prod" }, allowedDecisions: ["approve", "edit"], input: { env: "prod" } };
    const req = new DeployRequest({ id: "i-1:0", kind: "approval", prompt: "Deploy?", data });
    const answer: Answer<Edit> = Answer.accept<Edit>(req, { args: { env: "staging" } });
    expect(toLangGraphInterrupt(req)).toMatchObject({ id: "i-1:0" });
    expect(fromLangGraphResume(req, answer.toJSON()).ok).toBe(true);
    expect(toLangGraphResume(answer, [{ id: "x", value: toLangGraphInterrupt(req) }])).toEqual({ resume: answer.toJSON() });
    expect(toLangChainHitlResponse([req], [answer])).toEqual({ decisions: [{ type: "edit", editedAction: { name: "deploy", args: { env: "staging" } } }] });
    expect(toClaudePermissionResult(Answer.accept(req), req)).toEqual({ behavior: "allow", updatedInput: { env: "prod" } });
    expect(toMcpElicitation(req, { onLoss: () => undefined }).mode).toBe("form");
    expect(toMcpElicitResult(Answer.accept(req), { request: req })).toEqual({ action: "accept", content: { approved: true } });
    expect(fromMcpElicitResult(req, { action: "accept", content: { approved: true } }).ok).toBe(true);
    expect(toAiSdkApprovalRequest(req, { toolCallId: "c" }).approvalId).toBe("i-1:0");
    expect(toAiSdkApprovalResponse(answer).approved).toBe(true);
  });
});
