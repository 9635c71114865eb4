#!/usr/bin/env python3
"""Writes Benchmarks/corpus/lines.txt: 1,000 varied, realistic log lines, every one resolvable.

Lines are composed from foods people log with the amounts, units, joiners, meal words, days,
direct calories and typos the language allows, with a fixed seed; candidates are checked with
`calorina-bench check` and the first 1,000 that resolve are kept, in a shuffled order.

    python3 Benchmarks/tools/make-corpus.py PATH/TO/calorina-bench

Re-run it only to change the corpus on purpose: the benchmarks compare runs over the same file.
"""
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "corpus", "lines.txt")
WANTED = 1000

# Foods counted by the piece: "2 eggs", "a banana", "half an avocado", "x2 tacos".
COUNTED = [
    ("egg", "eggs"), ("banana", "bananas"), ("apple", "apples"), ("orange", "oranges"), ("peach", "peaches"),
    ("pear", "pears"), ("kiwi", "kiwis"), ("avocado", "avocados"), ("bagel", "bagels"), ("croissant", "croissants"),
    ("muffin", "muffins"), ("donut", "donuts"), ("pancake", "pancakes"), ("waffle", "waffles"), ("taco", "tacos"),
    ("cookie", "cookies"), ("brownie", "brownies"), ("hot dog", "hot dogs"), ("hamburger", "hamburgers"),
    ("cheeseburger", "cheeseburgers"), ("burrito", "burritos"), ("tortilla", "tortillas"), ("meatball", "meatballs"),
    ("chicken nugget", "chicken nuggets"), ("clementine", "clementines"), ("date", "dates"), ("plum", "plums"),
    ("granola bar", "granola bars"), ("protein bar", "protein bars"), ("rice cake", "rice cakes"),
    ("tomato", "tomatoes"), ("carrot", "carrots"), ("potato", "potatoes"), ("sweet potato", "sweet potatoes"),
    ("dinner roll", "dinner rolls"), ("english muffin", "english muffins"), ("pickle", "pickles"),
    ("chicken thigh", "chicken thighs"), ("chicken wing", "chicken wings"), ("pork chop", "pork chops"),
    ("sausage", "sausages"), ("strawberry", "strawberries"), ("almond", "almonds"), ("walnut", "walnuts"),
    ("cracker", "crackers"), ("pretzel", "pretzels"), ("grape", "grapes"), ("olive", "olives"),
    ("shrimp", "shrimp"), ("lemon", "lemons"),
]
# Foods weighed or measured: "200g rice", "1.5 cups pasta", "4 oz chicken breast".
MEASURED = [
    "rice", "white rice", "brown rice", "pasta", "spaghetti", "quinoa", "oatmeal", "chicken breast", "steak",
    "ground beef", "salmon", "tuna", "cod", "tofu", "cheddar cheese", "mozzarella", "cottage cheese", "greek yogurt",
    "yogurt", "broccoli", "spinach", "green beans", "peas", "corn", "black beans", "lentils", "chickpeas",
    "mashed potatoes", "french fries", "blueberries", "raspberries", "grapes", "watermelon", "pineapple", "mango",
    "granola", "cereal", "popcorn", "potato chips", "almonds", "cashews", "peanuts", "trail mix", "turkey",
    "ham", "bacon", "chili", "beef stew", "chicken noodle soup", "tomato soup", "lasagna", "mac and cheese",
    "fried rice", "pad thai", "chicken curry", "coleslaw", "potato salad", "ice cream", "hummus", "guacamole",
    "salsa", "carrots", "zucchini", "cauliflower", "sweet potato", "ramen", "couscous", "pork", "lamb",
]
DRINKS = [
    "milk", "2% milk", "skim milk", "orange juice", "apple juice", "coffee", "black coffee", "tea", "green tea",
    "beer", "red wine", "white wine", "cola", "coke", "diet coke", "sprite", "lemonade", "iced tea",
    "almond milk", "soy milk", "chocolate milk", "hot chocolate", "smoothie", "sports drink", "coconut water",
    "latte", "cappuccino", "espresso", "cranberry juice", "tomato juice",
]
SPREADS = [
    "butter", "peanut butter", "olive oil", "jam", "honey", "maple syrup", "mayonnaise", "ketchup", "mustard",
    "sugar", "cream cheese", "ranch dressing", "nutella", "soy sauce", "cream", "parmesan cheese",
]
DISHES = [
    "big mac", "pizza", "pepperoni pizza", "caesar salad", "turkey sandwich", "grilled cheese sandwich",
    "blt", "pb&j", "oj", "chicken sandwich", "fish and chips", "spaghetti with meat sauce", "chicken burrito",
    "breakfast burrito", "veggie burger", "sushi", "cheese pizza", "club sandwich", "quesadilla", "nachos",
    "egg salad sandwich", "tuna sandwich", "french toast", "omelet", "apple pie", "cheesecake", "chocolate cake",
    "carrot cake", "fried chicken", "chicken tenders", "onion rings", "garlic bread", "cornbread", "coffee with milk",
]
TYPOS = [
    "bananna", "brocoli", "spagetti", "avacado", "chocolate chip cokie", "yoghurt", "strawbery", "oatmel",
    "sandwhich", "tomatoe", "potatos", "cheeze", "chiken breast", "bluberries", "lasagne", "pineaple", "hamburgr",
    "yougurt", "brocolli", "cerael", "omelette", "expresso", "ceasar salad", "capuccino", "zuchini",
]

