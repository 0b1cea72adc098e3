"""CSV/XLSX in and out: accents survive, Excel's habits are understood, bad files are refused."""

from __future__ import annotations

import io
import zipfile
from datetime import date

import numpy as np
import pandas as pd
import pytest

from tournament.transfer.exports import (
    TableError,
    clean_text,
    csv_cell,
    read_table,
    to_csv_bytes,
    to_xlsx_bytes,
    uncsv_cell,
)

FRAME = pd.DataFrame({"name": ["Íñigo Larrañaga", "Niccolò Bianchi"], "club": ["Ludópatas", "Città"]})


def test_csv_round_trip_keeps_accents():
    assert read_table(to_csv_bytes(FRAME), "players.csv").equals(FRAME)


def test_xlsx_round_trip_keeps_accents():
    assert read_table(to_xlsx_bytes(FRAME, "Jugadores"), "players.xlsx").equals(FRAME)


def test_semicolon_and_windows_encoding_from_spanish_excel():
    data = "name;club\nÍñigo Larrañaga;Ludópatas\n".encode("cp1252")
    frame = read_table(data, "export.csv")
    assert frame.loc[0, "name"] == "Íñigo Larrañaga" and frame.loc[0, "club"] == "Ludópatas"


@pytest.mark.parametrize("data", [b"", b"   \n", b"PK\x03\x04garbage"])
def test_unreadable_files_raise_a_sentence(data):
    with pytest.raises(ValueError):
        read_table(data, "x.xlsx")


# --- the formula guard (csv_cell, to_csv_bytes, to_xlsx_bytes) and the reader's limits, as pure functions ---

@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"])
def test_a_cell_a_spreadsheet_would_run_is_written_as_text_and_reads_back_unchanged(start):
    name = f"{start}SUM(A1:A9)"
    assert csv_cell(name) == "'" + name
    assert uncsv_cell(csv_cell(name)) == name
    frame = pd.DataFrame({"name": [name]})
    assert f"'{name}".encode() in to_csv_bytes(frame)
    assert read_table(to_csv_bytes(frame), "players.csv").loc[0, "name"] == name


def test_plain_cells_are_written_as_they_are():
    assert csv_cell("Ana") == "Ana" and csv_cell("'quoted") == "'quoted" and csv_cell(3) == 3 and csv_cell(2.5) == 2.5
    assert uncsv_cell("'quoted") == "'quoted" and uncsv_cell("'") == "'" and uncsv_cell("Ana") == "Ana"
    assert [csv_cell(v) for v in (None, float("nan"), pd.NA, pd.NaT)] == ["", "", "", ""]


def test_control_characters_are_stripped_before_the_formula_check():
    assert clean_text("A\x00n\x07a\x1b\x7f\x85\tB\nC\r") == "Ana\tB\nC\r"
    assert csv_cell("\x00=1+1") == "'=1+1"  # a hidden NUL does not smuggle a formula past the check
    assert to_csv_bytes(pd.DataFrame({"a": ["x\x00y"]})) == "\ufeffa\nxy\n".encode()


def test_csv_starts_with_a_byte_order_mark_so_spreadsheets_show_accents():
    assert to_csv_bytes(FRAME).startswith(b"\xef\xbb\xbfname,club\n")


def _sheet(data: bytes):
    from openpyxl import load_workbook

    return load_workbook(io.BytesIO(data)).worksheets[0]


def test_xlsx_writes_a_formula_as_a_text_cell_and_numbers_as_numbers():
    frame = pd.DataFrame({"name": ["=1+1", "Ana\x00"], "points": [np.int64(3), np.nan], "when": [date(2026, 5, 1), None]})
    sheet = _sheet(to_xlsx_bytes(frame, "Standings"))
    assert sheet.title == "Standings"
    assert [c.value for c in sheet[1]] == ["name", "points", "when"] and all(c.font.bold for c in sheet[1])
    assert sheet["A2"].value == "=1+1" and sheet["A2"].data_type == "s" and not sheet["A2"].font.bold
    assert sheet["A3"].value == "Ana"
    assert sheet["B2"].value == 3 and sheet["B2"].data_type == "n"
    assert sheet["B3"].value is None and sheet["C3"].value is None
    assert sheet["C2"].value == "2026-05-01"


@pytest.mark.parametrize(("name", "title"), [("Bad[name]:*?/\\x", "Badnamex"), ("x" * 40, "x" * 31), ("[]", "Sheet1"),
                                             ("Tab\x00le", "Table")])
def test_xlsx_sheet_names_are_cleaned_as_spreadsheets_require(name, title):
    assert _sheet(to_xlsx_bytes(FRAME, name)).title == title


def _error(data: bytes, filename: str = "x.csv", **limits) -> TableError:
    with pytest.raises(TableError) as error:
        read_table(data, filename, **limits)
    return error.value


