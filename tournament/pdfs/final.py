"""The end of an event on paper: the final standings, and a certificate-style page for the podium.

Both read the standings through the same functions as the standings page (results.standings), so the
printed ranks are the ones on the screen. An event run in stages (groups, a cut, brackets) is ordered by its
final placings instead (`stages.tables.final_placings`, as the final page shows them): the brackets' places
first, then the groups, then the rest as the standings and their tie-breaks order them. A bracket with a game
paired from a result corrected since places no one (`stages.bracket_corrections.stale_brackets`): the final
standings say so above the table, as the final page does, and the podium prints that notice instead of names."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from tournament.models import Event
from tournament.pdfs.headers import header_cells
from tournament.pdfs.styles import render, styles, table_style
from tournament.results import standings
from tournament.stages.bracket_corrections import stale_brackets
from tournament.stages.messages import stale_bracket
from tournament.stages.tables import final_placings, in_placing_order

PODIUM = 3
GOLD, SILVER, BRONZE = colors.HexColor("#b8860b"), colors.HexColor("#8a8d91"), colors.HexColor("#8c5a2b")


@dataclass(frozen=True)
class Placed:
    rank: int
    shared: bool
    name: str
    club: str
    army: str
    points: int
    stage: str = ""  # the stage that placed them, in an event run in stages


def podium(event: Event) -> list[Placed]:
    """Everyone placed in the top three (more than three when places are shared): by the final placings of an
    event run in stages, else by the standings."""
    data = standings.load(event)
    regs = data.registrations
    rows = standings.rank(data)
    points = {row.registration_id: row.points for row in rows}
    staged = final_placings(event, data)
    if staged:
        shared = Counter(place for place, _p, _s in staged)
        top = [(place, shared[place] > 1, p, stage) for place, p, stage in staged if place <= PODIUM]
    else:
        top = [(row.rank, row.shared, row.registration_id, "") for row in rows if row.rank <= PODIUM]
    placed = []
    for rank, is_shared, pk, stage in top:
        reg = regs[pk]
        placed.append(Placed(rank, is_shared, reg.name, reg.club,
                             reg.army_name or reg.army, points.get(pk, 0), stage))
    return placed


def _p(text, style) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def _place(rank: int) -> str:
    return {1: _("First place"), 2: _("Second place"), 3: _("Third place")}.get(rank, str(rank))


def _stale(event: Event) -> list[str]:
    """The final page's warning for each bracket whose placings wait for a decision (none without stages)."""
    if not event.stages.exists():
        return []
    return ["⚠ " + stale_bracket(stage.name) for stage in stale_brackets(event)]


def final_standings_pdf(event: Event, *, lang: str = "en") -> bytes:
    """The table the standings page shows (in the order of the final placings for an event run in stages:
    `stages.tables.in_placing_order`)."""
    with override(lang):
        s = styles()
        title = _("Final standings")
        when = formats.date_format(event.date, "DATE_FORMAT")
        labels, records, staged = in_placing_order(event)
        fixed = ([14 * mm, 40 * mm, 26 * mm, 28 * mm, 16 * mm] if staged else [14 * mm, 46 * mm, 32 * mm, 16 * mm])
        fixed = fixed[: len(labels)]
        metrics = len(labels) - len(fixed)
        widths = fixed + [(186 * mm - sum(fixed)) / metrics] * metrics if metrics > 0 else fixed
        rows = [header_cells(labels, widths, s["header"])]
        rows += [[_p(v, s["cell"]) for v in record] for record in records]
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle(table_style(size=7.5)))
        story = [_p(f"{event.name} · {title}", s["title"]), _p(when + (f" · {event.venue}" if event.venue else ""),
                                                                  s["base"]), Spacer(1, 3 * mm)]
        story += [_p(warning, s["bold"]) for warning in _stale(event)]
        story += [Spacer(1, 3 * mm), table if len(rows) > 1 else _p(_("No players yet."), s["base"])]
        return render(story, title=f"{event.name} · {title}", footer=f"{event.name} · {title}")


def podium_pdf(event: Event, placed: list[Placed], *, lang: str = "en") -> bytes:
    """One certificate-style page: the event, then first, second and third place, each with name and points; while
    a bracket's placings wait for a decision (`_stale`), that notice instead of names."""
    with override(lang):
        s = styles()
        centre = {"alignment": TA_CENTER}
        big = ParagraphStyle("podium-title", parent=s["title"], fontSize=26, leading=32, **centre)
        sub = ParagraphStyle("podium-sub", parent=s["base"], fontSize=12, leading=16, **centre)
        place = {k: ParagraphStyle(f"place-{k}", parent=s["bold"], fontSize=13, leading=17, textColor=c, **centre)
                 for k, c in ((1, GOLD), (2, SILVER), (3, BRONZE))}
        name = ParagraphStyle("podium-name", parent=s["bold"], fontSize=22, leading=27, **centre)
        detail = ParagraphStyle("podium-detail", parent=s["base"], fontSize=11, leading=14, **centre)
        when = formats.date_format(event.date, "DATE_FORMAT") + (f" · {event.venue}" if event.venue else "")
        story: list = [Spacer(1, 12 * mm), _p(event.name, big), _p(when, sub), Spacer(1, 4 * mm),
                       _p(_("Final standings: the podium"), sub), Spacer(1, 14 * mm)]
        stale = _stale(event)
        if stale:
            placed = []
            story += [_p(warning, sub) for warning in stale]
            story += [Spacer(1, 6 * mm), _p(_("No podium is printed until then."), sub)]
        for person in placed:
            label = _place(person.rank) + (f" ({_('shared')})" if person.shared else "")
            points = person.stage or ngettext("%(n)s point", "%(n)s points", person.points) % {"n": person.points}
            details = " · ".join(x for x in (person.club, person.army, points) if x)
            block = Table([[_p(label, place.get(person.rank, s["bold"]))], [_p(person.name, name)], [_p(details, detail)]],
                          colWidths=[150 * mm])
            block.setStyle(TableStyle([("LINEBELOW", (0, -1), (-1, -1), 0.6, place.get(person.rank, s["bold"]).textColor),
                                       ("BOTTOMPADDING", (0, -1), (-1, -1), 6)]))
            story += [block, Spacer(1, 10 * mm)]
        if not placed and not stale:
            story.append(_p(_("No results yet."), sub))
        title = _("Podium")
        return render(story, title=f"{event.name} · {title}", footer=f"{event.name} · {title}")
