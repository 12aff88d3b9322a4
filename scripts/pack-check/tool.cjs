// The small tool that the packed package must run, written once and fed each build in turn: `esm.mjs` passes
// the modules it imported, `cjs.cjs` the modules it required. Plain assertions, no test runner.
"use strict";
const assert = require("node:assert/strict");

// An 8-byte PNG signature followed by a few bytes: enough for the part to be identified by its signature.
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** A screenshot tool: refuses without a url, asks for approval first, then returns an image part. */
function makeTool(tn) {
  const { ToolResult, ContentPart, Request } = tn;
  return function screenshot(input) {
    if (typeof input.url !== "string") return ToolResult.error("screenshot needs a url", { metadata: { field: "url" } });
    if (input.approval === undefined) {
      return ToolResult.pending(Request.create({ kind: "approval", prompt: `Take a screenshot of ${input.url}?`, data: { url: input.url } }));
    }
    if (!input.approval.ok) return ToolResult.error(`screenshot was ${input.approval.reason}`);
    return ToolResult.ok(`Captured ${input.url}`, {
      parts: [ContentPart.fromBytes(PNG, { name: "shot.png" })],
      metadata: { url: input.url, retries: 0 },
    });
  };
}

function roundTrip(ToolResult, r) {
  const text = JSON.stringify(r);
  const back = ToolResult.fromJSON(JSON.parse(text));
  assert.ok(back instanceof ToolResult, "fromJSON gives a ToolResult");
  assert.ok(back.equals(r), `JSON round trip keeps the value: ${text}`);
  assert.equal(JSON.stringify(back), text, "JSON round trip is byte-identical");
  return back;
}

/**
 * Runs the tool on one build. `label` names the build in failure messages.
 * @returns {string[]} the names of the checks that ran
 */
function run(label, tn, providers, testing) {
  const ran = [];
  const check = (name, fn) => {
    try {
      fn();
    } catch (e) {
      e.message = `[${label}] ${name}: ${e.message}`;
      throw e;
    }
    ran.push(name);
  };
  const { ToolResult, ContentPart, Request, Answer, ValidationError, ContentPartError, ToolnexusError } = tn;
  const screenshot = makeTool(tn);

  check("exports", () => {
    for (const name of ["ToolResult", "ContentPart", "Request", "Answer", "SuspensionRequest", "ToolnexusError", "ValidationError", "ContentPartError"]) {
      assert.equal(typeof tn[name], "function", `toolnexus exports ${name}`);
    }
    assert.equal(tn.SuspensionRequest, Request);
  });

  check("error", () => {
    const r = screenshot({});
    assert.ok(r instanceof ToolResult);
    assert.equal(r.isError, true);
    assert.equal(r.output, "screenshot needs a url");
    assert.deepEqual(r.metadata, { field: "url" });
    assert.ok(Object.isFrozen(r) && Object.isFrozen(r.metadata));
    roundTrip(ToolResult, r);
  });

  let request;
  check("pending with a Request", () => {
    const r = screenshot({ url: "https://example.com/" });
    assert.equal(r.isError, true);
    assert.equal(r.isPending, true);
    request = r.pending;
    assert.ok(request instanceof Request);
    assert.equal(request.kind, "approval");
    assert.equal(r.output, request.prompt);
    assert.ok(typeof request.id === "string" && request.id.length > 0);
    const back = roundTrip(ToolResult, r);
    assert.ok(back.pending instanceof Request, "the pending request is revived from JSON");
    assert.ok(back.pending.equals(request));
  });

  check("answer and resume", () => {
    const yes = Answer.accept(request);
    assert.ok(yes.answers(request) && yes.ok);
    assert.ok(Answer.fromJSON(JSON.parse(JSON.stringify(yes))).equals(yes));
    const no = Answer.decline(request);
    assert.equal(screenshot({ url: "https://example.com/", approval: no }).output, "screenshot was declined");
  });

  check("ok with a ContentPart from bytes", () => {
    const r = screenshot({ url: "https://example.com/", approval: Answer.accept(request) });
    assert.equal(r.isError, false);
    assert.equal(r.parts.length, 1);
    const part = r.parts[0];
    assert.ok(part instanceof ContentPart);
    assert.deepEqual({ type: part.type, mimeType: part.mimeType, name: part.name }, { type: "image", mimeType: "image/png", name: "shot.png" });
    assert.equal(part.byteLength, PNG.length);
    assert.deepEqual(Array.from(part.bytes()), Array.from(PNG));
    assert.equal(part.summary(), `image (image/png, ${PNG.length} bytes)`);
    assert.ok(!String(r).includes(part.data), "toString holds no part data");
    roundTrip(ToolResult, r);
    const again = r.withMetadata((m) => {
      m.retries += 1;
    });
    assert.equal(again.metadata.retries, 1);
    assert.equal(r.metadata.retries, 0, "the receiver is untouched");
  });

  check("typed errors", () => {
    assert.throws(
      () => ContentPart.fromBytes(PNG, { mimeType: "image/jpeg" }),
      (e) => e instanceof ContentPartError && e instanceof ValidationError && e instanceof ToolnexusError && e.code === "mime-mismatch",
    );
    assert.throws(() => ToolResult.fromJSON({ output: 42 }), (e) => e instanceof ValidationError && e.code === "invalid-type" && e.path === "output");
    const safe = ToolResult.safeFromJSON({ output: "x", metadata: { pending: 1 } });
    assert.equal(safe.success, false);
    assert.ok(safe.error instanceof ValidationError);
  });

  check("subclass", () => {
    class SearchResult extends ToolResult {
      get hits() {
        return this.metadata?.hits ?? 0;
      }
    }
    const s = SearchResult.ok("2 hits", { metadata: { hits: 2 } });
    assert.ok(s instanceof SearchResult);
    assert.equal(s.hits, 2);
    assert.ok(s.withOutput("x") instanceof SearchResult);
    assert.ok(SearchResult.fromJSON(JSON.parse(JSON.stringify(s))) instanceof SearchResult);
  });

  check("toolnexus/providers", () => {
    for (const name of ["toAnthropic", "toOpenAIChat", "toOpenAIResponses", "toGemini", "toMcp", "fromMcp", "toAiSdk"]) {
      assert.equal(typeof providers[name], "function", `toolnexus/providers exports ${name}`);
    }
    const r = ToolResult.ok("hello", { parts: [ContentPart.fromBytes(PNG)] });
    const mcp = providers.toMcp(r);
    assert.deepEqual(mcp.content[0], { type: "text", text: "hello" });
    assert.equal(mcp.content[1].type, "image");
    const back = providers.fromMcp(mcp);
    assert.ok(back instanceof ToolResult, "fromMcp returns this build's ToolResult (one shared copy of the classes)");
    assert.ok(back.parts[0] instanceof ContentPart);
    assert.equal(providers.toAnthropic(r, { toolUseId: "toolu_1" }).type, "tool_result");
  });

  check("toolnexus/testing", () => {
    assert.ok(Array.isArray(testing.equalityTesters) && testing.equalityTesters.length > 0, "toolnexus/testing exports equalityTesters");
    assert.ok(testing.equalityTesters.every((t) => typeof t === "function"));
    const s = testing.snapshotSerializer;
    assert.equal(typeof s?.test, "function", "snapshotSerializer is a pretty-format plugin");
    assert.equal(s.test(ToolResult.ok("x")), true);
    assert.equal(s.test({ output: "x" }), false);
  });

  return ran;
}

module.exports = { run, PNG };
