// The Temporal converter's bounds (docs/durable.md, "Temporal (`toolnexus/temporal`)"): a payload is read as strict UTF-8, and the writer's work
// is bounded by the JSON it writes: a subtree shared in many places is walked once per write, and a value whose
// JSON would repeat more than 1,000,000 values is refused with too-large. Rows: fixtures/durable/temporal-payloads.json.
import { describe, expect, it } from "@jest/globals";
import { defaultPayloadConverter, type Payload } from "@temporalio/common";
import { ToolResult, ValidationError } from "toolnexus";
import { payloadConverter } from "toolnexus/temporal";
import { loadJSON } from "../support/fixtures";
import { thrownValidation } from "../support/throws";

interface Fx {
  undecodable: { name: string; hex: string }[];
  dags: { name: string; depth: number; leaf?: "ToolResult"; refused: boolean }[];
}
const fx = loadJSON<Fx>("durable/temporal-payloads.json");

const bytesOf = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const payloadOf = (data: Uint8Array): Payload => ({ metadata: { encoding: new TextEncoder().encode("json/plain") }, data });

/** `depth` levels of `{ a: v, b: v }`, one object shared twice per level, over `leaf`. */
function dag(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v, b: v };
  return v;
}

describe("ToolnexusPayloadConverter reads strict UTF-8 (undecodable)", () => {
  it.each(fx.undecodable.map((c) => [c.name, c] as const))("refuses %s as not-json, never reading U+FFFD", (_name, c) => {
    const e = thrownValidation(() => payloadConverter.fromPayload(payloadOf(bytesOf(c.hex))));
    expect([e.code, e.path]).toEqual(["not-json", ""]);
    expect(e.message).toBe("The payload is not UTF-8 text. Pass a payload written by a JSON converter.");
  });

  it("reads UTF-8 text of every length of sequence", () => {
    const text = JSON.stringify({ s: "a\u00e9\u20ac\u{1F600}" });
    expect(payloadConverter.fromPayload(payloadOf(new TextEncoder().encode(text)))).toEqual({ s: "a\u00e9\u20ac\u{1F600}" });
  });
});

describe("ToolnexusPayloadConverter writes a shared subtree by its JSON (dags)", () => {
  it.each(fx.dags.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const value = dag(c.depth, c.leaf === "ToolResult" ? ToolResult.ok("x") : { x: 1 });
    if (c.refused) {
      const e = thrownValidation(() => payloadConverter.toPayload(value));
      expect(e).toBeInstanceOf(ValidationError);
      expect(e.code).toBe("too-large");
      expect(e.path).toMatch(/^[ab](\.[ab])*$/);
      return;
    }
    const payload = payloadConverter.toPayload(value);
    expect(payload).toBeDefined();
    if (c.leaf === undefined) {
      // Plain data is written byte for byte as Temporal's own JSON converter writes it.
      expect(payload?.data).toEqual(defaultPayloadConverter.toPayload(value)?.data);
      return;
    }
    const back = payloadConverter.fromPayload<unknown>(payload as Payload);
    let node = back as { a: unknown };
    for (let i = 0; i < c.depth; i++) node = node.a as { a: unknown };
    expect(node).toBeInstanceOf(ToolResult);
    expect((node as unknown as ToolResult).equals(ToolResult.ok("x"))).toBe(true);
  });
});