def test_the_reader_refuses_tables_over_its_limits_naming_them():
    error = _error(b"a\n1\n2\n3\n", max_rows=2)
    assert (error.code, error.params, str(error)) == ("too_many_rows", {"limit": 2}, "Too many rows: the limit is 2.")
    assert read_table(b"a\n1\n2\n", "x.csv", max_rows=2)["a"].tolist() == ["1", "2"]
    error = _error(b"a,b,c\n1,2,3\n", max_columns=2)
    assert (error.code, error.params) == ("too_many_columns", {"limit": 2})
    assert read_table(b"a,b\n1,2\n", "x.csv", max_columns=2).columns.tolist() == ["a", "b"]
    assert _error(b"a\n" + b"\n," * 40 + b"\n1\n", max_rows=2).code == "too_many_rows"  # blank rows are not free


def test_the_reader_names_a_duplicate_column_and_the_line_with_extra_cells():
    error = _error(b"Name,club,NAME\n")
    assert (error.code, error.params) == ("duplicate_column", {"column": "NAME"})
    assert str(error) == "The column “NAME” appears twice."
    error = _error(b"a,b\n1,2\n1,2,3\n")
    assert (error.code, error.params) == ("extra_cells", {"line": 3})


def test_the_reader_pads_short_rows_skips_blank_ones_and_names_blank_headers():
    frame = read_table(b"\n\na,,c,,\n1\n\n,,\n4,5,6,,\n", "x.csv")
    assert frame.columns.tolist() == ["a", "Unnamed: 1", "c"]
    assert frame.values.tolist() == [["1", "", ""], ["4", "5", "6"]]
    header_only = read_table(b"a,b\n", "x.csv")
    assert header_only.columns.tolist() == ["a", "b"] and header_only.empty
    assert _error(b"\n,,\n").code == "empty"


def test_the_reader_takes_workbook_numbers_as_people_typed_them():
    frame = pd.DataFrame({"table": [3.0, 2.5], "name": ["'=x", "Ana"]})
    read = read_table(to_xlsx_bytes(frame), "upload.XLSX")
    assert read["table"].tolist() == ["3", "2.5"]  # 3.0 in the workbook, "3" as typed
    assert read["name"].tolist() == ["=x", "Ana"]


def test_a_csv_with_a_nul_is_refused_and_semicolons_are_found():
    assert _error(b"a,b\n1,\x002\n").code == "not_text"
    assert _error(b"a;b;c\n1;2;3\n", max_columns=2).code == "too_many_columns"  # semicolons found


def test_a_zip_that_is_not_a_workbook_or_unpacks_too_far_is_refused():
    assert _error(b"PK\x03\x04garbage").code == "not_xlsx"  # the magic decides, not the name
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for index in range(201):
            archive.writestr(f"f{index}.txt", "")
    error = _error(buffer.getvalue(), "x.xlsx")
    assert (error.code, error.params) == ("unpacked_too_large", {"size": 0, "limit": 40})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.xml", "0" * (40 * 1024 * 1024 + 1))
    error = _error(buffer.getvalue(), "x.xlsx")
    assert (error.code, error.params) == ("unpacked_too_large", {"size": 40, "limit": 40})
    assert _error(to_csv_bytes(FRAME), "x.xlsx").code == "not_xlsx"  # a CSV named .xlsx


def test_the_shortest_defused_cell_reads_back():
    assert csv_cell("=") == "'=" and uncsv_cell("'=") == "="


def test_xlsx_keeps_whole_numbers_as_numbers_and_names_an_unnamed_sheet():
    sheet = _sheet(to_xlsx_bytes(pd.DataFrame({"points": [3, 4]})))
    assert sheet.title == "Sheet1"
    assert sheet["A2"].value == 3 and sheet["A2"].data_type == "n"
    assert _sheet(to_xlsx_bytes(FRAME, "XBox")).title == "XBox"


def test_blank_rows_count_toward_ten_times_the_row_limit():
    at_limit = b"a\n" + b"\n" * 29 + b"1\n"  # 31 lines scanned: within 10 x (2 + 1)
    assert read_table(at_limit, "x.csv", max_rows=2)["a"].tolist() == ["1"]
    error = _error(b"a\n" + b"\n" * 30 + b"1\n", max_rows=2)
    assert (error.code, error.params) == ("too_many_rows", {"limit": 2})


def test_the_delimiter_is_read_from_the_header_line_only():
    frame = read_table(b"Nombre completo;Club\nRossi, Ana;Roma, Lazio\nB, C, D;E\n", "x.csv")
    assert frame.columns.tolist() == ["Nombre completo", "Club"] and frame["Club"].tolist() == ["Roma, Lazio", "E"]
    frame = read_table(b'Name,"Club; town"\nAna,Roma\n', "x.csv")
    assert frame.columns.tolist() == ["Name", "Club; town"]
    frame = read_table(b"name,club\nAna;x;y;z,Roma\n", "x.csv")
    assert frame.values.tolist() == [["Ana;x;y;z", "Roma"]]


