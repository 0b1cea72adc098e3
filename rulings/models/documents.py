"""Rules library: source documents split into sections and clauses.

A clause's ``key`` is its stable address (``nasamw22:pip.4``): it is built from a fixed
section code and the number printed in the source, never from its position, so citations
survive insertions. ``number`` is only for display. ``line_start``/``line_end`` are 1-based
line numbers in the seed file so that ``<doc>@L<line>`` citations resolve to a clause.
The full-text index lives outside these models (FTS5 table on SQLite, generated tsvector
columns on PostgreSQL), created by migration 0001 and filled from ``search_text``/``terms``.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rulings.sources.index import placeholder_free


class Document(models.Model):
    class Authority(models.TextChoices):
        OFFICIAL = "official", _("Official rules")
        COMMENTARY = "commentary", _("Commentary")
        HOUSE = "house", _("House rule")
        GUIDE = "guide", _("Guide")

    class Language(models.TextChoices):
        EN = "en", _("English")
        ES = "es", _("Spanish")
        IT = "it", _("Italian")

    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=200)
    short_title = models.CharField(max_length=80)
    language = models.CharField(max_length=2, choices=Language.choices)
    game = models.CharField(max_length=40, help_text=_("Game family, e.g. DBA, ASL, Warhammer Fantasy"))
    edition = models.CharField(max_length=40, blank=True)
    authority = models.CharField(max_length=12, choices=Authority.choices)
    attribution = models.TextField()
    source_file = models.CharField(max_length=100)
    modifies = models.CharField(
        max_length=120, blank=True, help_text=_("For house rules: the rules this document is a layer over")
    )
    order = models.PositiveSmallIntegerField(default=0)
    line_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "slug"]
        constraints = [
            models.CheckConstraint(condition=models.Q(language__in=["en", "es", "it"]), name="rulings_document_language"),
        ]

    def __str__(self) -> str:
        return self.short_title

    @property
    def is_house_rule(self) -> bool:
        return self.authority == self.Authority.HOUSE


class Section(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="sections")
    key = models.CharField(max_length=120, unique=True)
    code = models.CharField(max_length=60)
    number = models.CharField(max_length=20, blank=True)
    title = models.CharField(max_length=300)
    heading_path = models.JSONField(default=list)
    level = models.PositiveSmallIntegerField(default=1)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    order = models.PositiveIntegerField()
    line_start = models.PositiveIntegerField()
    line_end = models.PositiveIntegerField()

    class Meta:
        ordering = ["document", "order"]
        indexes = [models.Index(fields=["document", "order"])]

    def __str__(self) -> str:
        return f"{self.document.slug} {self.title}"


class Clause(models.Model):
    class Kind(models.TextChoices):
        ITEM = "item", _("Numbered clause")
        PARAGRAPH = "paragraph", _("Paragraph")
        TABLE = "table", _("Table")
        CAPTION = "caption", _("Diagram caption")
        NOTE = "note", _("Note")
        LIST = "list", _("List")

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="clauses")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="clauses")
    key = models.CharField(max_length=120, unique=True)
    number = models.CharField(max_length=20, blank=True)
    heading_path = models.JSONField(default=list)
    heading = models.CharField(max_length=400, help_text=_("Heading path joined for display and search"))
    text = models.TextField(help_text=_("Clause text as written (split paragraphs merged back)"))
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PARAGRAPH)
    table = models.JSONField(null=True, blank=True, help_text=_("Rows of cells when kind is table"))
    flags = models.JSONField(default=list, blank=True)
    phil_barker = models.BooleanField(default=False, help_text=_('Contains a Phil Barker answer "(PB)"'))
    translator_note = models.BooleanField(default=False, help_text=_('Contains a translator\'s note "N.d.T."'))
    order = models.PositiveIntegerField()
    line_start = models.PositiveIntegerField()
    line_end = models.PositiveIntegerField()
    language = models.CharField(max_length=2)
    search_text = models.TextField(blank=True, help_text=_("Plain text indexed for full-text search"))
    terms = models.TextField(blank=True, help_text=_("Abbreviations found in the clause, indexed as written"))

    class Meta:
        ordering = ["document", "order"]
        indexes = [
            models.Index(fields=["document", "order"]),
            models.Index(fields=["document", "line_start"]),
        ]

    def __str__(self) -> str:
        return self.key

    @property
    def is_placeholder(self) -> bool:
        """Filler text in the source ("Lorem ipsum"): shown flagged, never as a rule."""
        return "placeholder" in (self.flags or [])

    @property
    def shown_text(self) -> str:
        """The text to show: a placeholder clause without its filler paragraphs."""
        return placeholder_free(self.text) if self.is_placeholder else self.text


class Vocabulary(models.Model):
    """Folded words of all clauses, for "did you mean" suggestions."""

    word = models.CharField(max_length=80, unique=True)
    frequency = models.PositiveIntegerField(default=1)

    def __str__(self) -> str:
        return self.word
