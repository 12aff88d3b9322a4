#!/usr/bin/env bash
# Checks toolnexus/testing the way a tool author meets it: builds and packs the package, installs the
# tarball into a fresh project outside the repository, and there
#   - runs a Jest project in CommonJS and one in ESM, each listing only `toolnexus/testing/setup` in
#     setupFilesAfterEnv (no other configuration), with a test file that uses every matcher, toEqual and
#     toStrictEqual on results (failure messages included), toContainEqual, toHaveBeenCalledWith and a
#     snapshot; then checks the written snapshots show part data by size and digest, never the payload;
#   - type-checks a test file against the packed declarations, with `expect` from @jest/globals and the
#     global `expect` of @types/jest.
# The tarball is installed with npm (its runtime dependencies come from npm's cache, or the registry);
# Jest, TypeScript and their types are linked from this repository's node_modules, so the check needs no
# network beyond the npm registry and runs in seconds. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
# shellcheck source=scripts/scratch.sh
source scripts/scratch.sh
start=$SECONDS

step() { printf '\n== %s (at %ss)\n' "$*" "$((SECONDS - start))"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/toolnexus-testing.XXXXXX")
trap 'rm -rf "$work"' EXIT

step "build and pack"
# `npm pack` builds through the prepack script when there is one; otherwise build here, unless dist/ is
# newer than every source.
stamp=dist/esm/testing-setup.js
if [[ -z $(node -p 'require("./package.json").scripts?.prepack ?? ""') ]] &&
  [[ ! -f $stamp || -n $(find lib rollup.config.mjs tsconfig.json tsconfig.build.json package.json -newer "$stamp" -print -quit) ]]; then
  if ! build_log=$(npm run --silent build 2>&1); then
    echo "$build_log" >&2
    exit 1
  fi
fi
tarball=$(npm pack --silent --pack-destination "$work" 2>"$work/pack.log" | tail -n 1) || { cat "$work/pack.log" >&2; exit 1; }
tarball="$work/$tarball"
[[ -f $tarball ]] || { echo "npm pack did not produce a tarball" >&2; exit 1; }
echo "packed $(basename "$tarball")"

step "install the tarball into a fresh project"
consumer="$work/consumer"
mkdir -p "$consumer"
printf '{ "name": "toolnexus-testing-consumer", "private": true, "version": "0.0.0" }\n' >"$consumer/package.json"
install_tarball "$consumer" "$tarball" "$repo"
# The test tooling a project has next to it: Jest (with its globals and the expect package the matcher
# types extend), @types/jest and TypeScript.
mkdir -p "$consumer/node_modules/@jest" "$consumer/node_modules/@types"
for pkg in jest expect typescript @jest/globals @types/jest; do
  [[ -e "$repo/node_modules/$pkg" ]] || { echo "missing $pkg in node_modules: run npm ci first" >&2; exit 1; }
  ln -s "$repo/node_modules/$pkg" "$consumer/node_modules/$pkg"
done
echo "installed toolnexus $(node -p "require('$consumer/node_modules/toolnexus/package.json').version") with $(ls "$consumer/node_modules" | tr '\n' ' ')"

# The test body, shared by the CJS and the ESM project; each adds its own imports above it.
# A 48-byte payload (a PNG signature, then 40 bytes) whose base64 must never appear in any output.
cat >"$work/body.js" <<'EOF'
const png = new Uint8Array(48);
png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
for (let i = 8; i < 48; i++) png[i] = i;
const chart = ContentPart.fromBytes(png, { mimeType: "image/png", name: "chart.png" });
const payload = chart.data;

class SearchResult extends ToolResult {}

function messageOf(assertion) {
  try {
    assertion();
  } catch (e) {
    return e.message;
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
});

test("toEqual and friends agree with equals", () => {
  const a = ToolResult.ok("chart", { parts: [chart], metadata: { a: 1, b: 2 } });
  const b = ToolResult.ok("chart", { parts: [chart], metadata: { b: 2, a: 1 } });
  expect(a).toEqual(b);
  expect(a).toStrictEqual(b);
  expect([a]).toContainEqual(b);
  expect(SearchResult.ok("x")).not.toEqual(ToolResult.ok("x"));
  const onResult = mock();
  onResult(a);
  expect(onResult).toHaveBeenCalledWith(b);
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

make_project() { # kind type config-file config imports
  local dir="$consumer/$1"
  mkdir -p "$dir"
  printf '{ "type": "%s" }\n' "$2" >"$dir/package.json"
  printf '%s\n' "$4" >"$dir/$3"
  { printf '%s\n' "$5"; cat "$work/body.js"; } >"$dir/tool.test.js"
}

make_project cjs commonjs jest.config.js \
  'module.exports = { testEnvironment: "node", setupFilesAfterEnv: ["toolnexus/testing/setup"] };' \
  'const { ContentPart, ToolResult } = require("toolnexus");
const mock = () => jest.fn();'
make_project esm module jest.config.js \
  'export default { testEnvironment: "node", transform: {}, setupFilesAfterEnv: ["toolnexus/testing/setup"] };' \
  'import { ContentPart, ToolResult } from "toolnexus";
const mock = () => import.meta.jest.fn();'

# The README's complete example test file runs in the ESM project too.
node -e '
  const text = require("fs").readFileSync("README.md", "utf8");
  const section = text.slice(text.indexOf("<!-- section: testing -->"));
  const m = /```js\n(\/\/ tools\.test\.js\n[\s\S]*?)```/.exec(section);
  if (!m) { console.error("README: no tools.test.js example in the testing section"); process.exit(1); }
  require("fs").writeFileSync(process.argv[1], m[1]);
' "$consumer/esm/tools.test.js"

jest="$consumer/node_modules/jest/bin/jest.js"
for kind in cjs esm; do
  step "Jest, $kind project"
  # --ci=false: the snapshot is new, and must be written to be checked below.
  if ! (cd "$consumer/$kind" && NODE_OPTIONS='--experimental-vm-modules --no-warnings=ExperimentalWarning' node "$jest" --ci=false --colors=false >"$work/jest.log" 2>&1); then
    cat "$work/jest.log" >&2
    echo "Jest failed in the $kind project" >&2
    exit 1
  fi
  tail -n 6 "$work/jest.log"
  snap="$consumer/$kind/__snapshots__/tool.test.js.snap"
  [[ -f $snap ]] || { echo "no snapshot written in the $kind project" >&2; exit 1; }
  grep -q '"data": <48 bytes, digest [0-9a-f]\{8\}>,' "$snap" || { echo "the $kind snapshot does not show the part by size:" >&2; cat "$snap" >&2; exit 1; }
  payload=$(node -e 'const b=new Uint8Array(48);b.set([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a]);for(let i=8;i<48;i++)b[i]=i;console.log(Buffer.from(b).toString("base64"))')
  if grep -qF "$payload" "$snap"; then echo "the $kind snapshot holds the payload" >&2; exit 1; fi
done
# Both builds print the same snapshot, and the README example's snapshot is the one the README shows.
diff "$consumer/cjs/__snapshots__/tool.test.js.snap" "$consumer/esm/__snapshots__/tool.test.js.snap"
node -e '
  const fs = require("fs");
  const text = fs.readFileSync("README.md", "utf8");
  const section = text.slice(text.indexOf("<!-- section: testing -->"));
  const shown = /```\n(exports\[`plot attaches one chart 1`\][\s\S]*?\n`;)\n```/.exec(section);
  const written = /(exports\[`plot attaches one chart 1`\][\s\S]*?\n`;)/.exec(fs.readFileSync(process.argv[1], "utf8"));
  if (!shown || !written || shown[1] !== written[1]) {
    console.error("the README does not show the snapshot the example writes, which is:\n" + (written ? written[1] : "(none)"));
    process.exit(1);
  }
' "$consumer/esm/__snapshots__/tools.test.js.snap"

step "types: the matchers on both expects, from the packed declarations"
mkdir -p "$consumer/types"
# First the published declarations alone, with skipLibCheck off, so that an error inside them fails;
# then a test file as a user writes it, with the types brought in either of the two ways the README gives:
# "types" in tsconfig.json, or one type-only import in a .d.ts of the project.
cat >"$consumer/types/tsconfig.strict.json" <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": false,
    "types": []
  },
  "files": ["declarations.mts"]
}
EOF
cat >"$consumer/types/declarations.mts" <<'EOF'
import type { Matchers } from "expect";
import { equalityTesters, install, matchers, snapshotSerializer } from "toolnexus/testing";
import type {} from "toolnexus/testing/setup";
import { ToolResult } from "toolnexus";

