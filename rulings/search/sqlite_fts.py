"""SQLite FTS5 backend: folded tokens (unicode61 remove_diacritics 2), Snowball stems as prefixes."""

from __future__ import annotations

from django.db import connection

from rulings.search.snippet import START, STOP
from rulings.search.text import Group, fold, stems

BM25 = "bm25(rulings_clause_fts, 4.0, 1.0, 3.0)"


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


def run(groups: list[Group], mode: str, limit: int, game: str = "", document: str = "") -> list[tuple[int, float, str, str]]:
    """(clause id, score — higher is better, language, game) best first, of `game` / `document` when given."""
    sql = (
        f"SELECT rulings_clause_fts.rowid, -{BM25}, c.language, d.game FROM rulings_clause_fts "
        "JOIN rulings_clause c ON c.id = rulings_clause_fts.rowid JOIN rulings_document d ON d.id = c.document_id "
        "WHERE rulings_clause_fts MATCH %s AND (%s = '' OR d.game = %s) AND (%s = '' OR d.slug = %s) "
        f"ORDER BY {BM25} LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [match_expression(groups, mode), game, game, document, document, limit])
        return [(row[0], float(row[1]), row[2], row[3]) for row in cursor.fetchall()]


def snippets(groups: list[Group], mode: str, ids: list[int]) -> dict[int, str]:
    """Clause id → raw snippet (hits between the sentinels) for the clauses shown, not every match."""
    marks = ", ".join(["%s"] * len(ids))
    sql = (
        "SELECT rowid, snippet(rulings_clause_fts, 1, %s, %s, '…', 28) FROM rulings_clause_fts "
        f"WHERE rulings_clause_fts MATCH %s AND rowid IN ({marks})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [START, STOP, match_expression(groups, mode), *ids])
        return {row[0]: row[1] or "" for row in cursor.fetchall()}
