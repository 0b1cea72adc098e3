"""The games-file import (/events/import-results/) holds every value to what the event it makes can store: a table
taken twice in a round, a table or round out of range, a name, club or army longer than its column, more people than
settings.MAX_EVENT_ENTRIES, an event name longer than an event's. Each is listed on the page (400) with its row and
column, or on the form, and nothing is written. Found by a review on 2026-11-28: these rows passed the checks and then
broke a database rule while the event was being written (500; or, on SQLite, were kept longer than PostgreSQL takes,
or cut silently)."""

from __future__ import annotations

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.models import Club, Event, Game, Player

pytestmark = pytest.mark.django_db

HEADER = "round,table,player_a,club_a,player_b,club_b,result,stage,points_a,points_b"


def _upload(client, lines: list[str], language: str = "en", header: str = HEADER, **fields):
    form = {"name": "Club night 2019", "slug": "club-2019", "date": "2019-05-04", "edition": "3.0",
            "scoring": "5-2-1-0", **fields,
            "file": SimpleUploadedFile("games.csv", "\n".join([header, *lines, ""]).encode(), content_type="text/csv")}
    client.raise_request_exception = False  # the answer a browser would get, a 500 included
    return client.post(reverse("tournament:results_import"), form, headers={"Accept-Language": language})


def _nothing_written() -> bool:
    return not Event.objects.filter(slug="club-2019").exists() and not Player.objects.exists() \
        and not Club.objects.exists()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Row 3, <code>table</code>: this table already has a game in this round (row 2)."),
    ("es", "Fila 3, <code>table</code>: esta mesa ya tiene una partida en esta ronda (fila 2)."),
    ("it", "Riga 3, <code>table</code>: questo tavolo ha già una partita in questo turno (riga 2)."),
])
def test_two_games_at_one_table_of_a_round_are_listed_as_a_table_problem(organizer_client, language, words):
    response = _upload(organizer_client, ["1,1,Ana,,Bruno,,4-1,,,", "1,1,Carla,,Dario,,4-1,,,"], language)
    assert response.status_code == 400, f"answered {response.status_code}, not the page listing the problem"
    assert words in html.unescape(response.text)
    assert _nothing_written()


def test_the_same_table_in_another_round_or_for_a_bye_is_no_problem(organizer_client):
    response = _upload(organizer_client, ["1,1,Ana,,Bruno,,4-1,,,", "1,1,Carla,,,,,,,",
                                          "2,1,Ana,,Carla,,4-1,,,", "2,2,Bruno,,,,,,,"])
    assert response.status_code == 302
    tables = Game.objects.filter(round__event__slug="club-2019", is_bye=False).order_by("round__number")
    assert list(tables.values_list("round__number", "table")) == [(1, 1), (2, 1)]


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Row 2, <code>table</code>: expected a whole number from 1 to 9999."),
    ("es", "Fila 2, <code>table</code>: se esperaba un número entero de 1 a 9999."),
    ("it", "Riga 2, <code>table</code>: atteso un numero intero da 1 a 9999."),
])
@pytest.mark.parametrize("table", ["-3", "0"])
def test_a_table_below_one_is_listed_as_a_table_problem(organizer_client, table, language, words):
    response = _upload(organizer_client, [f"1,{table},Ana,,Bruno,,4-1,,,"], language)
    assert response.status_code == 400, f"answered {response.status_code}, not the page listing the problem"
    assert words in html.unescape(response.text)
    assert _nothing_written()


def test_a_round_past_the_most_an_event_plays_is_listed_as_a_round_problem(organizer_client):
    """The event's number of rounds is its last Swiss round, and an event plays at most 50 (Event.rounds_planned):
    a round 51 made an event whose own settings form then refused it."""
    response = _upload(organizer_client, ["51,1,Ana,,Bruno,,4-1,,,"])
    assert response.status_code == 400
    assert "Row 2, <code>round</code>: expected a whole number from 1 to 50." in html.unescape(response.text)
    assert _nothing_written()


def test_an_event_name_longer_than_an_event_holds_is_refused_on_the_form(organizer_client):
    """The form took 200 characters; an event's name holds 160 (models/events.py). On PostgreSQL the longer name
    was a 500 (value too long); on SQLite it was kept, longer than the column allows."""
    response = _upload(organizer_client, ["1,1,Ana,,Bruno,,4-1,,,"], name="N" * 161)
    assert response.status_code == 400, f"answered {response.status_code}: a 161-character name was taken"
    assert response.context["form"].errors.get("name")
    assert _nothing_written()
    assert _upload(organizer_client, ["1,1,Ana,,Bruno,,4-1,,,"], name="N" * 160).status_code == 302


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Row 2, <code>army_a</code>: at most 16 characters."),
    ("es", "Fila 2, <code>army_a</code>: como máximo 16 caracteres."),
    ("it", "Riga 2, <code>army_a</code>: al massimo 16 caratteri."),
])
def test_an_army_longer_than_an_entry_holds_is_listed_as_a_problem_of_its_column(organizer_client, language, words):
    """An entry's army list (Registration.army_ref, e.g. II/56a) holds 16 characters; the import cut an army at 40
    and stored it (PostgreSQL: a 500)."""
    response = _upload(organizer_client, ["1,1,Ana,,Bruno,,4-1,,,," + "II/33" + "x" * 30 + ",II/33"], language,
                       header=HEADER + ",army_a,army_b")
    assert response.status_code == 400, f"answered {response.status_code}: a 35-character army list was taken"
    assert words in html.unescape(response.text)
    assert _nothing_written()


def test_an_army_list_as_long_as_an_entry_holds_is_kept_whole(organizer_client):
    army = "II/33" + "x" * 11
    response = _upload(organizer_client, [f"1,1,Ana,,Bruno,,4-1,,,,{army},II/33"], header=HEADER + ",army_a,army_b")
    assert response.status_code == 302
    armies = Event.objects.get(slug="club-2019").registrations.order_by("name").values_list("army_ref", flat=True)
    assert list(armies) == [army, "II/33"]


def test_a_club_longer_than_a_club_holds_is_a_problem_of_the_club_column(organizer_client):
    """It was listed under the player's column (player_b), and with a second problem: player_b missing (a bye)."""
    response = _upload(organizer_client, ["1,1,Ana,,Bruno," + "C" * 121 + ",4-1,,,"])
    assert response.status_code == 400
    page = html.unescape(response.text)
    assert "Row 2, <code>club_b</code>: at most 120 characters." in page
    assert "<code>player_b</code>" not in page and "<code>result</code>" not in page
    assert _nothing_written()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "An event takes at most 3 players: the file has 4."),
    ("es", "Un evento admite como máximo 3 jugadores: el archivo tiene 4."),
    ("it", "Un evento ammette al massimo 3 giocatori: il file ne ha 4."),
])
def test_a_games_file_of_more_players_than_an_event_takes_is_refused_naming_the_limit(organizer_client, settings,
                                                                                      language, words):
    """settings.MAX_EVENT_ENTRIES, as the players file import keeps it (registration/player_import.py)."""
    settings.MAX_EVENT_ENTRIES = 3
    response = _upload(organizer_client, ["1,1,Ana,,Bruno,,4-1,,,", "1,2,Carla,,Dario,,4-1,,,"], language)
    assert response.status_code == 400
    assert words in html.unescape(response.text)
    assert _nothing_written()
    settings.MAX_EVENT_ENTRIES = 4
    assert _upload(organizer_client, ["1,1,Ana,,Bruno,,4-1,,,", "1,2,Carla,,Dario,,4-1,,,"]).status_code == 302
