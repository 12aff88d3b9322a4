// Every static of the four classes, called on every kind of receiver (docs/subclassing.md and
// "Errors"): unbound (destructured, `const { ok } = ToolResult`, or called with `.call(null)`) it acts as
// the base class's; on a subclass it makes the subclass; on anything else (a plain object the static was
// copied onto, a function that is no subclass) it throws a typed ValidationError (`invalid-type`, path "")
// that says how to call it, never a bare TypeError. `attempt` and the `safe*` twins never throw: they give
// their error value instead. The statics that read no receiver (the brand checks, `ContentPart.summary`,
// Vercel Workflow's serializer) answer the same whatever they are called on.
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, ContentPartError, Request, ToolResult, ValidationError } from "toolnexus";
import { thrownBy } from "../support/throws";

type AnyFn = (...args: unknown[]) => unknown;
type ClassName = "ToolResult" | "ContentPart" | "Request" | "Answer";
const CLASSES = { ToolResult, ContentPart, Request, Answer } as const;
const SERIALIZE = Symbol.for("workflow-serialize");
const DESERIALIZE = Symbol.for("workflow-deserialize");

const PNG = "iVBORw0KGgo=";
const png = (): Uint8Array => Uint8Array.from(Buffer.from(PNG, "base64"));
const req = (): Request => Request.fromJSON({ id: "r-1", kind: "approval", prompt: "Allow?" });

/**
 * How a static behaves: "builds" (returns an instance of the class it resolved), "async" (resolves to one),
 * "safe" (returns { success, data | error }), "safeAsync" (resolves to that), "attempt", or "free" (reads no
 * receiver: the same answer on every receiver).
 */
type Kind = "builds" | "async" | "safe" | "safeAsync" | "attempt" | "free";
interface Row {
  readonly cls: ClassName;
  readonly name: string | symbol;
  readonly kind: Kind;
  readonly args: () => unknown[];
}

const ROWS: readonly Row[] = [
  { cls: "ToolResult", name: "ok", kind: "builds", args: () => ["x"] },
  { cls: "ToolResult", name: "error", kind: "builds", args: () => ["failed", { metadata: { a: 1 } }] },
  { cls: "ToolResult", name: "pending", kind: "builds", args: () => [{ kind: "approval", prompt: "Allow?" }] },
  { cls: "ToolResult", name: "authRequired", kind: "builds", args: () => ["https://example.com/login"] },
  { cls: "ToolResult", name: "fromJSON", kind: "builds", args: () => [{ output: "x" }] },
  { cls: "ToolResult", name: "safeFromJSON", kind: "safe", args: () => [{ output: "x" }] },
  { cls: "ToolResult", name: "isToolResult", kind: "free", args: () => [ToolResult.ok("x")] },
  { cls: "ToolResult", name: "json", kind: "builds", args: () => [{ a: 1 }] },
  { cls: "ToolResult", name: "attempt", kind: "attempt", args: () => [() => "x"] },
  { cls: "ToolResult", name: SERIALIZE, kind: "free", args: () => [ToolResult.ok("x")] },
  { cls: "ToolResult", name: DESERIALIZE, kind: "builds", args: () => [{ output: "x", isError: false }] },

  { cls: "ContentPart", name: "text", kind: "builds", args: () => ["hello"] },
  { cls: "ContentPart", name: "image", kind: "async", args: () => [png()] },
  { cls: "ContentPart", name: "file", kind: "async", args: () => ["https://example.com/a.pdf"] },
  { cls: "ContentPart", name: "audio", kind: "async", args: () => ["https://example.com/a.wav"] },
  { cls: "ContentPart", name: "from", kind: "async", args: () => [png()] },
  { cls: "ContentPart", name: "safeImage", kind: "safeAsync", args: () => [png()] },
  { cls: "ContentPart", name: "safeFile", kind: "safeAsync", args: () => ["https://example.com/a.pdf"] },
  { cls: "ContentPart", name: "safeAudio", kind: "safeAsync", args: () => ["https://example.com/a.wav"] },
  { cls: "ContentPart", name: "safeFrom", kind: "safeAsync", args: () => [png()] },
  { cls: "ContentPart", name: "fromBytes", kind: "builds", args: () => [png()] },
  { cls: "ContentPart", name: "fromBase64", kind: "builds", args: () => [PNG, { mimeType: "image/png" }] },
  { cls: "ContentPart", name: "fromDataUrl", kind: "builds", args: () => [`data:image/png;base64,${PNG}`] },
  { cls: "ContentPart", name: "fromUrl", kind: "builds", args: () => ["https://example.com/a.png"] },
  { cls: "ContentPart", name: "fromJSON", kind: "builds", args: () => [{ type: "text", text: "t" }] },
  { cls: "ContentPart", name: "safeFromJSON", kind: "safe", args: () => [{ type: "text", text: "t" }] },
  { cls: "ContentPart", name: "isContentPart", kind: "free", args: () => [ContentPart.text("t")] },
  { cls: "ContentPart", name: "summary", kind: "free", args: () => [ContentPart.text("t")] },
  { cls: "ContentPart", name: SERIALIZE, kind: "free", args: () => [ContentPart.text("t")] },
  { cls: "ContentPart", name: DESERIALIZE, kind: "builds", args: () => [{ type: "text", text: "t" }] },

  { cls: "Request", name: "create", kind: "builds", args: () => [{ kind: "approval", prompt: "Allow?" }] },
  { cls: "Request", name: "fromJSON", kind: "builds", args: () => [{ id: "r-1", kind: "approval", prompt: "Allow?" }] },
  { cls: "Request", name: "safeFromJSON", kind: "safe", args: () => [{ id: "r-1", kind: "approval", prompt: "Allow?" }] },
  { cls: "Request", name: "isRequest", kind: "free", args: () => [req()] },
  { cls: "Request", name: SERIALIZE, kind: "free", args: () => [req()] },
  { cls: "Request", name: DESERIALIZE, kind: "builds", args: () => [{ id: "r-1", kind: "approval", prompt: "Allow?" }] },

  { cls: "Answer", name: "accept", kind: "builds", args: () => [req(), { n: 1 }] },
  { cls: "Answer", name: "decline", kind: "builds", args: () => ["r-1", "cancelled"] },
  { cls: "Answer", name: "output", kind: "builds", args: () => ["r-1", "staging"] },
  { cls: "Answer", name: "fromJSON", kind: "builds", args: () => [{ id: "r-1", ok: true }] },
  { cls: "Answer", name: "safeFromJSON", kind: "safe", args: () => [{ id: "r-1", ok: true }] },
  { cls: "Answer", name: "isAnswer", kind: "free", args: () => [Answer.accept("r-1")] },
  { cls: "Answer", name: SERIALIZE, kind: "free", args: () => [Answer.accept("r-1")] },
  { cls: "Answer", name: DESERIALIZE, kind: "builds", args: () => [{ id: "r-1", ok: false, reason: "declined" }] },
];

