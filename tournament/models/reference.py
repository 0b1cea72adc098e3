"""Reference data loaded from fixtures: army lists and element types.

`data` keeps the source row as written so the pure parsers (tournament/armylists.py,
tournament/elements.py) stay the single reading of the notation.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Edition


class ArmyList(models.Model):
    edition = models.CharField(_("rules edition"), max_length=3, choices=Edition.choices)
    ref = models.CharField(_("reference"), max_length=16)
    name = models.CharField(_("name"), max_length=200)
    date_from = models.IntegerField(_("from year"), null=True, blank=True)
    date_to = models.IntegerField(_("to year"), null=True, blank=True)
    topography = models.CharField(_("home topography"), max_length=40, blank=True)
    aggression = models.SmallIntegerField(_("aggression"), null=True, blank=True)
    data = models.JSONField(_("source row"))
    problems = models.JSONField(_("parser problems"), default=list, blank=True)
    source = models.CharField(_("source"), max_length=200, blank=True)

    class Meta:
        ordering = ["edition", "pk"]
        verbose_name = _("army list")
        verbose_name_plural = _("army lists")
        constraints = [models.UniqueConstraint(fields=["edition", "ref"], name="unique_edition_ref")]

    def __str__(self) -> str:
        return f"{self.ref} {self.name}"


class ElementType(models.Model):
    edition = models.CharField(_("rules edition"), max_length=3, choices=Edition.choices)
    code = models.CharField(_("code"), max_length=8)
    name_en = models.CharField(_("name (English)"), max_length=80)
    name_es = models.CharField(_("name (Spanish)"), max_length=80, blank=True)
    name_it = models.CharField(_("name (Italian)"), max_length=80, blank=True)
    data = models.JSONField(_("profile"))
    source = models.CharField(_("source"), max_length=200, blank=True)
    doubtful = models.BooleanField(_("doubtful value in the source"), default=False)

    class Meta:
        ordering = ["edition", "code"]
        verbose_name = _("element type")
        verbose_name_plural = _("element types")
        constraints = [models.UniqueConstraint(fields=["edition", "code"], name="unique_edition_code")]

    def __str__(self) -> str:
        return f"{self.code} ({self.edition})"
