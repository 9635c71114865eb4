#!/usr/bin/env python3
"""Builds Calorina's bundled food table from the USDA FNDDS 2021-2023 "At A Glance" CSVs.

Reads data/usda/*.csv (public domain, see data/usda/PROVENANCE.md) and data/everyday.tsv (the
curated everyday names), and writes Sources/CalorinaCore/Foods/Generated/FoodTableData.swift:
Swift raw string literals that the binary carries, so start-up reads no file and decodes no JSON.
Everything the search index needs is worked out here, once, so that the program only splits
lines and numbers when it first looks a food up. Run from the repository root:

    python3 tools/build-foods.py

bundledFoodTableText, line by line:
    #  number  description          a WWEIA category
    @  word word word ...           the vocabulary: every normalized word, its position its id
    then one line per food, tab-separated:
    code kcal protein carbohydrate fat category name synonyms portions head-ids name-ids
    synonym-ids core-count generic-bonus
- kcal per 100 g; macros in grams per 100 g.
- synonyms: USDA's additional description, items separated by "; ".
- portions: "description@grams" joined by "|", in USDA's Seq num order ("|" and "@" never
  occur in USDA portion text; the script checks).
- head-ids, name-ids: vocabulary ids of the normalized words of the head (the name before its
  first comma, brand parentheses removed) and of the whole name, in order, space-separated.
- synonym-ids: each synonym's ids, space-separated, synonyms separated by ";".
- core-count: how many name words are about the food, not about its genericity ("NFS",
  "NS as to ..."); generic-bonus: the rank a generic food earns (NFS 8, each "NS as to" 4, at
  most 2 of them).
bundledEverydayText: "alias  code  portion  normalized-alias" per line.
bundledCompletionText: the names TAB completes, lowercased, sorted, one per line.

The normalization here must match Sources/CalorinaCore/Foods/FoodWords.swift exactly; a test
checks the two agree on the table's names.
"""

import csv
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
USDA = os.path.join(ROOT, "data", "usda")
OUT = os.path.join(ROOT, "Sources", "CalorinaCore", "Foods", "Generated", "FoodTableData.swift")
ACTIVITIES_OUT = os.path.join(ROOT, "Sources", "CalorinaCore", "Activities", "Generated", "ActivityTableData.swift")
PREFIX = "2021-2023 FNDDS At A Glance - "
STOP_WORDS = {"and", "with", "of", "the", "a", "an", "or", "in", "to", "&"}


