#!/usr/bin/env bash
# Builds tidemark-core and tidemark-bench into private build directories and runs the end-to-end
# benchmark with the freshly built core (never a tidemark-core jar another build left in ~/.m2).
#   tidemark-bench/bench.sh [BenchMain arguments]        e.g.  tidemark-bench/bench.sh --events 20M W1
#   BENCH_JVM_OPTS to change the JVM options (default: 8 GiB heap committed and touched at start, so no
#   engine pays first-touch page faults during its timed run); BENCH_BUILD_DIR for the build directories.
#   tidemark-bench/bench.sh --jmh [JMH arguments]        runs the JMH micro-benchmarks instead.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BENCH_BUILD_DIR:-/tmp/tidemark-bench-build}
tidemark-bench/build.sh "$build"
cp="$build/tidemark-bench/classes:$(cat "$build/tidemark-bench.cp")"
if [[ "${1:-}" == "--jmh" ]]; then
    shift
    [[ $# -gt 0 ]] || set -- io.tidemark.bench.jmh
    exec java ${BENCH_JVM_OPTS:-} -cp "$cp" org.openjdk.jmh.Main "$@"
fi
exec java ${BENCH_JVM_OPTS:--Xmx8g -Xms8g -XX:+AlwaysPreTouch} -cp "$cp" io.tidemark.bench.BenchMain "$@"
