// Growth of toMcpElicitation in the schema keywords it drops from one field: MCP form fields carry a few
// keywords each, and every other one is dropped and reported to onLoss in the order of the field's keys.
// The work is linear in the keywords (docs/hosts/mcp.md, "Pause and resume: elicitation"): 8x the keywords costs about 8x.
import { do_not_optimize } from "mitata";

/** A request whose form schema has one string field holding `n` keywords MCP cannot carry. */
function requestDropping(tn, n) {
  const field = { type: "string", title: "Name" };
  for (let i = 0; i < n; i++) field[`x-keyword-${i}`] = i;
  // A loss found after the dropped keys (the default is no string) is put back in the field's key order.
  field.default = 0;
  return new tn.Request({ id: "req-1", kind: "input", prompt: "Your name?", data: { schema: { type: "object", properties: { name: field } } } });
}

/**
 * @param {typeof import("../../dist/esm/index.js")} tn
 * @param {Record<string, Function>} providers
 * @param {Function} growth the row maker of growth.mjs
 */
export function keywordRows(tn, providers, growth) {
  const toMcpElicitation = providers.toMcpElicitation;
  if (typeof toMcpElicitation !== "function") {
    return [{ id: "growth-toMcpElicitation-keywords", title: "growth: toMcpElicitation", limit: 10, missing: "dist/esm/providers.js does not export toMcpElicitation" }];
  }
  return [
    growth(
      "toMcpElicitation-keywords",
      "toMcpElicitation(request), keywords dropped from one field, each told to onLoss",
      "keywords",
      1000,
      (n) => {
        const request = requestDropping(tn, n);
        let told = 0;
        const onLoss = () => {
          told += 1;
        };
        toMcpElicitation(request, { onLoss });
        if (told !== n + 1) throw new Error(`bench setup: toMcpElicitation must drop ${n + 1} keywords, dropped ${told}`);
        return () => do_not_optimize(toMcpElicitation(request, { onLoss }));
      },
      // A collection before each sample: each call makes a frozen loss per keyword, and the garbage of one
      // call must not be collected inside the timing of the next.
      { kind: "heavy" },
    ),
  ];
}
