"""League tables as CSV or XLSX, through the project's formula-safe writers (tournament.transfer.exports:
a cell a spreadsheet would run as a formula is kept as text, control characters are stripped)."""

from __future__ import annotations

import pandas as pd

from tournament.transfer.exports import to_csv_bytes, to_xlsx_bytes


def table_bytes(frame: pd.DataFrame, fmt: str, sheet: str) -> bytes:
    if fmt == "csv":
        return to_csv_bytes(frame)
    if fmt == "xlsx":
        return to_xlsx_bytes(frame, sheet)
    raise ValueError(f"unknown table format: {fmt}")
