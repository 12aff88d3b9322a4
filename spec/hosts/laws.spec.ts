// The laws of "Every host, one behaviour" (README), checked for every function of `toolnexus/providers` in one
// table (spec/hosts/laws/table.ts): projections (laws 1-5), readers (6-8), pause bridges (9-11), and options
// (12) for every function that takes an options object; quoting (a sender's string in a message or a loss line)
// wherever an id, a name, a key or a block type is shown. Each law runs on fixture rows (fixtures/hosts/laws.json)
// and on generated values. A function exported without its row fails the suite, and so does a row naming a
// function that is not exported.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { ContentPart, ContentPartError, ToolResult, ValidationError } from "toolnexus";
import type { Loss } from "toolnexus/providers";
import { HOSTILE } from "../hostile/values";
import { applyMutation, jsonObject, mutated, resultJSON } from "../properties/arbitraries";
import { timeout } from "../properties/settings";
import { loadJSON } from "../support/fixtures";
import {
  approvalPromptText,
  assertReaderError,
  escaped,
  expectRefusal,
  hasControl,
  losses,
  mutateAll,
  objectsOf,
  placeholderOf,
  quotedAs,
  revive,
  stringsOf,
  textBlocksOf,
  thrown,
  withPollutedPrototype,
} from "./laws/checks";
import { fnOf, ROWS, type Law, type Row } from "./laws/table";

interface Fixtures {
  cannotCarry: { name: string; fn: string; result: unknown; lost: number[] }[];
  names: { named: unknown; unnamed: unknown; fallbackNeeded: string; fallbackAllowed: string[] };
  blank: { name: string; result: unknown }[];
  badBlocks: { name: string; fn: string; block: unknown; line?: string; linePrefix?: string; keptWithoutName?: string; path: string }[];
  missingMime: { name: string; fn: string; block: unknown; mimeType: string }[];
  links: { refused: string[]; notAUrl: string[]; accepted: string[] };
  prompts: { name: string; toolName: string; input: Record<string, unknown>; prompt: string }[];
  ids: { list: string[] };
}

/** `$repeat:c:n` (c repeated n times) in any string of a fixture value. */
function expand<T>(v: T): T {
  if (typeof v === "string") {
    const m = /^\$repeat:(.):(\d+)$/.exec(v);
    return (m === null ? v : m[1]!.repeat(Number(m[2]))) as T;
  }
  if (Array.isArray(v)) return v.map(expand) as T;
  if (typeof v !== "object" || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = expand(x);
  return out as T;
}

const FIX = expand(loadJSON<Fixtures>("hosts/laws.json"));
const POLICIES = ["placeholder", "error", "omit"] as const;
const SECRET = "tnx-secret-7f3a";
const MEDIA_EXT: Readonly<Record<string, string>> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "application/pdf": "pdf", "audio/mpeg": "mp3", "audio/wav": "wav" };

const rowsWith = (law: Law): Row[] => ROWS.filter((r) => r.laws.includes(law));
const lossesAt = (heard: readonly Loss[], path: string): Loss[] => heard.filter((l) => l.path === path);
const includesText = (value: unknown, text: string): boolean => stringsOf(value).some((s) => s.includes(text));

/** Generated results a projection takes: a pending authorization gets an https link (a projection refuses one without). */
const results = resultJSON.map((json) => {
  const m = json.metadata as Record<string, unknown> | undefined;
  const pending = m?.pending as Record<string, unknown> | undefined;
  if (pending === undefined) return ToolResult.fromJSON(json);
  const { url: _url, ...rest } = pending;
  const tamed = pending.kind === "authorization" || typeof pending.url === "string" ? { ...rest, url: "https://example.com/login" } : rest;
  return ToolResult.fromJSON({ ...json, metadata: { ...m, pending: tamed } });
});
const withParts = results.filter((r) => r.parts !== null);
/** Generated results, often with a blank output and a blank text part (law 3 must meet them on every run). */
const blank = fc.constantFrom(" ", "\t\n", "\u00a0", "\u2028", "");
const withBlanks = fc.tuple(results, fc.option(blank, { nil: undefined }), fc.option(blank.filter((b) => b !== ""), { nil: undefined })).map(([r, output, text]) => {
  const out = output === undefined ? r : r.withOutput(output);
  return text === undefined ? out : out.addParts(ContentPart.text(text));
});

