#!/usr/bin/env python3
"""Writes data/usda-sr28/sr28_saturated_fat_per100g.csv from the SR28 ASCII release.

The bundled derived CSV (sr28_foods_core_per100g.csv) carries kcal, the macros, fibre (291), sugars
(269) and sodium (307) but not saturated fat (nutrient 606, "Fatty acids, total saturated", g per
100 g), which lives only in the 40 MB NUT_DATA.txt. This script reads the release (default: the
team's staged copy, /work/shared/data/usda-sr28/sr28; see data/usda-sr28/PROVENANCE.md) with the
same rules as its tools/sr28_parse.py (fields split at "^", "~" quotes removed, ISO-8859-1, CRLF),
and writes one row per food of FOOD_DES.txt: `ndb_no,fasat_g_606`, the value copied as SR28 writes
it, empty when SR28 has no value for the food (unknown, not zero).

It also checks that the core CSV's fibre, sugars and sodium are NUT_DATA's values for 291, 269 and
307 (numbers compared as numbers, a missing value an empty field), and stops on any difference.

    python3 tools/sr28-saturated-fat.py [SR28_FOLDER]
"""

import csv
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/usda-sr28/sr28"
CORE = os.path.join(ROOT, "data", "usda-sr28", "sr28_foods_core_per100g.csv")
OUT = os.path.join(ROOT, "data", "usda-sr28", "sr28_saturated_fat_per100g.csv")
CHECKED = {"291": "fiber_g_291", "269": "sugars_g_269", "307": "sodium_mg_307"}


def rows(name):
    with open(os.path.join(SOURCE, name), "rb") as f:
        raw = f.read().decode("latin-1")
    for line in raw.split("\r\n"):
        if line:
            yield [f[1:-1] if len(f) >= 2 and f[0] == "~" and f[-1] == "~" else f for f in line.split("^")]


def main():
    values = {}
    for row in rows("NUT_DATA.txt"):
        if row[1] == "606" or row[1] in CHECKED:
            values.setdefault(row[0], {})[row[1]] = row[2]
    with open(CORE, newline="", encoding="utf-8") as f:
        core = {row["ndb_no"]: row for row in csv.DictReader(f)}
    foods = [row[0] for row in rows("FOOD_DES.txt")]
    if sorted(foods) != sorted(core):
        sys.exit("FOOD_DES.txt and the core CSV list different foods")
    for ndb in foods:
        for number, column in CHECKED.items():
            ours, theirs = core[ndb][column], values.get(ndb, {}).get(number, "")
            if (ours == "") != (theirs == "") or (ours and float(ours) != float(theirs)):
                sys.exit(f"{ndb}: nutrient {number} is {theirs!r} in NUT_DATA.txt but {ours!r} in the core CSV")
    known = 0
    with open(OUT, "w", newline="", encoding="utf-8") as out:
        out.write("ndb_no,fasat_g_606\n")
        for ndb in foods:
            value = values.get(ndb, {}).get("606", "")
            known += value != ""
            out.write(f"{ndb},{value}\n")
    print(f"{len(foods)} foods, {known} with saturated fat; fibre, sugars and sodium of the core CSV agree "
          f"with NUT_DATA.txt -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
