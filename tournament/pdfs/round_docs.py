"""Round documents: the pairing sheet for the wall, result slips (one per table, in two halves with a cut
line: each half carries only its own player's report code), the round pack (both in one PDF) and the standings."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import get_language, override
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from tournament.pdfs.data import RoundSheet
from tournament.pdfs.headers import header_cells, shared_widths
from tournament.pdfs.qr import QR
from tournament.pdfs.styles import Pace, fit, render, styles, table_style
from tournament.registration.names import sort_key

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
            rows.append((game.table or 10**6, sort_key(me.name, get_language()), table, _p(fit(me.name), s["cell"]), [
                _p(fit(me.club), s["cell"]), _p(fit(me.army, 20), s["cell"]), _p(fit(other.name) if other else "—", s["cell"]),
                _p(fit(other.army, 20) if other else "", s["cell"])]))
    rest = [_("Club"), _("Army"), _("Opponent"), _("Opponent's army")]
    title = _("Round %(n)s · pairings") % {"n": sheet.number}
    story: list = [_p(f"{fit(sheet.event_name)} · {title}", s["title"])]
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


def _half(sheet: RoundSheet, game, me, s) -> Table:
    """One player's half of the table slip: both sides' result boxes, but only this player's report code and
    "my game" PIN."""
    boxes = f"{_('Elements lost')}: ____   {BOX} {_('General lost')}   {BOX} {_('Camp / BUA lost')}"
    lines = [_p(f"{_('Table %(t)s') % {'t': game.table}} · {fit(sheet.event_name)} · {_('Round %(n)s') % {'n': sheet.number}}",
                s["h2"]),
             _p(_("Half of %(name)s: keep it, report with your own code.") % {"name": fit(me.name)}, s["bold"])]
    for label, side in (("A", game.a), ("B", game.b)):
        lines += [_p(f"{label} · {fit(side.name)} · {fit(side.club)} · {fit(side.army, 20)}", s["base"]), _p(boxes, s["small"])]
    lines += [_p(f"{_('Outcome')}: {BOX} {_('A won')}   {BOX} {_('B won')}   {BOX} {_('Time called')}"
                 f"   · {_('Shorthand (A first)')}: ________", s["base"]),
              _p(f"{_('Signature')} ({fit(me.name)}): ____________________", s["small"])]
    # The code with a caption, and its address printed for a phone that cannot scan.
    address = me.report_url.split("://", 1)[-1]
    code = [_p(_("Scan to report your result"), s["small"]), QR(me.report_url, 24 * mm), _p(address, s["address"]),
            _p(_("Only for %(name)s") % {"name": fit(me.name, 40)}, s["small"])]
    if me.pin:  # the PIN that lets the army sheet's "my game" code report: on its owner's half only
        code.append(_p(_("“My game” PIN: %(pin)s") % {"pin": me.pin}, s["small"]))
    table = Table([[lines, code]], colWidths=[154 * mm, 32 * mm])
    table.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.8, "black"), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return table


def _cut_line(s) -> Table:
    line = Table([[_p("✂ " + _("Cut here: each player keeps their own half."), s["small"])]], colWidths=[186 * mm])
    line.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.6, "#666666", None, (3, 3)),
                              ("TOPPADDING", (0, 0), (-1, -1), 3 * mm)]))
    return line


def _slip(sheet: RoundSheet, game, s) -> KeepTogether:
    """A slip per table in two halves (cut line between): each carries only its own player's report code, so
    no one holds both players' codes by picking up the slip."""
    return KeepTogether([_half(sheet, game, game.a, s), _cut_line(s), Spacer(1, 3 * mm), _half(sheet, game, game.b, s),
                         Spacer(1, 8 * mm)])


def slip_games(sheet: RoundSheet) -> list:
    return [g for g in sheet.games if g.b is not None]


def slip_flowables(sheet: RoundSheet, pace: Pace | None = None) -> list:
    s = styles()
    story: list = []
    for k, game in enumerate(slip_games(sheet)):
        story += [CondPageBreak(110 * mm), _slip(sheet, game, s)]
        if pace:
            pace.built(k + 1)
    return story or [_p(_("No games to print."), s["base"])]


def round_pdf(sheet: RoundSheet, *, kind: str = "pack", lang: str = "en", progress=None) -> bytes:
    """kind: "pairings", "slips" or "pack" (the pairing sheet, then every slip)."""
    pace = Pace(progress, len(slip_games(sheet)))
    with override(lang):
        story: list = []
        if kind in ("pairings", "pack"):
            story += pairing_flowables(sheet)
        if kind == "pack":
            story.append(PageBreak())
        if kind in ("slips", "pack"):
            story += slip_flowables(sheet, pace)
        title = _("Round %(n)s") % {"n": sheet.number}
        return render(story, title=title, footer=f"{fit(sheet.event_name)} · {title}", on_page=pace.page)


def order_flowables(order) -> list:
    """"How this table is ordered" (an `explain.Ordering`, made in the PDF's language)."""
    s = styles()
    story = [_p(_("How this table is ordered"), s["h2"]), _p(_("Scoring: %(preset)s.") % {"preset": order.preset}, s["base"]),
             _p(f"{_('Source:')} {order.source}", s["small"]), _p(_("Points"), s["bold"])]
    story += [_p(f"• {line}", s["base"]) for line in order.points]
    story.append(_p(_("Then, in this order"), s["bold"]))
    story += [_p(f"{n}. {label}: {text}", s["base"]) for n, (_key, label, text) in enumerate(order.criteria, 1)]
    story += [_p(order.head_to_head, s["base"]), _p(order.shared, s["base"])]
    if order.ties:
        story += [_p(_("Ties settled by the event"), s["bold"]), *(_p(f"• {line}", s["base"]) for line in order.ties)]
    return story


def standings_pdf(event_name: str, frame, *, after_round: int | None, lang: str = "en", order=None) -> bytes:
    with override(lang):
        s = styles()
        title = _("Standings") + (f" · {_('after round %(n)s') % {'n': after_round}}" if after_round else "")
        labels = [fit(c) for c in frame.columns]
        fixed = [11 * mm, 38 * mm, 30 * mm, 14 * mm][: len(labels)]
        metrics = labels[len(fixed):]  # sized by their headers' longest words (no word broken in the middle)
        widths = fixed + (shared_widths(metrics, 186 * mm - sum(fixed), s["header"]) if metrics else [])
        rows = [header_cells(labels, widths, s["header"])]
        rows += [[_p(fit(v), s["cell"]) for v in record] for record in frame.itertuples(index=False)]
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle(table_style(size=7.5)))
        event_name = fit(event_name)
        story = [_p(f"{event_name} · {title}", s["title"]), table if len(rows) > 1 else _p(_("No players yet."), s["base"])]
        if order is not None:
            story += [Spacer(1, 4 * mm), *order_flowables(order)]
        return render(story, title=title, footer=f"{event_name} · {title}")
