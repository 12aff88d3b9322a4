// The fixture table: every case of fixtures/providers/*.json through its projection, on the source and on
// both bundles. Each case pins the provider value (or the error), and every loss onLoss hears, in order.
import { describe, expect, it } from "@jest/globals";
import { ContentPart, ContentPartError, ToolResult, ValidationError } from "toolnexus";
import { casesOf, isOfKind, lossKindsOf, objectsIn, PROJECTIONS, runCase } from "./support";

for (const p of PROJECTIONS) {
  describe(`${p.file} fixtures`, () => {
    const cases = casesOf(p.file);

    it("has cases for every policy: placeholder, omit and error", () => {
      const policies = new Set(cases.filter((c) => c.losses.length > 0).map((c) => (c.options?.unsupported as string | undefined) ?? "placeholder"));
      expect([...policies].sort()).toEqual(["error", "omit", "placeholder"]);
    });

    const kinds = lossKindsOf(p.file);

    it("every loss a row expects is of a kind listed in lossKinds", () => {
      const stray = cases.flatMap((c) => c.losses.filter((l) => !kinds.some((k) => isOfKind(k, c, l.reason))).map((l) => `${c.name}: ${l.reason}`));
      expect(stray).toEqual([]);
    });

    it.each(kinds.map((k) => [k.site, k] as const))("has at least two rows reporting the loss kind %s", (_site, k) => {
      const rows = cases.filter((c) => c.losses.some((l) => isOfKind(k, c, l.reason)));
      expect(rows.map((c) => c.name).length).toBeGreaterThanOrEqual(2);
    });

    it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      const { value, thrown, losses } = runCase(p, c);
      if (c.throws?.error === "ValidationError") {
        // A bad call (an option key the projection does not know): a ValidationError, not a lost part.
        expect(thrown).toBeInstanceOf(ValidationError);
        expect(thrown).not.toBeInstanceOf(ContentPartError);
        expect(thrown).toMatchObject({ code: c.throws.code, path: c.throws.path, message: c.throws.message });
      } else if (c.throws !== undefined) {
        expect(thrown).toBeInstanceOf(ContentPartError);
        expect(thrown).toBeInstanceOf(ValidationError);
        expect(thrown).toMatchObject({ code: c.throws.code, path: c.throws.path });
      } else {
        if (thrown !== undefined) throw thrown;
        const json = p.inbound ? (value as ToolResult).toJSON() : JSON.parse(JSON.stringify(value));
        expect(json).toEqual(c.expected);
      }
      expect(losses.map((l) => (l.placeholder === undefined ? { path: l.path, reason: l.reason } : { path: l.path, reason: l.reason, placeholder: l.placeholder }))).toEqual(c.losses);
      for (const l of losses) {
        expect(l.provider).toBe(p.provider);
        expect(typeof l.reason).toBe("string");
        expect(l.reason.length).toBeGreaterThan(0);
        expect(Object.isFrozen(l)).toBe(true);
        const m = /^parts\[(\d+)\]$/.exec(l.path);
        if (m !== null && !p.inbound) {
          // The lost part is the result's own part, reported as it was.
          expect(ContentPart.isContentPart(l.part)).toBe(true);
          expect(l.part!.toJSON()).toEqual(ToolResult.fromJSON(c.input).parts![Number(m[1])]!.toJSON());
        }
      }
    });

    const outbound = cases.filter((c) => c.throws === undefined && !p.inbound);
    if (outbound.length === 0) return;

    it.each(outbound.map((c) => [c.name, c] as const))("never emits an empty text block, an undefined key or metadata: %s", (_name, c) => {
      const { value } = runCase(p, c);
      for (const o of objectsIn(value)) {
        for (const [k, v] of Object.entries(o)) expect([k, v]).not.toEqual([k, undefined]);
        // A text block (not a text document source, nor the AI SDK's `{ type: "text", value }` output).
        if ((o.type === "text" || o.type === "input_text") && "text" in o) {
          expect(typeof o.text).toBe("string");
          expect((o.text as string).trim()).not.toBe("");
        }
      }
      const text = JSON.stringify(value);
      if (c.options?.meta !== true) expect(text).not.toContain("_meta");
      expect(text).not.toContain("s3cr3t-token");
      expect(text).not.toContain("req_1");
      expect(text).not.toContain('"metadata"');
      expect(text).not.toContain('"pending"');
    });
  });
}
