#!/usr/bin/env bash
# Fuzzes the HTTP API from its own OpenAPI document with schemathesis, against the real `desen serve`
# (the debug build) on a fresh SQLite database and on a fresh PostgreSQL database (Redis sessions
# under a fresh key prefix), each with the demo archive, signed in as a customer and as an admin
# past the second factor. Checks: no 5xx, every answer's status documented, every body and content
# type as the document says.
#
#   scripts/fuzz-api.sh [SECONDS] [sqlite|postgres|both]
#
# SECONDS is the time budget of each schemathesis run (one per backend and role, default 600);
# FUZZ_API_EXAMPLES caps the examples per operation and phase (default 100). The archive holds the
# demo (`desen demo`: designs, labels, companies, a collection with a mood board, wear models;
# about 90 s in a debug build) for runs of 120 s or more, or with FUZZ_API_DEMO=1; shorter runs
# take the small demo (`desen demo --small`: six designs and the rest, in seconds). Requests name
# the run's own ids most of the time (scripts/fuzz-api-seeds.py). Reports (JUnit, NDJSON) go to
# target/fuzz-api/. Ports 18100-18199 only. Exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-600}
backends=${2:-both}
examples=${FUZZ_API_EXAMPLES:-100}
bin="${CARGO_TARGET_DIR:-$root/target}/debug/desen"
venv="$root/target/fuzz-api-venv"
reports="$root/target/fuzz-api"
pg_server=${DESEN_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
pg_base=${pg_server%/*}

[ -x "$bin" ] || { echo "fuzz-api: $bin is missing: cargo build -p gateway --bin desen" >&2; exit 1; }
[ -x "$venv/bin/schemathesis" ] || { echo "fuzz-api: schemathesis is missing: scripts/setup.sh" >&2; exit 1; }
mkdir -p "$reports"

# Routes the fuzzer must not call, because they would end or lock the session it fuzzes with (its
# own user is one the document's examples cannot name, but these act on the caller or on every
# user named, so one lucky request would stop the run):
#  - POST /account/logout revokes the fuzzer's own token;
#  - POST /admin/users/{assign-password,reset-authenticator,change-account-state,
#    bulk-change-account-state,set-login-condition,bulk-set-login-condition} end or restrict the
#    sessions of the users they name (the customer signed in beside the admin included);
#  - POST /admin/customers/delete with cascade deletes the customer's users.
# Everything else runs, changing only the throwaway database of this run.
excluded='^/service/(account/logout|admin/users/(assign-password|reset-authenticator|change-account-state|bulk-change-account-state|set-login-condition|bulk-set-login-condition)|admin/customers/delete)$'

customer_mail=fuzz-customer@example.com
admin_mail=fuzz-admin@example.com
password='Fuzz1ngPass!'

server_pid=
pg_db=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  server_pid=
  if [ -n "$pg_db" ]; then
    psql "$pg_server" -q -c "DROP DATABASE IF EXISTS \"$pg_db\" WITH (FORCE)" >/dev/null 2>&1
    pg_db=
  fi
}
trap cleanup EXIT

# A free port in 18100-18199.
free_port() {
  local port
  for port in $(shuf -i 18100-18199); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  return 1
}

# sign_in BASE EMAIL -> prints the access token; an admin enrols an authenticator and verifies a code.
sign_in() {
  "$venv/bin/python" - "$1" "$2" "$password" <<'PY'
import base64, hashlib, hmac, json, struct, sys, time, urllib.parse, urllib.request
base, mail, password = sys.argv[1:4]
def post(path, form, token=None):
    req = urllib.request.Request(base + path, data=urllib.parse.urlencode(form).encode(), method="POST")
    req.add_header("Content-Type", "application/x-www-form-urlencoded")
    if token:
        req.add_header("Access-Token", token)
    with urllib.request.urlopen(req) as answer:
        return json.load(answer)
signed = post("/service/account/login_collection", {"mailAddress": mail, "password": password, "remember": "false", "language": "en"})
token = signed["accessToken"]
if signed["secondFactor"] == "enroll":
    secret = post("/service/account/second-factor/enroll", {}, token)["secret"]
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int(time.time()) // 30), hashlib.sha1).digest()
    offset = digest[-1] & 15
    code = (struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000
    assert post("/service/account/second-factor/verify", {"code": f"{code:06d}"}, token)["is2FaValidated"]
print(token)
PY
}

total_failed=0
summary=()

fuzz_backend() { # sqlite | postgres
  local backend=$1 dir port base database_url redis_url=''
  dir=$(mktemp -d "${TMPDIR:-/tmp}/desen-fuzz-$backend-XXXXXX")
  case $backend in
    sqlite) database_url="sqlite://$dir/fuzz.db" ;;
    postgres)
      pg_db="desen_fuzz_$$_$RANDOM"
      psql "$pg_server" -q -c "CREATE DATABASE \"$pg_db\"" >/dev/null || return 1
      database_url="$pg_base/$pg_db"
      redis_url=${DESEN_TEST_REDIS_URL:-redis://127.0.0.1:6379} ;;
  esac
  port=$(free_port) || { echo "fuzz-api: no free port in 18100-18199" >&2; return 1; }
  base="http://127.0.0.1:$port"
  local -a env=(DATABASE_URL="$database_url" REDIS_URL="$redis_url" DESEN_REDIS_PREFIX="desen-fuzz-$$-$RANDOM:"
    DESEN_DATA_DIR="$dir" DESEN_LISTEN="127.0.0.1:$port" DESEN_STATIC_DIR="$dir/static"
    DESEN_ACCOUNTS__PUBLIC_URL="$base" DESEN_LOG="${DESEN_LOG:-error}")
  echo "==> fuzz-api $backend: preparing $dir"
  env "${env[@]}" "$bin" migrate >/dev/null || return 1
  env "${env[@]}" "$bin" create-user --email "$customer_mail" --password "$password" --name 'Fuzz Customer' --customer 'Fuzz Textiles Ltd.' --customer-code FUZZ >/dev/null || return 1
  env "${env[@]}" "$bin" create-user --email "$admin_mail" --password "$password" --admin --name 'Fuzz Admin' >/dev/null || return 1
  local size=--small
  [ "${FUZZ_API_DEMO:-$([ "$seconds" -ge 120 ] && echo 1 || echo 0)}" = 1 ] && size=
  env "${env[@]}" "$bin" demo $size >/dev/null || return 1
  env "${env[@]}" "$bin" serve >"$dir/server.log" 2>&1 &
  server_pid=$!
  local tries=0
  until curl -sf "$base/service/health" >/dev/null; do
    tries=$((tries + 1))
    if [ $tries -gt 300 ] || ! kill -0 "$server_pid" 2>/dev/null; then
      echo "fuzz-api: desen serve did not start" >&2; cat "$dir/server.log" >&2; return 1
    fi
    sleep 0.2
  done
  # Paths outside /admin every operation of which only staff may call (`admin` scope).
  local staff_paths
  staff_paths=$(curl -sf "$base/service/openapi.json" | "$venv/bin/python" -c '
import json, re, sys
paths = json.load(sys.stdin)["paths"]
def staff(operation):
    return any("admin" in r.get("accessToken", []) for r in operation.get("security", []))
print("|".join("^" + re.escape(path) + "$" for path, item in paths.items()
               if not path.startswith("/service/admin/") and all(staff(o) for o in item.values())))
') || return 1
  local role token status customer_token admin_token
  customer_token=$(sign_in "$base" "$customer_mail") || { echo "fuzz-api: the customer could not sign in" >&2; return 1; }
  admin_token=$(sign_in "$base" "$admin_mail") || { echo "fuzz-api: the admin could not sign in" >&2; return 1; }
  # The run's own ids for the parameters that name something (scripts/fuzz-api-seeds.py).
  local seeds="$reports/$backend-seeds"
  "$venv/bin/python" scripts/fuzz-api-seeds.py "$base" "$customer_token" "$admin_token" "$seeds" || return 1
  for role in customer admin; do
    token=$customer_token; [ $role = admin ] && token=$admin_token
    local out="$reports/$backend-$role"
    rm -rf "$out"; mkdir -p "$out"
    echo "==> fuzz-api $backend as $role (${seconds}s, at most $examples examples per operation)"
    # The customer skips the admin area and the other routes only staff may call (each answers it
    # 403 before reading anything; the authorisation matrix test proves that route by route).
    local skip=$excluded
    [ $role = customer ] && skip="$excluded|^/service/admin/${staff_paths:+|$staff_paths}"
    # No stateful phase: the document has no links (and the links schemathesis infers from the image
    # URLs in answers name operations of other shapes).
    (cd "$out" && "$venv/bin/schemathesis" --config-file "$seeds-$role.toml" run "$base/service/openapi.json" \
      --url "$base" \
      --header "Access-Token: $token" \
      --phases examples,coverage,fuzzing \
      --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
      --exclude-path-regex "$skip" \
      --max-examples "$examples" --max-time "$seconds" --workers 1 \
      --request-timeout 30 --suppress-health-check all --seed 1 \
      --report junit,ndjson --report-dir "$out" --no-color 2>&1 | tee "$out/output.txt" | tail -n 60)
    status=${PIPESTATUS[0]}
    local tested cases
    tested=$(awk '/^API Operations:/ { getline; getline; print $2 }' "$out/output.txt")
    cases=$(awk '/^Test cases:/ { getline; sub(/^ +/, ""); print }' "$out/output.txt")
    summary+=("$backend/$role: ${tested:-0} operations, test cases: ${cases:-none} (exit $status)")
    [ "$status" = 0 ] || total_failed=$((total_failed + 1))
    # The server must have stayed up.
    curl -sf "$base/service/health" >/dev/null || { echo "fuzz-api: desen stopped answering" >&2; total_failed=$((total_failed + 1)); }
  done
  if grep -qiE 'panicked|internal error' "$dir/server.log"; then
    echo "fuzz-api: the server logged errors ($dir/server.log):" >&2
    grep -iE 'panicked|internal error' "$dir/server.log" | head -n 20 >&2
    total_failed=$((total_failed + 1))
  fi
  cleanup
  rm -rf "$dir"
}

case $backends in
  sqlite | postgres) fuzz_backend "$backends" || { total_failed=$((total_failed + 1)); cleanup; } ;;
  both) for b in sqlite postgres; do fuzz_backend "$b" || { total_failed=$((total_failed + 1)); cleanup; }; done ;;
  *) echo "usage: $0 [SECONDS] [sqlite|postgres|both]" >&2; exit 2 ;;
esac

echo
printf '%s\n' "${summary[@]}"
[ "$total_failed" = 0 ]
