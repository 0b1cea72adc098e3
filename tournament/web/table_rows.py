"""The rows of the big public tables, standings, pairings and the event home's players, written out in Python.

A 1,000-player table is 1,000 rows of ten cells: Django's template engine spent most of a standings page's
rendering on the row loop (a node per cell, a `{% url %}` per row). These functions write the same bytes the
row loops of `templates/tournament/standings.html`, `pairings.html` and `event.html` wrote (tests/web/test_big_tables.py renders
both and compares them): every value goes through the template engine's own escaping and localization
(`render_value_in_context`), the link's address is reversed once, and the strings come from the same
translation catalogue. The table's frame (headers, empty table, notes) stays in the templates."""

from __future__ import annotations

from html import escape as html_escape

from django.template import Context
from django.template.base import render_value_in_context
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

_CONTEXT = Context(autoescape=True)  # what a template renders with: values escaped and localized
_SENTINEL = 987654321


def _shown(value) -> str:
    return render_value_in_context(value, _CONTEXT)


class _Shown(dict):
    """How one table writes its values, as `_shown` does. A plain string is escaped as the engine escapes it (no
    localization applies to it); an int is its digits while the active language groups no thousands (asked once
    per table: `USE_THOUSAND_SEPARATOR` is off); calling the table keeps each value's writing, as its scores and
    ranks repeat and localizing a number is most of the cost of a cell."""

    def __init__(self) -> None:
        super().__init__()
        self.digits = _shown(_SENTINEL) == str(_SENTINEL)

    def __missing__(self, key):
        self[key] = shown = self.once(key[1])
        return shown

    def __call__(self, value) -> str:
        return self[type(value), value]

    def once(self, value) -> str:
        kind = type(value)
        if kind is str:
            return html_escape(value)  # what `render_value_in_context` does to a str not marked safe (`escape`'s own)
        if kind is int and self.digits:
            return str(value)
        return _shown(value)


# Standings rows already written, each kept by everything it is written from (its row's version): a confirmed
# result changes a few players' rows; the others are the same bytes at the next rendering. Per process, bounded.
_KEPT_ROWS: dict[tuple, str] = {}
KEPT_ROWS = 20_000


def standings_rows(rows, slug: str, upto: int | None) -> SafeString:
    """`<tr>` per standings row: its cells, the player's name linking to their own standing (the key written as
    `reverse` writes it: digits, never localized). A row written before with the same cells, address and number
    formats (the language's and the settings', as a sample number shows them) is taken as it was written."""
    shown = _Shown()
    once = shown.once
    prefix, suffix = _shown(reverse("tournament:player_standing", args=[slug, _SENTINEL])).split(str(_SENTINEL))
    query = f"?round={_shown(upto)}" if upto else ""
    written_as = (get_language(), _shown(-1234567.125), shown.digits, prefix, suffix, query)
    kept = _KEPT_ROWS
    texts: dict[str, str] = {}  # a text's `<td>` (clubs and armies repeat)
    numbers: dict[tuple, str] = {}  # a number's, by its type and value (2 and 2.0 are equal, but not written alike)
    link, linked = f'<td><a href="{prefix}', f'{suffix}{query}">'  # around the player's key
    out = []
    append = out.append
    for pk, cells in rows:
        key = (written_as, pk, cells, tuple(map(type, cells)))
        row = kept.get(key)
        if row is None:
            written = []
            for value in cells[2:]:
                if type(value) is str:
                    cell = texts.get(value)
                    if cell is None:
                        cell = texts[value] = f"<td>{html_escape(value)}</td>"
                else:
                    number = (type(value), value)
                    cell = numbers.get(number)
                    if cell is None:
                        cell = numbers[number] = f"<td>{once(value)}</td>"
                written.append(cell)
            row = f"<tr><td>{once(cells[0])}</td>{link}{pk}{linked}{once(cells[1])}</a></td>{''.join(written)}</tr>"
            if len(kept) >= KEPT_ROWS:
                kept.clear()
            kept[key] = row
        append(row)
    return mark_safe("".join(out))  # noqa: S308 - every value escaped above


def pairings_rows(items) -> SafeString:
    """`<tr>` per game of the public pairings (`items` as the pairings view builds them)."""
    bye = _shown(gettext("Bye"))
    rating_title = _shown(gettext("Rating ± deviation"))
    dba_title = _shown(gettext("DBA result, side A first"))
    shown = _Shown()
    out = []
    for item in items:
        game, result = item["game"], item["result"]
        table = None if game.is_bye else shown.once(game.table)
        row_id = "" if game.is_bye else f' id="table-{table}"'  # "you are at table 12" links here
        stage = f' <small class="muted stage-label">{_shown(item["stage"])}</small>' if item.get("stage") else ""
        out.append(f"\n      <tr{row_id}><td>{bye if game.is_bye else table}{stage}</td>\n        ")
        for seat in item["seats"]:
            reg = seat.registration
            rating = getattr(seat, "rating", None)
            shown_rating = (f' <small class="rating" title="{rating_title}">{floatformat(rating.rating, 0)} ± '
                            f"{floatformat(rating.deviation, 0)}</small>") if rating else ""
            out.append(f'<td>{shown.once(reg.name)}{shown_rating} <span class="muted">{shown(reg.army_ref)}</span></td>')
        out.append("\n        " + ("<td>—</td>" if game.is_bye else "") + '\n        <td class="result">')
        if game.is_bye:
            out.append(f'{bye} <span class="muted">({shown(result.get("points", ""))})</span>')
        elif result.get("dba"):
            out.append(f'<span class="points">{shown(result["points"])}</span> <span class="dba" '
                       f'title="{dba_title}">{shown(result["dba"])}</span>')
        out.append("</td></tr>\n    ")
    return mark_safe("".join(out))  # noqa: S308 - every value escaped above


def roster_rows(registrations) -> SafeString:
    """`<tr>` per player of the event home's list (`registrations`: dicts of name, club_name, army_ref, army_name)."""
    shown = _Shown()
    out = []
    for reg in registrations:
        club = shown(reg["club_name"]) if reg["club_name"] else ""
        out.append(f'\n    <tr><td>{shown.once(reg["name"])}</td><td>{club}</td><td>{shown(reg["army_ref"])} '
                   f'<span lang="en">{shown(reg["army_name"])}</span></td></tr>\n  ')
    return mark_safe("".join(out))  # noqa: S308 - every value escaped above
