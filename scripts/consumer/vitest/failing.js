// Fails on purpose (the Vitest project's failing.test.js, after head.js and chart.js): what Vitest reports must
// show the part by size, not its data, for toEqual, toStrictEqual, the toolnexus matchers and Vitest's own
// assertions alike.
const a = ToolResult.ok("chart", { parts: [chart] });
const b = ToolResult.ok("chart", { parts: [chart.withName("other.png")] });
test("toEqual fails", () => expect(a).toEqual(b));
test("toStrictEqual fails", () => expect({ result: a }).toStrictEqual({ result: b }));
test("toBeError fails", () => expect(a).toBeError());
const called = vi.fn();
called(a);
const returned = vi.fn(() => a);
returned();
test("toBe fails", () => expect(a).toBe(b));
test("toContainEqual fails", () => expect([a]).toContainEqual(b));
test("toMatchObject fails", () => expect({ result: a }).toMatchObject({ result: b }));
test("toHaveProperty fails", () => expect({ result: a }).toHaveProperty("result", b));
test("toBeNull fails", () => expect(a).toBeNull());
test("toHaveBeenCalledWith fails", () => expect(called).toHaveBeenCalledWith(b));
test("toHaveBeenLastCalledWith fails", () => expect(called).toHaveBeenLastCalledWith(b));
test("toHaveBeenNthCalledWith fails", () => expect(called).toHaveBeenNthCalledWith(1, b));
test("not.toHaveBeenCalled fails", () => expect(called).not.toHaveBeenCalled());
test("toHaveReturnedWith fails", () => expect(returned).toHaveReturnedWith(b));
test("toHaveLastReturnedWith fails", () => expect(returned).toHaveLastReturnedWith(b));
// These two print no value in full (a cut one-line form, a thrown value's message), so they only must not leak.
test("toContain fails", () => expect([a]).toContain(b));
test("toThrow fails", () => expect(() => { throw a; }).toThrow("something else"));
