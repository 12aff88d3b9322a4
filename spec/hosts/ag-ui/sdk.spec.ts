// AG-UI, checked by AG-UI itself (docs/hosts/ag-ui.md): every object the functions return parses with
// `@ag-ui/core`'s own zod schemas with no key they do not know (the schemas are loose: a key they do not
// know would be stripped by the client), and a real `@ag-ui/client` run pauses on an interrupt, resumes with
// the answer, and finishes with the tool's result, its image byte for byte. The mappings are data, in
// fixtures/hosts/ag-ui.json.
import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { AbstractAgent, EventType, type BaseEvent, type Interrupt, type ResumeEntry, type RunAgentInput } from "@ag-ui/client";
import { InterruptSchema, ResumeEntrySchema, RunFinishedEventSchema, ToolCallResultEventSchema } from "@ag-ui/core/schemas";
import { Observable } from "rxjs";
import { Answer, ContentPart, Request, ToolResult, ValidationError, type AnswerJSON, type RequestJSON } from "toolnexus";
import {
  fromAgUiInterrupt,
  fromAgUiResume,
  toAgUiInterrupt,
  toAgUiResume,
  toAgUiToolCallResult,
  type AgUiInterruptInput,
  type AgUiResumeEntryInput,
} from "toolnexus/providers";
import { argumentsOf } from "../../support/error-calls";
import { loadBytes, loadJSON } from "../../support/fixtures";
import { collectLosses, thrownValidation } from "../../support/throws";

interface Fixture {
  interrupts: { name: string; request: RequestJSON; options?: { toolCallId?: string }; interrupt: Record<string, unknown> }[];
  foreignInterrupts: { name: string; interrupt: Record<string, unknown>; request: RequestJSON }[];
  resumes: { name: string; answer: AnswerJSON; entry: Record<string, unknown>; losses: string[]; readBack?: AnswerJSON }[];
  readResumes: { name: string; request?: RequestJSON; entry: Record<string, unknown>; answer: AnswerJSON }[];
  refusals: { name: string; call: string; args: unknown[]; code: string; path: string }[];
}

const fx = loadJSON<Fixture>("hosts/ag-ui.json");
const request = Request.fromJSON(loadJSON<Fixture & { request: RequestJSON }>("hosts/ag-ui.json").request);

// ---------------------------------------------------------------------------------------------------------
// The schemas, strictly: parsed equals ours, and no key of ours is one the schema does not name.

type Def = { type: string; shape?: Record<string, Schema>; options?: readonly Schema[]; element?: Schema; innerType?: Schema; in?: Schema };
type Schema = { _zod: { def: Def }; safeParse(v: unknown): { success: boolean } };
/** A zod 4 schema of `@ag-ui/core`, seen through the few members the walk below reads. */
const zod = (s: unknown): Schema & { parse(v: unknown): unknown } => s as Schema & { parse(v: unknown): unknown };

/** The paths of keys in `value` that `schema` (a zod 4 schema) does not name; objects the schema leaves open are not entered. */
function unknownKeys(schema: Schema, value: unknown, path = ""): string[] {
  const def = schema._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
      return value === undefined ? [] : unknownKeys(def.innerType!, value, path);
    case "pipe":
      return unknownKeys(def.in!, value, path);
    case "union": {
      const option = def.options!.find((o) => o.safeParse(value).success);
      return option === undefined ? [`${path} (no option)`] : unknownKeys(option, value, path);
    }
    case "array":
      return Array.isArray(value) ? value.flatMap((v, i) => unknownKeys(def.element!, v, `${path}[${i}]`)) : [];
    case "object": {
      const out: string[] = [];
      for (const [k, v] of Object.entries(value as object)) {
        const sub = def.shape![k];
        if (sub === undefined) out.push(`${path}.${k}`);
        else out.push(...unknownKeys(sub, v, `${path}.${k}`));
      }
      return out;
    }
    default:
      return [];
  }
}

/** Parses `value` with `schema`, expects the parsed value to equal it and no key of it to be unknown to the schema. */
function strictly(s: unknown, value: unknown): void {
  const schema = zod(s);
  expect(schema.parse(value)).toEqual(value);
  expect(unknownKeys(schema, value)).toEqual([]);
}

/** The TOOL_CALL_RESULT event as a TypeScript host sends it: spread, with AG-UI's enum member as its type. */
const asEvent = (e: ReturnType<typeof toAgUiToolCallResult>) => ({ ...e, type: EventType.TOOL_CALL_RESULT });

const png = loadBytes("media/fixture.png");
const image = ContentPart.fromBytes(png, { mimeType: "image/png", name: "chart.png" });

