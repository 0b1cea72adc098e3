"""Tables in and out as CSV or XLSX. Pure Python, no Django.

Out (every export of the site goes through `to_csv_bytes` / `to_xlsx_bytes`): formula-safe.
Control characters are stripped; in CSV a text cell starting with = + - @, a tab or a carriage return
gets a leading apostrophe, so a spreadsheet shows it as text instead of running it; in XLSX every text
cell is written as a string cell, never as a formula.

In (`read_table`): a CSV or an XLSX workbook as a frame of text cells, within row and column limits.
Workbooks are read streaming (tournament/transfer/xlsx_stream.py; defusedxml guards the XML) after
checking how big they are once unpacked, so a small zip that unpacks to millions of cells is refused at
once, and reading stops at the row and column limits.
Problems are `TableError`s with a code and parameters (tournament/transfer/messages.py words them).
"""

from __future__ import annotations

import csv
import io
import math
import re
import zipfile
from collections.abc import Iterable, Iterator

import numpy as np
import pandas as pd

from tournament.transfer import xlsx_stream

XLSX_MAGIC = b"PK\x03\x04"
MAX_ROWS = 2000
MAX_COLUMNS = 30
MAX_UNPACKED_BYTES = 40 * 1024 * 1024  # a 2,000 x 30 workbook unpacks to a few MB
MAX_ZIP_MEMBERS = 200

# Characters a spreadsheet takes as the start of a formula (with their full-width twins).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")
# C0 and C1 control characters except tab, line feed and carriage return (XML 1.0 cannot hold most of them).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


class TableError(ValueError):
    """A file that cannot be read as a table, with a code and parameters for the message."""

    SENTENCES = {
        "empty": "The file is empty.",
        "not_xlsx": "The file is not a readable XLSX workbook.",
        "not_text": "The file is not text (CSV) in UTF-8 or Windows encoding.",
        "unreadable_csv": "The CSV file cannot be read: {detail}",
        "unpacked_too_large": "The workbook is too large once unpacked ({size} MB; the limit is {limit} MB).",
        "too_many_rows": "Too many rows: the limit is {limit}.",
        "too_many_columns": "Too many columns: the limit is {limit}.",
        "duplicate_column": "The column “{column}” appears twice.",
        "extra_cells": "Line {line} has more cells than the header.",
        "too_many_cells": "The workbook holds more than {rows} rows of {columns} columns.",
    }

    def __init__(self, code: str, **params):
        self.code, self.params = code, params
        super().__init__(self.SENTENCES[code].format(**params))


def clean_text(value: str) -> str:
    """Text without control characters (tab and line breaks stay)."""
    return CONTROL.sub("", value)


def _is_missing(value) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA or value is pd.NaT


