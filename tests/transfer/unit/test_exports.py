"""CSV/XLSX in and out: accents survive, Excel's habits are understood, bad files are refused."""

from __future__ import annotations

import pandas as pd
import pytest

from tournament.transfer.exports import read_table, to_csv_bytes, to_xlsx_bytes

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
