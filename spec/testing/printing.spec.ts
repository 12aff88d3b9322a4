// The runner's own matchers under toolnexus/testing/setup, driven by fixtures/testing/printing.json: each failing
// assertion on values that hold parts shows the part data by size and digest (docs/testing.md, "Jest"), never
// a payload, in its message and in what reporters read of it (`matcherResult`); and the verdict stays the
// runner's (the same assertion with .not toggled passes).
import { describe, expect, it, jest } from "@jest/globals";
import "toolnexus/testing/setup";
import { ContentPart, ToolResult } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { payloadsOf, resolve, stripAnsi } from "./support";

interface Case {
  matcher: string;
  not?: boolean;
  received: unknown;
  args: unknown[];
  sizeShown: boolean;
  usageError?: boolean;
  why?: string;
}

const { cases } = loadJSON<{ cases: Case[] }>("testing/printing.json");

/** A value of the fixture's forms (see its description). */
function value(ref: unknown, received?: unknown): unknown {
  if (typeof ref === "number" || ref === "$received") return ref === "$received" ? received : ref;
  if (typeof ref === "object" && ref !== null) {
    const r = ref as Record<string, unknown>;
    if ("list" in r) return (r.list as unknown[]).map((x) => value(x));
    if ("item" in r) return (received as unknown[])[r.item as number];
    if ("global" in r) return (globalThis as Record<string, unknown>)[r.global as string];
    if ("calledWith" in r) {
      const fn = jest.fn();
      fn(...(r.calledWith as unknown[]).map((x) => value(x)));
      return fn;
    }
    if ("returns" in r) {
      const out = value(r.returns);
      const fn = jest.fn(() => out);
      fn();
      return fn;
    }
    if ("throws" in r) {
      const out = value(r.throws);
      return jest.fn(() => {
        throw out;
      });
    }
  }
  return resolve(ref);
}

/** Every payload the values of a case hold (mock calls, returns and thrown values included). */
function payloads(c: Case): string[] {
  const refs: unknown[] = [];
  const collect = (ref: unknown): void => {
    if (typeof ref !== "object" || ref === null) {
      refs.push(ref);
      return;
    }
    const r = ref as Record<string, unknown>;
    if ("list" in r) (r.list as unknown[]).forEach(collect);
    else if ("calledWith" in r) (r.calledWith as unknown[]).forEach(collect);
    else if ("returns" in r) collect(r.returns);
    else if ("throws" in r) collect(r.throws);
    else refs.push(ref);
  };
  collect(c.received);
  c.args.forEach(collect);
  const found = refs.filter((r) => r !== "$received" && typeof r !== "number" && !(typeof r === "object" && r !== null && ("item" in r || "global" in r)));
  return found.flatMap((r) => payloadsOf(resolve(r)));
}

type Assert = Record<string, (...a: unknown[]) => void>;
function run(c: Case, received: unknown, not: boolean): void {
  const e = expect(received) as unknown as Assert & { not: Assert };
  (not ? e.not : e)[c.matcher]!(...c.args.map((a) => value(a, received)));
}

/** The error of an assertion that must fail. */
function errorOf(assertion: () => void): Error & { matcherResult?: unknown } {
  try {
    assertion();
  } catch (e) {
    if (e instanceof Error) return e;
    throw new Error(`the assertion threw a value that is not an Error: ${String(e)}`);
  }
  throw new Error("the assertion passed, but it was meant to fail");
}

/** Neither a payload nor any 16-character window of one appears in `text`. */
function expectNoPayload(text: string, all: string[]): void {
  expect(all.length).toBeGreaterThan(0);
  for (const p of all) for (let i = 0; i + 16 <= p.length; i += 8) expect(text.includes(p.slice(i, i + 16))).toBe(false);
}

const title = (c: Case) => `${c.not ? "not." : ""}${c.matcher}(${c.args.map((a) => JSON.stringify(a)).join(", ")}) on ${JSON.stringify(c.received)}`;

describe("the runner's matchers show part data by size (fixtures/testing/printing.json)", () => {
  it.each(cases.map((c) => [title(c), c] as const))("%s", (_t, c) => {
    const received = value(c.received);
    const error = errorOf(() => run(c, received, c.not === true));
    const message = stripAnsi(error.message);
    const all = payloads(c);
    expectNoPayload(message, all);
    expectNoPayload(error.stack ?? "", all);
    if (c.sizeShown) expect(message).toMatch(/<\d+ bytes?, digest [0-9a-f]{8}>/);
    if (c.usageError) {
      expect(message).toContain("Matcher error");
      expectNoPayload(stripAnsi(errorOf(() => run(c, received, c.not !== true)).message), all);
      return;
    }
    // What a reporter writes out of the failure (Jest keeps the matcher's result on the error).
    if (error.matcherResult !== undefined) expectNoPayload(JSON.stringify(error.matcherResult), all);
    expect(message).toContain(`${c.not ? ".not" : ""}.${c.matcher}(`);
    // The verdict is the runner's: the opposite assertion passes.
    run(c, received, c.not !== true);
  });

  it("calls a function given to toThrow once, and shows what it threw by size", () => {
    const chart = ToolResult.ok("chart", { parts: [ContentPart.fromBytes(new Uint8Array(48).fill(7), { mimeType: "application/octet-stream" })] });
    const fn = jest.fn(() => {
      throw chart;
    });
    const message = stripAnsi(errorOf(() => expect(fn).toThrow("something else")).message);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(message).toContain("<48 bytes, digest");
    expect(message).not.toContain(chart.parts![0]!.data!.slice(0, 16));
  });

  it("shows part data by size under .resolves", async () => {
    const chart = ToolResult.ok("chart", { parts: [ContentPart.fromBytes(new Uint8Array(48).fill(9), { mimeType: "application/octet-stream" })] });
    const message = await expect(Promise.resolve([chart])).resolves.toContain(ToolResult.ok("x")).then(
      () => "passed",
      (e: Error) => stripAnsi(e.message),
    );
    expect(message).toContain(".resolves.toContain");
    expect(message).toContain("<48 bytes, digest");
    expect(message).not.toContain(chart.parts![0]!.data!.slice(0, 16));
  });

  it("judges an asymmetric toolnexus matcher inside the call the same way in the message", () => {
    const onResult = jest.fn();
    onResult(ToolResult.ok("chart", { parts: [ContentPart.fromBytes(new Uint8Array(48).fill(3), { mimeType: "application/octet-stream" })] }));
    const message = stripAnsi(errorOf(() => expect(onResult).not.toHaveBeenCalledWith(expect.toBeOk())).message);
    expect(message).toContain(".not.toHaveBeenCalledWith(");
    expect(message).toContain("<48 bytes, digest");
  });

  it("leaves messages without toolnexus values as the runner writes them", () => {
    expect(stripAnsi(errorOf(() => expect([1, 2]).toContain(3)).message)).toBe(
      "expect(received).toContain(expected) // indexOf\n\nExpected value: 3\nReceived array: [1, 2]",
    );
  });
});
