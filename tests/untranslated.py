"""Finding English left in a Spanish or Italian page (pure helpers for tests/house/test_untranslated_strings.py).

What a reader sees is the page's text and the attributes a browser shows or reads aloud (title,
placeholder, aria-label, alt, a button's value). Content that declares another language with a `lang`
attribute (a seed's own text, an English gist, a glossary term's forms) or marks itself as a source's
words with `data-source` (a seed's text in the page's language, which may quote English) is not the UI
and is skipped, except the parts inside it marked `data-ui` (the glossary's tooltips); so is the
language switcher, which names each language in its own words."""

from __future__ import annotations

import re
from functools import cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SKIPPED = {"script", "style", "template", "svg", "q", "blockquote", "code"}  # quotes are the sources' words, code is ids

# Common English UI words that never belong in an es/it page, whatever the catalogues hold.
ENGLISH_UI_WORDS = (
    "Standings", "Round", "Rounds", "Players", "Player", "Table", "Submit", "Search", "Result", "Results",
    "wins", "won", "lost", "Opponent", "Pairings", "Points", "Score", "Save", "Cancel", "Back", "Next",
    "Previous", "Event", "Events", "Rules", "League", "Leagues", "Glossary", "Calculator", "Calculators",
    "Log in", "Sign up", "Password", "Username", "Report", "Draw", "Army", "Edit", "Delete", "Publish",
    "Audit", "Page not found", "Not allowed", "Add", "Import", "Export", "Print", "Name", "Date", "Rank",
    "Games", "Bye", "Total", "Status", "Settle a dispute", "Rulings log", "Home", "Language", "Show",
)

# English words that carry a sentence and never stand alone in Spanish or Italian: they find English text that
# no catalogue holds (data, Django's own strings, a label left out of the catalogues).
ENGLISH_FUNCTION_WORDS = ("the", "The", "and", "with", "which", "not", "none", "of", "Select an option")


def _unquote(raw: str) -> str:
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', raw)).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def po_entries(path: Path):
    """(msgid, msgstrs, fuzzy) of every entry but the header and obsolete ones; a msgid with a context
    comes as context + EOT + msgid, as gettext keys it."""
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        if re.search(r"^#~", block, re.M):
            continue
        msgid = re.search(r'^msgid ((?:".*"\n?)+)', block + "\n", re.M)
        if not msgid:
            continue
        msgstrs = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', block + "\n", re.M)
        ident = _unquote(msgid.group(1))
        if not ident:
            continue
        context = re.search(r'^msgctxt ((?:".*"\n?)+)', block + "\n", re.M)
        if context:  # the compiled catalogue keys it as context + EOT + msgid
            ident = _unquote(context.group(1)) + "\x04" + ident
        fuzzy = bool(re.search(r"^#,.*\bfuzzy\b", block, re.M))
        yield ident, [_unquote(s) for s in msgstrs], fuzzy


PLACEHOLDER = re.compile(r"%\([^)]*\)[sdif]|%[sdif]|\{[^}]*\}")


def english_fragments(msgid: str) -> list[str]:
    """The literal runs of an English msgid worth looking for: placeholders split it, and a run must
    hold two words or one word of four letters, so "A" or "of" alone never match."""
    out = []
    for run in PLACEHOLDER.split(msgid):
        run = " ".join(run.split()).strip(" .,:;·()-–—")
        words = re.findall(r"[A-Za-z']+", run)
        if not words or not re.search(r"[a-z]", run):
            continue
        if len(words) >= 2 or len(words[0]) >= 4:
            out.append(run)
    return out


class _Visible(HTMLParser):
    def __init__(self, language: str):
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden)
        self.chunks: list[str] = []

    @property
    def hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = (attrs.get("lang") or "").split("-")[0]
        hidden = ((self.hidden and "data-ui" not in attrs) or tag in SKIPPED or (lang and lang != self.language)
                  or "data-source" in attrs or "lang" in (attrs.get("class") or "").split())
        if not hidden:
            for name in SHOWN_ATTRIBUTES:
                if attrs.get(name):
                    self.chunks.append(attrs[name])
            if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
                self.chunks.append(attrs["value"])
        if tag not in VOID:
            self.stack.append((tag, hidden))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.chunks.append(data)


def visible_text(html: str, language: str) -> str:
    parser = _Visible(language)
    parser.feed(html)
    parser.close()
    return " ".join(" ".join(unescape(c) for c in parser.chunks).split())


def english_found(text: str, needles, ignore) -> list[str]:
    """The needles that occur in `text` as whole words, once every `ignore` string is taken out."""
    for name in sorted(ignore, key=len, reverse=True):
        if name:
            text = text.replace(name, " ¦ ")
    text = re.sub(r"/[\w\-./?=&%:]+", " ", text)  # paths and links (report tokens are random letters)
    return sorted(set(m.group(0) for m in _pattern(frozenset(needles)).finditer(text)))


@cache
def _pattern(needles: frozenset[str]) -> re.Pattern:
    """One pattern for them all (longest first, so a sentence wins over a word of it)."""
    alternatives = "|".join(re.escape(n) for n in sorted(needles, key=len, reverse=True))
    return re.compile(rf"(?<![\w/.])(?:{alternatives})(?![\w/]|\.\w)")
