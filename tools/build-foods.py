#!/usr/bin/env python3
"""Builds Calorina's bundled food table from USDA FNDDS 2021-2023 (foods as eaten) and USDA SR28
(ingredients).

Reads data/usda/*.csv (FNDDS "At A Glance", see data/usda/PROVENANCE.md), data/usda-sr28/*.csv
(SR28 per 100 g, saturated fat per 100 g and household measures, see data/usda-sr28/PROVENANCE.md), data/everyday.tsv (the
curated everyday names) and data/english/words.txt (English words that are never "corrected"), and
writes Sources/CalorinaFoodData/FoodTableData.swift (the module CalorinaFoodData: the generated data
and StaticLines, the form it is carried in; `package` declarations CalorinaFoods reads). Run from anywhere:

    python3 tools/build-foods.py

(tools/generate runs it and tools/build-movements.py; tools/check-generated fails when the tree differs.)

Everything the search needs is worked out here, once, and written as static string literals that
the binary carries: start-up copies nothing, and a food's line is only read when a search touches
it. The literals:

bundledFoods (StaticLines: the lines, and where each starts as fixed-width decimals): one line per
    food, in code order (SR28 NDB numbers, at most five digits, come before the eight-digit FNDDS
    codes; the two never overlap), tab-separated:
     0 code            FNDDS food code or SR28 NDB number
     1 source          F (FNDDS) or S (SR28)
     2-5               kcal, protein, carbohydrate, fat per 100 g
     6 category        WWEIA category number (FNDDS) or 100000 + SR28 food group code
     7 name            USDA's description
     8 synonyms        FNDDS additional descriptions, "; "-separated (SR28: none)
     9 portions        "description-id@grams" joined by "|", in USDA's order; the id is a line of
                       bundledPortionDescriptions. SR28 household measures
                       are stated per one unit ("0.25 cup = 66 g" becomes "1 cup = 264 g"; "3 cloves"
                       becomes "1 clove"), "tbsp"/"tsp" spelt "tablespoon"/"teaspoon" as FNDDS does,
                       duplicates dropped.
    10 head-ids        ids (base 64, see compact) of the head's words: the name before its first comma, brand parentheses
                       removed; for a class or a brand, the common name (see head_text)
    11 name-ids        ids of the name's words, in order
    12 synonym-ids     each naming synonym's ids (not a one-word variety, see is_variety),
                       ";"-separated, then those of the common name the description implies:
                       "Spices, cinnamon, ground" is cinnamon, "Oil, olive" olive oil (see
                       common_names)
    13 core-count      name words about the food, not its genericity ("NFS", "NS as to ...")
    14 generic-bonus   NFS 8, each "NS as to" 4 (at most 2)
    15 noun-ids        sorted ids of the head nouns: what the food is (see nouns_and_kinds)
    16 kind-ids        sorted ids of the kind words: "Cheese, ricotta" is a ricotta
    17 alias-ids       sorted ids of the kinds the synonyms say: "Wine, red" is a zinfandel
    18-21              fibre, total sugars, saturated fat (g) and sodium (mg) per 100 g: FNDDS "Fiber,
                       total dietary (g)", "Sugars, total (g)", "Fatty acids, total saturated (g)",
                       "Sodium (mg)"; SR28 nutrients 291, 269, 606 and 307. Empty when SR28 has no
                       value: unknown, not zero. Last on the line, so reading a food's words skips
                       nothing more.
    Every word of the name and synonyms, what a search must find, is in the name-ids, synonym-ids
    or alias-ids (one-word varieties are aliases only); the script checks it.
bundledFoodCodes (StaticString): each food's code as 8 digits, in line order, for a binary search.
bundledPortionDescriptions (StaticLines): the portions' descriptions ("1 cup", "1 oz"), each once, the
    most used first (ties by UTF-8 bytes); a description's line number is its id. 35,000 portions
    name 2,600 descriptions: written once each, the table is 0.4 MB smaller (issue 15, size).
bundledVocabulary (StaticLines): the normalized words, sorted by their UTF-8 bytes; a word's line
    number is its id.
bundledPostings (StaticLines): line i = "count food food ...": the foods (line numbers) whose
    all-ids hold word i, in order, each written as how much more it is than the one before.
bundledNounPostings (StaticLines): line i = "food food ...": the foods whose noun-ids hold word i, in
    order (as differences, like the postings): what a search scores first, and alone when there are
    enough of them.
Every id, count, food position and line start is a base-64 number (see compact below: "x>" is 3683).
bundledProtectedWords (StaticLines): English words (data/english) within a typo's reach of a table
    word but not in the table, sorted: typed, they are unknown words, never corrected into a food word.
bundledCategoriesText: "number\\tname" per line. bundledEverydayByName (StaticLines): "normalized-alias
    alias  code  portion", sorted by bytes, one per name. bundledEverydayByWordSet (StaticLines):
    "sorted-words  alias  code  portion  normalized-alias", sorted by bytes, one per word set: both read
    in place by binary search. bundledCompletionText: the names TAB completes, lowercased, sorted.
bundledComposedDishes: "normalized-alias  alias  parts" per line, the dishes data/everyday.tsv composes
    of several foods (code "="), sorted by bytes.

The normalization here must match Sources/CalorinaLanguage/FoodWords.swift exactly; a test checks
the two agree on the table's names.
"""

