"""Round documents: the pairing sheet for the wall, result slips (one per table, with QR codes to both
players' report pages), the round pack (both in one PDF) and the standings."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from tournament.pdfs.army_sheet import qr
from tournament.pdfs.data import RoundSheet
from tournament.pdfs.headers import header_cells
from tournament.pdfs.styles import render, styles, table_style

BOX = "☐"


def _p(text, style) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def pairing_flowables(sheet: RoundSheet) -> list:
    """The pairing sheet twice, one row per player: by table, then by name (name first), so a player
    finds their table either way."""
    s = styles()
    rows = []
    for game in sheet.games:
        sides = [(game.a, game.b), (game.b, game.a)] if game.b else [(game.a, None)]
        for me, other in sides:
            table = str(game.table) if game.table else _p(_("Bye"), s["cell"])
            rows.append((game.table or 10**6, me.name.casefold(), table, _p(me.name, s["cell"]), [
                _p(me.club, s["cell"]), _p(me.army, s["cell"]), _p(other.name if other else "—", s["cell"]),
                _p(other.army if other else "", s["cell"])]))
    rest = [_("Club"), _("Army"), _("Opponent"), _("Opponent's army")]
    title = _("Round %(n)s · pairings") % {"n": sheet.number}
    story: list = [_p(f"{sheet.event_name} · {title}", s["title"])]
    by_table = [[r[2], r[3], *r[4]] for r in sorted(rows, key=lambda r: (r[0], r[1]))]
    by_name = [[r[3], r[2], *r[4]] for r in sorted(rows, key=lambda r: (r[1], r[0]))]
    for k, (label, texts, widths, body) in enumerate([
        (_("By table"), [_("Table"), _("Player"), *rest], (18, 42, 36, 18, 44, 28), by_table),
        (_("By name"), [_("Player"), _("Table"), *rest], (42, 18, 36, 18, 44, 28), by_name),
    ]):
        widths = [w * mm for w in widths]
        table = Table([header_cells(texts, widths, s["header"]), *body], colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle(table_style()))
        story += [PageBreak()] if k else []
        story += [_p(label, s["h2"]), table]
    return story


def _slip(sheet: RoundSheet, game, s) -> KeepTogether:
    boxes = f"{_('Elements lost')}: ____   {BOX} {_('General lost')}   {BOX} {_('Camp / BUA lost')}"
    rows = [[_p(_("Table %(t)s") % {"t": game.table}, s["h2"]), "",
             _p(f"{sheet.event_name} · {_('Round %(n)s') % {'n': sheet.number}}", s["base"]), ""]]
    for label, side in (("A", game.a), ("B", game.b)):
        rows.append([
            _p(label, s["bold"]), [_p(side.name, s["bold"]), _p(f"{side.club} · {side.army}", s["small"]),
                                   _p(boxes, s["base"])],
            qr(side.report_url, 20 * mm), _p(_("Signature"), s["small"]),
        ])
    rows.append(["", _p(f"{_('Outcome')}: {BOX} {_('A won')}   {BOX} {_('B won')}   {BOX} {_('Time called')}"
                        f"   · {_('Shorthand (A first)')}: ________", s["base"]), "", ""])
    table = Table(rows, colWidths=[10 * mm, 112 * mm, 24 * mm, 40 * mm])
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.8, "black"), ("LINEBELOW", (0, 0), (-1, -2), 0.3, "#999999"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("SPAN", (0, 0), (1, 0)), ("SPAN", (2, 0), (3, 0)), ("SPAN", (1, -1), (3, -1)),
    ]))
    return KeepTogether([table, Spacer(1, 6 * mm)])


def slip_flowables(sheet: RoundSheet, progress=None) -> list:
    s = styles()
    games = [g for g in sheet.games if g.b is not None]
    story: list = []
    for k, game in enumerate(games):
        story += [CondPageBreak(70 * mm), _slip(sheet, game, s)]
        if progress:
            progress(k + 1, len(games))
    return story or [_p(_("No games to print."), s["base"])]


def round_pdf(sheet: RoundSheet, *, kind: str = "pack", lang: str = "en", progress=None) -> bytes:
    """kind: "pairings", "slips" or "pack" (the pairing sheet, then every slip)."""
    with override(lang):
        story: list = []
        if kind in ("pairings", "pack"):
            story += pairing_flowables(sheet)
        if kind == "pack":
            story.append(PageBreak())
        if kind in ("slips", "pack"):
            story += slip_flowables(sheet, progress)
        title = _("Round %(n)s") % {"n": sheet.number}
        return render(story, title=title, footer=f"{sheet.event_name} · {title}")


def standings_pdf(event_name: str, frame, *, after_round: int | None, lang: str = "en") -> bytes:
    with override(lang):
        s = styles()
        title = _("Standings") + (f" · {_('after round %(n)s') % {'n': after_round}}" if after_round else "")
        rows = [[_p(c, s["header"]) for c in frame.columns]]
        rows += [[_p(v, s["cell"]) for v in record] for record in frame.itertuples(index=False)]
        fixed = [11 * mm, 38 * mm, 30 * mm, 14 * mm][: len(frame.columns)]
        metrics = len(frame.columns) - len(fixed)
        widths = fixed + [(186 * mm - sum(fixed)) / metrics] * metrics if metrics > 0 else fixed
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle(table_style(size=7.5)))
        story = [_p(f"{event_name} · {title}", s["title"]), table if len(rows) > 1 else _p(_("No players yet."), s["base"])]
        return render(story, title=title, footer=f"{event_name} · {title}")
