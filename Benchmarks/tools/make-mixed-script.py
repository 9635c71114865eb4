#!/usr/bin/env python3
"""Writes a script of mixed and hostile lines, for the test that a command costs time in
proportion to what it touches (issue 16.3): foods, copies of big days, undo, redo, again, edits,
deletes, day switches, views and lines that fail. Like a diary, the script moves on through time:
line i works on the days around day i / 40 (so 100,000 lines span about seven years and no month
grows without end), and what a line touches stays about the same size however long the script is.

    python3 Benchmarks/tools/make-mixed-script.py LINES OUT [--seed N]

The same seed and count give the same file. Every 5,000 lines start with a few "big days" of
300 to 600 entries that later lines copy with `force`, so that copies and the undo of a copy
stay part of the mix however long the script is.
"""
import argparse
import datetime
import random

FOODS = [
    "2 eggs", "a banana", "1 cup orange juice", "2 slices of toast", "oatmeal", "an apple", "greek yogurt",
    "200g chicken breast", "1 cup rice", "a coke", "big mac", "fries", "2 cookies", "coffee", "a glass of milk",
    "salad", "1 tbsp peanut butter", "pizza", "100 g almonds", "a bagel", "burger 650 kcal", "item z 120 kcal",
    "2 eggs and toast", "1 cup orange juice and a banana", "steak 300g", "half an avocado", "banana x2",
]
MEALS = ["", " breakfast", " lunch", " dinner", " snack"]
HOSTILE = [
    "xyzzy", "2 2 2", "delete 99999", "edit 0 2 cups", "copy 1999-01-01", "undo now", "))((", "1/0 eggs",
    "a" * 300, "9" * 40 + " eggs", "move 5000 to lunch", "🍕🍕🍕", "redo redo",
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lines", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = datetime.date(2019, 1, 1)
    big_days = []
    out = []
    days = []
    next_big = 0
    while len(out) < args.lines:
        # The days this part of the script works on: a window of 30 days moving one day every
        # 40 lines.
        first = start + datetime.timedelta(days=len(out) // 40)
        days = [first + datetime.timedelta(days=n) for n in range(30)]
        if len(out) >= next_big:
            next_big += 5000
            # A few big days, written by dated lines, for the copies that follow.
            big_days = []
            for _ in range(2):
                day = rng.choice(days)
                big_days.append(day)
                for _ in range(rng.randint(300, 600)):
                    out.append(f"{day.isoformat()} item big {rng.randint(1, 50)} kcal{rng.choice(MEALS)}")
        r = rng.random()
        if r < 0.50:
            out.append(rng.choice(FOODS) + rng.choice(MEALS))
        elif r < 0.56:
            out.append("day " + rng.choice(days).isoformat())
        elif r < 0.565:
            # A forced copy of a big day, taken back at once half the time: the case that was
            # quadratic.
            source = rng.choice(big_days)
            out.append(f"copy {source.isoformat()} force")
            if rng.random() < 0.5:
                out.append("undo")
        elif r < 0.60:
            out.append(f"copy {rng.choice(days).isoformat()}{rng.choice(MEALS)}")
        elif r < 0.67:
            out.append("undo")
        elif r < 0.71:
            out.append("redo")
        elif r < 0.75:
            out.append("again" + rng.choice(["", "", " breakfast"]))
        elif r < 0.80:
            out.append(f"edit {rng.randint(1, 8)} {rng.choice(['2 servings', '1.5 cups', '200 g', '3'])}")
        elif r < 0.85:
            out.append(f"delete {rng.randint(1, 8)}")
        elif r < 0.88:
            out.append(f"move {rng.randint(1, 8)} to {rng.choice(['breakfast', 'lunch', 'dinner', 'snack'])}")
        elif r < 0.90:
            # Views of the day being edited and around it ('today' would move the script to the
            # real today, where every later line would pile up).
            out.append(rng.choice(["week", "history 7", "day " + rng.choice(days).isoformat()]))
        else:
            out.append(rng.choice(HOSTILE))
    with open(args.out, "w") as handle:
        handle.write("\n".join(out[: args.lines]) + "\n")


if __name__ == "__main__":
    main()
