#!/usr/bin/env bash
# Coverage-guided fuzzing of the image readers (libFuzzer through cargo fuzz, on the stable
# toolchain with RUSTC_BOOTSTRAP=1). `fuzz/run.sh [seconds per target] [target...]`, or
# `just fuzz [seconds]`. Builds every target (release, debug assertions and AddressSanitizer),
# writes the seed corpora, then fuzzes the targets one after another (FUZZ_JOBS libFuzzer
# processes of the target at a time, one by default), and prints per target: executions,
# executions per second, and the crashes, timeouts (a run over 1 s) and out-of-memory cases (RSS
# over 2 GiB, or one allocation over 512 MiB) found. Found inputs are in fuzz/artifacts/<target>/; turn each into a regression test of its
# reader (docs/TESTING.md, "File fuzzing").
set -euo pipefail
cd "$(dirname "$0")"

seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(tiff psd import_render photo wear picture)
fi
rss_mb="${FUZZ_RSS_MB:-2048}"
malloc_mb="${FUZZ_MALLOC_MB:-512}"
# FUZZ_MAX_LEN caps the inputs' length (libFuzzer's -max_len; 0: guessed from the corpus, that is
# its largest seed). A cap keeps the mutations on inputs of a size a run can try many of.
max_len="${FUZZ_MAX_LEN:-0}"
# FUZZ_JOBS: libFuzzer processes of one target at a time (-fork=N), one per core to spare. Each
# runs the readers' band decoding on one thread (RAYON_NUM_THREADS=1): the processes are the
# parallelism, and threads of two processes would only contend for the same cores.
jobs="${FUZZ_JOBS:-1}"
export RAYON_NUM_THREADS=1

export RUSTC_BOOTSTRAP=1 # cargo fuzz needs -Z flags (sanitizers, coverage); stable allows them so
if ! command -v cargo-fuzz >/dev/null; then
  echo "==> installing cargo-fuzz"
  cargo install cargo-fuzz --locked --version 0.13.2
fi

echo "==> building the fuzz targets"
(cd .. && cargo fuzz build) >/dev/null 2>build.log || { cat build.log; exit 1; }
bin="target/x86_64-unknown-linux-gnu/release"

echo "==> seeds"
cargo run --quiet --release --example seed

mkdir -p logs
summary=()
for target in "${targets[@]}"; do
  mkdir -p "artifacts/$target" "corpus/$target"
  before=$(find "artifacts/$target" -type f | wc -l)
  log="logs/$target.log"
  echo "==> $target for ${seconds}s"
  start=$(date +%s)
  # -fork: children (FUZZ_JOBS at a time) that libFuzzer restarts after a crash, timeout or OOM,
  # so a run finds more than one problem and always lasts its time.
  "$bin/$target" "corpus/$target" \
    -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=1 -rss_limit_mb="$rss_mb" -malloc_limit_mb="$malloc_mb" \
    -artifact_prefix="artifacts/$target/" -print_final_stats=1 >"$log" 2>&1 || true
  elapsed=$(($(date +%s) - start))
  # Fork mode's progress lines: "#EXECS: cov: C ft: F corp: N exec/s: E oom/timeout/crash: O/T/C time: S ...".
  last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1 || true)
  execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"${last:-#0:}")
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
  corp=$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<<"$last")
  otc=$(sed -nE 's|.*oom/timeout/crash: ([0-9]+/[0-9]+/[0-9]+).*|\1|p' <<<"$last")
  IFS=/ read -r ooms timeouts crashes <<<"${otc:-0/0/0}"
  rate=$((execs / (elapsed > 0 ? elapsed : 1)))
  after=$(find "artifacts/$target" -type f | wc -l)
  line=$(printf '%-14s %12s execs %8s exec/s %4ss  cov %-6s corpus %-6s crashes %s  timeouts %s  ooms %s  new artifacts %s' \
    "$target" "$execs" "$rate" "$elapsed" "${cov:-?}" "${corp:-?}" "$crashes" "$timeouts" "$ooms" "$((after - before))")
  echo "$line"
  summary+=("$line")
done

echo
echo "==> file fuzzing: ${seconds}s per target (logs in fuzz/logs, findings in fuzz/artifacts)"
printf '%s\n' "${summary[@]}"
