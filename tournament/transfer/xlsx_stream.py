"""The first sheet of an uploaded XLSX workbook, read as rows of cell values, streaming. Pure Python.

Why not openpyxl here: its read-only mode still parses a whole sheet when the workbook is opened if the
sheet has no <dimension> element (measured: 38 MB of sheet XML, 40 s), and parses a whole row before
anyone can count its cells. This reader walks the sheet XML element by element, so the caller can stop
at its row limit, and it stops by itself at the first row wider than `max_columns`: a workbook that
unpacks to millions of cells costs at most (max_rows x max_columns) cells of work.

The XML is parsed by the C (expat) pull parser, fed in chunks: defusedxml's parser is pure Python, five
times slower. A document type declaration is refused before parsing (a workbook never has one), so there
are no entities to expand (billion laughs) or to fetch (XXE); ElementTree never fetches external entities
anyway, and expat limits entity amplification. Every problem is a `WorkbookError`; exports.read_table
turns it into "not a readable workbook", and the limits into their own messages.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Iterator
from xml.etree.ElementTree import XMLPullParser

CHUNK = 64 * 1024
ELEMENT_START = re.compile(rb"<[A-Za-z_]")
RELS = "_rels/.rels"
OFFICE_DOCUMENT = "/officeDocument"
SHARED_STRINGS = "/sharedStrings"
MAX_SHARED_STRINGS_BYTES = 4 * 1024 * 1024
MAX_PART_BYTES = 1024 * 1024  # workbook.xml and the relationship parts: small in any real workbook


class WorkbookError(ValueError):
    """Not a workbook this reader can read."""


class TooWide(ValueError):  # noqa: N818 - a limit, reported by the caller
    """A row has more than `max_columns` cells."""


class TooManyElements(ValueError):  # noqa: N818 - a limit, reported by the caller
    """More XML elements than a workbook within the row and column limits can have."""


class Budget:
    """Counts XML elements read, so no file makes the reader loop for long, whatever it holds."""

    def __init__(self, elements: int):
        self.left = elements

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise TooManyElements


def iterparse(source, budget: Budget | None = None):
    """(event, element) at each element's end, from a file-like object; refuses a DTD (see above)."""
    parser = XMLPullParser(events=("end",))
    head = source.read(CHUNK)
    root = ELEMENT_START.search(head)
    if root is None or b"<!DOCTYPE" in head[: root.start()] or b"<!ENTITY" in head[: root.start()]:
        raise WorkbookError("no XML document, or a document type declaration")
    chunk = head
    while chunk:
        parser.feed(chunk)
        for item in parser.read_events():
            if budget is not None:
                budget.spend()
            yield item
        chunk = source.read(CHUNK)
    parser.close()


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _small_part(archive: zipfile.ZipFile, name: str):
    info = archive.getinfo(name)
    if info.file_size > MAX_PART_BYTES:
        raise WorkbookError(name)
    return archive.open(info)


def _relationships(archive: zipfile.ZipFile, part: str) -> list[tuple[str, str, str]]:
    """(id, type, target path) of a part's relationships."""
    folder, name = posixpath.split(part)
    rels_name = posixpath.join(folder, "_rels", name + ".rels") if part else RELS
    if rels_name not in archive.namelist():
        return []
    found = []
    with _small_part(archive, rels_name) as source:
        for _event, element in iterparse(source):
            if _local(element.tag) == "Relationship":
                target = element.get("Target", "")
                path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
                found.append((element.get("Id", ""), element.get("Type", ""), path))
    return found


