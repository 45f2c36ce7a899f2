#!/usr/bin/env bash
# Builds tidemark-core and tidemark-bench into private build directories and runs the end-to-end
# benchmark with the freshly built core (never a tidemark-core jar another build left in ~/.m2).
#   tidemark-bench/bench.sh [BenchMain arguments]        e.g.  tidemark-bench/bench.sh --events 20M W1
#   BENCH_JVM_OPTS="-Xmx8g" to change the JVM options; BENCH_BUILD_DIR for the build directories.
#   tidemark-bench/bench.sh --jmh [JMH arguments]        runs the JMH micro-benchmarks instead.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BENCH_BUILD_DIR:-/tmp/tidemark-bench-build}
mvn -o -q -B -pl tidemark-core package -DskipTests -Dtidemark.build.dir="$build/core"
mvn -o -q -B -pl tidemark-bench compile dependency:build-classpath -Dmdep.outputFile="$build/bench.cp" \
    -Dtidemark.build.dir="$build/bench" > /dev/null
core_jar=$(ls "$build"/core/tidemark-core-*.jar | grep -v -e tests -e sources | head -1)
cp="$build/bench/classes:$core_jar:$(tr ':' '\n' < "$build/bench.cp" | grep -v '/tidemark-core/' | paste -sd: -)"
if [[ "${1:-}" == "--jmh" ]]; then
    shift
    exec java ${BENCH_JVM_OPTS:-} -cp "$cp" org.openjdk.jmh.Main "${@:-io.tidemark.bench.jmh}"
fi
exec java ${BENCH_JVM_OPTS:--Xmx8g} -cp "$cp" io.tidemark.bench.BenchMain "$@"
