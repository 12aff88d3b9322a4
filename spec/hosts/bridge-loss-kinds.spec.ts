// Every kind of loss a suspension bridge can report to onLoss has fixture rows: `lossKinds` of
// fixtures/bridges/{ai-sdk-approvals,mcp-elicitation,mcp-elicit-results}.json lists one kind per call site in
// lib/providers/ai-sdk-approvals.ts and lib/providers/mcp-elicitation.ts (by the pattern of its reason), with the
// rows that report it. The table specs of those files pin each row's loss paths; this spec pins which kind
// each loss is, so that a report dropped from the source fails the rows named here.
import { describe, expect, it } from "@jest/globals";
import { Answer, Request } from "toolnexus";
import { toAiSdkApprovalRequest, toAiSdkApprovalResponse, toMcpElicitation, toMcpElicitResult, type Loss } from "toolnexus/providers";
import { loadJSON } from "../support/fixtures";

interface Kind {
  site: string;
  table: string;
  match: string;
  rows: string[];
}
type Row = { name: string } & Record<string, unknown>;
type Run = (row: Row, onLoss: (l: Loss) => void) => unknown;

const FILES: Record<string, Record<string, Run>> = {
  "ai-sdk-approvals": {
    requests: (c, onLoss) => toAiSdkApprovalRequest(Request.fromJSON(c.request), { toolCallId: c.toolCallId as string, onLoss }),
    answers: (c, onLoss) => toAiSdkApprovalResponse(Answer.fromJSON(c.answer), { onLoss }),
  },
  "mcp-elicitation": { cases: (c, onLoss) => toMcpElicitation(Request.fromJSON(c.request), { onLoss }) },
  "mcp-elicit-results": { cases: (c, onLoss) => toMcpElicitResult(Answer.fromJSON(c.answer), { onLoss }) },
};

/** What onLoss hears for one row. */
function lossesOf(run: Run, row: Row): Loss[] {
  const losses: Loss[] = [];
  run(row, (l) => void losses.push(l));
  return losses;
}

describe.each(Object.keys(FILES))("fixtures/bridges/%s.json", (file) => {
  const fx = loadJSON<Record<string, unknown> & { lossKinds: Kind[] }>(`bridges/${file}.json`);
  const tables = FILES[file]!;

  it("lists loss kinds for its tables only, each with at least one row", () => {
    expect(fx.lossKinds.length).toBeGreaterThan(0);
    for (const k of fx.lossKinds) {
      expect([k.site, Object.keys(tables).includes(k.table)]).toEqual([k.site, true]);
      expect([k.site, k.rows.length > 0]).toEqual([k.site, true]);
    }
  });

  it.each(fx.lossKinds.map((k) => [k.site, k] as const))("%s: reported by exactly the rows listed", (_site, k) => {
    const rows = fx[k.table] as Row[];
    const reporting = rows.filter((r) => lossesOf(tables[k.table]!, r).some((l) => new RegExp(k.match).test(l.reason))).map((r) => r.name);
    expect(reporting).toEqual(k.rows);
  });

  it.each(Object.keys(tables))("every loss the %s rows report is of a listed kind", (table) => {
    const kinds = fx.lossKinds.filter((k) => k.table === table);
    let losses = 0;
    const stray: string[] = [];
    for (const row of fx[table] as Row[]) {
      for (const l of lossesOf(tables[table]!, row)) {
        losses++;
        if (!kinds.some((k) => new RegExp(k.match).test(l.reason))) stray.push(`${row.name}: ${l.reason}`);
      }
    }
    expect(stray).toEqual([]);
    expect(losses).toBeGreaterThan(0);
  });
});
