"""SQLite FTS5 backend: folded tokens (unicode61 remove_diacritics 2), Snowball stems as prefixes."""

from __future__ import annotations

from django.db import connection

from rulings.search.snippet import START, STOP
from rulings.search.text import Group, fold, stems


def _phrase(words: tuple[str, ...]) -> str:
    if len(words) == 1:
        options = [f'"{words[0]}"'] + [f'"{stem}"*' for stem in stems(words[0])[1:]]
        if len(words[0]) >= 4:
            options.append(f'"{words[0]}"*')
        return " OR ".join(dict.fromkeys(options))
    body = " ".join(fold(w) for w in words)
    return f'"{body}"*' if len(words[-1]) >= 4 else f'"{body}"'


def group_expression(group: Group) -> str:
    prose = " OR ".join(_phrase(p) for p in group.phrases if p)
    parts = [f"{{heading body}} : ({prose})"] if prose else []
    parts += [f'terms : "{abbr}"' for abbr in group.abbreviations]
    return "(" + " OR ".join(parts) + ")"


def match_expression(groups: list[Group], mode: str) -> str:
    joiner = " AND " if mode == "and" else " OR "
    return joiner.join(group_expression(g) for g in groups)


def run(groups: list[Group], mode: str, limit: int) -> list[tuple[int, float, str]]:
    """(clause id, score — higher is better, raw snippet with sentinels) best first."""
    sql = (
        "SELECT rowid, -bm25(rulings_clause_fts, 4.0, 1.0, 3.0) AS score, "
        "snippet(rulings_clause_fts, 1, %s, %s, '…', 28) FROM rulings_clause_fts "
        "WHERE rulings_clause_fts MATCH %s ORDER BY bm25(rulings_clause_fts, 4.0, 1.0, 3.0) LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [START, STOP, match_expression(groups, mode), limit])
        return [(row[0], float(row[1]), row[2] or "") for row in cursor.fetchall()]
