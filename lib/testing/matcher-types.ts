/**
 * The types of the five toolnexus matchers, as they appear on `expect(value)` and as asymmetric matchers.
 * They name no test runner: `types.ts` adds them to Jest's `expect`, `vitest-setup.ts` to Vitest's.
 *
 * @module
 */
/**
 * The five toolnexus matchers, as they appear on `expect(value)`, and as asymmetric matchers on `expect`
 * itself ({@link ToolnexusAsymmetricMatchers}).
 *
 * @typeParam R - what a matcher returns (`void`, or a `Promise` under `.resolves` and `.rejects`).
 *
 * @example
 * ```ts
 * expect(result).toBeOk();
 * expect(result).toHaveOutput(/3 files/);
 * ```
 */
export interface ToolnexusMatchers<R> {
  /**
   * The value is a `ToolResult` whose `isError` is false.
   *
   * @example
   * ```ts
   * expect(ToolResult.ok("done")).toBeOk();
   * expect(onResult).toHaveBeenCalledWith(expect.toBeOk());
   * ```
   */
  toBeOk(): R;
  /**
   * The value is a `ToolResult` whose `isError` is true. A pending result is an error too (its `isError` is
   * true); tell them apart with `.not.toBePending()`.
   *
   * @example
   * ```ts
   * expect(ToolResult.error("nope")).toBeError();
   * expect([ToolResult.error("nope")]).toEqual([expect.toBeError()]);
   * ```
   */
  toBeError(): R;
  /**
   * The value is a pending `ToolResult` (its `metadata.pending` holds a `Request`), of the given kind when
   * one is given.
   *
   * @example
   * ```ts
   * expect(ToolResult.authRequired("https://example.com/login")).toBePending("authorization");
   * expect(onResult).toHaveBeenCalledWith(expect.toBePending("input"));
   * ```
   */
  toBePending(kind?: string): R;
  /**
   * The value is a `ToolResult` whose `output` equals the string exactly, or matches the regular expression.
   *
   * @example
   * ```ts
   * expect(result).toHaveOutput("3 files found");
   * expect(onResult).toHaveBeenCalledWith(expect.toHaveOutput(/found/));
   * ```
   */
  toHaveOutput(expected: string | RegExp): R;
  /**
   * The value is a `ToolResult` with parts: at least one, or exactly `count` (`toHaveParts(0)` passes for a
   * result without parts).
   *
   * @example
   * ```ts
   * expect(result).toHaveParts(2);
   * expect(onResult).toHaveBeenCalledWith(expect.toHaveParts(1));
   * ```
   */
  toHaveParts(count?: number): R;
}

/**
 * The matchers as asymmetric matchers, for use inside `toEqual` and `toHaveBeenCalledWith`: the same five, each
 * matching what its `expect(value)` form accepts (`expect.toBeOk()` matches an ok `ToolResult`).
 *
 * @typeParam M - what each returns: `void` on the `expect` of `@jest/globals` (as Jest's documentation
 * types custom asymmetric matchers), `any` on the global `expect` of `@types/jest` (as it types its own).
 *
 * @example
 * ```ts
 * expect(onResult).toHaveBeenCalledWith(expect.toBePending("approval"));
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- @types/jest types its own asymmetric matchers as returning `any`, so that they fit any parameter of `toHaveBeenCalledWith`
export type ToolnexusAsymmetricMatchers<M = any> = ToolnexusMatchers<M>;
