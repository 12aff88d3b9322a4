// The tests every project runs (Jest CommonJS, Jest ESM, Vitest), appended after the project's head.js (which
// brings ToolResult, test, expect and mock into scope) and chart.js.
class SearchResult extends ToolResult {}

// The message of an assertion that must fail, without colour codes.
function messageOf(assertion) {
  try {
    assertion();
  } catch (e) {
    return e.message.replace(/\x1b\[[0-9;]*m/g, "");
  }
  throw new Error("the assertion passed, but it was meant to fail");
}

test("every matcher", () => {
  expect(ToolResult.ok("3 files found")).toBeOk();
  expect(ToolResult.error("No such config key: nope")).toBeError();
  expect(ToolResult.ok("done")).not.toBeError();
  expect(ToolResult.pending({ kind: "approval", prompt: "Deploy?" })).toBePending("approval");
  expect(ToolResult.pending({ kind: "approval", prompt: "Deploy?" })).toBePending();
  expect(ToolResult.ok("done")).not.toBePending();
  expect(ToolResult.ok("3 files found")).toHaveOutput("3 files found");
  expect(ToolResult.ok("3 files found")).toHaveOutput(/^\d+ files/);
  expect(ToolResult.ok("3 files found")).not.toHaveOutput("3 files");
  expect(ToolResult.ok("chart", { parts: [chart] })).toHaveParts();
  expect(ToolResult.ok("chart", { parts: [chart] })).toHaveParts(1);
  expect(ToolResult.ok("none")).toHaveParts(0);
  expect({ r: ToolResult.error("x") }).toEqual({ r: expect.toBeError() });
  expect({ r: ToolResult.ok("x") }).toEqual({ r: expect.not.toBeError() });
  expect({ r: ToolResult.ok("x") }).not.toEqual({ r: expect.toBeError() });
});

test("a matcher given something it cannot judge says so", () => {
  expect(messageOf(() => expect("done").toBeOk())).toContain("received value must be a ToolResult");
  expect(messageOf(() => expect(ToolResult.ok("x")).toHaveParts(-1))).toContain("expected value must be a whole number");
});

test("toEqual and friends agree with equals", () => {
  const a = ToolResult.ok("chart", { parts: [chart], metadata: { a: 1, b: 2 } });
  const b = ToolResult.ok("chart", { parts: [chart], metadata: { b: 2, a: 1 } });
  expect(a).toEqual(b);
  expect(a).toStrictEqual(b);
  expect([a]).toContainEqual(b);
  expect(SearchResult.ok("x")).not.toEqual(ToolResult.ok("x"));
  const onResult = mock();
  onResult(a);
  expect(onResult).toHaveBeenCalledWith(b);
});

test("failure messages show part data by size, never the payload", () => {
  const a = ToolResult.ok("chart", { parts: [chart] });
  const b = ToolResult.ok("chart", { parts: [chart.withName("other.png")] });
  for (const message of [
    messageOf(() => expect(a).toEqual(b)),
    messageOf(() => expect(a).toStrictEqual(b)),
    messageOf(() => expect(a).toBeError()),
    messageOf(() => expect(a).toHaveParts(2)),
  ]) {
    expect(message).toMatch(/48 bytes, digest [0-9a-f]{8}/);
    expect(message).not.toContain(payload);
  }
  expect(messageOf(() => expect(a).toEqual(b))).toContain("Differing fields: parts[0].name");
});

test("the runner's own matchers never print the payload", () => {
  const a = ToolResult.ok("chart", { parts: [chart] });
  const b = ToolResult.ok("chart", { parts: [chart.withName("other.png")] });
  const called = mock();
  called(a);
  const returned = mock().mockImplementation(() => a);
  returned();
  // Both runners write these two diffs into the message itself; Vitest adds the others' diffs to its report
  // (vitest/failing.js checks those).
  const shown = [messageOf(() => expect(called).toHaveBeenCalledWith(b)), messageOf(() => expect(returned).toHaveReturnedWith(b))];
  for (const message of shown) expect(message).toMatch(/48 bytes, digest [0-9a-f]{8}/);
  const quiet = [
    messageOf(() => expect(called).toHaveBeenLastCalledWith(b)),
    messageOf(() => expect(called).toHaveBeenNthCalledWith(1, b)),
    messageOf(() => expect(a).toBe(b)),
    messageOf(() => expect(a).not.toBe(a)),
    messageOf(() => expect([a]).toContain(b)),
    messageOf(() => expect([a]).toContainEqual(b)),
    messageOf(() => expect({ result: a }).toMatchObject({ result: b })),
    messageOf(() => expect({ result: a }).toHaveProperty("result", b)),
    messageOf(() => expect(a).toBeNull()),
    messageOf(() => expect(returned).toHaveLastReturnedWith(b)),
    messageOf(() => expect(called).not.toHaveBeenCalled()),
    messageOf(() => expect(() => { throw a; }).toThrow("something else")),
  ];
  for (const message of [...shown, ...quiet]) expect(message).not.toContain(payload.slice(0, 16));
});

test("snapshots show part data by size", () => {
  expect(ToolResult.ok("chart", { parts: [chart] })).toMatchSnapshot();
});
