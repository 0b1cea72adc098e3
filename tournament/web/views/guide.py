"""The organizer's and umpire's guide (/guide/): one page in the reader's language, a section per task.

The words live in the templates (`templates/guide/`) and their translations in `locale/guide/`; the
screenshots in `static/guide/<language>/`, made by `tests/e2e/test_guide_screenshots.py`."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

# (anchor, heading, template): a new section is one more row and one more template.
SECTIONS = [
    ("set-up", _("Set up an event"), "guide/_set_up.html"),
    ("run-a-round", _("Run a round"), "guide/_run_a_round.html"),
    ("stages", _("Groups, finals and brackets"), "guide/_stages.html"),
    ("settle-a-dispute", _("Settle a dispute"), "guide/_settle_a_dispute.html"),
    ("finish", _("Finish the event"), "guide/_finish.html"),
    ("league", _("Start a league"), "guide/_league.html"),
]
SCREENSHOT_LANGUAGES = ("en", "es", "it")


def guide(request):
    language = (get_language() or "en").split("-")[0]
    shots = f"guide/{language if language in SCREENSHOT_LANGUAGES else 'en'}"
    return render(request, "guide/guide.html", {"sections": SECTIONS, "shots": shots})
