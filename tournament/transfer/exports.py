"""Tables in and out as CSV or XLSX (pandas). Pure Python, no Django."""

from __future__ import annotations

import csv
import io
import zipfile

import pandas as pd

XLSX_MAGIC = b"PK\x03\x04"


def to_csv_bytes(frame: pd.DataFrame) -> bytes:
    """UTF-8 with a byte-order mark, so spreadsheet programs show accents right."""
    return frame.to_csv(index=False).encode("utf-8-sig")


def to_xlsx_bytes(frame: pd.DataFrame, sheet_name: str = "Sheet1") -> bytes:
    buffer = io.BytesIO()
    safe_name = "".join(ch for ch in str(sheet_name) if ch not in "[]:*?/\\")[:31] or "Sheet1"
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        frame.to_excel(writer, sheet_name=safe_name, index=False)
        for row in writer.sheets[safe_name].iter_rows():
            for cell in row:
                if cell.data_type == "f":  # text such as a shared rank "=2" stays text, never a formula
                    cell.data_type = "s"
    return buffer.getvalue()


def read_table(data: bytes, filename: str = "") -> pd.DataFrame:
    """A CSV (comma or semicolon, UTF-8 or Windows-1252) or XLSX file as a frame of text cells.

    Raises ValueError with a sentence for the user when the file cannot be read.
    """
    if not data.strip():
        raise ValueError("The file is empty.")
    if data.startswith(XLSX_MAGIC) or filename.lower().endswith((".xlsx", ".xlsm")):
        return _read_xlsx(data)
    return _read_csv(data)


def _read_xlsx(data: bytes) -> pd.DataFrame:
    try:
        return pd.read_excel(io.BytesIO(data), dtype=str, keep_default_na=False, engine="openpyxl")
    except (ValueError, KeyError, OSError, zipfile.BadZipFile) as exc:
        raise ValueError("The file is not a readable XLSX workbook.") from exc


def _read_csv(data: bytes) -> pd.DataFrame:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes almost anything
        raise ValueError("The file is not text (CSV) in UTF-8 or Windows encoding.")
    if "\x00" in text:
        raise ValueError("The file is not a CSV text file.")
    first_line = text.splitlines()[0] if text.splitlines() else ""
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    try:
        return pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False, sep=delimiter, quoting=csv.QUOTE_MINIMAL)
    except (pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        raise ValueError(f"The CSV file cannot be read: {exc}".splitlines()[0]) from exc