def csv_cell(value, booleans: tuple[str, str] = ("yes", "no")):
    """A value ready for a CSV cell: numbers as they are, text cleaned and defused, a yes/no as `booleans`'
    words (the reader's language, from the caller), never Python's "True"/"False"."""
    if _is_missing(value):
        return ""
    if isinstance(value, bool | np.bool_):
        return booleans[0] if value else booleans[1]
    if not isinstance(value, str):
        return value
    text = clean_text(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def uncsv_cell(text: str) -> str:
    """Undo `csv_cell`'s apostrophe, so an exported file imports back unchanged."""
    if len(text) > 1 and text[0] == "'" and text[1:].startswith(FORMULA_START):
        return text[1:]
    return text


def _records(frame: pd.DataFrame) -> Iterator[list]:
    yield [str(c) for c in frame.columns]
    for record in frame.itertuples(index=False, name=None):
        yield list(record)


def to_csv_bytes(frame: pd.DataFrame, booleans: tuple[str, str] = ("yes", "no")) -> bytes:
    """UTF-8 with a byte-order mark, so spreadsheet programs show accents right. A yes/no cell is written as
    `booleans` (the words for yes and no in the reader's language: this module stays free of Django)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for row in _records(frame):
        writer.writerow([csv_cell(v, booleans) for v in row])
    return buffer.getvalue().encode("utf-8-sig")


def _xlsx_value(value):
    if _is_missing(value):
        return None
    if isinstance(value, str):
        return clean_text(value)
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    if isinstance(value, bool | int | float):
        return value
    return clean_text(str(value))


def to_xlsx_bytes(frame: pd.DataFrame, sheet_name: str = "Sheet1") -> bytes:
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    workbook = Workbook(write_only=True)
    safe_name = "".join(ch for ch in clean_text(str(sheet_name)) if ch not in "[]:*?/\\")[:31] or "Sheet1"
    sheet = workbook.create_sheet(safe_name)
    bold = Font(bold=True)
    for index, row in enumerate(_records(frame)):
        cells = []
        for value in row:
            cell = WriteOnlyCell(sheet, value=_xlsx_value(value))
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text, even when it starts with "=": never a formula
            if index == 0:
                cell.font = bold
            cells.append(cell)
        sheet.append(cells)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def read_table(data: bytes, filename: str = "", *, max_rows: int = MAX_ROWS, max_columns: int = MAX_COLUMNS) -> pd.DataFrame:
    """A CSV (comma or semicolon, UTF-8 or Windows-1252) or XLSX file as a frame of text cells. Blank rows are
    skipped, and each row's index is its line in the file less 2 (the header on line 1 gives 0, 1, 2… as a frame
    of its own would), so a check names the line as `index + 2` even after blank rows.

    Raises TableError (a ValueError) when the file cannot be read or is over the limits.
    """
    if not data.strip():
        raise TableError("empty")
    if data.startswith(XLSX_MAGIC) or filename.lower().endswith((".xlsx", ".xlsm")):
        rows = _xlsx_rows(data, max_rows, max_columns)
    else:
        rows = _csv_rows(data)
    return _frame(rows, max_rows, max_columns)


def _frame(rows: Iterable[tuple[int, list]], max_rows: int, max_columns: int) -> pd.DataFrame:
    """Header and rows (each with its line in the file), checked: no duplicate columns, within the limits, blank
    rows skipped."""
    header: list[str] | None = None
    body: list[list[str]] = []
    lines: list[int] = []
    for scanned, (line, raw) in enumerate(rows):
        if scanned > 10 * (max_rows + 1):  # blank rows are skipped, not free
            raise TableError("too_many_rows", limit=max_rows)
        cells = [_text(v) for v in raw]
        while cells and not cells[-1].strip():
            cells.pop()
        if len(cells) > max_columns:
            raise TableError("too_many_columns", limit=max_columns)
        if header is None:
            if cells:
                header = _header(cells)
            continue
        if not cells:
            continue
        if len(body) >= max_rows:
            raise TableError("too_many_rows", limit=max_rows)
        if len(cells) > len(header):
            raise TableError("extra_cells", line=line)
        body.append(cells + [""] * (len(header) - len(cells)))
        lines.append(line)
    if header is None:
        raise TableError("empty")
    if not body:
        return pd.DataFrame(columns=header, dtype=str)
    return pd.DataFrame(body, columns=header, dtype=str, index=[line - 2 for line in lines])


def _header(cells: list[str]) -> list[str]:
    header, seen = [], set()
    for index, cell in enumerate(cells):
        name = cell.strip() or f"Unnamed: {index}"
        key = name.casefold()
        if key in seen:
            raise TableError("duplicate_column", column=name)
        seen.add(key)
        header.append(name)
    return header


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return uncsv_cell(clean_text(str(value)))


def _csv_rows(data: bytes) -> Iterator[tuple[int, list[str]]]:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes almost anything
        raise TableError("not_text")
    if "\x00" in text:
        raise TableError("not_text")
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    try:
        yield from enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), start=1)
    except csv.Error as exc:
        raise TableError("unreadable_csv", detail=str(exc).splitlines()[0]) from exc


def _xlsx_rows(data: bytes, max_rows: int, max_columns: int) -> Iterator[tuple[int, list]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise TableError("not_xlsx") from exc
    unpacked = sum(member.file_size for member in members)
    if len(members) > MAX_ZIP_MEMBERS or unpacked > MAX_UNPACKED_BYTES:
        raise TableError("unpacked_too_large", size=unpacked // 2**20, limit=MAX_UNPACKED_BYTES // 2**20)
    with archive:
        try:
            yield from xlsx_stream.sheet_rows(archive, max_rows, max_columns)
        except xlsx_stream.TooWide as exc:
            raise TableError("too_many_columns", limit=max_columns) from exc
        except xlsx_stream.TooManyElements as exc:
            raise TableError("too_many_cells", rows=max_rows, columns=max_columns) from exc
        except Exception as exc:  # noqa: BLE001 - a broken or hostile zip or XML fails in many ways
            raise TableError("not_xlsx") from exc
