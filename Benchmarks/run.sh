#!/usr/bin/env bash
# Runs every benchmark against its reference tool, in the same run, and prints a table of
# medians and ratios. Never fails on a time: a missed target is reported, not enforced.
#
#   Benchmarks/run.sh [--reps N] [--only digest,ingest,noop,rss] [--keep DIR]
#
# Needs: swift, openssl, git, ninja, python3, GNU time (/usr/bin/time).
set -euo pipefail

REPS=5
ONLY="digest,ingest,noop,rss"
KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --reps) REPS="$2"; shift 2 ;;
        --only) ONLY="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        *) echo "usage: $0 [--reps N] [--only digest,ingest,noop,rss] [--keep DIR]" >&2; exit 64 ;;
    esac
done
wants() { [[ ",$ONLY," == *",$1,"* ]]; }

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
for tool in openssl git ninja python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install openssl git ninja-build python3 time)" >&2; exit 69; }
done

echo "building release products…" >&2
(cd "$ROOT" && swift build -c release --product orchestrate >&2 && swift build -c release --product orchestrate-bench >&2)
BIN="$ROOT/.build/release"
WORK="${KEEP:-$(mktemp -d -t orchestrate-bench.XXXXXX)}"
mkdir -p "$WORK"
[ -n "$KEEP" ] || trap 'rm -rf "$WORK"' EXIT

# "WALL CPU" seconds of one command (CPU = user + system of that one child, from wait4(2); not
# getrusage's RUSAGE_CHILDREN, which survives exec and so also counts whatever ran before
# python3, e.g. the processes a pyenv shim starts; stdout and stderr discarded; stdin passed
# through).
measure() {
    python3 -c '
import os, subprocess, sys, time
t0 = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, _, r = os.wait4(child.pid, 0)
wall = time.perf_counter() - t0
print("%.4f %.4f" % (wall, r.ru_utime + r.ru_stime))' "$@"
}
wall() { measure "$@" | cut -d" " -f1; }
median() { python3 -c 'import sys, statistics; print("%.4f" % statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

ROWS=()
row() { ROWS+=("$(printf '| %-34s | %12s | %12s | %7s | %-9s |' "$@")"); }

# 1. Digest throughput: Digest.ofFile vs openssl dgst -sha256 over 1 GiB of random bytes.
if wants digest; then
    echo "digest: writing 1 GiB of random bytes…" >&2
    BIG="$WORK/big.bin"
    [ -f "$BIG" ] || openssl rand -out "$BIG" 1073741824
    cat "$BIG" >/dev/null  # warm the page cache for both sides
    ours=(); ref=()
    for _ in $(seq "$REPS"); do
        ours+=("$(wall "$BIN/orchestrate-bench" digest "$BIG")")
        ref+=("$(wall openssl dgst -sha256 "$BIG")")
    done
    o=$(median "${ours[@]}"); r=$(median "${ref[@]}")
    mo=$(python3 -c "print('%.0f MiB/s' % (1024 / $o))"); mr=$(python3 -c "print('%.0f MiB/s' % (1024 / $r))")
    row "1 digest 1 GiB (throughput)" "$mo" "$mr" "$(python3 -c "print('%.2f' % ($r / $o))")" ">= 0.9"
fi

# 2. CAS ingest: FileSystemContentStore.put vs git hash-object -w --stdin-paths (empty repo).
if wants ingest; then
    echo "ingest: writing 20,000 files of 1-8 KB (seed 42)…" >&2
    FILES="$WORK/files"
    if [ ! -f "$WORK/files.list" ]; then
        python3 - "$FILES" "$WORK/files.list" <<'PY'
import os, random, sys
root, listing = sys.argv[1], sys.argv[2]
rng = random.Random(42)
paths = []
for i in range(20000):
    d = os.path.join(root, "%02x" % (i % 256))
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, "f%05d" % i)
    with open(p, "wb") as f:
        f.write(rng.randbytes(rng.randint(1024, 8192)))
    paths.append(p)
