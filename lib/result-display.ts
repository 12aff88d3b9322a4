// The display of a ToolResult: `toString`'s one line and `describe`'s log-safe object, both free of data (an
// output and a text part by their lengths, other parts by their summaries, metadata by its keys). See the
// docs/results.md, "Equality, text and brand checks" and docs/content-parts.md, "Part data stays out of logs".
import { escapeControl } from "./boundary";
import type { ContentPart } from "./content-part";
import type { ResultFields } from "./result-fields";

/**
 * What `result.describe()` gives: a log-safe picture of a result. The output, the error flag, each part by its
 * type, mime type and size (never its data), and the metadata's top-level keys (never their values).
 */
export interface ResultDescription {
  output: string;
  isError: boolean;
  parts: { type: string; mimeType: string | undefined; bytes: number }[];
  metadataKeys: string[];
}

/** A part in `toString`: a text part by its length, any other by its summary. */
function partText(p: ContentPart): string {
  return p.type === "text" ? `text (${(p.text ?? "").length} chars)` : p.summary();
}

/**
 * `toString`'s line, for a checked result's fields: `ToolResult(ok, output: 5 chars)`. `className` names
 * the class, `pendingKind` the kind of its pending request (when it has one).
 */
export function resultLine(className: string, r: ResultFields, pendingKind: string | undefined): string {
  const bits = [pendingKind !== undefined ? `pending ${pendingKind}` : r.isError ? "error" : "ok", `output: ${r.output.length} chars`];
  if (r.parts) bits.push(`parts: [${r.parts.map(partText).join(", ")}]`);
  if (r.metadata) bits.push(`metadata: {${Object.keys(r.metadata).join(", ")}}`);
  // Keys, a kind and a class name arrive from outside: their control characters are shown escaped, so
  // that the description stays one line and can never forge another.
  return escapeControl(`${className}(${bits.join(", ")})`);
}

/** `describe()` of a checked result's fields. */
export function resultDescription(r: ResultFields): ResultDescription {
  return {
    output: r.output,
    isError: r.isError,
    parts: (r.parts ?? []).map((p) => p.describe()),
    metadataKeys: Object.keys(r.metadata ?? {}),
  };
}

/** The class name for display: `base` for the base class (`ToolResult`, even when a bundler renamed it), else the constructor's name. */
export function displayName(proto: object | null | undefined, baseProto: object, base: string): string {
  const ctor: unknown = proto?.constructor;
  return (proto !== baseProto && typeof ctor === "function" && ctor.name) || base;
}
