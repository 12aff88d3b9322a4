// Errors name where: a valid document with one field given a value of the wrong type, or one node of its
// JSON data replaced by a value JSON cannot hold, is refused with the code of the contract and the exact
// path of that node, in JavaScript accessor syntax (metadata.a[0]["odd key"]).
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { Answer, ContentPart, Request, ToolResult, ToolnexusError } from "toolnexus";
import { answerJSON, partJSON, replaceAt, requestJSON, resultJSON } from "./arbitraries";
import { RUNS, timeout } from "./settings";
import { assertToolnexusError } from "./support";

type Path = readonly (string | number)[];

/**
 * The documented path syntax (docs/errors.md): `.name` for identifiers, `[0]` for indices, `["odd key"]` for other
 * keys, quoted with JSON's escapes and with DEL, the C1 controls, U+2028 and U+2029 escaped too (JSON leaves those
 * raw), so that no path holds a character that ends or hides a line.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;
function formatPath(path: Path): string {
  let out = "";
  for (const s of path) {
    if (typeof s === "number") out += `[${s}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s)) out += out === "" ? s : `.${s}`;
    else out += `[${JSON.stringify(s).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}]`;
  }
  return out;
}

/** Values JSON data cannot hold, each made fresh. */
const notJson = fc.constantFrom<[string, () => unknown]>(
  ["NaN", () => NaN],
  ["Infinity", () => Infinity],
  ["a bigint", () => 1n],
  ["a symbol", () => Symbol("s")],
  ["a function", () => () => 1],
  ["a Date", () => new Date(0)],
  ["a Map", () => new Map()],
  ["a Set", () => new Set()],
  ["a Uint8Array", () => new Uint8Array(1)],
  ["a class instance", () => new (class Thing {})()],
  ["an Error", () => new Error("e")],
  ["undefined in an array", () => [undefined]],
);

/** Every path below `root` in a JSON value (the root itself excluded). */
function pathsBelow(value: unknown, root: Path): Path[] {
  const out: Path[] = [];
  const walk = (v: unknown, p: Path) => {
    if (Array.isArray(v)) v.forEach((e, i) => (out.push([...p, i]), walk(e, [...p, i])));
    else if (typeof v === "object" && v !== null) for (const k of Object.keys(v)) out.push([...p, k]), walk((v as Record<string, unknown>)[k], [...p, k]);
  };
  walk(value, root);
  return out;
}

function get(doc: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], doc);
}

/** Reads `doc` and returns its error (or fails when it is accepted). */
function refusal(read: (v: unknown) => unknown, doc: unknown): ToolnexusError {
  let error: unknown;
  try {
    read(doc);
  } catch (e) {
    error = e;
  }
  if (error === undefined) throw new Error("accepted");
  assertToolnexusError(error, "refusal");
  return error as ToolnexusError;
}

/** For `undefined in an array`, the offending node is the entry inside the array put in place. */
const nodePath = (label: string, path: Path): Path => (label === "undefined in an array" ? [...path, 0] : path);

describe("a value JSON cannot hold is refused at its exact path", () => {
  it(`anywhere inside a result's metadata: not-json (${RUNS} runs)`, () => {
    const withMetadata = resultJSON.filter((d) => d.metadata !== undefined && pathsBelow(d.metadata, ["metadata"]).some((p) => p[1] !== "pending"));
    fc.assert(
      fc.property(withMetadata.chain((d) => fc.tuple(fc.constant(d), fc.constantFrom(...pathsBelow(d.metadata, ["metadata"]).filter((p) => p[1] !== "pending")), notJson)), ([doc, path, [label, make]]) => {
        const e = refusal((v) => ToolResult.fromJSON(v), replaceAt(doc, path, make()));
        expect({ code: e.code, path: e.path }).toEqual({ code: "not-json", path: formatPath(nodePath(label, path)) });
        expect(e.message).toContain(e.path);
      }),
    );
  }, timeout());

  it(`anywhere inside a request's or an answer's data: not-json (${RUNS} runs)`, () => {
    const docs = fc.oneof(
      requestJSON.map((d) => ["Request", d] as const),
      answerJSON.map((d) => ["Answer", d] as const),
    ).filter(([, d]) => pathsBelow(d.data, ["data"]).length > 0);
    fc.assert(
      fc.property(docs.chain(([t, d]) => fc.tuple(fc.constant(t), fc.constant(d), fc.constantFrom(...pathsBelow(d.data, ["data"])), notJson)), ([t, doc, path, [label, make]]) => {
        const read = t === "Request" ? (v: unknown) => Request.fromJSON(v) : (v: unknown) => Answer.fromJSON(v);
        const e = refusal(read, replaceAt(doc, path, make()));
        expect({ code: e.code, path: e.path }).toEqual({ code: "not-json", path: formatPath(nodePath(label, path)) });
      }),
    );
  }, timeout());

  it(`inside a pending request's data: invalid-pending, at the node's path (${RUNS} runs)`, () => {
    const docs = fc.record({ output: fc.string(), metadata: fc.record({ pending: requestJSON.filter((r) => pathsBelow(r.data, []).length > 0) }) });
    fc.assert(
      fc.property(docs.chain((d) => fc.tuple(fc.constant(d), fc.constantFrom(...pathsBelow(d.metadata.pending.data, ["metadata", "pending", "data"])), notJson)), ([doc, path, [label, make]]) => {
        const e = refusal((v) => ToolResult.fromJSON(v), replaceAt(doc, path, make()));
        expect({ code: e.code, path: e.path }).toEqual({ code: "invalid-pending", path: formatPath(nodePath(label, path)) });
      }),
    );
  }, timeout());
});

