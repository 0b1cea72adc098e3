"""Lines of working that a view can translate (pure Python, no Django).

A calculator returns its breakdown as strings; a `Line` is such a string (English, for the JSON API and
the tests) that also keeps its message id (an English template with named fields) and its parameters.
A parameter is a plain value, another Line, or a dict of languages ({"en": ..., "es": ..., "it": ...},
the fixtures' own wording). `render` rebuilds the line in another language with a translate function
(the view passes gettext); a line with a count (`plural_line`) is rebuilt with a plural one (the view passes
ngettext), so that Italian says "ne resta 1" but "ne restano 2". Nothing here imports Django."""

from __future__ import annotations

from collections.abc import Callable

DOUBT = "doubtful: {text}"


def _english(value):
    if isinstance(value, dict) and "en" in value:
        return value["en"]
    return value


class Line(str):
    """An English line of working that remembers how it was made."""

    template: str
    params: dict
    doubtful: bool
    plural: str | None
    count: str | None

    def __new__(cls, template: str, *, _plural: str | None = None, _count: str | None = None, **params):
        english = _plural if _plural is not None and params[_count] != 1 else template
        line = super().__new__(cls, english.format(**{k: _english(v) for k, v in params.items()}))
        line.template = template
        line.params = params
        line.doubtful = "doubtful:" in template
        line.plural = _plural
        line.count = _count
        return line


def line(template: str, **params) -> Line:
    return Line(template, **params)


def plural_line(singular: str, plural: str, count: str, **params) -> Line:
    """A line whose wording follows the number `params[count]` (ngettext: singular, plural, n)."""
    return Line(singular, _plural=plural, _count=count, **params)


def doubt(text) -> Line:
    """A doubt: `text` is a string or a dict of languages; it should name the seed lines it rests on."""
    return Line(DOUBT, text=text)


def render(value, translate: Callable[[str], str], lang: str,
           translate_plural: Callable[[str, str, int], str] | None = None,
           figure: Callable[[str], str] | None = None) -> str:
    """`value` (a Line, a dict of languages or a plain value) in `lang`, templates through `translate`, a line
    with a count through `translate_plural` (ngettext; without one, the English singular or plural), a plain
    value through `figure` (the view writes "3.5" as the reader's language does)."""
    if isinstance(value, Line):
        params = {k: render(v, translate, lang, translate_plural, figure) for k, v in value.params.items()}
        english = value.template
        if value.plural is not None:
            n = value.params[value.count]
            english = value.template if n == 1 else value.plural
            template = translate_plural(value.template, value.plural, n) if translate_plural else english
        else:
            template = translate(value.template)
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):  # a translation that lost a field: fall back to English
            return english.format(**params)
    if isinstance(value, dict) and "en" in value:
        return str(value.get(lang[:2]) or value["en"])
    return figure(str(value)) if figure else str(value)
