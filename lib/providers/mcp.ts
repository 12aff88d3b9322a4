/**
 * The Model Context Protocol projection, both ways: a `ToolResult` to a `CallToolResult` and back.
 *
 * @module
 */
import { isArrayAt, readArray, readOwn, snapshot, type Snapshot } from "../boundary";
import { isHttpUrl } from "../url";
import { raise } from "../errors";
import { copyJson, newWalk, typeName } from "../json-data";
import { normalizeMime } from "../media";
import { PENDING } from "../metadata";
import { ToolResult, type AnyToolResult } from "../tool-result";
import { builtBlock, carried, inboundPart, InboundAccumulator, isListAt, lostBlock, unknownType, type BlockRead, type InboundHost } from "./inbound";
import { optionKeys } from "../options";
import { quoted } from "../quote";
import { asResult, optionalBoolean, ownOption, projection, readerContext } from "./options";
import type { ProjectionOptions } from "./loss";
import { nameOrFallback } from "./media-set";
import { isBlank, urlBaseName } from "./part-output";
import { blankOutput, defineProjection, openProjection, writeBlocks, type MediaPart } from "./projection";

/** A `text` content block. */
export type McpTextContent = { type: "text"; text: string };

/** An `image` content block: base64 data. */
export type McpImageContent = { type: "image"; data: string; mimeType: string };

/** An `audio` content block: base64 data. */
export type McpAudioContent = { type: "audio"; data: string; mimeType: string };

/** An embedded resource holding a blob: how a file with data travels. */
export type McpEmbeddedResource = { type: "resource"; resource: { uri: string; mimeType: string; blob: string } };

/** A `resource_link`: how a part with a URL travels. */
export type McpResourceLink = { type: "resource_link"; uri: string; name: string; mimeType: string };

/** A content block of a {@link McpCallToolResult}. */
export type McpContentBlock = McpTextContent | McpImageContent | McpAudioContent | McpEmbeddedResource | McpResourceLink;

/** A `CallToolResult`, as the MCP SDK's `CallToolResult` type and `CallToolResultSchema` accept it. */
export type McpCallToolResult = {
  content: McpContentBlock[];
  isError: boolean;
  _meta?: { [key: string]: unknown };
};

/** What {@link fromMcp} reads: any `CallToolResult`, the MCP SDK's own type included. */
export type McpCallToolResultInput = {
  /** MCP 2026-07-28: `"complete"` (or absent) for a result; `"input_required"` and `"task"` are refused. */
  readonly resultType?: string | undefined;
  readonly content?: readonly unknown[] | undefined;
  readonly structuredContent?: unknown;
  readonly isError?: boolean | undefined;
  readonly [key: string]: unknown;
};

/** Options of {@link toMcp}. */
export interface McpOptions extends ProjectionOptions {
  /** Copy the result's metadata, `pending` excepted, into `_meta` (default `false`: metadata is never sent). */
  meta?: boolean;
}

/** Options of {@link fromMcp}: `unsupported` and `onLoss` apply to blocks that cannot become parts. */
export type FromMcpOptions = ProjectionOptions;

const FROM_MCP = projection("mcp", "MCP", "fromMcp");
const FROM_MCP_KEYS = optionKeys("fromMcp", ["unsupported", "onLoss", "maxBytes"]);

/**
 * Projects a result onto an MCP `CallToolResult`.
 *
 * `content` holds a text block of the output (left out when empty; a blank output is left out too, and
 * reported to `onLoss` at `output`: no blank text block is ever sent, an error's included), then one block per
 * part in order: `text` for a text part (a blank one is a loss), `image` and `audio` for media with data, an embedded `resource` for a file with
 * data (its `uri` the part's name, else `part-<index>.<ext>`), and a `resource_link` for any part given by URL (its
 * `name` the part's name, else the URL's last path segment). `isError` is carried.
 *
 * MCP carries every kind of part; the only loss is a part over `maxBytes`, handled by `unsupported` and
 * reported to `onLoss`. MCP image and audio blocks carry no name: a named image's or audio's name is reported
 * to `onLoss` (path `parts[i].name`, no placeholder, since the part itself arrives; a part by URL keeps its name
 * in its `resource_link`); a name is only ever
 * reported, whatever the `unsupported` policy, which applies to whole parts. Metadata is not sent unless
 * `meta: true`, which copies it into `_meta`, `pending` excepted.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { ToolResult } from "toolnexus";
 * import { toMcp } from "toolnexus/providers";
 *
 * server.registerTool("search", config, async (args) => toMcp(await search(args)));
 * toMcp(ToolResult.error("no such file")); // { content: [{ type: "text", text: "no such file" }], isError: true }
 * ```
 */
