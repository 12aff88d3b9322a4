#!/usr/bin/env bash
# Checks toolnexus/testing the way a tool author meets it, under Jest and under Vitest: builds and packs the package
# once, installs the tarball once into a fresh project outside the repository, and there
#   - runs a Jest project in CommonJS and one in ESM, each listing only `toolnexus/testing/setup` in
#     setupFilesAfterEnv (no other configuration), and a Vitest project whose config lists only
#     `toolnexus/testing/vitest-setup` in setupFiles. Their tool.test.js share one body (every matcher, as assertions
#     and as asymmetric matchers; a matcher given something it cannot judge; toEqual and toStrictEqual on results,
#     failure messages included; toContainEqual, toHaveBeenCalledWith and a snapshot); the Vitest one adds that
#     toEqual/toStrictEqual keep Vitest's meaning for other values. The written snapshots must show part data by size
#     and digest, never the payload; the Jest ESM project also runs docs/testing.md's tools.test.js, whose snapshot must
#     be the one that page shows;
#   - runs a Vitest file that fails on purpose (toEqual, toStrictEqual, toBeError and Vitest's own toBe, toContain,
#     toContainEqual, toMatchObject, toHaveProperty, toBeNull, toThrow and mock assertions on results with a part) and
#     checks that Vitest's whole report never shows the part's data, and each failure's report shows it by size;
#   - type-checks the packed declarations (skipLibCheck off, for Jest and for Vitest), a Jest test file with
#     `expect` from @jest/globals and the global `expect` of @types/jest, and a Vitest test file with `expect` from
#     vitest.
# Jest and Vitest sit side by side in the one project, so the check also makes sure that neither runner's entries
# reach the other runner's packages, at run time (consumer/runner-imports.mjs) or in the types (tsc --listFiles).
# The projects' files are in scripts/consumer/ (each says where it goes); the script puts the test files together.
# The tarball is installed with npm (its runtime dependencies come from npm's cache, or the registry); Jest, Vitest,
# TypeScript and their types are linked from this repository's node_modules (Vitest is an optional peer of the
# package; the tarball never installs it). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
src=$repo/scripts/consumer
# shellcheck source=scripts/scratch.sh
source scripts/scratch.sh
start=$SECONDS

