// A Jest test file as a user writes it, with the matchers' types from tsconfig.json "types" or from the type-only
// import of testing-types.d.ts (tsconfig.import.json): on `expect` from @jest/globals and on the global `expect`.
import { expect as jestExpect } from "@jest/globals";
import { ToolResult } from "toolnexus";
import { equalityTesters, matchers, snapshotSerializer } from "toolnexus/testing";

const r = ToolResult.ok("3 files found");
jestExpect(r).toBeOk();
jestExpect(r).not.toBeError();
jestExpect(r).toBePending("approval");
jestExpect(r).toHaveOutput(/files/);
jestExpect(r).toHaveParts(0);
jestExpect({ r }).toEqual({ r: jestExpect.toBeOk() });
expect(r).toBeOk();
expect(r).toHaveOutput("3 files found");
expect(r).not.toHaveParts();
expect({ r }).toEqual({ r: expect.not.toBePending() });
jestExpect.addEqualityTesters(equalityTesters);
jestExpect.extend(matchers);
jestExpect.addSnapshotSerializer(snapshotSerializer);
expect.addSnapshotSerializer(snapshotSerializer);
// @ts-expect-error a count is a number
jestExpect(r).toHaveParts("1");
// @ts-expect-error an output is a string or a RegExp
expect(r).toHaveOutput(1);
