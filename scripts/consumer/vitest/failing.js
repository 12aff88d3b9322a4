// Fails on purpose (the Vitest project's failing.test.js, after head.js and chart.js): what Vitest reports must
// show the part by size, not its data.
const a = ToolResult.ok("chart", { parts: [chart] });
const b = ToolResult.ok("chart", { parts: [chart.withName("other.png")] });
test("toEqual fails", () => expect(a).toEqual(b));
test("toStrictEqual fails", () => expect({ result: a }).toStrictEqual({ result: b }));
test("toBeError fails", () => expect(a).toBeError());
