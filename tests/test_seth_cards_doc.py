"""docs/cards.md's Time of Seth rows: every SX, Cultist, Artifact, BX, TX, DX and Conquest-tile (CQ) id once, with its printed text, a
function that exists in the compiled rules and tests that exist in the named test files."""
from __future__ import annotations

import pathlib
import re

from tekhenu_engine import data

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_seth_rows_of_cards_md():
    pkg = ROOT / "tekhenu_engine"
    src = "".join(f.read_text() for f in [pkg / "_core.pyx"] + sorted(pkg.glob("*/*.pxi")))
    rows = [l for l in (ROOT / "docs" / "cards.md").read_text().splitlines()
            if re.match(r"\| (SX\d\d|Cult\d\d|Art\d\d|BX\d\d|TX\d\d|DX\d\d|CQ\d\d) ", l)]
    want = list(data.SETH_DECKS["Starting"] + data.SETH_DECKS["Cultist"] + data.SETH_DECKS["Artifact"]
                + data.SETH_DECKS["Blessing"] + data.SETH_DECKS["Technology"] + data.SETH_DECKS["Decree"]
            + tuple(t["id"] for t in data.CONQUEST_TILES))
    assert [r.split("|")[1].strip() for r in rows] == want
    for r in rows:
        cid, text, impl, tests = (c.strip() for c in r.split("|")[1:5])
        assert text == data.SETH_CARD_TEXT[cid]
        funcs = re.findall(r"`([a-z_0-9]+)`", impl)
        assert funcs, cid
        for fn in funcs:
            assert re.search(rf"(cdef [^\n(]*|def )\b{fn}\(", src), (cid, fn)
        # every test named exists in one of the test files the row names
        files = set(re.findall(r"(tests/[a-z_]+\.py)", tests))
        bodies = "".join((ROOT / f).read_text() for f in files)
        names = re.findall(r"`(?:tests/[a-z_]+\.py::)?(test_[a-z_0-9]+)", tests)
        assert names and files, cid
        for t in names:
            assert f"def {t}(" in bodies, (cid, t)
