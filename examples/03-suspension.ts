// (c) Suspensions: a tool that cannot finish without a person returns a pending result holding a Request;
// an Answer resumes it.
import assert from "node:assert/strict";
import { Answer, Request, ToolResult } from "toolnexus";

// A question for a person.
const ask = ToolResult.pending({ kind: "input", prompt: "Which environment?" });
assert.equal(ask.isPending, true);
assert.equal(ask.isError, true);
assert.equal(ask.output, "Which environment?");
assert.equal(ask.pending?.kind, "input");
console.log("ok: pending(input) is pending, output", JSON.stringify(ask.output));

// A login: the output is the prompt, a newline, and the url.
const login = ToolResult.authRequired("https://auth.example.com/login?state=abc");
assert.equal(login.isPending, true);
assert.equal(login.pending?.kind, "authorization");
assert.equal(login.output, "Authorization required to continue\nhttps://auth.example.com/login?state=abc");
console.log("ok: authRequired(url) is pending, kind authorization");

const done = ToolResult.ok("done");
assert.equal(done.isPending, false);
console.log("ok: ToolResult.ok(\"done\") is not pending");

// The request is plain data that crosses processes: persist it, read it back, answer it.
const wire = JSON.stringify(ask);
const restored = ToolResult.fromJSON(JSON.parse(wire));
assert.ok(restored.equals(ask));
const request = restored.pending!;
assert.ok(request instanceof Request);

const answer = Answer.output(request, "staging");
assert.ok(answer.answers(request));
assert.deepEqual(answer.toJSON(), { id: request.id, ok: true, data: { output: "staging" } });
console.log("ok: the restored request is answered with", JSON.stringify(answer));

// The resumed tool finishes.
const resumed = ToolResult.ok(`Deploying to ${String(answer.data?.output)}`);
assert.equal(resumed.output, "Deploying to staging");
console.log("ok: resumed:", resumed.output);