/** The receivers tried: none (destructured), a plain object, a function that is no subclass. */
const RECEIVERS: readonly (readonly [string, () => unknown])[] = [
  ["destructured", () => undefined],
  [".call(null)", () => null],
  [".call({})", () => ({})],
  [".call(function () {})", () => function notASubclass() {}],
  [".call(an arrow function)", () => () => 1],
  [".call(a class of its own)", () => class Other {}],
  [".call(a subclass of another class)", () => class extends Error {}],
];

const label = (n: string | symbol): string => (typeof n === "symbol" ? `[${n.description}]` : n);
const staticOf = (r: Row): AnyFn => (CLASSES[r.cls] as unknown as Record<string | symbol, AnyFn>)[r.name]!;
const isUnbound = (receiver: unknown): boolean => receiver === undefined || receiver === null;
/** The error class a static of `cls` throws: a part's factories throw ContentPartErrors. */
const errorClass = (cls: ClassName) => (cls === "ContentPart" ? ContentPartError : ValidationError);

/** The JSON of a value, for comparing what two calls gave. */
const text = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === "string" ? x.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, "<id>") : x));

function expectReceiverError(e: unknown, row: Row): void {
  expect(e).toBeInstanceOf(errorClass(row.cls));
  expect(e).not.toBeInstanceOf(TypeError);
  const err = e as ValidationError;
  expect({ code: err.code, path: err.path }).toEqual({ code: "invalid-type", path: "" });
  // A symbol-named static is shown by its short name: the text Symbol.for("workflow-...") is what Vercel
  // Workflow's compiler looks for, so no message may hold it.
  expect(err.message).toContain(`${row.cls}${typeof row.name === "symbol" ? `[${row.name.description}]` : `.${row.name}`} was called on`);
  expect(err.message).toContain("or on a subclass");
}

describe("every static is in the table", () => {
  it.each(Object.keys(CLASSES) as ClassName[])("%s", (cls) => {
    const C = CLASSES[cls] as unknown as Record<string | symbol, unknown>;
    const statics = Reflect.ownKeys(C).filter((k) => !["length", "name", "prototype"].includes(k as string) && typeof C[k] === "function");
    const listed = ROWS.filter((r) => r.cls === cls).map((r) => r.name);
    expect(new Set(statics.map(label))).toEqual(new Set(listed.map(label)));
  });
});

