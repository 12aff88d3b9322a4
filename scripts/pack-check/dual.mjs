// Both builds loaded in one process (the dual-package case): each is a separate copy of the classes, and a
// value made by one must pass the other's brand checks and be re-created as a local instance by the other.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import * as esm from "toolnexus";
import * as esmProviders from "toolnexus/providers";
import tool from "./tool.cjs";

const require = createRequire(import.meta.url);
const cjs = require("toolnexus");
const cjsProviders = require("toolnexus/providers");
assert.notEqual(esm.ToolResult, cjs.ToolResult, "the ESM and CJS builds are two copies");

let checks = 0;
for (const [fromName, A, toName, B, P] of [["esm", esm, "cjs", cjs, cjsProviders], ["cjs", cjs, "esm", esm, esmProviders]]) {
  const at = `${fromName} value given to ${toName}`;
  const request = A.Request.create({ kind: "approval", prompt: "Allow?", data: { n: 1 } });
  const part = A.ContentPart.fromBytes(tool.PNG, { name: "a.png" });
  const answer = A.Answer.accept(request, { note: "yes" });
  const result = A.ToolResult.pending(request, { parts: [part], metadata: { trace: "t-1" } });

  // Brand checks see through the copy boundary; instanceof does not.
  assert.ok(B.ToolResult.isToolResult(result), `${at}: isToolResult`);
  assert.ok(B.ContentPart.isContentPart(part), `${at}: isContentPart`);
  assert.ok(B.Request.isRequest(request), `${at}: isRequest`);
  assert.ok(B.Answer.isAnswer(answer), `${at}: isAnswer`);
  assert.ok(!(result instanceof B.ToolResult));
  assert.ok(!B.ToolResult.isToolResult(part) && !B.ContentPart.isContentPart(result), `${at}: brands do not mix types`);

  // fromJSON re-creates a local instance, parts and pending request included.
  const local = B.ToolResult.fromJSON(result);
  assert.ok(local instanceof B.ToolResult, `${at}: fromJSON gives a local ToolResult`);
  assert.ok(local.parts[0] instanceof B.ContentPart, `${at}: its part is local`);
  assert.ok(local.pending instanceof B.Request, `${at}: its pending request is local`);
  assert.ok(local.equals(B.ToolResult.fromJSON(JSON.parse(JSON.stringify(result)))), `${at}: same value as through JSON`);
  assert.equal(JSON.stringify(local), JSON.stringify(result), `${at}: same wire form`);
  assert.equal(result.equals(local), false, `${at}: equals compares prototypes, so it does not cross copies`);

  // So do the constructor, the copies and the other classes' fromJSON.
  const built = new B.ToolResult({ output: "x", parts: [part], metadata: { pending: request } });
  assert.ok(built.parts[0] instanceof B.ContentPart && built.pending instanceof B.Request, `${at}: the constructor re-creates parts and pending`);
  assert.ok(B.ToolResult.ok("y").addParts(part).parts[0] instanceof B.ContentPart, `${at}: addParts re-creates the part`);
  assert.ok(B.ContentPart.fromJSON(part) instanceof B.ContentPart && B.ContentPart.fromJSON(part).equals(B.ContentPart.fromJSON(part.toJSON())));
  assert.ok(B.Request.fromJSON(request) instanceof B.Request && B.Request.fromJSON(request).id === request.id);
  assert.ok(B.Answer.fromJSON(answer) instanceof B.Answer && B.Answer.fromJSON(answer).answers(request.id));
  assert.ok(B.Answer.accept(request).answers(request), `${at}: Answer.accept takes the other copy's Request`);

  // The other build's providers accept the value too, and give back their own build's classes.
  const ok = A.ToolResult.ok("hello", { parts: [part] });
  assert.deepEqual(P.toMcp(ok), P.toMcp(B.ToolResult.fromJSON(ok.toJSON())), `${at}: toMcp projects it like a local value`);
  assert.ok(P.fromMcp(P.toMcp(ok)) instanceof B.ToolResult, `${at}: fromMcp gives the providers' own build's ToolResult`);
  checks += 1;
}
console.log(`dual: ${checks} directions passed (esm -> cjs, cjs -> esm)`);
