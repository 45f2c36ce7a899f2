#!/usr/bin/env bash
# W1 on a Flink 2.3 cluster of separate processes (1 JobManager + 2 TaskManagers x 2 slots, started here and
# stopped at the end) against the same job on a MiniCluster and on the embedded engine, at parallelism 1, 2
# and 4, in rounds; every run's results are checked to be the same (digests). docs/performance.md, "W1 on a
# cluster".
#   tidemark-bench/cluster-bench.sh [--events 2M] [--rounds 3] [--parallelism 1,2,4] [--master HOST:PORT]
# TIDEMARK_NO_BUILD=1 skips the Maven build (tidemark-flink-cluster and tidemark-bench must be packaged).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TIDEMARK_NO_BUILD:-}" ]; then
  mvn -q -B -ntp install -DskipTests -pl tidemark-flink-cluster,tidemark-bench -am >&2
fi
t=tidemark-bench/target
# what the cluster gets of the job: the benchmark's classes, Tidemark's core and runner (Flink it has)
ship=""
for j in "$t"/tidemark-bench-*.jar "$t"/lib/tidemark-core-*.jar "$t"/lib/tidemark-flink-*.jar "$t"/lib/HdrHistogram-*.jar; do
  [ -f "$j" ] && ship="${ship:+$ship:}$(cd "$(dirname "$j")" && pwd)/$(basename "$j")"
done
exec java ${BENCH_JVM_OPTS:--Xmx2g} -Dtidemark.flink.lib=tidemark-flink-cluster/target/lib -Dtidemark.bench.jars="$ship" \
  -cp "$t/classes:$t/lib/*" io.tidemark.bench.ClusterBench "$@"
