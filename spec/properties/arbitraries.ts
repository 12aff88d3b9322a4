// Generators for the property suite: valid values of the four types (as JSON documents and as instances),
// the ways a caller may spell the same value, and documents broken in every way.
import fc from "fast-check";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { HOSTILE, type Hostile } from "../hostile/values";

/** Keys that must stay data: they name prototype machinery or methods that deep-equality helpers call. */
export const DANGEROUS_KEYS = ["__proto__", "constructor", "prototype", "valueOf", "toString", "hasOwnProperty", "toJSON", "then"] as const;

/** Any object key, with the dangerous ones and a few odd spellings drawn often. */
export const key = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom("", "odd key", "a.b", "0", "[x]", "\u{1F600}", "length", "pending") },
);

/** A key that may sit at the root of metadata (`pending` is reserved there). */
export const metadataKey = key.filter((k) => k !== "pending");

/** An object built with each key as own data (`__proto__` included), as JSON.parse builds it. */
export function objectOf<T>(entries: readonly (readonly [string, T])[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** A dictionary arbitrary that keeps `__proto__` as data. */
export function dict<T>(keys: fc.Arbitrary<string>, values: fc.Arbitrary<T>, maxKeys = 5): fc.Arbitrary<Record<string, T>> {
  return fc.uniqueArray(fc.tuple(keys, values), { selector: ([k]) => k, maxLength: maxKeys }).map(objectOf);
}

const leaf = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** JSON data: what metadata, `Request.data` and `Answer.data` hold. */
export const jsonData: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: dict(key, tie("value"), 4),
})).value;

/** A JSON object (`Request.data`, `Answer.data`). */
export const jsonObject: fc.Arbitrary<Record<string, unknown>> = dict(key, jsonData, 4);

const MIMES = {
  image: ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/x-icon"],
  audio: ["audio/mpeg", "audio/wav", "audio/ogg"],
  file: ["application/pdf", "text/plain", "application/json", "application/octet-stream", "text/csv", "application/vnd.ms-excel"],
} as const;

type MediaKind = keyof typeof MIMES;

const mediaKind = fc.constantFrom<MediaKind>("image", "audio", "file");

/** Any character a part's name may hold: none of the control characters (C0, DEL, C1, U+2028, U+2029) refused as `invalid-name` (docs/content-parts.md, "Options"). */
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const name = fc.option(
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }).filter((s) => !NAME_CONTROL.test(s)),
  { nil: undefined },
);

/** Canonical base64 of some bytes. */
const payload = fc.uint8Array({ minLength: 1, maxLength: 48 }).map((b) => Buffer.from(b).toString("base64"));

/** An http(s) URL that the WHATWG parser accepts. */
export const httpUrl = fc.webUrl({ validSchemes: ["http", "https"], withQueryParameters: true, withFragments: true }).filter((u) => {
  try {
    const p = new URL(u).protocol;
    return p === "http:" || p === "https:";
  } catch {
    return false;
  }
});

function withoutUndefined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** The JSON shape of a valid part, in its canonical spelling. */
export const partJSON: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.string({ unit: "binary", minLength: 1, maxLength: 16 }).map((text) => ({ type: "text", text })),
  mediaKind.chain((kind) =>
    fc.record({ mimeType: fc.constantFrom(...MIMES[kind]), data: payload, name }).map((p) => withoutUndefined({ type: kind, ...p })),
  ),
  mediaKind.chain((kind) =>
    fc.record({ mimeType: fc.constantFrom(...MIMES[kind]), url: httpUrl, name }).map((p) => withoutUndefined({ type: kind, ...p })),
  ),
);