/**
 * The value as comparable text: every `timestamp` masked (A2A's status time is the call's), `undefined` kept
 * as a marker, bytes as their numbers. Jest's deep equality reads an own `constructor` key, which metadata may
 * hold (JSON data), as the object's class: text compares the data itself.
 */
function masked(v: unknown): string {
  const walk = (x: unknown): unknown => {
    if (x === undefined) return "<undefined>";
    if (ArrayBuffer.isView(x)) return { bytes: Array.from(new Uint8Array(x.buffer, x.byteOffset, x.byteLength)) };
    if (Array.isArray(x)) return x.map(walk);
    if (typeof x !== "object" || x === null) return x;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x)) Object.defineProperty(out, k, { value: k === "timestamp" ? "<time>" : walk((x as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return JSON.stringify(walk(v));
}

const ASPECT_OF: Readonly<Record<Law, keyof Row>> = { 1: "projection", 2: "projection", 3: "projection", 4: "projection", 5: "projection", 6: "reader", 7: "reader", 8: "reader", 9: "answer", 10: "link", 11: "prompt", 12: "options" };

describe("the host-law table (spec/hosts/laws/table.ts)", () => {
  it("has a row for every function toolnexus/providers exports, and no row naming a function it does not export", async () => {
    const mod = (await import("toolnexus/providers")) as unknown as Record<string, unknown>;
    const exported = Object.keys(mod).filter((k) => typeof mod[k] === "function").sort();
    const named = ROWS.map((r) => r.fn).sort();
    expect(exported.length).toBeGreaterThan(30);
    expect({ withoutRow: exported.filter((f) => !named.includes(f)), notExported: named.filter((f) => !exported.includes(f)) }).toEqual({ withoutRow: [], notExported: [] });
    expect(new Set(named).size).toBe(named.length);
  });

  it.each(ROWS.map((r) => [r.fn, r] as const))("%s: each law it lists has the aspect that checks it, each aspect its laws, and a row without law 12 says why", (_fn, row) => {
    for (const law of row.laws) expect({ law, aspect: row[ASPECT_OF[law]] === undefined ? "missing" : "given" }).toEqual({ law, aspect: "given" });
    for (const law of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const) if (row[ASPECT_OF[law]] !== undefined) expect(row.laws).toContain(law);
    if (!row.laws.includes(12)) expect(row.note).toEqual(expect.any(String));
    if (row.projection !== undefined) expect(row.laws).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 12]));
    if (row.reader !== undefined) expect(row.laws).toEqual(expect.arrayContaining([6, 7, 8, 12]));
  });
});

// ---------------------------------------------------------------------------------------------------------
// Projections: laws 1-5.

