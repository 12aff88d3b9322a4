// A Vitest test file as a user writes it, with the matchers' types from "toolnexus/testing/vitest-setup" in
// tsconfig.vitest.json "types". skipLibCheck is off there, so an error inside the published Vitest declarations
// fails too.
import { expect } from "vitest";
import { ToolResult } from "toolnexus";

const r = ToolResult.ok("3 files found");
expect(r).toBeOk();
expect(r).not.toBeError();
expect(r).toBePending("approval");
expect(r).toHaveOutput(/files/);
expect(r).toHaveParts(0);
expect({ r }).toEqual({ r: expect.toBeOk() });
expect({ r }).toEqual({ r: expect.not.toBePending() });
// @ts-expect-error a count is a number
expect(r).toHaveParts("1");
// @ts-expect-error an output is a string or a RegExp
expect(r).toHaveOutput(1);
