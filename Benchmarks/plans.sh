#!/usr/bin/env bash
# The product path at several Plan sizes: a generated Plan (Benchmarks/plangen.py) loaded,
# validated, lowered, composed, provenance written, tree materialized; each measurement beside a
# reference measured in the same run, paired and interleaved. Prints one Markdown table per size
# and a linearity line. Never fails on a time: a missed target is reported, not enforced.
#
#   Benchmarks/plans.sh [--sizes 10,100,1000] [--reps N] [--linear A,B] [--keep DIR] [--bin PATH]
#
# Needs: swift (unless --bin), ninja, python3, GNU time (/usr/bin/time).
set -euo pipefail

SIZES="10,100,1000"
REPS=5
LINEAR=""
KEEP=""
BIN=""
usage() { echo "usage: $0 [--sizes 10,100,1000] [--reps N] [--linear A,B] [--keep DIR] [--bin PATH]" >&2; exit 64; }
while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) SIZES="$2"; shift 2 ;;
        --reps) REPS="$2"; shift 2 ;;
        --linear) LINEAR="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --bin) BIN="$2"; shift 2 ;;
        *) usage ;;
    esac
done
[[ "$REPS" =~ ^[1-9][0-9]*$ ]] || usage
# Sizes: comma or space separated; the --linear pair is measured too; ascending, no duplicates.
read -r -a LIST <<< "${SIZES//,/ } ${LINEAR//,/ }"
for n in "${LIST[@]}"; do [[ "$n" =~ ^[1-9][0-9]*$ ]] || usage; done
mapfile -t LIST < <(printf '%s\n' "${LIST[@]}" | sort -n -u)
if [ -z "$LINEAR" ] && [ "${#LIST[@]}" -ge 2 ]; then LINEAR="${LIST[0]},${LIST[-1]}"; fi
if [ -n "$LINEAR" ] && ! [[ "$LINEAR" =~ ^[0-9]+,[0-9]+$ ]]; then usage; fi

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
for tool in ninja python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install ninja-build python3 time)" >&2; exit 69; }
done
if [ -z "$BIN" ]; then
    echo "building the release product…" >&2
    (cd "$ROOT" && swift build -c release --product orchestrate >&2)
    BIN="$ROOT/.build/release/orchestrate"
fi
[ -x "$BIN" ] || { echo "no executable at $BIN" >&2; exit 66; }
WORK="${KEEP:-$(mktemp -d -t orchestrate-plans.XXXXXX)}"
mkdir -p "$WORK"
# Nothing is deleted while anything is timed: on ext4, creating files right after a mass deletion
# is slow (the allocator scans recently deleted inodes), which would slow whichever side runs
# next (and a run that starts within minutes of it). What is to go is moved into TRASH; without
# --keep everything is deleted on exit, with --keep nothing is (delete DIR when done).
TRASH="$WORK/trash.$$"
mkdir -p "$TRASH"
[ -n "$KEEP" ] || trap 'rm -rf "$WORK"' EXIT
discard() { for p in "$@"; do if [ -e "$p" ]; then mv "$p" "$(mktemp -d "$TRASH/x.XXXXXX")/"; fi; done; }
SAMPLES="$WORK/samples.tsv"
: > "$SAMPLES"

# "WALL CPU MAXRSS_KB SYS STATUS" of one command: wall clock of the child alone (taken around it,
# so this wrapper's own start-up is not counted); CPU = user + system, peak RSS (KiB) and system
# time of that one child, from wait4(2): the rusage GNU time prints as %U, %S and %M. (Not getrusage's
# RUSAGE_CHILDREN: that survives exec, so it also counts whatever ran before python3 itself,
# e.g. the processes a pyenv shim starts.) stdout goes to FILE with --stdout FILE, else is
# discarded; stderr is discarded.
measure() {
    python3 -c '
import os, subprocess, sys, time
args = sys.argv[1:]
out = subprocess.DEVNULL
if args[0] == "--stdout":
    out = open(args[1], "wb"); args = args[2:]
t0 = time.perf_counter()
child = subprocess.Popen(args, stdout=out, stderr=subprocess.DEVNULL)
_, status, r = os.wait4(child.pid, 0)
wall = time.perf_counter() - t0
print("%.4f %.4f %d %.4f %d" % (wall, r.ru_utime + r.ru_stime, r.ru_maxrss, r.ru_stime,
                                os.waitstatus_to_exitcode(status)))' "$@"
}
# record SIZE METRIC "WALL CPU RSS SYS STATUS": one sample, kept for the tables.
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$SAMPLES"; }
# Fails the run (not on a time: on a compile that did not succeed).
ok() { [ "${1##* }" = "0" ] || { echo "error: $2 exited with status ${1##* }" >&2; exit 70; }; }

