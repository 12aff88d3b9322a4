#!/usr/bin/env bash
# Checks the package a user installs, not the repository: packs the tarball, lints it (publint, attw),
# installs it into a scratch project outside the repository, and there
#   - checks that every file it ships under dist/ is reachable from the entry points (no stale chunks),
#   - imports every entry point from ESM (.mjs) and from CommonJS (.cjs) and runs a small tool on each build,
#   - resolves every subpath of `exports` from ESM and CJS, and checks that each host entry (toolnexus/anthropic, ...)
#     gives the very functions toolnexus/providers gives, in each format (entries.mjs),
#   - loads both builds in one process and checks that values cross between them,
#   - type-checks consumer files with `moduleResolution: nodenext` (.mts and .cts) and as a browser app.
# The consumer files live in scripts/pack-check/. Run by `npm run check:package`; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
# shellcheck source=scripts/scratch.sh
source scripts/scratch.sh
start=$SECONDS

step() { printf '\n== %s  [%d s]\n' "$*" $((SECONDS - start)); }

work=$(mktemp -d "${TMPDIR:-/tmp}/toolnexus-pack.XXXXXX")
trap 'rm -rf "$work"' EXIT

step "build and pack"
# Build unless dist/ is newer than every source of the build (in CI, `npm test` has just built it); the pack then
# skips the prepack script's second build.
node scripts/build-if-stale.mjs
tarball=$(npm pack --silent --ignore-scripts --pack-destination "$work" | tail -n 1)
tarball="$work/$tarball"
[[ -f $tarball ]] || { echo "npm pack did not produce a tarball" >&2; exit 1; }
echo "packed $(basename "$tarball") ($(du -k "$tarball" | cut -f1) KiB, $(tar -tzf "$tarball" | wc -l) files)"
# Only the build and the docs ship: no sources, specs, fixtures or scripts.
if unexpected=$(tar -tzf "$tarball" | grep -Ev '^package/(dist/|README\.md$|CHANGELOG\.md$|LICENSE|package\.json$)'); then
  echo "unexpected files in the tarball:" >&2
  echo "$unexpected" >&2
  exit 1
fi

step "publint --strict (on the tarball)"
node_modules/.bin/publint run --strict "$tarball"

step "attw (on the tarball; node10, node16 from CJS, node16 from ESM, bundler)"
# Every resolution attw knows, node10 included: `typesVersions` in package.json lets TypeScript's node10
# resolution (which predates exports maps) find the types of toolnexus/providers and the other subpaths.
# toolnexus/testing/vitest-setup is ESM only, as Vitest is (require("vitest") throws): it is checked with
# the esm-only profile, which leaves out the CJS resolutions.
node_modules/.bin/attw "$tarball" --profile strict --no-definitely-typed --exclude-entrypoints ./testing/vitest-setup
node_modules/.bin/attw "$tarball" --profile esm-only --no-definitely-typed --entrypoints ./testing/vitest-setup

step "install the tarball into a scratch project"
consumer="$work/consumer"
mkdir -p "$consumer"
cp scripts/pack-check/* "$consumer/"
printf '{ "name": "toolnexus-consumer", "private": true, "version": "0.0.0" }\n' >"$consumer/package.json"
install_tarball "$consumer" "$tarball" "$repo"
node -e '
  const want = require(process.argv[1]).version;
  const got = require(process.argv[2] + "/node_modules/toolnexus/package.json").version;
  if (got !== want) { console.error(`installed toolnexus ${got}, expected ${want}`); process.exit(1); }
  console.log(`installed toolnexus ${got} with ${Object.keys(require(process.argv[2] + "/node_modules/toolnexus/package.json").dependencies).join(", ")}`);
' "$repo/package.json" "$consumer"

step "tarball contents: every file under dist/ reachable from the entry points"
# A failure here is reported at the end, so that the checks below still run.
deferred=()
(cd "$consumer" && node reachable.mjs node_modules/toolnexus) || deferred+=("tarball contents")

step "ESM consumer (.mjs)"
(cd "$consumer" && node esm.mjs)

step "CommonJS consumer (.cjs)"
(cd "$consumer" && node cjs.cjs)

step "every entry point from ESM and CJS; each host entry's functions === toolnexus/providers'"
(cd "$consumer" && node entries.mjs)

step "both builds in one process"
(cd "$consumer" && node dual.mjs)

step "type-check consumers: nodenext (.mts and .cts), and a browser app (bundler, DOM, no Node types)"
# The consumer gets @types/node as a Node project would have it; TypeScript itself comes from this repository.
mkdir -p "$consumer/node_modules/@types"
ln -s "$repo/node_modules/@types/node" "$consumer/node_modules/@types/node"
"$repo/node_modules/.bin/tsc" --version
(cd "$consumer" && "$repo/node_modules/.bin/tsc" -p tsconfig.node.json && echo "nodenext: consumer.mts and consumer.cts compile")
(cd "$consumer" && "$repo/node_modules/.bin/tsc" -p tsconfig.browser.json && echo "bundler: browser.ts compiles")

if ((${#deferred[@]} > 0)); then
  printf '\n== package checks FAILED (%s) after %d s\n' "${deferred[*]}" $((SECONDS - start)) >&2
  exit 1
fi
printf '\n== package checks passed in %d s\n' $((SECONDS - start))
