/**
 * How toolnexus values look in test output: the snapshot serializer (a pretty-format plugin) and the
 * renderer the matchers' failure messages use. Part data always appears as its size and a digest.
 *
 * @module
 */
import type { BrandName } from "../brand";
import { ContentPart } from "../content-part";
import { Answer } from "../answer";
import { Request } from "../request";
import { ToolResult } from "../tool-result";
import { payloadLabel } from "./digest";
import type { PrettyConfig, PrettyPrinter, SnapshotPlugin } from "./types";

/**
 * The toolnexus type of `value` (from this copy of the package or another), as the four brand checks
 * (`ToolResult.isToolResult` and its siblings) recognise it, or `undefined`.
 *
 * @example
 * ```ts
 * toolnexusType(ToolResult.ok("x")); // "ToolResult"
 * ```
 */
export function toolnexusType(value: unknown): BrandName | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (ToolResult.isToolResult(value)) return "ToolResult";
  if (ContentPart.isContentPart(value)) return "ContentPart";
  if (Request.isRequest(value)) return "Request";
  if (Answer.isAnswer(value)) return "Answer";
  return undefined;
}

/**
 * The name test output gives a toolnexus value: its class's name (`SearchResult` for a subclass), or its
 * type when the class has no name.
 *
 * @example
 * ```ts
 * classLabel(SearchResult.ok("x"), "ToolResult"); // "SearchResult"
 * ```
 */
/** `Object.getPrototypeOf`, typed for what it gives an object. */
const getProto: (value: object) => object | null = Object.getPrototypeOf;

export function classLabel(value: object, type: BrandName): string {
  try {
    const ctor: unknown = getProto(value)?.constructor;
    if (typeof ctor === "function" && typeof ctor.name === "string" && ctor.name !== "") return ctor.name;
  } catch {
    // a hostile prototype: fall back to the type
  }
  return type;
}

const PAYLOAD = Symbol.for("toolnexus.testing.payload");
const ASYMMETRIC = Symbol.for("jest.asymmetricMatcher");

/**
 * A stand-in for a part's base64 payload in test output: it prints as `<2130 bytes, digest 1a2b3c4d>`.
 *
 * It is shaped like one of Jest's asymmetric matchers (`$$typeof`, `asymmetricMatch`,
 * `toAsymmetricMatcher`) because that is the one kind of value Jest's diff prints as raw text, without
 * quotes; two stand-ins "match" when they name the same payload.
 *
 * @example
 * ```ts
 * new PayloadStandIn("AAEC").toAsymmetricMatcher(); // "<3 bytes, digest 75e9372f>"
 * ```
 */
class PayloadStandIn {
  /** Marks the value for Jest's printer, which then prints {@link PayloadStandIn.toAsymmetricMatcher}. */
  readonly $$typeof: symbol = ASYMMETRIC;
  /** `2130 bytes, digest 1a2b3c4d`. */
  readonly label: string;

  /**
   * @example
   * ```ts
   * new PayloadStandIn(part.data!)
   * ```
   */
  constructor(base64: string) {
    this.label = payloadLabel(base64);
  }

  /** @internal Recognised across copies of the package. */
  get [PAYLOAD](): true {
    return true;
  }

  /**
   * True for a stand-in of the same payload.
   *
   * @example
   * ```ts
   * a.asymmetricMatch(b)
   * ```
   */
  asymmetricMatch(other: unknown): boolean {
    return isPayloadStandIn(other) && other.label === this.label;
  }

  /**
   * @example
   * ```ts
   * String(payload) // "Payload"
   * ```
   */
  toString(): string {
    return "Payload";
  }

  /**
   * The text Jest prints: `<2130 bytes, digest 1a2b3c4d>`.
   *
   * @example
   * ```ts
   * payload.toAsymmetricMatcher()
   * ```
   */
  toAsymmetricMatcher(): string {
    return `<${this.label}>`;
  }

  /**
   * The same text, for reporters that write a failure's values as JSON.
   *
   * @example
   * ```ts
   * JSON.stringify({ data: payload }) // '{"data":"<3 bytes, digest 75e9372f>"}'
   * ```
   */
  toJSON(): string {
    return `<${this.label}>`;
  }
}