load() { cut -d" " -f1-3 /proc/loadavg; }
# Microseconds per file to create 2,000 empty files: how costly file creation is on this machine
# right now (on ext4 without a journal it is many times slower for minutes after a mass deletion,
# anyone's). The files are kept until the exit.
probe() {
    python3 - "$(mktemp -d "$TRASH/probe.XXXXXX")" <<'PY'
import os, sys, time
t0 = time.perf_counter()
for i in range(2000):
    os.close(os.open(os.path.join(sys.argv[1], "f%d" % i), os.O_CREAT | os.O_WRONLY, 0o644))
print("%.0f" % ((time.perf_counter() - t0) / 2000 * 1e6))
PY
}
LOAD_BEFORE="$(load)"
PROBE_BEFORE="$(probe)"

for N in "${LIST[@]}"; do
    D="$WORK/n$N"
    mkdir -p "$D"
    python3 "$HERE/plangen.py" "$N" > "$D/plan.json"
    python3 "$HERE/plangen.py" "$N" --extra-field > "$D/plan-changed.json"
    discard "$D"/cold-* "$D"/cp-*

    # 1. Cold compile (empty out, empty store) vs `cp -r` of the tree it made into a fresh
    #    directory. The first repetition makes the tree the copies read (and the later phases
    #    use); then the order alternates. `sync` before each side, so neither pays for the
    #    other's write-back.
    echo "n=$N: cold compiles and copies ($REPS each)…" >&2
    for i in $(seq "$REPS"); do
        cold() { sync; m=$(measure "$BIN" compile "$D/plan.json" --out "$D/cold-$i/out" --store "$D/cold-$i/store"); ok "$m" "cold compile"; record "$N" cold "$m"; }
        copy() { sync; m=$(measure cp -r "$D/cold-1/out" "$D/cp-$i"); ok "$m" "cp -r"; record "$N" cp "$m"; }
        if [ $((i % 2)) -eq 1 ]; then cold; copy; else copy; cold; fi
    done
    OUT="$D/cold-1/out"; STORE="$D/cold-1/store"
    FILES=$(find "$OUT" -type f | wc -l)
    record "$N" files "$FILES"

    # 2. The ninja reference: one edge per output file, at the tree's own paths, built once.
    #    Kept (with --keep) while the file count is the same.
    NJ="$D/ninja"
    if [ "$(cat "$NJ/count" 2>/dev/null)" != "$FILES" ] || [ ! -f "$NJ/.ninja_log" ]; then
        echo "n=$N: a build.ninja of $FILES edges, built once…" >&2
        discard "$NJ"; mkdir -p "$NJ/in"
        (cd "$OUT" && find . -type f -printf '%P\n' | LC_ALL=C sort) > "$D/files.list"
        python3 - "$NJ" "$D/files.list" <<'PY'
import os, sys
root, listing = sys.argv[1], sys.argv[2]
esc = lambda p: p.replace("$", "$$").replace(" ", "$ ").replace(":", "$:")
with open(os.path.join(root, "build.ninja"), "w") as f:
    f.write("rule gen\n  command = cp $in $out\n\n")
    for i, path in enumerate(open(listing).read().splitlines()):
        with open(os.path.join(root, "in", "f%d.txt" % i), "w") as g:
            g.write("file %d\n" % i)
        f.write("build out/%s: gen in/f%d.txt\n" % (esc(path), i))
