"""DBA element types read from fixtures/elements/ (pure Python, no Django).

The DBA 2.2 table (fixtures/elements/dba22.yaml) is the only one the supplied sources give. DBA 3.0
armies use the same type codes with a few more subtypes (8Sp, 5Hd, CWg, CP...): their profiles reuse
the 2.2 values and say so in `doubtful`, because the 3.0 rulebook is not among the sources.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

import yaml

from config.paths import fixture

FIXTURES = fixture("elements")

# DBA 3.0 codes found in the army list catalogue (fixtures/armylists/DBA3.0-ArmyVariants.csv) beyond
# the 2.2 table, mapped to the 2.2 type whose values they share; None: no 2.2 counterpart.
_EXTRA_30 = {
    "8Sp": "Sp", "3Pk": "Pk", "5Hd": "Hd", "CWg": None, "CP": None,
}
_SUBTYPE = re.compile(r"^(?P<figures>\d)?(?P<type>[A-Za-z]+)$")


@dataclass(frozen=True)
class Outcome:
    band: str  # tie | beaten | doubled
    when: dict[str, str]  # en/es/it
    result: str  # destroyed | recoil | flee | stand | surrender
    line: int
    doubtful: str = ""


@dataclass(frozen=True)
class ElementProfile:
    code: str  # as chosen in an army, e.g. "4Bd"
    type_code: str  # e.g. "Bd"
    names: dict[str, str]
    mounted: bool
    depth_15: int | None
    depth_25: int | None
    move_good: int | None
    move_bad: int | None
    shoot_range: int | None
    cf_foot: int | None
    cf_mounted: int | None
    outcomes: tuple[Outcome, ...] = ()
    source: dict[str, int | None] = field(default_factory=dict)
    doubtful: tuple[str, ...] = ()

    def name(self, lang: str) -> str:
        return self.names.get(lang[:2]) or self.names["en"]


@cache
def _table() -> dict:
    return yaml.safe_load((FIXTURES / "dba22.yaml").read_text(encoding="utf-8"))


@cache
def _outcomes() -> dict:
    return yaml.safe_load((FIXTURES / "outcomes22.yaml").read_text(encoding="utf-8"))


@cache
def quickref() -> dict:
    """PIP costs and victory conditions per edition (fixtures/elements/quickref.yaml)."""
    return yaml.safe_load((FIXTURES / "quickref.yaml").read_text(encoding="utf-8"))["editions"]


@cache
def element_types() -> dict[str, dict]:
    """The 2.2 type rows by type code (El, Kn, ...), as in the fixture."""
    return {row["code"]: row for row in _table()["types"]}


def outcomes_for(type_code: str) -> tuple[Outcome, ...]:
    """The special outcomes of the table that apply to a loser of this type (not the plain recoil/stand)."""
    rows = _outcomes()["rows"]
    own_bands = {row["band"] for row in rows if type_code in row["losers"]}
    found = []
    for row in rows:
        specific = type_code in row["losers"]
        if not specific and ("all" not in row["losers"] or row["band"] in own_bands):
            continue
        for item in row["when"]:
            if item["result"] in ("recoil", "stand"):
                continue
            when = {lang: item[lang] for lang in ("en", "es", "it")}
            found.append(Outcome(row["band"], when, item["result"], row["line"], item.get("doubtful", "")))
    return tuple(found)


def _type_of(code: str) -> str | None:
    match = _SUBTYPE.match(code.strip())
    if not match:
        return None
    bare = match["type"]
    for type_code, row in element_types().items():
        if bare.lower() == type_code.lower() or any(bare == s["code"].lstrip("0123456789") for s in row["subtypes"]):
            return type_code
    if bare in ("Lb", "Cb"):
        return "Bw"
    return None


@cache
def known_codes(edition: str) -> tuple[str, ...]:
    """Element codes a player may enter for an edition: subtypes (4Bd) and bare types (Bd)."""
    codes: list[str] = []
    for type_code, row in element_types().items():
        codes.extend(s["code"] for s in row["subtypes"])
        codes.append(type_code)
    if edition == "3.0":
        codes.extend(["Lb", "Cb", *_EXTRA_30])
    seen: dict[str, None] = dict.fromkeys(codes)
    return tuple(seen)


def _subtype_row(row: dict, code: str) -> dict | None:
    for sub in row["subtypes"]:
        if sub["code"].lower() == code.lower():
            return sub
    return row["subtypes"][0] if len(row["subtypes"]) == 1 else None


@cache
def element_profile(code: str, edition: str = "2.2") -> ElementProfile | None:
    """Everything an army sheet prints about one element; None for a code the edition doesn't know."""
    code = code.strip()
    if code not in known_codes(edition):
        return None
    extra = _EXTRA_30.get(code, "") if edition == "3.0" else ""
    type_code = extra if extra else _type_of(code)
    doubtful: list[str] = []
    if edition == "3.0":
        doubtful.append("DBA 3.0 values are not in the supplied sources: DBA 2.2 guide values shown.")
    if type_code is None:
        return ElementProfile(code, code, {"en": code, "es": code, "it": code}, False, None, None, None, None,
                              None, None, None, doubtful=tuple(doubtful + [f"{code}: no DBA 2.2 counterpart."]))
    row = element_types()[type_code]
    sub = _subtype_row(row, code)
    shoot = row.get("shoot_range") or {}
    factors = row["factors"]
    doubtful.extend(row.get("doubtful", []))
    return ElementProfile(
        code=code,
        type_code=type_code,
        names=dict(row["names"]),
        mounted=bool(row["mounted"]),
        depth_15=sub["depth_15"] if sub else None,
        depth_25=sub["depth_25"] if sub else None,
        move_good=row["move"]["open"],
        move_bad=row["move"]["difficult"],
        shoot_range=shoot.get("paces"),
        cf_foot=factors["foot"],
        cf_mounted=factors["mounted"],
        outcomes=outcomes_for(type_code),
        source={"table": sub["line"] if sub else None, "move": row["move"]["line"], "factors": factors["line"],
                "shooting": shoot.get("line")},
        doubtful=tuple(doubtful),
    )
