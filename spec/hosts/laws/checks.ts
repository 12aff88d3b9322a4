// What the host-law table (spec/hosts/laws.spec.ts) looks for in what a host function returns or throws: the
// strings and keys of a value, its text blocks, the objects it is made of, and the texts the laws pin (the
// quoting of a sender's string, the approval prompt, the placeholder of a lost part). The texts are written
// here from the rules as docs and the README state them, as an oracle: never imported from lib/.
import { expect } from "@jest/globals";
import { ContentPartError, ValidationError, type ContentPart } from "toolnexus";
import type { Loss } from "toolnexus/providers";
import { describeThrown, safeInstanceOf } from "../../hostile/constructs";

/** A function of `toolnexus/providers`, called as the table's rows say. */
export type Fn = (...args: any[]) => unknown;

/** Every string of a value: its own data properties' values and keys, at any depth (bytes excepted). */
export function stringsOf(value: unknown, out: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value === "string") {
    out.push(value);
    return out;
  }
  if (typeof value !== "object" || value === null || seen.has(value) || ArrayBuffer.isView(value)) return out;
  seen.add(value);
  for (const k of Reflect.ownKeys(value)) {
    if (typeof k === "string" && !Array.isArray(value)) out.push(k);
    const d = Object.getOwnPropertyDescriptor(value, k);
    if (d !== undefined && "value" in d) stringsOf(d.value, out, seen);
  }
  return out;
}

/** Every object and array of a value, reached through own data properties (typed arrays included). */
export function objectsOf(value: unknown, out: object[] = [], seen = new Set<object>()): object[] {
  if (typeof value !== "object" || value === null || seen.has(value)) return out;
  seen.add(value);
  out.push(value);
  if (ArrayBuffer.isView(value)) return out;
  for (const k of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, k);
    if (d !== undefined && "value" in d) objectsOf(d.value, out, seen);
  }
  return out;
}

const own = (o: object, k: string): unknown => (Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined);

/**
 * The text of every text block in a host's value: an object `{ type: "text" | "input_text" | "output_text", text }`
 * (Anthropic, OpenAI, MCP, the AI SDK's content, LangChain, AG-UI, Agents), and an A2A text part
 * (`{ content: { $case: "text", value } }`).
 */
export function textBlocksOf(value: unknown): string[] {
  const out: string[] = [];
  for (const o of objectsOf(value)) {
    if (Array.isArray(o) || ArrayBuffer.isView(o)) continue;
    const type = own(o, "type");
    const text = own(o, "text");
    if ((type === "text" || type === "input_text" || type === "output_text") && typeof text === "string") out.push(text);
    const content = own(o, "content");
    if (typeof content === "object" && content !== null && own(content, "$case") === "text" && typeof own(content, "value") === "string") out.push(own(content, "value") as string);
  }
  return out;
}

