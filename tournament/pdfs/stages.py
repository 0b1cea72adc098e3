"""A stage on paper: each group's table and round-robin schedule, or the bracket round by round, and the
placings once the stage is played. It prints what the stage page shows (tournament.stages.pages), in
the active language."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from tournament.models import Stage
from tournament.pdfs.styles import fit, render, styles, table_style
from tournament.stages.pages import stage_context

WIDTH = 186 * mm


def _p(text, style) -> Paragraph:
    return Paragraph(escape(fit(text)), style)


def _table(rows: list[list], widths: list[float]) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle(table_style(size=7.5)))
    return table


def _groups(context: dict, s) -> list:
    story: list = []
    for group in context["groups"]:
        story.append(_p(_("Group %(letter)s") % {"letter": group["letter"]}, s["h2"]))
        columns = group["table"].columns
        widths = [WIDTH / len(columns)] * len(columns)
        rows = [[_p(c.label, s["header"]) for c in columns]]
        rows += [[_p(v, s["cell"]) for v in cells] for _pk, cells in group["table"].rows]
        story += [_table(rows, widths), Spacer(1, 2 * mm)]
        games = [[_p(_("Round"), s["header"]), _p(_("Games"), s["header"])]]
        for rnd in group["rounds"]:
            lines = [(_("%(player)s: bye") % {"player": g["a"]}) if g.get("bye") else
                     f"{g['a']} – {g['b']}" + (f"  {g['score']}" if g["score"] else "") for g in rnd["games"]]
            games.append([_p(rnd["number"], s["cell"]), Paragraph("<br/>".join(escape(fit(x)) for x in lines), s["cell"])])
        story.append(_table(games, [20 * mm, WIDTH - 20 * mm]))
    return story


def _bracket(context: dict, s) -> list:
    story: list = []
    for column in context["columns"]:
        story.append(_p(column["name"], s["h2"]))
        rows = [[_p(h, s["header"]) for h in (_("Game"), _("Side A"), _("Side B"), _("Points"))]]
        for m in column["matches"]:
            a = ("✔ " if m["a_won"] else "") + m["a"]
            b = ("✔ " if m["b_won"] else "") + m["b"]
            rows.append([_p(m["label"], s["cell"]), _p(a, s["cell"]), _p(b, s["cell"]), _p(m["score"], s["cell"])])
        story.append(_table(rows, [46 * mm, 60 * mm, 60 * mm, 20 * mm]))
    return story


def stage_pdf(stage: Stage) -> bytes:
    s = styles()
    context = stage_context(stage)
    event = stage.event
    story: list = [_p(f"{event.name} · {stage.name}", s["title"]), _p(stage.get_kind_display(), s["base"])]
    if not context["drawn"]:
        story.append(_p(_("Not drawn yet."), s["base"]))
    elif stage.kind == Stage.Kind.GROUPS:
        story += _groups(context, s)
    else:
        story += _bracket(context, s)
    if context.get("placings"):
        story.append(_p(_("Placings"), s["h2"]))
        rows = [[_p(_("Place"), s["header"]), _p(_("Player"), s["header"])]]
        rows += [[_p(p["place"], s["cell"]), _p(p["name"], s["cell"])] for p in context["placings"]]
        story.append(_table(rows, [20 * mm, WIDTH - 20 * mm]))
    return render(story, title=f"{event.name} · {stage.name}", footer=f"{event.name} · {stage.name}")
