"""Review (hostile input): the results import (/events/import-results/) answers every bad row with a 400 that
names its row and column, and writes nothing. These inputs pass its row checks
(tournament/transfer/results_import.py, `check_rows`) and then break a database rule while the event is being
written: the server answers 500 (or, on SQLite, keeps what PostgreSQL would refuse), instead of the list of
problems the page promises."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.models import Event

pytestmark = pytest.mark.django_db

HEADER = "round,table,player_a,club_a,player_b,club_b,result,stage,points_a,points_b"


def _upload(client, csv: str, **fields):
    form = {"name": "Club night 2019", "slug": "club-2019", "date": "2019-05-04", "edition": "3.0",
            "scoring": "5-2-1-0", **fields,
            "file": SimpleUploadedFile("games.csv", csv.encode(), content_type="text/csv")}
    client.raise_request_exception = False  # see the answer a browser would get
    return client.post(reverse("tournament:results_import"), form)


def test_two_games_at_one_table_of_a_round_are_a_problem_of_the_table_column(organizer_client):
    csv = "\n".join([HEADER, "1,1,Ana,,Bruno,,4-1,,,", "1,1,Carla,,Dario,,4-1,,,"]) + "\n"
    response = _upload(organizer_client, csv)
    assert response.status_code == 400, f"answered {response.status_code}, not the page listing the problem"
    assert "table" in response.text
    assert not Event.objects.filter(slug="club-2019").exists()


def test_a_negative_table_number_is_a_problem_of_the_table_column(organizer_client):
    csv = "\n".join([HEADER, "1,-3,Ana,,Bruno,,4-1,,,"]) + "\n"
    response = _upload(organizer_client, csv)
    assert response.status_code == 400, f"answered {response.status_code}, not the page listing the problem"
    assert "table" in response.text
    assert not Event.objects.filter(slug="club-2019").exists()


def test_an_event_name_longer_than_an_event_may_have_is_refused_on_the_form(organizer_client):
    """The form takes 200 characters; an event's name holds 160 (models/events.py). On PostgreSQL the longer
    name is a 500 (value too long); on SQLite it is kept, longer than the column allows."""
    csv = "\n".join([HEADER, "1,1,Ana,,Bruno,,4-1,,,"]) + "\n"
    response = _upload(organizer_client, csv, name="N" * 180)
    assert response.status_code == 400, f"answered {response.status_code}: a 180-character name was taken"
    assert response.context["form"].errors.get("name")
    assert not Event.objects.filter(slug="club-2019").exists()


def test_an_army_longer_than_an_entry_holds_is_a_problem_of_its_column(organizer_client):
    """`check_rows` cuts an army at 40 characters; an entry's army list holds 16 (models/registrations.py)."""
    header = HEADER + ",army_a,army_b"
    csv = "\n".join([header, "1,1,Ana,,Bruno,,4-1,,,," + "II/33" + "x" * 30 + ",II/33"]) + "\n"
    response = _upload(organizer_client, csv)
    assert response.status_code == 400, f"answered {response.status_code}: a 35-character army list was taken"
    assert "army_a" in response.text
    assert not Event.objects.filter(slug="club-2019").exists()
