#!/usr/bin/env bash
# Remote cache benchmark (not a test; never fails on a time).
#
# Runner A fills an nginx Bazel HTTP cache on loopback. Then, for the same task set:
#   reference: a compile from a warm local store into an empty --out
#   runner B:  a compile from an empty local store against the warm remote into an empty --out
# Prints the median wall time of each, their ratio (target ≤ 3×), and the bytes B downloaded
# against the size of the outputs (target ≤ 1.1×).
#
# Usage: Benchmarks/remote.sh [TASKS] [RUNS] [extra compile options, e.g. --jobs 8]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
runs=${2:-5}
shift $(( $# > 2 ? 2 : $# ))
extra=("$@")

swift build -c release >/dev/null
bin="$(swift build -c release --show-bin-path)/orchestrate"
work=$(mktemp -d "${TMPDIR:-/tmp}/orchestrate-remote-bench.XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
trap 'scripts/nginx-cache.sh stop "$port" "$work/nginx"; rm -rf "$work"' EXIT
scripts/nginx-cache.sh start "$port" "$work/nginx"
url="http://127.0.0.1:$port/cache/bench"

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "orchestrate compile --demo $n ${extra[*]}, $runs runs each, nginx on 127.0.0.1:$port"
"$bin" compile --demo "$n" --out "$work/a" --store "$work/sa" --remote "$url" "${extra[@]}" >"$work/a.log"
sed -n 2p "$work/a.log" | sed 's/^/runner A: /'

: >"$work/local.ns"
: >"$work/remote.ns"
for i in $(seq 1 "$runs"); do
    t0=$(now)
    "$bin" compile --demo "$n" --out "$work/ref$i" --store "$work/sa" "${extra[@]}" >"$work/ref.log"
    t1=$(now)
    "$bin" compile --demo "$n" --out "$work/b$i" --store "$work/sb$i" --remote "$url" "${extra[@]}" >"$work/b.log"
    t2=$(now)
    echo $((t1 - t0)) >>"$work/local.ns"
    echo $((t2 - t1)) >>"$work/remote.ns"
    grep -q " 0 rendered, 0 local, 0 seed, $n remote" "$work/b.log" || { echo "runner B did not reuse everything:"; cat "$work/b.log"; exit 1; }
done
sed -n 2p "$work/b.log" | sed 's/^/runner B: /'

local_ns=$(median <"$work/local.ns")
remote_ns=$(median <"$work/remote.ns")
down=$(sed -n 's/.* \([0-9][0-9]*\) bytes down (\([0-9][0-9]*\) in objects).*/\1 \2/p' "$work/b.log")
all=${down% *}
objects=${down#* }
outputs=$(find "$work/b1" -type f ! -path '*/.orchestrate*' -printf '%s\n' | awk '{s += $1} END {print s + 0}')
awk -v l="$local_ns" -v r="$remote_ns" -v all="$all" -v obj="$objects" -v out="$outputs" 'BEGIN {
    printf "warm local store:   %.3f s (median)\n", l / 1e9
    printf "warm remote (B):    %.3f s (median)\n", r / 1e9
    printf "time ratio:         %.2fx (target <= 3x)\n", r / l
    printf "outputs:            %d bytes\n", out
    printf "downloaded objects: %d bytes, %.2fx the outputs (target <= 1.1x)\n", obj, obj / out
    printf "downloaded in all:  %d bytes, %.2fx the outputs (objects + %d bytes of action-cache entries)\n", all, all / out, all - obj
}'