describe("toAgUiToolCallResult", () => {
  it("gives the output string when there are no parts, even for an error (AG-UI has no error flag)", () => {
    const ok = toAgUiToolCallResult(ToolResult.ok("3 files"), { messageId: "m-1", toolCallId: "c-1" });
    expect(ok).toEqual({ type: "TOOL_CALL_RESULT", messageId: "m-1", toolCallId: "c-1", content: "3 files" });
    strictly(ToolCallResultEventSchema, asEvent(ok));
    const failed = toAgUiToolCallResult(ToolResult.error("no such file"), { messageId: "m-1", toolCallId: "c-1" });
    expect(failed.content).toBe("no such file");
  });

  it("gives content parts, every kind parsed by AG-UI's schema with nothing unknown", () => {
    const result = ToolResult.ok("see attached", {
      parts: [
        image,
        ContentPart.text("a caption"),
        ContentPart.fromBase64("JVBERi0xLjQK", { mimeType: "application/pdf", name: "report.pdf" }),
        ContentPart.fromUrl("https://example.com/clip.mp4", { mimeType: "video/mp4" }),
        ContentPart.fromBase64("UklGRiQAAABXQVZFZm10IA==", { mimeType: "audio/wav", verifyMime: false }),
        ContentPart.fromUrl("https://example.com/a.webp"),
      ],
      metadata: { secret: "never sent" },
    });
    const event = toAgUiToolCallResult(result, { messageId: "m-1", toolCallId: "c-1" });
    expect(event.content).toEqual([
      { type: "text", text: "see attached" },
      { type: "image", source: { type: "data", value: image.data, mimeType: "image/png" }, metadata: { filename: "chart.png" } },
      { type: "text", text: "a caption" },
      { type: "document", source: { type: "data", value: "JVBERi0xLjQK", mimeType: "application/pdf" }, metadata: { filename: "report.pdf" } },
      { type: "video", source: { type: "url", value: "https://example.com/clip.mp4", mimeType: "video/mp4" } },
      { type: "audio", source: { type: "data", value: "UklGRiQAAABXQVZFZm10IA==", mimeType: "audio/wav" } },
      { type: "image", source: { type: "url", value: "https://example.com/a.webp", mimeType: "image/webp" } },
    ]);
    strictly(ToolCallResultEventSchema, asEvent(event));
    expect(JSON.stringify(event)).not.toContain("never sent");
  });

  it("leaves out the text part of an empty output, and answers with \"\" when nothing is left", () => {
    const event = toAgUiToolCallResult(ToolResult.ok("", { parts: [image] }), { messageId: "m-1", toolCallId: "c-1" });
    expect((event.content as unknown[])[0]).toMatchObject({ type: "image" });
    const { losses, onLoss } = collectLosses();
    const empty = toAgUiToolCallResult(ToolResult.ok("", { parts: [image] }), { messageId: "m-1", toolCallId: "c-1", maxBytes: 10, unsupported: "omit", onLoss });
    expect(empty.content).toBe("");
    expect(losses.map((l) => [l.provider, l.path])).toEqual([["ag-ui", "parts[0]"]]);
    expect(Object.isFrozen(losses[0])).toBe(true);
  });

  it("handles a part over maxBytes by the usual policy, the placeholder as a text part", () => {
    const { losses, onLoss } = collectLosses();
    const event = toAgUiToolCallResult(ToolResult.ok("chart", { parts: [image] }), { messageId: "m-1", toolCallId: "c-1", maxBytes: 10, onLoss });
    expect(losses[0]!.placeholder).toMatch(/^\[unsupported image part \(image\/png, \d+ bytes/);
    expect(event.content).toEqual([
      { type: "text", text: "chart" },
      { type: "text", text: losses[0]!.placeholder },
    ]);
    expect(losses[0]).toMatchObject({ provider: "ag-ui", path: "parts[0]", part: image });
    const e = thrownValidation(() => toAgUiToolCallResult(ToolResult.ok("chart", { parts: [image] }), { messageId: "m-1", toolCallId: "c-1", maxBytes: 10, unsupported: "error" }));
    expect([e.name, e.code, e.path]).toEqual(["ContentPartError", "unsupported", "parts[0]"]);
  });

  it("returns a fresh, unfrozen event", () => {
    const a = toAgUiToolCallResult(ToolResult.ok("x", { parts: [image] }), { messageId: "m-1", toolCallId: "c-1" });
    const b = toAgUiToolCallResult(ToolResult.ok("x", { parts: [image] }), { messageId: "m-1", toolCallId: "c-1" });
    expect(a).not.toBe(b);
    expect(Object.isFrozen(a) || Object.isFrozen(a.content) || Object.isFrozen((a.content as object[])[1])).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The mappings, as data

describe("toAgUiInterrupt and fromAgUiInterrupt (fixtures/hosts/ag-ui.json)", () => {
  it.each(fx.interrupts.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const req = Request.fromJSON(c.request);
    const interrupt = toAgUiInterrupt(req, c.options);
    expect(interrupt).toEqual(c.interrupt);
    strictly(InterruptSchema, interrupt);
    expect(Object.isFrozen(interrupt) || Object.isFrozen(interrupt.metadata)).toBe(false);
    // Back, as is, after JSON, and from the request's JSON shape.
    expect(fromAgUiInterrupt(interrupt).equals(req)).toBe(true);
    expect(fromAgUiInterrupt(JSON.parse(JSON.stringify(interrupt)) as AgUiInterruptInput).equals(req)).toBe(true);
    expect(toAgUiInterrupt(c.request as unknown as Request, c.options)).toEqual(c.interrupt);
  });

  it.each(fx.foreignInterrupts.map((c) => [c.name, c] as const))("another agent's interrupt: %s", (_name, c) => {
    expect(InterruptSchema.safeParse(c.interrupt).success).toBe(true);
    expect(fromAgUiInterrupt(c.interrupt as AgUiInterruptInput).toJSON()).toEqual(c.request);
  });
});

describe("toAgUiResume and fromAgUiResume (fixtures/hosts/ag-ui.json)", () => {
  it.each(fx.resumes.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { losses, onLoss } = collectLosses();
    const answer = Answer.fromJSON(c.answer);
    const entry = toAgUiResume(answer, { onLoss });
    expect(entry).toEqual(c.entry);
    strictly(ResumeEntrySchema, entry);
    expect(losses.map((l) => l.path)).toEqual(c.losses);
    expect(losses.every((l) => l.provider === "ag-ui" && Object.isFrozen(l))).toBe(true);
    expect(toAgUiResume(c.answer as unknown as Answer)).toEqual(c.entry); // its JSON shape too
    const back = fromAgUiResume(JSON.parse(JSON.stringify(entry)) as AgUiResumeEntryInput, request);
    expect(back.equals(Answer.fromJSON(c.readBack ?? c.answer))).toBe(true);
  });

  it.each(fx.readResumes.map((c) => [c.name, c] as const))("reads %s", (_name, c) => {
    expect(ResumeEntrySchema.safeParse(c.entry).success).toBe(true);
    expect(fromAgUiResume(c.entry as AgUiResumeEntryInput, c.request === undefined ? request : Request.fromJSON(c.request)).toJSON()).toEqual(c.answer);
  });

  it("returns a fresh, unfrozen payload, never the answer's frozen data", () => {
    const answer = Answer.accept(request, { env: { name: "prod" } });
    const entry = toAgUiResume(answer) as unknown as { payload: { env: object } };
    expect(Object.isFrozen(entry.payload) || Object.isFrozen(entry.payload.env)).toBe(false);
    expect(entry.payload.env).not.toBe(answer.data!.env);
  });
});

describe("refusals (fixtures/hosts/ag-ui.json)", () => {
  const calls: Record<string, (...a: any[]) => unknown> = { toAgUiToolCallResult, toAgUiInterrupt, fromAgUiInterrupt, toAgUiResume, fromAgUiResume };
  it.each(fx.refusals.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const e = thrownValidation(() => calls[c.call]!(...argumentsOf(c.args)));
    expect({ code: e.code, path: e.path }).toEqual({ code: c.code, path: c.path });
    expect(e).toBeInstanceOf(ValidationError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// End to end, through @ag-ui/client's runAgent

/**
 * An agent with one tool that needs approval. Its first run calls the tool, which pauses: the run finishes with
 * the interrupt. Its second run reads the resume entry, runs the tool, and finishes with the tool's result.
 */
class DeployAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];
  readonly answers: Answer[] = [];
  readonly refusals: ValidationError[] = [];
  /** The request the tool paused with, kept as JSON (as a durable agent keeps it between runs). */
  kept: RequestJSON | undefined;

  // The client pins its own copy of rxjs; an Observable of the package's copy works with it, but the two
  // copies' declarations differ, hence the cast of the return type (of this test agent, not of toolnexus).
  run(input: RunAgentInput): ReturnType<AbstractAgent["run"]> {
    this.inputs.push(input);
    return new Observable<BaseEvent>((subscriber) => {
      const { threadId, runId } = input;
      subscriber.next({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
      if (input.resume === undefined) {
        subscriber.next({ type: EventType.TOOL_CALL_START, toolCallId: "call-1", toolCallName: "deploy", parentMessageId: "msg-1" } as BaseEvent);
        subscriber.next({ type: EventType.TOOL_CALL_ARGS, toolCallId: "call-1", delta: '{"env":"prod"}' } as BaseEvent);
        subscriber.next({ type: EventType.TOOL_CALL_END, toolCallId: "call-1" } as BaseEvent);
        const paused = ToolResult.pending(new Request({ id: "deploy-call-1", kind: "approval", prompt: "Deploy to prod?", expiresAt: "2999-01-01T00:00:00Z" }));
        this.kept = paused.pending!.toJSON();
        subscriber.next({
          type: EventType.RUN_FINISHED,
          threadId,
          runId,
          outcome: { type: "interrupt", interrupts: [toAgUiInterrupt(paused.pending!, { toolCallId: "call-1" })] },
        } as BaseEvent);
      } else {
        const request = Request.fromJSON(this.kept);
        // An agent served over HTTP reads the input as JSON. Here the client hands it over after its
        // structuredClone, which under Jest makes objects of another realm (not plain data to the library).
        const resume = JSON.parse(JSON.stringify(input.resume)) as ResumeEntry[];
        for (const entry of resume) {
          try {
            this.answers.push(fromAgUiResume(entry, request));
          } catch (e) {
            if (!(e instanceof ValidationError)) throw e;
            this.refusals.push(e);
          }
        }
        const answer = this.answers[0];
        if (answer === undefined) throw new Error(`no answer: ${this.refusals.map((e) => e.message).join("; ")}`);
        const result = answer.ok ? ToolResult.ok(`deployed to ${String(answer.data?.env ?? "prod")}`, { parts: [image] }) : ToolResult.error("not deployed");
        subscriber.next({ ...toAgUiToolCallResult(result, { messageId: "msg-2", toolCallId: "call-1" }), type: EventType.TOOL_CALL_RESULT } as BaseEvent);
        subscriber.next({ type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" } } as BaseEvent);
      }
      subscriber.complete();
    }) as unknown as ReturnType<AbstractAgent["run"]>;
  }
}

describe("a run through @ag-ui/client pauses on the interrupt and resumes with the answer", () => {
  let warn: jest.SpiedFunction<typeof console.warn>;
  beforeEach(() => {
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it("carries the request, the answer and the tool's image, with no key the client strips", async () => {
    const agent = new DeployAgent({ threadId: "thread-1" });
    await agent.runAgent();
    expect(agent.pendingInterrupts).toHaveLength(1);
    const pending: Interrupt = agent.pendingInterrupts[0]!;
    expect(pending).toMatchObject({ id: "deploy-call-1", reason: "tool_call", toolCallId: "call-1" });

    // The client's copy gives the request back, equal to the one the tool paused with.
    const request = fromAgUiInterrupt(pending);
    expect(request.equals(Request.fromJSON(agent.kept))).toBe(true);

    const answer = Answer.accept(request, { env: "staging" });
    const resume: ResumeEntry[] = [toAgUiResume(answer), { interruptId: "someone-else", status: "cancelled" }];
    await agent.runAgent({ resume });

    // The agent read the entry for its request, and refused the other.
    expect(agent.answers).toHaveLength(1);
    expect(agent.answers[0]!.equals(answer)).toBe(true);
    expect(agent.refusals.map((e) => [e.code, e.path])).toEqual([["invalid-value", "interruptId"]]);
    expect(agent.pendingInterrupts).toEqual([]);

    // The tool message the client built holds the parts, the image byte for byte.
    const tool = agent.messages.find((m) => m.role === "tool") as { toolCallId: string; content: unknown } | undefined;
    expect(tool?.toolCallId).toBe("call-1");
    const content = tool!.content as { type: string; text?: string; source?: { type: string; value: string; mimeType: string }; metadata?: object }[];
    expect(content[0]).toEqual({ type: "text", text: "deployed to staging" });
    expect(content[1]).toEqual({ type: "image", source: { type: "data", value: image.data, mimeType: "image/png" }, metadata: { filename: "chart.png" } });
    expect(new Uint8Array(Buffer.from(content[1]!.source!.value, "base64"))).toEqual(png);

    // Nothing was stripped or refused along the way.
    expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes("[ag-ui]"))).toEqual([]);
  });

  it("a declined answer reaches the agent as a denial", async () => {
    const agent = new DeployAgent();
    await agent.runAgent();
    const request = fromAgUiInterrupt(agent.pendingInterrupts[0]!);
    await agent.runAgent({ resume: [toAgUiResume(Answer.decline(request))] });
    expect(agent.answers[0]!.toJSON()).toEqual({ id: "deploy-call-1", ok: false, reason: "declined" });
    const tool = agent.messages.find((m) => m.role === "tool") as { content: unknown };
    expect(tool.content).toBe("not deployed");
  });

  it("the RUN_FINISHED event with the interrupt is one AG-UI's schema accepts whole", () => {
    const event = {
      type: EventType.RUN_FINISHED,
      threadId: "t",
      runId: "r",
      outcome: { type: "interrupt" as const, interrupts: fx.interrupts.map((c) => toAgUiInterrupt(Request.fromJSON(c.request), c.options)) },
    };
    strictly(RunFinishedEventSchema, event);
  });
});
