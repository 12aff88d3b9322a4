// Subclass instances as receivers and as inputs: a `class MyPart extends ContentPart {}` made through any
// static of its class must compare, write, describe and project exactly as the base class's instance with
// the same fields (docs/subclassing.md; the red-team table's `subclass` and `subclassReceiver` forms try
// the same through every entry point, with values made by `fromJSON`).
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import {
  toAgentsDecision,
  toAgentsToolOutput,
  toAiSdk,
  toAiSdkApprovalRequest,
  toAiSdkApprovalResponse,
  toAnthropic,
  toGemini,
  toLangChain,
  toLangGraphInterrupt,
  toLangGraphResume,
  toMcp,
  toMcpElicitation,
  toMcpElicitResult,
  toOpenAIChat,
  toOpenAIChatMessages,
  toOpenAIResponses,
} from "toolnexus/providers";
import { toCohere } from "toolnexus/cohere";
import { toOllama } from "toolnexus/ollama";
import { loadBytes } from "../support/fixtures";

class MyResult extends ToolResult {}
class MyPart extends ContentPart {}
class MyRequest extends Request {}
class MyAnswer extends Answer {}

const PNG = "iVBORw0KGgo=";
const png = (): Uint8Array => new Uint8Array(loadBytes("media/fixture.png"));
const unwrap = <T>(r: { success: boolean; data?: T; error?: unknown }): T => {
  if (!r.success) throw r.error;
  return r.data as T;
};

type Maker<T> = readonly [string, (C: any) => T | Promise<T>]; // eslint-disable-line @typescript-eslint/no-explicit-any

const RESULTS: readonly Maker<ToolResult<any>>[] = [
  ["new", (C) => new C({ output: "x", parts: [{ type: "image", mimeType: "image/png", data: PNG, name: "a.png" }], metadata: { a: 1 } })],
  ["ok", (C) => C.ok("x", { parts: [ContentPart.text("t"), { type: "audio", mimeType: "audio/wav", data: "UklGRgAAAABXQVZF" }] })],
  ["error", (C) => C.error("failed", { metadata: { code: 7 } })],
  ["pending", (C) => C.pending({ id: "r-1", kind: "approval", prompt: "Allow?" })],
  ["authRequired", (C) => C.authRequired("https://auth.example.com/login", "Log in first")],
  ["fromJSON", (C) => C.fromJSON({ output: "x", parts: [{ type: "file", mimeType: "application/pdf", url: "https://example.com/a.pdf" }] })],
  ["safeFromJSON", (C) => unwrap(C.safeFromJSON({ output: "x", isError: true }))],
  ["json", (C) => C.json({ a: 1, list: [1, 2] })],
  ["attempt", (C) => C.attempt(() => "x")],
  ["attempt (thrown)", (C) => C.attempt(() => { throw new Error("boom"); })],
];

const PARTS: readonly Maker<ContentPart>[] = [
  ["new", (C) => new C({ type: "image", mimeType: "image/png", data: PNG, name: "a.png" })],
  ["text", (C) => C.text("hello")],
  ["fromBytes", (C) => C.fromBytes(png(), { name: "a.png" })],
  ["fromBase64", (C) => C.fromBase64(PNG, { mimeType: "image/png" })],
  ["fromDataUrl", (C) => C.fromDataUrl(`data:image/png;base64,${PNG}`)],
  ["fromUrl", (C) => C.fromUrl("https://example.com/a.pdf")],
  ["fromJSON", (C) => C.fromJSON({ type: "audio", mimeType: "audio/wav", data: "UklGRgAAAABXQVZF" })],
  ["safeFromJSON", (C) => unwrap(C.safeFromJSON({ type: "text", text: "t" }))],
  ["image", (C) => C.image(png())],
  ["file", (C) => C.file(new Uint8Array(loadBytes("media/fixture.pdf")), { name: "a.pdf" })],
  ["audio", (C) => C.audio("https://example.com/a.wav")],
  ["from", (C) => C.from(png())],
  ["safeImage", async (C) => unwrap(await C.safeImage(png()))],
  ["safeFile", async (C) => unwrap(await C.safeFile("https://example.com/a.pdf"))],
  ["safeAudio", async (C) => unwrap(await C.safeAudio("https://example.com/a.wav"))],
  ["safeFrom", async (C) => unwrap(await C.safeFrom(png()))],
];

const REQUESTS: readonly Maker<Request>[] = [
  ["new", (C) => new C({ id: "r-1", kind: "approval", prompt: "Allow?", data: { n: 1 } })],
  ["create", (C) => C.create({ kind: "approval", prompt: "Allow?", expiresAt: "2030-01-01T00:00:00Z" })],
  ["fromJSON", (C) => C.fromJSON({ id: "r-1", kind: "approval", prompt: "Allow?", url: "https://auth.example.com/consent" })],
  ["safeFromJSON", (C) => unwrap(C.safeFromJSON({ id: "r-1", kind: "approval", prompt: "Allow?" }))],
];

const ANSWERS: readonly Maker<Answer>[] = [
  ["new", (C) => new C({ id: "r-1", ok: true, data: { n: 1 } })],
  ["accept", (C) => C.accept("r-1", { env: "staging" })],
  ["accept (a request)", (C) => C.accept(Request.fromJSON({ id: "r-1", kind: "approval", prompt: "Allow?" }))],
  ["decline", (C) => C.decline("r-1", "cancelled")],
  ["output", (C) => C.output("r-1", "staging")],
  ["fromJSON", (C) => C.fromJSON({ id: "r-1", ok: false, reason: "declined" })],
  ["safeFromJSON", (C) => unwrap(C.safeFromJSON({ id: "r-1", ok: true }))],
];

