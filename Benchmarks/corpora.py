#!/usr/bin/env python3
"""Issue 26's rates on text nobody on the team wrote: runs ../shared/corpora/score.py on a binary
and reads its summary (the same rules used to judge the issue).

    Benchmarks/corpora.py [BINARY]     (default ./.build/release/calorina)

Prints each rate and its goal; exit status 0 when every goal is met, 1 when one is missed, 2 when
the corpora or the scorer are not there. `Benchmarks/run` calls `rates()` and puts the rows in its
table. The corpora are read in place and never copied (../shared/corpora/PROVENANCE.md); this
script keeps no line of them, only the scorer's percentages.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCORER = os.path.join(ROOT, "..", "shared", "corpora", "score.py")
# Issue 26: at least 75 % of the ingredient lines right (corrected rule), at least 50 % of the meal
# descriptions within 20 %.
GOALS = {"recipe": 75.0, "meals": 50.0}


def rates(binary, scorer=SCORER, timeout=1800):
    """The scorer's rates, or None when the scorer is not there: {"recipe": {"all": %, source: %},
    "meals": {"all": %, split: %}, "seconds": s}. Raises RuntimeError when it fails."""
    if not os.path.exists(scorer):
        return None
    import time
    started = time.monotonic()
    done = subprocess.run([sys.executable, scorer, os.path.abspath(binary)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"score.py exited {done.returncode}: {done.stderr.strip()[-400:]}")
    result = {"recipe": {}, "meals": {}, "seconds": round(time.monotonic() - started, 1)}
    section = None
    for line in done.stdout.splitlines():
        if line.startswith("recipe-lines.jsonl"):
            section = "recipe"
        elif line.startswith("meals.jsonl"):
            section = "meals"
        elif section and line.startswith("  ") and "%" in line:
            name = line.split()[0]
            percents = [float(value) for value in re.findall(r"(\d+(?:\.\d+)?) %", line)]
            # recipe: resolved, G rule, corrected rule; meals: resolved, right.
            if percents:
                result[section][name] = percents[-1]
    if "all" not in result["recipe"] or "all" not in result["meals"]:
        raise RuntimeError("score.py's summary did not have the lines expected: " + done.stdout[:400])
    return result


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "calorina")
    found = rates(binary)
    if found is None:
        print(f"no scorer at {SCORER}: the development corpora are not on this machine")
        sys.exit(2)
    missed = False
    for kind, title in (("recipe", "ingredient lines right (corrected rule)"), ("meals", "meal descriptions within 20 %")):
        goal = GOALS[kind]
        value = found[kind]["all"]
        missed = missed or value < goal
        others = ", ".join(f"{name} {rate:.1f}" for name, rate in found[kind].items() if name != "all")
        print(f"{title}: {value:.1f} % (goal ≥ {goal:.0f} %: {'met' if value >= goal else 'MISSED'}); {others}")
    print(f"score.py took {found['seconds']:.0f} s")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
