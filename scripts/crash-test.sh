#!/usr/bin/env bash
# The kill -9 test, long version: runs a windowed job over a generated file once without faults, then
# kills its JVM with SIGKILL at seeded random points KILLS times (default 100), restarting it from its
# checkpoints each time, lets the last run finish, and compares the committed results and late records
# with the fault-free run's (0 lost, 0 duplicated). CI runs the short version (8 kills) as KillNineTest.
#
# --source kafka: the same job reading a one-partition topic of a local broker (started in the driver's
# JVM) and writing part files and topics exactly once; the topics are compared as a read_committed
# reader sees them. CI runs its short version (8 kills) as KafkaKillNineTest.
#
# --via command: the same through the `tidemark` command: `tidemark run job.yaml` with `checkpoint:` over
# a generated file (`tidemark generate`), its JVM killed with kill -9 at random moments KILLS times and
# restarted, then the results, late and dead-letter files compared byte for byte with a run of the same
# job file without checkpoints (parallelism 1: each file's order is defined), and the summary of the run
# that finished (lines read, results, late records, dead letters, accounting) with that run's. CI runs its
# short version (5 kills) in CheckpointRunTest.
#
#   scripts/crash-test.sh [--kills N] [--seed S] [--lines L] [--parallelism P] [--work DIR] [--source file|kafka]
#   scripts/crash-test.sh --via command [--kills N] [--seed S] [--work DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
if [[ " ${args[*]:-} " == *" --via command "* ]]; then
  kills=100 seed=1 work=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --via) shift 2 ;;
      --kills) kills="$2"; shift 2 ;;
      --seed) seed="$2"; shift 2 ;;
      --work) work="$2"; shift 2 ;;
      *) echo "crash-test.sh --via command: unknown option $1" >&2; exit 2 ;;
    esac
  done
  work="${work:-$(mktemp -d "${TMPDIR:-/tmp}/tidemark-crash.XXXXXX")}"
  mkdir -p "$work"
  rm -rf "$work/plain" "$work/cp" "$work/chk" "$work/cp.err" "$work/cp.summary"
  ./tidemark generate --seed "$seed" --rate 200 --duration 2h --malformed 0.002 --future-errors 0.001 \
      --very-late-fraction 0.02 -o "$work/orders.jsonl"
  job() { # job NAME EXTRA
    cat > "$work/$1.yaml" <<YAML
source: {type: file, path: orders.jsonl}
event-time: {field: eventTime}
watermark: {strategy: bounded, max-out-of-orderness: 5s, emit: per-event}
key-by: [userId]
window: {type: tumbling, size: 10s}
allowed-lateness: 2s
aggregate: [count, {sum: amount}]
output:
  results: {type: jsonl, path: $1/results.jsonl}
  late: {type: jsonl, path: $1/late.jsonl}
  dead-letter: {type: jsonl, path: $1/dead.jsonl}
$2
YAML
  }
  job plain ""
  job cp "checkpoint: {dir: chk, interval: 100ms, retain: 2}"
  ./tidemark run --no-progress "$work/plain.yaml" > "$work/plain.summary"
  counts() { grep -E '^  (lines read|window results|late records|dead letters|accounted) ' "$1" || true; }
  rm -f "$work/cp.summary"
  finished() { # keeps the summary of the run that finished (a killed run prints none)
    if grep -q "^Summary of" "$work/cp.out" 2>/dev/null; then cp "$work/cp.out" "$work/cp.summary"; fi
  }
  RANDOM=$seed
  hit=0
  for ((i = 1; i <= kills; i++)); do
    ./tidemark run --no-progress "$work/cp.yaml" 2>>"$work/cp.err" >"$work/cp.out" &
    pid=$!
    sleep "$((1 + RANDOM % 3)).$((RANDOM % 10))"
    if kill -9 "$pid" 2>/dev/null; then
      hit=$((hit + 1))
    fi
    wait "$pid" 2>/dev/null || true
    finished
    if grep -q "the job already finished" "$work/cp.err" 2>/dev/null; then
      break
    fi
  done
  ./tidemark run --no-progress "$work/cp.yaml" 2>>"$work/cp.err" >"$work/cp.out"
  finished
  resumes=$(grep -c "resuming from checkpoint" "$work/cp.err" || true)
  status=0
  for f in results.jsonl late.jsonl dead.jsonl; do
    if cmp -s "$work/plain/$f" "$work/cp/$f"; then
      echo "crash-test: $f: identical to the fault-free run ($(wc -l < "$work/cp/$f") lines)"
    else
      echo "crash-test: $f: DIFFERS from the fault-free run (cmp $work/plain/$f $work/cp/$f)"
      status=1
    fi
  done
  if [ -f "$work/cp.summary" ] && [ "$(counts "$work/plain.summary")" == "$(counts "$work/cp.summary")" ]; then
    echo "crash-test: summary: the counts and accounting of the fault-free run ($(counts "$work/cp.summary" | tail -1 | sed 's/^ *//'))"
  else
    echo "crash-test: summary: DIFFERS from the fault-free run's (diff $work/plain.summary $work/cp.summary)"
    status=1
  fi
  echo "crash-test: $hit kill -9 of a running command, $resumes resumes from a checkpoint; work folder $work"
  exit $status
fi
if [[ " ${args[*]:-} " != *" --kills "* ]]; then
  args+=(--kills 100)
fi
if [[ " ${args[*]:-} " == *" --source kafka "* ]]; then
  mvn -B -ntp -q -pl tidemark-kafka -am install -DskipTests
  cp=$(mktemp)
  mvn -B -ntp -q -pl tidemark-kafka dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test
  exec java -cp "tidemark-kafka/target/classes:tidemark-kafka/target/test-classes:$(cat "$cp")" io.tidemark.crash.KafkaCrashDriver "${args[@]}"
fi
mvn -B -ntp -q -pl tidemark-core test-compile
exec java -cp tidemark-core/target/classes:tidemark-core/target/test-classes io.tidemark.crash.CrashDriver "${args[@]}"
