// The LangChain law, for every result the property suite generates:
// fromLangChain(new ToolMessage(toLangChain(r, o))).equals(r), on the message itself, on its serialized form,
// and after a LangGraph step whose state a MemorySaver checkpoint stores and a fresh graph reads back.
import { describe, expect, it } from "@jest/globals";
import { ToolMessage } from "@langchain/core/messages";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import fc from "fast-check";
import { ToolResult } from "toolnexus";
import { fromLangChain, toLangChain, type LangChainOptions, type LangChainToolMessageInput } from "toolnexus/providers";
import { resultJSON } from "../properties/arbitraries";
import { timeout } from "../properties/settings";

const options: fc.Arbitrary<LangChainOptions> = fc.record(
  {
    toolCallId: fc.string({ minLength: 1, maxLength: 12 }),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    unsupported: fc.constantFrom("placeholder" as const, "error" as const, "omit" as const),
  },
  { requiredKeys: ["toolCallId"] },
);

describe("the LangChain law", () => {
  it(
    "fromLangChain(new ToolMessage(toLangChain(r, o))).equals(r)",
    () => {
      fc.assert(
        fc.property(resultJSON, options, (json, o) => {
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
        fc.asyncProperty(resultJSON, options, async (json, o) => {
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
});
