// answer.answers(request): a Request, its id, or anything that reads and checks as a request (its JSON, as
// after JSON.parse; a request of the other build; a look-alike) answers by the ids; anything else is a
// ValidationError, never a quiet false. The cases are data: fixtures/core/answers.json.
import { describe, expect, it } from "@jest/globals";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Answer, Request, ValidationError } from "toolnexus";
import { importEsm } from "../support/esm";
import { loadJSON } from "../support/fixtures";

interface Case {
  readonly name: string;
  readonly request: unknown;
  readonly expect: boolean | { error: string; code: string; path: string };
}

const { cases } = loadJSON<{ cases: Case[] }>("core/answers.json");
const isGenuineDesc = (v: unknown): v is { $genuine: unknown } => typeof v === "object" && v !== null && Object.hasOwn(v, "$genuine");

function outcome(request: unknown): unknown {
  try {
    return Answer.accept("r-1").answers(request as never);
  } catch (e) {
    const err = e as ValidationError;
    return { error: err instanceof ValidationError ? err.name : `not a ValidationError: ${String(e)}`, code: err.code, path: err.path };
  }
}

describe("answer.answers (fixtures/core/answers.json)", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const request = isGenuineDesc(c.request) ? Request.fromJSON(c.request.$genuine) : c.request;
    expect(outcome(request)).toEqual(c.expect);
  });

  it("undefined is a ValidationError that names the fix", () => {
    expect(() => Answer.accept("r-1").answers(undefined as never)).toThrow(
      new ValidationError("invalid-type", "The request must be a Request, its JSON or its id, got undefined. Pass the Request this answer may be for, or its id."),
    );
  });

  it("a request of the other build answers by its id, both ways", async () => {
    const files = [join(process.cwd(), "dist/cjs/index.cjs"), join(process.cwd(), "dist/esm/index.js")];
    for (const f of files) if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first.`);
    type Lib = { Request: typeof Request; Answer: typeof Answer };
    const load = async (f: string): Promise<Lib> => {
      const m = await importEsm<Lib & { default?: Lib }>(pathToFileURL(f).href);
      return m.Request ? m : m.default!;
    };
    let other = await load(files[0]!);
    if (other.Request === Request) other = await load(files[1]!);
    const theirs = other.Request.fromJSON({ id: "r-1", kind: "approval", prompt: "Allow?" });
    expect(Answer.accept("r-1").answers(theirs)).toBe(true);
    expect(Answer.accept("r-2").answers(theirs)).toBe(false);
    expect(other.Answer.accept("r-1").answers(Request.fromJSON({ id: "r-1", kind: "approval", prompt: "Allow?" }))).toBe(true);
  });

  it("a request's fields are read once", () => {
    let reads = 0;
    const request = Object.defineProperty({ kind: "approval", prompt: "Allow?" }, "id", { enumerable: true, get: () => (reads++ === 0 ? "r-1" : "r-2") });
    expect(Answer.accept("r-1").answers(request as never)).toBe(true);
    expect(reads).toBe(1);
  });
});