PY
        (cd "$NJ" && ninja >/dev/null)
        echo "$FILES" > "$NJ/count"
    fi
    grep -q "no work to do" <<< "$(ninja -C "$NJ")" || echo "warning: ninja's no-op run was not a no-op" >&2

    # 3. No-op compile (every key a hit, nothing written) vs ninja's no-op, paired and
    #    interleaved (the order alternates), with `orchestrate --version` (process start) in
    #    the same loop. The second run, the first after the cold one, is recorded apart. With an
    #    orchestrate that has the compile memo, the no-op is the memo's (`up to date`, a stat of
    #    the tree) and `--full` (every stage: load, lower, look up every key, compose, stat) is
    #    measured beside it in the same loop.
    echo "n=$N: no-op compiles against ninja ($REPS each)…" >&2
    FULL=""; "$BIN" compile --help 2>/dev/null | grep -q -- "--full" && FULL="--full"
    m=$(measure --stdout "$D/second.txt" "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE"); ok "$m" "no-op compile"
    record "$N" second "$m"
    # A settled state (the racily clean rule): one more run a tick later.
    sleep 0.05; "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE" > /dev/null
    for i in $(seq "$REPS"); do
        ours() { m=$(measure "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE"); ok "$m" "no-op compile"; record "$N" noop "$m"; }
        full() { [ -z "$FULL" ] || { m=$(measure "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE" --full); ok "$m" "no-op compile --full"; record "$N" noop_full "$m"; }; }
        ref() { record "$N" ninja "$(measure ninja -C "$NJ")"; }
        if [ $((i % 2)) -eq 1 ]; then ours; full; ref; else ref; full; ours; fi
        m=$(measure "$BIN" --version); ok "$m" "orchestrate --version"; record "$N" version "$m"
    done
    "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE" > "$D/noop.txt"
    grep -q " 0 rendered,.* 0 written,.* 0 removed\| up to date " "$D/noop.txt" ||
        echo "warning: the no-op run was not a no-op: $(cat "$D/noop.txt")" >&2
    if [ -n "$FULL" ]; then
        grep -q " up to date " "$D/noop.txt" || echo "warning: the no-op run was not the memo's: $(cat "$D/noop.txt")" >&2
        "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE" --full > "$D/noop-full.txt"
        grep -q " 0 rendered,.* 0 written,.* 0 removed" "$D/noop-full.txt" ||
            echo "warning: the --full no-op run was not a no-op: $(cat "$D/noop-full.txt")" >&2
    fi
    # Peak RSS of one more no-op run each, by GNU time (the same number as ru_maxrss above).
    kb=$(/usr/bin/time -f '%M' "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE" 2>&1 >/dev/null | tail -1)
    nkb=$(/usr/bin/time -f '%M' ninja -C "$NJ" 2>&1 >/dev/null | tail -1)
    record "$N" time_rss "$kb $nkb"
    if [ -n "$FULL" ]; then
        kb=$(/usr/bin/time -f '%M' "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE" --full 2>&1 >/dev/null | tail -1)
        record "$N" time_rss_full "$kb"
    fi

    # 4. A Rails-only change: one string field added to one entity, compiled, then reverted
    #    (compiled back). Reference: ninja after touching as many inputs as the change wrote
    #    files (it rebuilds that many edges over the same graph).
    echo "n=$N: Rails-only change and revert ($REPS each)…" >&2
    ios=$("$BIN" digest "$OUT" --platform ios 2>/dev/null || true)
    android=$("$BIN" digest "$OUT" --platform android 2>/dev/null || true)
    for i in $(seq "$REPS"); do
        for step in change revert; do
            plan="$D/plan.json"; [ "$step" = change ] && plan="$D/plan-changed.json"
            m=$(measure --stdout "$D/$step.txt" "$BIN" compile "$plan" --out "$OUT" --store "$STORE"); ok "$m" "$step compile"
            record "$N" "$step" "$m"
            written=$(sed -n 's/.* \([0-9][0-9]*\) written,.*/\1/p' "$D/$step.txt")
            # Below the entity base's limit (16,384 tasks) a change of one entity's fields is
            # compiled alone (docs/incremental-change.md); say when it was not.
            grep -q "as the last run left them" "$D/$step.txt" ||
                echo "note: n=$N: the $step compiled in full, not as one entity's change" >&2
            record "$N" "${step}_written" "${written:-0}"
            if [ "$step" = change ] && [ "$i" -eq 1 ]; then
                [ "$("$BIN" digest "$OUT" --platform ios 2>/dev/null || true)" = "$ios" ] &&
                [ "$("$BIN" digest "$OUT" --platform android 2>/dev/null || true)" = "$android" ] ||
                    echo "warning: the Rails-only change moved a native input digest" >&2
            fi
            if [ "${written:-0}" -gt 0 ]; then seq -f "$NJ/in/f%.0f.txt" 0 $((written - 1)) | xargs touch; fi
            record "$N" "${step}_ninja" "$(measure ninja -C "$NJ")"
        done
    done

    # What a Rails-only change renders, checked (not timed): the same field under a name no run
    # used yet, compiled with --summary, then compiled back. The target: only that entity's
    # tasks, no native one.
    sed 's/"bench_note"/"bench_check"/' "$D/plan-changed.json" > "$D/plan-check.json"
    "$BIN" compile "$D/plan-check.json" --out "$OUT" --store "$STORE" --summary "$D/check-summary.json" > /dev/null
    "$BIN" compile "$D/plan.json" --out "$OUT" --store "$STORE" > /dev/null
    counts=$(python3 "$HERE/plans_report.py" --rendered "$D/check-summary.json" "$D/plan-check.json" bench_check)
    record "$N" change_rendered "$counts"
    read -r rendered own native <<< "$counts"
    [ "$rendered" -gt 0 ] && [ "$rendered" = "$own" ] && [ "$native" = 0 ] ||
        echo "warning: the Rails-only change rendered $rendered tasks, $own of the changed entity, $native native" >&2

    python3 "$HERE/plans_report.py" "$SAMPLES" --size "$N" --reps "$REPS"
done
# Only the first cold tree and its store stay in place; the rest goes to TRASH.
for N in "${LIST[@]}"; do
    for d in "$WORK/n$N"/cold-* "$WORK/n$N"/cp-*; do [ "$d" = "$WORK/n$N/cold-1" ] || discard "$d"; done
done

LOAD_AFTER="$(load)"
PROBE_AFTER="$(probe)"
python3 "$HERE/plans_report.py" "$SAMPLES" --linear "$LINEAR" --load "$LOAD_BEFORE" "$LOAD_AFTER" \
    --create "$PROBE_BEFORE" "$PROBE_AFTER" \
    --cores "$(nproc)" --bin "$BIN"
