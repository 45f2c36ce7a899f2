#!/usr/bin/env bash
# The kill -9 test, long version: runs a windowed job over a generated file once without faults, then
# kills its JVM with SIGKILL at seeded random points KILLS times (default 100), restarting it from its
# checkpoints each time, lets the last run finish, and compares the committed results and late records
# with the fault-free run's (0 lost, 0 duplicated). CI runs the short version (8 kills) as KillNineTest.
#
#   scripts/crash-test.sh [--kills N] [--seed S] [--lines L] [--parallelism P] [--work DIR] [--source file]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -ntp -q -pl tidemark-core test-compile
args=("$@")
if [[ " ${args[*]:-} " != *" --kills "* ]]; then
  args+=(--kills 100)
fi
exec java -cp tidemark-core/target/classes:tidemark-core/target/test-classes io.tidemark.crash.CrashDriver "${args[@]}"
