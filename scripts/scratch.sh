# Shared by pack-check.sh and testing-consumer-check.sh (sourced, not run): installing the packed tarball
# into a scratch project outside the repository.

# install_tarball DIR TARBALL REPO: installs TARBALL into the project at DIR with npm (runtime dependencies
# from npm's cache when `npm ci` has filled it, so no network then). When npm cannot install, unpacks the
# tarball by hand into DIR/node_modules/toolnexus and links its runtime dependencies from REPO/node_modules.
install_tarball() {
  local dir=$1 tarball=$2 repo=$3 dep
  if (cd "$dir" && npm install --prefer-offline --no-audit --no-fund --no-package-lock --loglevel=error "$tarball"); then
    return 0
  fi
  echo "npm install failed; installing by hand: the tarball unpacked, its dependencies linked from this repository" >&2
  rm -rf "$dir/node_modules"
  mkdir -p "$dir/node_modules/toolnexus"
  tar -xzf "$tarball" -C "$dir/node_modules/toolnexus" --strip-components=1
  for dep in $(cd "$repo" && node -p 'Object.keys(require("./package.json").dependencies).join(" ")'); do
    ln -s "$repo/node_modules/$dep" "$dir/node_modules/$dep"
  done
}
