// The laws of MCP 2026-07-28 `input_required` (docs/hosts/mcp.md) on generated requests and answers: a pause is
// keyed by its request's id and reads back as that request after JSON; an answer crosses the wire and reads
// back as itself (expired as cancelled, a refusal's data reported, never sent); an approval is never approved but
// by an accepting answer; an entry under another key is refused at its path; values are fresh and the same on
// every call; only a ValidationError is ever thrown; a misspelt option is refused at options.<key>.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { Answer, Request, ToolResult, ValidationError } from "toolnexus";
import { fromMcpInputRequired, fromMcpInputResponses, toMcpInputRequired, toMcpInputResponses, type McpInputRequiredInput, type McpInputResponsesInput } from "toolnexus/providers";
import { key, requestJSON } from "../../properties/arbitraries";
import { timeout } from "../../properties/settings";
import { escaped } from "../laws/checks";

const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A ValidationError, or what else was thrown (which fails the law). */
function attempt<T>(run: () => T): { value: T } | { error: ValidationError } {
  try {
    return { value: run() };
  } catch (e) {
    if (e instanceof ValidationError) return { error: e };
    throw e;
  }
}

const id = fc.string({ unit: "binary", minLength: 1, maxLength: 12 });
/** Values MCP's form content carries. */
const formValue = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }));
const content = fc.dictionary(key, formValue, { maxKeys: 4 });
const answerFor = (requestId: string) =>
  fc.oneof(
    fc.record({ ok: fc.constant(true), data: content }, { requiredKeys: ["ok"] }).map((a) => new Answer({ id: requestId, ...a })),
    fc.record({ ok: fc.constant(false), reason: fc.constantFrom("declined" as const, "cancelled" as const, "expired" as const), data: content }, { requiredKeys: ["ok", "reason"] }).map((a) => new Answer({ id: requestId, ...a })),
  );