/** What every projection of a result gives, by name: a subclass's result must give the same. */
function projections(r: ToolResult<any>): Record<string, unknown> {
  return {
    toAnthropic: toAnthropic(r, { toolUseId: "tu-1" }),
    toOpenAIChat: toOpenAIChat(r, { toolCallId: "c-1", toolName: "t" }),
    toOpenAIChatMessages: toOpenAIChatMessages([{ result: r, toolCallId: "c-1", toolName: "t" }]),
    toOpenAIResponses: toOpenAIResponses(r, { callId: "c-1" }),
    toGemini: toGemini(r, { name: "t" }),
    toMcp: toMcp(r),
    toAiSdk: toAiSdk(r),
    toLangChain: toLangChain(r, { toolCallId: "c-1" }),
    toAgentsToolOutput: toAgentsToolOutput(r),
    toOllama: toOllama(r, { toolName: "t" }),
    toCohere: toCohere(r, { toolCallId: "c-1" }),
  };
}

/** The JSON text of a value: how two outcomes are compared (a LangChain message is a class instance). */
const text = (v: unknown): string => JSON.stringify(v);

describe("a ToolResult subclass made through every static", () => {
  it.each(RESULTS)("MyResult via %s: equals, toJSON, toString and every projection match the base's", async (_name, make) => {
    const sub = await make(MyResult);
    const base = ToolResult.fromJSON(JSON.parse(JSON.stringify(sub)));
    expect(Object.getPrototypeOf(sub)).toBe(MyResult.prototype);
    expect(sub.equals(sub)).toBe(true);
    expect(sub.equals(MyResult.fromJSON(sub.toJSON()))).toBe(true);
    expect(sub.equals(base)).toBe(false); // the two values compared keep the prototype test
    expect(base.equals(sub)).toBe(false);
    expect(sub.toJSON()).toEqual(base.toJSON());
    expect(String(sub)).toBe(String(base).replace(/^ToolResult\(/, "MyResult("));
    expect(text(projections(sub))).toBe(text(projections(base)));
  });
});

describe("a ContentPart subclass made through every static", () => {
  it.each(PARTS)("MyPart via %s: equals, toJSON, toString, and a result holding it, match the base's", async (_name, make) => {
    const sub = await make(MyPart);
    const base = ContentPart.fromJSON(JSON.parse(JSON.stringify(sub)));
    expect(Object.getPrototypeOf(sub)).toBe(MyPart.prototype);
    expect(sub.equals(sub)).toBe(true);
    expect(sub.equals(MyPart.fromJSON(sub.toJSON()))).toBe(true);
    expect(sub.equals(base)).toBe(false);
    expect(sub.toJSON()).toEqual(base.toJSON());
    expect(String(sub)).toBe(String(base));
    expect(sub.summary()).toBe(base.summary());
    expect(ContentPart.summary(sub)).toBe(ContentPart.summary(base));
    // Nested parts compare by their fields, and project as the base's.
    const holding = ToolResult.ok("x", { parts: [sub] });
    const holdingBase = ToolResult.ok("x", { parts: [base] });
    expect(holding.equals(holdingBase)).toBe(true);
    expect(holding.equals(ToolResult.fromJSON(JSON.parse(JSON.stringify(holding))))).toBe(true);
    expect(String(holding)).toBe(String(holdingBase));
    expect(text(projections(holding))).toBe(text(projections(holdingBase)));
  });
});

describe("a Request subclass made through every static", () => {
  it.each(REQUESTS)("MyRequest via %s: equals, toJSON and its projections match the base's", async (_name, make) => {
    const sub = await make(MyRequest);
    const base = Request.fromJSON(JSON.parse(JSON.stringify(sub)));
    expect(Object.getPrototypeOf(sub)).toBe(MyRequest.prototype);
    expect(sub.equals(sub)).toBe(true);
    expect(sub.equals(MyRequest.fromJSON(sub.toJSON()))).toBe(true);
    expect(sub.equals(base)).toBe(false);
    expect(sub.toJSON()).toEqual(base.toJSON());
    const out = (r: Request): unknown => ({
      mcp: toMcpElicitation(r),
      aiSdk: toAiSdkApprovalRequest(r, { toolCallId: "c-1" }),
      langGraph: toLangGraphInterrupt(r),
      pending: ToolResult.pending(r).toJSON(),
      pendingString: String(ToolResult.pending(r)),
    });
    expect(text(out(sub))).toBe(text(out(base)));
    expect(ToolResult.pending(sub).equals(ToolResult.pending(base))).toBe(true); // nested: by fields
  });
});

describe("an Answer subclass made through every static", () => {
  it.each(ANSWERS)("MyAnswer via %s: equals, toJSON and its projections match the base's", async (_name, make) => {
    const sub = await make(MyAnswer);
    const base = Answer.fromJSON(JSON.parse(JSON.stringify(sub)));
    expect(Object.getPrototypeOf(sub)).toBe(MyAnswer.prototype);
    expect(sub.equals(sub)).toBe(true);
    expect(sub.equals(MyAnswer.fromJSON(sub.toJSON()))).toBe(true);
    expect(sub.equals(base)).toBe(false);
    expect(sub.toJSON()).toEqual(base.toJSON());
    const request = Request.fromJSON({ id: sub.id, kind: "approval", prompt: "Allow?" });
    expect(sub.answers(request)).toBe(base.answers(request));
    const out = (a: Answer): unknown => ({
      agents: toAgentsDecision(a),
      aiSdk: toAiSdkApprovalResponse(a),
      mcp: toMcpElicitResult(a),
      langGraph: toLangGraphResume(a),
    });
    expect(text(out(sub))).toBe(text(out(base)));
  });
});
