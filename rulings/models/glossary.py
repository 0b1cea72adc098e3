"""Glossary terms: abbreviations and their forms in English, Spanish and Italian."""

from __future__ import annotations

from django.db import models

from rulings.models.documents import Clause


class Term(models.Model):
    slug = models.SlugField(unique=True)
    term = models.CharField(max_length=120, help_text="English name of the term")
    abbreviation = models.CharField(max_length=20, blank=True)
    case_sensitive = models.BooleanField(default=False, help_text="Match the abbreviation only as written (El, Ps)")
    forms = models.JSONField(default=dict, help_text='{"en": [...], "es": [...], "it": [...]}')
    abbreviations = models.JSONField(default=list, help_text="Abbreviation variants as written (PIP, PIPs)")
    definition = models.JSONField(default=dict, help_text="Short definition per language")
    citations = models.JSONField(default=list, help_text="<doc>@L<line> citations of defining clauses")
    clauses = models.ManyToManyField(Clause, blank=True, related_name="terms_defined")

    class Meta:
        ordering = ["term"]

    def __str__(self) -> str:
        return self.abbreviation or self.term
