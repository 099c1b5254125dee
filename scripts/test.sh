#!/usr/bin/env bash
# The whole test run. Each check counts as one test; cargo, Jest and Playwright report their own
# counts. Ends with one line "N passed, N failed" and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p target/test-logs
logs=target/test-logs
passed=0
failed=0
failures=()

record() { # name, exit status
  if [ "$2" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$1"); fi
}

check() { # name, command...
  local name=$1; shift
  echo "==> $name"
  "$@"
  record "$name" $?
}

cargo_tests() { # name, env assignments..., then cargo test
  local name=$1; shift
  echo "==> $name"
  env "$@" cargo test --workspace --color never 2>&1 | tee "$logs/$name.log" | grep -E '^(test result|failures:|    [a-z_:]+$|test .* FAILED)' || true
  local status=${PIPESTATUS[0]}
  local p f
  read -r p f < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
    END { print p + 0, f + 0 }' "$logs/$name.log")
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  if [ "$status" != 0 ]; then
    failures+=("$name")
    [ "${f:-0}" = 0 ] && failed=$((failed + 1)) # a build failure counts too
  fi
}

json_counts() { # node expression over the parsed file -> "passed failed"
  node -e "const r=require(require('path').resolve(process.argv[1]));const [p,f]=($2)(r);console.log(p+' '+f)" "$1" 2>/dev/null || echo "0 1"
}

check fmt cargo fmt --all -- --check
check clippy cargo clippy --workspace --all-targets --color never -- -D warnings
check core-has-no-diesel bash -c '! cargo tree -p desen-core -e normal --prefix none | grep -q "^diesel "'
check migration-trees-match diff <(ls migrations/sqlite) <(ls migrations/postgres)

# DESEN_CORPUS_REQUIRED: the image corpus test (crates/imaging/tests/corpus.rs) fails when
# target/corpus (scripts/gather-corpus.sh, run by the set-up) is missing a source.
# DESEN_S3_REQUIRED: the S3 store test (crates/storage/tests/s3.rs) fails when target/moto-venv
# (the S3 test server, installed by the set-up) is missing.
cargo_tests rust-sqlite DESEN_TEST_BACKEND=sqlite DESEN_CORPUS_REQUIRED=1 DESEN_S3_REQUIRED=1
cargo_tests rust-postgres-redis DESEN_TEST_BACKEND=postgres DESEN_TEST_REDIS_URL=redis://127.0.0.1:6379 DESEN_CORPUS_REQUIRED=1 DESEN_S3_REQUIRED=1

check frontend-typecheck bash -c 'cd frontend && npm run --silent typecheck'
check frontend-lint bash -c 'cd frontend && npm run --silent lint'

echo "==> jest"
mkdir -p frontend/test-results
(cd frontend && npx jest --ci --json --outputFile=test-results/jest.json 2>&1 | tail -n 25)
read -r p f <<<"$(json_counts frontend/test-results/jest.json 'r=>[r.numPassedTests,r.numFailedTests+r.numRuntimeErrorTestSuites]')"
passed=$((passed + p)); failed=$((failed + f)); [ "$f" = 0 ] || failures+=(jest)

check desen-binary cargo build -p gateway --bin desen --color never
check two-instances env DESEN_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/desen" python3 scripts/two-instances.py
check fault-drills env DESEN_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/desen" python3 scripts/fault-drills.py
# The API fuzzer, short: 20 s per backend and role (SQLite and PostgreSQL, customer and admin).
check fuzz-api bash -c 'scripts/fuzz-api.sh "${FUZZ_API_SECONDS:-20}" both > target/test-logs/fuzz-api.log 2>&1; status=$?; tail -n 6 target/test-logs/fuzz-api.log; exit $status'
check frontend-build bash -c 'cd frontend && npm run --silent build >/dev/null'
check frontend-budget bash -c 'cd frontend && node scripts/check-bundle-budget.mjs'

echo "==> playwright"
export DESEN_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/desen"
rm -f frontend/test-results/e2e.json
(cd frontend && npx playwright test 2>&1 | tail -n 40)
read -r p f <<<"$(json_counts frontend/test-results/e2e.json 'r=>[r.stats.expected+r.stats.flaky,r.stats.unexpected+(r.errors||[]).length]')"
passed=$((passed + p)); failed=$((failed + f)); [ "$f" = 0 ] || failures+=(playwright)

echo
[ ${#failures[@]} -eq 0 ] || echo "failed steps: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ ${#failures[@]} -eq 0 ]