import csv
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
USDA = os.path.join(ROOT, "data", "usda")
SR28 = os.path.join(ROOT, "data", "usda-sr28")
ENGLISH = os.path.join(ROOT, "data", "english", "words.txt")
OUT = os.path.join(ROOT, "Sources", "CalorinaFoodData", "FoodTableData.swift")
PREFIX = "2021-2023 FNDDS At A Glance - "
STOP_WORDS = {"and", "with", "of", "the", "a", "an", "or", "in", "to", "&"}

# SR28 food groups left out: dishes and foods as eaten that FNDDS covers as Americans eat them
# (baby foods, fast food, restaurant dishes, meals and entrees, American Indian/Alaska Native foods).
SR28_SKIPPED_GROUPS = {"0300", "2100", "2200", "3500", "3600"}
# SR28 groups whose foods are cooking ingredients: their common names ("baking soda", "olive oil")
# are among the names TAB completes.
INGREDIENT_GROUPS = {"0100", "0200", "0400", "0600", "0900", "1100", "1200", "1400", "1600", "1800", "1900", "2000"}
# First segments of a USDA name that say which class a food is in, not what it is: the next
# segment names it ("Spices, cinnamon, ground" is cinnamon, "Leavening agents, baking soda" baking
# soda, "Fish, salmon, NFS" salmon), and the class's noun is a noun of the food too ("spice"; none
# for a class that is no kind of food). "X products" names X's product ("Tomato products, canned,
# paste" is tomato paste).
CLASSES = {
    "spices": "spice", "leavening agents": "", "beverages": "beverage", "alcoholic beverage": "beverage",
    "nuts": "nut", "seeds": "seed", "fish": "fish", "mollusks": "mollusk", "crustaceans": "crustacean",
    "game meat": "meat", "snacks": "snack", "candies": "candy", "candy": "candy", "cereals ready-to-eat": "cereal",
    "cereals": "cereal", "cereal": "cereal", "usda commodity": "", "frozen novelties": "", "formulated bar": "bar",
    "tomato products": "", "sweeteners": "sweetener", "syrups": "syrup", "fruit juice smoothie": "smoothie",
    "soup": "soup",
}
# Words that describe a food but never name one: a food whose only link to the query is one of
# these is no match ("red" is no red wine, "big" no Big Mac). The twin of FoodWords.descriptors.
DESCRIPTORS = set("""
big small large medium jumbo mini little extra whole half raw fresh frozen dried dry canned cooked plain
regular light lite low high fat free reduced sweet sweetened unsweetened hot cold iced red white black green
yellow brown pink purple blue dark fine coarse ground no non nfs ns made home style type kind prepared
instant ready mixed chopped sliced diced minced grated shredded baked fried grilled roasted boiled steamed
stewed salted unsalted fluid solid liquid enriched unenriched bleached unbleached all purpose creamy crispy
crunchy spicy chunky cheesy fluffy juicy salty smoky fruity nutty buttery hearty tangy savory mild sharp thick
thin soft hard smooth rich lean heavy
""".split())


