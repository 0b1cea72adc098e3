"""Lines of working that a view can translate (pure Python, no Django).

A calculator returns its breakdown as strings; a `Line` is such a string (English, for the JSON API and
the tests) that also keeps its message id (an English template with named fields) and its parameters.
A parameter is a plain value, another Line, or a dict of languages ({"en": ..., "es": ..., "it": ...},
the fixtures' own wording). `render` rebuilds the line in another language with a translate function
(the view passes gettext); nothing here imports Django."""

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

    def __new__(cls, template: str, **params):
        line = super().__new__(cls, template.format(**{k: _english(v) for k, v in params.items()}))
        line.template = template
        line.params = params
        line.doubtful = "doubtful:" in template
        return line


def line(template: str, **params) -> Line:
    return Line(template, **params)


def doubt(text) -> Line:
    """A doubt: `text` is a string or a dict of languages; it should name the seed lines it rests on."""
    return Line(DOUBT, text=text)


def render(value, translate: Callable[[str], str], lang: str) -> str:
    """`value` (a Line, a dict of languages or a plain value) in `lang`, templates through `translate`."""
    if isinstance(value, Line):
        params = {k: render(v, translate, lang) for k, v in value.params.items()}
        try:
            return translate(value.template).format(**params)
        except (KeyError, IndexError, ValueError):  # a translation that lost a field: fall back to English
            return value.template.format(**params)
    if isinstance(value, dict) and "en" in value:
        return str(value.get(lang[:2]) or value["en"])
    return str(value)
