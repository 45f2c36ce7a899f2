#!/usr/bin/env bash
# Builds the Tidemark tree in the current directory for benchmarking: one reactor build of bench and
# every module it needs (core, the Flink runner and what the runner uses), each into its own directory
# under BUILD_DIR, plus each module's class path in BUILD_DIR/<module>.cp; bench compiles and runs
# against that core and runner, never a jar another build left in ~/.m2. Used by bench.sh and compare.sh.
# Maven's output goes to BUILD_DIR/build.log, shown when the build fails.
#   tidemark-bench/build.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: build.sh BUILD_DIR}
mkdir -p "$build"
if ! mvn -q -B -ntp -pl tidemark-bench -am package dependency:build-classpath -DskipTests \
    "-Dtidemark.build.dir=$build/\${project.artifactId}" "-Dmdep.outputFile=$build/\${project.artifactId}.cp" > "$build/build.log" 2>&1; then
    cat "$build/build.log" >&2
    echo "build.sh: the build failed (log: $build/build.log)" >&2
    exit 1
fi
