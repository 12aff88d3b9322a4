// The A2A cases of fixtures/hosts/a2a.json: fromA2a of messages, artifacts and tasks per state with every loss
// kind, toA2aParts as the SDK writes its JSON, fromA2aAnswer's answers and refusals. Wire values go through the
// SDK's own X.fromJSON; see docs/hosts/a2a.md.
import { describe, expect, it } from "@jest/globals";
import { Request, ToolResult } from "toolnexus";
import { fromA2a, fromA2aAnswer, toA2aAnswer, toA2aEvents, toA2aParts, type Loss } from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { thrownValidation } from "../../support/throws";
import { loadA2a } from "./harness";

type Wire = { Message?: unknown; Artifact?: unknown; Task?: unknown };
interface FromCase { name: string; wire?: Wire; value?: unknown; options?: Record<string, unknown>; result: unknown; losses?: [string, string][] }
interface ErrorCase { name: string; value: unknown; code: string; path: string }
interface PartsCase { name: string; result: unknown; options?: Record<string, unknown>; wire: unknown[]; losses?: [string, string][] }
interface AnswerCase { name: string; request: unknown; message: unknown; answer?: unknown; code?: string; path?: string }
/**
 * A result toA2aEvents refuses, with the code and path; `refusedBy: "ToolResult.fromJSON"` marks a result the
 * core refuses to make (a url no Request holds), so that toA2aEvents never sees it.
 */
interface EventsRefusal { name: string; result: unknown; refusedBy?: "ToolResult.fromJSON"; code: string; path: string }
interface EventsLink { name: string; result: unknown; state: number }
interface OptionRefusal { name: string; call: "toA2aParts" | "toA2aEvents" | "toA2aAnswer" | "fromA2a"; args: unknown[]; code: string; path: string }
const TABLE = loadJSON<{
  fromA2a: FromCase[];
  fromA2aErrors: ErrorCase[];
  toA2aParts: PartsCase[];
  toA2aEventsRefusals: EventsRefusal[];
  toA2aEventsLinks: EventsLink[];
  optionRefusals: OptionRefusal[];
  fromA2aAnswer: AnswerCase[];
}>("hosts/a2a.json");

/** `{ "$bytes": base64 }` is a fresh Uint8Array, `{ "$nan": true }` is NaN; anything else as is. */
function build(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(build);
  if (typeof v !== "object" || v === null) return v;
  const o = v as Record<string, unknown>;
  if (typeof o.$bytes === "string") return new Uint8Array(Buffer.from(o.$bytes, "base64"));
  if (o.$nan === true) return NaN;
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, build(x)]));
}

const masked = (r: ToolResult) => JSON.parse(JSON.stringify(r.toJSON()).replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, "<uuid>")) as unknown;

describe("fromA2a", () => {
  for (const c of TABLE.fromA2a) {
    it(c.name, async () => {
      const { sdk } = await loadA2a();
      const w = c.wire;
      const value = w === undefined ? build(c.value) : w.Message ? sdk.Message.fromJSON(w.Message) : w.Artifact ? sdk.Artifact.fromJSON(w.Artifact) : sdk.Task.fromJSON(w.Task);
      const losses: Loss[] = [];
      const r = fromA2a(value as never, { ...c.options, onLoss: (l) => losses.push(l) });
      expect(masked(r)).toEqual(c.result);
      expect(losses.map((l) => [l.path, l.placeholder])).toEqual(c.losses ?? []);
      for (const l of losses) expect(l.provider).toBe("a2a");
    });
  }

  it("unsupported: \"error\" throws a ContentPartError at the lost part; \"omit\" leaves its line out", () => {
    const value = { messageId: "m", parts: [{ content: { $case: "text", value: "x" } }, { content: { $case: "url", value: "file:///a.pdf" }, filename: "a.pdf" }] };
    expect(thrownValidation(() => fromA2a(value as never, { unsupported: "error" }))).toMatchObject({ code: "unsupported", path: "parts[1]" });
    expect(fromA2a(value as never, { unsupported: "omit" }).output).toBe("x");
  });

  for (const c of TABLE.fromA2aErrors) {
    it(`refuses ${c.name}`, () => {
      expect(thrownValidation(() => fromA2a(c.value as never))).toMatchObject({ code: c.code, path: c.path });
    });
  }
});

describe("toA2aParts", () => {
  for (const c of TABLE.toA2aParts) {
    it(c.name, async () => {
      const { sdk } = await loadA2a();
      const losses: Loss[] = [];
      const parts = toA2aParts(ToolResult.fromJSON(c.result), { ...c.options, onLoss: (l) => losses.push(l) });
      expect(parts.map((p) => sdk.Part.toJSON(p))).toEqual(c.wire);
      expect(losses.map((l) => [l.path, l.placeholder])).toEqual(c.losses ?? []);
    });
  }
});

describe("fromA2aAnswer", () => {
  for (const c of TABLE.fromA2aAnswer) {
    it(c.name, () => {
      const request = Request.fromJSON(c.request);
      if (c.code === undefined) expect(fromA2aAnswer(request, c.message as never).toJSON()).toEqual(c.answer);
      else expect(thrownValidation(() => fromA2aAnswer(request, c.message as never))).toMatchObject({ code: c.code, path: c.path });
    });
  }
});

describe("toA2aEvents and the link rule", () => {
  for (const c of TABLE.toA2aEventsRefusals) {
    it(`refuses ${c.name}`, () => {
      if (c.refusedBy === "ToolResult.fromJSON") {
        // The core's url rule: the result is never made, so no bridge can send its link.
        expect(thrownValidation(() => ToolResult.fromJSON(c.result))).toMatchObject({ code: c.code, path: c.path });
        return;
      }
      const result = ToolResult.fromJSON(c.result);
      expect(thrownValidation(() => toA2aEvents(result, { taskId: "t", contextId: "c" }))).toMatchObject({ code: c.code, path: c.path });
    });
  }
  for (const c of TABLE.toA2aEventsLinks) {
    it(c.name, async () => {
      const { sdk } = await loadA2a();
      const result = ToolResult.fromJSON(c.result);
      const [event, ...rest] = toA2aEvents(result, { taskId: "t", contextId: "c" });
      expect(rest).toEqual([]);
      expect(event!.kind).toBe("statusUpdate");
      const status = (event!.data as { status: { state: number; message: unknown } }).status;
      expect(status.state).toBe(c.state);
      // The SDK reads the message back, its text the pending output with the link.
      const text = sdk.Message.toJSON(status.message as never) as { parts: { text?: string }[] };
      expect(text.parts[0]!.text).toBe(result.output);
    });
  }
});

describe("options (law 12: an unknown own key is refused, with the keys the function knows)", () => {
  const calls = { toA2aParts, toA2aEvents, toA2aAnswer, fromA2a } as Record<OptionRefusal["call"], (...a: never[]) => unknown>;
  for (const c of TABLE.optionRefusals) {
    it(`refuses ${c.name}`, () => {
      const [value, options] = c.args;
      const first = c.call === "toA2aParts" || c.call === "toA2aEvents" ? ToolResult.fromJSON(value) : value;
      const e = thrownValidation(() => calls[c.call](first as never, options as never));
      expect(e).toMatchObject({ code: c.code, path: c.path });
      expect(e.message).toContain("takes");
    });
  }
});
