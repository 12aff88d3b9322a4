/**
 * `toolnexus/testing/setup`: list it in Jest's `setupFilesAfterEnv` and every test file gets the toolnexus
 * equality testers, matchers and snapshot serializer, and `toEqual`/`toStrictEqual` whose failure output
 * shows part data by size. Works from CommonJS and ESM test projects alike.
 *
 * It uses the global `expect` that Jest gives setup files (it never imports `@jest/globals`). With
 * `injectGlobals: false` there is none: write a setup file that calls `install(expect)` from
 * `toolnexus/testing` with the `expect` of `@jest/globals` instead.
 *
 * @example
 * ```js
 * // jest.config.js
 * module.exports = { setupFilesAfterEnv: ["toolnexus/testing/setup"] };
 * ```
 *
 * @module
 */
import { install } from "./install";
import type { ExpectLike } from "./types";

export type { ToolnexusAsymmetricMatchers, ToolnexusMatchers } from "./types";

const expect = (globalThis as { expect?: unknown }).expect;
if (typeof expect !== "function" || typeof (expect as Partial<ExpectLike>).extend !== "function") {
  throw new Error(
    "toolnexus/testing/setup found no global `expect`: it must run inside Jest, from setupFilesAfterEnv. " +
      "With injectGlobals: false, use a setup file of your own that calls install(expect) from toolnexus/testing, " +
      "passing the expect of @jest/globals.",
  );
}
install(expect as unknown as ExpectLike);
