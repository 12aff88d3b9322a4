#!/usr/bin/env bash
# Checks toolnexus/testing under Vitest the way a tool author meets it: builds and packs the package,
# installs the tarball into a fresh project outside the repository, and there
#   - runs a Vitest project whose config lists only `toolnexus/testing/vitest-setup` in setupFiles, with a
#     test file that uses every matcher (as assertions and as asymmetric matchers), toEqual and
#     toStrictEqual on results, toContainEqual, toHaveBeenCalledWith and a snapshot; then checks the
#     written snapshot shows part data by size and digest, never the payload;
#   - runs a test file that fails on purpose (toEqual, toStrictEqual and toBeError on results with a part)
#     and checks that Vitest's whole report shows the part by size and never its data;
#   - type-checks a test file against the packed declarations, with `expect` from vitest.
# Vitest and TypeScript are linked from this repository's node_modules (Vitest is an optional peer of the
# package; it is never installed by the tarball). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
# shellcheck source=scripts/scratch.sh
source scripts/scratch.sh
start=$SECONDS

step() { printf '\n== %s (at %ss)\n' "$*" "$((SECONDS - start))"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/toolnexus-vitest.XXXXXX")
trap 'rm -rf "$work"' EXIT

step "build and pack"
tarball=$(npm pack --silent --pack-destination "$work" 2>"$work/pack.log" | tail -n 1) || { cat "$work/pack.log" >&2; exit 1; }
tarball="$work/$tarball"
[[ -f $tarball ]] || { echo "npm pack did not produce a tarball" >&2; exit 1; }
echo "packed $(basename "$tarball")"

step "install the tarball into a fresh project"
consumer="$work/consumer"
mkdir -p "$consumer"
printf '{ "name": "toolnexus-vitest-consumer", "private": true, "version": "0.0.0", "type": "module" }\n' >"$consumer/package.json"
install_tarball "$consumer" "$tarball" "$repo"
for pkg in vitest typescript; do
  [[ -e "$repo/node_modules/$pkg" ]] || { echo "missing $pkg in node_modules: run npm ci first" >&2; exit 1; }
  ln -s "$repo/node_modules/$pkg" "$consumer/node_modules/$pkg"
done
echo "installed toolnexus $(node -p "require('$consumer/node_modules/toolnexus/package.json').version") with $(ls "$consumer/node_modules" | tr '\n' ' ')"

cat >"$consumer/vitest.config.mjs" <<'EOF'
import { defineConfig } from "vitest/config";
export default defineConfig({ test: { setupFiles: ["toolnexus/testing/vitest-setup"] } });
EOF

# A 48-byte payload (a PNG signature, then 40 bytes) whose base64 must never appear in any output.
cat >"$consumer/chart.js" <<'EOF'
import { ContentPart } from "toolnexus";
const png = new Uint8Array(48);
png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
for (let i = 8; i < 48; i++) png[i] = i;
export const chart = ContentPart.fromBytes(png, { mimeType: "image/png", name: "chart.png" });
EOF

cat >"$consumer/tool.test.js" <<'EOF'
import { expect, test, vi } from "vitest";
import { ToolResult } from "toolnexus";
import { chart } from "./chart.js";

const payload = chart.data;
class SearchResult extends ToolResult {}

function messageOf(assertion) {
  try {
    assertion();
  } catch (e) {
    return e.message.replace(/\x1b\[[0-9;]*m/g, "");
  }
  throw new Error("the assertion passed, but it was meant to fail");
}

test("every matcher", () => {
  expect(ToolResult.ok("3 files found")).toBeOk();
  expect(ToolResult.error("No such config key: nope")).toBeError();
  expect(ToolResult.ok("done")).not.toBeError();
  expect(ToolResult.pending({ kind: "approval", prompt: "Deploy?" })).toBePending("approval");
  expect(ToolResult.pending({ kind: "approval", prompt: "Deploy?" })).toBePending();
  expect(ToolResult.ok("done")).not.toBePending();
  expect(ToolResult.ok("3 files found")).toHaveOutput("3 files found");
  expect(ToolResult.ok("3 files found")).toHaveOutput(/^\d+ files/);
  expect(ToolResult.ok("3 files found")).not.toHaveOutput("3 files");
  expect(ToolResult.ok("chart", { parts: [chart] })).toHaveParts();
  expect(ToolResult.ok("chart", { parts: [chart] })).toHaveParts(1);
  expect(ToolResult.ok("none")).toHaveParts(0);
  expect({ r: ToolResult.error("x") }).toEqual({ r: expect.toBeError() });
  expect({ r: ToolResult.ok("x") }).toEqual({ r: expect.not.toBeError() });
  expect({ r: ToolResult.ok("x") }).not.toEqual({ r: expect.toBeError() });
});

test("a matcher given something it cannot judge says so", () => {
  expect(messageOf(() => expect("done").toBeOk())).toContain("received value must be a ToolResult");
  expect(messageOf(() => expect(ToolResult.ok("x")).toHaveParts(-1))).toContain("expected value must be a whole number");
});

test("toEqual and friends agree with equals", () => {
  const a = ToolResult.ok("chart", { parts: [chart], metadata: { a: 1, b: 2 } });
  const b = ToolResult.ok("chart", { parts: [chart], metadata: { b: 2, a: 1 } });
  expect(a).toEqual(b);
  expect(a).toStrictEqual(b);
  expect([a]).toContainEqual(b);
  expect(SearchResult.ok("x")).not.toEqual(ToolResult.ok("x"));
  const onResult = vi.fn();
  onResult(a);
  expect(onResult).toHaveBeenCalledWith(b);
});

test("toEqual and toStrictEqual keep Vitest's meaning for other values", () => {
  expect({ a: 1, b: undefined }).toEqual({ a: 1 });
  expect({ a: 1, b: undefined }).not.toStrictEqual({ a: 1 });
  expect([, 1]).not.toStrictEqual([undefined, 1]);
  expect(new Set([1, 2])).toEqual(new Set([2, 1]));
  class Point { constructor(x) { this.x = x; } }
  expect(new Point(1)).toEqual({ x: 1 });
  expect(new Point(1)).not.toStrictEqual({ x: 1 });
  expect(messageOf(() => expect({ a: 1 }).toEqual({ a: 2 }))).toContain("to deeply equal");
});

test("failure messages show part data by size, never the payload", () => {
  const a = ToolResult.ok("chart", { parts: [chart] });
  const b = ToolResult.ok("chart", { parts: [chart.withName("other.png")] });
  for (const message of [
    messageOf(() => expect(a).toEqual(b)),
    messageOf(() => expect(a).toStrictEqual(b)),
    messageOf(() => expect(a).toBeError()),
    messageOf(() => expect(a).toHaveParts(2)),
  ]) {
    expect(message).toMatch(/48 bytes, digest [0-9a-f]{8}/);
    expect(message).not.toContain(payload);
  }
  expect(messageOf(() => expect(a).toEqual(b))).toContain("Differing fields: parts[0].name");
});

test("snapshots show part data by size", () => {
  expect(ToolResult.ok("chart", { parts: [chart] })).toMatchSnapshot();
});
EOF

# Fails on purpose: what Vitest reports must show the part by size, not its data.
cat >"$consumer/failing.test.js" <<'EOF'
import { expect, test } from "vitest";
import { ToolResult } from "toolnexus";
import { chart } from "./chart.js";

const a = ToolResult.ok("chart", { parts: [chart] });
const b = ToolResult.ok("chart", { parts: [chart.withName("other.png")] });
test("toEqual fails", () => expect(a).toEqual(b));
test("toStrictEqual fails", () => expect({ result: a }).toStrictEqual({ result: b }));
test("toBeError fails", () => expect(a).toBeError());
EOF

vitest="$consumer/node_modules/vitest/vitest.mjs"
payload=$(node -e 'const b=new Uint8Array(48);b.set([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a]);for(let i=8;i<48;i++)b[i]=i;console.log(Buffer.from(b).toString("base64"))')

step "Vitest: the passing suite"
if ! (cd "$consumer" && NO_COLOR=1 node "$vitest" run --update --color=false tool.test.js >"$work/vitest.log" 2>&1); then
  cat "$work/vitest.log" >&2
  echo "Vitest failed" >&2
  exit 1
fi
tail -n 6 "$work/vitest.log"
snap="$consumer/__snapshots__/tool.test.js.snap"
[[ -f $snap ]] || { echo "no snapshot written" >&2; exit 1; }
grep -q '"data": <48 bytes, digest [0-9a-f]\{8\}>,' "$snap" || { echo "the snapshot does not show the part by size:" >&2; cat "$snap" >&2; exit 1; }
if grep -qF "$payload" "$snap"; then echo "the snapshot holds the payload" >&2; exit 1; fi

step "Vitest: a failing suite reports parts by size"
if (cd "$consumer" && NO_COLOR=1 node "$vitest" run --color=false failing.test.js >"$work/failing.log" 2>&1); then
  cat "$work/failing.log" >&2
  echo "the failing suite passed" >&2
  exit 1
fi
[[ -z ${TOOLNEXUS_SHOW_REPORT:-} ]] || cat "$work/failing.log"
grep -q "3 failed" "$work/failing.log" || { cat "$work/failing.log" >&2; echo "expected 3 failed tests" >&2; exit 1; }
n=$(grep -c '48 bytes, digest [0-9a-f]\{8\}' "$work/failing.log" || true)
[[ $n -ge 3 ]] || { cat "$work/failing.log" >&2; echo "the report does not show the part by size in each failure" >&2; exit 1; }
if grep -qF "$payload" "$work/failing.log"; then cat "$work/failing.log" >&2; echo "the report shows the payload" >&2; exit 1; fi
grep -q "Differing fields: parts\[0\].name" "$work/failing.log" || { cat "$work/failing.log" >&2; echo "the report does not name the differing field" >&2; exit 1; }
echo "3 failures reported, each with the part as size and digest, no payload"

step "types: the matchers on Vitest's expect, from the packed declarations"
cat >"$consumer/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true,
    "types": ["toolnexus/testing/vitest-setup"]
  },
  "files": ["typed.test.mts"]
}
EOF
cat >"$consumer/typed.test.mts" <<'EOF'
import { expect } from "vitest";
import { ToolResult } from "toolnexus";

const r = ToolResult.ok("3 files found");
expect(r).toBeOk();
expect(r).not.toBeError();
expect(r).toBePending("approval");
expect(r).toHaveOutput(/files/);
expect(r).toHaveParts(0);
expect({ r }).toEqual({ r: expect.toBeOk() });
expect({ r }).toEqual({ r: expect.not.toBePending() });
// @ts-expect-error a count is a number
expect(r).toHaveParts("1");
// @ts-expect-error an output is a string or a RegExp
expect(r).toHaveOutput(1);
EOF
(cd "$consumer" && node node_modules/typescript/bin/tsc -p tsconfig.json) || { echo "type check failed" >&2; exit 1; }
echo "a Vitest test file type-checks with the matchers from toolnexus/testing/vitest-setup"

printf '\ntoolnexus/testing Vitest consumer check passed in %ss\n' "$((SECONDS - start))"
