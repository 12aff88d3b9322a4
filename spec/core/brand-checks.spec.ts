// The four brand checks: `ToolResult.isToolResult`, `ContentPart.isContentPart`, `Request.isRequest` and
// `Answer.isAnswer` (docs/results.md, "Equality, text and brand checks" and docs/trust.md, "Reading what callers pass": "Genuine or checked"). A value
// this copy made is recognised at once; anything else carrying the brand, a value of the other build
// included, counts only when its own fields, read once, pass the class's fromJSON check. The look-alike
// cases are data: fixtures/core/brand-checks.json.
import { describe, expect, it } from "@jest/globals";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { importEsm } from "../support/esm";
import { loadJSON } from "../support/fixtures";

type Lib = { ToolResult: typeof ToolResult; ContentPart: typeof ContentPart; Request: typeof Request; Answer: typeof Answer };
type ClassName = keyof Lib;

interface Case {
  readonly name: string;
  readonly class: ClassName;
  readonly brand: "own" | "prototype" | "polluted" | "none";
  readonly fields: Record<string, unknown>;
  readonly expect: boolean;
}

const { cases } = loadJSON<{ cases: Case[] }>("core/brand-checks.json");
const BRAND = Symbol.for("toolnexus.brand");
const lib: Lib = { ToolResult, ContentPart, Request, Answer };

/** The brand check of a class, called as a user would. */
const CHECKS: Readonly<Record<ClassName, (v: unknown) => boolean>> = {
  ToolResult: (v) => ToolResult.isToolResult(v),
  ContentPart: (v) => ContentPart.isContentPart(v),
  Request: (v) => Request.isRequest(v),
  Answer: (v) => Answer.isAnswer(v),
};

/** A genuine value of each class, made by the given build. */
function genuine(l: Lib): Record<ClassName, object> {
  return {
    ToolResult: l.ToolResult.ok("x", { parts: [l.ContentPart.text("t")], metadata: { a: 1 } }),
    ContentPart: l.ContentPart.fromBase64("iVBORw0KGgo=", { mimeType: "image/png", name: "a.png" }),
    Request: l.Request.create({ kind: "approval", prompt: "Allow?", expiresAt: "2030-01-01T00:00:00Z" }),
    Answer: l.Answer.decline("r1", "cancelled"),
  };
}

/** The fields of a case as own data properties ("$undefined": an own property holding undefined). */
function withFields(target: object, fields: Record<string, unknown>): object {
  for (const [k, v] of Object.entries(fields)) {
    Object.defineProperty(target, k, { value: v === "$undefined" ? undefined : v, enumerable: true, writable: true, configurable: true });
  }
  return target;
}

