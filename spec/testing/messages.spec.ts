// Failure messages, snapshotted (colours stripped), for the cases of fixtures/testing/messages.json. The
// same snapshots serve the source, CJS and ESM runs, so nothing in a message may depend on the build.
// Every message must show part data by size and digest: no payload, nor any long piece of one, appears.
import { describe, expect, it } from "@jest/globals";
import "toolnexus/testing/setup";
import { loadJSON } from "../support/fixtures";
import { arg, failureOf, payloadsOf, resolve } from "./support";

interface Case {
  name: string;
  received: unknown;
  expected?: unknown;
  matcher: string;
  not?: boolean;
  args: unknown[];
}

const { cases } = loadJSON<{ cases: Case[] }>("testing/messages.json");

function message(c: Case): { text: string; payloads: string[] } {
  const received = resolve(c.received);
  const args = c.expected === undefined ? c.args.map(arg) : [resolve(c.expected)];
  const e = expect(received) as unknown as Record<string, (...a: unknown[]) => void> & { not: Record<string, (...a: unknown[]) => void> };
  const text = failureOf(() => (c.not ? e.not : e)[c.matcher]!(...args));
  return { text, payloads: [...payloadsOf(received), ...args.flatMap((a) => payloadsOf(a))] };
}

describe("failure messages (fixtures/testing/messages.json)", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const { text, payloads } = message(c);
    expect(text).toMatchSnapshot();
    for (const p of payloads) {
      // Neither the payload nor any 16-character window of it appears.
      for (let i = 0; i + 16 <= p.length; i += 8) expect(text.includes(p.slice(i, i + 16))).toBe(false);
    }
  });
});
