"""A table offered for download: a pandas frame written as CSV (UTF-8 with a byte-order mark, formula-safe) or
XLSX by `transfer.exports`, answered as an attachment named for what it holds."""

from __future__ import annotations

import pandas as pd
from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _

from tournament.transfer.exports import to_csv_bytes, to_xlsx_bytes

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def table_download(frame: pd.DataFrame, fmt: str, name: str, sheet: str) -> HttpResponse:
    """`frame` as `name`.csv or `name`.xlsx (the sheet called `sheet`); any other format is not found."""
    if fmt == "xlsx":
        response = HttpResponse(to_xlsx_bytes(frame, sheet), content_type=XLSX)
    elif fmt == "csv":
        response = HttpResponse(to_csv_bytes(frame, (_("yes"), _("no"))), content_type="text/csv; charset=utf-8")
    else:
        raise Http404
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response
