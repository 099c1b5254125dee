# Desen's commands. `just run` serves the archive; `just test` proves it. Both set up what they need.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Serve the archive on http://127.0.0.1:8080 (SQLite in data/, sessions in process).
run: setup build-frontend
    cargo run -p gateway --bin desen -- serve

# Every check and test: formatting, lints, Rust on SQLite and PostgreSQL, Redis, the frontend, journeys.
test: setup services
    scripts/test.sh

# Throughput of sign-in and token validation through HTTP, next to reference figures of the same run.
bench: setup
    cargo bench -p gateway --bench accounts

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