step() { printf '\n== %s (at %ss)\n' "$*" "$((SECONDS - start))"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/toolnexus-testing.XXXXXX")
trap 'rm -rf "$work"' EXIT

step "build and pack"
# Build unless dist/ is newer than every source of the build (in CI it was built once, before the tests); the pack
# then skips the prepack script's second build.
node scripts/build-if-stale.mjs
tarball=$(npm pack --silent --ignore-scripts --pack-destination "$work" 2>"$work/pack.log" | tail -n 1) || { cat "$work/pack.log" >&2; exit 1; }
tarball="$work/$tarball"
[[ -f $tarball ]] || { echo "npm pack did not produce a tarball" >&2; exit 1; }
echo "packed $(basename "$tarball")"

step "install the tarball into a fresh project"
consumer="$work/consumer"
mkdir -p "$consumer"
printf '{ "name": "toolnexus-testing-consumer", "private": true, "version": "0.0.0" }\n' >"$consumer/package.json"
install_tarball "$consumer" "$tarball" "$repo"
# The test tooling a project has next to it: Jest (with its globals and the expect package the matcher types
# extend), @types/jest, Vitest and TypeScript.
mkdir -p "$consumer/node_modules/@jest" "$consumer/node_modules/@types"
for pkg in jest expect @jest/globals @types/jest vitest typescript; do
  [[ -e "$repo/node_modules/$pkg" ]] || { echo "missing $pkg in node_modules: run npm ci first" >&2; exit 1; }
  ln -s "$repo/node_modules/$pkg" "$consumer/node_modules/$pkg"
done
echo "installed toolnexus $(node -p "require('$consumer/node_modules/toolnexus/package.json').version") with $(ls "$consumer/node_modules" | tr '\n' ' ')"

step "neither runner's entries import the other runner"
node "$src/runner-imports.mjs" "$consumer/node_modules/toolnexus"

# The projects: each one's package.json and configuration as they are; its test files put together from its head.js
# (imports), chart.js and the shared tests.js (and, for Vitest, its own tests and the suite that fails on purpose).
for kind in jest-cjs jest-esm vitest; do
  mkdir -p "$consumer/$kind"
  cp "$src/$kind/package.json" "$src/$kind/"*.config.* "$consumer/$kind/"
done
cat "$src/jest-cjs/head.js" "$src/chart.js" "$src/tests.js" >"$consumer/jest-cjs/tool.test.js"
cat "$src/jest-esm/head.js" "$src/chart.js" "$src/tests.js" >"$consumer/jest-esm/tool.test.js"
cat "$src/vitest/head.js" "$src/chart.js" "$src/tests.js" "$src/vitest/tests.js" >"$consumer/vitest/tool.test.js"
cat "$src/vitest/head.js" "$src/chart.js" "$src/vitest/failing.js" >"$consumer/vitest/failing.test.js"
cp -r "$src/types" "$consumer/types"

# The complete example test file of docs/testing.md runs in the ESM Jest project too.
node -e '
  const text = require("fs").readFileSync("docs/testing.md", "utf8");
  const section = text.slice(text.indexOf("<!-- section: testing -->"));
  const m = /```js\n(\/\/ tools\.test\.js\n[\s\S]*?)```/.exec(section);
  if (!m) { console.error("docs/testing.md: no tools.test.js example in the testing section"); process.exit(1); }
  require("fs").writeFileSync(process.argv[1], m[1]);
' "$consumer/jest-esm/tools.test.js"

# The base64 of chart.js's payload, which no snapshot and no report may hold.
payload=$(node -e 'const b=new Uint8Array(48);b.set([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a]);for(let i=8;i<48;i++)b[i]=i;console.log(Buffer.from(b).toString("base64"))')
# check_snapshot FILE WHAT: FILE exists, shows the part by size and digest, and never holds the payload.
check_snapshot() {
  [[ -f $1 ]] || { echo "no snapshot written in the $2" >&2; exit 1; }
  grep -q '"data": <48 bytes, digest [0-9a-f]\{8\}>,' "$1" || { echo "the $2 snapshot does not show the part by size:" >&2; cat "$1" >&2; exit 1; }
  if grep -qF "$payload" "$1"; then echo "the $2 snapshot holds the payload" >&2; exit 1; fi
}

jest="$consumer/node_modules/jest/bin/jest.js"
for kind in cjs esm; do
  step "Jest, $kind project"
  # --ci=false: the snapshot is new, and must be written to be checked below.
  if ! (cd "$consumer/jest-$kind" && NODE_OPTIONS='--experimental-vm-modules --no-warnings=ExperimentalWarning' node "$jest" --ci=false --colors=false >"$work/jest.log" 2>&1); then
    cat "$work/jest.log" >&2
    echo "Jest failed in the $kind project" >&2
    exit 1
  fi
  tail -n 6 "$work/jest.log"
  check_snapshot "$consumer/jest-$kind/__snapshots__/tool.test.js.snap" "Jest $kind"
done
# Both builds print the same snapshot, and the example's snapshot is the one docs/testing.md shows.
diff "$consumer/jest-cjs/__snapshots__/tool.test.js.snap" "$consumer/jest-esm/__snapshots__/tool.test.js.snap"
node -e '
  const fs = require("fs");
  const text = fs.readFileSync("docs/testing.md", "utf8");
  const section = text.slice(text.indexOf("<!-- section: testing -->"));
  const shown = /```\n(exports\[`plot attaches one chart 1`\][\s\S]*?\n`;)\n```/.exec(section);
  const written = /(exports\[`plot attaches one chart 1`\][\s\S]*?\n`;)/.exec(fs.readFileSync(process.argv[1], "utf8"));
  if (!shown || !written || shown[1] !== written[1]) {
    console.error("docs/testing.md does not show the snapshot the example writes, which is:\n" + (written ? written[1] : "(none)"));
    process.exit(1);
  }
' "$consumer/jest-esm/__snapshots__/tools.test.js.snap"

vitest="$consumer/node_modules/vitest/vitest.mjs"
step "Vitest: the passing suite"
if ! (cd "$consumer/vitest" && NO_COLOR=1 node "$vitest" run --update --color=false tool.test.js >"$work/vitest.log" 2>&1); then
  cat "$work/vitest.log" >&2
  echo "Vitest failed" >&2
  exit 1
