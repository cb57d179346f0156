#!/usr/bin/env python3
"""Prints the tables of Benchmarks/plans.sh from its samples file (one line per sample:
size, metric, values). Not meant to be run by hand.

    plans_report.py SAMPLES --size N --reps R
    plans_report.py SAMPLES --linear A,B --load BEFORE AFTER --cores C --bin PATH
    plans_report.py --rendered SUMMARY PLAN FIELD   # prints: rendered, of the changed entity, native
"""
import argparse
import json
import statistics
import sys
from collections import defaultdict

MB = 1024.0  # ru_maxrss and GNU time's %M are in KiB


def load(path):
    samples = defaultdict(lambda: defaultdict(list))
    for line in open(path):
        size, metric, values = line.rstrip("\n").split("\t")
        samples[int(size)][metric].append([float(v) for v in values.split()])
    return samples


class Size:
    def __init__(self, samples, n):
        self.s = samples[n]
        self.n = n

    def has(self, metric):
        return bool(self.s.get(metric))

    def med(self, metric, column=0):
        return statistics.median(v[column] for v in self.s[metric])

    def wall(self, metric):
        return self.med(metric, 0)

    def cpu(self, metric):
        return self.med(metric, 1)

    def rss(self, metric):
        return self.med(metric, 2) / MB

    def sys(self, metric):
        return self.med(metric, 3)

    def cpu_text(self, metric):
        """CPU time with its system part: "1234.5 (sys 678.9)"."""
        return "%s (sys %s)" % (ms(self.cpu(metric)), ms(self.sys(metric)))

    @property
    def files(self):
        return int(self.s["files"][0][0])


def ms(seconds):
    return "%.1f" % (seconds * 1000)


def ratio(a, b):
    return "%.2f" % (a / b) if b > 0 else "n/a"