let otherOnce: Promise<Lib> | undefined;
/** The other build, loaded from dist/ (ESM when the build under test is CJS, else CJS). A missing build fails. */
function otherBuild(): Promise<Lib> {
  otherOnce ??= (async () => {
    const files = [join(process.cwd(), "dist/cjs/index.cjs"), join(process.cwd(), "dist/esm/index.js")];
    for (const f of files) if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first.`);
    const load = async (f: string): Promise<Lib> => {
      const m = (await importEsm<Lib & { default?: Lib }>(pathToFileURL(f).href)) as Lib & { default?: Lib };
      return m.ToolResult ? m : m.default!;
    };
    const cjs = await load(files[0]!);
    return cjs.ToolResult !== ToolResult ? cjs : load(files[1]!);
  })();
  return otherOnce;
}

describe("brand checks of look-alikes (fixtures/core/brand-checks.json)", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const proto = c.brand === "prototype" ? lib[c.class].prototype : Object.prototype;
    const value = withFields(Object.create(proto) as object, c.fields);
    if (c.brand === "own") Object.defineProperty(value, BRAND, { value: c.class, enumerable: false });
    if (c.brand !== "polluted") {
      expect(CHECKS[c.class](value)).toBe(c.expect);
      return;
    }
    Object.defineProperty(Object.prototype, BRAND, { value: c.class, configurable: true, writable: true });
    let got: boolean;
    try {
      got = CHECKS[c.class](value);
    } finally {
      delete (Object.prototype as Record<PropertyKey, unknown>)[BRAND];
    }
    expect(got).toBe(c.expect);
  });

  it("every class has true and false cases", () => {
    for (const name of Object.keys(CHECKS)) {
      expect(new Set(cases.filter((c) => c.class === name).map((c) => c.expect))).toEqual(new Set([true, false]));
    }
  });
});

describe("the four look-alikes of the audit", () => {
  it("Object.create(ToolResult.prototype) is no ToolResult", () => {
    expect(ToolResult.isToolResult(Object.create(ToolResult.prototype))).toBe(false);
  });

  it("Object.create(Request.prototype) is no Request", () => {
    expect(Request.isRequest(Object.create(Request.prototype))).toBe(false);
  });

  it("a bare ContentPart brand is no ContentPart", () => {
    expect(ContentPart.isContentPart({ [BRAND]: "ContentPart" })).toBe(false);
  });

  it('an Answer brand with ok: "false" is no Answer (its ok would be truthy)', () => {
    expect(Answer.isAnswer({ [BRAND]: "Answer", id: "r1", ok: "false" })).toBe(false);
    expect(Answer.isAnswer({ [BRAND]: "Answer", id: "r1", ok: "false", data: undefined, reason: undefined })).toBe(false);
  });
});

describe("values that are toolnexus values", () => {
  const names = Object.keys(CHECKS) as ClassName[];

  it.each(names)("a genuine %s, and one of a subclass", (name) => {
    const v = genuine(lib)[name];
    expect(CHECKS[name](v)).toBe(true);
    const Sub = class extends (lib[name] as unknown as new (...a: never[]) => object) {} as unknown as { fromJSON(v: unknown): object };
    expect(CHECKS[name](Sub.fromJSON(JSON.parse(JSON.stringify(v))))).toBe(true);
  });

  it.each(names)("a Proxy of a genuine %s is read by its fields and checked: true", (name) => {
    expect(CHECKS[name](new Proxy(genuine(lib)[name], {}))).toBe(true);
  });

  it.each(names)("a %s of the other build is one, both ways", async (name) => {
    const other = await otherBuild();
    expect(other.ToolResult).not.toBe(ToolResult);
    expect(CHECKS[name](genuine(other)[name])).toBe(true);
    const otherCheck = { ToolResult: other.ToolResult.isToolResult, ContentPart: other.ContentPart.isContentPart, Request: other.Request.isRequest, Answer: other.Answer.isAnswer }[name];
    expect(otherCheck(genuine(lib)[name])).toBe(true);
  });

  it.each(names)("a %s of the other build is still one while Object.prototype is polluted", async (name) => {
    const other = await otherBuild();
    const value = genuine(other)[name];
    Object.defineProperty(Object.prototype, BRAND, { value: "Answer", configurable: true, writable: true });
    try {
      expect(CHECKS[name](value)).toBe(true);
      expect(CHECKS[name]({})).toBe(false);
    } finally {
      delete (Object.prototype as Record<PropertyKey, unknown>)[BRAND];
    }
  });

  it("one class's value is not another's", () => {
    const values = genuine(lib);
    for (const name of names) for (const other of names) if (other !== name) expect(CHECKS[name](values[other])).toBe(false);
  });
});

describe("a brand check never throws and reads each field once", () => {
  const names = Object.keys(CHECKS) as ClassName[];
  const TRAPS = ["get", "getOwnPropertyDescriptor", "getPrototypeOf", "has", "ownKeys"] as const;

  it.each(names)("%s: hostile Proxies, a revoked Proxy and throwing getters give false", (name) => {
    const check = CHECKS[name];
    for (const trap of TRAPS) {
      const proxy = new Proxy(genuine(lib)[name], { [trap]: () => { throw new Error(`hostile ${trap}`); } });
      // The traps a brand check uses make it false; the others (has, ownKeys) leave the fields readable.
      expect(check(proxy)).toBe(trap === "has" || trap === "ownKeys");
    }
    const { proxy, revoke } = Proxy.revocable(genuine(lib)[name], {});
    revoke();
    expect(check(proxy)).toBe(false);
    const json = JSON.parse(JSON.stringify(genuine(lib)[name])) as Record<string, unknown>;
    for (const key of Object.keys(json)) {
      const v = Object.create(lib[name].prototype) as object;
      withFields(v, json);
      Object.defineProperty(v, key, { enumerable: true, get: () => { throw new Error(`hostile ${key}`); } });
      expect(check(v)).toBe(false);
    }
    // A brand getter that throws, and a prototype chain without end.
    expect(check(Object.defineProperty({}, BRAND, { get: () => { throw new Error("brand"); } }))).toBe(false);
    const endless: object = new Proxy({}, { getPrototypeOf: () => endless });
    expect(check(endless)).toBe(false);
  });

  it("a look-alike's fields are read once each", () => {
    const reads: Record<string, number> = {};
    const fields = { id: "r1", kind: "approval", prompt: "Allow?", url: undefined, data: undefined, expiresAt: undefined };
    const v = Object.create(Request.prototype) as object;
    for (const [k, value] of Object.entries(fields)) {
      reads[k] = 0;
      Object.defineProperty(v, k, { enumerable: true, get: () => ((reads[k] = reads[k]! + 1), value) });
    }
    expect(Request.isRequest(v)).toBe(true);
    expect(Object.values(reads)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("the statics work destructured (they read no receiver)", () => {
    const { isToolResult } = ToolResult;
    const { isContentPart } = ContentPart;
    const { isRequest } = Request;
    const { isAnswer } = Answer;
    const values = genuine(lib);
    expect([isToolResult(values.ToolResult), isContentPart(values.ContentPart), isRequest(values.Request), isAnswer(values.Answer)]).toEqual([true, true, true, true]);
  });
});
