// expiresAt given as a Date: stored as an RFC 3339 string that reads back, whatever the Date.
import { describe, expect, it } from "@jest/globals";
import { Request, ValidationError } from "toolnexus";

const init = { id: "r1", kind: "approval", prompt: "Deploy?" };

describe("a Date given as expiresAt", () => {
  it.each([
    ["after the year 9999", new Date(8.64e15)],
    ["before the year 0000", new Date("-000001-06-01T00:00:00Z")],
    ["invalid", new Date(NaN)],
  ])("%s is an invalid-timestamp error, not a string fromJSON would refuse", (_name, date) => {
    let error: unknown;
    try {
      new Request({ ...init, expiresAt: date });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect({ code: (error as ValidationError).code, path: (error as ValidationError).path }).toEqual({ code: "invalid-timestamp", path: "expiresAt" });
  });

  it("of a subclass with its own toISOString is stored by the Date's own time", () => {
    class Shifty extends Date {
      override toISOString(): string {
        return "not a date";
      }
    }
    const r = new Request({ ...init, expiresAt: new Shifty(Date.UTC(2030, 0, 1)) });
    expect(r.expiresAt).toBe("2030-01-01T00:00:00.000Z");
    expect(Request.fromJSON(JSON.parse(JSON.stringify(r))).equals(r)).toBe(true);
  });

  it("that is a Proxy of a Date (no time to read) is an invalid-timestamp error", () => {
    expect(() => new Request({ ...init, expiresAt: new Proxy(new Date(0), {}) })).toThrow(expect.objectContaining({ code: "invalid-timestamp" }));
  });

  it.each(["0000-02-29T00:00:00.000Z", "0004-02-29T12:00:00.000Z", "0050-06-01T00:00:00.000Z", "0099-12-31T23:59:59.999Z", "0100-01-01T00:00:00.000Z"])(
    "in the year of %s reads back and expires at that very instant (Date.UTC reads years 0-99 as 1900-1999)",
    (iso) => {
      const d = new Date(iso);
      const r = new Request({ ...init, expiresAt: d });
      expect(r.expiresAt).toBe(iso);
      expect(r.isExpired(d)).toBe(true);
      expect(r.isExpired(new Date(d.getTime() - 1))).toBe(false);
      expect(Request.fromJSON(JSON.parse(JSON.stringify(r))).equals(r)).toBe(true);
    },
  );

  it("isExpired refuses a Proxy of a Date as now, with a ValidationError", () => {
    const r = new Request({ ...init, expiresAt: "2030-01-01T00:00:00Z" });
    expect(() => r.isExpired(new Proxy(new Date(), {}))).toThrow(ValidationError);
  });
});
