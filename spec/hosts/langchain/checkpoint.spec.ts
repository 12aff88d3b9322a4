// What a LangGraph checkpoint does to JSON data, and how toolnexus values cross it whole (the shapes of
// fixtures/langchain/checkpoint-shapes.json, listed in docs/hosts/langchain.md): LangGraph's own serializer
// changes each shape sent as is; an interrupt value, a resume value and a ToolMessage's artifact holding it come
// back whole, through the serializer and through a real graph that pauses on a MemorySaver checkpointer and
// resumes (a ToolMessage's metadata holding each shape: law.spec.ts, on the same table); the human-in-the-loop middleware's edited args, which it reads without toolnexus, refuse such a shape.
import { describe, expect, it } from "@jest/globals";
import { Annotation, Command, END, MemorySaver, START, StateGraph, interrupt } from "@langchain/langgraph";
import { Answer, Request, type JsonObject } from "toolnexus";
import { fromLangGraphInterrupt, fromLangGraphResume, toLangChainHitlResponse, toLangGraphInterrupt, toLangGraphResume, type LangGraphInterrupt } from "toolnexus/providers";
import { loadJSON } from "../../support/fixtures";
import { thrownValidation } from "../../support/throws";

interface Shape {
  name: string;
  json: string;
  changes: string;
}
const { shapes } = loadJSON<{ shapes: Shape[] }>("langchain/checkpoint-shapes.json");
// LangGraph's checkpoint serializer, as MemorySaver holds it (JsonPlusSerializer).
const serde = new MemorySaver().serde;

/** `value` written and read by LangGraph's checkpoint serializer; a read that throws gives the error. */
async function throughSerializer(value: unknown): Promise<unknown> {
  const [type, bytes] = await serde.dumpsTyped(value);
  try {
    return await serde.loadsTyped(type, bytes);
  } catch (e) {
    return e;
  }
}

/** True when `back` is `sent` as plain JSON data: the same JSON text, plain objects only. */
function samePlain(back: unknown, sent: unknown): boolean {
  const plain = (v: unknown): boolean =>
    typeof v !== "object" || v === null || (Array.isArray(v) ? v.every(plain) : Object.getPrototypeOf(v) === Object.prototype && Object.values(v).every(plain));
  return plain(back) && JSON.stringify(back) === JSON.stringify(sent);
}

const dataOf = (shape: Shape): JsonObject => ({ v: JSON.parse(shape.json) as JsonObject, list: [JSON.parse(shape.json) as JsonObject] });

describe.each(shapes.map((s) => [s.name, s] as const))("a LangGraph checkpoint and %s", (_, shape) => {
  it(shape.changes === "" ? "the serializer keeps it (toolnexus carries it as JSON text all the same)" : `the serializer changes it sent as is: ${shape.changes}`, async () => {
    const sent = { data: dataOf(shape) };
    expect(samePlain(await throughSerializer(sent), sent)).toBe(shape.changes === "");
  });

  it("a resume value and an interrupt value holding it come back whole through the serializer", async () => {
    const request = new Request({ id: "r-1", kind: "input", prompt: "Which?", data: dataOf(shape) });
    const answer = Answer.accept(request, dataOf(shape));
    const resume = toLangGraphResume(answer, [{ id: "i-1", value: toLangGraphInterrupt(request) }]);
    expect(typeof resume.resume).toBe("string");
    const back = (await throughSerializer(resume)) as typeof resume;
    expect(fromLangGraphResume(request, back.resume).equals(answer)).toBe(true);
    const value = await throughSerializer(toLangGraphInterrupt(request));
    expect(fromLangGraphInterrupt({ id: "i-1", value }).equals(request)).toBe(true);
  });

  it("a graph that pauses on a request holding it and resumes with an answer holding it gets both back whole", async () => {
    const request = new Request({ id: "r-1", kind: "input", prompt: "Which?", data: dataOf(shape) });
    const answer = Answer.accept(request, dataOf(shape));
    const got: Answer[] = [];
    const State = Annotation.Root({ n: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });
    const app = new StateGraph(State)
      .addNode("ask", () => {
        got.push(fromLangGraphResume(request, interrupt(toLangGraphInterrupt(request))));
        return { n: 1 };
      })
      .addEdge(START, "ask")
      .addEdge("ask", END)
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "t" } };
    const paused = (await app.invoke({}, config)) as { __interrupt__?: LangGraphInterrupt[] };
    // The pending interrupt as the checkpoint holds it (what a host that restarts reads).
    const stored = (await app.getState(config)).tasks[0]!.interrupts[0]!;
    expect(fromLangGraphInterrupt(stored).equals(request)).toBe(true);
    await app.invoke(new Command(toLangGraphResume(answer, paused.__interrupt__)), config);
    expect(got).toHaveLength(1);
    expect(got[0]!.equals(answer)).toBe(true);
  });

  it("edited args holding it are refused by toLangChainHitlResponse: the middleware would run the tool with other args", () => {
    const request = new Request({ id: "i-1:0", kind: "approval", prompt: "Deploy?", data: { toolName: "deploy", args: { env: "prod" }, allowedDecisions: ["approve", "edit"] } });
    const e = thrownValidation(() => toLangChainHitlResponse([request], [Answer.accept(request, { args: { env: "prod", extra: JSON.parse(shape.json) as JsonObject } })]));
    expect({ code: e.code, path: e.path }).toEqual({ code: "unsupported", path: "answers[0].data.args" });
  });
});

describe("values a checkpoint keeps travel as objects", () => {
  it("an answer and a request without such a shape are their JSON, fresh and unfrozen", async () => {
    const request = new Request({ id: "r-1", kind: "input", prompt: "Which?", data: { rows: [{ type: "constructor", id: ["Set"] }], kinds: { lg_name: "not Send" } } });
    const answer = Answer.accept(request, { env: "prod", kinds: { lg_name: "not Send" } });
    const value = toLangGraphInterrupt(request);
    expect(value).toEqual(request.toJSON());
    expect(Object.isFrozen(value)).toBe(false);
    expect(toLangGraphResume(answer)).toEqual({ resume: answer.toJSON() });
  });

  it("a resume value that is a string but no JSON text is a ValidationError (not-json)", () => {
    const request = new Request({ id: "r-1", kind: "approval", prompt: "Go?" });
    expect(thrownValidation(() => fromLangGraphResume(request, "yes"))).toMatchObject({ code: "not-json", path: "" });
    expect(thrownValidation(() => fromLangGraphInterrupt({ id: "i", value: "{" }))).toMatchObject({ code: "not-json", path: "value" });
  });
});
