"""Plain data produced by the seed parsers (no Django)."""

from __future__ import annotations

from dataclasses import dataclass, field

from config.paths import fixture

SEEDS_DIR = fixture("rulings", "seeds")


@dataclass(frozen=True)
class DocumentMeta:
    slug: str
    filename: str
    title: str
    short_title: str
    language: str
    game: str
    edition: str
    authority: str  # official | commentary | house | guide
    attribution: str
    modifies: str = ""
    order: int = 0


@dataclass(frozen=True)
class HeadingSpec:
    """A heading in a seed: first line, last line (headings may wrap), code, level."""

    line: int
    code: str
    level: int = 1
    end_line: int | None = None
    title: str | None = None  # None: the heading's own text
    number: str = ""
    inline_clause: bool = False  # the heading line itself carries the rule ("VIII. ... = ver PFPh.")


@dataclass(frozen=True)
class ParsedSection:
    key: str
    code: str
    number: str
    title: str
    heading_path: tuple[str, ...]
    level: int
    parent_key: str | None
    line_start: int
    line_end: int


@dataclass(frozen=True)
class ParsedClause:
    key: str
    section_key: str
    number: str
    heading_path: tuple[str, ...]
    text: str
    kind: str  # item | paragraph | table | caption | note | list
    line_start: int
    line_end: int
    flags: tuple[str, ...] = ()
    table: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True)
class ParsedDocument:
    meta: DocumentMeta
    line_count: int
    sections: tuple[ParsedSection, ...]
    clauses: tuple[ParsedClause, ...]
    merged_breaks: tuple[tuple[int, int], ...] = field(default=())

    @property
    def slug(self) -> str:
        return self.meta.slug


def read_seed_lines(filename: str) -> list[str]:
    """The seed's lines without line terminators; index 0 is line 1."""
    text = (SEEDS_DIR / filename).read_text(encoding="utf-8")
    return text.split("\n") if not text.endswith("\n") else text[:-1].split("\n")
