// The LangChain law, for every result the property suite generates:
// fromLangChain(new ToolMessage(toLangChain(r, o))).equals(r), on the message itself, on its serialized form,
// and after a LangGraph step whose state a MemorySaver checkpoint stores and a fresh graph reads back.
import { describe, expect, it } from "@jest/globals";
import { ToolMessage } from "@langchain/core/messages";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import fc from "fast-check";
import { ToolResult } from "toolnexus";
import { fromLangChain, toLangChain, type LangChainOptions, type LangChainToolMessageInput } from "toolnexus/providers";
import { resultJSON } from "../../properties/arbitraries";
import { timeout } from "../../properties/settings";
import { loadJSON } from "../../support/fixtures";

const checkpointShapes = loadJSON<{ shapes: { name: string; json: string }[] }>("langchain/checkpoint-shapes.json").shapes;

const options: fc.Arbitrary<LangChainOptions> = fc.record(
  {
    toolCallId: fc.string({ minLength: 1, maxLength: 12 }),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    unsupported: fc.constantFrom("placeholder" as const, "error" as const, "omit" as const),
  },
  { requiredKeys: ["toolCallId"] },
);

/**
 * The results the law covers: every result but one holding a blank text that is not empty, which no LangChain
 * block carries (no blank text block is ever sent, docs/hosts/langchain.md): a blank output beside parts, a
 * blank text part. Each is reported lost (`output`, `parts[i]`), so it cannot come back; the last spec of this
 * file pins how a blank output reads back.
 */
const isBlankText = (s: unknown): boolean => typeof s === "string" && s !== "" && s.trim() === "";
const covered = resultJSON.filter((json) => {
  const parts = (json.parts ?? []) as Record<string, unknown>[];
  return !(parts.length > 0 && isBlankText(json.output)) && !parts.some((p) => p.type === "text" && isBlankText(p.text));
});

describe("the LangChain law", () => {
  it(
    "fromLangChain(new ToolMessage(toLangChain(r, o))).equals(r)",
    () => {
      fc.assert(
        fc.property(covered, options, (json, o) => {
          const r = ToolResult.fromJSON(json);
          const fields = toLangChain(r, o);
          if (typeof fields.content !== "string") expect(fields.content.filter((b) => b.type === "text" && b.text === "")).toEqual([]); // never an empty text block
          const m = new ToolMessage(fields);
          expect(fromLangChain(m).equals(r)).toBe(true);
          // The message's serialized form, as a host stores it as JSON text.
          const stored = JSON.parse(JSON.stringify(m.toJSON())) as LangChainToolMessageInput;
          expect(fromLangChain(stored).equals(r)).toBe(true);
        }),
      );
    },
    timeout(),
  );

  it(
    "holds after a LangGraph step and a MemorySaver checkpoint",
    async () => {
      const saver = new MemorySaver();
      const byThread = new Map<string, { result: ToolResult; options: LangChainOptions }>();
      const writer = new StateGraph(MessagesAnnotation)
        .addNode("tool", (_state, config) => {
          const { result, options } = byThread.get(config.configurable!.thread_id as string)!;
          return { messages: [new ToolMessage(toLangChain(result, options))] };
        })
        .addEdge(START, "tool")
        .addEdge("tool", END)
        .compile({ checkpointer: saver });
      // A second graph on the same saver: what it reads comes from the stored checkpoint only.
      const reader = new StateGraph(MessagesAnnotation)
        .addNode("tool", () => ({}))
        .addEdge(START, "tool")
        .compile({ checkpointer: saver });
      let n = 0;
      await fc.assert(
        fc.asyncProperty(covered, options, async (json, o) => {
          const thread_id = `t${n++}`;
          const result = ToolResult.fromJSON(json);
          byThread.set(thread_id, { result, options: o });
          await writer.invoke({ messages: [] }, { configurable: { thread_id } });
          const state = await reader.getState({ configurable: { thread_id } });
          const messages = (state.values as { messages: ToolMessage[] }).messages;
          expect(messages).toHaveLength(1);
          expect(ToolMessage.isInstance(messages[0])).toBe(true);
          expect(fromLangChain(messages[0]!).equals(result)).toBe(true);
        }),
      );
    },
    timeout(40),
  );

  // Metadata whose objects a checkpoint would change travels as JSON text; any other as a copy of the object.
  // Each shape, through a real MemorySaver checkpoint, comes back equal.
  it.each([
    ["an own __proto__ key", "string", '{"__proto__":{"x":1},"n":2}'],
    ["a LangChain constructor look-alike", "string", '{"rows":[{"lc":1,"type":"constructor","id":["x"],"kwargs":{}}]}'],
    ["an lc: 2 undefined record", "string", '{"a":{"lc":2,"type":"undefined"}}'],
    ["an lc: 2 Set record", "string", '{"a":{"lc":2,"type":"constructor","id":["Set"],"method":null,"args":[[1]],"kwargs":{}}}'],
    ["an escaped object", "string", '{"a":{"__lc_escaped__":{"b":1}}}'],
    ["a secret look-alike", "string", '{"k":{"lc":1,"type":"secret","id":["OPENAI_API_KEY"]}}'],
    ["keys named like LangChain's, without lc", "object", '{"type":"constructor","id":["x"],"kwargs":{"constructor":1,"prototype":null}}'],
    ["a pending request", "object", '{"pending":{"id":"r1","kind":"approval","prompt":"Go?"},"n":1}'],
    // Every shape a LangGraph checkpoint changes (docs/hosts/langchain.md), one level down.
    ...checkpointShapes.map((c): [string, string, string] => [c.name, "string", `{"a":${c.json},"n":1}`]),
  ])("holds for metadata with %s (artifact metadata of type %s), after a checkpoint and in the message's toJSON form", async (_name, form, text) => {
    const result = ToolResult.ok("42", { metadata: JSON.parse(text) as Record<string, unknown> });
    const fields = toLangChain(result, { toolCallId: "c1" });
    expect(typeof fields.artifact.toolnexus.metadata).toBe(form);
    const stored = JSON.parse(JSON.stringify(new ToolMessage(fields).toJSON())) as LangChainToolMessageInput;
    expect(fromLangChain(stored).equals(result)).toBe(true);
    const saver = new MemorySaver();
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tool", () => ({ messages: [new ToolMessage(toLangChain(result, { toolCallId: "c1" }))] }))
      .addEdge(START, "tool")
      .addEdge("tool", END)
      .compile({ checkpointer: saver });
    await graph.invoke({ messages: [] }, { configurable: { thread_id: "t" } });
    const reader = new StateGraph(MessagesAnnotation).addNode("tool", () => ({})).addEdge(START, "tool").compile({ checkpointer: saver });
    const state = await reader.getState({ configurable: { thread_id: "t" } });
    const [message] = (state.values as { messages: ToolMessage[] }).messages;
    expect(fromLangChain(message!).equals(result)).toBe(true);
  });

  it("excepts a blank output beside parts: no text block, reported lost at output, read back as an empty output", () => {
    const png = { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" };
    const result = ToolResult.fromJSON({ output: " \n\t", isError: false, parts: [png] });
    const heard: string[] = [];
    const fields = toLangChain(result, { toolCallId: "c1", onLoss: (l) => heard.push(l.path) });
    expect(heard).toEqual(["output"]);
    expect(fields.content).toEqual([{ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" }]);
    expect(fields.artifact.toolnexus.outputBlock).toBe(0);
    expect(fromLangChain(new ToolMessage(fields)).equals(result.withOutput(""))).toBe(true);
  });
});
