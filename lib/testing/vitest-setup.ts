/**
 * `toolnexus/testing/vitest-setup`: list it in Vitest's `setupFiles` and every test file gets the toolnexus
 * equality testers, matchers and snapshot serializer, and `toEqual`/`toStrictEqual` whose failure output
 * shows part data by size, as `toolnexus/testing/setup` does for Jest. It uses the `expect` that `vitest`
 * exports, so it works with `globals: false` too. Vitest is an optional peer dependency: only this entry
 * needs it.
 *
 * Importing this module's types (`"types": ["toolnexus/testing/vitest-setup"]` in tsconfig.json, or
 * `import type {} from "toolnexus/testing/vitest-setup"`) adds the matchers to Vitest's `expect`.
 *
 * @example
 * ```ts
 * // vitest.config.ts
 * import { defineConfig } from "vitest/config";
 * export default defineConfig({ test: { setupFiles: ["toolnexus/testing/vitest-setup"] } });
 * ```
 *
 * @module toolnexus/testing/vitest-setup
 */
import { chai, expect } from "vitest";
import type { ToolnexusAsymmetricMatchers, ToolnexusMatchers } from "./matcher-types";
import { installOnVitest } from "./vitest";

export type { ToolnexusAsymmetricMatchers, ToolnexusMatchers } from "./matcher-types";

declare module "vitest" {
  // The matchers on `expect(value)`, and (Vitest's `expect` extends `Matchers` too) on `expect` itself as
  // asymmetric matchers; both return `void`, so the two declarations agree.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-explicit-any -- declaration merging needs Vitest's own type parameter, `T = any` included
  interface Matchers<T = any> extends ToolnexusMatchers<void> {}
  interface AsymmetricMatchersContaining extends ToolnexusAsymmetricMatchers<void> {}
}

installOnVitest(expect, chai);
