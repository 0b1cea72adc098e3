"""Agreement between a flow's rulings and the rule calculators (pure Python, no Django).

Where a ruling answers a question a calculator also answers (rear support, PIP cost, combat
outcomes), the ruling carries a machine-readable ``asserts:`` list; each check runs the pure
calculator (``rulings.calculators.REGISTRY``) and compares:

    asserts:
      - calculator: dba-combat                     # a REGISTRY name
        params: {a: 4Pk, b: 3Kn, a_rear_support: 4Pk}
        baseline: {a_rear_support: none}           # optional: also run with these overrides ...
        expect: {totals.a: 3}                      # ... and expect the difference (else the value)
        doubt: true                                # optional: the calculator names a doubt (or none)
        pending: "why today's calculator differs"  # optional: a known disagreement awaiting a fix

``expect`` maps a dotted path into the calculator's ``result`` to the expected value. ``doubt`` says
whether the calculator's result flags a doubt (its ``doubts`` or ``doubtful``): a ruling that shows the
seeds' disagreement asserts that the calculator shows it too, and where they agree, that it does not. A
check marked ``pending`` is reported, not failed, while the calculator disagrees, and becomes a problem
once it agrees (so the marker is removed when the calculator is fixed).

``shape_problems`` checks the block's form (cheap; part of ``validate_flow``); ``agreement``
runs the calculators (``manage.py validate_flows`` and the tests call it).
"""

from __future__ import annotations

from dataclasses import dataclass

ASSERT_KEYS = {"calculator", "params", "baseline", "expect", "doubt", "pending"}
SCALARS = (str, int, float, bool, type(None))


def _registry() -> dict:
    from rulings.calculators import REGISTRY  # imported late: the calculators load their fixtures

    return REGISTRY


def known_calculators() -> frozenset[str]:
    return frozenset(_registry())


def _scalar_mapping(value) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, SCALARS) for k, v in value.items())


def shape_problems(asserts, where: str) -> list[str]:
    """Problems with the form of a ruling's ``asserts`` block (no calculator is run)."""
    if not isinstance(asserts, list) or not asserts:
        return [f"{where} asserts: must be a non-empty list of checks"]
    problems: list[str] = []
    for index, check in enumerate(asserts, 1):
        label = f"{where} assert {index}"
        if not isinstance(check, dict):
            problems.append(f"{label}: must be a mapping")
            continue
        if set(check) - ASSERT_KEYS:
            problems.append(f"{label}: unknown keys {sorted(set(check) - ASSERT_KEYS)}")
        if check.get("calculator") not in _registry():
            problems.append(f"{label}: unknown calculator {check.get('calculator')!r}")
        if not _scalar_mapping(check.get("params")):
            problems.append(f"{label}: params must be a mapping of parameter to value")
        if "baseline" in check and not _scalar_mapping(check["baseline"]):
            problems.append(f"{label}: baseline must be a mapping of parameter to value")
        if not _scalar_mapping(check.get("expect")) or not check.get("expect"):
            problems.append(f"{label}: expect must map result paths (e.g. totals.a) to values")
        if "doubt" in check and not isinstance(check["doubt"], bool):
            problems.append(f"{label}: doubt must be true or false")
        if "pending" in check and not str(check["pending"] or "").strip():
            problems.append(f"{label}: pending must say why the calculator differs")
    return problems


def _text(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


DOUBT = "doubt"  # the key of `got` saying whether the calculator flagged a doubt


def _run(name: str, params: dict) -> dict:
    function = _registry()[name][0]
    return function({key: _text(value) for key, value in params.items()})["result"]


def _at(result: dict, path: str):
    value = result
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise KeyError(path)
        value = value[part]
    return value


@dataclass(frozen=True)
class Check:
    """One assert of one ruling, with what the calculator answered."""

    flow: str
    node: str
    index: int
    spec: dict
    got: dict
    error: str = ""

    @property
    def agrees(self) -> bool:
        if self.error or ("doubt" in self.spec and self.got.get(DOUBT) is not self.spec["doubt"]):
            return False
        return all(_same(self.got.get(path), want) for path, want in self.spec["expect"].items())

    @property
    def pending(self) -> str:
        return str(self.spec.get("pending") or "")

    def describe(self) -> str:
        params = ", ".join(f"{k}={_text(v)}" for k, v in self.spec["params"].items())
        base = f" against {', '.join(f'{k}={_text(v)}' for k, v in self.spec['baseline'].items())}" \
            if self.spec.get("baseline") else ""
        paths = list(self.spec["expect"]) + ([DOUBT] if "doubt" in self.spec else [])
        said = self.error or ", ".join(f"{path}={self.got.get(path)!r}" for path in paths)
        want = ", ".join(f"{path}={_normal(v)!r}" for path, v in self.spec["expect"].items())
        if "doubt" in self.spec:
            want += f", {DOUBT}={self.spec['doubt']!r}"
        return (f"{self.flow} node {self.node!r} assert {self.index}: {self.spec['calculator']}({params}){base} "
                f"expected {want}, calculator says {said}")


def _normal(value):
    return _text(value) if isinstance(value, bool) else value


def _same(got, want) -> bool:
    """A yes/no expected value matches a calculator's True/False as well as its "yes"/"no"."""
    if isinstance(want, bool) and isinstance(got, bool):
        return got is want
    return got == _normal(want)


def run_check(flow: str, node: str, index: int, spec: dict) -> Check:
    try:
        result = _run(spec["calculator"], spec["params"])
        got = {path: _at(result, path) for path in spec["expect"]}
        if spec.get("baseline"):
            before = _run(spec["calculator"], {**spec["params"], **spec["baseline"]})
            got = {path: value - _at(before, path) for path, value in got.items()}
        if "doubt" in spec:
            got[DOUBT] = bool(result.get("doubts") or result.get("doubtful"))
    except (KeyError, TypeError, ValueError) as error:  # ParamError is a ValueError
        return Check(flow, node, index, spec, {}, error=f"error {error}")
    return Check(flow, node, index, spec, got)


def checks(data: dict) -> list[Check]:
    """Run every assert of a (valid) flow."""
    found = []
    for node_id, node in data.get("nodes", {}).items():
        for index, spec in enumerate(node.get("asserts", ()) if isinstance(node, dict) else (), 1):
            found.append(run_check(str(data.get("id")), node_id, index, spec))
    return found


def agreement(data: dict) -> tuple[list[str], list[str]]:
    """(problems, pending notes) for one flow: a disagreement is a problem unless marked pending;
    a pending check that now agrees is a problem too (remove its marker)."""
    problems: list[str] = []
    pending: list[str] = []
    for check in checks(data):
        if check.agrees and check.pending:
            problems.append(f"{check.describe()} — it now agrees: remove 'pending'")
        elif not check.agrees and check.pending:
            pending.append(f"{check.describe()} (pending: {check.pending})")
        elif not check.agrees:
            problems.append(f"ruling and calculator disagree: {check.describe()}")
    return problems, pending
