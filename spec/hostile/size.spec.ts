// Size: a metadata tree of 100,000 nodes, nesting 200,000 deep and a 50 MiB part are each handled (accepted,
// or refused by a stated limit) without a stack overflow or a crash. No test here asserts a time (CONTRIBUTING.md,
// "Rules the spec suite follows"): the work is bounded by what is asserted instead (a refusal at the first level
// past the limit, a copy that shares the frozen tree, a nesting that is read not at all), and growth is the
// bench's to measure (`npm run bench`: fromJSON, equals, mergeMetadata and withMetadata at 8x their input).
import { describe, expect, it } from "@jest/globals";
import { Answer, ContentPart, MAX_DEPTH, Request, ToolResult, ToolnexusError } from "toolnexus";
import { describeThrown, safeInstanceOf } from "./constructs";

/** Runs `fn` and returns what it returned or threw. Nothing escapes unseen. */
function outcome<T>(fn: () => T): { value?: T; error?: unknown } {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}

const TRAPS = ["get", "getOwnPropertyDescriptor", "ownKeys", "has", "getPrototypeOf"] as const;

/**
 * `depth` objects nested as `{ a: ... }`, each behind a Proxy that records every operation on it (a read, a key
 * listing, a prototype look-up): `read()` gives how many operations each level had, outermost first.
 */
function watchedNesting(depth: number): { value: object; read: () => number[] } {
  const level = new Map<object, number>();
  const counts = new Array<number>(depth).fill(0);
  const handler: ProxyHandler<object> = {};
  for (const trap of TRAPS) {
    (handler as Record<string, unknown>)[trap] = (target: object, ...rest: unknown[]) => {
      counts[level.get(target)!]!++;
      return (Reflect[trap] as (...a: unknown[]) => unknown)(target, ...rest);
    };
  }
  let v: object | null = null;
  for (let i = depth - 1; i >= 0; i--) {
    const target: object = { a: v };
    level.set(target, i);
    v = new Proxy(target, handler);
  }
  return { value: v!, read: () => counts };
}

/** The code of a refusal; anything but a ToolnexusError (a RangeError from a stack overflow, say) fails. */
function codeOf(error: unknown): string {
  if (!safeInstanceOf(error, ToolnexusError)) throw new Error(`not a ToolnexusError: ${describeThrown(error)}`);
  return (error as ToolnexusError).code;
}

// ---------------------------------------------------------------------------------------------------------

/** 1,000 objects of 99 objects each: 100,000 objects below the root, every one a node to copy and freeze. */
function bigTree(): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (let i = 0; i < 1000; i++) {
    const branch: Record<string, unknown> = {};
    for (let j = 0; j < 99; j++) branch[`k${j}`] = { i, j, tag: j % 2 === 0 ? "even" : null };
    root[`b${i}`] = branch;
  }
  return root;
}