def read(name):
    with open(os.path.join(USDA, PREFIX + name + ".csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def number(text):
    """Shortest text for a number: 12 not 12.0, 0.5 not .5."""
    value = float(text)
    if value == int(value):
        return str(int(value))
    return repr(round(value, 3))


def clean(text, separators=""):
    for bad in ("\t", "\n", '"""#') + tuple(separators):
        if bad in text:
            sys.exit(f"unexpected {bad!r} in {text!r}")
    return text.strip()


# ---- normalization: the twin of FoodWords.swift ---------------------------------------------

def singular(word):
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("oes", "ches", "shes", "xes", "sses")):
        return word[:-2]
    return word[:-1]


def words(text):
    result, current = [], ""
    for ch in text.lower():
        if ch in "'\u2019":
            continue
        if ch.isalpha() or ch.isdigit() or ch in "%&":
            current += ch
        elif current:
            result.append(singular(current))
            current = ""
    if current:
        result.append(singular(current))
    return result


def key_words(text):
    return [w for w in words(text) if w not in STOP_WORDS]


def head(name):
    text = name.split(",", 1)[0]
    if "(" in text:
        text = text[: text.index("(")]
    return text.strip()


def generic(name):
    """(bonus, core word count) for ranking generic foods first."""
    lowered = name.lower()
    bonus = 0
    if lowered.endswith(", nfs") or ", nfs," in lowered or lowered.endswith(" nfs"):
        bonus += 8
    bonus += min(lowered.count("ns as to"), 2) * 4
    core = key_words(name)
    if bonus > 0:
        core = [w for w in core if w not in ("nfs", "n")]
        kept, i = [], 0
        while i < len(core):
            if core[i] == "ns" and i + 1 < len(core) and core[i + 1] == "as":
                i += 3  # "ns as <word>": "to" is a stop word already
                continue
            kept.append(core[i])
            i += 1
        core = kept
    return bonus, len(core)


# ---- the tables ------------------------------------------------------------------------------

def read_everyday(portions_by_code):
    """The lines of data/everyday.tsv that are not comments, checked against the table."""
    path = os.path.join(ROOT, "data", "everyday.tsv")
    kept, seen = [], set()
    with open(path, encoding="utf-8") as f:
        for line_number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            alias, code = fields[0].strip(), fields[1].strip()
            portion = fields[2].strip() if len(fields) > 2 else ""
            if code not in portions_by_code:
                sys.exit(f"everyday.tsv:{line_number}: unknown food code {code}")
            if portion and portion not in portions_by_code[code]:
                sys.exit(f"everyday.tsv:{line_number}: {code} has no portion {portion!r}")
            if alias in seen:
                sys.exit(f"everyday.tsv:{line_number}: {alias!r} appears twice")
            seen.add(alias)
            kept.append((clean(alias), code, clean(portion), " ".join(key_words(alias))))
    return kept


def main():
    foods = read("Foods and Beverages")
    nutrients = {row["Food code"]: row for row in read("FNDDS Nutrient Values")}
    portions = {}
    for row in read("Portions and Weights"):
        portions.setdefault(row["Food code"], []).append(row)

    categories, records, skipped = {}, [], 0
    for food in foods:
        code = food["Food code"]
        values = nutrients.get(code)
        if values is None:
            skipped += 1  # 11000000 Milk, human has no nutrient values in this release
            continue
        categories[food["WWEIA Category number"]] = food["WWEIA Category description"]
        rows = sorted(portions.get(code, []), key=lambda r: int(r["Seq num"]))
        kept_portions = [
            (clean(r["Portion description"], "|@"), number(r["Portion weight (g)"]))
            for r in rows
            if float(r["Portion weight (g)"]) > 0
        ]
        name = clean(food["Main food description"])
        synonyms = [s.strip() for s in clean(food["Additional food description"]).split(";") if s.strip()]
        records.append((code, values, food["WWEIA Category number"], name, synonyms, kept_portions))

    everyday = read_everyday({r[0]: {p[0] for p in r[5]} for r in records})

    vocabulary = sorted({w for r in records for text in [r[3]] + r[4] for w in key_words(text)})
    ids = {w: i for i, w in enumerate(vocabulary)}

    def id_list(text):
        return " ".join(str(ids[w]) for w in key_words(text))

    lines = []
    for code, values, category, name, synonyms, kept_portions in records:
        bonus, core = generic(name)
        lines.append("\t".join([
            code,
            number(values["Energy (kcal)"]),
            number(values["Protein (g)"]),
            number(values["Carbohydrate (g)"]),
            number(values["Total Fat (g)"]),
            category,
            name,
            "; ".join(synonyms),
            "|".join(f"{d}@{g}" for d, g in kept_portions),
            id_list(head(name)),
            id_list(name),
            ";".join(id_list(s) for s in synonyms),
            str(core),
            str(bonus),
        ]))

    completion = {head(r[3]).lower() for r in records}
    completion |= {s.lower() for r in records for s in r[4] if len(s) <= 40}
    completion |= {alias for alias, _, _, _ in everyday}
    # A plural alias whose singular is there too only doubles the choices TAB lists.
    completion = sorted(c for c in completion if c and not (c.endswith("s") and c[:-1] in completion))

    header = [f"#\t{n}\t{clean(t)}" for n, t in sorted(categories.items())]
    body = "\n".join(header + ["@\t" + " ".join(vocabulary)] + lines)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as out:
        out.write("// Generated by tools/build-foods.py from data/usda (USDA FNDDS 2021-2023) and\n")
        out.write("// data/everyday.tsv. Do not edit: change those and run the script.\n")
        out.write("// swift-format-ignore-file\n\n")
        out.write("/// The bundled food table (format: tools/build-foods.py).\n")
        out.write('let bundledFoodTableText = #"""\n' + body + '\n"""#\n\n')
        out.write("/// Everyday names: `alias  code  portion  normalized-alias`.\n")
        out.write('let bundledEverydayText = #"""\n' + "\n".join("\t".join(e) for e in everyday) + '\n"""#\n\n')
        out.write("/// The names TAB completes, sorted.\n")
        out.write('let bundledCompletionText = #"""\n' + "\n".join(completion) + '\n"""#\n')
    print(f"{len(lines)} foods ({skipped} skipped), {len(categories)} categories, {len(vocabulary)} words, "
          f"{len(everyday)} everyday names, {len(completion)} completion names -> {os.path.relpath(OUT, ROOT)}")


def write_activities():
    """data/activities.tsv (Compendium of Physical Activities MET values), checked and carried."""
    path = os.path.join(ROOT, "data", "activities.tsv")
    kept, seen = [], set()
    with open(path, encoding="utf-8") as f:
        for line_number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = (line.split("\t") + [""] * 6)[:6]
            words = [w.strip().lower() for w in fields[0].split(",") if w.strip()]
            float(fields[1])  # the MET must be a number
            for word in words:
                if word in seen:
                    sys.exit(f"activities.tsv:{line_number}: {word!r} appears twice")
                seen.add(word)
            kept.append("\t".join([",".join(words), fields[1].strip(), clean(fields[2]), fields[3].strip(), fields[4].strip()]))
    os.makedirs(os.path.dirname(ACTIVITIES_OUT), exist_ok=True)
    with open(ACTIVITIES_OUT, "w", encoding="utf-8") as out:
        out.write("// Generated by tools/build-foods.py from data/activities.tsv. Do not edit.\n")
        out.write("// swift-format-ignore-file\n\n")
        out.write("/// Activities: `words  met  name  code  speed-km/h` per line.\n")
        out.write('let bundledActivitiesText = #"""\n' + "\n".join(kept) + '\n"""#\n')
    print(f"{len(kept)} activities -> {os.path.relpath(ACTIVITIES_OUT, ROOT)}")


if __name__ == "__main__":
    main()
    write_activities()
