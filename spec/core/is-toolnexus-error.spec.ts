// The one test a `catch` asks of what it caught (lib/errors.ts, isToolnexusError): true for the library's
// errors, false for anything else, and never a throw, whatever was thrown (docs/trust.md, "Reading what callers
// pass": nothing the library throws is a bare TypeError). Source only: an internal helper, not an export.
import { describe, expect, it } from "@jest/globals";
import { ContentPartError, ToolnexusError, ValidationError } from "toolnexus";
import { asPartError, asValidationError, isToolnexusError, rerooted } from "../../lib/errors";

/** A Proxy whose every trap throws, as a hostile getter or toJSON could throw it. */
function throwingProxy(): object {
  const trap = (): never => {
    throw new TypeError("trap");
  };
  return new Proxy({}, { getPrototypeOf: trap, get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

describe("isToolnexusError", () => {
  it("is true for the library's errors, and for the class asked about only", () => {
    const part = new ContentPartError("unsupported", "m");
    const validation = new ValidationError("invalid-type", "m");
    expect(isToolnexusError(part)).toBe(true);
    expect(isToolnexusError(validation)).toBe(true);
    expect(isToolnexusError(new ToolnexusError("missing", "m"))).toBe(true);
    expect(isToolnexusError(part, ValidationError)).toBe(true);
    expect(isToolnexusError(validation, ContentPartError)).toBe(false);
    expect(isToolnexusError(part, ContentPartError)).toBe(true);
  });

  it("is false for what is not ours: other errors, primitives, look-alikes", () => {
    for (const e of [new Error("x"), new TypeError("x"), "x", 1, undefined, null, { code: "invalid-type", path: "", message: "m" }]) {
      expect(isToolnexusError(e)).toBe(false);
    }
  });

  it("never throws: a thrown Proxy whose getPrototypeOf trap throws, or a revoked Proxy, is not ours", () => {
    for (const e of [throwingProxy(), revokedProxy()]) {
      expect(() => e instanceof ToolnexusError).toThrow(TypeError); // what a bare `instanceof` in a catch would do
      expect(isToolnexusError(e)).toBe(false);
      expect(isToolnexusError(e, ValidationError)).toBe(false);
    }
  });

  it("is what the error helpers ask: a thrown Proxy comes out as a typed error, or as itself from rerooted", () => {
    const proxy = throwingProxy();
    expect(asValidationError(proxy)).toBeInstanceOf(ValidationError);
    expect(asPartError(proxy)).toBeInstanceOf(ContentPartError);
    expect(rerooted(proxy, "items[0]")).toBe(proxy);
    const ours = rerooted(new ContentPartError("unsupported", "m", { path: "data" }), "parts[1]");
    expect(ours).toBeInstanceOf(ContentPartError);
    expect((ours as ContentPartError).path).toBe("parts[1].data");
  });
});
