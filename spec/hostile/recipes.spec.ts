// An error thrown by a caller's recipe surfaces unchanged and leaves no half-built value; what immer throws
// while finishing a draft the recipe filled with something hostile is a ValidationError; an async recipe is
// refused, and its later rejection can never crash the process.
import { describe, expect, it } from "@jest/globals";
import { ToolResult, ToolnexusError, ValidationError } from "toolnexus";
import { selfThrowingProxy, throwingProxy } from "./constructs";
import { thrownBy } from "../support/throws";

const base = () => ToolResult.ok("out", { metadata: { n: 1, list: [1, 2], nested: { a: { b: 1 } } } });

const THROWN: [string, () => unknown][] = [
  ["an Error", () => new Error("recipe failed")],
  ["an Error subclass with a code", () => Object.assign(new TypeError("bad"), { code: "E_BAD" })],
  ["a ToolnexusError of its own", () => new ValidationError("invalid-value", "the caller's own validation")],
  ["a string", () => "just a string"],
  ["null", () => null],
  ["undefined", () => undefined],
  ["a symbol", () => Symbol("thrown")],
  ["a Proxy whose every trap throws itself", selfThrowingProxy],
];

describe("an error thrown by a recipe", () => {
  const copies: [string, (r: ToolResult, recipe: (d: never) => void) => unknown][] = [
    ["withMetadata", (r, recipe) => r.withMetadata(recipe as never)],
    ["with", (r, recipe) => r.with(recipe as never)],
  ];

  describe.each(copies)("in %s", (_copy, call) => {
    it.each(THROWN)("surfaces unchanged when it is %s, after edits to the draft", (_name, make) => {
      const r = base();
      const before = JSON.stringify(r);
      const metadata = r.metadata;
      const mine = { caller: [1] };
      const value = make();
      const thrown = thrownBy(() =>
        call(r, (d: never) => {
          const draft = d as Record<string, unknown>;
          const m = (draft.metadata ?? draft) as Record<string, unknown>;
          m.n = 2;
          (m.list as unknown[]).push(3);
          ((m.nested as Record<string, Record<string, unknown>>).a!).b = 2;
          m.mine = mine;
          if (draft.metadata) draft.output = "changed";
          throw value;
        }),
      );
      expect(thrown === value).toBe(true);
      // No half-built value: the receiver is as it was, the caller's object was not frozen, and the next
      // recipe runs on a clean slate.
      expect(JSON.stringify(r)).toBe(before);
      expect(r.metadata).toBe(metadata);
      expect(Object.isFrozen(mine)).toBe(false);
      expect(Object.isFrozen(mine.caller)).toBe(false);
      const next = r.withMetadata((m: Record<string, unknown>) => void (m.n = 3));
      expect(next.metadata).toEqual({ n: 3, list: [1, 2], nested: { a: { b: 1 } } });
    });
  });

  it("is thrown as is by attempt's own callers too: attempt turns it into an error result instead", () => {
    const e = new Error("inside");
    const r = ToolResult.attempt(() => base().withMetadata(() => {
      throw e;
    }));
    expect(r.isError).toBe(true);
    expect(r.output).toBe("inside");
  });
});

describe("what immer throws while finishing a draft", () => {
  it("for a Proxy whose traps throw, returned by the recipe, is a ValidationError at metadata", () => {
    const e = thrownBy(() => base().withMetadata(() => throwingProxy({ a: 1 }) as never));
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ToolnexusError).path).toBe("metadata");
  });

  it("for a getter that throws, on a replacement the recipe returns, is a ValidationError", () => {
    const replacement = Object.defineProperty({}, "a", {
      enumerable: true,
      get() {
        throw new Error("getter");
      },
    });
    expect(thrownBy(() => base().withMetadata(() => replacement as never))).toBeInstanceOf(ValidationError);
  });

  it("for nesting that exhausts immer's recursion is a too-deep ValidationError, not a RangeError", () => {
    let deep: unknown = null;
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const e = thrownBy(() => base().with((d) => void ((d.metadata as Record<string, unknown>).x = deep)));
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ToolnexusError).code).toBe("too-deep");
  });

  it("for assigning __proto__ on a draft is immer's own error, thrown inside the recipe, so it surfaces unchanged", () => {
    let inside: unknown;
    const e = thrownBy(() =>
      base().withMetadata((m: Record<string, unknown>) => {
        try {
          m["__proto__"] = { polluted: true };
        } catch (err) {
          inside = err;
          throw err;
        }
      }),
    );
    expect(e).toBe(inside);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a getter in a value a recipe puts in its draft", () => {
  it("is read once, and its value stored as data", () => {
    let reads = 0;
    const value = Object.defineProperty({}, "a", { enumerable: true, get: () => ++reads });
    const r = base().withMetadata((m: Record<string, unknown>) => void (m.x = { inner: value }));
    expect(reads).toBe(1);
    expect(Object.getOwnPropertyDescriptor((r.metadata!.x as Record<string, Record<string, unknown>>).inner, "a")).toEqual({ value: 1, enumerable: true, writable: false, configurable: false });
  });

  it("on a replacement the recipe returns is read by immer too: twice (a stated limit)", () => {
    let reads = 0;
    const value = Object.defineProperty({}, "a", { enumerable: true, get: () => ++reads });
    const r = base().withMetadata(() => ({ inner: value }) as never);
    expect(reads).toBe(2);
    expect((r.metadata!.inner as Record<string, unknown>).a).toBe(2);
  });
});

describe("an async recipe", () => {
  it("is refused with a ValidationError, and a rejection after its first await is handled", async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      const r = base();
      const e = thrownBy(() =>
        r.withMetadata((async (m: Record<string, unknown>) => {
          m.n = 5;
          await null;
          throw new Error("after the first await");
        }) as never),
      );
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ToolnexusError).code).toBe("invalid-type");
      const e2 = thrownBy(() => r.with((async () => undefined) as never));
      expect(e2).toBeInstanceOf(ValidationError);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(r.metadata!.n).toBe(1);
    } finally {
      process.off("unhandledRejection", listener);
    }
  });
});
