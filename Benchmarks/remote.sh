#!/usr/bin/env bash
# Remote cache benchmark (not a test; never fails on a time): both protocols on the same task set.
#
# Servers on loopback: nginx (Bazel HTTP cache, scripts/nginx-cache.sh) and BuildGrid (REAPI v2
# over gRPC, scripts/buildgrid-cache.sh). For each protocol:
#   runner A:  a cold compile (empty store, empty --out) uploading to the empty remote,
#              against a cold compile with no remote (target <= 1.5x)
#   runner B:  a compile from an empty local store against the warm remote into an empty --out,
#              against a compile from a warm local store into an empty --out
#              (target <= 2x over gRPC, <= 3x over HTTP)
#   bytes B downloaded against the outputs' size (target <= 1.1x plus entries), requests per task
# Prints medians of RUNS runs.
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
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
http_port=$(free_port)
grpc_port=$(free_port)
trap 'scripts/nginx-cache.sh stop "$http_port" "$work/nginx"; scripts/buildgrid-cache.sh stop "$grpc_port" "$work/bgd"; rm -rf "$work"' EXIT
scripts/nginx-cache.sh start "$http_port" "$work/nginx"
scripts/buildgrid-cache.sh start "$grpc_port" "$work/bgd"

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timed() { local t0; t0=$(now); "$@" >"$work/last.log" 2>"$work/last.err"; echo $(( $(now) - t0 )); }

echo "orchestrate compile --demo $n ${extra[*]}, $runs runs each; nginx on 127.0.0.1:$http_port, BuildGrid on 127.0.0.1:$grpc_port"

# The references, the same for both protocols.
: >"$work/cold.ns"
for i in $(seq 1 "$runs"); do
    timed "$bin" compile --demo "$n" --out "$work/cold$i" --store "$work/cold-store$i" "${extra[@]}" >>"$work/cold.ns"
done
cold_ns=$(median <"$work/cold.ns")
warm_store="$work/cold-store1"

report=()
for proto in http grpc; do
    case $proto in
    http) url="http://127.0.0.1:$http_port/cache/bench" ;;
    grpc) url="grpc://127.0.0.1:$grpc_port" ;;
    esac
    a_ns=$(timed "$bin" compile --demo "$n" --out "$work/$proto-a" --store "$work/$proto-sa" --remote "$url" "${extra[@]}")
    sed -n 2p "$work/last.log" | sed "s/^/$proto runner A: /"
    a_requests=$(sed -n 's/.*; \([0-9][0-9]*\) requests.*/\1/p' "$work/last.log")
    : >"$work/$proto-local.ns"
    : >"$work/$proto-remote.ns"
    for i in $(seq 1 "$runs"); do
        rm -rf "$work/ref" "$work/$proto-b" "$work/$proto-sb"
        timed "$bin" compile --demo "$n" --out "$work/ref" --store "$warm_store" "${extra[@]}" >>"$work/$proto-local.ns"
        timed "$bin" compile --demo "$n" --out "$work/$proto-b" --store "$work/$proto-sb" --remote "$url" "${extra[@]}" >>"$work/$proto-remote.ns"
        grep -q " 0 rendered, 0 local, 0 seed, $n remote" "$work/last.log" || { echo "$proto runner B did not reuse everything:"; cat "$work/last.log"; exit 1; }
    done
    sed -n 2p "$work/last.log" | sed "s/^/$proto runner B: /"
    local_ns=$(median <"$work/$proto-local.ns")
    remote_ns=$(median <"$work/$proto-remote.ns")
    down=$(sed -n 's/.* \([0-9][0-9]*\) bytes down (\([0-9][0-9]*\) in objects).*/\1 \2/p' "$work/last.log")
    b_requests=$(sed -n 's/.*; \([0-9][0-9]*\) requests.*/\1/p' "$work/last.log")
    outputs=$(find "$work/$proto-b" -type f ! -path '*/.orchestrate*' -printf '%s\n' | awk '{s += $1} END {print s + 0}')
    report+=("$proto $local_ns $remote_ns $cold_ns $a_ns ${down% *} ${down#* } $outputs $a_requests $b_requests")
done

printf '\n%-6s %10s %10s %8s %10s %10s %8s %12s %12s %10s %10s\n' protocol "warm local" "runner B" "B/local" "cold" "runner A" "A/cold" "down/outputs" "objects/out" "A req/task" "B req/task"
for line in "${report[@]}"; do
    set -- $line
    awk -v p="$1" -v l="$2" -v r="$3" -v c="$4" -v a="$5" -v all="$6" -v obj="$7" -v out="$8" -v ar="$9" -v br="${10}" -v n="$n" 'BEGIN {
        printf "%-6s %9.3fs %9.3fs %7.2fx %9.3fs %9.3fs %7.2fx %11.2fx %11.2fx %10.2f %10.2f\n",
            p, l / 1e9, r / 1e9, r / l, c / 1e9, a / 1e9, a / c, all / out, obj / out, ar / n, br / n
    }'
done
echo "targets: B/local <= 2x (gRPC), <= 3x (HTTP); A/cold <= 1.5x; objects/out <= 1.1x (down/outputs adds the entries)"
