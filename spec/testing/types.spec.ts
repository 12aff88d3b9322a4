// The matchers' types, on the `expect` of @jest/globals and on the global `expect` of @types/jest. Type
// errors fail the source project (which type-checks every spec); the calls also run.
import { describe, expect as jestExpect, it } from "@jest/globals";
import "toolnexus/testing/setup";
import { ToolResult } from "toolnexus";
import { equalityTesters, matchers, snapshotSerializer, type ToolnexusMatchers } from "toolnexus/testing";

const r = ToolResult.pending({ kind: "approval", prompt: "Deploy?" });

describe("the matchers' types", () => {
  it("are on the expect of @jest/globals", async () => {
    jestExpect(r).toBeError();
    jestExpect(r).not.toBeOk();
    jestExpect(r).toBePending();
    jestExpect(r).toBePending("approval");
    jestExpect(r).toHaveOutput("Deploy?");
    jestExpect(r).toHaveOutput(/Deploy/);
    jestExpect(r).toHaveParts(0);
    jestExpect(r).not.toHaveParts();
    await jestExpect(Promise.resolve(r)).resolves.toBePending("approval");
    jestExpect({ r }).toEqual({ r: jestExpect.toBePending("approval") });
    jestExpect({ r }).toEqual({ r: jestExpect.not.toBeOk() });
  });

  it("are on the global expect", async () => {
    expect(r).toBeError();
    expect(r).not.toBeOk();
    expect(r).toBePending("approval");
    expect(r).toHaveOutput(/Deploy/);
    expect(r).toHaveParts(0);
    await expect(Promise.resolve(r)).resolves.toBePending();
    expect({ r }).toEqual({ r: expect.toBePending("approval") });
    expect({ r }).toEqual({ r: expect.not.toHaveParts() });
  });

  it("let the exports be registered by hand", () => {
    jestExpect.addEqualityTesters(equalityTesters);
    jestExpect.extend(matchers);
    jestExpect.addSnapshotSerializer(snapshotSerializer);
    expect.extend(matchers);
    expect.addSnapshotSerializer(snapshotSerializer);
    const m: ToolnexusMatchers<void> = jestExpect(r);
    m.toBeError();
  });
});

// Never called: each line must fail to compile.
export function misuses(): void {
  // @ts-expect-error toBeOk takes no argument
  jestExpect(r).toBeOk(true);
  // @ts-expect-error a kind is a string
  jestExpect(r).toBePending(1);
  // @ts-expect-error an output is a string or a RegExp
  jestExpect(r).toHaveOutput(3);
  // @ts-expect-error a count is a number
  jestExpect(r).toHaveParts("2");
  // @ts-expect-error a count is a number
  expect(r).toHaveParts("2");
  // @ts-expect-error an output is a string or a RegExp
  expect(r).toHaveOutput(["x"]);
  // @ts-expect-error toBeError takes no argument
  expect.toBeError("x");
}