export function toMcp(result: AnyToolResult, options?: McpOptions): McpCallToolResult {
  const ctx = openProjection(TO_MCP, options);
  // An own property only: Object.prototype.meta is no option.
  const meta = optionalBoolean(ownOption(options, "meta"), "meta") ?? false;
  const r = asResult(result, "toMcp");
  // A blank output is never a text block (law 3): left out and reported at `output`, with or without parts.
  const blank = isBlank(r.output);
  if (blank) blankOutput(TO_MCP, ctx, r.output);
  const output = blank ? "" : r.output;
  const content = writeBlocks(TO_MCP, ctx, output, r.parts) ?? (output === "" ? [] : [mcpText(output)]);
  const out: McpCallToolResult = { content, isError: r.isError };
  if (meta && r.metadata !== null) {
    const copy: Record<string, unknown> = {};
    let any = false;
    for (const [key, value] of Object.entries(r.metadata)) {
      if (key === PENDING) continue;
      Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
      any = true;
    }
    if (any) out._meta = copy;
  }
  return out;
}

/** A text block: the output's, a text part's, a lost part's placeholder. */
function mcpText(text: string): McpTextContent {
  return { type: "text", text };
}

/**
 * MCP's table of part blocks: `image` and `audio` with data (no name field: a name is reported by the kit), an
 * embedded `resource` for a file with data (its `uri` the name, else the fallback name `part-<i>.<ext>`), a
 * `resource_link` for any part given by URL (its `name` the part's, else the URL's last path segment).
 */
function toMcpBlock(p: MediaPart, index: number): McpContentBlock {
  const mimeType = p.mimeType;
  if (p.data === undefined) return { type: "resource_link", uri: p.url, name: p.name ?? urlBaseName(p.url), mimeType };
  if (p.type === "file") return { type: "resource", resource: { uri: nameOrFallback(p, index), mimeType, blob: p.data } };
  return { type: p.type, data: p.data, mimeType };
}

const TO_MCP = defineProjection<McpContentBlock, McpOptions>({
  provider: "mcp",
  label: "MCP",
  fn: "toMcp",
  keys: ["meta"],
  text: mcpText,
  part: toMcpBlock,
  nameless: { image: "an MCP image block", audio: "an MCP audio block" },
  // A part by url is a resource_link, whose `name` carries the part's name.
  namedByUrl: true,
});

// ---------------------------------------------------------------------------------------------------------
// Inbound

/** The error text when an error result has no text of its own (as the other toolnexus ports write it). */
export const MCP_ERROR_TEXT = "MCP tool returned an error";

/**
 * Reads an MCP `CallToolResult` into a `ToolResult`, as the other toolnexus ports map it.
 *
 * - `resultType` (MCP 2026-07-28): absent or `"complete"` is a result. `"input_required"` (a call paused for
 *   a person) and `"task"` (a call running as a task) are no result: a `ValidationError` (`unsupported`, path
 *   `resultType`) whose fix names `fromMcpInputRequired`, so that a pause is never read as an empty success.
 *   Another string is `invalid-value`, a value that is not a string `invalid-type`.
 * - Output: the text blocks joined by `"\n"`; on an error, the non-blank ones joined by `"\n\n"`, or
 *   `MCP tool returned an error` when there are none. On a success with `structuredContent` (any JSON value:
 *   an object, an array, a string, a number, a boolean; `null` counts as absent), the output is its compact
 *   JSON text, and the text blocks (a copy of it, by the spec) are not repeated.
 * - Parts: `image` and `audio` blocks; a `resource_link` with an http(s) uri as a part with `url` and
 *   `name`; an embedded resource with a `blob` as a part named by its uri. The part's type follows its mime
 *   type (`image/*` an image, `audio/*` audio, else a file). A missing mime type is guessed by the one rule
 *   of every reader: the data's signature when the media table knows it, else the uri's extension, else
 *   `application/octet-stream` (the data is kept: not a loss). A mime type that is given is not checked
 *   against the data: the wire is faithful, and the base64 is kept as it came when it is canonical.
 * - An embedded resource with `text` appends it to the output, after `"\n"`.
 * - With no text at all, the output is one summary line per part (`image (image/png, 82 bytes)`).
 * - `parts` is null for a text-only result; metadata is null.
 *
 * A block that cannot become a valid part (an unknown type, a `resource_link` whose uri is not http(s), an
 * image without data or with bad base64) is never dropped silently: it is reported to `onLoss`, and under
 * the default policy named in the output, one line per loss. A block that carries a name or a uri (its own
 * `name` and `uri`; an embedded resource's uri) is named by them, whatever was wrong:
 * `[unsupported MCP resource_link: report.pdf (file:///srv/reports/report.pdf)]`, `[unsupported MCP video:
 * clip.mp4 (https://a.b/clip.mp4)]`, `[unsupported MCP resource: file:///x.bin]`; one of an unknown type that
 * carries neither by its type, `[unsupported MCP video: an unknown content block type]`; any other by what was wrong,
 * `[unsupported MCP image block (it has no data)]`. The server's text is shown by the quoting rule (its
 * control characters escaped, so that it cannot start a line of its own, and cut at 40 characters). `unsupported: "error"`
 * throws a `ContentPartError` with code `unsupported` instead, and `"omit"` leaves the line out. `maxBytes`
 * applies to the parts read, as in the other projections: a part over it gets the usual placeholder,
 * `[unsupported image part (image/png, 82 bytes)]`. A malformed result (not an
 * object, `content` not an array, `isError` not a boolean) is a `ValidationError`, and so is a block that
 * cannot be read (a revoked Proxy, a getter or a Proxy trap that throws: the error names its path, such as
 * `content[1].text`). The result is read as every input is (see docs/trust.md, "Reading what callers pass"): own fields
 * only, each read once. A part's name holding a control character is left off the part and reported to
 * `onLoss` (path `content[2].name`, no placeholder); `structuredContent` is read as metadata is, with its
 * limits and errors.
 *
 * See docs/trust.md, "Reading what callers pass".
 *
 * @example
 * ```ts
 * import { fromMcp } from "toolnexus/providers";
 *
 * const result = fromMcp(await client.callTool({ name: "screenshot", arguments: {} }));
 * result.parts?.[0]?.summary(); // "image (image/png, 10240 bytes)"
 * ```
 */