open(listing, "w").write("\n".join(paths) + "\n")
PY
    fi
    cat "$FILES"/*/* >/dev/null
    ours=(); ref=()
    for i in $(seq "$REPS"); do
        rm -rf "$WORK/store-$i" "$WORK/repo-$i"
        git init -q "$WORK/repo-$i"
        # `sync` first, so neither side pays for the other's write-back; the order alternates.
        if [ $((i % 2)) -eq 1 ]; then
            sync; ours+=("$(wall "$BIN/orchestrate-bench" ingest "$WORK/files.list" "$WORK/store-$i")")
            sync; ref+=("$(wall git -C "$WORK/repo-$i" hash-object -w --stdin-paths < "$WORK/files.list")")
        else
            sync; ref+=("$(wall git -C "$WORK/repo-$i" hash-object -w --stdin-paths < "$WORK/files.list")")
            sync; ours+=("$(wall "$BIN/orchestrate-bench" ingest "$WORK/files.list" "$WORK/store-$i")")
        fi
    done
    # Deleted only after every repetition: ext4 scans past recently deleted inodes when it
    # allocates new ones, which would slow whichever side runs after a deletion.
    for i in $(seq "$REPS"); do rm -rf "$WORK/store-$i" "$WORK/repo-$i"; done
    o=$(median "${ours[@]}"); r=$(median "${ref[@]}")
    row "2 CAS ingest 20k files (files/s)" "$(python3 -c "print('%.0f' % (20000 / $o))")" \
        "$(python3 -c "print('%.0f' % (20000 / $r))")" "$(python3 -c "print('%.2f' % ($r / $o))")" ">= 1.0"
fi

# 3. No-op: the second `compile --demo 10000` (every key a hit, nothing written) vs a ninja no-op
#    over the same 10,000 outputs. 4. Peak RSS of that no-op run.
if wants noop || wants rss; then
    echo "noop: cold compile of 10,000 demo tasks and a ninja build of 10,000 edges…" >&2
    N="$WORK/noop"; rm -rf "$N"; mkdir -p "$N/ninja/in"
    python3 - "$N/ninja" <<'PY'
import os, sys
root = sys.argv[1]
with open(os.path.join(root, "build.ninja"), "w") as f:
    f.write("rule gen\n  command = cp $in $out\n\n")
    for i in range(10000):
        with open(os.path.join(root, "in", "f%d.txt" % i), "w") as g:
            g.write("demo file %d\n" % i)
        f.write("build out/f%d.txt: gen in/f%d.txt\n" % (i, i))
PY
    (cd "$N/ninja" && ninja >/dev/null)
    "$BIN/orchestrate" compile --demo 10000 --out "$N/out" --store "$N/store" >/dev/null
    # The second run, timed, then more no-op runs for the median.
    m=$(measure "$BIN/orchestrate" compile --demo 10000 --out "$N/out" --store "$N/store")
    second=${m% *}
    ours=("${m% *}"); ours_cpu=("${m#* }"); ref=(); ref_cpu=(); full=(); full_cpu=()
    # The no-op is the compile memo's (a stat of the tree, docs/compile-memo.md) once the state
    # settled (one run a clock tick later); `--full` runs every stage of the engine, measured
    # beside it.
    sleep 0.05; "$BIN/orchestrate" compile --demo 10000 --out "$N/out" --store "$N/store" >/dev/null
    FULL=""; "$BIN/orchestrate" compile --help 2>/dev/null | grep -q -- "--full" && FULL="--full"
    for _ in $(seq "$REPS"); do
        m=$(measure "$BIN/orchestrate" compile --demo 10000 --out "$N/out" --store "$N/store")
        ours+=("${m% *}"); ours_cpu+=("${m#* }")
        if [ -n "$FULL" ]; then
            m=$(measure "$BIN/orchestrate" compile --demo 10000 --out "$N/out" --store "$N/store" --full)
            full+=("${m% *}"); full_cpu+=("${m#* }")
        fi
        m=$(measure ninja -C "$N/ninja")
        ref+=("${m% *}"); ref_cpu+=("${m#* }")
    done
    if ! "$BIN/orchestrate" compile --demo 10000 --out "$N/out" --store "$N/store" | grep -q "0 rendered, 10000 local.*0 written, 10000 unchanged\| up to date "; then
        echo "warning: the no-op run was not a no-op" >&2
    fi
    if wants noop; then
        o=$(median "${ours[@]}"); r=$(median "${ref[@]}")
        row "3 no-op 10k tasks (s, median)" "$o" "$r" "$(python3 -c "print('%.2f' % ($o / $r))")" "<= 2.0"
        row "  (the second run alone, s)" "$(median "$second")" "" "" ""
        o=$(median "${ours_cpu[@]}"); r=$(median "${ref_cpu[@]}")
        row "  no-op CPU time, user+sys (s)" "$o" "$r" "$(python3 -c "print('%.2f' % ($o / $r))")" ""
        if [ -n "$FULL" ]; then
            o=$(median "${full[@]}"); r=$(median "${ref[@]}")
            row "  no-op --full, every stage (s)" "$o" "$r" "$(python3 -c "print('%.2f' % ($o / $r))")" ""
            o=$(median "${full_cpu[@]}"); r=$(median "${ref_cpu[@]}")
            row "  --full CPU time, user+sys (s)" "$o" "$r" "$(python3 -c "print('%.2f' % ($o / $r))")" ""
        fi
    fi
    if wants rss; then
        kb=$(/usr/bin/time -f '%M' "$BIN/orchestrate" compile --demo 10000 --out "$N/out" --store "$N/store" 2>&1 >/dev/null | tail -1)
        nkb=$(/usr/bin/time -f '%M' ninja -C "$N/ninja" 2>&1 >/dev/null | tail -1)
        rm -rf "$N/out2" "$N/store2"
        ckb=$(/usr/bin/time -f '%M' "$BIN/orchestrate" compile --demo 10000 --out "$N/out2" --store "$N/store2" 2>&1 >/dev/null | tail -1)
        row "4 peak RSS, no-op run (MB)" "$((kb / 1024))" "$((nkb / 1024)) (ninja)" "" "<= 150"
        row "  peak RSS, cold run (MB)" "$((ckb / 1024))" "" "" ""
    fi
fi

echo
echo "reps: $REPS (medians); ratio: ours/reference speed for 1-2, ours/ninja time for 3"
printf '| %-34s | %12s | %12s | %7s | %-9s |\n' "benchmark" "ours" "reference" "ratio" "target"
printf '| %-34s | %12s | %12s | %7s | %-9s |\n' "---" "---" "---" "---" "---"
for r in "${ROWS[@]}"; do echo "$r"; done
