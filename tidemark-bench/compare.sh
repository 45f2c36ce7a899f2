#!/usr/bin/env bash
# Compares two builds of Tidemark in one JVM, taking turns (io.tidemark.bench.CompareBuilds): far
# steadier on a noisy machine than benchmark runs in separate JVMs.
#   tidemark-bench/compare.sh REV_A REV_B [BenchMain arguments]
#   e.g.  tidemark-bench/compare.sh HEAD~1 HEAD --events 5M --engines tidemark W1
# A REV is anything git names (a commit, a branch, HEAD~2) or "." for the working tree as it is.
# TURNS (default 10) turns per build after one warm-up turn; COMPARE_DIR for the sources and builds.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD
[[ $# -ge 2 ]] || { sed -n 2,7p "$0"; exit 2; }
rev_a=$1; rev_b=$2; shift 2
root=${COMPARE_DIR:-/tmp/tidemark-compare}
mkdir -p "$root"
build() { # rev name -> builds that revision into $root/build-name
    local rev=$1 name=$2 src
    if [[ "$rev" == "." ]]; then
        src=$PWD
    else
        src="$root/src-$name"
        rm -rf "$src" && mkdir -p "$src"
        git archive "$rev" | tar -x -C "$src"
    fi
    # this tree's build script, so that revisions older than it build the same way
    (cd "$src" && "$here/tidemark-bench/build.sh" "$root/build-$name")
    echo "built $rev into $root/build-$name" >&2
}
build "$rev_a" a
build "$rev_b" b
# the launcher is compiled alone (it uses no other class), so it runs builds that predate it
mkdir -p "$root/launcher"
javac -d "$root/launcher" tidemark-bench/src/main/java/io/tidemark/bench/CompareBuilds.java
exec java ${BENCH_JVM_OPTS:--Xmx8g -Xms8g -XX:+AlwaysPreTouch} -cp "$root/launcher" io.tidemark.bench.CompareBuilds \
    "$root/build-a,$root/build-b" "${TURNS:-10}" "$@"
