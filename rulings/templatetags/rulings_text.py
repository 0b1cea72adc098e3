"""Render a clause's text as HTML: paragraphs, lists, bold/italic remnants, glossary definitions.

Everything from the seed is escaped first; only our own tags are added afterwards. A glossary term is a
button that opens its definition in place (the HTML `popover` attribute: a tap on a phone, a click or
Enter on a desktop, no script), in the page's language, with a link to the glossary entry.
"""

from __future__ import annotations

import html
import itertools
import re

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from rulings.search.text import cached_abbreviation_index
from rulings.sources.glossary import headword, load_glossary
from rulings.sources.index import translated_gist

register = template.Library()

LINK = re.compile(r"\[([^\]]*)\]\(#?\)")
BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
LIST_ITEM = re.compile(r"^\s*(?:- |\* )(.*)$")
# The text mentions a picture that the conversion to plain text lost (the seeds have no images).
DIAGRAM_MENTION = re.compile(
    r"\b(?:diagramm[ai]|diagrams?|diagramas?|gr[áa]fico|immagine|imagen adjunta|illustrazione|"
    r"(?:la|in|nella|prima) figura)\b", re.IGNORECASE)
_popover_ids = itertools.count(1)


def _tooltips(escaped: str) -> str:
    glossary = load_glossary()
    index = cached_abbreviation_index(glossary)
    if not index.exact:
        return escaped
    language = (get_language() or "en")[:2]
    url = reverse("rulings:glossary")
    pattern = re.compile(
        r"(?<![^\W\d_])(\d*)(" + "|".join(sorted(map(re.escape, index.exact), key=len, reverse=True)) + r")(?![^\W\d_])"
    )

    def replace(match: re.Match[str]) -> str:
        written = match.group(2)
        if written in index.needs_marker and not match.group(1):
            if re.match(r"\s+[^\W\d_]", escaped[match.end():]):
                return match.group(0)
        entry = index.entries[index.exact[written]]
        definition = html.escape(entry.definition.get(language) or entry.definition.get("en", ""), quote=False)
        name = headword(entry, entry.term, language)
        label = html.escape(f"{entry.abbreviations[0]} — {name}" if entry.abbreviations else name, quote=False)
        pop = f"term-pop-{next(_popover_ids)}"
        return (f'{match.group(1)}<button type="button" class="term" popovertarget="{pop}">'
                f'<abbr>{written}</abbr></button><span popover id="{pop}" class="term-pop" role="note" lang="{language}" data-ui>'
                f'<strong>{label}</strong>: {definition} '
                f'<a href="{url}#term-{entry.slug}">{html.escape(gettext("Glossary"))}</a></span>')

    return pattern.sub(replace, escaped)


def _inline(text: str, tooltips: bool) -> str:
    escaped = html.escape(text, quote=False)
    escaped = LINK.sub(r"\1", escaped).replace("\\(", "(").replace("\\)", ")")
    escaped = BOLD.sub(r"<strong>\1</strong>", escaped)
    escaped = ITALIC.sub(r"<em>\1</em>", escaped)
    return _tooltips(escaped) if tooltips else escaped


def _paragraph_html(lines: list[str], tooltips: bool) -> str:
    """One paragraph: runs of "- " lines become a list, other runs a <p> with line breaks."""
    out: list[str] = []
    run: list[str] = []
    run_is_list = False
    for line in lines + [None]:  # type: ignore[list-item]
        item = LIST_ITEM.match(line) if line is not None else None
        if line is None or bool(item) != run_is_list:
            if run and run_is_list:
                out.append("<ul>" + "".join(f"<li>{_inline(i, tooltips)}</li>" for i in run) + "</ul>")
            elif run:
                out.append("<p>" + "<br>".join(_inline(b, tooltips) for b in run) + "</p>")
            run, run_is_list = [], bool(item)
        if line is not None:
            run.append(item.group(1) if item else line.strip())
    return "".join(out)


@register.filter
def clause_html(text: str, tooltips: bool = True) -> SafeString:
    """Paragraphs (blank-line separated) → <p>; runs of "- " lines → <ul>; other lines → <br>."""
    out = []
    for paragraph in (text or "").split("\n\n"):
        lines = [line for line in paragraph.split("\n") if line.strip()]
        if lines:
            out.append(_paragraph_html(lines, tooltips))
    return mark_safe("".join(out))  # noqa: S308 - every piece escaped in _inline


@register.filter
def cell_html(text: str) -> SafeString:
    return mark_safe(_inline(text or "", True))  # noqa: S308 - escaped in _inline


@register.filter
def padded_rows(rows: list[list[str]] | None) -> list[list[str]]:
    """Table rows padded to the widest row so every row has the same number of cells."""
    if not rows:
        return []
    width = max(len(r) for r in rows)
    return [list(r) + [""] * (width - len(r)) for r in rows]


@register.filter
def plain_heading(text: str) -> str:
    """A heading from the seed without its markdown remnants ("**ATTRAVERSAMENTO**" → "ATTRAVERSAMENTO")."""
    return LINK.sub(r"\1", text or "").replace("**", "").replace("\\(", "(").replace("\\)", ")")


@register.filter
def mentions_lost_diagram(clause) -> bool:
    """The clause's text refers to a diagram or picture that is not in the library (lost in conversion)."""
    return clause.kind != "caption" and bool(DIAGRAM_MENTION.search(clause.text or ""))


@register.filter
def link_text(clause, words: int = 8) -> str:
    """What a link to a clause says: its printed number, else the start of its text (never "paragraph")."""
    if clause.number:
        return clause.number
    plain = " ".join(plain_heading(getattr(clause, "shown_text", clause.text) or "").replace("*", "").split())
    cut = plain.split(" ")
    return " ".join(cut[:words]) + ("…" if len(cut) > words else "") if plain else clause.get_kind_display()


@register.simple_tag(takes_context=False)
def english_gist(clause) -> dict | None:
    """For an English or Spanish reader: the gist in their language (English, else Spanish when one is
    written) of an Italian NASAMW clarification ({"gist": ..., "doubtful": ..., "language": ...} or
    {"gist": ""} when none is written yet); None when the clause needs none (an Italian reader)."""
    reader = (get_language() or "en")[:2]
    if reader == "it" or clause.language != "it" or clause.kind != "item":
        return None
    found = translated_gist(clause.key, reader)
    if found is None:
        return {"gist": "", "doubtful": "", "language": "en"}
    return {**found[1], "language": found[0]}
