"""PostgreSQL backend: stored tsvector per clause in its language's config (Spanish/Italian/English
copies with unaccent when available) plus a 'simple' vector of abbreviations as written.

Ranking reads only the stored vectors; ts_headline (which re-parses a clause's text) runs for the
clauses shown, not for every match."""

from __future__ import annotations

from django.db import connection

from rulings.search.snippet import START, STOP
from rulings.search.text import Group

CONFIGS = (("es", "rulings_es"), ("it", "rulings_it"), ("en", "rulings_en"))
HEADLINE_OPTIONS = f"StartSel={START}, StopSel={STOP}, MaxFragments=2, MaxWords=28, MinWords=10, FragmentDelimiter=\" … \""
CONFIG_OF = ("(CASE c.language WHEN 'es' THEN 'rulings_es'::regconfig WHEN 'it' THEN 'rulings_it'::regconfig "
             "ELSE 'rulings_en'::regconfig END)")


def _prose_query(group: Group, config: str, params: list) -> str:
    parts = []
    for phrase in group.phrases:
        parts.append(f"phraseto_tsquery('{config}'::regconfig, %s)")
        params.append(" ".join(phrase))
    return "(" + " || ".join(parts) + ")" if parts else "''::tsquery"


def _simple_query(group: Group, params: list) -> str:
    if not group.abbreviations:
        return "''::tsquery"
    params.append(" | ".join(group.abbreviations))
    return "to_tsquery('simple'::regconfig, %s)"


def _queries(groups: list[Group], params: list) -> str:
    """The CTE `q`: one tsquery per group and language (g0_es, g0_it, g0_en) and per group as written (g0_s)."""
    columns = []
    for index, group in enumerate(groups):
        for language, config in CONFIGS:
            columns.append(f"{_prose_query(group, config, params)} AS g{index}_{language}")
        columns.append(f"{_simple_query(group, params)} AS g{index}_s")
    return f"q AS (SELECT {', '.join(columns)})"


def _any_of(groups: list[Group], language: str) -> str:
    return "(" + " || ".join(f"q.g{i}_{language}" for i in range(len(groups))) + ")"


def _all_query(groups: list[Group]) -> str:
    """Every group's words in the clause's own language: what is ranked and highlighted."""
    return (f"(CASE c.language WHEN 'es' THEN {_any_of(groups, 'es')} WHEN 'it' THEN {_any_of(groups, 'it')} "
            f"ELSE {_any_of(groups, 'en')} END)")


def run(groups: list[Group], mode: str, limit: int, game: str = "", document: str = "") -> list[tuple[int, float, str, str]]:
    """(clause id, score — higher is better, language, game) best first, of `game` / `document` when given."""
    params: list = []
    queries = _queries(groups, params)
    conditions = []
    for index in range(len(groups)):
        per_language = " ".join(f"WHEN '{lang}' THEN q.g{index}_{lang}" for lang, _ in CONFIGS[:2])
        conditions.append(
            f"(c.search_vector @@ (CASE c.language {per_language} ELSE q.g{index}_en END) "
            f"OR c.terms_vector @@ q.g{index}_s)"
        )
    joiner = " AND " if mode == "and" else " OR "
    sql = (
        f"WITH {queries} "
        f"SELECT c.id, ts_rank_cd(c.search_vector, {_all_query(groups)}) "
        f"+ CASE WHEN c.terms_vector @@ {_any_of(groups, 's')} THEN 0.3 ELSE 0 END AS score, c.language, d.game "
        "FROM rulings_clause c JOIN rulings_document d ON d.id = c.document_id, q "
        f"WHERE NOT (c.flags @> '[\"placeholder\"]'::jsonb) AND ({joiner.join(conditions)}) "
        "AND (%s = '' OR d.game = %s) AND (%s = '' OR d.slug = %s) "
        "ORDER BY score DESC, c.id LIMIT %s"
    )
    params += [game, game, document, document, limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [(row[0], float(row[1]), row[2], row[3]) for row in cursor.fetchall()]


def snippets(groups: list[Group], mode: str, ids: list[int]) -> dict[int, str]:
    """Clause id → raw snippet (hits between the sentinels) for the clauses shown, not every match."""
    params: list = []
    queries = _queries(groups, params)
    sql = (
        f"WITH {queries} SELECT c.id, ts_headline({CONFIG_OF}, c.search_text, {_all_query(groups)}, %s) "
        "FROM rulings_clause c, q WHERE c.id = ANY(%s)"
    )
    params += [HEADLINE_OPTIONS, list(ids)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {row[0]: row[1] or "" for row in cursor.fetchall()}