/** Changes every object of a host's value in place: a key added, each string field rewritten, each array grown, bytes zeroed. */
export function mutateAll(value: unknown): void {
  for (const o of objectsOf(value)) {
    if (ArrayBuffer.isView(o)) {
      new Uint8Array(o.buffer, o.byteOffset, o.byteLength).fill(0);
      continue;
    }
    if (Array.isArray(o)) {
      o.push("mutated");
      continue;
    }
    const r = o as Record<string, unknown>;
    for (const k of Object.keys(r)) if (typeof r[k] === "string") r[k] = "mutated";
    r.mutatedKey = "mutated";
  }
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** True when `s` holds a control character, DEL, a C1 control, U+2028 or U+2029 (a line of ours must not). */
export function hasControl(s: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(s);
}

/** The escaping of the quoting rule: control characters, DEL, U+2028 and U+2029 as `\n`, `\r`, `\t`, else `\u001b`. */
export function escaped(s: string): string {
  return s.replace(CONTROL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/**
 * A sender's string as the quoting rule shows it: escaped, cut at 40 UTF-16 units (never inside a surrogate
 * pair) and followed by ` (and N more characters)`; in a message also JSON-quoted.
 */
export function quotedAs(form: "message" | "line", s: string): string {
  const long = s.length > 40;
  const c = s.charCodeAt(39);
  const cut = !long ? s.length : c >= 0xd800 && c <= 0xdbff ? 39 : 40;
  const head = long ? `${s.slice(0, cut)}...` : s;
  const text = form === "message" ? escaped(JSON.stringify(head)) : escaped(head);
  return long ? `${text} (and ${grouped(s.length - cut)} more characters)` : text;
}

/** A tool's input in a prompt: its compact JSON text (a string as sent), cut at 500 units then escaped, with `... (N more characters)`. */
export function promptInputText(input: unknown): string {
  const json = typeof input === "string" ? input : JSON.stringify(input);
  if (json.length <= 500) return escaped(json);
  const c = json.charCodeAt(499);
  const end = c >= 0xd800 && c <= 0xdbff ? 499 : 500;
  return `${escaped(json.slice(0, end))}... (${json.length - end} more characters)`;
}

/** The approval prompt of every host with a tool name and an input. */
export function approvalPromptText(toolName: string, input: unknown): string {
  return `Approve the call to tool ${escaped(JSON.stringify(toolName))} with input ${promptInputText(input)}?`;
}

/** The placeholder of a lost media part: `[unsupported image part (image/png, 82 bytes)]` (`url` for a url part). */
export function placeholderOf(part: ContentPart): string {
  return `[unsupported ${part.type} part (${part.mimeType ?? ""}, ${part.data === undefined ? "url" : `${part.byteLength} bytes`})]`;
}

/** Calls `fn` and returns what it threw, or fails naming what it returned. */
export function thrown(fn: () => unknown): unknown {
  let value: unknown;
  try {
    value = fn();
  } catch (e) {
    return e;
  }
  throw new Error(`expected a throw; it returned ${describeValue(value)}`);
}

function describeValue(v: unknown): string {
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}...` : s;
  } catch {
    return typeof v;
  }
}

/** What a call threw, as a ValidationError of `code` at `path`: a failure says what it was instead. */
export function expectRefusal(fn: () => unknown, code: string, path: string | RegExp): ValidationError {
  const e = thrown(fn);
  if (!safeInstanceOf(e, ValidationError)) throw new Error(`expected a ValidationError (${code} at ${String(path)}); got ${describeThrown(e)}`);
  const v = e as ValidationError;
  expect({ code: v.code, path: v.path }).toEqual({ code, path: typeof path === "string" ? path : expect.stringMatching(path) });
  return v;
}

/** Throws a printable Error unless `e` is a ValidationError (a ContentPartError is one) whose path is a string. */
export function assertReaderError(e: unknown, where: string): ValidationError {
  if (!safeInstanceOf(e, ValidationError) && !safeInstanceOf(e, ContentPartError)) throw new Error(`${where}: not a ValidationError: ${describeThrown(e)}`);
  const v = e as ValidationError;
  if (typeof v.path !== "string") throw new Error(`${where}: the path is not a string`);
  return v;
}

/** An `onLoss` that keeps every loss it hears. */
export function losses(): { heard: Loss[]; onLoss: (l: Loss) => void } {
  const heard: Loss[] = [];
  return { heard, onLoss: (l) => heard.push(l) };
}

/** Runs `fn` with `Object.prototype` given the keys of `pollution` (as enumerable data), then removes them. */
export function withPollutedPrototype<T>(pollution: Readonly<Record<string, unknown>>, fn: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  const keys = Object.keys(pollution).filter((k) => !Object.hasOwn(proto, k));
  try {
    for (const k of keys) Object.defineProperty(proto, k, { value: pollution[k], enumerable: true, configurable: true, writable: true });
    return fn();
  } finally {
    for (const k of keys) Reflect.deleteProperty(proto, k);
  }
}

/** Builds fixture JSON into values: `{ "$bytes": base64 }` becomes a Uint8Array. */
export function revive(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revive);
  if (typeof v !== "object" || v === null) return v;
  const o = v as Record<string, unknown>;
  if (typeof o.$bytes === "string" && Object.keys(o).length === 1) return new Uint8Array(Buffer.from(o.$bytes, "base64"));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) Object.defineProperty(out, k, { value: revive(o[k]), enumerable: true, writable: true, configurable: true });
  return out;
}
