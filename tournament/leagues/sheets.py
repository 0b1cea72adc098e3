"""League tables as CSV or XLSX, formula-safe (pure: pandas, no Django).

A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
apostrophe, so a player named "=HYPERLINK(...)" is shown as text, never run.
"""

from __future__ import annotations

import pandas as pd

from tournament.transfer.exports import to_csv_bytes, to_xlsx_bytes

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def defuse(value):
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def safe_frame(frame: pd.DataFrame) -> pd.DataFrame:
    frame = frame.map(defuse)  # every cell, whatever the column's dtype (pandas 3 has a string dtype)
    frame.columns = [defuse(str(c)) for c in frame.columns]
    return frame


def table_bytes(frame: pd.DataFrame, fmt: str, sheet: str) -> bytes:
    if fmt == "csv":
        return to_csv_bytes(safe_frame(frame))
    if fmt == "xlsx":
        return to_xlsx_bytes(safe_frame(frame), sheet)
    raise ValueError(f"unknown table format: {fmt}")
