// The red team, on the receiver: every instance method (and getter) of a part called on a value this copy did
// not make (docs/trust.md, "Reading what callers pass", "Every method, every receiver"). The table is the `partReceivers`
// key of fixtures/hostile/entry-points.json (its $comment names the forms). A look-alike is read and checked
// as `fromJSON` reads a part: it gives what the genuine part gives, or a ToolnexusError with a code, never a
// value built from unchecked fields and never a bare TypeError.
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ToolnexusError } from "toolnexus";
import { loadJSON } from "../support/fixtures";
import { otherBuild as otherCore } from "../support/other-build";
import { describeThrown, safeInstanceOf } from "./constructs";

interface Bad {
  readonly fields: Record<string, unknown>;
  readonly code: string;
}
interface ClassTable {
  readonly base: Record<string, unknown>;
  readonly bad: readonly Bad[];
  readonly methods: readonly { readonly name: string; readonly args: readonly unknown[] }[];
}
const TABLE = loadJSON<{ partReceivers: { ContentPart: ClassTable } }>("hostile/entry-points.json").partReceivers.ContentPart;

type PartClass = typeof ContentPart;

/** ContentPart of the other build (dist/): ESM when the build under test is CJS, else CJS. */
const otherBuild = async (): Promise<PartClass> => (await otherCore()).ContentPart;

/** A genuine part of this build (a fresh one for each use). */
const genuine = (json: unknown = TABLE.base): ContentPart => ContentPart.fromJSON(json);

/** Built arguments: `{ "$genuine": "ContentPart", json }` is a genuine part. */
function argsOf(args: readonly unknown[]): unknown[] {
  return args.map((a) => (typeof a === "object" && a !== null && "$genuine" in a && "json" in a ? genuine(a.json) : structuredClone(a)));
}

/** `Object.create(ContentPart.prototype)` holding `fields` as its own. */
function lookalike(fields: Record<string, unknown>): object {
  return Object.assign(Object.create(ContentPart.prototype) as object, fields);
}

type Outcome = { readonly kind: "value"; readonly text: string } | { readonly kind: "error"; readonly error: unknown };

/** Calls the method (or getter) `name` of ContentPart.prototype on `receiver`. */
function call(name: string, receiver: unknown, args: unknown[]): Outcome {
  const key = name.split("#")[1]!;
  const desc = Object.getOwnPropertyDescriptor(ContentPart.prototype, key);
  const fn = (desc?.get ?? desc?.value) as ((...a: unknown[]) => unknown) | undefined;
  if (typeof fn !== "function") throw new Error(`the table names ${name}, which ContentPart.prototype does not have`);
  try {
    const v = Reflect.apply(fn, receiver, args);
    const text = JSON.stringify(v, (_k, x: unknown) => (x instanceof Uint8Array ? `bytes:${Buffer.from(x).toString("base64")}` : x));
    // A genuine part comes back as genuine: say so, so that a look-alike copied through is told apart.
    return { kind: "value", text: `${ContentPart.isContentPart(v) ? "part " : ""}${text}` };
  } catch (e) {
    return { kind: "error", error: e };
  }
}

function show(o: Outcome): string {
  if (o.kind === "value") return `value ${o.text}`;
  const e = o.error as { code?: unknown; path?: unknown };
  return safeInstanceOf(o.error, ToolnexusError) ? `error ${String(e.code)} at ${JSON.stringify(e.path)}` : `escaped ${describeThrown(o.error)}`;
}

const TRAPS = ["get", "getOwnPropertyDescriptor", "ownKeys", "has", "getPrototypeOf"] as const;

describe.each(TABLE.methods.map((m) => [m.name, m] as const))("%s on a receiver this copy did not make", (name, row) => {
  const reference = (): string => show(call(name, genuine(), argsOf(row.args)));

  it("on a genuine part it gives a value (the reference)", () => {
    expect(reference()).toMatch(/^value /);
  });

  it("lookalike: Object.create(ContentPart.prototype) with the genuine fields gives the same", () => {
    expect(show(call(name, lookalike({ ...TABLE.base }), argsOf(row.args)))).toBe(reference());
  });

  it("jsonWithPrototype: the JSON given the prototype gives the same", () => {
    expect(show(call(name, Object.setPrototypeOf({ ...TABLE.base }, ContentPart.prototype), argsOf(row.args)))).toBe(reference());
  });

  it("proxyOfGenuine: gives the same", () => {
    expect(show(call(name, new Proxy(genuine(), {}), argsOf(row.args)))).toBe(reference());
  });

  it("otherBuild: a part of the other build gives the same (equals: a boolean)", async () => {
    const Other = await otherBuild();
    const got = show(call(name, Other.fromJSON(TABLE.base), argsOf(row.args)));
    if (name === "ContentPart#equals") expect(got).toMatch(/^value (true|false)$/);
    else expect(got).toBe(reference());
  });

  it("revoked and noReceiver: a ToolnexusError, never a bare TypeError", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const receiver of [proxy, undefined, null, 5, "text"]) expect(show(call(name, receiver, argsOf(row.args)))).toMatch(/^error /);
  });

  it.each(TRAPS)("trap:%s: the same, or a ToolnexusError", (trap) => {
    const proxy = new Proxy(genuine(), {
      [trap]() {
        throw new Error(`hostile ${trap} trap`);
      },
    });
    const got = show(call(name, proxy, argsOf(row.args)));
    if (got !== reference()) expect(got).toMatch(/^error /);
  });

  it.each(TABLE.bad.map((b, i) => [i, b] as const))("bad:%i: a look-alike with unchecked fields is a ToolnexusError of its code", (_i, bad) => {
    for (const receiver of [lookalike({ ...bad.fields }), Object.setPrototypeOf({ ...bad.fields }, ContentPart.prototype) as object]) {
      const got = call(name, receiver, argsOf(row.args));
      expect(show(got)).toMatch(new RegExp(`^error ${bad.code} `));
    }
  });
});
