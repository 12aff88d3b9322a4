// Shared by the specs under spec/testing: the named results of fixtures/testing/results.json, the
// subclasses the fixtures name, argument decoding, and a way to read a failing assertion's message.
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";
import { loadJSON } from "../support/fixtures";

/** A subclass named by the fixtures (`"class": "SearchResult"`). */
export class SearchResult extends ToolResult<{ hits?: number; query?: string }> {}
/** Another subclass, to show that two subclasses never equal each other. */
export class OtherResult extends ToolResult<{ hits?: number; query?: string }> {}

const CLASSES: Record<string, typeof ToolResult> = { SearchResult, OtherResult } as never;
const TYPES: Record<ValueSpec["type"], (json: unknown) => ToolResult | ContentPart | Request | Answer> = {
  ToolResult: (json) => ToolResult.fromJSON(json),
  ContentPart: (json) => ContentPart.fromJSON(json),
  Request: (json) => Request.fromJSON(json),
  Answer: (json) => Answer.fromJSON(json),
};

/** A side of a pair in fixtures/testing/equality.json. */
export interface ValueSpec {
  type: "ToolResult" | "ContentPart" | "Request" | "Answer";
  class?: string;
  json: unknown;
}

/** Builds the toolnexus value a fixture describes. */
export function build(spec: ValueSpec): ToolResult | ContentPart | Request | Answer {
  if (spec.class !== undefined) {
    const cls = CLASSES[spec.class];
    if (cls === undefined) throw new Error(`unknown class ${spec.class} in a fixture`);
    return cls.fromJSON(spec.json);
  }
  return TYPES[spec.type](spec.json);
}

const named = loadJSON<{ results: Record<string, { class?: string; json: unknown }> }>("testing/results.json").results;

/** The names of every result in results.json. */
export const resultNames = Object.keys(named);

/** A named result of results.json, built fresh each time. */
export function result(name: string): ToolResult {
  const entry = named[name];
  if (entry === undefined) throw new Error(`no result named ${name} in fixtures/testing/results.json`);
  return build({ type: "ToolResult", class: entry.class, json: entry.json }) as ToolResult;
}

/**
 * A value a fixture refers to: a result's name, `{ result: name }`, `{ wrap: name }` (an object holding the
 * result under `result`), `{ part }`, `{ request }` (JSON read by that class), or `{ json }` (plain data).
 */
export function resolve(ref: unknown): unknown {
  if (typeof ref === "string") return result(ref);
  const r = ref as Record<string, unknown>;
  if ("result" in r) return result(r.result as string);
  if ("wrap" in r) return { result: result(r.wrap as string) };
  if ("part" in r) return ContentPart.fromJSON(r.part);
  if ("request" in r) return Request.fromJSON(r.request);
  if ("json" in r) return r.json;
  throw new Error(`cannot resolve ${JSON.stringify(ref)}`);
}

/** A matcher argument from a fixture: `{ regexp, flags }` is a RegExp, anything else is itself. */
export function arg(value: unknown): unknown {
  if (typeof value === "object" && value !== null && "regexp" in value) {
    const v = value as { regexp: string; flags?: string };
    return new RegExp(v.regexp, v.flags ?? "");
  }
  return value;
}

/** A message without its ANSI colours (Jest colours them only when the terminal does). */
export function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

/** Runs an assertion that must fail and returns its message, colours stripped. */
export function failureOf(assertion: () => unknown): string {
  try {
    assertion();
  } catch (e) {
    return stripAnsi(e instanceof Error ? e.message : String(e));
  }
  throw new Error("the assertion passed, but it was meant to fail");
}

/** Every base64 payload held by the toolnexus values inside `value` (results, their parts, bare parts). */
export function payloadsOf(value: unknown, out: string[] = []): string[] {
  if (ToolResult.isToolResult(value)) for (const p of value.parts ?? []) payloadsOf(p, out);
  else if (ContentPart.isContentPart(value)) {
    if (value.data !== undefined) out.push(value.data);
  } else if (typeof value === "object" && value !== null) for (const v of Object.values(value)) payloadsOf(v, out);
  return out;
}
