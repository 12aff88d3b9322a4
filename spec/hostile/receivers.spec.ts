// The red team, on the receiver: every instance method and getter of ToolResult, Request and Answer called on
// a value this copy did not make (docs/trust.md, "Reading what callers pass": every method, every receiver). The
// rows are the `receivers` table of fixtures/hostile/entry-points.json; each form must give the outcome of
// the same call on a genuine value, or a ToolnexusError with a code and a path, never a bare error, and never
// a genuine value made of unchecked fields.
import { describe, expect, it } from "@jest/globals";
import * as core from "toolnexus";
import { ToolnexusError } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { otherBuild } from "../support/other-build";
import { describeThrown, safeInstanceOf } from "./constructs";

type ClassName = "ToolResult" | "Request" | "Answer";
type Lib = Pick<typeof core, ClassName>;

interface Row {
  readonly name: string;
  readonly label?: string;
  readonly getter?: boolean;
  readonly receiver: Record<string, unknown>;
  readonly args: readonly unknown[];
}

interface Case {
  readonly name: string;
  readonly call: string;
  readonly getter?: boolean;
  readonly fields: Record<string, unknown>;
  readonly args: readonly unknown[];
  readonly code?: string;
  readonly path: string;
}

const TABLE = loadJSON<{ receivers: { rows: readonly Row[]; cases: readonly Case[] } }>("hostile/entry-points.json").receivers;

const classOf = (name: string): ClassName => name.split("#")[0] as ClassName;
const memberOf = (name: string): string => name.split("#")[1]!;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The arguments' constructs: `{ $genuine, json }` (X.fromJSON of this build), `{ $date }`; the rest is JSON, copied. */
function build(d: unknown): unknown {
  if (Array.isArray(d)) return d.map(build);
  if (d === "$nan") return NaN;
  if (!isObj(d)) return d;
  if (typeof d.$genuine === "string") return (core[d.$genuine as ClassName] as { fromJSON(v: unknown): unknown }).fromJSON(build(d.json));
  if (typeof d.$date === "string") return new Date(d.$date);
  return Object.fromEntries(Object.entries(d).map(([k, v]) => [k, build(v)]));
}

