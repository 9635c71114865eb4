"""Issue 25, items 6 and 7: "every command linear, every command flat".

Rows of their own, kept apart from the rest of `Benchmarks/run` (which calls `add_rows` once, in
its block marked "issue 25"):

- own foods: one-shot `--dry-run 1 banana` on folders with 0, 200 and 2,000 foods of the user's
  (hyperfine, the three in the same calls), each as a ratio to the one with none; budget 1.2 ×.
  The folders' `foods.json` are made here (names "alpha bravo bar 17"…, the macros and a portion
  weight of a protein bar): made-up foods, no data of anyone's. The warm-up runs make the
  index `cache/foods.index` that later runs read in place.
- scripts: `define` × 200 and × 2,000 (one new food a line), `again` × 800 and × 8,000 (a banana,
  then `again` on the same day), `delete 1` × 400 and × 4,000 (as many bananas first, then each
  deleted, F19): start → exit into a new empty folder each run; the larger over the smaller,
  budget 12 × for ten times the lines (linear, with room for start-up; the delete script's larger
  run also has a day ten times as large).
- peak memory (40 MiB each): restore of the 10-year folder (`import` of its `export all`
  backup into an empty folder), `export all` and `export csv` of 10 years to stdout (into a
  file, as a pipe to a reader would be), `import` of 100 years (the 10-year CSV export with its
  dates moved back 10, 20 … 90 years, new ids; rows of 29 February dropped where the year has
  none).

Run alone (builds, reuses the cached 10-year folder): `python3 Benchmarks/flat_rows.py [--quick]`.
"""

import csv
import json
import os
import sys
import tempfile

OWN_FOODS = (0, 200, 2000)
DEFINES = (200, 2000)
AGAINS = (800, 8000)
DELETES = (400, 4000)
RSS_MB = 40.0
OWN_FOODS_RATIO = 1.2
SCRIPT_RATIO = 12.0
WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo",
         "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"]


def own_foods_folder(work, count):
    folder = os.path.join(work, f"own-foods-{count}")
    os.makedirs(folder, exist_ok=True)
    if count:
        foods = [{"amount": 1, "carbs": 20.0, "fat": 5.0, "grams": 60.0, "kcal": 100 + i % 300,
                  "name": f"{WORDS[i % 20]} {WORDS[(i // 20) % 20]} bar {i}", "protein": 10.0, "unit": "bar"}
                 for i in range(count)]
        document = {"aliases": [], "choices": {}, "foods": foods, "recipes": [], "version": 3}
        with open(os.path.join(folder, "foods.json"), "w") as handle:
            json.dump(document, handle, indent=2, sort_keys=True)
            handle.write("\n")
    return folder


def script(work, name, lines):
    path = os.path.join(work, name + ".txt")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return path


def hundred_years_csv(calorina, env, work, ten_years, run):
    """The 10-year folder's CSV export, ten times over, moved back 0, 10 … 90 years."""
    source = os.path.join(work, "ten-years.csv")
    result = run.spawn([calorina, "--data-dir", ten_years, "export", "csv", "to", source], env)
    if run.exit_code(result[1]) != 0:
        run.die("export csv of the 10-year folder failed")
    with open(source, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], rows[1:]
    date_at, id_at = header.index("date"), header.index("id")
    target = os.path.join(work, "hundred-years.csv")
    count = 0
    with open(target, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for shift in range(10):
            for row in body:
                year = int(row[date_at][:4]) - 10 * shift
                if row[date_at][5:] == "02-29" and not (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)):
                    continue
                moved = list(row)
                moved[date_at] = f"{year:04d}" + row[date_at][4:]
                moved[id_at] = f"{shift:x}" + row[id_at][1:] if row[id_at] else row[id_at]
                writer.writerow(moved)
                count += 1
    return target, count


