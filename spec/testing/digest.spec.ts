// The digest the snapshot serializer prints for a part's payload is FNV-1a (32 bits) of its base64 text
// (docs/testing.md). It is internal (not exported by toolnexus/testing), so this spec reads the
// source: the published 32-bit test vectors.
import { describe, expect, it } from "@jest/globals";
import { fnv1a } from "../../lib/testing/digest";

describe("fnv1a", () => {
  it("computes FNV-1a as published (32-bit test vectors)", () => {
    expect(fnv1a("")).toBe("811c9dc5");
    expect(fnv1a("a")).toBe("e40c292c");
    expect(fnv1a("foobar")).toBe("bf9cf968");
  });
});