/** Wrong-typed values for a field that holds a string, a boolean, or an object. */
const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }));
const notBoolean = fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.constant([]), fc.constant({}));
const notObject = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }));

describe("a field of the wrong type is refused at its path", () => {
  it(`in a result: output, isError, parts, metadata (${RUNS} runs)`, () => {
    const cases = resultJSON.chain((doc) =>
      fc.oneof(
        notString.map((v) => ({ doc, path: ["output"], v })),
        notBoolean.map((v) => ({ doc, path: ["isError"], v })),
        fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant({})).map((v) => ({ doc, path: ["parts"], v })),
        notObject.filter((v) => v !== null).map((v) => ({ doc, path: ["metadata"], v })),
      ),
    );
    fc.assert(
      fc.property(cases, ({ doc, path, v }) => {
        const e = refusal((x) => ToolResult.fromJSON(x), replaceAt(doc, path, v));
        expect({ code: e.code, path: e.path }).toEqual({ code: "invalid-type", path: formatPath(path) });
      }),
    );
  }, timeout());

  it(`in a part, alone or inside a result's parts (${RUNS} runs)`, () => {
    const cases = partJSON.chain((part) => {
      const fields = Object.keys(part).filter((k) => k !== "type");
      return fc.tuple(fc.constant(part), fc.constantFrom(...fields), notString, fc.nat(2));
    });
    fc.assert(
      fc.property(cases, ([part, field, v, at]) => {
        const bad = { ...part, [field]: v };
        const alone = refusal((x) => ContentPart.fromJSON(x), bad);
        expect({ code: alone.code, path: alone.path }).toEqual({ code: "invalid-type", path: field });
        const parts = [{ type: "text", text: "a" }, { type: "text", text: "b" }];
        parts.splice(at, 0, bad as never);
        const inResult = refusal((x) => ToolResult.fromJSON(x), { output: "", parts });
        expect({ code: inResult.code, path: inResult.path, name: inResult.name }).toEqual({ code: "invalid-type", path: `parts[${at}].${field}`, name: "ContentPartError" });
      }),
    );
  }, timeout());

  it(`in a request and an answer (${RUNS} runs)`, () => {
    const cases = fc.oneof(
      requestJSON.chain((d) => fc.tuple(fc.constant(Request as { fromJSON(v: unknown): unknown }), fc.constant(d), fc.constantFrom("id", "kind", "prompt", "url", "expiresAt"), notString)),
      answerJSON.chain((d) => fc.tuple(fc.constant(Answer as { fromJSON(v: unknown): unknown }), fc.constant(d), fc.constant("id"), notString)),
      answerJSON.chain((d) => fc.tuple(fc.constant(Answer as { fromJSON(v: unknown): unknown }), fc.constant(d), fc.constant("ok"), notBoolean)),
      fc.oneof(requestJSON.map((d) => [Request, d] as const), answerJSON.map((d) => [Answer, d] as const)).chain(([cls, d]) =>
        fc.tuple(fc.constant(cls as { fromJSON(v: unknown): unknown }), fc.constant(d), fc.constant("data"), notObject),
      ),
    );
    fc.assert(
      fc.property(cases, ([cls, doc, field, v]) => {
        const e = refusal((x) => cls.fromJSON(x), { ...doc, [field]: v });
        expect({ code: e.code, path: e.path }).toEqual({ code: "invalid-type", path: field });
      }),
    );
  }, timeout());
});

describe("the path helpers of this spec", () => {
  it("format as the README documents", () => {
    expect(formatPath(["metadata", "a", 0, "odd key"])).toBe('metadata.a[0]["odd key"]');
    expect(formatPath(["metadata", "__proto__", "0", ""])).toBe('metadata.__proto__["0"][""]');
    expect(get({ a: [{ b: 1 }] }, ["a", 0, "b"])).toBe(1);
  });
});