/** Another spelling of the same part: mime type in capitals with parameters, base64 unpadded, URL-safe or wrapped. */
export function respell(part: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  if (part.type === "text") return fc.constant({ ...part });
  const mime = fc.constantFrom(part.mimeType as string, (part.mimeType as string).toUpperCase(), `${part.mimeType as string}; charset=utf-8`, ` ${part.mimeType as string} `);
  if (typeof part.data !== "string") return mime.map((mimeType) => ({ ...part, mimeType }));
  const b64 = part.data;
  const data = fc.constantFrom(
    b64,
    b64.replace(/=+$/, ""),
    b64.replace(/\+/g, "-").replace(/\//g, "_"),
    b64.replace(/(.{4})/g, "$1\n"),
    ` ${b64}\r\n`,
  );
  return fc.tuple(mime, data, fc.boolean()).map(([mimeType, d, asUrl]) =>
    asUrl ? withoutUndefined({ type: part.type, mimeType, url: `data:${part.mimeType as string};base64,${d}`, name: part.name }) : { ...part, mimeType, data: d },
  );
}

const two = (n: number) => String(n).padStart(2, "0");

/** An RFC 3339 date-time, in any of the spellings the grammar allows. */
export const rfc3339 = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 60 }),
    frac: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
    zone: fc.oneof(
      fc.constantFrom("Z", "z"),
      fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([s, h, m]) => `${s}${two(h)}:${two(m)}`),
    ),
    sep: fc.constantFrom("T", "t", " "),
  })
  .filter(({ year, month, day }) => {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  })
  // A second of 60 only at 23:59:60 UTC, where leap seconds fall (docs/suspension.md, "Requests and answers").
  .filter(({ hour, minute, second, zone }) => {
    if (second !== 60) return true;
    const offset = zone.length === 1 ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
    return (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 === 23 * 60 + 59;
  })
  .map((t) => `${String(t.year).padStart(4, "0")}-${two(t.month)}-${two(t.day)}${t.sep}${two(t.hour)}:${two(t.minute)}:${two(t.second)}${t.frac === undefined ? "" : `.${t.frac}`}${t.zone}`);

/** A Date whose year has an RFC 3339 spelling (0000 to 9999). */
export const rfcDate = fc.date({ min: new Date("0000-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });

const text = fc.string({ unit: "binary", maxLength: 16 });
const id = fc.string({ unit: "binary", minLength: 1, maxLength: 12 });
const kind = fc.oneof(fc.constantFrom("authorization", "approval", "input", "question"), fc.string({ unit: "binary", minLength: 1, maxLength: 8 }));

/** The JSON shape of a valid request. */
export const requestJSON: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    { id, kind, prompt: text, url: httpUrl, data: jsonObject, expiresAt: rfc3339 },
    { requiredKeys: ["id", "kind", "prompt"] },
  )
  .map((r) => ({ ...r }));

/** The JSON shape of a valid answer. */
export const answerJSON: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ id, ok: fc.constant(true), data: jsonObject }, { requiredKeys: ["id", "ok"] }),
  fc.record({ id, ok: fc.constant(false), data: jsonObject, reason: fc.constantFrom("declined", "cancelled", "expired") }, { requiredKeys: ["id", "ok"] }),
);

/** Valid metadata JSON: any JSON object (never `pending` but as a request). */
export const metadataJSON: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(dict(metadataKey, jsonData, 5), fc.option(requestJSON, { nil: undefined }))
  .map(([m, pending]) => (pending === undefined ? m : objectOf([...Object.entries(m), ["pending", pending] as const])));

/** The JSON shape of a valid result. */
export const resultJSON: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      output: fc.string({ unit: "binary", maxLength: 24 }),
      isError: fc.boolean(),
      parts: fc.array(partJSON, { minLength: 1, maxLength: 3 }),
      metadata: metadataJSON.filter((m) => Object.keys(m).length > 0),
    },
    // As written: isError always present; parts and metadata only when not empty.
    { requiredKeys: ["output", "isError"] },
  )
  .map((r) => ({ ...r }));

/** A subclass, to check that every path keeps the class. */
export class Sub extends ToolResult<Record<string, unknown>> {
  get first(): string {
    return this.output.slice(0, 1);
  }
}

