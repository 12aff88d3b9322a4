// A catalogue of hostile JavaScript values: each entry makes a fresh one, since some are used up (a getter
// counts its reads, a revoked Proxy stays revoked). The property suite mixes them into generated documents,
// and the hostile specs hand each one to every public entry point.
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { Point, selfThrowingProxy, throwingProxy } from "./constructs";

/** An object with a toolnexus prototype and fields of its own choosing: not made by the library. */
function forged(proto: object, fields: Record<string, unknown>): object {
  return Object.assign(Object.create(proto) as object, fields);
}

export interface Hostile {
  readonly label: string;
  readonly make: () => unknown;
}

const TRAP_NAMES = ["get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "has"] as const;

function revoked(target: object): object {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

function withThrowingGetter(target: Record<string, unknown>, key: string, thrown: () => unknown): object {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      throw thrown();
    },
  });
  return target;
}

/** Values JSON cannot express, and values built to break whatever reads them. */
export const HOSTILE: readonly Hostile[] = [
  { label: "undefined", make: () => undefined },
  { label: "NaN", make: () => NaN },
  { label: "Infinity", make: () => Infinity },
  { label: "-Infinity", make: () => -Infinity },
  { label: "a bigint", make: () => 10n },
  { label: "a symbol", make: () => Symbol("s") },
  { label: "a function", make: () => function f() {} },
  { label: "an arrow function with fields", make: () => Object.assign(() => 1, { output: "x", type: "text", text: "t" }) },
  { label: "a class", make: () => class K {} },
  { label: "a Date", make: () => new Date(0) },
  { label: "an invalid Date", make: () => new Date(NaN) },
  { label: "a RegExp", make: () => /x/g },
  { label: "a Map", make: () => new Map([["output", "x"]]) },
  { label: "a Set", make: () => new Set([1]) },
  { label: "a WeakMap", make: () => new WeakMap() },
  { label: "a Uint8Array", make: () => new Uint8Array([1, 2]) },
  { label: "a BigInt64Array", make: () => new BigInt64Array([1n]) },
  { label: "an ArrayBuffer", make: () => new ArrayBuffer(2) },
  { label: "a DataView", make: () => new DataView(new ArrayBuffer(2)) },
  { label: "a boxed String", make: () => Object("x") },
  { label: "a boxed Number", make: () => Object(1) },
  { label: "a class instance", make: () => new Point({ output: "x", id: "r", ok: true }) },
  { label: "a Promise", make: () => Promise.resolve({ output: "x" }) },
  { label: "a thenable that throws", make: () => ({ then() { throw new Error("then"); } }) },
  { label: "an Error", make: () => new Error("boom") },
  { label: "a null-prototype object", make: () => Object.create(null) },
  { label: "an object with a symbol key", make: () => ({ [Symbol("k")]: 1, a: 1 }) },
  { label: "an object with its own toJSON", make: () => ({ toJSON: () => ({ output: "from toJSON" }), a: 1 }) },
  { label: "an object whose toString throws", make: () => ({ toString() { throw new Error("toString"); }, valueOf() { throw new Error("valueOf"); } }) },
  { label: "an object whose Symbol.toPrimitive throws", make: () => ({ [Symbol.toPrimitive]() { throw new Error("toPrimitive"); } }) },
  { label: "a cycle", make: () => { const o: Record<string, unknown> = { a: 1 }; o.self = o; return o; } },
  { label: "an array cycle", make: () => { const a: unknown[] = [1]; a.push(a); return a; } },
  { label: "a sparse array", make: () => [1, , 3] }, // eslint-disable-line no-sparse-arrays
  { label: "an array holding undefined", make: () => [1, undefined] },
  { label: "an array with an extra own key", make: () => Object.assign([1], { extra: Symbol("x") }) },
  { label: "an object nested 1001 deep", make: () => { let v: unknown = null; for (let i = 0; i < 1001; i++) v = { a: v }; return v; } },
  { label: "a getter that throws", make: () => withThrowingGetter({}, "output", () => new Error("getter")) },
  { label: "a getter that throws a string", make: () => withThrowingGetter({}, "a", () => "thrown string") },
  { label: "a getter that throws a null-prototype object", make: () => withThrowingGetter({}, "a", () => Object.create(null)) },
  { label: "a getter that throws a hostile Proxy", make: () => withThrowingGetter({}, "a", selfThrowingProxy) },
  { label: "a getter that counts its reads", make: () => { let n = 0; return Object.defineProperty({}, "a", { enumerable: true, get: () => ++n }); } },
  ...TRAP_NAMES.map((t) => ({ label: `a Proxy whose ${t} trap throws`, make: () => throwingProxy({ output: "x", a: 1 }, [t]) })),
  ...TRAP_NAMES.map((t) => ({ label: `a Proxy of an array whose ${t} trap throws`, make: () => throwingProxy([{ type: "text", text: "t" }], [t]) })),
  { label: "a Proxy whose every trap throws", make: () => throwingProxy({ output: "x" }) },
  { label: "a Proxy whose traps throw a null-prototype object", make: () => throwingProxy({ a: 1 }, undefined, "nullProto") },
  { label: "a Proxy whose every trap throws itself", make: selfThrowingProxy },
  { label: "a revoked Proxy", make: () => revoked({}) },
  { label: "a revoked Proxy of an array", make: () => revoked([]) },
  { label: "a revoked Proxy of a function", make: () => revoked(() => 1) },
  { label: "a forged part (javascript: url)", make: () => forged(ContentPart.prototype, { type: "image", mimeType: "image/png", url: "javascript:alert(1)" }) },
  { label: "a Proxy of a real part whose get trap throws", make: () => throwingProxy(ContentPart.text("t"), ["get"]) },
  { label: "a forged request (empty id)", make: () => forged(Request.prototype, { id: "", kind: 5, prompt: null }) },
  { label: "a Proxy of a real request whose get trap throws", make: () => throwingProxy(Request.create({ kind: "k", prompt: "p" }), ["get"]) },
  {
    label: "a request look-alike from another copy whose id getter throws",
    make: () => withThrowingGetter({ [Symbol.for("toolnexus.brand")]: "Request", kind: "k", prompt: "p" }, "id", () => new Error("id")),
  },
  { label: "a forged answer", make: () => forged(Answer.prototype, { id: 1, ok: "yes" }) },
  { label: "a Proxy of a real answer whose get trap throws", make: () => throwingProxy(Answer.accept("r"), ["get"]) },
  { label: "a forged result", make: () => forged(ToolResult.prototype, { output: 5, isError: "no", parts: "x", metadata: new Map() }) },
  { label: "a Proxy of a real result whose get trap throws", make: () => throwingProxy(ToolResult.ok("x"), ["get"]) },
  { label: "a __proto__ key from JSON.parse", make: () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') },
];
