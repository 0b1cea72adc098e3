"""The DBA 2.2 element fixtures read against the guide they cite (fixtures/rulings/seeds/guia22.es.txt)."""

from pathlib import Path

import pytest
import yaml

from tournament.armies.elements import element_profile, element_types, known_codes, quickref

ROOT = Path(__file__).resolve().parents[3]
SEED = (ROOT / "fixtures" / "rulings" / "seeds" / "guia22.es.txt").read_text(encoding="utf-8").splitlines()
TYPES = list(element_types().values())


def line(n: int) -> str:
    return SEED[n - 1]


@pytest.mark.parametrize("row", TYPES, ids=lambda r: r["code"])
def test_base_depths_are_the_cited_table_row(row):
    for sub in row["subtypes"]:
        text = line(sub["line"])
        assert sub["printed"].split(",")[0] in text
        cells = [c.strip() for c in text.split("\t")]
        measures = [c for c in cells if "mm" in c]
        # The printed "Ancho" columns (1st and 3rd measure) hold the depth at 15 and 25 mm; camp
        # followers print only those two.
        d15, d25 = (measures[0], measures[2]) if len(measures) == 4 else (measures[0], measures[1])
        assert d15.startswith(f"{sub['depth_15']}mm"), (row["code"], text)
        assert d25.startswith(f"{sub['depth_25']}mm"), (row["code"], text)


@pytest.mark.parametrize("row", [r for r in TYPES if r["factors"]["line"]], ids=lambda r: r["code"])
def test_combat_factors_are_the_cited_row(row):
    factors = row["factors"]
    text = line(factors["line"])
    label = {"HCh": "(Hch)", "LCh": "(Lch)", "LH": "(Lh)", "LCm": "Ligera (Cm)", "Bw": "(Bw)", "CF": "(CF)"}
    marker = label.get(row["code"], f"({row['code']})")
    start = text.index(marker)
    cells = text[start:].split("\t")[1:3]
    printed = [c.strip().lstrip("+") for c in cells]
    assert printed == [str(factors["foot"]), str(factors["mounted"])], (row["code"], cells)
    if not all(c.strip().startswith("+") for c in cells):
        assert any("factors" in d for d in row["doubtful"]), f"{row['code']}: unsigned factor must be flagged"


@pytest.mark.parametrize("row", TYPES, ids=lambda r: r["code"])
def test_movement_is_the_cited_row(row):
    move = row["move"]
    if move["open"] is None:
        assert row["code"] == "CF"
        return
    text = line(move["line"])
    assert row["names"]["es"].split()[0][:3].lower() in text.lower()
    assert f"\t{move['open']}\t" in text
    if move["difficult"] is None:
        assert "No pueden mover" in text
    else:
        assert text.rstrip().endswith(str(move["difficult"]))


def test_shooting_ranges_are_cited():
    shooters = {r["code"]: r["shoot_range"] for r in TYPES if r["shoot_range"]}
    assert set(shooters) == {"Bw", "Art", "WWg"}
    for code, shoot in shooters.items():
        assert line(shoot["line"]).rstrip().endswith(str(shoot["paces"])), code


def test_every_outcome_situation_is_in_its_cited_line():
    rows = yaml.safe_load((ROOT / "fixtures" / "elements" / "outcomes22.yaml").read_text(encoding="utf-8"))["rows"]
    for row in rows:
        text = line(row["line"])
        for item in row["when"]:
            assert item["es"] in text, (row["line"], item["es"])
            assert item["en"] and item["it"]


def test_knights_value_is_flagged_doubtful_and_every_row_cites_lines():
    kn = element_types()["Kn"]
    assert kn["doubtful"]
    for row in TYPES:
        assert row["move"]["line"] and all(s["line"] for s in row["subtypes"])
        assert set(row["names"]) == {"en", "es", "it"}


def test_profile_of_a_subtype_gives_what_an_army_sheet_prints():
    bd = element_profile("4Bd", "2.2")
    assert (bd.depth_15, bd.depth_25, bd.move_good, bd.cf_foot, bd.cf_mounted) == (15, 20, 200, 5, 3)
    assert any(o.result == "destroyed" and "Knights" in o.when["en"] for o in bd.outcomes)
    assert bd.name("es") == "Espadas" and bd.name("it") == "Blade"  # 001 keeps the English name
    lh = element_profile("2LH", "2.2")
    # Light horse has its own doubled row, so the generic "all others destroyed" row does not apply.
    assert ("doubled", "flee") in {(o.band, o.result) for o in lh.outcomes}


def test_known_codes_per_edition():
    assert "El" in known_codes("2.2") and "4Bd" in known_codes("2.2")
    assert "CWg" not in known_codes("2.2") and "CWg" in known_codes("3.0")
    assert element_profile("Zz", "2.2") is None
    assert element_profile("4Bd", "3.0").doubtful  # 3.0 values are not in the sources: said so


def test_quickref_cites_the_guide_for_22():
    ref = quickref()
    for item in ref["2.2"]["pips"] + ref["2.2"]["victory"]:
        assert line(item["line"]).strip(), item
    assert ref["3.0"]["doubtful"]
