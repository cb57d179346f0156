#!/usr/bin/env bash
# A/B of two orchestrate binaries on one generated Plan, every measurement interleaved (the two
# binaries alternate, run after run), so both see the same machine state. Medians of wall time
# and of the child's user+system CPU (wait4). Not a test: it never fails on a time.
#
#   Benchmarks/ab.sh --a OLD_BIN --b NEW_BIN [--size 1000] [--reps 5] [--keep DIR]
#
# Measures, per binary:
#   cold     compile into an empty --out with an empty --store (`sync` before each), beside `cp -r`
#            of the tree (the same loop, so the ratio to cp -r is taken in the same conditions)
#   change   the Plan with one string field added to one entity, then reverted (`--extra-field` of
#            plangen.py), each binary in its own copy of the tree and store
#   no-op    the same compile again (for a binary with the compile memo, the memo's answer)
#   --full   the no-op with --full, when the binary has it
# Needs python3. Trees are moved aside, never deleted, until the exit (see README: file creation
# on ext4 slows down for minutes after a mass deletion).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
A="" B="" SIZE=1000 REPS=5 KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --a) A="$2"; shift 2 ;;
        --b) B="$2"; shift 2 ;;
        --size) SIZE="$2"; shift 2 ;;
        --reps) REPS="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        *) echo "usage: $0 --a BIN --b BIN [--size N] [--reps N] [--keep DIR]" >&2; exit 64 ;;
    esac
done
[ -n "$A" ] && [ -n "$B" ] || { echo "usage: $0 --a BIN --b BIN [--size N] [--reps N] [--keep DIR]" >&2; exit 64; }
A="$(cd "$(dirname "$A")" && pwd)/$(basename "$A")"
B="$(cd "$(dirname "$B")" && pwd)/$(basename "$B")"
if [ -n "$KEEP" ]; then WORK="$KEEP"; mkdir -p "$WORK"; else WORK="$(mktemp -d "${TMPDIR:-/tmp}/orchestrate-ab.XXXXXX")"; fi
cleanup() { [ -n "$KEEP" ] || rm -rf "$WORK"; }
trap cleanup EXIT

python3 "$HERE/plangen.py" "$SIZE" > "$WORK/plan.json"
python3 "$HERE/plangen.py" "$SIZE" --extra-field > "$WORK/plan-changed.json"

python3 - "$WORK" "$A" "$B" "$REPS" <<'PY'
import os, statistics, subprocess, sys, time
work, a, b, reps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
bins = {"A": a, "B": b}
plan, changed = os.path.join(work, "plan.json"), os.path.join(work, "plan-changed.json")
samples = {}

def run(args, sync=False):
    if sync:
        subprocess.run(["sync"])
    t = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("error: %s exited with status %d" % (" ".join(args), os.waitstatus_to_exitcode(status)))
    return wall * 1000, (ru.ru_utime + ru.ru_stime) * 1000

def record(key, value):
    samples.setdefault(key, []).append(value)

def has_full(binary):
    out = subprocess.run([binary, "compile", "--help"], capture_output=True, text=True).stdout
    return "--full" in out

# Cold, beside cp -r; the first cold tree of A is what cp -r copies.
first = None
for i in range(reps):
    for name, binary in bins.items():
        d = os.path.join(work, "cold-%s-%d" % (name, i))
        record((name, "cold"), run([binary, "compile", plan, "--out", d + "/out", "--store", d + "/store"], sync=True))
        first = first or d + "/out"
    record(("cp", "cold"), run(["cp", "-r", first, os.path.join(work, "cp-%d" % i)], sync=True))

# Each binary gets its own tree and store (its first cold one) for the rest.
for name, binary in bins.items():
    d = os.path.join(work, "cold-%s-0" % name)
    run([binary, "compile", plan, "--out", d + "/out", "--store", d + "/store"])
    time.sleep(0.05)
    run([binary, "compile", plan, "--out", d + "/out", "--store", d + "/store"])
for i in range(reps):
    for name, binary in bins.items():
        d = os.path.join(work, "cold-%s-0" % name)
        args = [binary, "compile", plan, "--out", d + "/out", "--store", d + "/store"]
        record((name, "no-op"), run(args))
        if has_full(binary):
            record((name, "--full"), run(args + ["--full"]))
for i in range(reps):
    for step, p in (("change", changed), ("revert", plan)):
        for name, binary in bins.items():
            d = os.path.join(work, "cold-%s-0" % name)
            record((name, step), run([binary, "compile", p, "--out", d + "/out", "--store", d + "/store"]))

def med(key, column):
    return statistics.median(v[column] for v in samples[key])

print("| measure | A wall (CPU) ms | B wall (CPU) ms | B ÷ A (wall) |")
print("| --- | ---: | ---: | ---: |")
for m in ("cold", "no-op", "--full", "change", "revert"):
    if ("A", m) not in samples and ("B", m) not in samples:
        continue
    cell = lambda n: "%.1f (%.1f)" % (med((n, m), 0), med((n, m), 1)) if (n, m) in samples else "—"
    ratio = "%.2f" % (med(("B", m), 0) / med(("A", m), 0)) if ("A", m) in samples and ("B", m) in samples else ""
    print("| %s | %s | %s | %s |" % (m, cell("A"), cell("B"), ratio))
cp = med(("cp", "cold"), 0)
print()
print("cp -r of the tree: %.1f ms (CPU %.1f); cold ÷ cp -r: A %.2f, B %.2f" %
      (cp, med(("cp", "cold"), 1), med(("A", "cold"), 0) / cp, med(("B", "cold"), 0) / cp))
print("A: %s\nB: %s\n%d repetitions, interleaved" % (a, b, reps))
PY
