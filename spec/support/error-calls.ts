// The calls of fixtures/errors/messages.json: each entry names one of these and gives its arguments as
// data. Values JSON cannot spell are written in the construct vocabulary of spec/hostile/constructs.ts
// (`{ "$construct": "typedArray", ... }`), and the platform objects it lacks as `{ "$platform": "blob" }`
// or `{ "$platform": "file", "name": "chart.png" }`, `{ "$platform": "url", "href": "..." }` (a URL object),
// `{ "$platform": "proxyOfUrl", "href": "..." }`, `{ "$platform": "streamLookalike" }` (an object with a
// getReader of its own) and `{ "$platform": "shrunkView" }` (a DataView past the end of its shrunk buffer).
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { fromA2a, fromA2aAnswer, fromAgUiInterrupt, fromAgUiResume, fromClaudeToolPermission, fromLangGraphResume, toA2aEvents, toAgUiInterrupt, toAgUiResume, toAgUiToolCallResult, toAnthropic, toClaudePermissionResult, toLangChainHitlResponse, toMistral } from "toolnexus/providers";
import { fromBedrock, toBedrock } from "toolnexus/bedrock";
import { toCohere } from "toolnexus/cohere";
import { toOllama } from "toolnexus/ollama";
import { payloadConverter } from "toolnexus/temporal";
import { build, shrunkView } from "../hostile/constructs";

type Call = (...args: any[]) => unknown;

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const audio = (): ContentPart => ContentPart.fromBytes(new Uint8Array([1, 2, 3]), { mimeType: "audio/wav", verifyMime: false });