def read(name):
    with open(os.path.join(USDA, PREFIX + name + ".csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def read_sr28(name):
    with open(os.path.join(SR28, name), newline="", encoding="utf-8") as f:
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

# Plurals of words that end in "ie": "cookies" is cookie, not cooky. The twin of FoodWords.iePlurals.
IE_PLURALS = {"brownies", "calories", "cookies", "hoagies", "pies", "pierogies", "smokies", "smoothies", "veggies"}


def singular(word):
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word in IE_PLURALS:
        return word[:-1]
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("oes", "ches", "shes", "xes", "sses")):
        return word[:-2]
    return word[:-1]


# Latin letters with accents read as plain ones ("purée" is puree). The twin of `accentFree` in
# Sources/CalorinaLanguage/FoodWords.swift.
ACCENT_FREE = {}
for _plain, _accented in [
    ("a", "àáâãäåā"), ("c", "çć"), ("e", "èéêëē"), ("i", "ìíîïī"), ("n", "ñ"), ("o", "òóôõöøō"),
    ("u", "ùúûüū"), ("y", "ýÿ"), ("ae", "æ"), ("oe", "œ"), ("ss", "ß"),
]:
    for _ch in _accented:
        ACCENT_FREE[_ch] = _plain


def words(text):
    result, current = [], ""
    for ch in text.lower():
        if ch in "'\u2019":
            continue
        if ch in ACCENT_FREE:
            current += ACCENT_FREE[ch]
        elif ch.isalpha() or ch.isdigit() or ch in "%&":
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


def is_descriptor(word):
    """A word that says how a food is, never what it is: sizes, colours, states, ways of cooking,
    numbers ("2%", but not "v8"), and past participles ("shredded"). The twin of FoodWords.isDescriptor."""
    if word in DESCRIPTORS or not any(c.isalpha() for c in word):
        return True
    return len(word) > 4 and word.endswith("ed") and not word.endswith("eed")


# Words after which a name says what the food comes with, not what it is.
NOUN_CUTS = (" with ", " in ", " on ", " from ", " for ", " without ", " no ")


def phrase_nouns(phrase):
    """The head nouns of a name phrase: its last word that is no descriptor (its last word when all
    are), before any "with", "in", "on", "from", "for", "without" or "no". A phrase that joins a
    one-word last part by "or", "and", "&" or "/" names each part: "Corn flour patty or tart" is a
    patty or a tart, "Fish and chips" fish or chips; "Peanut butter and jelly sandwich" and "Sea salt
    and olive oil crackers" join modifiers, and are a sandwich and crackers."""
    text = " " + phrase.lower().replace("(", " ").replace(")", " ").replace(",", " , ") + " "
    for cut in NOUN_CUTS:
        if cut in text:
            text = text[: text.index(cut)] + " "
    text = text.replace(" and ", " or ").replace(" & ", " or ").replace("/", " or ")
    parts = text.split(" or ")
    if len(parts) > 1 and len([w for w in key_words(parts[-1])]) != 1:
        parts = [text.replace(" or ", " ")]
    nouns = []
    for part in parts:
        found = [w for w in words(part) if w not in STOP_WORDS]
        named = [w for w in found if not is_descriptor(w)]
        if named:
            nouns.append(named[-1])
        elif found:
            nouns.append(found[-1])
    return nouns


def is_brand(segment):
    """A segment that is a brand: its first word in capitals ("KEEBLER", "CAMPBELL'S Red and White")."""
    first = segment.split()[0] if segment.split() else ""
    letters = [c for c in first if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def common_names(name):
    """The common names a USDA description implies; the class its first segment names when it
    names a class or a brand rather than the food ("" for a brand; None when it names the food);
    and whether the name is a brand's product name ("GENERAL MILLS, CINNAMON TOAST CRUNCH"), which
    may end in a flavour and so does not say what the food is.
    "Spices, cinnamon, ground" → ["cinnamon"], "spices"; "Oil, olive, salad or cooking" →
    ["olive oil"], None; "Tomato products, canned, paste" → ["tomato paste"], "tomato products";
    "KEEBLER, TOWN HOUSE, FLATBREAD CRISPS, Sea Salt and Olive Oil Crackers" → ["sea salt and olive
    oil crackers"], ""."""
    segments = [s.strip() for s in name.split(",") if s.strip()]
    first, rest = segments[0], segments[1:]
    lowered = first.lower()
    if lowered in CLASSES or is_brand(first):
        named = [s for s in rest if any(not is_descriptor(w) for w in key_words(s))]
        if not named:
            return [], ("" if is_brand(first) else lowered), False
        unbranded = [s for s in named if not is_brand(s)]
        chosen = unbranded[0] if unbranded else named[-1]
        if lowered.endswith(" products"):
            return [lowered[: -len(" products")] + " " + chosen.lower()], lowered, False
        product = is_brand(first) or any(is_brand(s) for s in rest[: rest.index(chosen) + 1])
        return [chosen.lower()], ("" if is_brand(first) else lowered), product
    # "Beef, ground" is ground beef, "Oil, olive" olive oil, "Cheese, cream" cream cheese: one or
    # two words that only qualify ("Cookie, vanilla with caramel" is no vanilla).
    names = []
    if rest:
        second_words = words(rest[0])
        if 1 <= len(second_words) <= 2 and not any(w in STOP_WORDS or w.isdigit() for w in second_words):
            names.append(rest[0].lower() + " " + lowered)
            # "Bread, rye, toasted" is rye toast: toasted bread is called toast ("2 slices of rye
            # toast"), a word no USDA description uses for it.
            if lowered == "bread" and len(rest) == 2 and rest[1].strip().lower() == "toasted":
                names.append(rest[0].lower() + " toast")
    return names, None, False


# ---- the tables ------------------------------------------------------------------------------

def food_code(text):
    """An everyday code: eight digits for FNDDS, at most five (an NDB number, "02010") for SR28."""
    text = text.strip()
    if not text.isdigit():
        return None
    return int(text)


SERVED = re.compile(r"^([a-z]+(?: [a-z]+)?) = (\d+(?:\.\d+)?) (?:x (.+)|(g))$")


def served_portion(portion):
    """A served portion, what a dish is as a place serves it: "bowl = 3 x 1 cup" (a multiple of one
    of USDA's portions) or "salad = 400 g" (a weight). (name, count, USDA portion) for a multiple,
    (name, grams, None) for a weight; None for a USDA portion's own description. The twin of
    Resolver.servedPortion (Sources/CalorinaFoods/Resolver+Measures.swift)."""
    found = SERVED.match(portion)
    if not found:
        return None
    return (found.group(1), float(found.group(2)), None if found.group(4) else found.group(3))


def read_everyday(portions_by_code, composed=None):
    """The lines of data/everyday.tsv that are not comments, checked against the table. A line
    whose code is "=" is a dish composed of several foods: its third column is what it holds, in
    Calorina's own words ("1 fried egg, 2 rashers bacon"); those go to `composed` as (alias,
    normalized alias, parts). Such a name may also be an everyday name: said alone, it is the dish."""
    path = os.path.join(ROOT, "data", "everyday.tsv")
    kept, seen, seen_composed = [], set(), set()
    with open(path, encoding="utf-8") as f:
        for line_number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) > 2 and fields[1].strip() == "=":
                alias, parts = fields[0].strip(), fields[2].strip()
                if not parts:
                    sys.exit(f"everyday.tsv:{line_number}: {alias!r} is composed of nothing")
                if alias in seen_composed:
                    sys.exit(f"everyday.tsv:{line_number}: {alias!r} appears twice")
                seen_composed.add(alias)
                if composed is not None:
                    composed.append((clean(alias), " ".join(key_words(alias)), clean(parts)))
                continue
            alias, code = fields[0].strip(), food_code(fields[1])
            portion = fields[2].strip() if len(fields) > 2 else ""
            if code not in portions_by_code:
                sys.exit(f"everyday.tsv:{line_number}: unknown food code {fields[1]}")
            served = served_portion(portion)
            if served is not None:
                if served[2] is not None and served[2] not in portions_by_code[code]:
                    sys.exit(f"everyday.tsv:{line_number}: {code} has no portion {served[2]!r} to serve")
                if served[1] <= 0:
                    sys.exit(f"everyday.tsv:{line_number}: a served portion of nothing: {portion!r}")
                if len(fields) < 4 or not fields[3].strip():
                    sys.exit(f"everyday.tsv:{line_number}: a served portion needs a note saying where its figure comes from")
            elif portion and portion not in portions_by_code[code]:
                sys.exit(f"everyday.tsv:{line_number}: {code} has no portion {portion!r}")
            if alias in seen:
                sys.exit(f"everyday.tsv:{line_number}: {alias!r} appears twice")
            seen.add(alias)
            kept.append((clean(alias), str(code), clean(portion), " ".join(key_words(alias))))
    return kept


def fndds_records():
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
        categories[int(food["WWEIA Category number"])] = food["WWEIA Category description"]
        rows = sorted(portions.get(code, []), key=lambda r: int(r["Seq num"]))
        kept_portions = [
            (clean(r["Portion description"], "|@"), number(r["Portion weight (g)"]))
            for r in rows
            if float(r["Portion weight (g)"]) > 0
        ]
        name = clean(food["Main food description"])
        synonyms = [s.strip() for s in clean(food["Additional food description"]).split(";") if s.strip()]
        derived, _, product = common_names(name)
        records.append({
            "code": int(code), "source": "F", "kcal": values["Energy (kcal)"], "protein": values["Protein (g)"],
            "carbs": values["Carbohydrate (g)"], "fat": values["Total Fat (g)"],
            "nutrients": [values["Fiber, total dietary (g)"], values["Sugars, total (g)"],
                          values["Fatty acids, total saturated (g)"], values["Sodium (mg)"]],
            "category": int(food["WWEIA Category number"]), "name": name, "synonyms": synonyms,
            "portions": kept_portions, "derived": derived, "ingredient": False, "product": product,
        })
    return records, categories, skipped


def sr28_portion(amount, description, grams):
    """An SR28 household measure stated per one unit: (description, grams) or None."""
    amount, grams = float(amount), float(grams)
    if amount <= 0 or grams <= 0:
        return None
    text = clean(description, "|@")
    first, _, rest = text.partition(" ")
    bare = first.rstrip(",")
    if bare in ("tbsp", "tsp"):
        first = {"tbsp": "tablespoon", "tsp": "teaspoon"}[bare] + first[len(bare):]
    if amount != 1:
        first = singular(first)
    return (f"1 {first} {rest}".strip(), number(grams / amount))


def sr28_records():
    groups = {}
    portions = {}
    for row in read_sr28("sr28_portions.csv"):
        portion = sr28_portion(row["amount"], row["msre_desc"], row["gm_wgt"])
        if portion is None:
            continue
        kept = portions.setdefault(row["ndb_no"], [])
        if all(p[0] != portion[0] for p in kept):
            kept.append(portion)
    saturated = {row["ndb_no"]: row["fasat_g_606"] for row in read_sr28("sr28_saturated_fat_per100g.csv")}
    records, skipped = [], 0
    for row in read_sr28("sr28_foods_core_per100g.csv"):
        if row["fdgrp_cd"] in SR28_SKIPPED_GROUPS:
            skipped += 1
            continue
        groups[100000 + int(row["fdgrp_cd"])] = row["food_group"]
        name = clean(row["long_desc"])
        derived, _, product = common_names(name)
        records.append({
            "code": int(row["ndb_no"]), "source": "S", "kcal": row["energy_kcal_208"] or "0",
            "protein": row["protein_g_203"] or "0", "carbs": row["carbohydrate_g_205"] or "0",
            "fat": row["fat_g_204"] or "0", "category": 100000 + int(row["fdgrp_cd"]), "name": name,
            "nutrients": [row["fiber_g_291"], row["sugars_g_269"], saturated[row["ndb_no"]], row["sodium_mg_307"]],
            "synonyms": [], "portions": portions.get(row["ndb_no"], []), "derived": derived,
            "ingredient": row["fdgrp_cd"] in INGREDIENT_GROUPS, "product": product,
        })
    return records, groups, skipped


def head_text(record):
    """What a food's name says it is: its head, or for a class or a brand the common name ("Fish,
    salmon, NFS" is salmon, not fish; "KEEBLER, Vanilla Wafers" vanilla wafers)."""
    if common_names(record["name"])[1] is not None and record["derived"]:
        return record["derived"][0]
    return head(record["name"])


def is_variety(synonym):
    """An FNDDS additional description that is one lowercase word: a variety, flavour, way of
    cooking or ingredient as often as a name ("vanilla", "grilled", "cheese"; but "zinfandel"),
    so a kind of the food, never a name said exactly. Capitalized ones are names ("Coke")."""
    found = key_words(synonym)
    return len(found) == 1 and synonym.strip()[:1].islower()


def name_synonyms(record):
    """The synonyms that name the food, and then the common names (see common_names)."""
    return [s for s in record["synonyms"] if not is_variety(s)] + record["derived"]


def nouns_and_kinds(record):
    """What the food is (head nouns), which kind of it (kind words), and the kinds its synonyms
    say (alias words).

    The nouns are those of the head ("Corn flour patty or tart": patty, tart) or, when the head is
    a class, the class's own noun (spice), and those of the common name the description implies
    ("Spices, cinnamon": cinnamon; "Beef, ground": ground beef). The kinds are the last word of
    the name's second part that is no descriptor ("Cheese, ricotta": ricotta; "Cookie, oatmeal":
    oatmeal, which is why a kind is weaker than a noun) and the words in brackets, a brand or
    product ("Fruit juice drink (Capri Sun)"). The aliases are the one-word varieties and the
    nouns of the other additional descriptions of FNDDS ("Wine, red": zinfandel; "Barbecue rib
    sandwich": McDonald's McRib), which list varieties, flavours and products as often as names
    ("Tortilla chips (Doritos)": Cool Ranch), so FoodIndex trusts one only when no food's own name
    holds the word; "NS as to …" and "any …" ones say what is not known and name nothing.

    A brand's product name, which may end in a flavour ("ISLAND VANILLA" cereal), does not say
    what the food is: it agrees with what was typed only when it is all of it (FoodIndex)."""
    name = record["name"]
    segments = [s.strip() for s in name.split(",") if s.strip()]
    nouns = []
    group = common_names(name)[1]
    if group is None:
        nouns += phrase_nouns(head(name))
    elif CLASSES.get(group):
        nouns.append(CLASSES[group])
    if not record.get("product"):
        for phrase in record["derived"]:
            nouns += phrase_nouns(phrase)
    kinds = []
    # A class or brand's second segment is the food's own name (a noun above), or another brand.
    if len(segments) > 1 and group is None:
        found = [w for w in key_words(segments[1]) if not is_descriptor(w)]
        if found:
            kinds.append(found[-1])
    first = segments[0] if segments else ""
    if "(" in first:
        kinds += [w for w in key_words(first[first.index("(") + 1:].split(")")[0]) if not is_descriptor(w)]
    aliases = []
    for synonym in record["synonyms"]:
        if is_variety(synonym):
            aliases += key_words(synonym)
        elif not synonym.lower().startswith(("ns as to", "any ")):
            aliases += [w for w in phrase_nouns(synonym) if not is_descriptor(w)]
    return nouns, kinds, aliases


def deletions(word, depth):
    """The word with up to `depth` letters taken out, the word itself included."""
    found, frontier = {word}, {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


def protected_words(vocabulary):
    """English words within a typo's reach of a table word (one edit for 4 to 7 letters, two for
    longer, a swap of neighbours counting as one, as FoodIndex corrects) that the table does not
    hold. Two words within n edits share a form with at most n letters taken out of each, so each
    English word is compared only with the table words that share one."""
    known = set(vocabulary)
    by_deletion = {}
    for word in vocabulary:
        for form in deletions(word, 2):
            by_deletion.setdefault(form, set()).add(word)
    english = set()
    with open(ENGLISH, encoding="utf-8") as f:
        for line in f:
            word = line.strip()
            if word and not word.startswith("#"):
                english.add(singular(word))
    result = []
    for word in sorted(english - known):
        if len(word) < 4:
            continue
        limit = 2 if len(word) >= 8 else 1
        candidates = set()
        for form in deletions(word, limit):
            candidates |= by_deletion.get(form, set())
        if any(edit_distance(word, c, limit) <= limit for c in candidates):
            result.append(word)
    return result


def edit_distance(a, b, limit):
    """Optimal string alignment distance (insert, delete, replace, swap neighbours), or limit + 1
    once it must exceed limit. The twin of editDistance in Sources/CalorinaSupport."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before, previous = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1]))
            if before is not None and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, before[j - 2] + 1)
            current[j] = value
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


# The table's numbers that only the program reads (word ids, food positions, where a line starts)
# are written in base 64, one byte a digit from "?" (0) to "~" (63), most significant first:
# "3683" is "x>" (two bytes, not four). The digits are none of the separators (space, ";", tab,
# newline) nor a quote or "#", so a number needs no escaping inside the raw string literals, and
# a reader tells a digit by `byte >= 63`. The numbers a person may read in the table (food codes,
# kcal, grams, portion and category numbers) stay decimal. Measured on the stripped release
# binary: 20.37 MB with decimals, see Benchmarks/RESULTS.md for after.
COMPACT_ZERO = 63


def compact(n, width=0):
    """`n` in base 64, digits "?" to "~"; at least `width` digits ("?"-padded), at least one."""
    digits = []
    while n > 0 or not digits:
        digits.append(chr(COMPACT_ZERO + n % 64))
        n //= 64
    return "".join(reversed(digits)).rjust(width, chr(COMPACT_ZERO))


def compact_deltas(ascending):
    """Ascending numbers as their differences, each in base 64: "the first, then how much more"."""
    previous, out = 0, []
    for n in ascending:
        out.append(compact(n - previous))
        previous = n
    return out


def lines_literal(name, doc, lines):
    """A StaticLines value: the lines joined by newlines, and where each starts (and where one more
    would) as fixed-width base-64 numbers, so that line i is found without reading the lines before it."""
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line.encode("utf-8")) + 1
    starts.append(at)
    width = len(compact(at))
    body = "\n".join(lines)
    offsets = "".join(compact(start, width) for start in starts)
    return (f"/// {doc}\npackage let {name} = StaticLines(\n    text: #\"\"\"\n{body}\n\"\"\"#,\n"
            f"    starts: #\"{offsets}\"#, width: {width})\n\n")


def static_literal(name, doc, text):
    return f"/// {doc}\npackage let {name}: StaticString = \"{text}\"\n\n"


def string_literal(name, doc, lines):
    body = "\n".join(lines)
    return f"/// {doc}\npackage let {name} = #\"\"\"\n{body}\n\"\"\"#\n\n"


def main():
    fndds, categories, fndds_skipped = fndds_records()
    sr28, groups, sr28_skipped = sr28_records()
    records = sorted(fndds + sr28, key=lambda r: r["code"])
    codes = [r["code"] for r in records]
    if len(set(codes)) != len(codes):
        sys.exit("an SR28 NDB number and an FNDDS food code coincide")
    categories.update(groups)

    composed = []
    everyday = read_everyday({r["code"]: {p[0] for p in r["portions"]} for r in records}, composed)

    texts = lambda r: [r["name"]] + r["synonyms"] + r["derived"]
    vocabulary = sorted({w for r in records for text in texts(r) for w in key_words(text)},
                        key=lambda w: w.encode("utf-8"))
    ids = {w: i for i, w in enumerate(vocabulary)}

    def id_list(text):
        return " ".join(compact(ids[w]) for w in key_words(text))

    def id_set(found):
        return " ".join(compact(i) for i in sorted({ids[w] for w in found if w in ids}))

    uses = {}
    for r in records:
        for d, _ in r["portions"]:
            uses[d] = uses.get(d, 0) + 1
    descriptions = sorted(uses, key=lambda d: (-uses[d], d.encode("utf-8")))
    description_ids = {d: i for i, d in enumerate(descriptions)}

    lines, postings, noun_postings = [], [[] for _ in vocabulary], [[] for _ in vocabulary]
    for position, r in enumerate(records):
        bonus, core = generic(r["name"])
        all_ids = sorted({ids[w] for text in texts(r) for w in key_words(text)})
        for i in all_ids:
            postings[i].append(position)
        nouns, kinds, aliases = nouns_and_kinds(r)
        for i in sorted({ids[w] for w in nouns if w in ids}):
            noun_postings[i].append(position)
        held = {ids[w] for text in [r["name"]] + name_synonyms(r) for w in key_words(text)}
        if held | {ids[w] for w in aliases if w in ids} != set(all_ids):
            sys.exit(f"{r['code']}: the name, synonym and alias ids do not hold every word")
        lines.append("\t".join([
            str(r["code"]),
            r["source"],
            number(r["kcal"]),
            number(r["protein"]),
            number(r["carbs"]),
            number(r["fat"]),
            str(r["category"]),
            r["name"],
            "; ".join(r["synonyms"]),
            "|".join(f"{description_ids[d]}@{g}" for d, g in r["portions"]),
            id_list(head_text(r)),
            id_list(r["name"]),
            ";".join(id_list(s) for s in name_synonyms(r)),
            str(core),
            str(bonus),
            id_set(nouns),
            id_set(kinds),
            id_set(aliases),
        ] + [number(v) if v.strip() else "" for v in r["nutrients"]]))

    completion = {head(r["name"]).lower() for r in records if r["source"] == "F"}
    completion |= {s.lower() for r in records for s in r["synonyms"] if len(s) <= 40}
    # The common names of SR28 ingredients that are a class's ("baking soda", "garlic powder",
    # "chicken broth"), not the reordered ones ("frozen broccoli").
    completion |= {d for r in records for d in r["derived"]
                   if len(d) <= 40 and r["ingredient"] and common_names(r["name"])[1] and not r.get("product")}
    # A British reading ("british chips") is no name anyone types.
    completion |= {alias for alias, _, _, _ in everyday if not alias.startswith("british ")}
    completion |= {alias for alias, _, _ in composed}
    # A plural alias whose singular is there too only doubles the choices TAB lists.
    completion = sorted(c for c in completion if c and not (c.endswith("s") and c[:-1] in completion))

    posting_lines = [" ".join([compact(len(p))] + compact_deltas(p)) for p in postings]
    protected = protected_words(vocabulary)
    out_text = "// Generated by tools/build-foods.py from data/usda (USDA FNDDS 2021-2023), data/usda-sr28\n"
    out_text += "// (USDA SR28), data/everyday.tsv and data/english. Do not edit: change those and run the script.\n"
    out_text += "// swift-format-ignore-file\n\n"
    out_text += lines_literal("bundledFoods", "The foods, one per line, in code order (format: tools/build-foods.py).",
                              lines)
    out_text += static_literal("bundledFoodCodes", "Each food's code as 8 digits, in line order: what a code is found by.",
                               "".join(str(r["code"]).rjust(8, "0") for r in records))
    out_text += lines_literal("bundledPortionDescriptions",
                              "The portions' descriptions, the most used first; line number = the id a food's "
                              "portions give.", descriptions)
    out_text += lines_literal("bundledVocabulary", "The normalized words, sorted by UTF-8 bytes; line number = id.",
                              vocabulary)
    out_text += lines_literal("bundledPostings", "`count food food …` for each word id: the foods that hold it.",
                              posting_lines)
    out_text += lines_literal("bundledNounPostings", "`food food …` for each word id: the foods it is a noun of.",
                              [" ".join(compact_deltas(p)) for p in noun_postings])
    out_text += lines_literal("bundledProtectedWords",
                              "English words never corrected into a table word, sorted by UTF-8 bytes.", protected)
    out_text += string_literal("bundledCategoriesText", "`number  name` per category.",
                               [f"{n}\t{clean(t)}" for n, t in sorted(categories.items())])
    # The everyday names as the lookups the resolver makes, sorted by UTF-8 bytes so that a name is
    # found by a binary search in place: by normalized name (the later of two with one name wins,
    # as data/everyday.tsv's order says), and by the name's words sorted (the first wins).
    by_name, by_word_set = {}, {}
    for alias, code, portion, name in everyday:
        by_name[name] = "\t".join([name, alias, code, portion])
        key = " ".join(sorted(name.split(" ")))
        by_word_set.setdefault(key, "\t".join([key, alias, code, portion, name]))
    out_text += lines_literal("bundledEverydayByName",
                              "Everyday names by name, sorted by UTF-8 bytes: `normalized-alias  alias  code  portion`.",
                              sorted(by_name.values(), key=lambda line: line.encode("utf-8")))
    out_text += lines_literal("bundledEverydayByWordSet",
                              "Everyday names by their words sorted, sorted by UTF-8 bytes: "
                              "`sorted-words  alias  code  portion  normalized-alias`.",
                              sorted(by_word_set.values(), key=lambda line: line.encode("utf-8")))
    out_text += string_literal("bundledCompletionText", "The names TAB completes, sorted.", completion)
    out_text += string_literal("bundledComposedDishes",
                               "Dishes composed of several foods: `normalized-alias  alias  parts`, sorted.",
                               sorted(("\t".join([name, alias, parts]) for alias, name, parts in composed),
                                      key=lambda line: line.encode("utf-8")))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as out:
        out.write(out_text)
    print(f"{len(fndds)} FNDDS foods ({fndds_skipped} skipped), {len(sr28)} SR28 foods ({sr28_skipped} in dish "
          f"groups left out), {len(categories)} categories, {len(vocabulary)} words, {len(everyday)} everyday names, "
          f"{len(completion)} completion names, {len(protected)} protected words -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
