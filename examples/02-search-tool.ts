// (b) A search tool: the model reads the hits as lines, the loop reads typed metadata it never shows the model.
import assert from "node:assert/strict";
import { ToolResult } from "toolnexus";

interface Doc {
  id: string;
  title: string;
}
const docs: Doc[] = [
  { id: "d1", title: "Getting started" },
  { id: "d2", title: "Configuration" },
  { id: "d3", title: "Getting help" },
];

/** A subclass adds behaviour; its data lives in metadata, typed through the generic. */
class SearchResult extends ToolResult<{ title: string; count: number; ids: string[] }> {
  get count(): number {
    return this.metadata?.count ?? 0;
  }
}

function search(query: string): SearchResult {
  const hits = docs.filter((d) => d.title.toLowerCase().includes(query.toLowerCase()));
  const output = hits.map((d, i) => `#${i + 1} ${d.title}`).join("\n");
  return SearchResult.ok(output, { metadata: { title: `Search: ${query}`, count: hits.length, ids: hits.map((d) => d.id) } });
}

const result = search("getting");
assert.ok(result instanceof SearchResult);
assert.equal(result.output, "#1 Getting started\n#2 Getting help");
assert.deepEqual(result.metadata, { title: "Search: getting", count: 2, ids: ["d1", "d3"] });
assert.equal(result.count, 2);
console.log("ok: search(\"getting\") gives", JSON.stringify(result.output));

// Deeply frozen: the loop cannot change what the tool returned.
assert.ok(Object.isFrozen(result) && Object.isFrozen(result.metadata) && Object.isFrozen(result.metadata!.ids));
console.log("ok: the result and its metadata are frozen");

// Copies keep the subclass; an immer recipe edits a draft.
const more = result.withMetadata((m) => {
  m.count += 1;
  m.ids.push("d9");
});
assert.ok(more instanceof SearchResult);
assert.equal(more.count, 3);
assert.equal(result.count, 2);
console.log("ok: withMetadata(recipe) gives a new SearchResult; the original is untouched");

// Structural equality, metadata key order ignored.
const again = SearchResult.fromJSON(JSON.parse(JSON.stringify(result)));
assert.ok(again instanceof SearchResult && again.equals(result));
console.log("ok: the JSON round trip gives an equal SearchResult");
