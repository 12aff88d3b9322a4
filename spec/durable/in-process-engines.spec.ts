// Engines that move values between threads or isolates with the structured clone algorithm (worker
// threads' postMessage, structuredClone, and the engines built on them) keep own enumerable data and drop
// prototypes and freezing. The README's recipe is `fromJSON` on receipt: checked here with Node's own
// worker threads, the receiving thread running the recipe with the built package (as an app's worker does).
import { describe, expect, it } from "@jest/globals";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { Answer, ContentPart, Request, ToolResult } from "toolnexus";

class SearchResult extends ToolResult<{ hits: number }> {
  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
}

const request = new Request({ id: "req-1", kind: "approval", prompt: "Open the 3 results?", expiresAt: "2030-01-01T00:00:00Z" });
const sent = SearchResult.pending(request, { parts: [ContentPart.text("preview")], metadata: { hits: 3 } });

/** A worker that applies the recipe to each message: the class's fromJSON, then reports what it got. */
const RECEIVER = `
const { parentPort, workerData } = require("node:worker_threads");
const toolnexus = require(workerData.dist);
class SearchResult extends toolnexus.ToolResult { get hits() { return this.metadata?.hits ?? 0; } }
const classes = { SearchResult, ContentPart: toolnexus.ContentPart, Request: toolnexus.Request, Answer: toolnexus.Answer };
parentPort.on("message", ({ as, value, clone }) => {
  const received = clone ? structuredClone(value) : value;
  const before = { isInstance: received instanceof toolnexus.ToolResult || received instanceof toolnexus.Answer, frozen: Object.isFrozen(received), hasEquals: typeof received.equals === "function" };
  const back = classes[as].fromJSON(received);
  const again = classes[as].fromJSON(JSON.parse(JSON.stringify(back)));
  parentPort.postMessage({ before, isClass: back instanceof classes[as], frozen: Object.isFrozen(back), hits: back.hits, json: JSON.stringify(back), equalsRoundTrip: back.equals(again) });
});
`;

interface Report {
  before: { isInstance: boolean; frozen: boolean; hasEquals: boolean };
  isClass: boolean;
  frozen: boolean;
  hits?: number;
  json: string;
  equalsRoundTrip: boolean;
}

async function receive(messages: { as: string; value: unknown; clone?: boolean }[]): Promise<Report[]> {
  const worker = new Worker(RECEIVER, { eval: true, workerData: { dist: join(process.cwd(), "dist/cjs/index.cjs") } });
  try {
    const reports: Report[] = [];
    for (const m of messages) {
      reports.push(
        await new Promise<Report>((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
          worker.postMessage(m);
        }),
      );
    }
    return reports;
  } finally {
    await worker.terminate();
  }
}

describe("worker threads (postMessage) and structuredClone", () => {
  it("a value posted to another thread arrives as plain data: no class, no freezing, no methods", async () => {
    const [r] = await receive([{ as: "SearchResult", value: sent }]);
    expect(r!.before).toEqual({ isInstance: false, frozen: false, hasEquals: false });
  });

  it("recipe: fromJSON on receipt gives back a frozen instance of the subclass, with the same data", async () => {
    const [r] = await receive([{ as: "SearchResult", value: sent }]);
    expect(r).toMatchObject({ isClass: true, frozen: true, hits: 3, equalsRoundTrip: true });
    expect(SearchResult.fromJSON(JSON.parse(r!.json)).equals(sent)).toBe(true);
  });

  it("recipe, the safer way: post toJSON(), plain data by construction; each class reads its own", async () => {
    const values: [string, { toJSON(): unknown }][] = [
      ["SearchResult", sent],
      ["ContentPart", ContentPart.fromBytes(new Uint8Array([1, 2, 3]), { mimeType: "application/octet-stream" })],
      ["Request", request],
      ["Answer", Answer.decline(request, "cancelled")],
    ];
    const reports = await receive(values.map(([as, v]) => ({ as, value: v.toJSON() })));
    reports.forEach((r, i) => {
      expect(r).toMatchObject({ isClass: true, frozen: true, equalsRoundTrip: true });
      expect(JSON.parse(r.json)).toEqual(values[i]![1].toJSON());
    });
  });

  it("structuredClone loses the class and the freezing the same way; fromJSON restores them", async () => {
    const [r] = await receive([{ as: "SearchResult", value: sent.toJSON(), clone: true }]);
    expect(r!.before).toEqual({ isInstance: false, frozen: false, hasEquals: false });
    expect(r).toMatchObject({ isClass: true, frozen: true, hits: 3, equalsRoundTrip: true });
  });

  it("in this thread too: structuredClone of a value is a plain, unfrozen object without equals", () => {
    const cloned = structuredClone(sent) as unknown as Record<string, unknown>;
    expect(cloned).not.toBeInstanceOf(ToolResult);
    expect(Object.isFrozen(cloned)).toBe(false);
    expect(cloned.equals).toBeUndefined();
    expect(JSON.stringify(cloned)).toBe(JSON.stringify(sent));
  });
});