def table(samples, n, reps):
    z = Size(samples, n)
    rows = []

    def row(measure, ours="", ref="", r="", rss="", files="", target=""):
        rows.append("| %s | %s | %s | %s | %s | %s | %s |" % (measure, ours, ref, r, rss, files, target))

    row("cold compile, empty out and store (ms)", ms(z.wall("cold")), "cp -r " + ms(z.wall("cp")),
        ratio(z.wall("cold"), z.wall("cp")), "%.0f" % z.rss("cold"), z.files)
    row("  cold CPU, user+sys (ms)", z.cpu_text("cold"), "cp -r " + z.cpu_text("cp"), ratio(z.cpu("cold"), z.cpu("cp")))
    row("no-op compile (ms)", ms(z.wall("noop")), "ninja " + ms(z.wall("ninja")),
        ratio(z.wall("noop"), z.wall("ninja")), "%.0f" % z.rss("noop"), z.files, "≤ 2.0")
    row("  no-op CPU, user+sys (ms)", z.cpu_text("noop"), "ninja " + z.cpu_text("ninja"),
        ratio(z.cpu("noop"), z.cpu("ninja")), "", "", "")
    if z.has("noop_full"):
        row("no-op compile `--full`, every stage (ms)", ms(z.wall("noop_full")), "ninja " + ms(z.wall("ninja")),
            ratio(z.wall("noop_full"), z.wall("ninja")), "%.0f" % z.rss("noop_full"), z.files)
        row("  `--full` CPU, user+sys (ms)", z.cpu_text("noop_full"), "ninja " + z.cpu_text("ninja"),
            ratio(z.cpu("noop_full"), z.cpu("ninja")))
    row("  the second run alone (ms)", ms(z.wall("second")), "", "", "%.0f" % z.rss("second"))
    row("`orchestrate --version` (ms)", ms(z.wall("version")), "", "", "%.0f" % z.rss("version"))
    bound = 2 * z.wall("ninja") + z.wall("version")
    cbound = 2 * z.cpu("ninja") + z.cpu("version")
    row("no-op against 2 × ninja + `--version` (ms)", ms(z.wall("noop")), ms(bound), ratio(z.wall("noop"), bound),
        "", "", "≤ 1.0")
    row("  the same in CPU time (ms)", ms(z.cpu("noop")), ms(cbound), ratio(z.cpu("noop"), cbound))
    kb, nkb = z.s["time_rss"][0]
    row("peak RSS of a no-op, GNU time (MB)", "%.0f" % (kb / MB), "ninja %.0f" % (nkb / MB), "", "", "", "≤ 150")
    if z.has("time_rss_full"):
        row("  the same, `--full` (MB)", "%.0f" % (z.s["time_rss_full"][0][0] / MB))
    for step, label in (("change", "Rails-only change, +1 string field (ms)"), ("revert", "  revert, compiled back (ms)")):
        written = int(statistics.median(v[0] for v in z.s[step + "_written"]))
        ref = step + "_ninja"
        row(label, ms(z.wall(step)), "ninja, %d edges %s" % (written, ms(z.wall(ref))),
            ratio(z.wall(step), z.wall(ref)), "%.0f" % z.rss(step), "%d written" % written)
        row("  CPU, user+sys (ms)", z.cpu_text(step), "ninja " + z.cpu_text(ref), ratio(z.cpu(step), z.cpu(ref)))
        target = "≤ 1.2" if step == "change" else ""
        row("  ÷ the no-op (wall)", ms(z.wall(step)), "no-op " + ms(z.wall("noop")), ratio(z.wall(step), z.wall("noop")),
            "", "", target)
        if z.has("noop_full"):
            row("  ÷ the `--full` no-op (wall)", ms(z.wall(step)), "`--full` " + ms(z.wall("noop_full")),
                ratio(z.wall(step), z.wall("noop_full")))

    if z.has("change_rendered"):
        rendered, own, native = (int(x) for x in z.s["change_rendered"][0])
        row("  tasks a first change renders", "%d" % rendered, "", "", "", "",
            "%d of the changed entity, %d native (target: all, 0)" % (own, native))

    print()
    print("### %d entities: %d files, %d reps (medians)" % (n, z.files, reps))
    print()
    print("| measure | ours | reference | ratio | peak RSS (MB) | files | target |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        print(r)
    sys.stdout.flush()


def linear(samples, pair, before, after, create, cores, binary):
    print()
    print("load average (1, 5, 15 min) before: %s; after: %s; %d cores; binary: %s" % (before, after, cores, binary))
    print("file creation (2,000 empty files): %s µs per file before, %s after" % tuple(create))
    if not pair:
        return
    a, b = (int(x) for x in pair.split(","))
    if a not in samples or b not in samples:
        print("linearity: %s not measured" % pair)
        return
    za, zb = Size(samples, a), Size(samples, b)

    def growth(metric, column):
        return (zb.med(metric, column) / zb.files) / (za.med(metric, column) / za.files)

    def user_growth(metric):
        """The same for user time alone (CPU − system), which file-creation costs do not move."""
        user = lambda z: statistics.median(v[1] - v[3] for v in z.s[metric]) / z.files
        return user(zb) / user(za)

    print()
    print("linearity %d → %d entities (%d → %d files), time per output file at %d ÷ at %d (target ≤ 1.3): "
          "no-op %.2f (CPU %.2f, user %.2f), cold %.2f (CPU %.2f, user %.2f); "
          "peak RSS at %d: no-op %.0f MB, cold %.0f MB (target ≤ 150)"
          % (a, b, za.files, zb.files, b, a, growth("noop", 0), growth("noop", 1), user_growth("noop"),
             growth("cold", 0), growth("cold", 1), user_growth("cold"), b, zb.rss("noop"), zb.rss("cold")))
    if za.has("noop_full") and zb.has("noop_full"):
        print("linearity of the `--full` no-op: %.2f (CPU %.2f, user %.2f); its peak RSS at %d: %.0f MB"
              % (growth("noop_full", 0), growth("noop_full", 1), user_growth("noop_full"), b, zb.rss("noop_full")))


def rendered(summary_path, plan_path, field):
    """What the compile that wrote `summary_path` rendered: how many tasks, how many of them the
    changed entity's (the one whose fields include `field`: its key is a component of the task
    id), and how many of a platform other than Rails."""
    plan = json.load(open(plan_path))
    keys = [e["key"] for e in plan["entities"] if any(f.get("key") == field for f in e.get("fields", []))]
    if len(keys) != 1:
        sys.exit("plans_report.py: %d entities have the field %s" % (len(keys), field))
    tasks = [t for t in json.load(open(summary_path))["tasks"] if t.get("status") == "rendered"]
    own = [t for t in tasks if keys[0] in t["id"].split(".")]
    native = [t for t in tasks if t.get("platform") != "rails"]
    print(len(tasks), len(own), len(native))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("samples", nargs="?")
    p.add_argument("--rendered", nargs=3, metavar=("SUMMARY", "PLAN", "FIELD"))
    p.add_argument("--size", type=int)
    p.add_argument("--reps", type=int, default=0)
    p.add_argument("--linear", default=None)
    p.add_argument("--load", nargs=2)
    p.add_argument("--create", nargs=2)
    p.add_argument("--cores", type=int, default=0)
    p.add_argument("--bin", default="")
    args = p.parse_args()
    if args.rendered:
        rendered(*args.rendered)
        return
    samples = load(args.samples)
    if args.size is not None:
        table(samples, args.size, args.reps)
    else:
        linear(samples, args.linear, args.load[0], args.load[1], args.create, args.cores, args.bin)


if __name__ == "__main__":
    main()
