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
#   scripts/crash-test.sh [--kills N] [--seed S] [--lines L] [--parallelism P] [--work DIR] [--source file|kafka]
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
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