/**
 * True for a {@link PayloadStandIn} from any copy of the package.
 *
 * @example
 * ```ts
 * isPayloadStandIn(new PayloadStandIn("AAEC")); // true
 * ```
 */
function isPayloadStandIn(value: unknown): value is PayloadStandIn {
  if (typeof value !== "object" || value === null) return false;
  try {
    return Reflect.get(value, PAYLOAD) === true;
  } catch {
    return false;
  }
}

/**
 * The fields of a toolnexus value in display order, part data replaced by a {@link PayloadStandIn}. A result shows
 * its four fields always; a part, a request and an answer show only the fields they have.
 *
 * @example
 * ```ts
 * displayFields(ToolResult.ok("x"), "ToolResult"); // [["output", "x"], ["isError", false], ...]
 * ```
 */
export function displayFields(value: object, type: BrandName): [string, unknown][] {
  switch (type) {
    case "ToolResult":
      return [
        ["output", Reflect.get(value, "output")],
        ["isError", Reflect.get(value, "isError")],
        ["parts", Reflect.get(value, "parts")],
        ["metadata", Reflect.get(value, "metadata")],
      ];
    case "ContentPart":
      return defined(value, ["type", "text", "mimeType", "data", "url", "name"]).map(([k, x]) =>
        k === "data" && typeof x === "string" ? [k, new PayloadStandIn(x)] : [k, x],
      );
    case "Request":
      return defined(value, ["id", "kind", "prompt", "url", "data", "expiresAt"]);
    case "Answer":
      return defined(value, ["id", "ok", "data", "reason"]);
  }
}

function defined(v: object, keys: readonly string[]): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const k of keys) if (Reflect.get(v, k) !== undefined) out.push([k, Reflect.get(v, k)]);
  return out;
}

/** `ClassName {` fields `}`, laid out as pretty-format lays out an object. */
function printFields(
  name: string,
  entries: [string, unknown][],
  config: PrettyConfig,
  indentation: string,
  depth: number,
  refs: unknown[],
  printer: PrettyPrinter,
): string {
  if (entries.length === 0) return `${name} {}`;
  const next = indentation + config.indent;
  let out = `${name} {${config.spacingOuter}`;
  for (let i = 0; i < entries.length; i++) {
    const [key, value] = entries[i];
    out += `${next}${printer(key, config, next, depth, refs)}: ${printer(value, config, next, depth, refs)}`;
    if (i < entries.length - 1) out += `,${config.spacingInner}`;
    else if (!config.min) out += ",";
  }
  return `${out}${config.spacingOuter}${indentation}}`;
}

/**
 * A pretty-format plugin that prints toolnexus values readably, with part data replaced by its size and a
 * short, stable digest: `"data": <2130 bytes, digest 1a2b3c4d>`.
 *
 * Results, parts, requests and answers (from any loaded copy of the package) print as `ClassName { ... }`
 * with their fields in their own order (a result: `output`, `isError`, `parts`, `metadata`); a part, a
 * request and an answer leave out the fields they do not have. Metadata prints as Jest prints any object.
 * `toolnexus/testing/setup` registers it; without the setup, add it to `snapshotSerializers` in the Jest
 * config or call `expect.addSnapshotSerializer(snapshotSerializer)`.
 *
 * @example
 * ```ts
 * import { snapshotSerializer } from "toolnexus/testing";
 * expect.addSnapshotSerializer(snapshotSerializer);
 * expect(await screenshotTool()).toMatchSnapshot();
 * // ToolResult {
 * //   "output": "chart attached",
 * //   "isError": false,
 * //   "parts": [
 * //     ContentPart {
 * //       "type": "image",
 * //       "mimeType": "image/png",
 * //       "data": <2130 bytes, digest 1a2b3c4d>,
 * //     },
 * //   ],
 * //   "metadata": null,
 * // }
 * ```
 */