describe("a metadata tree of 100,000 nodes", () => {
  it("is accepted by every door, and compares, copies and round-trips without a stall", () => {
    const tree = bigTree();
    const made = outcome(() => ToolResult.ok("big", { metadata: tree }));
    expect(made.error).toBeUndefined();
    const r = made.value!;
    expect(Object.keys(r.metadata!)).toHaveLength(1000);
    expect(Object.isFrozen((r.metadata!.b999 as Record<string, unknown>).k98)).toBe(true);
    expect(Object.isFrozen((tree.b999 as Record<string, unknown>).k98)).toBe(false);

    const text = outcome(() => JSON.stringify(r));
    const back = outcome(() => ToolResult.fromJSON(JSON.parse(text.value!)));
    expect(back.error).toBeUndefined();
    const same = outcome(() => back.value!.equals(r));
    expect(same.value).toBe(true);
    // A copy shares the frozen tree: merging one key does not copy 100,000 nodes again.
    const merged = outcome(() => r.mergeMetadata({ extra: 1 }));
    expect(merged.value!.metadata!.b0).toBe(r.metadata!.b0);
    const recipe = outcome(() => r.withMetadata((m: Record<string, unknown>) => void (m.extra = 2)));
    expect(recipe.error).toBeUndefined();
    expect(recipe.value!.metadata!.b1).toBe(r.metadata!.b1);
    for (const t of [text, back, same, merged, recipe]) expect(t.error).toBeUndefined();
  });

  it("is accepted as Request.data and Answer.data", () => {
    const req = outcome(() => Request.fromJSON({ id: "r", kind: "input", prompt: "p", data: bigTree() }));
    expect(req.error).toBeUndefined();
    const ans = outcome(() => Answer.accept("r", bigTree()));
    expect(ans.error).toBeUndefined();
    expect(Request.fromJSON(JSON.parse(JSON.stringify(req.value))).equals(req.value)).toBe(true);
  });

  it("of 100,000 keys in one object, or 100,000 entries in one array, is accepted", () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`key ${i}`] = i;
    const list = Array.from({ length: 100_000 }, (_, i) => ({ i }));
    const a = outcome(() => ToolResult.ok("", { metadata: { wide, list } }));
    expect(a.error).toBeUndefined();
    const b = outcome(() => ToolResult.fromJSON(JSON.parse(JSON.stringify(a.value))).equals(a.value));
    expect(b.value).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------

const DEPTH = 200_000;

function deepObject(n: number): unknown {
  let v: unknown = null;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

function deepArray(n: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

describe(`nesting ${DEPTH.toLocaleString("en")} deep`, () => {
  const refusals: [string, () => unknown][] = [
    ["objects in metadata", () => ToolResult.ok("", { metadata: { x: deepObject(DEPTH) } })],
    ["arrays in metadata", () => ToolResult.ok("", { metadata: { x: deepArray(DEPTH) } })],
    ["metadata read by fromJSON", () => ToolResult.fromJSON({ output: "", metadata: { x: deepObject(DEPTH) } })],
    ["metadata parsed from JSON text", () => ToolResult.fromJSON(JSON.parse(`{"output":"","metadata":{"x":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}}`))],
    ["metadata given to the constructor", () => new ToolResult({ metadata: { x: deepArray(DEPTH) } })],
    ["metadata merged in", () => ToolResult.ok("").mergeMetadata({ x: deepObject(DEPTH) })],
    ["metadata given to pending()", () => ToolResult.pending({ kind: "input", prompt: "p" }, { metadata: { x: deepObject(DEPTH) } })],
    ["a value assigned in a metadata recipe", () => ToolResult.ok("", { metadata: { k: 1 } }).withMetadata((m: Record<string, unknown>) => void (m.x = deepObject(DEPTH)))],
    ["a replacement returned by a metadata recipe", () => ToolResult.ok("").withMetadata(() => ({ x: deepObject(DEPTH) }) as never)],
    ["a value assigned in a with() recipe", () => ToolResult.ok("", { metadata: { k: 1 } }).with((d) => void ((d.metadata as Record<string, unknown>).x = deepObject(DEPTH)))],
    ["ToolResult.json()", () => ToolResult.json(deepArray(DEPTH))],
    ["Request.data", () => Request.fromJSON({ id: "r", kind: "input", prompt: "p", data: { x: deepObject(DEPTH) } })],
    ["Request.data of a pending result", () => ToolResult.fromJSON({ output: "", metadata: { pending: { id: "r", kind: "k", prompt: "p", data: deepObject(DEPTH) } } })],
    ["Answer.data", () => Answer.accept("r", { x: deepArray(DEPTH) })],
  ];

  it.each(refusals)("%s: refused as too-deep, with the path of the first level past the limit", (_name, fn) => {
    const t = outcome(fn);
    const code = codeOf(t.error);
    expect(code === "too-deep" || code === "invalid-pending").toBe(true);
    expect((t.error as ToolnexusError).path.length).toBeLessThan(4 * (MAX_DEPTH + 20));
  });

  it("a nesting past the limit is read down to the limit, never below it", () => {
    const { value, read } = watchedNesting(DEPTH);
    expect(codeOf(outcome(() => ToolResult.ok("", { metadata: { x: value } })).error)).toBe("too-deep");
    const levels = read();
    const deepest = levels.reduce((last, n, i) => (n > 0 ? i : last), -1);
    expect(levels[0]).toBeGreaterThan(0);
    expect(deepest).toBeGreaterThanOrEqual(MAX_DEPTH - 1);
    expect(deepest).toBeLessThanOrEqual(MAX_DEPTH + 1);
  });

  it("a pending request nesting too deep is invalid-pending, its cause too-deep", () => {
    const t = outcome(() => ToolResult.fromJSON({ output: "", metadata: { pending: { id: "r", kind: "k", prompt: "p", data: deepObject(DEPTH) } } }));
    expect(codeOf(t.error)).toBe("invalid-pending");
    expect(((t.error as Error).cause as ToolnexusError).code).toBe("too-deep");
  });

  it("nesting in keys a reader does not know is never walked: accepted", () => {
    const { value: deep, read } = watchedNesting(DEPTH);
    const t = outcome(() => [
      ToolResult.fromJSON({ output: "", extra: deep }),
      ContentPart.fromJSON({ type: "text", text: "t", extra: deep }),
      Request.fromJSON({ id: "r", kind: "k", prompt: "p", extra: deep }),
      Answer.fromJSON({ id: "r", ok: true, extra: deep }),
    ]);
    expect(t.error).toBeUndefined();
    expect(read().filter((n) => n > 0)).toEqual([]);
  });

  it("a part nested in lists is refused at parts[0]", () => {
    const t = outcome(() => ToolResult.fromJSON({ output: "", parts: [deepArray(DEPTH)] }));
    expect(codeOf(t.error)).toBe("invalid-type");
    expect((t.error as ToolnexusError).path).toBe("parts[0]");
  });

  it(`exactly ${MAX_DEPTH} levels below metadata, Request.data and Answer.data are accepted, one more is not`, () => {
    expect(ToolResult.ok("", { metadata: { x: deepObject(MAX_DEPTH) } }).metadata).not.toBeNull();
    expect(codeOf(outcome(() => ToolResult.ok("", { metadata: { x: deepObject(MAX_DEPTH + 1) } })).error)).toBe("too-deep");
    // data itself is the root: 1000 objects below it.
    expect(Request.fromJSON({ id: "r", kind: "k", prompt: "p", data: deepObject(MAX_DEPTH + 1) }).data).toBeDefined();
    expect(codeOf(outcome(() => Request.fromJSON({ id: "r", kind: "k", prompt: "p", data: deepObject(MAX_DEPTH + 2) })).error)).toBe("too-deep");
    expect(Answer.accept("r", deepObject(MAX_DEPTH + 1) as never).data).toBeDefined();
    expect(codeOf(outcome(() => Answer.accept("r", deepObject(MAX_DEPTH + 2) as never)).error)).toBe("too-deep");
    // What is accepted writes and reads back.
    const r = ToolResult.ok("", { metadata: { x: deepArray(MAX_DEPTH) } });
    expect(ToolResult.fromJSON(JSON.parse(JSON.stringify(r))).equals(r)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------

const MIB = 1024 * 1024;

describe("a 50 MiB part", () => {
  const bytes = new Uint8Array(50 * MIB);
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i & 0xff;
  const b64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

  it("is read from JSON, written and read back, without a stall", () => {
    const read = outcome(() => ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: b64 }));
    expect(read.error).toBeUndefined();
    const part = read.value!;
    expect(part.byteLength).toBe(50 * MIB);
    const result = outcome(() => ToolResult.fromJSON({ output: "see the file", parts: [{ type: "file", mimeType: "application/octet-stream", data: b64, name: "big.bin" }] }));
    expect(result.error).toBeUndefined();
    const text = outcome(() => JSON.stringify(result.value));
    const back = outcome(() => ToolResult.fromJSON(JSON.parse(text.value!)));
    expect(back.value!.equals(result.value)).toBe(true);
    for (const t of [read, result, text, back]) expect(t.error).toBeUndefined();
  });

  it("is built from bytes, from URL-safe unpadded base64 and from a data: URL", () => {
    const fromBytes = outcome(() => ContentPart.fromBytes(bytes, { mimeType: "application/octet-stream" }));
    const urlSafe = outcome(() => ContentPart.fromBase64(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url"), { mimeType: "application/octet-stream" }));
    const dataUrl = outcome(() => ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", url: `data:application/octet-stream;base64,${b64}` }));
    for (const t of [fromBytes, urlSafe, dataUrl]) {
      expect(t.error).toBeUndefined();
    }
    expect(urlSafe.value!.equals(fromBytes.value)).toBe(true);
    expect(dataUrl.value!.equals(fromBytes.value)).toBe(true);
  });

  it("with one bad character at the end is refused as invalid-base64, with a short message", () => {
    const t = outcome(() => ContentPart.fromJSON({ type: "file", mimeType: "application/octet-stream", data: `${b64.slice(0, -4)}AA*=` }));
    expect(codeOf(t.error)).toBe("invalid-base64");
    expect((t.error as Error).message.length).toBeLessThan(500);
  });

  it("is refused as too-large by a stated maxBytes, and dropped by truncate's maxPartBytes", () => {
    expect(codeOf(outcome(() => ContentPart.fromBytes(bytes, { mimeType: "application/octet-stream", maxBytes: 10 * MIB })).error)).toBe("too-large");
    const r = ToolResult.ok("x", { parts: [ContentPart.fromBase64(b64, { mimeType: "application/octet-stream" })] });
    const cut = r.truncate({ maxPartBytes: 10 * MIB });
    expect(cut.parts).toBeNull();
    expect(cut.output).toBe("x\n[omitted file part (application/octet-stream, 52428800 bytes)]");
  });

  it("never appears in a description, a summary or toString", () => {
    const part = ContentPart.fromBase64(b64, { mimeType: "application/octet-stream" });
    const r = ToolResult.ok("x", { parts: [part] });
    const t = outcome(() => [String(part), part.summary(), JSON.stringify(part.describe()), String(r), JSON.stringify(r.describe())]);
    for (const s of t.value!) expect(s.length).toBeLessThan(300);
    // The same text as a 1-byte part's, but for the byte count: nothing of the data is in it.
    const small = ContentPart.fromBytes(new Uint8Array(1), { mimeType: "application/octet-stream" });
    const sized = (text: string) => text.replace(/\b\d+ bytes?\b/, "N bytes");
    expect(part.summary()).toContain(`${50 * MIB} bytes`);
    expect(sized(part.summary())).toBe(sized(small.summary()));
  });
});
