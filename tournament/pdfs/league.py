"""A printable league table: rank, player, club, events counted and dropped, points, rating ± deviation
and games, as on the league page. Names and clubs wrap inside their cells; DejaVu renders accents."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from tournament.leagues.rules import rule_in_words
from tournament.pdfs.headers import header_cells
from tournament.pdfs.styles import fit, render, styles, table_style


def _p(text, style) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def _rank(row) -> str:
    return "" if row.rank is None else f"{row.rank}=" if row.shared else str(row.rank)


def _number(value: float) -> str:
    return formats.number_format(value, decimal_pos=0 if float(value).is_integer() else 2)


def league_table_pdf(data, *, lang: str = "en") -> bytes:
    """`data`: tournament/leagues/table.py LeagueData, the table the league page shows."""
    league = data.league
    with override(lang):
        s = styles()
        title = _("League table")
        headers = [_("Rank"), _("Player"), _("Club"), _("Events counted"), _("Events dropped"), _("Points"),
                   _("Rating"), _("Games")]
        widths = [12 * mm, 50 * mm, 44 * mm, 16 * mm, 16 * mm, 16 * mm, 20 * mm, 12 * mm]
        rows = [header_cells(headers, widths, s["header"])]
        for row in data.rows:
            rating = f"{row.rating:.0f} ± {row.deviation:.0f}" if row.rating is not None else ""
            rows.append([_p(v, s["cell"]) for v in (
                _rank(row), fit(row.name), fit(row.club), row.counted, row.dropped, _number(row.points), rating, row.games)])
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle(table_style(size=7.5)))
        season = f"{formats.date_format(league.season_start, 'DATE_FORMAT')} – {formats.date_format(league.season_end, 'DATE_FORMAT')}"
        story = [_p(f"{league.name} · {title}", s["title"]), _p(season, s["base"])]
        story += [_p(line, s["small"]) for line in rule_in_words(league)]
        story += [Spacer(1, 3 * mm), table if len(rows) > 1 else _p(_("No results yet."), s["base"])]
        return render(story, title=f"{league.name} · {title}", footer=f"{league.name} · {title}")