export function fromMcp(callToolResult: McpCallToolResultInput, options?: FromMcpOptions): ToolResult {
  const ctx = readerContext(options, FROM_MCP, FROM_MCP_KEYS);
  const src = snapshot(callToolResult, RESULT_KEYS, "", "fromMcp() reads a CallToolResult, which", "Pass the result of client.callTool().");
  checkResultType(src.resultType);
  const isError = src.isError ?? false;
  const content = src.content ?? [];
  const structuredContent = src.structuredContent;
  if (typeof isError !== "boolean") invalid("isError", `isError must be a boolean, got ${typeName(isError)}`, "Send true, false, or leave it out.");
  if (!isListAt(content, "content", "content")) invalid("content", `content must be an array of content blocks, got ${typeName(content)}`, "Send a list such as [{ type: \"text\", text: \"...\" }].");
  const blocks = readArray(content, "content");
  let structured: string | undefined;
  if (!isError && structuredContent !== undefined && structuredContent !== null) {
    // Any JSON value (MCP 2026-07-28: an object, an array, a string, a number, a boolean), read by the one
    // counted walk of JSON data (its depth, value count and cycle limits), and written from that copy, which
    // the library owns: nothing else reads the server's value.
    structured = JSON.stringify(copyJson(structuredContent, newWalk("structuredContent"), -1));
  }

  const acc = new InboundAccumulator(ctx, MCP_HOST);
  for (let i = 0; i < blocks.length; i++) acc.add(readMcpBlock(blocks[i], i), i, `content[${i}]`);
  // An error's text: its non-blank blocks joined by a blank line, else the sentence.
  const text = isError ? acc.joined("\n\n", true) : (structured ?? acc.joined());
  const output = acc.output(text, isError ? MCP_ERROR_TEXT : undefined);
  return isError ? ToolResult.error(output, { parts: acc.parts }) : ToolResult.ok(output, { parts: acc.parts });
}

const MCP_HOST: InboundHost = { name: "MCP", fix: "Fix the server's result" };
const RESULT_KEYS = ["resultType", "content", "structuredContent", "isError"] as const;
const BLOCK_KEYS = ["type", "text", "data", "mimeType", "uri", "name", "resource"] as const;
const RESOURCE_KEYS = ["uri", "mimeType", "text", "blob"] as const;

/**
 * A result's `resultType` (MCP 2026-07-28): absent or `"complete"` is a result; `"input_required"` and `"task"`
 * are a call not finished, never read as an empty success (`unsupported`, the fix naming fromMcpInputRequired);
 * another string is `invalid-value`, anything else `invalid-type`.
 */
