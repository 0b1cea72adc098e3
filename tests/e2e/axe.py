"""axe-core in the journeys' pages (axe-playwright-python ships axe.min.js: nothing is fetched at run time).

`assert_accessible(page)` fails on any serious or critical violation (missing labels, contrast, names of
buttons and links, ARIA misuse...) and says which rule, where and why, so the fix is obvious.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

BLOCKING = {"serious", "critical"}
_AXE = Axe()


def violations(page) -> list[str]:
    """Serious and critical axe violations of the page as it is now, one line per element."""
    results = _AXE.run(page, options={"resultTypes": ["violations"]})
    lines = []
    for rule in results.response["violations"]:
        if rule.get("impact") not in BLOCKING:
            continue
        for node in rule["nodes"]:
            why = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"{rule['id']} ({rule['impact']}) at {' '.join(map(str, node['target']))}: {why}")
    return lines


def assert_accessible(page, where: str = "") -> None:
    found = violations(page)
    assert not found, f"axe on {where or page.url}:\n" + "\n".join(found)