/** An object with the prototype `proto` and the fields as its own data properties. */
function withFields(proto: object | null, fields: Record<string, unknown>): Record<string, unknown> {
  const out = Object.create(proto) as Record<string, unknown>;
  for (const [k, v] of Object.entries(build(fields) as object)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** The genuine value a receiver describes (its fields checked and copied, as fromJSON does). */
const genuine = (cls: ClassName, json: Record<string, unknown>, lib: Lib = core): object => (lib[cls] as { fromJSON(v: unknown): object }).fromJSON(build(json));

type Outcome = { kind: "value"; value: unknown } | { kind: "error"; error: unknown };

/** The method or getter of this build called on `receiver`. */
function call(name: string, getter: boolean | undefined, receiver: unknown, args: readonly unknown[]): Outcome {
  const proto = core[classOf(name)].prototype as object;
  const d = Object.getOwnPropertyDescriptor(proto, memberOf(name))!;
  try {
    const fn = (getter ? d.get : d.value) as (...a: unknown[]) => unknown;
    return { kind: "value", value: Reflect.apply(fn, receiver, build(args) as unknown[]) };
  } catch (error) {
    return { kind: "error", error };
  }
}

/** A comparable text of an outcome: a value's JSON and its kind, or an error's code and path. */
function summary(o: Outcome): string {
  if (o.kind === "error") {
    const e = o.error as { code?: unknown; path?: unknown };
    return safeInstanceOf(o.error, ToolnexusError) ? `error ${String(e.code)} at ${JSON.stringify(e.path)}` : `escaped ${describeThrown(o.error)}`;
  }
  const v = o.value;
  const kind = core.ToolResult.isToolResult(v) ? "ToolResult " : core.Request.isRequest(v) ? "Request " : core.Answer.isAnswer(v) ? "Answer " : "";
  return `value ${kind}${typeof v === "string" ? v : JSON.stringify(v)}`;
}

/** What is wrong with an outcome that must be an error (at `path`, when given), or undefined. */
function notAnError(o: Outcome, path?: string): string | undefined {
  if (o.kind === "value") return `expected a ToolnexusError, got ${summary(o)}`;
  if (!safeInstanceOf(o.error, ToolnexusError)) return `escaped: ${describeThrown(o.error)}`;
  const e = o.error as { code: unknown; path: unknown };
  if (typeof e.code !== "string" || typeof e.path !== "string") return "a ToolnexusError without a code or a path";
  if (path !== undefined && e.path !== path) return `expected the error at ${JSON.stringify(path)}, got ${summary(o)}`;
  return undefined;
}

const TRAPS = ["ownKeys", "get", "has", "getOwnPropertyDescriptor", "getPrototypeOf"] as const;

const rowId = (r: Row): string => `${r.name}${r.label ? ` (${r.label})` : ""}`;

describe.each(TABLE.rows.map((r) => [rowId(r), r] as const))("%s on a receiver look-alike", (_id, row) => {
  const cls = classOf(row.name);
  const proto = core[cls].prototype as object;
  const reference = (): Outcome => call(row.name, row.getter, genuine(cls, row.receiver), row.args);
  /** The call on `receiver` gives the reference, and never hands the receiver itself back (a copy is made and checked). */
  const same = (receiver: unknown): void => {
    const o = call(row.name, row.getter, receiver, row.args);
    expect(summary(o)).toBe(summary(reference()));
    expect(o.kind === "value" && o.value === receiver).toBe(false);
  };

  it("the reference (a genuine receiver) gives a value", () => {
    expect(summary(reference())).toMatch(/^value /);
  });
  it("lookalike: Object.create(prototype) with valid fields gives the reference", () => same(withFields(proto, row.receiver)));
  it("plainObject: .call on a plain object with valid fields gives the reference", () => same(withFields(Object.prototype, row.receiver)));
  it("proxyOfGenuine gives the reference", () => same(new Proxy(genuine(cls, row.receiver), {})));
  it("otherBuild: a value of the other build gives the reference", async () => {
    same(genuine(cls, row.receiver, await otherBuild()));
  });
  it("subclassLookalike: a look-alike of a subclass gives the reference, as the subclass", () => {
    const Sub = class extends (core[cls] as unknown as new (...a: never[]) => object) {};
    // The reference: the call on a genuine instance of the subclass; equals is asked of an equal one of it.
    const sub = (Sub as unknown as { fromJSON(v: unknown): object }).fromJSON(build(row.receiver));
    const isEquals = row.name.endsWith("#equals");
    const lookalike = withFields(Sub.prototype, row.receiver);
    if (isEquals) {
      const d = Object.getOwnPropertyDescriptor(core[cls].prototype, "equals")!.value as (x: unknown) => boolean;
      expect(d.call(lookalike, sub)).toBe(true);
      return;
    }
    const o = call(row.name, row.getter, lookalike, row.args);
    expect(summary(o)).toBe(summary(call(row.name, row.getter, sub, row.args)));
    if (o.kind === "value" && typeof o.value === "object" && o.value !== null && safeInstanceOf(o.value, core[cls] as never) && !row.name.endsWith("#toJSON")) {
      expect(o.value instanceof Sub).toBe(true);
    }
  });
  for (const field of Object.keys(row.receiver)) {
    it(`lookalikeWrongType:${field} is a ToolnexusError`, () => {
      const v = row.receiver[field];
      const wrong = typeof v === "string" ? 7 : typeof v === "boolean" ? String(v) : typeof v === "number" ? String(v) : "not an object";
      const o = call(row.name, row.getter, withFields(proto, { ...row.receiver, [field]: wrong }), row.args);
      expect(notAnError(o)).toBeUndefined();
    });
    it(`throwingGetter:${field} is a ToolnexusError at ${field}`, () => {
      const r = withFields(proto, row.receiver);
      Object.defineProperty(r, field, {
        enumerable: true,
        get() {
          throw new Error(`hostile getter ${field}`);
        },
      });
      expect(notAnError(call(row.name, row.getter, r, row.args), field)).toBeUndefined();
    });
  }
  it("revoked: a revoked Proxy is a ToolnexusError", () => {
    const { proxy, revoke } = Proxy.revocable(withFields(proto, row.receiver), {});
    revoke();
    expect(notAnError(call(row.name, row.getter, proxy, row.args))).toBeUndefined();
  });
  it("primitive: a number, a string, undefined or null as the receiver is a ToolnexusError", () => {
    for (const r of [5, "x", undefined, null]) expect(notAnError(call(row.name, row.getter, r, row.args))).toBeUndefined();
  });
  for (const trap of TRAPS) {
    it(`trap:${trap}: a Proxy of a look-alike whose trap throws gives the reference or a ToolnexusError`, () => {
      const p = new Proxy(withFields(proto, row.receiver), {
        [trap]() {
          throw new Error(`hostile ${trap} trap`);
        },
      });
      const o = call(row.name, row.getter, p, row.args);
      if (o.kind === "error") expect(notAnError(o)).toBeUndefined();
      else expect(summary(o)).toBe(summary(reference()));
    });
  }
});

describe("a look-alike receiver with a bad field is refused, never used", () => {
  it.each(TABLE.cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const o = call(c.call, c.getter, withFields(core[classOf(c.call)].prototype as object, c.fields), c.args);
    expect(notAnError(o, c.path)).toBeUndefined();
    if (c.code !== undefined) expect((o as { error: { code: string } }).error.code).toBe(c.code);
  });
});