export const snapshotSerializer: SnapshotPlugin = {
  test(value: unknown): boolean {
    return toolnexusType(value) !== undefined || isPayloadStandIn(value);
  },
  serialize(value: unknown, config: PrettyConfig, indentation: string, depth: number, refs: unknown[], printer: PrettyPrinter): string {
    if (isPayloadStandIn(value)) return value.toAsymmetricMatcher();
    const type = toolnexusType(value);
    // Called after `test` passed, so a toolnexus value; anything else is printed as the printer prints it.
    if (type === undefined || typeof value !== "object" || value === null) return printer(value, config, indentation, depth, refs);
    const name = classLabel(value, type);
    if (refs.includes(value)) return "[Circular]";
    if (++depth > config.maxDepth) return `[${name}]`;
    return printFields(name, displayFields(value, type), config, indentation, depth, [...refs, value], printer);
  },
};

const RENDER_CONFIG: PrettyConfig = { indent: "  ", min: false, spacingInner: "\n", spacingOuter: "\n", maxDepth: Infinity };

/** A printer for what toolnexus values hold (JSON data and other toolnexus values), in the plugin's layout. */
const printValue: PrettyPrinter = (value, config: PrettyConfig, indentation, depth, refs) => {
  if (snapshotSerializer.test(value)) return snapshotSerializer.serialize(value, config, indentation, depth, refs, printValue);
  switch (typeof value) {
    case "string":
      return `"${value.replace(/["\\]/g, "\\$&")}"`;
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "undefined":
    case "boolean":
      return String(value);
    case "object":
      break;
    default:
      return String(value);
  }
  if (value === null) return "null";
  if (refs.includes(value)) return "[Circular]";
  const next = indentation + config.indent;
  const inner = [...refs, value];
  if (Array.isArray(value)) {
    if (++depth > config.maxDepth) return "[Array]";
    if (value.length === 0) return "[]";
    const items = Array.from(value, (item, i) => next + (i in value ? printValue(item, config, next, depth, inner) : ""));
    return `[${config.spacingOuter}${items.join(`,${config.spacingInner}`)}${config.min ? "" : ","}${config.spacingOuter}${indentation}]`;
  }
  if (++depth > config.maxDepth) return "[Object]";
  const keys = Object.keys(value).sort();
  if (keys.length === 0) return "{}";
  const rows = keys.map((k) => `${next}${printValue(k, config, next, depth, inner)}: ${printValue(Reflect.get(value, k), config, next, depth, inner)}`);
  return `{${config.spacingOuter}${rows.join(`,${config.spacingInner}`)}${config.min ? "" : ","}${config.spacingOuter}${indentation}}`;
};

/**
 * A toolnexus value (or the JSON data inside one) as multi-line text, in the snapshot serializer's layout.
 * Used by the matchers' failure messages.
 *
 * @example
 * ```ts
 * render(ToolResult.ok("done"));
 * // ToolResult {
 * //   "output": "done",
 * //   "isError": false,
 * //   "parts": null,
 * //   "metadata": null,
 * // }
 * ```
 */
export function render(value: unknown, indentation = ""): string {
  return printValue(value, RENDER_CONFIG, indentation, 0, []);
}

/**
 * One line naming a part: `image (image/png, 2130 bytes, digest 1a2b3c4d)`, `file (application/pdf, url
 * https://example.com/a.pdf)`, `text "hello"`; a name is appended as `name "chart.png"`.
 *
 * @example
 * ```ts
 * partLine(ContentPart.text("hello")); // 'text "hello"'
 * ```
 */
export function partLine(part: ContentPart): string {
  if (part.type === "text") {
    const t = part.text ?? "";
    return `text ${JSON.stringify(t.length <= 60 ? t : `${t.slice(0, 57)}...`)}`;
  }
  // A part built by the library has a URL when it has no data, and a media type unless it is text; a look-alike
  // missing either prints it as `undefined`.
  const where = part.data !== undefined ? payloadLabel(part.data) : `url ${String(part.url)}`;
  const name = part.name === undefined ? "" : `, name ${JSON.stringify(part.name)}`;
  return `${part.type} (${String(part.mimeType)}, ${where})${name}`;
}
