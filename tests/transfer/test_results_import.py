"""A finished event imported from a table of its games: the same standings as entered by hand, a playoff row
settles a tie, every problem listed with its row and column and nothing written until the file is clean."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import CommandError, call_command

from tests.factories import make_event, make_player, make_registration
from tests.simulated_events import add_round
from tournament.models import AuditEntry, Event
from tournament.results.scoring import preset_data, templates
from tournament.results.standings import event_standings
from tournament.transfer.exports import read_table
from tournament.transfer.results_import import ImportRejected, import_results

pytestmark = pytest.mark.django_db

HEADER = "round,table,player_a,club_a,player_b,club_b,result,stage,points_a,points_b\n"
GAMES = [(1, "Ana", "Norte", "Bruno", "Sur", "4G-1"), (1, "Carla", "Este", "Dario", "Oeste", "4-1"),
         (1, "Elena", "Norte", None, None, None),
         (2, "Ana", "Norte", "Carla", "Este", "2-2 T"), (2, "Bruno", "Sur", "Elena", "Norte", "1-4"),
         (2, "Dario", "Oeste", None, None, None)]


def csv_of(games, extra: str = "") -> bytes:
    lines = [HEADER]
    for table, (rnd, a, ca, b, cb, result) in enumerate(games, 1):
        lines.append(f"{rnd},{table},{a},{ca},{b or ''},{cb or ''},{result or ''},,,\n")
    return ("".join(lines) + extra).encode()


def imported(data: bytes, key: str = "5-2-1-0", slug: str = "past") -> Event:
    return import_results(read_table(data, "past.csv"), slug=slug, name="Past", date=datetime.date(2019, 5, 4),
                          edition="3.0", scoring=templates()[key])


def table(event) -> list[tuple]:
    names = dict(event.registrations.values_list("pk", "name"))
    return [(row.rank, names[row.registration_id], row.points, row.shared) for row in event_standings(event)]


@pytest.mark.parametrize("key", ["5-2-1-0", "nasamw-3.0", "nswc-10"])
def test_an_imported_event_has_the_standings_of_the_same_games_entered_by_hand(key):
    by_hand = make_event(slug="by-hand", scoring_preset="nasamw-3.0", tiebreaks=list(templates()[key].tiebreaks))
    if key not in ("5-2-1-0", "nasamw-3.0"):
        by_hand.scoring_definition = preset_data(key)
    else:
        by_hand.scoring_preset = key
    by_hand.save()
    regs = {}
    for _rnd, a, ca, b, cb, _r in GAMES:
        for name, club in ((a, ca), (b, cb)):
            if name and name not in regs:
                regs[name] = make_registration(by_hand, make_player(name, club))
    for number in (1, 2):
        add_round(by_hand, number, [(regs[a], regs[b] if b else None, r) for rnd, a, _ca, b, _cb, r in GAMES
                                    if rnd == number])
    event = imported(csv_of(GAMES), key)
    assert table(event) == table(by_hand)
    assert event.finished_at is not None and event.rounds.count() == 2
    assert AuditEntry.objects.filter(event=event, action="event.import_results").exists()


def test_a_playoff_row_settles_the_tie_it_was_played_for():
    games = [(1, "Ana", "Norte", "Bruno", "Sur", "4-1"), (1, "Carla", "Este", "Dario", "Oeste", "4-1")]
    level = imported(csv_of(games), slug="level")
    assert [r[:2] for r in table(level)[:2]] == [(1, "Ana"), (1, "Carla")]
    playoff = csv_of(games, extra=",,Ana,Norte,Carla,Este,1-4,playoff,,\n")
    event = imported(playoff, slug="settled")
    assert [r[:2] for r in table(event)[:2]] == [(1, "Carla"), (2, "Ana")]
    assert event.tie_decisions[0]["kind"] == "playoff" and event.tie_decisions[0]["result"] == "1-4"


def test_a_playoff_between_players_who_are_not_level_writes_nothing():
    games = [(1, "Ana", "Norte", "Bruno", "Sur", "4-1"), (1, "Carla", "Este", "Dario", "Oeste", "4-1")]
    with pytest.raises(ImportRejected) as error:
        imported(csv_of(games, extra=",,Ana,Norte,Bruno,Sur,4-1,playoff,,\n"))
    assert [(p.row, p.column) for p in error.value.problems] == [(4, "stage")]
    assert not Event.objects.filter(slug="past").exists()


def test_every_problem_is_listed_with_its_row_and_column_and_nothing_is_written():
    data = (HEADER + "1,1,Ana,Norte,Bruno,Sur,4-1,,5,0\n"
            "x,2,Carla,Este,Dario,Oeste,4-1,,,\n"
            "1,3,Ana,Norte,Elena,Sur,13-1,,,\n"
            "2,1,Bruno,Norte,Carla,Este,4-1,,,\n"
            "2,2,Dario,Oeste,Elena,Sur,4-1,quarter-final,3,0\n").encode()
    with pytest.raises(ImportRejected) as error:
        imported(data)
    found = [(p.row, p.column) for p in error.value.problems]
    assert found == [(3, "round"), (4, "result"), (4, "player_a"), (5, "club_a"), (6, "stage"), (6, "points_a")]
    assert "the scoring gives 5." in error.value.problems[-1].message
    assert not Event.objects.filter(slug="past").exists()
    with pytest.raises(ImportRejected) as header:
        imported(b"round,table,player_a,result,colour\n1,1,Ana,4-1,red\n")
    assert [(p.row, p.column) for p in header.value.problems][:2] == [(1, "club_a"), (1, "player_b")]


def test_the_command_takes_a_template_or_a_definition_file(tmp_path):
    games = tmp_path / "games.csv"
    games.write_bytes(csv_of(GAMES))
    call_command("import_results", str(games), "--event", "cmd", "--scoring", "trophee-alexandre", "--date", "2019-05-04")
    assert Event.objects.get(slug="cmd").scoring_definition["name"] == "Trophée Alexandre (4/1/0)"
    own = tmp_path / "mine.yaml"
    own.write_text("name: Mine\nwin: 2\nloss: 0\ntime: 1\nbye: 2\n", encoding="utf-8")
    call_command("import_results", str(games), "--event", "cmd2", "--scoring", str(own))
    assert [r[2] for r in table(Event.objects.get(slug="cmd2"))] == [4, 3, 3, 2, 0]
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\nwin: {points: two}\nloss: 0\ntime: 1\n", encoding="utf-8")
    with pytest.raises(CommandError, match="win.points: expected a whole number"):
        call_command("import_results", str(games), "--event", "cmd3", "--scoring", str(bad))
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_results", str(games), "--event", "cmd", "--scoring", "wdl")


def _upload(client, data: bytes, language: str = "en", **fields):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    form = {"name": "Club night 2019", "slug": "club-2019", "date": "2019-05-04", "edition": "3.0",
            "scoring": "5-2-1-0", **fields, "file": SimpleUploadedFile("games.csv", data, content_type="text/csv")}
    return client.post(reverse("tournament:results_import"), form, headers={"Accept-Language": language})


def test_the_upload_page_imports_and_makes_the_importer_organizer(client, organizer_client, organizer):
    from django.urls import reverse

    from tournament.models import EventRole

    assert client.get(reverse("tournament:results_import")).status_code == 302  # sign in first
    response = _upload(organizer_client, csv_of(GAMES))
    assert response.status_code == 302 and response["Location"].endswith("/e/club-2019/standings/")
    event = Event.objects.get(slug="club-2019")
    assert EventRole.objects.filter(event=event, user=organizer, role=EventRole.Role.ORGANIZER).exists()
    assert [r[1:3] for r in table(event)][:2] == [("Elena", 10), ("Ana", 6)]


@pytest.mark.parametrize(("language", "words"), [("en", "Row 3, <code>result</code>: not a result in shorthand"),
                                                 ("es", "Fila 3, <code>result</code>: no es un resultado abreviado"),
                                                 ("it", "Riga 3, <code>result</code>: non è un risultato abbreviato")])
def test_the_upload_page_lists_every_problem_and_writes_nothing(organizer_client, language, words):
    data = (HEADER + "1,1,Ana,Norte,Bruno,Sur,4-1,,,\n1,2,Carla,Este,Dario,Oeste,four-one,,,\n").encode()
    response = _upload(organizer_client, data, language)
    assert response.status_code == 400 and words in response.text
    assert not Event.objects.filter(slug="club-2019").exists()


def test_the_audit_log_says_the_event_was_imported(organizer_client):
    from django.urls import reverse

    _upload(organizer_client, csv_of(GAMES))
    log = organizer_client.get(reverse("tournament:audit", args=["club-2019"])).text
    assert "Event imported from a table of its games: 4 games." in log
    log_es = organizer_client.get(reverse("tournament:audit", args=["club-2019"]), headers={"Accept-Language": "es"}).text
    assert "Torneo importado de una tabla de sus partidas: 4 partidas." in log_es