NUMBERS = ["2", "3", "1", "1.5", "1/2", "1 1/2", "½", "1½", "¼", "a", "an", "one", "two", "three", "half",
           "half a", "a dozen", "x2", "2x", "4", "6", "10", "0.5", "¾", "2 1/2"]
MASS = ["200g", "150 g", "100 grams", "4 oz", "6 oz", "8oz", "1 lb", "0.5 lb", "250 g", "3 ounces", "50g", "12 oz"]
VOLUME = ["1 cup", "2 cups", "1/2 cup", "½ cup", "1.5 cups", "3/4 cup", "a cup of", "1 cup of", "2 tbsp",
          "1 tbsp", "1 tsp", "2 teaspoons", "1 tablespoon"]
DRINK_AMOUNTS = ["1 cup", "2 cups", "250ml", "330 ml", "500 ml", "12 fl oz", "8 fl oz", "a glass of", "2 glasses of",
                 "1 can", "a can of", "1 bottle", "a mug of", "1 pint", "a large", "a small", "1 medium", ""]
SPREAD_AMOUNTS = ["1 tbsp", "2 tbsp", "1 tsp", "2 tsp", "1 tablespoon", "a teaspoon of", "½ tbsp", "15g", "1 oz"]
DISH_AMOUNTS = ["", "1", "a", "2", "1 serving", "2 servings", "1 slice", "2 slices", "a piece of", "half a",
                "1 large", "1 small", "300g", "1 cup"]
MEALS_AFTER = ["breakfast", "for breakfast", "lunch", "for lunch", "dinner", "for dinner", "snack", "at dinner",
               "supper", "for snack"]
MEALS_BEFORE = ["breakfast:", "lunch:", "dinner:", "snack", "lunch", "breakfast"]
DAYS = ["yesterday", "2026-11-20", "2026-11-21", "on 2026-11-19", "mon", "on tuesday", "-2", "2 days ago",
        "friday", "today", "sun", "3 days ago"]
JOINERS = [" and ", ", ", " + ", " with ", " & ", "; "]


