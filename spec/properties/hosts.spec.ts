// The laws of the AG-UI and Claude Agent SDK hosts (docs/hosts/ag-ui.md and docs/hosts/claude-agent.md), on generated values: an interrupt gives its request back, after JSON too; a resume entry gives
// its answer back (an `expired` answer reads back `cancelled`, and a cancellation's data is reported, not
// sent); every AG-UI shape parses with `@ag-ui/core`'s schemas; a permission's prompt is one line and its
// `data.input` is the input; nothing but an accepting answer ever allows a tool.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { InterruptSchema, ResumeEntrySchema, ToolCallResultEventSchema } from "@ag-ui/core/schemas";
import { Answer, Request, ToolResult } from "toolnexus";
import { fromAgUiInterrupt, fromAgUiResume, fromClaudeToolPermission, toAgUiInterrupt, toAgUiResume, toAgUiToolCallResult, toClaudePermissionResult, type AgUiInterruptInput, type AgUiResumeEntryInput } from "toolnexus/providers";
import { answerJSON, jsonObject, requestJSON, resultJSON } from "./arbitraries";
import { timeout } from "./settings";

const toolCallId = fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined });
/** Requests whose link a person may be sent to (the link rule: https, or http to a loopback host); any other is refused at url. */
const sendable = requestJSON.filter((j) => typeof j.url !== "string" || j.url === "" || /^https:\/\//i.test(j.url));

describe("AG-UI laws", () => {
  it(
    "fromAgUiInterrupt(toAgUiInterrupt(r, o)) equals r, as given and after JSON; the interrupt parses with AG-UI's schema",
    () => {
      fc.assert(
        fc.property(sendable, toolCallId, (json, id) => {
          const r = Request.fromJSON(json);
          const interrupt = toAgUiInterrupt(r, id === undefined ? undefined : { toolCallId: id });
          expect(InterruptSchema.safeParse(interrupt).success).toBe(true);
          expect(fromAgUiInterrupt(interrupt).equals(r)).toBe(true);
          expect(fromAgUiInterrupt(JSON.parse(JSON.stringify(interrupt)) as AgUiInterruptInput).equals(r)).toBe(true);
        }),
      );
    },
    timeout(),
  );

  it(
    "fromAgUiResume(toAgUiResume(a), request) equals a without data.approved (an empty data reads back as none); expired reads back cancelled, a cancellation's data is reported",
    () => {
      fc.assert(
        fc.property(answerJSON, (json) => {
          // Without data.approved (toAgUiResume sets it), and an empty data is none (AG-UI cannot tell them apart).
          const data = json.data as object | undefined;
          const clean = data !== undefined && (Object.hasOwn(data, "approved") || Object.keys(data).length === 0) ? { ...json, data: undefined } : json;
          const a = Answer.fromJSON(clean);
          const request = new Request({ id: a.id, kind: "approval", prompt: "Go?" });
          const losses: string[] = [];
          const entry = toAgUiResume(a, { onLoss: (l) => losses.push(l.path) });
          expect(ResumeEntrySchema.safeParse(entry).success).toBe(true);
          const back = fromAgUiResume(JSON.parse(JSON.stringify(entry)) as AgUiResumeEntryInput, request);
          if (a.ok || a.reason === "declined") {
            expect(back.equals(a)).toBe(true);
            expect(losses).toEqual([]);
          } else {
            expect(back.toJSON()).toEqual({ id: a.id, ok: false, reason: "cancelled" });
            expect(losses).toEqual([...(a.reason === "expired" ? ["reason"] : []), ...Object.keys(a.data ?? {}).map(() => expect.stringMatching(/^data/))]);
          }
        }),
      );
    },
    timeout(),
  );

  it(
    "every TOOL_CALL_RESULT parses with AG-UI's schema, and its content is the output or carries every part (a blank output beside parts is left out: no blank text block)",
    () => {
      fc.assert(
        fc.property(resultJSON, (json) => {
          const r = ToolResult.fromJSON(json);
          const event = toAgUiToolCallResult(r, { messageId: "m", toolCallId: "c" });
          expect(ToolCallResultEventSchema.safeParse({ ...event }).success).toBe(true);
          if (r.parts === null) expect(event.content).toBe(r.output);
          else if (Array.isArray(event.content)) expect(event.content).toHaveLength(r.parts.length + (r.output.trim() === "" ? 0 : 1));
          else expect(event.content).toBe("");
        }),
      );
    },
    timeout(),
  );
});

describe("Claude Agent SDK laws", () => {
  it(
    "a permission's prompt is one line, data.input is the input, and only an accepting answer allows",
    () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1 }), jsonObject, fc.string({ minLength: 1 }), answerJSON, (name, input, id, answer) => {
          const request = fromClaudeToolPermission(name, input, { toolUseID: id });
          expect(request.prompt).not.toMatch(/[\u0000-\u001f\u007f\u2028\u2029]/);
          expect(request.prompt.startsWith("Approve the call to tool ")).toBe(true);
          expect(request.data).toEqual({ toolName: name, input });
          const a = Answer.fromJSON({ ...answer, id, data: answer.ok ? undefined : answer.data });
          const result = toClaudePermissionResult(a, request, { onLoss: () => undefined });
          expect(result.behavior).toBe(a.ok ? "allow" : "deny");
          if (result.behavior === "allow") expect(result.updatedInput).toEqual(input);
        }),
      );
    },
    timeout(),
  );
});