describe("MCP 2026-07-28 input_required laws", () => {
  it(
    "a pending result is keyed by its request's id and reads back, after JSON, as that request's id, prompt and link; only a ValidationError is thrown",
    () => {
      let paused = 0;
      fc.assert(
        fc.property(requestJSON, (json) => {
          const request = Request.fromJSON(json);
          const out = attempt(() => toMcpInputRequired(ToolResult.pending(request), { requestState: "v1.state" }));
          if ("error" in out) return;
          paused += 1;
          const value = out.value;
          expect(Object.keys(value.inputRequests)).toEqual([request.id]);
          expect(value.requestState).toBe("v1.state");
          const read = fromMcpInputRequired(wire(value) as McpInputRequiredInput);
          expect(read.requestState).toBe("v1.state");
          expect(read.requests).toHaveLength(1);
          const back = read.requests[0]!;
          expect(back.id).toBe(request.id);
          const params = value.inputRequests[request.id]!.params;
          if (params.mode === "url") {
            expect(params).not.toHaveProperty("elicitationId");
            expect(back.toJSON()).toEqual({ id: request.id, kind: "authorization", prompt: request.prompt, url: request.url });
          } else {
            expect(back.prompt).toBe(request.url === undefined ? request.prompt : params.message);
            expect(back.data?.schema).toEqual(params.requestedSchema);
          }
        }),
      );
      // Not a law about refusals only: most generated requests do pause.
      expect(paused).toBeGreaterThan(0);
    },
    timeout(),
  );

  it(
    "toMcpInputRequired gives a fresh, unfrozen value, deep-equal on every call",
    () => {
      fc.assert(
        fc.property(requestJSON, (json) => {
          const paused = ToolResult.pending(Request.fromJSON(json));
          const a = attempt(() => toMcpInputRequired(paused));
          if ("error" in a) return;
          const b = toMcpInputRequired(paused);
          expect(b).toEqual(a.value);
          expect(b.inputRequests).not.toBe(a.value.inputRequests);
          const params = b.inputRequests[paused.pending.id]!.params;
          expect(Object.isFrozen(b) || Object.isFrozen(params) || (params.mode === "form" && Object.isFrozen(params.requestedSchema))).toBe(false);
        }),
      );
    },
    timeout(),
  );

  it(
    "an answer crosses the wire under its request's id and reads back as itself (expired as cancelled; a refusal's data reported, not sent)",
    () => {
      fc.assert(
        fc.property(
          id.chain((rid) => fc.tuple(fc.constant(rid), answerFor(rid))),
          ([rid, answer]) => {
            const request = new Request({ id: rid, kind: "input", prompt: "Which environment?" });
            const losses: string[] = [];
            const responses = toMcpInputResponses([answer], [request], { onLoss: (l) => losses.push(l.path) });
            expect(Object.keys(responses)).toEqual([rid]);
            const back = fromMcpInputResponses(request, wire(responses) as McpInputResponsesInput);
            expect(back).toBeDefined();
            if (answer.ok) {
              expect(back!.equals(answer)).toBe(true);
              expect(losses).toEqual([]);
            } else {
              expect(back!.toJSON()).toEqual({ id: rid, ok: false, reason: answer.reason === "declined" ? "declined" : "cancelled" });
              const dropped = Object.keys(answer.data ?? {}).length;
              expect(losses).toHaveLength(dropped + (answer.reason === "expired" ? 1 : 0));
            }
          },
        ),
      );
    },
    timeout(),
  );

  it(
    "an approval is approved only by an accepting answer, whatever the answer's data",
    () => {
      fc.assert(
        fc.property(
          id.chain((rid) => fc.tuple(fc.constant(rid), answerFor(rid))),
          ([rid, answer]) => {
            const request = new Request({ id: rid, kind: "approval", prompt: "Deploy?" });
            const out = attempt(() => toMcpInputResponses([answer], [request]));
            if ("error" in out) {
              // Only an acceptance that contradicts itself (data.approved other than true) is refused.
              expect(answer.ok && answer.data !== undefined && Object.hasOwn(answer.data, "approved")).toBe(true);
              return;
            }
            const back = fromMcpInputResponses(request, wire(out.value) as McpInputResponsesInput);
            expect(back!.ok).toBe(answer.ok);
          },
        ),
      );
    },
    timeout(),
  );

  it(
    "an entry under another key is refused at its path, quoting both ids; no entry for the request is undefined",
    () => {
      fc.assert(
        fc.property(id, id, (rid, other) => {
          fc.pre(rid !== other);
          const request = new Request({ id: rid, kind: "input", prompt: "A?" });
          expect(fromMcpInputResponses(request, {})).toBeUndefined();
          const out = attempt(() => fromMcpInputResponses(request, wire({ [other]: { action: "accept" } }) as McpInputResponsesInput));
          expect("error" in out).toBe(true);
          if ("error" in out) {
            expect(out.error.code).toBe("invalid-value");
            expect(out.error.path.startsWith("inputResponses")).toBe(true);
            expect(out.error.message.startsWith("The answer is for request ")).toBe(true);
          }
        }),
      );
    },
    timeout(),
  );

  it(
    "a key none of the functions knows is refused at options.<key>",
    () => {
      const known = new Set(["capabilities", "requestState", "onLoss"]);
      fc.assert(
        fc.property(key.filter((k) => !known.has(k) && k !== "__proto__"), (k) => {
          const options = Object.defineProperty({}, k, { value: 1, enumerable: true });
          const calls: (() => unknown)[] = [
            () => toMcpInputRequired(ToolResult.authRequired("https://a.example.com/"), options),
            () => fromMcpInputRequired({ resultType: "input_required", requestState: "s" }, options),
            () => toMcpInputResponses([], [], options),
          ];
          for (const call of calls) {
            const out = attempt(call);
            // A key that is no identifier is bracketed, JSON-quoted with DEL, the C1 controls, U+2028 and U+2029 escaped too.
            expect("error" in out && out.error.code === "invalid-value" && out.error.path === `options${/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${escaped(JSON.stringify(k))}]`}`).toBe(true);
          }
        }),
      );
    },
    timeout(),
  );
});
