"""One way to tell an htmx swap from a page (`config.htmx.wants_partial`): a view that branches on `request.htmx`
itself answers a history restore with a fragment (the player rows did, until 2026-11-28). This reads the views'
source: `request.htmx` may be read for what it carries (its target), never as the choice of a fragment."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
# `if request.htmx`, `... if request.htmx else ...`, `request.htmx and`, `not request.htmx`: the header as a yes/no
AS_A_CHOICE = re.compile(r"(\bif\s+(not\s+)?request\.htmx\b(?!\.))|(\brequest\.htmx\s+(and|or|else)\b)")
# A client-side redirect after a POST (no history restore is ever a POST): the one use allowed.
ALLOWED = {("tournament/web/views/registration.py", "HttpResponseClientRedirect(url) if request.htmx else redirect(url)")}


def test_no_view_chooses_a_fragment_by_request_htmx_alone():
    found = []
    for path in [*ROOT.glob("tournament/**/*.py"), *ROOT.glob("rulings/**/*.py")]:
        relative = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if AS_A_CHOICE.search(line) and not any(relative == file and text in line for file, text in ALLOWED):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "use config.htmx.wants_partial:\n" + "\n".join(found)