function checkResultType(resultType: unknown): void {
  if (resultType === undefined || resultType === "complete") return;
  if (resultType === "input_required") {
    raise(
      "unsupported",
      "resultType",
      "The resultType is \"input_required\": the call is paused until a person answers, and this is no tool result",
      "Read it with fromMcpInputRequired(), answer its requests, and retry the call with toMcpInputResponses(); read the retry's complete result with fromMcp().",
    );
  }
  if (resultType === "task") {
    raise(
      "unsupported",
      "resultType",
      "The resultType is \"task\": the call runs as a task, and this is its handle, not its result",
      "Wait for the task and read its result with fromMcp(); a result that asks for input (resultType \"input_required\") is read with fromMcpInputRequired().",
    );
  }
  if (typeof resultType === "string") raise("invalid-value", "resultType", `Unknown resultType ${quoted(resultType)}`, "MCP results carry resultType \"complete\" (or none), \"input_required\" or \"task\".");
  invalid("resultType", `resultType must be a string, got ${typeName(resultType)}`, "Send \"complete\", or leave it out.");
}

function invalid(path: string, problem: string, fix: string): never {
  return raise("invalid-type", path, problem, fix);
}


/**
 * What a block holds. A block that cannot be read (a revoked Proxy, a getter or a Proxy trap that throws) is
 * no loss: it is a ValidationError at its path, as the trust boundary has it (a loss is a block that was
 * read and cannot become a part). A lost block is named by the name and uri it carries itself (own
 * properties, read once), an embedded resource by its resource's uri first.
 */
function readMcpBlock(block: unknown, index: number): BlockRead {
  const path = `content[${index}]`;
  if (typeof block !== "object" || block === null || isArrayAt(block, path)) return lostBlock("content block", `not an object but ${typeName(block)}`);
  const b = readOwn(block, BLOCK_KEYS, path);
  const read = readBlockFields(b, path);
  return read.kind === "lost" ? { ...read, name: carried(b.name), uri: read.uri ?? carried(b.uri) } : read;
}

/** A block of a known type that cannot become a part; `uri` is its resource's, for an embedded resource. */
const lostMcp = (type: string, why: string, uri?: unknown): BlockRead => lostBlock(`${type} block`, why, type, undefined, carried(uri));

/** The table of MCP's block shapes: what a block read by its own fields holds. */
function readBlockFields(b: Snapshot<(typeof BLOCK_KEYS)[number]>, path: string): BlockRead {
  const type = b.type;
  if (typeof type !== "string") return lostBlock("content block", "it has no type");
  switch (type) {
    case "text":
      return typeof b.text === "string" ? { kind: "text", text: b.text } : lostMcp(type, "its text is not a string");
    case "image":
    case "audio": {
      if (typeof b.data !== "string" || b.data === "") return lostMcp(type, "it has no data");
      // Without a mime type, the data's signature gives it (else application/octet-stream), and the part's type follows it.
      if (b.mimeType === undefined || b.mimeType === null) return builtBlock(inboundPart({ data: b.data }), `${type} block`, type);
      if (typeof b.mimeType !== "string") return lostMcp(type, "its mimeType is not a string");
      return builtBlock(inboundPart({ type, mimeType: b.mimeType, data: b.data }), `${type} block`, type);
    }
    case "resource_link": {
      const uri = b.uri;
      if (typeof uri !== "string") return lostMcp(type, "it has no uri");
      if (!isHttpUrl(uri)) return lostMcp(type, "its uri is not an http(s) URL");
      const name = typeof b.name === "string" && b.name !== "" ? b.name : urlBaseName(uri);
      return builtBlock(inboundPart({ mimeType: givenMime(b.mimeType), url: uri, name }), `${type} block`, type);
    }
    case "resource": {
      const r = b.resource;
      if (typeof r !== "object" || r === null || isArrayAt(r, `${path}.resource`)) return lostMcp(type, "it has no resource");
      const res = readOwn(r, RESOURCE_KEYS, `${path}.resource`);
      if (typeof res.text === "string") return { kind: "after", text: res.text };
      if (typeof res.uri !== "string" || res.uri === "") return lostMcp(type, "its resource has no uri");
      if (typeof res.blob !== "string" || res.blob === "") return lostMcp(type, "its resource has neither text nor a blob", res.uri);
      // Without a mime type, law 7: the blob's signature, else the uri's extension, else application/octet-stream.
      return builtBlock(inboundPart({ mimeType: givenMime(res.mimeType), data: res.blob, uri: res.uri, name: res.uri }), `${type} block`, type, undefined, res.uri);
    }
    default:
      return unknownType("content block", type);
  }
}

/** A resource's mime type when it is one (`undefined` otherwise: the inbound builder guesses it, law 7). */
function givenMime(given: unknown): string | undefined {
  return typeof given === "string" ? normalizeMime(given) : undefined;
}
