// Durable engines: a tool that suspends inside a Temporal-style step. The step's result crosses Temporal's
// payload converter (as it would between an activity and the workflow that awaits it, and again when the
// workflow is replayed after a restart); with toolnexus/temporal it comes back as a frozen SearchResult
// holding its pending Request, and the workflow resumes the tool once an Answer arrives (in Temporal, by a
// signal). Runs without a server: the converter is called directly, as the worker would call it.
import assert from "node:assert/strict";
import { defaultPayloadConverter } from "@temporalio/common";
import { Answer, Request, ToolResult } from "toolnexus";
import { createPayloadConverter } from "toolnexus/temporal";

// A tool's own result type. The worker and the client load a converter module that registers it:
//   export const payloadConverter = createPayloadConverter({ classes: { SearchResult } });
class SearchResult extends ToolResult<{ hits: number; query: string }> {
  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
}
const payloadConverter = createPayloadConverter({ classes: { SearchResult } });

// The step (an activity, in Temporal): searching a private index needs a person's approval first.
function searchStep(query: string, answer?: Answer): SearchResult {
  if (answer === undefined) {
    return SearchResult.pending(
      { kind: "approval", prompt: `Search the private index for "${query}"?` },
      { metadata: { hits: 0, query } },
    );
  }
  if (!answer.ok) return SearchResult.error(`Search declined (${answer.reason})`, { metadata: { hits: 0, query } });
  return SearchResult.ok(`3 results for "${query}"`, { metadata: { hits: 3, query } });
}

/** What a step's return value goes through before the workflow sees it: toPayload, then fromPayload. */
function crossTheConverter<T>(value: T, converter = payloadConverter): T {
  const payload = converter.toPayload(value);
  return converter.fromPayload<T>(payload);
}

// 1. The step suspends; its result crosses the converter.
const paused = crossTheConverter(searchStep("durable engines"));
assert.ok(paused instanceof SearchResult, "arrives as a SearchResult");
assert.ok(Object.isFrozen(paused));
assert.equal(paused.isPending, true);
assert.ok(paused.pending instanceof Request);
console.log("ok: the suspended step's result crossed the converter as a frozen SearchResult, pending:", paused.pending.prompt);

// Without toolnexus/temporal (Temporal's default converter), the same value arrives as a plain object.
const plain = crossTheConverter(searchStep("durable engines"), defaultPayloadConverter);
assert.equal(plain instanceof ToolResult, false);
assert.equal((plain as { isPending?: boolean }).isPending, undefined);
console.log("ok: with the default converter it would arrive as a plain object, without pending");

// 2. A person approves, hours later. The Answer crosses the converter too (a signal's argument).
const answer = crossTheConverter(Answer.accept(paused.pending, { approvedBy: "ops" }));
assert.ok(answer instanceof Answer);
assert.ok(answer.answers(paused.pending), "the answer is for this request");
console.log("ok: the Answer came back as an Answer for request", answer.id);

// 3. The workflow resumes the step with the answer; the finished result crosses the converter once more.
const finished = crossTheConverter(searchStep(paused.metadata!.query, answer));
assert.ok(finished instanceof SearchResult);
assert.equal(finished.isPending, false);
assert.equal(finished.hits, 3);
assert.equal(finished.output, '3 results for "durable engines"');
console.log("ok: resumed:", finished.output);