fi
tail -n 6 "$work/vitest.log"
check_snapshot "$consumer/vitest/__snapshots__/tool.test.js.snap" "Vitest"
# Past the header line that names the runner, Vitest writes the same snapshot as Jest.
diff <(tail -n +2 "$consumer/jest-esm/__snapshots__/tool.test.js.snap") <(tail -n +2 "$consumer/vitest/__snapshots__/tool.test.js.snap") ||
  { echo "Vitest and Jest write different snapshots of the same result (above)" >&2; exit 1; }

step "Vitest: a failing suite reports parts by size"
if (cd "$consumer/vitest" && NO_COLOR=1 node "$vitest" run --color=false failing.test.js >"$work/failing.log" 2>&1); then
  cat "$work/failing.log" >&2
  echo "the failing suite passed" >&2
  exit 1
fi
[[ -z ${TOOLNEXUS_SHOW_REPORT:-} ]] || cat "$work/failing.log"
grep -q "16 failed" "$work/failing.log" || { cat "$work/failing.log" >&2; echo "expected 16 failed tests" >&2; exit 1; }
# Each failure but the last two (toContain, toThrow: no value printed in full) shows the part by size.
for t in toEqual toStrictEqual toBeError toBe toContainEqual toMatchObject toHaveProperty toBeNull toHaveBeenCalledWith \
  toHaveBeenLastCalledWith toHaveBeenNthCalledWith not.toHaveBeenCalled toHaveReturnedWith toHaveLastReturnedWith; do
  # The report of one failure: from its FAIL line to the next separator.
  report=$(awk -v t="> $t fails" 'index($0, "FAIL") && index($0, t) { on = 1 } on && /⎯⎯⎯/ { exit } on' "$work/failing.log")
  grep -q '48 bytes, digest [0-9a-f]\{8\}' <<<"$report" || { cat "$work/failing.log" >&2; echo "the report of $t does not show the part by size" >&2; exit 1; }
done
if grep -qF "$payload" "$work/failing.log"; then cat "$work/failing.log" >&2; echo "the report shows the payload" >&2; exit 1; fi
grep -q "Differing fields: parts\[0\].name" "$work/failing.log" || { cat "$work/failing.log" >&2; echo "the report does not name the differing field" >&2; exit 1; }
echo "16 failures reported, the part as size and digest, never the payload"

step "types: the packed declarations, then the matchers on Jest's and Vitest's expect"
# First the Jest-side declarations alone with skipLibCheck off, so that an error inside them fails; then a Jest test
# file with the types brought in either of the two ways docs/testing.md gives ("types" in tsconfig.json, or one type-only
# import in a .d.ts of the project); then a Vitest test file with the types of toolnexus/testing/vitest-setup, with
# skipLibCheck off as well (the Vitest declarations' strict pass).
# Each program must load no declaration of the other runner (a user may have only one of them installed).
tsc="$consumer/node_modules/typescript/bin/tsc"
for config in tsconfig.strict.json tsconfig.json tsconfig.import.json tsconfig.vitest.json; do
  if ! (cd "$consumer/types" && node "$tsc" -p "$config" --listFiles >"$work/tsc.log" 2>&1); then
    (cd "$consumer/types" && node "$tsc" -p "$config") >&2 || true # the errors, without the list of files
    echo "type check failed: $config" >&2
    exit 1
  fi
  if [[ $config == tsconfig.vitest.json ]]; then
    other='/node_modules/(jest|expect|@jest/[^/]+|@types/jest|jest-[^/]+)/'
  else
    other='/node_modules/(vitest|vite|@vitest/[^/]+)/'
  fi
  if grep -E "$other" "$work/tsc.log" >&2; then
    echo "type check $config loads the other test runner's declarations (above)" >&2
    exit 1
  fi
done
echo "the declarations, a Jest test file (types from tsconfig \"types\" or from an import) and a Vitest test file type-check"

printf '\ntoolnexus/testing consumer check (Jest CJS and ESM, Vitest) passed in %ss\n' "$((SECONDS - start))"
