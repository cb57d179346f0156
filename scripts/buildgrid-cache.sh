#!/usr/bin/env bash
# An REAPI v2 cache on loopback for tests and benchmarks: BuildGrid (PyPI `buildgrid`, pinned),
# serving ActionCache, ContentAddressableStorage and ByteStream for the default instance ("")
# from memory, over plaintext gRPC.
#
#   scripts/buildgrid-cache.sh install              make the venv (if missing) and print bgd's path
#   scripts/buildgrid-cache.sh start PORT DIR [disk]
#                                                   write DIR/bgd.yml, start bgd, wait until it answers;
#                                                   `disk` keeps blobs in DIR/storage/cas/objects/ab/cdef…
#                                                   (files a test can damage) instead of memory
#   scripts/buildgrid-cache.sh stop PORT DIR        stop the bgd started for DIR (by its pid file)
#
# The venv lives in $ORCHESTRATE_BUILDGRID_VENV (default: ~/.cache/orchestrate-test/buildgrid-0.4.4);
# $ORCHESTRATE_BGD names a bgd to use instead.
set -euo pipefail

version=0.4.4
venv=${ORCHESTRATE_BUILDGRID_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/orchestrate-test/buildgrid-$version}
usage() { echo "usage: $0 install | start|stop PORT DIR" >&2; exit 64; }

install() {
    if [ -n "${ORCHESTRATE_BGD:-}" ]; then echo "$ORCHESTRATE_BGD"; return; fi
    if [ ! -x "$venv/bin/bgd" ]; then
        python3 -m venv "$venv" >/dev/null
        "$venv/bin/pip" install -q --disable-pip-version-check "buildgrid==$version" >&2
    fi
    echo "$venv/bin/bgd"
}

[ $# -ge 1 ] || usage
case $1 in
install) install ;;
start)
    [ $# -eq 3 ] || [ $# -eq 4 ] || usage
    port=$2 dir=$3
    case $port in ''|*[!0-9]*) usage ;; esac
    bgd=$(install)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    storage="!lru-storage &cas
    size: 256MB"
    if [ "${4:-}" = disk ]; then
        mkdir -p "$dir/storage"
        storage="!disk-storage &cas
    path: $dir/storage"
    fi
    # The keys and tags are BuildGrid's (buildgrid/server/app/settings/parser.py, reference.yml).
    cat > "$dir/bgd.yml" <<YAML
server:
  - !channel
    address: "127.0.0.1:$port"
    insecure-mode: true
authorization:
  method: none
thread-pool-size: 64
storages:
  - $storage
caches:
  - !lru-action-cache &ac
    storage: *cas
    max-cached-refs: 1000000
    allow-updates: true
instances:
  - name: ''
    services:
      - !action-cache
        cache: *ac
      - !cas
        storage: *cas
      - !bytestream
        storage: *cas
YAML
    if [ -f "$dir/bgd.pid" ] && kill -0 "$(cat "$dir/bgd.pid")" 2>/dev/null; then
        echo "buildgrid-cache.sh: already running for $dir (pid $(cat "$dir/bgd.pid"))" >&2
        exit 0
    fi
    "$bgd" server start "$dir/bgd.yml" >"$dir/bgd.log" 2>&1 &
    echo $! > "$dir/bgd.pid"
    for _ in $(seq 1 300); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then exit 0; fi
        kill -0 "$(cat "$dir/bgd.pid")" 2>/dev/null || break
        sleep 0.1
    done
    echo "buildgrid-cache.sh: bgd did not answer on 127.0.0.1:$port; its log:" >&2
    tail -20 "$dir/bgd.log" >&2
    exit 70
    ;;
stop)
    [ $# -eq 3 ] || usage
    pidfile="$3/bgd.pid"
    [ -f "$pidfile" ] || exit 0
    pid=$(cat "$pidfile")
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; exit 0; }
        sleep 0.05
    done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$pidfile"
    ;;
*) usage ;;
esac
