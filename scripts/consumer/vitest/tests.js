// Vitest only, appended to the Vitest project's tool.test.js after tests.js: the equality testers must leave
// Vitest's own toEqual/toStrictEqual rules alone for values that are not toolnexus values (Jest has rules of its own).
test("toEqual and toStrictEqual keep Vitest's meaning for other values", () => {
  expect({ a: 1, b: undefined }).toEqual({ a: 1 });
  expect({ a: 1, b: undefined }).not.toStrictEqual({ a: 1 });
  expect([, 1]).not.toStrictEqual([undefined, 1]);
  expect(new Set([1, 2])).toEqual(new Set([2, 1]));
  class Point { constructor(x) { this.x = x; } }
  expect(new Point(1)).toEqual({ x: 1 });
  expect(new Point(1)).not.toStrictEqual({ x: 1 });
  expect(messageOf(() => expect({ a: 1 }).toEqual({ a: 2 }))).toContain("to deeply equal");
});
