// Whatever is accepted round-trips through JSON text and is deep-frozen:
// X.fromJSON(JSON.parse(JSON.stringify(x))).equals(x), for values read from JSON, built by every other
// door, and read from documents broken at one node that were still accepted.
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import {
  answerJSON,
  applyMutation,
  jsonData,
  jsonObject,
  metadataJSON,
  mutated,
  partJSON,
  requestJSON,
  respell,
  resultJSON,
  rfc3339,
  rfcDate,
  Sub,
  TYPES,
} from "./arbitraries";
import { RUNS, timeout } from "./settings";
import { assertDeepFrozen, canonical } from "./support";

type Value = { equals(o: unknown): boolean; toJSON(): unknown };

/** The round trip of the contract, plus: deep-frozen, same class, and a stable JSON text. */
function roundTrips(read: (v: unknown) => Value, x: Value): void {
  assertDeepFrozen(x, "x");
  const text = JSON.stringify(x);
  const back = read(JSON.parse(text));
  if (!back.equals(x)) throw new Error(`the round trip changed the value: ${text.slice(0, 200)}`);
  if (!x.equals(back)) throw new Error("equals is not symmetric on the round trip");
  if (Object.getPrototypeOf(back) !== Object.getPrototypeOf(x)) throw new Error("the round trip changed the class");
  if (JSON.stringify(back) !== text) throw new Error("writing after reading changed the JSON text");
  assertDeepFrozen(back, "back");
}

describe.each(TYPES.map((t) => [t.name, t] as const))("%s: what is read round-trips", (_name, t) => {
  it(`every valid document is accepted, deep-frozen, and round-trips (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(t.json, (doc) => {
        const x = t.fromJSON(doc);
        roundTrips(t.fromJSON, x);
        // Writing gives back the document, up to the key order of JSON objects.
        expect(canonical(x)).toBe(canonical(doc));
      }),
    );
  }, timeout());

  it(`whatever a broken document still yields round-trips (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(mutated(t.json), (m) => {
        const r = t.safeFromJSON(applyMutation(m));
        if (r.success) roundTrips(t.fromJSON, r.data as Value);
      }),
    );
  }, timeout(20));
});

describe("values built by the other doors round-trip", () => {
  it(`ContentPart: any spelling of a part reads as its canonical form (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        partJSON.chain((p) => fc.tuple(fc.constant(p), respell(p))),
        ([canonicalPart, spelled]) => {
          const a = ContentPart.fromJSON(canonicalPart);
          const b = ContentPart.fromJSON(spelled);
          expect(b.equals(a)).toBe(true);
          roundTrips((v) => ContentPart.fromJSON(v), b);
        },
      ),
    );
  }, timeout());

  it(`ContentPart: fromBytes, fromBase64 and fromDataUrl give parts that round-trip (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.constantFrom("application/octet-stream", "text/plain", "image/x-raw", "audio/x-raw"), (bytes, mimeType) => {
        const a = ContentPart.fromBytes(bytes, { mimeType, verifyMime: false });
        const b = ContentPart.fromBase64(Buffer.from(bytes).toString("base64url"), { mimeType, verifyMime: false });
        const c = ContentPart.fromDataUrl(`data:${mimeType};base64,${Buffer.from(bytes).toString("base64")}`, { verifyMime: false });
        for (const p of [a, b, c]) roundTrips((v) => ContentPart.fromJSON(v), p);
        expect(b.equals(a) && c.equals(a)).toBe(true);
        expect(Array.from(a.bytes())).toEqual(Array.from(bytes));
        expect(a.byteLength).toBe(bytes.length);
      }),
    );
  }, timeout());

  it(`ToolResult: new, ok, error, pending, json and the copies give values that round-trip (${RUNS} runs)`, () => {
    const metadataNoPending = metadataJSON.map((m) => {
      const out = { ...m };
      delete out.pending;
      return out;
    });
    fc.assert(
      fc.property(
        resultJSON,
        requestJSON,
        metadataNoPending,
        jsonData,
        fc.constantFrom(ToolResult, Sub),
        fc.nat(),
        (doc, req, meta, data, cls, door) => {
          const base = cls.fromJSON(doc);
          // One door per run, so that a deep run of 100,000 stays affordable.
          const doors: (() => ToolResult)[] = [
            () => new cls(doc as never),
            () => cls.ok(doc.output as string, { parts: doc.parts as never, metadata: doc.metadata as never }),
            () => cls.error(doc.output as string, { parts: doc.parts as never }),
            () => cls.pending(req as never, { metadata: meta as never }),
            () => cls.pending(Request.fromJSON(req)),
            () => cls.json(data),
            () => base.withOutput(`${base.output}!`),
            () => base.withIsError(!base.isError),
            () => base.withParts(null),
            () => base.addParts(ContentPart.text("added")),
            () => base.withMetadata(meta as never),
            () =>
              base.withMetadata((m: Record<string, unknown>) => {
                m.recipe = data;
              }),
            () => base.mergeMetadata(meta as never),
            () => base.with({ output: "changed", metadata: null }),
            () =>
              base.with((d) => {
                d.isError = !d.isError;
              }),
            () => base.truncate({ maxOutputChars: 5 }),
          ];
          const x = doors[door % doors.length]!();
          expect(x).toBeInstanceOf(cls);
          roundTrips((v) => cls.fromJSON(v), x);
        },
      ),
    );
  }, timeout(20));

  it(`Request: new, create, with, and any RFC 3339 expiry round-trip (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(requestJSON, rfc3339, jsonObject, (doc, expiresAt, data) => {
        const r = new Request(doc as never);
        for (const x of [r, Request.create({ kind: r.kind, prompt: r.prompt }), r.with({ expiresAt }), r.with({ data }), r.with({ url: undefined, data: undefined })]) {
          roundTrips((v) => Request.fromJSON(v), x);
        }
        expect(r.with({ expiresAt }).expiresAt).toBe(expiresAt);
      }),
    );
  }, timeout());

  it(`Request: an expiry given as a Date is stored as its ISO string, expires at that instant, and round-trips (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(rfcDate, (d) => {
        const r = Request.create({ kind: "approval", prompt: "p", expiresAt: d });
        expect(r.expiresAt).toBe(d.toISOString());
        expect(r.isExpired(d)).toBe(true);
        expect(r.isExpired(new Date(d.getTime() - 1))).toBe(false);
        roundTrips((v) => Request.fromJSON(v), r);
      }),
    );
  }, timeout());

  it(`Answer: accept, decline and output round-trip (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(requestJSON, jsonObject, fc.string({ unit: "binary" }), fc.constantFrom("declined", "cancelled", "expired") as fc.Arbitrary<"declined">, (doc, data, text, reason) => {
        const req = Request.fromJSON(doc);
        for (const a of [Answer.accept(req, data), Answer.accept(req.id), Answer.decline(req, reason), Answer.output(req, text), new Answer({ id: req.id, ok: true })]) {
          expect(a.answers(req)).toBe(true);
          expect(a.answers(req.id)).toBe(true); // the id alone answers too
          expect(a.answers(`${req.id}x`)).toBe(false);
          roundTrips((v) => Answer.fromJSON(v), a);
        }
      }),
    );
  }, timeout());

  it(`Answer documents read back equal (${RUNS} runs)`, () => {
    fc.assert(fc.property(answerJSON, (doc) => expect(Answer.fromJSON(JSON.parse(JSON.stringify(doc))).equals(Answer.fromJSON(doc))).toBe(true)));
  }, timeout());
});