def test_a_quoted_line_break_is_kept_as_written():
    assert read_table(b'name\n"Ana\r\nBea"\n', "x.csv").loc[0, "name"] == "Ana\r\nBea"


def test_lines_ended_by_a_carriage_return_alone_are_rows():
    # Excel for Mac's "CSV (Macintosh)" ends lines with "\r" only: each is a row, not one unreadable line
    frame = read_table(b"name,club\rAna,Roma\rBea,Lazio\r", "x.csv")
    assert frame.columns.tolist() == ["name", "club"] and frame.values.tolist() == [["Ana", "Roma"], ["Bea", "Lazio"]]


def test_bytes_no_encoding_reads_and_an_overlong_field_are_refused_by_name():
    assert _error(b"a\n\x81\n").code == "not_text"  # neither UTF-8 nor Windows-1252
    error = _error(b"a\n" + b"x" * 140_000 + b"\n")
    assert error.code == "unreadable_csv" and error.params == {"detail": "field larger than field limit (131072)"}


def test_an_empty_workbook_cell_reads_as_empty_text():
    frame = pd.DataFrame({"a": ["x"], "b": [None], "c": ["y"]})
    assert read_table(to_xlsx_bytes(frame), "x.xlsx").values.tolist() == [["x", "", "y"]]


def test_a_workbook_too_wide_or_not_a_workbook_is_refused_by_name():
    wide = to_xlsx_bytes(pd.DataFrame({"a": [1], "b": [2], "c": [3]}))
    error = _error(wide, "x.xlsx", max_columns=2)
    assert (error.code, error.params) == ("too_many_columns", {"limit": 2})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "not a workbook")
    assert _error(buffer.getvalue(), "x.xlsx").code == "not_xlsx"
    assert _error(b"name\nAna\n", "book.xlsm").code == "not_xlsx"  # a macro workbook's name decides too


def _zip(members: int, size: int = 0) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for index in range(members):
            archive.writestr(f"f{index}.txt", "0" * (size if index == 0 else 0))
    return buffer.getvalue()


def test_the_unpacked_limits_are_inclusive_and_said_in_megabytes():
    assert _error(_zip(200), "x.xlsx").code == "not_xlsx"  # 200 members: not too many, just not a workbook
    assert _error(_zip(1, 40 * 1024 * 1024), "x.xlsx").code == "not_xlsx"  # exactly 40 MB: not too large
    error = _error(_zip(1, 40 * 1024 * 1024 + 1), "x.xlsx")
    assert str(error) == "The workbook is too large once unpacked (40 MB; the limit is 40 MB)."


def test_a_workbook_within_the_row_limit_but_full_of_empty_cells_is_refused_naming_both_limits():
    # a row of 10,100 styled empty cells: no value, so not too wide, but more XML than 2 rows of 3 columns hold
    source = zipfile.ZipFile(io.BytesIO(to_xlsx_bytes(pd.DataFrame({"a": ["x"]}))))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in source.namelist():
            data = source.read(name)
            if name == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</sheetData>", b'<row r="3">' + b'<c s="1"/>' * 10_100 + b"</row></sheetData>")
            archive.writestr(name, data)
    error = _error(buffer.getvalue(), "x.xlsx", max_rows=2, max_columns=3)
    assert (error.code, error.params) == ("too_many_cells", {"rows": 2, "columns": 3})
    assert str(error) == "The workbook holds more than 2 rows of 3 columns."


def test_xlsx_writes_a_numpy_number_in_a_mixed_column_as_a_number():
    frame = pd.DataFrame({"points": pd.Series([np.int64(3), "n/a"], dtype=object)})
    sheet = _sheet(to_xlsx_bytes(frame))
    assert sheet["A2"].value == 3 and sheet["A2"].data_type == "n" and sheet["A3"].value == "n/a"


def test_a_yes_no_cell_is_written_in_the_callers_words_in_csv_and_stays_a_boolean_in_xlsx():
    frame = pd.DataFrame({"general lost": [True, False], "camp lost": [np.bool_(True), ""]})
    assert to_csv_bytes(frame, ("sí", "no")).decode("utf-8-sig") == "general lost,camp lost\nsí,sí\nno,\n"
    assert b"True" not in to_csv_bytes(frame) and csv_cell(False) == "no"
    assert read_table(to_xlsx_bytes(frame), "r.xlsx").loc[0, "general lost"] == "TRUE"  # a boolean cell (read back as its text)