def counted(r):
    singular, plural = r.choice(COUNTED)
    n = r.choice(NUMBERS)
    if n in ("a", "an", "one", "half a", "½", "¼", "¾", "1", "1/2", "0.5"):
        article = "an" if singular[0] in "aeiou" else "a"
        n = {"a": article, "an": article}.get(n, n)
        return f"{n} {singular}"
    if n in ("x2", "2x") and r.random() < 0.5:
        return f"{plural} {n}"
    return f"{n} {plural}"


def measured(r):
    food = r.choice(MEASURED)
    form = r.random()
    if form < 0.45:
        return f"{r.choice(MASS)} {food}"
    if form < 0.6:
        return f"{food} {r.choice(MASS)}"
    if form < 0.9:
        return f"{r.choice(VOLUME)} {food}"
    return food


def drink(r):
    amount = r.choice(DRINK_AMOUNTS)
    return f"{amount} {r.choice(DRINKS)}".strip()


def spread(r):
    return f"{r.choice(SPREAD_AMOUNTS)} {r.choice(SPREADS)}"


def dish(r):
    return f"{r.choice(DISH_AMOUNTS)} {r.choice(DISHES)}".strip()


def typo(r):
    return f"{r.choice(['', '1', '2', 'a', '1 cup'])} {r.choice(TYPOS)}".strip()


def direct(r):
    kcal = r.choice([80, 120, 150, 220, 350, 400, 450, 650, 800])
    food = r.choice(["burger", "sandwich", "salad", "cake", "smoothie", "wrap", "soup", "bowl", "pastry", ""])
    if not food:
        return f"{kcal} kcal"
    return r.choice([f"{food} {kcal} kcal", f"{kcal}kcal {food}", f"{kcal} cal {food}", f"{food} {kcal}kcal"])


KINDS = [(counted, 30), (measured, 25), (drink, 15), (spread, 8), (dish, 14), (typo, 4), (direct, 4)]


def item(r):
    kinds, weights = zip(*KINDS)
    return r.choices(kinds, weights)[0](r)


def line(r):
    count = r.choices([1, 2, 3, 4], [55, 28, 12, 5])[0]
    items = [item(r) for _ in range(count)]
    text = items[0]
    for extra in items[1:]:
        text += r.choice(JOINERS) + extra
    where = r.random()
    if where < 0.30:
        text = f"{text} {r.choice(MEALS_AFTER)}"
    elif where < 0.40:
        text = f"{r.choice(MEALS_BEFORE)} {text}"
    if r.random() < 0.12:
        text = f"{text} {r.choice(DAYS)}"
    if r.random() < 0.05:
        text = text.capitalize()
    return " ".join(text.split())


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-corpus.py PATH/TO/calorina-bench")
    bench = sys.argv[1]
    r = random.Random(20261122)
    candidates, seen = [], set()
    while len(candidates) < WANTED * 2:
        text = line(r)
        if text not in seen:
            seen.add(text)
            candidates.append(text)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(candidates) + "\n")
        path = handle.name
    result = subprocess.run([bench, "check", path], capture_output=True, text=True)
    os.unlink(path)
    import json
    problems = json.loads(result.stdout)["problems"]
    bad = {p[1:p.index("': ")] for p in problems if p.startswith("'")}
    good = [c for c in candidates if c not in bad]
    if len(good) < WANTED:
        sys.exit(f"only {len(good)} of {len(candidates)} candidates resolve")
    dropped = len(candidates) - len(good)
    with open(OUT, "w") as out:
        out.write("# 1,000 log lines for the parse + resolve benchmark (Benchmarks/tools/make-corpus.py).\n")
        out.write("# Varied and realistic: counts, fractions, units, several items, meal words, days,\n")
        out.write("# direct calories and typos. Every line resolves; the benchmark stops if one does not.\n")
        out.write("\n".join(good[:WANTED]) + "\n")
    print(f"wrote {WANTED} lines to {os.path.normpath(OUT)} ({dropped} of {len(candidates)} candidates did not resolve)")
    for p in problems[:40]:
        print("  dropped", p)


if __name__ == "__main__":
    main()
