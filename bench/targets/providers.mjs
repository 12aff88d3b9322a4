// Provider projections of a result holding a 5 MiB image, against the same object built by hand: the base64
// string must be passed along, never re-encoded or copied.
import { isDeepStrictEqual } from "node:util";
import { do_not_optimize } from "mitata";
import { pngBytes, MiB } from "../lib/data.mjs";

/** The projections these targets need from dist/esm/providers.js. */
export const PROVIDER_FUNCTIONS = ["toAnthropic", "toMcp"];

const TOOL_USE_ID = "toolu_01A09q90qw90lq917835lq9";

// The baselines are what a developer writes without the library, for any result of this shape (an output
// and a list of images), written tightly: an indexed loop, each payload string passed along as it is. (A
// literal for exactly one image would be faster still, but it is not the same code: it handles one result.)

/** An Anthropic `tool_result` for a text output and images, by hand. */
function anthropicByHand(r) {
  const parts = r.parts;
  const content = [{ type: "text", text: r.output }];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    content.push({ type: "image", source: { type: "base64", media_type: p.mimeType, data: p.data } });
  }
  return { type: "tool_result", tool_use_id: TOOL_USE_ID, content, is_error: r.isError };
}

/** The same for an MCP `CallToolResult`. */
function mcpByHand(r) {
  const parts = r.parts;
  const content = [{ type: "text", text: r.output }];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    content.push({ type: "image", data: p.data, mimeType: p.mimeType });
  }
  return { content, isError: r.isError };
}

/** Fails the run when the hand-built object is not what the projection returns: the comparison would be unfair. */
function sameShape(name, projected, byHand) {
  if (isDeepStrictEqual(projected, byHand)) return;
  const show = (v) => JSON.stringify(v, (k, x) => (typeof x === "string" && x.length > 100 ? `<${x.length} chars>` : x));
  throw new Error(`bench setup: ${name} returned ${show(projected)}, but the hand-built baseline is ${show(byHand)}; update bench/targets/providers.mjs`);
}

/**
 * @param {typeof import("../../dist/esm/index.js")} tn
 * @param {Record<string, Function>} providers
 */
export function providerTargets(tn, providers) {
  const { ToolResult, ContentPart } = tn;
  const { toAnthropic, toMcp } = providers;
  const image = ContentPart.fromBytes(pngBytes(5 * MiB), { mimeType: "image/png" });
  const result = ToolResult.ok("Rendered the chart for Q3 revenue.", { parts: [image] });
  const options = { toolUseId: TOOL_USE_ID };

  const a = toAnthropic(result, options);
  sameShape("toAnthropic", a, anthropicByHand(result));
  if (a.content[1].source.data !== image.data) throw new Error("bench setup: toAnthropic must pass the part's base64 string along");
  const m = toMcp(result);
  sameShape("toMcp", m, mcpByHand(result));

  return [
    {
      id: "toAnthropic",
      title: "toAnthropic, 5 MiB image",
      limit: 1.2,
      baseline: { label: "the same tool_result block built by hand", fn: () => do_not_optimize(anthropicByHand(result)) },
      candidate: { label: "toAnthropic(result, { toolUseId })", fn: () => do_not_optimize(toAnthropic(result, options)) },
    },
    {
      id: "toMcp",
      title: "toMcp, 5 MiB image",
      limit: 1.2,
      baseline: { label: "the same CallToolResult built by hand", fn: () => do_not_optimize(mcpByHand(result)) },
      candidate: { label: "toMcp(result)", fn: () => do_not_optimize(toMcp(result)) },
    },
  ];
}