def add_rows(run, table, details, calorina, env, work, ten_years, quick):
    """Measures issue 25's rows and adds them to `table` (`run` is the Benchmarks/run module)."""
    summary = run.summary
    table.section("issue 25: own foods, per-line scripts, flat memory")
    runs = 10 if quick else 40
    rounds = 2 if quick else 4
    found = {}

    # -- own foods: one-shot banana with 0, 200, 2,000 foods of the user's ------------------------
    folders = {count: own_foods_folder(work, count) for count in OWN_FOODS}
    run.log(f"issue 25: one-shot banana with {', '.join(map(str, OWN_FOODS))} own foods (hyperfine, {runs} runs) …")
    commands = [(f"own/{count}", [calorina, "--dry-run", "--data-dir", folders[count], "1", "banana"])
                for count in OWN_FOODS]
    timed = run.hyperfine(commands, env, work, runs, rounds=rounds)
    none = run.timed_stats(timed["own/0"])
    found["own_foods_ms"] = {count: timed[f"own/{count}"] for count in OWN_FOODS}
    table.add("one-shot `--dry-run 1 banana`, no own foods", "ms", none,
              note=f"hyperfine; CPU {timed['own/0']['cpu_ms']:.1f} ms (mean)")
    for count in OWN_FOODS[1:]:
        stats = run.timed_stats(timed[f"own/{count}"])
        table.add(f"     with {count:,} own foods", "ms", stats, floor=none["median"], goal=OWN_FOODS_RATIO,
                  floor_name="no own foods",
                  note=f"same run; CPU {timed[f'own/{count}']['cpu_ms']:.1f} ms (mean), "
                       f"{timed[f'own/{count}']['cpu_ms'] / timed['own/0']['cpu_ms']:.2f} × none's")

    # -- scripts of per-line commands ----------------------------------------------------------------
    reps = 1 if quick else 3

    def script_runs(name, path):
        results = []
        for number in range(reps):
            folder = os.path.join(work, f"{name}-{number}")
            results.append(run.measured([calorina, "--data-dir", folder], env, work, stdin=path, timeout=300))
        return results

    for kind, sizes, make in (
        ("define", DEFINES, lambda n: [f"define flat bar {i} = {100 + i % 300} kcal, 10 g protein per bar (60 g)"
                                       for i in range(n)]),
        ("again", AGAINS, lambda n: ["a banana"] + ["again"] * n),
        # F19: `delete 1` on a day of as many entries, each line; the larger day is 10 ×.
        ("delete 1", DELETES, lambda n: ["a banana"] * n + ["delete 1"] * n),
    ):
        measured = {}
        for size in sizes:
            run.log(f"issue 25: a script of {size:,} `{kind}` lines, {reps} runs …")
            name = f"{kind.replace(' ', '-')}-{size}"
            measured[size] = script_runs(name, script(work, name, make(size)))
        found[f"{kind}_s"] = measured
        small, large = sizes
        small_stats = summary([r["seconds"] for r in measured[small]])
        table.add(f"script of {small:,} `{kind}` lines", "s", small_stats,
                  note=f"start → exit, new folder; peak RSS {max(r['rss_mb'] for r in measured[small]):.1f} MB")
        if measured[large][-1]["timed_out"]:
            table.add(f"     {large:,} `{kind}` lines", "s", None, met=False, value="> 300 s",
                      note="stopped")
        else:
            large_stats = summary([r["seconds"] for r in measured[large]])
            table.add(f"     {large:,} `{kind}` lines", "s", large_stats, floor=small_stats["median"],
                      goal=SCRIPT_RATIO, floor_name=f"{small:,} lines",
                      note=f"same run; peak RSS {max(r['rss_mb'] for r in measured[large]):.1f} MB; "
                           f"CPU {summary([r['cpu_seconds'] for r in measured[large]])['median']:.2f} s")

    # -- peak memory of restore, export to stdout, import of 100 years -----------------------------------
    backup = os.path.join(work, "ten-years-backup.json")
    made = run.spawn([calorina, "--data-dir", ten_years, "export", "all", "to", backup], env)
    if run.exit_code(made[1]) != 0:
        run.die("export all to FILE of the 10-year folder failed")
    hundred, rows = hundred_years_csv(calorina, env, work, ten_years, run)
    memory = {}
    for name, argv_of, stdout in (
        ("restore of 10 years (`import` of its `export all`)",
         lambda n: [calorina, "--data-dir", os.path.join(work, f"restore-{n}"), "import", backup], "/dev/null"),
        ("`export all` of 10 years to stdout",
         lambda n: [calorina, "--data-dir", ten_years, "export", "all"], os.path.join(work, "all.out")),
        ("`export csv` of 10 years to stdout",
         lambda n: [calorina, "--data-dir", ten_years, "export", "csv"], os.path.join(work, "csv.out")),
        (f"`import` of 100 years ({rows:,} rows)",
         lambda n: [calorina, "--data-dir", os.path.join(work, f"hundred-{n}"), "import", hundred], "/dev/null"),
    ):
        run.log(f"issue 25: peak RSS of {name} …")
        results = [run.measured(argv_of(n), env, work, stdout=stdout, timeout=600) for n in range(1 if quick else 2)]
        memory[name] = results
        status = results[0]["status"]
        table.single(f"peak RSS, {name}", "MB", max(r["rss_mb"] for r in results), RSS_MB, n=len(results),
                     note=f"{results[0]['seconds']:.1f} s" + ("" if status == 0 else f"; exit status {status}"))
    found["memory"] = memory
    details["issue25"] = found


def main():
    """This block alone: a release build, the cached 10-year folder, these rows."""
    import importlib.machinery
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    loader = importlib.machinery.SourceFileLoader("calorina_bench_run", os.path.join(here, "run"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    run = importlib.util.module_from_spec(spec)
    loader.exec_module(run)
    quick = "--quick" in sys.argv
    cache = os.environ.get("CALORINA_BENCH_CACHE", "/tmp/calorina-bench")
    os.makedirs(cache, exist_ok=True)
    work = tempfile.mkdtemp(prefix="flat-", dir=cache)
    calorina, bench, _ = run.build()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", work),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "CALORINA_NOW": run.NOW,
           "XDG_STATE_HOME": os.path.join(work, "state"), "XDG_DATA_HOME": os.path.join(work, "xdg-data")}
    ten_years, _ = run.data_folder(bench, calorina, cache, env, "10-years", 3650, 1)
    table = run.Table()
    details = {}
    add_rows(run, table, details, calorina, env, work, ten_years, quick)
    print(table.render(f"issue 25 rows · {os.uname().nodename} · load {os.getloadavg()[0]:.2f}"))
    missed = [row["metric"].strip() for row in table.rows if row.get("met") is False]
    print("Missed: " + ("; ".join(missed) if missed else "none"))
    with open(os.path.join(work, "issue25.json"), "w") as handle:
        json.dump(details, handle, indent=1, default=float)
    print(f"details: {os.path.join(work, 'issue25.json')}")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
