// Type-checked (not run) against the installed tarball with `moduleResolution: nodenext`, as an ES module:
// the `import` conditions and the `.d.ts` declarations. Lines marked @ts-expect-error must not compile.
import { Answer, ContentPart, Request, ToolResult, ValidationError } from "toolnexus";
import type { ContentPartJSON, SafeResult, ToolResultJSON } from "toolnexus";
import * as providers from "toolnexus/providers";
import * as testing from "toolnexus/testing";
import { toAnthropic, type AnthropicToolResult, type Loss } from "toolnexus/anthropic";
import { fromMcp, toMcp, type McpCallToolResult } from "toolnexus/mcp";
import { toOpenAIChatMessages } from "toolnexus/openai";
import type { OnLoss } from "toolnexus/langchain";

class SearchResult extends ToolResult<{ hits: number; query: string }> {
  get hits(): number {
    return this.metadata?.hits ?? 0;
  }
}

const found: SearchResult = SearchResult.ok("2 hits", { metadata: { hits: 2, query: "cats" } });
const copy: SearchResult = found.withOutput("3 hits").mergeMetadata({ hits: 3 });
const bumped: SearchResult = found.withMetadata((m) => {
  m.hits += 1;
});
const hits: number = copy.hits + bumped.hits;
const revived: SearchResult = SearchResult.fromJSON(JSON.parse(JSON.stringify(found)));
// @ts-expect-error: metadata must match the subclass's type
SearchResult.ok("x", { metadata: { hits: "two", query: "cats" } });
// @ts-expect-error: the value is deeply readonly
found.metadata!.hits = 4;
// @ts-expect-error: output is a string
ToolResult.ok(42);

const request: Request = Request.create({ kind: "approval", prompt: "Allow?" });
const paused: ToolResult = ToolResult.pending(request);
const pending: Request | undefined = paused.pending;
const answer: Answer = Answer.accept(request, { note: "yes" });
const resumes: boolean = answer.answers(request);

const part: ContentPart = ContentPart.fromBytes(new Uint8Array(8), { mimeType: "image/png" });
const later: Promise<ContentPart> = ContentPart.image(new Blob([new Uint8Array(8)], { type: "image/png" }));
const partJson: ContentPartJSON = part.toJSON();
const json: ToolResultJSON = ToolResult.ok("x", { parts: [part, partJson] }).toJSON();
const safe: SafeResult<ToolResult> = ToolResult.safeFromJSON(json);
if (!safe.success) {
  const error: ValidationError = safe.error;
  const where: string = error.path;
  void where;
}

const mcp = providers.toMcp(found);
const text: string | undefined = mcp.content[0]?.type === "text" ? mcp.content[0].text : undefined;
const testers: readonly unknown[] = testing.equalityTesters;

// A host's entry gives the functions and the shared types of toolnexus/providers.
const losses: Loss[] = [];
const onLoss: OnLoss = (loss) => void losses.push(loss);
const block: AnthropicToolResult = toAnthropic(found, { toolUseId: "toolu_1", onLoss });
const sameBlock: ReturnType<typeof providers.toAnthropic> = block;
const wire: McpCallToolResult = toMcp(fromMcp(mcp));
const messages = toOpenAIChatMessages([{ result: found, toolCallId: "call_1", toolName: "search" }]);

export { hits, revived, pending, resumes, later, text, testers, sameBlock, wire, messages };
