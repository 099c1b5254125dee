# Desen's commands. `just run` serves the archive; `just test` proves it. Both set up what they need.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Serve the archive on http://127.0.0.1:8080 (SQLite in data/, sessions in process), with a demo
# archive on first start.
run: setup build-frontend
    cargo build -p gateway --bin desen
    "${CARGO_TARGET_DIR:-target}/debug/desen" demo
    "${CARGO_TARGET_DIR:-target}/debug/desen" serve

# Every check and test: formatting, lints, Rust on SQLite and PostgreSQL, Redis, the frontend, journeys.
test: setup services
    scripts/test.sh

# Figures next to references of the same run: sign-in and token validation through HTTP; the
# archive search on 200,000 generated designs (SQLite and PostgreSQL) against the issue's targets;
# favorite list reads and writes for a customer with 200 lists of 500 colorways; our renditions and
# tiles of a 12k x 12k TIFF next to libvips; a whole 12k x 12k PSB import; the boards, design pages,
# mood boards and collection searches with 500 collections of 50,000 grouped designs (SQLite and
# PostgreSQL); in Chromium, cold loads of the archive and a design page (LCP, first result card,
# first preview) against a release build with the demo archive.
bench: setup services
    command -v vipsthumbnail >/dev/null || scripts/setup.sh libvips-tools
    cargo bench -p gateway --bench accounts
    cargo bench -p gateway --bench search
    cargo bench -p gateway --bench favorites
    cargo bench -p gateway --bench collections
    cargo bench -p gateway --bench cad
    cargo bench -p gateway --bench wear
    cargo bench -p gateway --bench statistics
    cargo bench -p import --bench import
    cargo bench -p vision --bench retrieval
    cargo build --release -p gateway --bin desen
    target="$(realpath "${CARGO_TARGET_DIR:-target}")"; cd frontend && npm run --silent build >/dev/null && DESEN_BIN="$target/release/desen" npm run --silent bench

# System packages, npm packages (from the committed lockfile).
setup:
    scripts/setup.sh

# The React app, into frontend/dist.
build-frontend:
    cd frontend && npm run build

# PostgreSQL and Redis for the tests, started when they are not running.
services:
    scripts/services.sh

# Format the Rust code.
fmt:
    cargo fmt --all

# Every image reader a user's upload reaches (TIFF, PSD/PSB, the import's renditions, photos, wear
# models, search pictures) under libFuzzer; `just fuzz 60 tiff psd` runs some targets only.
# Fuzz each target for the given seconds, one at a time: executions, exec/s, crashes, hangs, OOMs.
# FUZZ_JOBS=2 runs two processes of each target (one per core), FUZZ_MAX_LEN caps the inputs.
fuzz seconds="60" *targets:
    fuzz/run.sh {{seconds}} {{targets}}

# The API fuzzer (schemathesis, from /service/openapi.json) against the real `desen` on SQLite and
# PostgreSQL, as a customer and as an admin: `seconds` per backend and role (`just test` runs 20).
fuzz-api seconds="600" backend="both": setup services
    cargo build -p gateway --bin desen
    scripts/fuzz-api.sh {{seconds}} {{backend}}

# Load: `clients` signed-in customers searching, paging, opening designs, fetching thumbnails and
# tiles and keeping favorites for `minutes`, against a release `desen` with the demo archive, on
# SQLite and then on PostgreSQL + Redis: throughput, p50/p99 per kind, errors, memory growth.
soak clients="200" minutes="10": setup services
    cargo build --release -p gateway --bin desen
    for backend in sqlite postgres; do DESEN_BIN="$(realpath "${CARGO_TARGET_DIR:-target}")/release/desen" python3 scripts/soak.py --clients {{clients}} --minutes {{minutes}} --backend $backend; done