declare const fromExpect: Matchers<void, ToolResult>;
fromExpect.toBeOk();
fromExpect.toHaveParts(1);
declare const fromTypesJest: jest.Matchers<void, ToolResult>;
fromTypesJest.toBePending("approval");
void [equalityTesters, install, matchers, snapshotSerializer];
EOF
cat >"$consumer/types/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true,
    "types": ["jest", "toolnexus/testing"]
  },
  "files": ["tool.test.mts"]
}
EOF
cat >"$consumer/types/tsconfig.import.json" <<'EOF'
{
  "extends": "./tsconfig.json",
  "compilerOptions": { "types": ["jest"] },
  "files": ["tool.test.mts", "testing-types.d.ts"]
}
EOF
printf 'import type {} from "toolnexus/testing";\n' >"$consumer/types/testing-types.d.ts"
cat >"$consumer/types/tool.test.mts" <<'EOF'
import { expect as jestExpect } from "@jest/globals";
import { ToolResult } from "toolnexus";
import { equalityTesters, matchers, snapshotSerializer } from "toolnexus/testing";

const r = ToolResult.ok("3 files found");
jestExpect(r).toBeOk();
jestExpect(r).not.toBeError();
jestExpect(r).toBePending("approval");
jestExpect(r).toHaveOutput(/files/);
jestExpect(r).toHaveParts(0);
jestExpect({ r }).toEqual({ r: jestExpect.toBeOk() });
expect(r).toBeOk();
expect(r).toHaveOutput("3 files found");
expect(r).not.toHaveParts();
expect({ r }).toEqual({ r: expect.not.toBePending() });
jestExpect.addEqualityTesters(equalityTesters);
jestExpect.extend(matchers);
jestExpect.addSnapshotSerializer(snapshotSerializer);
expect.addSnapshotSerializer(snapshotSerializer);
// @ts-expect-error a count is a number
jestExpect(r).toHaveParts("1");
// @ts-expect-error an output is a string or a RegExp
expect(r).toHaveOutput(1);
EOF
tsc="$consumer/node_modules/typescript/bin/tsc"
for config in tsconfig.strict.json tsconfig.json tsconfig.import.json; do
  (cd "$consumer/types" && node "$tsc" -p "$config") || { echo "type check failed: $config" >&2; exit 1; }
done
echo "the declarations, and a test file with the types from tsconfig \"types\" or from an import, type-check"

printf '\ntoolnexus/testing consumer check passed in %ss\n' "$((SECONDS - start))"
