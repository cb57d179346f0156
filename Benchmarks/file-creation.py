#!/usr/bin/env python3
"""Three ways to create N files of S bytes in one directory, interleaved, medians:

  plain    open(O_CREAT|O_EXCL), write, close            (what cp -r does)
  rename   the same under a temp name, then rename       (a store object or --out file before)
  unnamed  open(O_TMPFILE), write, linkat via /proc, close (LinkedFile)

Prints the medians of wall time and of the process's CPU time, and their ratios to plain. Not a test: it never fails on a time.

  Benchmarks/file-creation.py [--files 9000] [--size 5000] [--reps 5] [--dir DIR]
"""
import argparse, os, statistics, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--files", type=int, default=9000)
ap.add_argument("--size", type=int, default=5000)
ap.add_argument("--reps", type=int, default=5)
ap.add_argument("--dir", default=None, help="where to create (default: a new temporary directory)")
a = ap.parse_args()
base = a.dir or tempfile.mkdtemp(prefix="file-creation.")
data = b"x" * a.size


def run(mode, d):
    os.makedirs(d)
    dfd = os.open(d, os.O_RDONLY | os.O_DIRECTORY)
    t, c = time.perf_counter(), time.process_time()
    for i in range(a.files):
        name = "f%06d" % i
        if mode == "plain":
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, dir_fd=dfd)
            os.write(fd, data)
            os.close(fd)
        elif mode == "rename":
            fd = os.open(".tmp-" + name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, dir_fd=dfd)
            os.write(fd, data)
            os.close(fd)
            os.rename(".tmp-" + name, name, src_dir_fd=dfd, dst_dir_fd=dfd)
        else:
            fd = os.open(".", os.O_WRONLY | os.O_TMPFILE, 0o644, dir_fd=dfd)
            os.write(fd, data)
            os.link("/proc/self/fd/%d" % fd, name, dst_dir_fd=dfd, follow_symlinks=True)
            os.close(fd)
    elapsed, cpu = time.perf_counter() - t, time.process_time() - c
    os.close(dfd)
    return elapsed * 1000, cpu * 1000


modes = ("plain", "rename", "unnamed")
times = {m: [] for m in modes}
# Nothing is deleted until the end: on ext4, creating files right after a mass deletion is slow.
for r in range(a.reps):
    for m in modes:
        times[m].append(run(m, os.path.join(base, "%s-%d" % (m, r))))
# Wall time swings with the file system's state (2-4x between runs here); the process's CPU
# (user + system: the kernel's work for these calls) is the steadier figure.
med = {m: (statistics.median(w for w, _ in times[m]), statistics.median(c for _, c in times[m])) for m in modes}
print("| way | wall ms | CPU ms | wall ÷ plain | CPU ÷ plain |  (%d files of %d bytes, %d reps)" % (a.files, a.size, a.reps))
print("| --- | ---: | ---: | ---: | ---: |")
for m in modes:
    print("| %s | %.0f | %.0f | %.2f | %.2f |" % (m, med[m][0], med[m][1], med[m][0] / med["plain"][0], med[m][1] / med["plain"][1]))
if not a.dir:
    import shutil
    shutil.rmtree(base)
