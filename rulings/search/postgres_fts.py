"""PostgreSQL backend: stored tsvector per clause in its language's config (Spanish/Italian/English
copies with unaccent when available) plus a 'simple' vector of abbreviations as written."""

from __future__ import annotations

from django.db import connection

from rulings.search.snippet import START, STOP
from rulings.search.text import Group

CONFIGS = (("es", "rulings_es"), ("it", "rulings_it"), ("en", "rulings_en"))
HEADLINE_OPTIONS = f"StartSel={START}, StopSel={STOP}, MaxFragments=2, MaxWords=28, MinWords=10, FragmentDelimiter=\" … \""


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


def run(groups: list[Group], mode: str, limit: int) -> list[tuple[int, float, str]]:
    params: list = []
    columns = []
    for index, group in enumerate(groups):
        for language, config in CONFIGS:
            columns.append(f"{_prose_query(group, config, params)} AS g{index}_{language}")
        columns.append(f"{_simple_query(group, params)} AS g{index}_s")
    conditions = []
    for index in range(len(groups)):
        per_language = " ".join(f"WHEN '{lang}' THEN q.g{index}_{lang}" for lang, _ in CONFIGS[:2])
        conditions.append(
            f"(c.search_vector @@ (CASE c.language {per_language} ELSE q.g{index}_en END) "
            f"OR c.terms_vector @@ q.g{index}_s)"
        )
    joiner = " AND " if mode == "and" else " OR "

    def any_of(language: str) -> str:
        return "(" + " || ".join(f"q.g{i}_{language}" for i in range(len(groups))) + ")"

    all_query = f"(CASE c.language WHEN 'es' THEN {any_of('es')} WHEN 'it' THEN {any_of('it')} ELSE {any_of('en')} END)"
    config_of = "(CASE c.language WHEN 'es' THEN 'rulings_es'::regconfig WHEN 'it' THEN 'rulings_it'::regconfig ELSE 'rulings_en'::regconfig END)"
    sql = (
        f"WITH q AS (SELECT {', '.join(columns)}), "
        f"hits AS (SELECT c.id, c.language, c.search_text, {all_query} AS query, "
        f"ts_rank_cd(c.search_vector, {all_query}) + CASE WHEN c.terms_vector @@ {any_of('s')} THEN 0.3 ELSE 0 END AS score "
        f"FROM rulings_clause c, q WHERE NOT (c.flags @> '[\"placeholder\"]'::jsonb) AND ({joiner.join(conditions)}) "
        f"ORDER BY score DESC, c.id LIMIT %s) "
        f"SELECT c.id, c.score, ts_headline({config_of}, c.search_text, c.query, %s) FROM hits c ORDER BY c.score DESC, c.id"
    )
    params += [limit, HEADLINE_OPTIONS]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [(row[0], float(row[1]), row[2] or "") for row in cursor.fetchall()]