/** Every call an entry may name: a constructor, a static, or a method on a small value made here. */
export const CALLS: Readonly<Record<string, Call>> = {
  "new ToolResult": (init) => new ToolResult(init),
  "ToolResult.ok": (...a) => (ToolResult.ok as Call)(...a),
  "ToolResult.error": (...a) => (ToolResult.error as Call)(...a),
  "ToolResult.json": (...a) => (ToolResult.json as Call)(...a),
  "ToolResult.fromJSON": (v) => ToolResult.fromJSON(v),
  "ToolResult.pending": (...a) => (ToolResult.pending as Call)(...a),
  "ToolResult.authRequired": (...a) => (ToolResult.authRequired as Call)(...a),
  "ToolResult.attempt": (...a) => (ToolResult.attempt as Call)(...a),
  "result.withParts": (parts) => ToolResult.ok("x").withParts(parts),
  "result.truncate": (limits) => ToolResult.ok("x").truncate(limits),
  "Request.fromJSON": (v) => Request.fromJSON(v),
  "Request.create": (init) => Request.create(init),
  "Answer.fromJSON": (v) => Answer.fromJSON(v),
  "Answer.accept": (...a) => (Answer.accept as Call)(...a),
  "Answer.decline": (...a) => (Answer.decline as Call)(...a),
  "answer.answers": (request) => Answer.accept("r1").answers(request),
  "ContentPart.text": (t) => ContentPart.text(t),
  "ContentPart.fromBytes": (...a) => (ContentPart.fromBytes as Call)(...a),
  "ContentPart.fromBase64": (...a) => (ContentPart.fromBase64 as Call)(...a),
  "ContentPart.fromUrl": (...a) => (ContentPart.fromUrl as Call)(...a),
  "ContentPart.fromDataUrl": (...a) => (ContentPart.fromDataUrl as Call)(...a),
  "ContentPart.fromJSON": (v) => ContentPart.fromJSON(v),
  "ContentPart.from": (...a) => (ContentPart.from as Call)(...a),
  "ContentPart.image": (...a) => (ContentPart.image as Call)(...a),
  "ContentPart.file": (...a) => (ContentPart.file as Call)(...a),
  "part.withName": (name) => ContentPart.fromBytes(png, { mimeType: "image/png" }).withName(name),
  // A receiver this copy did not make: an object given ContentPart.prototype and the fields `fields`.
  "lookalike.withName": (fields, name) => Reflect.apply(ContentPart.prototype.withName, Object.assign(Object.create(ContentPart.prototype) as object, fields), [name]),
  // One async generator read by two factories at once: the second read is refused.
  "ContentPart.from twice at once": async (options) => {
    const chunks = (async function* () {
      yield png;
    })();
    const [first, second] = await Promise.allSettled([ContentPart.from(chunks, options), ContentPart.from(chunks, options)]);
    if (first.status === "rejected") throw first.reason;
    if (second.status === "rejected") throw second.reason;
  },
  // A subclass whose getter hides the field `output`: every creation path refuses it by name.
  "ok on a subclass whose getter hides output": (output) => {
    class Shouting extends ToolResult {
      // @ts-expect-error: the member clashes with the field on purpose
      get output(): string {
        return "LOUD";
      }
    }
    return (Shouting.ok as Call)(output);
  },
  // A static copied onto a plain object, or called on a function that is no subclass: the receiver is refused.
  "ToolResult.ok called on a plain object": (...a) => Reflect.apply(ToolResult.ok, {}, a),
  "ContentPart.fromJSON called on a function that is not a subclass": (...a) => Reflect.apply(ContentPart.fromJSON, function notASubclass() {}, a),
  "Answer.accept called on a class of its own": (...a) => Reflect.apply(Answer.accept, class Other {}, a),
  // An instance method called on a look-alike (Object.create(X.prototype) with these own fields): read and checked first.
  "a ToolResult method on a look-alike": (method: string, fields: object, ...a) => Reflect.apply(ToolResult.prototype[method as "toJSON"], Object.assign(Object.create(ToolResult.prototype), fields), a),
  "a Request method on a look-alike": (method: string, fields: object, ...a) => Reflect.apply(Request.prototype[method as "toJSON"], Object.assign(Object.create(Request.prototype), fields), a),
  "a ToolResult method called on a number": (method: string, ...a) => Reflect.apply(ToolResult.prototype[method as "toJSON"], 5, a),
  "toAnthropic of a result with an audio part": (options) => toAnthropic(ToolResult.ok("x", { parts: [audio()] }), options),
  "toBedrock of a result": (options) => toBedrock(ToolResult.ok("x"), options as never),
  "toOllama of a result with an image by url": (options) => toOllama(ToolResult.ok("x", { parts: [ContentPart.fromUrl("https://example.com/chart.png")] }), options),
  "toCohere of a result": (options) => toCohere(ToolResult.ok("x"), options),
  "toCohere of a result with an audio part": (options) => toCohere(ToolResult.ok("x", { parts: [audio()] }), options),
  toAgUiToolCallResult: (...a) => (toAgUiToolCallResult as Call)(...a),
  toMistral: (...a) => (toMistral as Call)(...a),
  fromBedrock: (...a) => (fromBedrock as Call)(...a),
  toAgUiInterrupt: (...a) => (toAgUiInterrupt as Call)(...a),
  fromAgUiInterrupt: (...a) => (fromAgUiInterrupt as Call)(...a),
  toAgUiResume: (...a) => (toAgUiResume as Call)(...a),
  fromAgUiResume: (...a) => (fromAgUiResume as Call)(...a),
  fromClaudeToolPermission: (...a) => (fromClaudeToolPermission as Call)(...a),
  toClaudePermissionResult: (...a) => (toClaudePermissionResult as Call)(...a),
  "toA2aEvents of a result": (options) => toA2aEvents(ToolResult.ok("x"), options),
  "toA2aEvents of an authorization with an http: link": (options) =>
    toA2aEvents(ToolResult.pending({ kind: "authorization", prompt: "Sign in", url: "http://example.com/login" }), options),
  fromA2a: (...a) => (fromA2a as Call)(...a),
  "fromA2aAnswer for the approval request r-1": (message) => fromA2aAnswer(Request.fromJSON({ id: "r-1", kind: "approval", prompt: "Deploy?" }), message),
  "fromLangGraphResume for the approval request r-1": (value) => fromLangGraphResume(Request.fromJSON({ id: "r-1", kind: "approval", prompt: "Deploy?" }), value),
  // The human-in-the-loop middleware's one action: deploy, which may be approved or edited.
  "toLangChainHitlResponse for the deploy action, with the answer's data": (data) => {
    const request = Request.fromJSON({ id: "i-1:0", kind: "approval", prompt: "Deploy?", data: { toolName: "deploy", args: { env: "prod" }, allowedDecisions: ["approve", "edit"] } });
    return toLangChainHitlResponse([request], [Answer.accept(request, data as never)]);
  },
  // A Temporal payload whose data is the bytes spelled in hex ("22ff22").
  "payloadConverter.fromPayload of bytes in hex": (hex: string) => payloadConverter.fromPayload({ metadata: { encoding: new TextEncoder().encode("json/plain") }, data: Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16)) }),
  // A Temporal json/plain payload whose data is the UTF-8 text given, or the JSON text of the value given.
  "payloadConverter.fromPayload of text": (text: string) => payloadConverter.fromPayload({ metadata: { encoding: new TextEncoder().encode("json/plain") }, data: new TextEncoder().encode(text) }),
  "payloadConverter.fromPayload of the JSON of": (value: unknown) => payloadConverter.fromPayload({ metadata: { encoding: new TextEncoder().encode("json/plain") }, data: new TextEncoder().encode(JSON.stringify(value)) }),
  // A Temporal payload of the encoding given, whose data is the (built) value given.
  "payloadConverter.fromPayload with the encoding": (encoding: string, data: unknown) => payloadConverter.fromPayload({ metadata: { encoding: new TextEncoder().encode(encoding) }, data: data as Uint8Array }),
  // A value that shares one object twice per level, `depth` levels deep: { a: v, b: v } over { x: 1 }.
  "payloadConverter.toPayload of a DAG of depth": (depth: number) => {
    let v: object = { x: 1 };
    for (let i = 0; i < depth; i++) v = { a: v, b: v };
    return payloadConverter.toPayload(v);
  },
};