for (const row of rowsWith(1)) {
  const p = row.projection!;
  const f = fnOf(row.fn);
  const project = (r: ToolResult, options: Record<string, unknown> = {}): unknown => p.project(f, r, options);
  const partPath = (i: number): string => `${p.prefix}parts[${i}]`;

  /**
   * Law 1 for one result whose parts `lost` are losses under the options given, under every policy. Under
   * `error` the projection throws at the first part it loses (as `placeholder` reported them, in order), after
   * onLoss heard of it.
   */
  const checkLosses = (r: ToolResult, lost: readonly number[], options: Record<string, unknown>): void => {
    let order: string[] = [];
    for (const policy of ["placeholder", "omit", "error"] as const) {
      const { heard, onLoss } = losses();
      const call = (): unknown => project(r, { ...options, unsupported: policy, onLoss });
      if (policy === "error") {
        if (order.length === 0) continue;
        const e = thrown(call);
        expect(e).toBeInstanceOf(ContentPartError);
        const err = e as ContentPartError;
        expect({ code: err.code, path: err.path, heardLast: heard.at(-1)?.path }).toEqual({ code: "unsupported", path: order[0], heardLast: order[0] });
        continue;
      }
      const out = call();
      for (const l of heard) {
        expect(Object.isFrozen(l)).toBe(true);
        expect(l.provider).toEqual(expect.stringMatching(/^[a-z0-9-]+$/));
        expect(typeof l.reason).toBe("string");
      }
      if (policy === "placeholder") order = heard.map((l) => l.path).filter((path) => /parts\[\d+\]$/.test(path));
      for (const i of lost) {
        const part = r.parts![i]!;
        const at = lossesAt(heard, partPath(i));
        expect({ path: partPath(i), heard: at.length }).toEqual({ path: partPath(i), heard: 1 });
        expect(at[0]!.part?.equals(part)).toBe(true);
        if (policy === "placeholder") {
          const text = at[0]!.placeholder;
          expect(typeof text).toBe("string");
          if (part.type !== "text") expect(text).toBe(placeholderOf(part));
          else expect(text).toMatch(/^\[unsupported text part/);
          expect(includesText(out, text!)).toBe(true);
        } else {
          expect(at[0]!.placeholder).toBeUndefined();
          if (part.type !== "text") expect(includesText(out, placeholderOf(part))).toBe(false);
        }
      }
    }
    if (lost.length > 0) expect(order.length).toBeGreaterThan(0);
  };

  describe(`${row.fn} (${row.kind})`, () => {
    describe("law 1: a part the target cannot carry is a loss under the policy, heard by onLoss as a frozen Loss", () => {
      const cases = FIX.cannotCarry.filter((c) => c.fn === row.fn);
      if (cases.length > 0) {
        it.each(cases.map((c) => [c.name, c] as const))("%s: placeholder, error, omit", (_n, c) => {
          checkLosses(ToolResult.fromJSON(c.result), c.lost, {});
        });
      }
      it(
        "a part over maxBytes is a loss under each policy: the placeholder [unsupported <type> part (<mime>, <n> bytes)] in its place, a ContentPartError at parts[i], or nothing",
        () => {
          fc.assert(
            fc.property(withParts, (r) => {
              const lost = r.parts!.flatMap((part, i) => (part.byteLength > 0 ? [i] : []));
              checkLosses(r, lost, { maxBytes: 0 });
            }),
          );
        },
        timeout(),
      );
    });

    describe("law 2: a name the target has no field for is reported at parts[i].name; part-<i>.<ext> where a name is needed", () => {
      const checkNames = (r: ToolResult): void => {
        const { heard, onLoss } = losses();
        const out = project(r, { onLoss });
        const strings = stringsOf(out);
        r.parts!.forEach((part, i) => {
          if (part.name === undefined || lossesAt(heard, partPath(i)).length > 0) return;
          const reported = lossesAt(heard, `${partPath(i)}.name`);
          expect({ name: part.name, carried: strings.includes(part.name), reported: reported.length }).toEqual(
            strings.includes(part.name) ? { name: part.name, carried: true, reported: 0 } : { name: part.name, carried: false, reported: 1 },
          );
          for (const l of reported) {
            expect(l.placeholder).toBeUndefined();
            expect(l.part?.equals(part)).toBe(true);
            expect(Object.isFrozen(l)).toBe(true);
          }
        });
        // A name alone is never a reason to throw: the policy applies to whole parts.
        if (!heard.some((l) => /parts\[\d+\]$/.test(l.path))) expect(() => project(r, { unsupported: "error" })).not.toThrow();
      };

      it("a fixture of named parts: each name arrives in a field, or onLoss hears it (no placeholder, the part arrives)", () => {
        checkNames(ToolResult.fromJSON(FIX.names.named));
      });

      it(`a file with data and no name ${p.needsName ? `is named ${FIX.names.fallbackNeeded}` : "gets no name but the fallback one"}: part-<i>.<ext>, else part-<i>`, () => {
        const strings = stringsOf(project(ToolResult.fromJSON(FIX.names.unnamed)));
        const fallbacks = strings.filter((s) => /^part-\d+/.test(s));
        // A target whose names allow no dot (Bedrock's documents) has the fallback without its extension.
        const bare = (name: string): string => (p.bareFallback ? name.replace(/\..*$/, "") : name);
        for (const s of fallbacks) expect(FIX.names.fallbackAllowed.map(bare)).toContain(s);
        if (p.needsName) expect(fallbacks).toContain(bare(FIX.names.fallbackNeeded));
      });

      it(
        "on generated results: every name arrives or is reported, and every fallback name is part-<i>.<ext> of an unnamed part",
        () => {
          fc.assert(
            fc.property(withParts, (generated) => {
              // Distinct names, so that a name found in the value is that part's.
              const r = generated.withParts(generated.parts!.map((part, i) => (part.name === undefined ? part : part.withName(`named part ${i}`))));
              checkNames(r);
              for (const s of stringsOf(project(r))) {
                const m = /^part-(\d+)(?:\.(.+))?$/.exec(s);
                if (m === null) continue;
                const part = r.parts![Number(m[1])];
                expect(part?.name).toBeUndefined();
                const ext = part?.mimeType === undefined || p.bareFallback ? undefined : MEDIA_EXT[part.mimeType];
                expect(s).toBe(ext === undefined ? `part-${m[1]}` : `part-${m[1]}.${ext}`);
              }
            }),
          );
        },
        timeout(),
      );
    });

    describe("law 3: no empty or blank text block; metadata never reaches the model", () => {
      it.each(FIX.blank.map((c) => [c.name, c] as const))("%s", (_n, c) => {
        const shown = p.shown(project(ToolResult.fromJSON(c.result)));
        expect(textBlocksOf(shown).filter((t) => t.trim() === "")).toEqual([]);
      });
      it(
        "on generated results with a secret in their metadata: no blank text block, and the secret appears nowhere (documented artifacts excepted)",
        () => {
          fc.assert(
            fc.property(withBlanks, (generated) => {
              const r = generated.mergeMetadata({ [`${SECRET}-key`]: { note: SECRET } });
              const shown = p.shown(project(r));
              expect(textBlocksOf(shown).filter((t) => t.trim() === "")).toEqual([]);
              expect(stringsOf(shown).filter((s) => s.includes(SECRET))).toEqual([]);
            }),
          );
        },
        timeout(),
      );
    });

    it(
      "law 4: the value is fresh: no object shared with the result or another call's value, none frozen, and mutating it changes nothing",
      () => {
        fc.assert(
          fc.property(results, (r) => {
            const before = r.toJSON();
            const held = new Set(objectsOf(r));
            const first = project(r);
            const second = project(r);
            const others = new Set(objectsOf(second));
            const nodes = objectsOf(first);
            expect(nodes.filter((o) => Object.isFrozen(o))).toEqual([]);
            expect(nodes.filter((o) => held.has(o))).toEqual([]);
            expect(nodes.filter((o) => others.has(o))).toEqual([]);
            mutateAll(first);
            expect(masked(project(r))).toBe(masked(second));
            expect(masked(r.toJSON())).toBe(masked(before));
          }),
        );
      },
      timeout(),
    );

    it(
      `law 5: the same result and options give deep-equal values on every call${p.timestamps ? " (ids passed; the status time masked)" : ""}`,
      () => {
        fc.assert(
          fc.property(results, fc.constantFrom(...POLICIES), (r, policy) => {
            const options = { unsupported: policy === "error" ? "omit" : policy, maxBytes: 4 };
            expect(masked(project(r, options))).toBe(masked(project(r, options)));
          }),
        );
      },
      timeout(),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// Readers: laws 6-8.

for (const row of rowsWith(6)) {
  const rd = row.reader!;
  const f = fnOf(row.fn);
  const list = rd.valid[rd.listKey] as unknown[];
  const textBlock = list[0];
  const read = (value: unknown, options: Record<string, unknown> = {}): ToolResult => f(value, options) as ToolResult;
  const withBlock = (block: unknown): Record<string, unknown> => rd.wrap([textBlock, block]);

  describe(`${row.fn} (reader)`, () => {
    describe("law 6: a block that cannot become a valid part is kept without what was wrong, or named on a line of its own, and reported at its path", () => {
      const cases = FIX.badBlocks.filter((c) => c.fn === row.fn);
      it("has fixture rows", () => {
        expect(cases.length).toBeGreaterThanOrEqual(4);
      });
      it.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
        const value = withBlock(revive(c.block));
        for (const policy of POLICIES) {
          const { heard, onLoss } = losses();
          if (c.keptWithoutName !== undefined) {
            const r = read(value, { unsupported: policy, onLoss });
            expect(r.parts?.map((part) => part.name)).toEqual([undefined]);
            const at = lossesAt(heard, `${c.path}.name`);
            expect(at).toHaveLength(1);
            expect(at[0]!.placeholder).toBeUndefined();
            expect(at[0]!.part?.equals(r.parts![0]!)).toBe(true);
            expect(at[0]!.reason).toContain(quotedAs("message", c.keptWithoutName));
            expect(hasControl(at[0]!.reason)).toBe(false);
            continue;
          }
          if (policy === "error") {
            const e = thrown(() => read(value, { unsupported: policy, onLoss }));
            expect(e).toBeInstanceOf(ContentPartError);
            expect({ code: (e as ContentPartError).code, path: (e as ContentPartError).path }).toEqual({ code: "unsupported", path: c.path });
            expect(hasControl((e as Error).message)).toBe(false);
            continue;
          }
          const r = read(value, { unsupported: policy, onLoss });
          const lines = r.output.split("\n");
          for (const line of lines) expect(hasControl(line)).toBe(false);
          const at = lossesAt(heard, c.path);
          expect(at).toHaveLength(1);
          expect(Object.isFrozen(at[0])).toBe(true);
          if (policy === "omit") {
            expect(at[0]!.placeholder).toBeUndefined();
            expect(lines.filter((l) => l.startsWith("[unsupported"))).toEqual([]);
            continue;
          }
          if (c.line !== undefined) expect(lines).toContain(c.line);
          else expect(lines.filter((l) => l.startsWith(c.linePrefix!))).toHaveLength(1);
          expect(lines).toContain(at[0]!.placeholder);
        }
      });

      it(
        `on generated block types it does not know: one line [unsupported ${rd.host} ...], control characters escaped, reported at the block's path`,
        () => {
          const type = fc.oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 60 }), fc.constantFrom("a\nb", "x\u2028y", "\u001b[31mred", "z".repeat(100_000))).filter((t) => !rd.known.includes(t));
          fc.assert(
            fc.property(type, (t) => {
              const { heard, onLoss } = losses();
              const r = read(withBlock(rd.unknownBlock(t)), { onLoss });
              const at = lossesAt(heard, rd.blockPath(1));
              expect(at).toHaveLength(1);
              const lines = r.output.split("\n");
              for (const line of lines) expect(hasControl(line)).toBe(false);
              expect(lines).toContain(at[0]!.placeholder);
              expect(at[0]!.placeholder!.startsWith(`[unsupported ${rd.host}`)).toBe(true);
              if (t.length > 40) expect(r.output.includes(t)).toBe(false);
            }),
          );
        },
        timeout(),
      );

      it.each([["100,000 characters", "q".repeat(100_000)], ["a line break", "holo\ngram"], ["U+2028", "holo\u2028gram"]])(
        "quoting: a block type of %s is shown escaped and cut at 40 units with (and N more characters), never raw",
        (_n, t) => {
          const { heard, onLoss } = losses();
          const r = read(withBlock(rd.unknownBlock(t)), { onLoss });
          const shown = t.length > 40 ? `${escaped(t.slice(0, 40))}... (and ${(t.length - 40).toLocaleString("en-US")} more characters)` : escaped(t);
          expect(r.output).toContain(shown);
          expect(r.output.includes(t)).toBe(false);
          // A loss's reason is a message: the type in it quoted by the same rule.
          expect(heard.map((l) => l.reason).filter((reason) => hasControl(reason) || reason.includes(t))).toEqual([]);
        },
      );
    });

    describe("law 7: a media block without a mime type gets its data's signature, else the uri's extension, else application/octet-stream", () => {
      const cases = FIX.missingMime.filter((c) => c.fn === row.fn);
      it("has fixture rows", () => {
        expect(cases.length).toBeGreaterThanOrEqual(3);
      });
      it.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
        const { heard, onLoss } = losses();
        const r = read(withBlock(revive(c.block)), { onLoss });
        expect(heard).toEqual([]);
        expect(r.parts?.map((part) => part.mimeType)).toEqual([c.mimeType]);
        const family = c.mimeType.startsWith("image/") ? "image" : c.mimeType.startsWith("audio/") ? "audio" : "file";
        expect(r.parts![0]!.type).toBe(family);
      });
    });

    describe("law 8: it throws nothing but a ValidationError (or ContentPartError) with the path in the host's shape, whatever the input", () => {
      const block = list[1] as Record<string, unknown>;
      const places: [string, string, (h: unknown) => unknown][] = [
        ["the value itself", "", (h) => h],
        [`its ${rd.listKey}`, rd.listKey, (h) => ({ ...rd.valid, [rd.listKey]: h })],
        ["a block", rd.blockPath(0), (h) => ({ ...rd.valid, [rd.listKey]: [h, block] })],
        [`a block's ${rd.typeKey}`, rd.blockPath(1), (h) => ({ ...rd.valid, [rd.listKey]: [textBlock, { ...block, [rd.typeKey]: h }] })],
      ];
      it.each(places)("a hostile value as %s", (_n, at, place) => {
        let threw = 0;
        for (const h of HOSTILE) {
          let e: unknown;
          try {
            read(place(h.make()));
            continue;
          } catch (caught) {
            e = caught;
          }
          threw++;
          const v = assertReaderError(e, `${row.fn} with ${h.label} as ${_n}`);
          expect({ hostile: h.label, path: v.path.startsWith(at) ? at : v.path }).toEqual({ hostile: h.label, path: at });
        }
        expect(threw).toBeLessThanOrEqual(HOSTILE.length);
      });

      it(
        "a valid value with one node replaced by anything (generated, hostile, sparse, wrong type)",
        () => {
          const json = JSON.parse(JSON.stringify({ ...rd.valid, [rd.listKey]: [textBlock] })) as Record<string, unknown>;
          fc.assert(
            fc.property(mutated(fc.constant(json)), (m) => {
              try {
                read(applyMutation(m));
              } catch (e) {
                assertReaderError(e, `${row.fn} of a mutated value`);
              }
            }),
          );
        },
        timeout(),
      );
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Pause bridges: laws 9-11.

const another = (a: string, r: string): string => `${a}${a === r ? "-other" : ""}`;

for (const row of rowsWith(9)) {
  const ans = row.answer!;
  const f = fnOf(row.fn);
  describe(`${row.fn} (pause bridge) law 9: an answer is matched to its request by id, never by position`, () => {
    const checkAnother = (answerId: string, requestId: string): void => {
      const e = expectRefusal(() => ans.another.call(f, answerId, requestId), "invalid-value", ans.another.pathOf?.(answerId) ?? ans.another.path);
      const r = ans.another.requestIdOf?.(requestId) ?? requestId;
      if (ans.another.single) expect(e.message).toContain(`The answer is for request ${quotedAs("message", answerId)}, not for ${quotedAs("message", r)}`);
      else expect(e.message).toContain(quotedAs("message", answerId));
      expect(hasControl(e.message)).toBe(false);
      if (answerId.length > 40) expect(e.message.includes(answerId.slice(0, 41))).toBe(false);
    };

    it.each(FIX.ids.list.map((id) => [id.length > 40 ? `${id.slice(0, 12)}... (${id.length} characters)` : JSON.stringify(id), id] as const))(
      `an answer for another request is invalid-value at ${ans.another.path}, the message quoting both ids (quoting rule): answer %s`,
      (_n, id) => {
        checkAnother(another(id, "b-2"), "b-2");
        checkAnother(another("a-1", id), id);
      },
    );

    it(
      "on generated ids",
      () => {
        const id = fc.string({ unit: "binary", minLength: 1, maxLength: 60 });
        fc.assert(
          fc.property(id, id, (a, r) => {
            checkAnother(another(a, r), r);
          }),
        );
      },
      timeout(),
    );

    if (ans.twoAnswers !== undefined) {
      const c = ans.twoAnswers;
      it(`two answers for one request are invalid-value at ${String(c.path)}`, () => {
        expectRefusal(() => c.call(f), "invalid-value", c.path);
      });
    }
    if (ans.noAnswer !== undefined) {
      const c = ans.noAnswer;
      it(`a request left without its answer is invalid-value at ${c.path}`, () => {
        expectRefusal(() => c.call(f), "invalid-value", c.path);
      });
    }
    if (ans.twoRequests !== undefined) {
      const c = ans.twoRequests;
      it(`two pending requests with one id are refused at the second one's id, ${c.path}`, () => {
        expectRefusal(() => c.call(f), "invalid-value", c.path);
      });
    }
  });
}

for (const row of rowsWith(10)) {
  const link = row.link!;
  const f = fnOf(row.fn);
  describe(`${row.fn} (${row.kind}) law 10: a url shown or sent to a person is https, or http to a loopback host`, () => {
    it.each(FIX.links.refused.map((u) => [u] as const))(`%s is refused: unsupported at ${link.path}, the fix naming https`, (url) => {
      const e = expectRefusal(() => link.call(f, url), "unsupported", link.path);
      expect(e.message).toMatch(/https/);
    });
    it.each(FIX.links.notAUrl.map((u) => [u] as const))(`%s is refused at ${link.path}, never sent`, (url) => {
      const e = thrown(() => link.call(f, url));
      expect(e).toBeInstanceOf(ValidationError);
      // The link rule (unsupported), or before it the url rule of a Request (invalid-value: not an http(s) URL;
      // invalid-pending inside a result): the row's notAUrlCode when it names the one.
      const codes: readonly string[] = link.notAUrlCode === undefined ? ["unsupported", "invalid-value"] : [link.notAUrlCode];
      expect({ path: (e as ValidationError).path, refused: codes.includes((e as ValidationError).code) }).toEqual({ path: link.path, refused: true });
    });
    it.each(FIX.links.accepted.map((u) => [u] as const))("%s is accepted and sent as given", (url) => {
      expect(includesText(link.call(f, url), url)).toBe(true);
    });
    it(
      "on generated hosts: http is refused, https accepted",
      () => {
        const host = fc.domain().filter((d) => !/^localhost$/i.test(d));
        fc.assert(
          fc.property(host, (h) => {
            expectRefusal(() => link.call(f, `http://${h}/cb`), "unsupported", link.path);
            expect(includesText(link.call(f, `https://${h}/cb`), `https://${h}/cb`)).toBe(true);
          }),
        );
      },
      timeout(),
    );
  });
}

for (const row of rowsWith(11)) {
  const prompt = row.prompt!;
  const f = fnOf(row.fn);
  describe(`${row.fn} (pause bridge) law 11: Approve the call to tool "<name>" with input <json>?, one line, the input cut at 500`, () => {
    it.each(FIX.prompts.map((c) => [c.name, c] as const))("%s", (_n, c) => {
      const got = prompt.call(f, c.toolName, c.input);
      expect(got).toBe(c.prompt === "$computed" ? approvalPromptText(c.toolName, c.input) : c.prompt);
      expect(hasControl(got)).toBe(false);
    });
    it("an input over 500 characters ends with ... (N more characters)?", () => {
      const input = { text: "x".repeat(600) };
      const json = JSON.stringify(input);
      expect(prompt.call(f, "write", input)).toBe(`Approve the call to tool "write" with input ${json.slice(0, 500)}... (${json.length - 500} more characters)?`);
    });
    it(
      "on generated names and inputs",
      () => {
        fc.assert(
          fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 20 }), jsonObject, (name, input) => {
            const got = prompt.call(f, name, input);
            expect(got).toBe(approvalPromptText(name, input));
            expect(hasControl(got)).toBe(false);
          }),
        );
      },
      timeout(),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// Options: law 12.

const SAMPLE_VALUE: Readonly<Record<string, unknown>> = { unsupported: "omit", maxBytes: 10 };

/** A key at one edit from `key` that is no known key: `unsupported` misspelt `unsuported`, else the last character dropped. */
function oneEditOf(key: string, keys: readonly string[]): string {
  const candidates = key === "unsupported" ? ["unsuported"] : [key.slice(0, -1), `${key}s`, `${key.slice(0, 1)}${key.slice(2)}`];
  return candidates.find((c) => c !== "" && !keys.includes(c))!;
}

const keyPathOf = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `options.${key}` : `options[${escaped(JSON.stringify(key))}]`);

for (const row of rowsWith(12)) {
  const o = row.options!;
  const f = fnOf(row.fn);
  const call = (options: Record<string, unknown>): unknown => o.call(f, options);
  const first = Object.keys(o.base)[0] ?? (o.keys.includes("unsupported") ? "unsupported" : o.keys[0]!);
  const variant = first[0] === first[0]!.toUpperCase() ? first[0]!.toLowerCase() + first.slice(1) : first[0]!.toUpperCase() + first.slice(1);
  const misspelt = oneEditOf(o.keys.includes("unsupported") ? "unsupported" : first, o.keys);
  const meant = o.keys.includes("unsupported") ? "unsupported" : first;
  const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(o.base).filter(([k]) => k !== key));

  describe(`${row.fn} (${row.kind}) law 12: an own option key it does not know is refused (invalid-value at options.<key>, the fix listing the keys and the closest one)`, () => {
    it(`an unknown key: its fix lists ${o.keys.join(", ")}`, () => {
      const e = expectRefusal(() => call({ ...o.base, bogusOption: 1 }), "invalid-value", "options.bogusOption");
      for (const k of o.keys) expect(e.message).toContain(k);
    });
    it(`a key that differs in case, ${variant} for ${first}: "Did you mean ${first}?"`, () => {
      const e = expectRefusal(() => call({ ...without(first), [variant]: o.base[first] ?? SAMPLE_VALUE[first] ?? "x" }), "invalid-value", `options.${variant}`);
      expect(e.message).toMatch(new RegExp(`did you mean ${first}\\?`, "i"));
    });
    it(`a key one edit away, ${misspelt}: "Did you mean ${meant}?"`, () => {
      const e = expectRefusal(() => call({ ...o.base, [misspelt]: SAMPLE_VALUE[meant] ?? "x" }), "invalid-value", `options.${misspelt}`);
      expect(e.message).toMatch(new RegExp(`did you mean ${meant}\\?`, "i"));
    });
    it.each([["100,000 characters", "k".repeat(100_000)], ["a line break", "tool\nUseId"], ["U+2028", "tool\u2028UseId"]])("quoting: a key of %s is quoted in the message escaped and cut at 40 units, never raw", (_n, key) => {
      const e = expectRefusal(() => call({ ...o.base, [key]: 1 }), "invalid-value", keyPathOf(key));
      expect(e.message).toContain(quotedAs("message", key));
      expect(hasControl(e.message)).toBe(false);
      if (key.length > 40) expect(e.message.includes(key.slice(0, 41))).toBe(false);
    });
    it("a key found only on Object.prototype counts as absent (an unknown one, and each known one it was not given)", () => {
      const expected = masked(call({ ...o.base }));
      const pollution: Record<string, unknown> = { bogusOption: 1 };
      for (const k of o.keys) if (!Object.hasOwn(o.base, k)) pollution[k] = Symbol("polluted");
      expect(masked(withPollutedPrototype(pollution, () => call({ ...o.base })))).toBe(expected);
    });
    it(
      "on generated unknown keys",
      () => {
        const key = fc.stringMatching(/^[A-Za-z_$][\w$]{0,12}$/).filter((k) => !o.keys.includes(k) && !Object.hasOwn(Object.prototype, k) && k !== "__proto__");
        fc.assert(
          fc.property(key, (k) => {
            expectRefusal(() => call({ ...o.base, [k]: 1 }), "invalid-value", `options.${k}`);
          }),
        );
      },
      timeout(),
    );
  });
}
