// safeFromJSON never throws, whatever it is given: any JSON, any JavaScript value, hostile objects, and valid
// documents with one node replaced by any of those. fromJSON agrees with it and throws only ToolnexusErrors.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { ToolnexusError } from "toolnexus";
import { describeThrown, safeInstanceOf } from "../hostile/constructs";
import { anyValue, applyMutation, hostile, mutated, TYPES, type TypeUnderTest } from "./arbitraries";
import { RUNS, timeout } from "./settings";
import { assertDeepFrozen, assertToolnexusError } from "./support";

/**
 * Reads a value through both doors and checks that they agree and that nothing else escapes. `make` gives a
 * fresh copy for each door: a hostile value may be used up, or answer differently, once read.
 */
function readBoth(t: TypeUnderTest, make: () => unknown): void {
  let safe: { success: boolean; data?: unknown; error?: unknown };
  try {
    safe = t.safeFromJSON(make());
  } catch (e) {
    throw new Error(`safeFromJSON threw: ${describeThrown(e)}`);
  }
  if (typeof safe !== "object" || safe === null || typeof safe.success !== "boolean") throw new Error("safeFromJSON gave no { success }");
  let strictError: unknown;
  let strict: unknown;
  let threw = false;
  try {
    strict = t.fromJSON(make());
  } catch (e) {
    threw = true;
    strictError = e;
  }
  if (safe.success) {
    if (threw) throw new Error(`safeFromJSON accepted what fromJSON refused: ${describeThrown(strictError)}`);
    assertDeepFrozen(safe.data, "data");
    if (!(strict as { equals(o: unknown): boolean }).equals(safe.data)) throw new Error("fromJSON and safeFromJSON read different values");
  } else {
    assertToolnexusError(safe.error, "safeFromJSON's error");
    if (!threw) throw new Error("fromJSON accepted what safeFromJSON refused");
    assertToolnexusError(strictError, "fromJSON's error");
    const a = safe.error as ToolnexusError;
    const b = strictError as ToolnexusError;
    if (a.code !== b.code || a.path !== b.path) throw new Error(`the two doors disagree: ${a.code} at ${a.path} vs ${b.code} at ${b.path}`);
  }
}

describe.each(TYPES.map((t) => [t.name, t] as const))("%s.safeFromJSON never throws", (_name, t) => {
  it(`on any JSON, parsed from text by JSON.parse (${RUNS} runs)`, () => {
    fc.assert(fc.property(fc.json(), (s) => readBoth(t, () => JSON.parse(s))));
  }, timeout());

  it(`on any JavaScript value (${RUNS} runs)`, () => {
    fc.assert(fc.property(anyValue, (v) => readBoth(t, () => v)));
  }, timeout());

  it(`on hostile values: throwing getters and Proxies, cycles, non-JSON values (${RUNS} runs)`, () => {
    fc.assert(fc.property(hostile, (h) => readBoth(t, h.make)));
  }, timeout());

  it(`on valid documents with one node replaced by anything (${RUNS} runs)`, () => {
    fc.assert(fc.property(mutated(t.json), (m) => readBoth(t, () => applyMutation(m))));
  }, timeout(20));

  it("and on nothing at all", () => {
    for (const v of [undefined, null, "", 0, false, Symbol("s"), 1n, () => undefined]) expect(() => readBoth(t, () => v)).not.toThrow();
    expect(safeInstanceOf(t.safeFromJSON(undefined).error, ToolnexusError)).toBe(true);
  });
});