/** Replaces each `{ "$platform": ... }` in the built value, in place (so cycles built by `ref` stay). */
function platform(value: unknown, seen = new Set<object>()): unknown {
  if (typeof value !== "object" || value === null || seen.has(value)) return value;
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype) return value;
  const o = value as Record<string, unknown>;
  if (o.$platform === "blob") return new Blob([png], { type: "image/png" });
  if (o.$platform === "file") return new File([png], String(o.name), { type: "image/png" });
  if (o.$platform === "url") return new URL(String(o.href));
  if (o.$platform === "proxyOfUrl") return new Proxy(new URL(String(o.href)), {});
  // A DataView of bytes 4..8 of a resizable ArrayBuffer of 8 that then shrank to 2: its range is gone.
  if (o.$platform === "shrunkView") return shrunkView(new Uint8Array(8));
  // An object whose own getReader hands out a reader of a PNG: a stream by its shape only.
  if (o.$platform === "streamLookalike") {
    return {
      getReader: () => {
        let done = false;
        return { read: async () => (done ? { done: true } : ((done = true), { done: false, value: png })), cancel: async () => undefined, releaseLock: () => undefined };
      },
    };
  }
  for (const k of Object.keys(o)) {
    const d = Object.getOwnPropertyDescriptor(o, k);
    if (d && "value" in d) o[k] = platform(d.value, seen);
  }
  return value;
}

/** The arguments of an entry, as real values. */
export function argumentsOf(args: unknown[]): unknown[] {
  return platform(build(args).value) as unknown[];
}

/** Runs an entry's call and returns what it threw (awaiting a Promise); fails when nothing was thrown. */
export async function thrownByCall(call: string, args: unknown[]): Promise<unknown> {
  const fn = CALLS[call];
  if (fn === undefined) throw new Error(`fixtures/errors/messages.json names an unknown call: ${call}`);
  try {
    await fn(...argumentsOf(args));
  } catch (e) {
    return e;
  }
  throw new Error(`${call} threw nothing`);
}