def _first_sheet_and_strings(archive: zipfile.ZipFile) -> tuple[str, str | None]:
    workbook = next((p for _i, t, p in _relationships(archive, "") if t.endswith(OFFICE_DOCUMENT)), "xl/workbook.xml")
    rels = _relationships(archive, workbook)
    first_id = None
    with _small_part(archive, workbook) as source:
        for _event, element in iterparse(source):
            if _local(element.tag) == "sheet":
                first_id = next((v for k, v in element.attrib.items() if _local(k) == "id"), None)
                break
    sheet = next((p for i, _t, p in rels if i == first_id), None)
    strings = next((p for _i, t, p in rels if t.endswith(SHARED_STRINGS)), None)
    if sheet is None or sheet not in archive.namelist():
        raise WorkbookError("no worksheet")
    return sheet, strings if strings in archive.namelist() else None


def _shared_strings(archive: zipfile.ZipFile, name: str | None, budget: Budget) -> list[str]:
    if name is None:
        return []
    if archive.getinfo(name).file_size > MAX_SHARED_STRINGS_BYTES:
        raise WorkbookError(name)
    strings: list[str] = []
    with archive.open(name) as source:
        for _event, element in iterparse(source, budget):
            if _local(element.tag) == "si":
                strings.append(_text_of(element))
                element.clear()
    return strings


def _text_of(element) -> str:
    """The text of a string item or an inline string: its <t>, or the <t> of its runs (<r>), never the
    phonetic hints (<rPh>)."""
    parts = []
    for child in element:
        tag = _local(child.tag)
        if tag == "t":
            parts.append(child.text or "")
        elif tag == "r":
            parts.extend(t.text or "" for t in child if _local(t.tag) == "t")
    return "".join(parts)


def _column(reference: str | None, position: int) -> int:
    """0-based column of a cell reference like "AB12" (the position in the row when there is none)."""
    if not reference:
        return position
    number = 0
    for ch in reference:
        if not ch.isalpha():
            break
        number = number * 26 + (ord(ch.upper()) - 64)
    return number - 1 if number else position


def _cell_value(cell, strings: list[str]):
    kind = cell.get("t", "n")
    if kind == "inlineStr":
        return "".join(_text_of(child) for child in cell if _local(child.tag) == "is")
    value = next((child.text for child in cell if _local(child.tag) == "v"), None)
    if value is None:
        return None
    if kind == "s":
        index = int(value)
        if not 0 <= index < len(strings):
            raise WorkbookError("shared string")
        return strings[index]
    if kind == "b":
        return "TRUE" if value == "1" else "FALSE"
    if kind == "n":
        number = float(value)
        return int(number) if number.is_integer() and abs(number) < 2**53 else value
    return value  # "str" (a formula's cached text) and "e" (an error such as #N/A)


def sheet_rows(archive: zipfile.ZipFile, max_rows: int, max_columns: int) -> Iterator[tuple[int, list]]:
    """The first sheet's rows as (row number, list of values; None for empty cells): the number the spreadsheet
    shows, as a workbook leaves blank rows out (its "r"; one more than the last without it). Raises TooWide at the
    first row
    with a value beyond `max_columns`, TooManyElements past what `max_rows` rows of that width can hold
    (blank rows and styled empty cells included, with room to spare), WorkbookError when the workbook
    cannot be read."""
    budget = Budget((max_rows + 1) * (3 * max_columns + 1) + 10_000)  # a cell is <c>, <v> and maybe <is><t>
    sheet, strings_part = _first_sheet_and_strings(archive)
    strings = _shared_strings(archive, strings_part, budget)
    with archive.open(sheet) as source:
        row: list = []
        number = 0
        for _event, element in iterparse(source, budget):
            tag = _local(element.tag)
            if tag == "c":
                column = _column(element.get("r"), len(row))
                value = _cell_value(element, strings)
                element.clear()
                if value is None or value == "":
                    continue
                if column >= max_columns:
                    raise TooWide(column + 1)
                row.extend([None] * (column + 1 - len(row)))
                row[column] = value
            elif tag == "row":
                given = element.get("r") or ""
                number = int(given) if given.isdigit() and int(given) > number else number + 1
                yield number, row
                row = []
                element.clear()
            elif tag == "sheetData":
                return
