// The workflow replayed by the integration test. It throws (failing the workflow task, so the replay
// fails) unless its argument arrived as a frozen SearchResult holding a pending Request, equal to the
// value the test sent.
import { Request } from "toolnexus";
import { SearchResult, sentValue } from "./search-result";

export async function checkSearchResult(arg: unknown): Promise<string> {
  if (!(arg instanceof SearchResult)) throw new Error(`expected a SearchResult, got ${Object.prototype.toString.call(arg)} ${JSON.stringify(arg)}`);
  if (!Object.isFrozen(arg)) throw new Error("expected a frozen value");
  if (!(arg.pending instanceof Request)) throw new Error("expected a pending Request");
  if (!arg.equals(sentValue())) throw new Error("expected the value sent");
  return `${arg.hits} hits, waiting on ${arg.pending.id}`;
}
