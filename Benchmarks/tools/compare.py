#!/usr/bin/env python3
"""Compares two calorina binaries on the same work, interleaved, in one run (issue 11: the larger
table must not make anything slower than before).

    python3 Benchmarks/tools/compare.py OLD_BINARY NEW_BINARY [--runs N]

Measures, for each binary, alternating runs so that load on a shared machine falls on both alike:
- one-shot `--dry-run 1 banana`, start to exit (wall, ms);
- one-shot `today` on an empty folder, start to exit (wall, ms);
- parse + resolve per line: Benchmarks/corpus/lines.txt piped with --dry-run, CPU time over the
  lines (µs a line; the start-up measured above is subtracted).
Prints medians and p99 and the ratio new ÷ old of each median.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(os.path.dirname(HERE), "corpus", "lines.txt")


def run(argv, env, stdin=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with open(stdin or os.devnull, "rb") as handle:
        subprocess.run(argv, env=env, stdin=handle, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def p99(values):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-99 * len(ordered) // 100) - 1))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="calorina-compare-")
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "CALORINA_NOW": "2026-11-22T08:30:00",
           "CALORINA_HOME": os.path.join(home, "data"), "XDG_STATE_HOME": os.path.join(home, "state")}
    with open(CORPUS) as handle:
        lines = sum(1 for line in handle if line.strip() and not line.startswith("#"))
    results = {name: {"banana": [], "today": [], "resolve": []} for name in ("old", "new")}
    for _ in range(args.runs):
        for name in ("old", "new"):
            binary = getattr(args, name)
            results[name]["banana"].append(run([binary, "--dry-run", "1", "banana"], env)[0] * 1000)
            results[name]["today"].append(run([binary, "today"], env)[0] * 1000)
            _, cpu = run([binary, "--dry-run"], env, stdin=CORPUS)
            _, start_cpu = run([binary, "--dry-run", "1", "banana"], env)
            results[name]["resolve"].append(max(0.0, cpu - start_cpu) / lines * 1e6)
    print(f"{args.runs} interleaved runs each; {lines} corpus lines; medians (p99)")
    for metric, unit in (("banana", "ms"), ("today", "ms"), ("resolve", "µs/line")):
        old, new = results["old"][metric], results["new"][metric]
        ratio = statistics.median(new) / statistics.median(old)
        print(f"  {metric:8} old {statistics.median(old):8.2f} ({p99(old):7.2f})  "
              f"new {statistics.median(new):8.2f} ({p99(new):7.2f}) {unit}  new/old {ratio:.2f}")


if __name__ == "__main__":
    main()
