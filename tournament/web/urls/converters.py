"""Path converters shared by the URL modules."""

from django.urls import register_converter


class TableFormat:
    """csv or xlsx (so "standings.pdf" is not taken for a table export)."""

    regex = "csv|xlsx"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TableFormat, "table")