/** The four types, each with its reader and its generator of valid JSON documents. */
export interface TypeUnderTest {
  readonly name: string;
  readonly fromJSON: (v: unknown) => { equals(o: unknown): boolean; toJSON(): unknown };
  readonly safeFromJSON: (v: unknown) => { success: boolean; data?: unknown; error?: unknown };
  readonly json: fc.Arbitrary<Record<string, unknown>>;
}

export const TYPES: readonly TypeUnderTest[] = [
  { name: "ToolResult", fromJSON: (v) => ToolResult.fromJSON(v), safeFromJSON: (v) => ToolResult.safeFromJSON(v), json: resultJSON },
  { name: "a ToolResult subclass", fromJSON: (v) => Sub.fromJSON(v), safeFromJSON: (v) => Sub.safeFromJSON(v), json: resultJSON },
  { name: "ContentPart", fromJSON: (v) => ContentPart.fromJSON(v), safeFromJSON: (v) => ContentPart.safeFromJSON(v), json: partJSON },
  { name: "Request", fromJSON: (v) => Request.fromJSON(v), safeFromJSON: (v) => Request.safeFromJSON(v), json: requestJSON },
  { name: "Answer", fromJSON: (v) => Answer.fromJSON(v), safeFromJSON: (v) => Answer.safeFromJSON(v), json: answerJSON },
];

/** Any JavaScript value fast-check can make: boxed values, Maps, Sets, null prototypes, bigints, dates, typed arrays, holes. */
export const anyValue = fc.anything({
  maxDepth: 4,
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
  withUnicodeString: true,
});

/**
 * An entry of the hostile catalogue (throwing getters and Proxies, cycles, non-JSON values). The property
 * calls `make()`: fast-check itself inspects what it generates, and a hostile value would break it.
 */
export const hostile: fc.Arbitrary<Hostile> = fc.constantFrom(...HOSTILE);

/** A path into a JSON document: the keys and indices from its root to one of its nodes. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (typeof value === "object" && value !== null) for (const k of Object.keys(value)) pathsOf((value as Record<string, unknown>)[k], [...prefix, k], out);
  return out;
}

/** A copy of a JSON document with the node at `path` replaced or added (the root when the path is empty). */
export function replaceAt(doc: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(doc)) {
    const copy = doc.slice();
    copy[head as number] = replaceAt(doc[head as number], rest, replacement);
    return copy;
  }
  const src = doc as Record<string, unknown>;
  const keys = Object.keys(src);
  const entries = keys.map((k) => [k, k === head ? replaceAt(src[k], rest, replacement) : src[k]] as const);
  // A key the document lacks is added.
  return objectOf(keys.includes(head as string) ? entries : [...entries, [head as string, replaceAt(undefined, rest, replacement)] as const]);
}

/** A valid document and the node to replace in it, with a generated value or a hostile one. */
export interface Mutation {
  readonly doc: Record<string, unknown>;
  readonly path: readonly (string | number)[];
  readonly replacement: { readonly value: unknown } | { readonly hostile: string };
}

/** A valid document with one node replaced by anything: a generated value, a JSON value or a hostile one. */
export function mutated(json: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Mutation> {
  return json.chain((doc) =>
    fc.record({
      doc: fc.constant(doc),
      path: fc.constantFrom(...pathsOf(doc)),
      replacement: fc.oneof(
        fc.record({ value: fc.oneof(anyValue, fc.jsonValue({ maxDepth: 2 })) }),
        hostile.map((h) => ({ hostile: h.label })),
      ),
    }),
  );
}

/** Builds the mutated document (a hostile replacement is made fresh). */
export function applyMutation(m: Mutation): unknown {
  const r = m.replacement;
  return replaceAt(m.doc, m.path, "hostile" in r ? HOSTILE.find((h) => h.label === r.hostile)!.make() : r.value);
}