describe.each(ROWS.map((r) => [`${r.cls}.${label(r.name)}`, r] as const))("%s", (_id, row) => {
  const C = CLASSES[row.cls];
  const base = (): unknown => Reflect.apply(staticOf(row), C, row.args());

  it.each(RECEIVERS)("%s", async (_how, makeReceiver) => {
    const receiver = makeReceiver();
    const fn = staticOf(row);
    const call = (): unknown => Reflect.apply(fn, receiver, row.args());
    switch (row.kind) {
      case "free":
        expect(text(call())).toBe(text(base()));
        return;
      case "builds":
        if (isUnbound(receiver)) {
          const v = call() as object;
          expect(Object.getPrototypeOf(v)).toBe(C.prototype);
          expect(text(v)).toBe(text(base()));
        } else {
          expectReceiverError(thrownBy(call), row);
        }
        return;
      case "async": {
        let promise: unknown;
        expect(() => (promise = call())).not.toThrow(); // a Promise-returning static rejects, never throws
        expect(promise).toBeInstanceOf(Promise);
        if (isUnbound(receiver)) {
          const v = (await promise) as object;
          expect(Object.getPrototypeOf(v)).toBe(C.prototype);
          expect(text(v)).toBe(text(await base()));
        } else {
          expectReceiverError(await (promise as Promise<unknown>).then(() => undefined, (e: unknown) => e), row);
        }
        return;
      }
      case "safe":
      case "safeAsync": {
        let out: unknown;
        expect(() => (out = call())).not.toThrow();
        if (row.kind === "safeAsync") {
          expect(out).toBeInstanceOf(Promise);
          out = await out;
        }
        const r = out as { success: boolean; data?: object; error?: unknown };
        if (isUnbound(receiver)) {
          expect(r.success).toBe(true);
          expect(Object.getPrototypeOf(r.data)).toBe(C.prototype);
        } else {
          expect(r.success).toBe(false);
          expectReceiverError(r.error, row);
        }
        return;
      }
      case "attempt": {
        let ran = 0;
        const out = Reflect.apply(fn, receiver, [() => (ran++, "x")]) as ToolResult;
        expect(Object.getPrototypeOf(out)).toBe(ToolResult.prototype);
        if (isUnbound(receiver)) {
          expect(ran).toBe(1);
          expect(out.toJSON()).toEqual({ output: "x", isError: false });
        } else {
          // The body is not run; the error result says why, as attempt reports any thrown error.
          expect(ran).toBe(0);
          expect(out.isError).toBe(true);
          expect(out.output).toContain("ToolResult.attempt was called on");
          expect(out.metadata).toEqual({ error: { name: "ValidationError", code: "invalid-type" } });
        }
        return;
      }
    }
  });

  if (row.kind !== "free") {
    it("on a subclass, makes the subclass", async () => {
      const Sub = class extends (C as unknown as new (...a: never[]) => object) {};
      const fn = staticOf(row);
      if (row.kind === "attempt") {
        expect(Object.getPrototypeOf(Reflect.apply(fn, Sub, row.args()))).toBe(Sub.prototype);
        return;
      }
      let out = Reflect.apply(fn, Sub, row.args());
      if (out instanceof Promise) out = await out;
      const v = row.kind === "safe" || row.kind === "safeAsync" ? (out as { data: object }).data : out;
      expect(Object.getPrototypeOf(v)).toBe(Sub.prototype);
    });
  }
});

describe("the audit's calls", () => {
  it("destructured ToolResult statics work, attempt included", () => {
    // The statics are typed on their receiver (`this: ResultClass<R>`), so TypeScript asks for a class; at run
    // time an unbound call acts as ToolResult's.
    type Loose = Record<"ok" | "error" | "json" | "attempt" | "fromJSON", (...a: unknown[]) => ToolResult>;
    const { ok, error, json, attempt, fromJSON } = ToolResult as unknown as Loose;
    expect(attempt(() => "x").toJSON()).toEqual({ output: "x", isError: false });
    expect(ok("a").equals(ToolResult.ok("a"))).toBe(true);
    expect(error("b").equals(ToolResult.error("b"))).toBe(true);
    expect(json({ a: 1 }).output).toBe('{"a":1}');
    expect(fromJSON({ output: "c" }).equals(ToolResult.ok("c"))).toBe(true);
  });

  it("ToolResult.ok.call({}, \"x\") is a ValidationError that says how to call it", () => {
    expect(() => ToolResult.ok.call({} as never, "x")).toThrow(
      new ValidationError("invalid-type", "ToolResult.ok was called on an object, not on ToolResult or a subclass of it. Call it as ToolResult.ok(...) or on a subclass (MySubclass.ok(...)); a destructured static works too."),
    );
  });

  it("a Proxy of a class is the class; a class of another copy's base is refused", () => {
    expect(Object.getPrototypeOf(ToolResult.ok.call(new Proxy(ToolResult, {}) as never, "x"))).toBe(ToolResult.prototype);
    const hostile = new Proxy(ToolResult, { get: () => { throw new Error("trap"); } });
    expect(() => ToolResult.ok.call(hostile as never, "x")).toThrow(/ToolResult\.ok was called on a function whose prototype cannot be read \(trap\)/);
  });
});
