#!/usr/bin/env bash
# Installs what building and testing Desen needs, skipping what is already there. Extra Debian
# packages can be named as arguments (the benchmark adds libvips-tools).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
for package in libpq-dev libsqlite3-dev libssl-dev pkg-config chromium haproxy "$@"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# npm ci cannot be used here (see docs/TESTING.md); install honours the committed lockfile.
if [ ! -f frontend/node_modules/.package-lock.json ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then
  echo "==> npm install"
  (cd frontend && npm install --no-audit --no-fund --loglevel=error)
fi

# schemathesis (the API fuzzer of scripts/fuzz-api.sh), in a venv under target/ (ignored); nothing
# is fetched again once it is there, so the fuzz run works offline after setup.
schemathesis_version=4.32.5
venv=target/fuzz-api-venv
if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$schemathesis_version"; then
  echo "==> schemathesis $schemathesis_version"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "schemathesis==$schemathesis_version"
fi
