"""No function of the app is as branchy as the ones issue 30 asked to break up: radon's cyclomatic complexity grade D
(21 and over) or worse. A function that grows past it is split, as `pairing.manager.entrants`,
`stages.brackets.resolve` and `results.tie_decisions.record_tie_decision` were."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_rank, cc_visit

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("tournament", "rulings", "config")
LIMIT = 20  # grade C ends here


def _blocks():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for block in cc_visit(path.read_text(encoding="utf-8")):
                yield path.relative_to(ROOT), block
                for method in getattr(block, "methods", ()):
                    yield path.relative_to(ROOT), method


def test_no_function_grades_d_or_worse():
    found = [f"{path}:{block.lineno} {block.name} {cc_rank(block.complexity)} ({block.complexity})"
             for path, block in _blocks() if block.complexity > LIMIT]
    assert found == []


def test_the_check_sees_a_branchy_function():
    branchy = "def f(x):\n" + "".join(f"    if x == {n}:\n        return {n}\n" for n in range(LIMIT + 1))
    (block,) = cc_visit(branchy)
    assert block.complexity > LIMIT and cc_rank(block.complexity) == "D"
