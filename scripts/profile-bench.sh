#!/usr/bin/env bash
# The speed and memory of `tidemark profile` and `tidemark tune` against `tidemark run`, through the
# launcher, on a generated JSONL file (replayed arrival times, 4 splits, 1000 keys; 3M lines by default).
# Prints each command's wall time, CPU time (user + system, all threads), lines per CPU second, its
# speed relative to run's (by CPU time, which other load on the machine disturbs far less than wall
# time), and its peak RSS (GNU time); then profile on a third of the file and with a 128 MB heap on the
# whole of it, so that memory flat in the input's length shows. Asserts nothing.
#
#   scripts/profile-bench.sh [--lines N] [--work DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
lines=3000000 work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --lines) lines="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    *) echo "usage: scripts/profile-bench.sh [--lines N] [--work DIR]" >&2; exit 2 ;;
  esac
done
work="${work:-$(mktemp -d /tmp/tidemark-profile-bench.XXXXXX)}"
mkdir -p "$work"
rate=1000
seconds=$(( lines / rate ))
./tidemark generate --keys 1000 --rate "$rate" --duration "${seconds}s" --splits 4 --delay lognormal:2s:0.8 \
  --very-late-fraction 0.002 --seed 7 --output "$work/orders.jsonl" >/dev/null
head -n $(( lines / 3 )) "$work/orders.jsonl" > "$work/third.jsonl"
job() { # job FILE DATA
  cat > "$1" <<YAML
name: bench
source: {type: file, path: $2, partition-field: partition, arrival-time-field: arrival}
event-time: {field: eventTime}
watermark: {strategy: bounded, max-out-of-orderness: 10s, idleness: 1m}
key-by: [userId]
window: {type: tumbling, size: 1m}
allowed-lateness: 30s
aggregate: [count, {sum: amount}]
output:
  results: {type: jsonl, path: out/results.jsonl}
  late: {type: jsonl, path: out/late.jsonl}
YAML
}
job "$work/job.yaml" orders.jsonl
job "$work/third.yaml" third.jsonl
n=$(wc -l < "$work/orders.jsonl")
measure() { # measure NAME ARGS... — prints "NAME wall_s cpu_s rss_mb"
  local name="$1"; shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" ./tidemark "$@" > "$work/$name.out" 2>&1
  read -r secs user sys kb < "$work/time.txt"
  echo "$name $secs $(echo "$user + $sys" | bc -l) $(( kb / 1024 ))"
}
./tidemark validate "$work/job.yaml" >/dev/null  # builds the command first, outside the timings
export TIDEMARK_NO_BUILD=1                         # and never again while they run
r_run=$(measure run run --no-progress "$work/job.yaml")
r_profile=$(measure profile profile "$work/job.yaml")
r_third=$(measure profile-third profile "$work/third.yaml")
r_tune=$(measure tune tune "$work/job.yaml" --bounds 0s,500ms,1s,2s,3s,5s,8s,10s,20s,30s)
small=$(TIDEMARK_JAVA_OPTS=-Xmx128m ./tidemark profile "$work/job.yaml" >/dev/null 2>&1 && echo "completes" || echo "FAILS")
run_cpu=$(echo "$r_run" | cut -d' ' -f3)
echo "tidemark profile/tune benchmark: $n lines ($work/orders.jsonl), $(nproc) cores"
printf "%-14s %8s %8s %14s %8s %9s\n" command "wall s" "CPU s" "lines/CPU s" "vs run" "peak RSS"
for r in "$r_run" "$r_profile" "$r_tune" "$r_third"; do
  set -- $r
  lines_here=$n
  [ "$1" = profile-third ] && lines_here=$(wc -l < "$work/third.jsonl")
  printf "%-14s %8s %8.1f %14.0f %7.2fx %6s MB\n" "$1" "$2" "$3" "$(echo "$lines_here / $3" | bc -l)" \
    "$(echo "$run_cpu / $3 * $lines_here / $n" | bc -l)" "$4"
done
echo "profile of all $n lines with a 128 MB heap (TIDEMARK_JAVA_OPTS=-Xmx128m): $small"
echo "(vs run: lines per CPU second relative to tidemark run's; profile-third: the first third of the file)"
