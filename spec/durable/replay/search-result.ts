// The subclass the replay test sends into a workflow: a ToolResult subclass with a getter, and the value
// both sides build the same way (a fixed request id), so the workflow can compare what it received.
import { ToolResult } from "toolnexus";

export class SearchResult extends ToolResult<{ hits: number }> {
  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
}

/** The value sent: a pending SearchResult, built the same way in the test and in the workflow. */
export function sentValue(hits = 3): SearchResult {
  return SearchResult.pending(
    { id: "req-1", kind: "approval", prompt: "Open the 3 results?", data: { query: "durable" } },
    { metadata: { hits } },
  );
}
