#!/usr/bin/env bash
# flink-cluster.sh — a local Apache Flink 2.3 session cluster of separate processes, for trying a job file
# on a real cluster: one JobManager and N TaskManagers (default 2, of 2 slots each), each a JVM of its own,
# REST and web UI on 127.0.0.1 at a free port, configuration, logs and state in DIR. Flink's jars come from
# Maven (module tidemark-flink-cluster, built on first use); Flink's own distribution is not needed.
#
#   scripts/flink-cluster.sh start DIR [--taskmanagers N] [--slots N] [--set KEY=VALUE]...
#   scripts/flink-cluster.sh stop DIR
#
# `start` returns once every TaskManager's slots are registered (at most 2 minutes; on failure it stops what it
# started and shows the logs' last lines) and prints the address for `tidemark run --engine flink --flink-master`.
# The processes run on after it returns, until `stop`. See docs/flink-runner.md, "A local cluster".
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module="$root/tidemark-flink-cluster"
stamp="$module/target/lib/.tidemark-built"

if [ $# -lt 2 ]; then
  sed -n '7,8p' "$0" | sed 's/^# *//' >&2
  exit 2
fi

if [ ! -f "$stamp" ] || [ -n "$(find "$module/pom.xml" "$module/src" "$root/pom.xml" -newer "$stamp" -print -quit)" ]; then
  if [ -z "${TIDEMARK_NO_BUILD:-}" ]; then
    echo "flink-cluster: building Flink's jars (tidemark-flink-cluster; first use) ..." >&2
    (cd "$root" && mvn -q -B -ntp install -DskipTests -pl tidemark-flink-cluster) >&2
    touch "$stamp"
  elif [ ! -d "$module/target/lib" ]; then
    echo "flink-cluster: TIDEMARK_NO_BUILD is set but $module/target/lib is not built" >&2
    exit 1
  fi
fi

exec java -Dtidemark.flink.lib="$module/target/lib" -cp "$module/target/classes" io.tidemark.flink.cluster.Main "$@"
