#!/usr/bin/env python3
"""Writes the input side of every example line of ../grammar/examples/*.txt into a folder (default
seeds/), one file per line, named by a hash of its bytes: the seed corpus of the fuzzer."""
import hashlib
import pathlib
import sys

here = pathlib.Path(__file__).resolve().parent
out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else here / "seeds"
out.mkdir(parents=True, exist_ok=True)
count = 0
for example in sorted((here.parent / "grammar" / "examples").glob("*.txt")):
    for line in example.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cut = line.rfind(" => ")
        text = (line[:cut] if cut >= 0 else line).strip()
        if not text:
            continue
        data = text.encode("utf-8")
        (out / ("seed-" + hashlib.sha1(data).hexdigest()[:16])).write_bytes(data)
        count += 1
print(f"{count} seeds in {out}")
