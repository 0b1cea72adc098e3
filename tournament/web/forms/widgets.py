"""Widgets the forms share."""

from __future__ import annotations

from django import forms

ISO_DATE = "%Y-%m-%d"


class DateInput(forms.DateInput):
    """`<input type="date">`: the browser reads its value only in ISO form (2026-12-12) and shows it in the
    reader's own format; a localized value ("12/12/2026" in es and it) is dropped and the field looks empty."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs=attrs, format=ISO_DATE)
