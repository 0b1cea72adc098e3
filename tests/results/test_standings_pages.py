"""Standings a player can check: shared ranks with a visible lot, the order explained in three languages,
column tooltips, "(dropped)" only after the drop, and a public page per player in constant queries."""

from __future__ import annotations

import io
import re

import openpyxl
import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_event, make_player, make_registration
from tests.simulated_events import add_round, build_event
from tournament.results.tiebreaks import draw_lot

pytestmark = pytest.mark.django_db

NAMES = ["Ana Alba", "Bruno Bosco", "Carla Conti", "Dario Duce", "Elena Eco", "Fabio Fini"]


@pytest.fixture
def tied():
    """5/2/1/0, one round: Ana, Carla and Elena won 4-0 (and never met); the other three lost 0-4."""
    event = make_event(slug="tied", scoring_preset="5-2-1-0", seed=77,
                       tiebreaks=["head_to_head", "generals_killed", "camps_taken", "elements_destroyed", "seeded_random"])
    regs = [make_registration(event, make_player(name, club="Circolo"), army_ref=f"I/{i + 1}") for i, name in enumerate(NAMES)]
    add_round(event, 1, [(regs[0], regs[1], "4-0"), (regs[2], regs[3], "4-0"), (regs[4], regs[5], "4-0")])
    return event, regs


def page(client, event, lang="en", query=""):
    response = client.get(reverse("tournament:standings", args=[event.slug]) + query, headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.text


def body_rows(html: str) -> list[list[str]]:
    tbody = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", tbody, re.S)]


def pdf_text(body: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)


def test_identical_rows_share_a_rank_everywhere_and_the_lot_is_shown_with_its_seed(client, tied):
    event, _regs = tied
    rows = body_rows(page(client, event))
    assert [r[0] for r in rows] == ["=1", "=1", "=1", "=4", "=4", "=4"]
    winners = [r[1] for r in rows[:3]]
    assert sorted(winners) == ["Ana Alba", "Carla Conti", "Elena Eco"]
    lots = [int(r[-1]) for r in rows[:3]]
    assert lots == [draw_lot(77, name.lower()) for name in winners] and lots == sorted(lots, reverse=True)
    assert "Lot (seed 77)" in page(client, event)

    csv = client.get(reverse("tournament:standings_export", args=[event.slug, "csv"])).content.decode("utf-8-sig")
    assert "Lot (seed 77)" in csv.splitlines()[0]
    # A spreadsheet would read "=1" as a formula: the formula-safe CSV writer keeps it text with a leading '.
    assert [line.split(",")[0] for line in csv.splitlines()[1:]] == ["'=1"] * 3 + ["'=4"] * 3

    xlsx = client.get(reverse("tournament:standings_export", args=[event.slug, "xlsx"])).content
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx)).active
    ranks = [row[0] for row in sheet.iter_rows(min_row=2)]
    assert [c.value for c in ranks] == ["=1"] * 3 + ["=4"] * 3 and {c.data_type for c in ranks} == {"s"}

    text = pdf_text(client.get(reverse("tournament:standings_pdf", args=[event.slug])).content)
    assert text.count("=1") >= 3 and text.count("=4") >= 3


def test_head_to_head_is_not_applied_when_not_every_pair_met(client, tied):
    event, _regs = tied
    rows = body_rows(page(client, event))
    assert [r[5] for r in rows] == ["–"] * 6  # the head-to-head column: it does not apply to any tied group


ORDER = {
    "en": ["How this table is ordered", "Win: 5 points.", "Loss: 0 points.",
           "Time called (a draw): 2 points having destroyed more than you lost, 1 otherwise.", "Bye: 5 points.",
           "only when every pair of them has played each other", "share a rank, shown as =2",
           "A bye counts as a win in Wins"],
    "es": ["Cómo se ordena esta clasificación", "Victoria: 5 puntos.", "Derrota: 0 puntos.", "Descanso: 5 puntos.",
           "Suma de puntos de los oponentes"],
    "it": ["Come è ordinata questa classifica", "Vittoria: 5 punti.", "Sconfitta: 0 punti.", "Riposo: 5 punti.",
           "Somma dei punti degli avversari"],
}


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_how_this_table_is_ordered_comes_from_the_preset(client, tied, lang):
    event, _regs = tied
    event.tiebreaks = ["head_to_head", "countback", "seeded_random"]
    event.save()
    html = page(client, event, lang)
    for words in ORDER[lang]:
        assert words in html, (lang, words)
    assert "Society of Ancients" in html  # the preset's cited source
    order = html.split('id="order"', 1)[1]
    positions = [order.index(label) for label in {
        "en": ["Points", "Head-to-head", "Countback", "Lot (seed 77)"],
        "es": ["Puntos", "Enfrentamiento directo", "Suma de puntos de los oponentes", "Sorteo (semilla 77)"],
        "it": ["Punti", "Scontro diretto", "Somma dei punti degli avversari", "Sorteggio (seme 77)"],
    }[lang]]
    assert positions == sorted(positions)  # the tie-breaks in the event's order, the lot last


def test_the_standings_pdf_explains_the_order(client, tied):
    event, _regs = tied
    text = " ".join(pdf_text(client.get(reverse("tournament:standings_pdf", args=[event.slug])).content).split())
    assert "How this table is ordered" in text and "Win: 5 points." in text and "Society of Ancients" in text


def test_the_points_rule_of_a_margin_preset_and_of_the_events_own_points(client):
    event = make_event(slug="margin", scoring_preset="nasamw-v4")
    html = page(client, event)
    assert "Win: 20, plus the points of what you destroyed" in html and "+2 for the enemy general" in html
    event.scoring_preset, event.wdl_points = "wdl", "2/1/0"
    event.save()
    html = page(client, event)
    assert "Win: 2 points." in html and "Time called (a draw): 1 points." in html and "Win/draw/loss 2/1/0" in html


def test_column_headers_carry_their_definition_as_a_tooltip_and_as_text(client, tied):
    event, _regs = tied
    html = page(client, event)
    definition = "Enemy generals destroyed in the player&#x27;s games."
    assert f'title="{definition}">Generals killed<span class="visually-hidden"> ({definition})</span></th>' in html


def test_dropped_shows_only_on_tables_after_the_drop(client):
    event = build_event(6, 3, drops={0: 2}, names=NAMES)
    assert "(dropped)" not in page(client, event, query="?round=1")
    assert "(dropped)" not in page(client, event, query="?round=2")  # dropped after round 2: still in at its end
    assert "Ana Alba (dropped)" in page(client, event, query="?round=3")
    assert "Ana Alba (dropped)" in page(client, event)


# --- the player page ---------------------------------------------------------------------------------------

def test_every_standings_row_links_to_the_players_page(client, tied):
    event, regs = tied
    html = page(client, event)
    for reg in regs:
        assert reverse("tournament:player_standing", args=[event.slug, reg.pk]) in html


def test_the_player_page_shows_each_round_and_the_figures_that_rank_them(client):
    event = make_event(slug="figures", scoring_preset="nasamw-v4", edition="2.2", tiebreaks=["countback", "sos"])
    ana, bruno, carla, dario = (make_registration(event, make_player(n), army_ref=f"II/{i}") for i, n in enumerate(NAMES[:4]))
    ana.player.email, ana.player.region = "ana@example.com", "Secret Valley"
    ana.player.save()
    add_round(event, 1, [(ana, bruno, "4G-1C"), (carla, dario, "2-1 T")])  # ana 23-3, carla 2-1
    add_round(event, 2, [(carla, ana, "4-1")])  # carla beats ana 23-1 (ana on side B)
    add_round(event, 3, [(ana, None, None), (bruno, dario, "4-0")])  # ana's bye: 10
    response = client.get(reverse("tournament:player_standing", args=[event.slug, ana.pk]))
    assert response.status_code == 200
    html = response.text
    rows = body_rows(html)
    assert rows[0] == ["1", "1", "Bruno Bosco", "II/1", "4G-1C (won)", "1", "4", "23", "23"]
    assert rows[1] == ["2", "1", "Carla Conti", "II/2", "1-4 (lost)", "4", "1", "1", "24"]  # read from Ana's side
    assert rows[2][:3] == ["3", "–", "Bye"] and rows[2][-2:] == ["10", "34"]
    # countback: the opponents' final totals, Bruno 3 + 24 (beat Dario 4-0 in round 3), Carla 2 + 23
    assert "R1 v Bruno Bosco: 27" in html and "R2 v Carla Conti: 25" in html
    assert "R1 v Bruno Bosco: 1 win" in html and "R2 v Carla Conti: 1 win" in html  # whose wins make the SoS
    assert "ana@example.com" not in html and "Secret Valley" not in html


def test_the_player_page_of_another_event_is_not_found(client, tied):
    event, regs = tied
    other = make_event(slug="other")
    assert client.get(reverse("tournament:player_standing", args=[other.slug, regs[0].pk])).status_code == 404


@pytest.mark.parametrize("players", [6, 120])
def test_the_player_page_reads_a_constant_number_of_queries(client, django_assert_max_num_queries, players):
    event = build_event(players, 4, preset="nasamw-3.0", tiebreaks=["head_to_head", "countback", "sos", "seeded_random"])
    reg = event.registrations.first()
    with django_assert_max_num_queries(4):
        response = client.get(reverse("tournament:player_standing", args=[event.slug, reg.pk]))
    assert response.status_code == 200 and response.text.count("<tr>") >= 5


@pytest.mark.parametrize(("lang", "seed", "countback", "sos"), [
    ("es", "guia22.es.txt", "Suma de puntos de los oponentes", "Victorias de los oponentes"),
    ("it", "nasamw22.it.txt", "Somma dei punti degli avversari", "Vittorie degli avversari"),
])
def test_spanish_and_italian_labels_keep_countback_and_sos_apart(lang, seed, countback, sos):
    from django.utils.translation import override

    from config.paths import fixture
    from tournament.results.explain import label

    with override(lang):
        assert (label("countback"), label("sos")) == (countback, sos)
    seed_text = fixture("rulings/seeds/" + seed).read_text(encoding="utf-8")
    assert countback.split()[-1][:-1] in seed_text  # "oponente", "avversari": the seeds' word for an opponent


def test_a_result_confirmed_or_sent_back_while_the_standings_are_read_is_seen_whole(
        organizer_client, event, monkeypatch):
    """The standings read the confirmed games with their seats in one query: a result confirmed (or a correction
    sent to the umpire) by another request as the page is read is seen whole or not at all, never a game without
    its seats (the two reads before this one left such a game for the next rendering)."""
    from tests.factories import make_player, make_registration
    from tests.pairing.test_rounds import enter, games, pair, publish
    from tournament.models import Game, Seat
    from tournament.results import standings

    for name in ("Ana", "Bruno", "Carla", "Diego"):
        make_registration(event, make_player(name))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    first, second = games(rnd)
    assert enter(organizer_client, event, first).status_code == 302
    assert enter(organizer_client, event, second).status_code == 302
    Game.objects.filter(pk=second.pk).update(status=Game.Status.PENDING)

    class WriteAsTheyAreRead:
        Status = Game.Status

        @property
        def objects(self):
            Game.objects.filter(pk=second.pk).update(status=Game.Status.CONFIRMED)
            Game.objects.filter(pk=first.pk).update(status=Game.Status.PENDING)
            return Game.objects

    monkeypatch.setattr(standings, "Game", WriteAsTheyAreRead())
    monkeypatch.setattr(standings, "_compiled", {})  # the statements built again, so the writes land as they are
    data = standings.load(event)
    assert [game.pk for game in data.games] == [second.pk]
    assert [len(game.seats) for game in data.games] == [2]
    second_players = {seat.registration_id for seat in Seat.objects.filter(game=second)}
    points = {row.registration_id: row.points for row in standings.rank(data)}
    assert sum(points[p] for p in second_players) > 0
    assert sum(p for pk, p in points.items() if pk not in second_players) == 0


def test_a_game_missing_a_seat_is_no_result_and_a_bye_counts_from_either_side():
    """A confirmed game left with one seat (a broken import, a seat deleted by hand) gives nobody points; a bye
    counts its one seat's points whichever side the seat was stored on, and a bye with two seats counts for
    no one."""
    from tournament.models import Seat
    from tournament.results import standings

    event = make_event(slug="seats", scoring_preset="5-2-1-0")
    regs = [make_registration(event, make_player(name)) for name in NAMES[:5]]
    rnd = add_round(event, 1, [(regs[0], regs[1], "4-0"), (regs[2], regs[3], "4-0"), (regs[4], None, "")])
    by_table = {g.table: g for g in rnd.games.filter(is_bye=False)}
    Seat.objects.filter(game=by_table[2], side="b").delete()
    Seat.objects.filter(game__is_bye=True, round=rnd).update(side="b")

    points = {row.registration_id: row.points for row in standings.event_standings(event)}
    assert points[regs[0].pk] == 5 and points[regs[1].pk] == 0  # table 1 as played
    assert points[regs[2].pk] == 0  # table 2 lost its seat B: no result
    assert points[regs[4].pk] > 0  # the bye, stored on side B
    data = standings.load(event)
    assert sorted((game.is_bye, len(game.seats)) for game in data.games) == [(False, 2), (True, 1)]
    assert next(game for game in data.games if game.is_bye).seats[0].side == "b"

    bye = rnd.games.get(is_bye=True)
    Seat.objects.filter(game=by_table[2]).delete()
    Seat.objects.create(game=bye, round=rnd, registration=regs[3], side="a")
    points = {row.registration_id: row.points for row in standings.event_standings(event)}
    assert points[regs[4].pk] == 0  # a bye with two seats is no result


def test_the_entrants_kept_between_renderings_follow_every_change_of_theirs(organizer, event,
                                                                            django_capture_on_commit_callbacks):
    """The standings keep an event's entrants per process while its registrations are as they were: each change
    a table shows is seen at the next reading, not the kept one (a name or club corrected, a drop, a club renamed,
    a player added or removed)."""
    from tests.factories import make_player, make_registration
    from tournament.models import Club, Registration
    from tournament.registration.services import entrant_add, registration_edit, registration_set_status
    from tournament.results import standings

    ana = make_registration(event, make_player("Ana", club="Alcalá"))
    bruno = make_registration(event, make_player("Bruno"))

    def shown() -> dict[str, tuple]:
        return {e.name: (e.club, e.status) for e in standings.entrants(event).values()}

    assert shown() == {"Ana": ("Alcalá", "registered"), "Bruno": ("", "registered")}
    assert standings.entrants(event) is not standings.entrants(event)  # a copy each time: the kept one stays whole
    registration_edit(reg=ana, user=organizer, name="Ana María", club="Alcalá", status=ana.status, fixed_table=None,
                      notes="")
    assert shown() == {"Ana María": ("Alcalá", "registered"), "Bruno": ("", "registered")}
    registration_set_status(reg=bruno, status=Registration.Status.DROPPED, user=organizer)
    assert shown()["Bruno"] == ("", "dropped")
    with django_capture_on_commit_callbacks(execute=True):
        club = Club.objects.get(name="Alcalá")
        club.name = "Alcalá de Henares"
        club.save()
    assert shown()["Ana María"] == ("Alcalá de Henares", "registered")
    carla = entrant_add(event=event, user=organizer, name="Carla", club="Toledo")
    assert shown()["Carla"] == ("Toledo", "registered")
    carla.delete()
    assert set(shown()) == {"Ana María", "Bruno"}


def test_kept_entrants_are_read_again_after_a_minute_whatever_their_state_says(event, monkeypatch):
    """A registration's last change is stamped when it is saved, not when it commits: a change committed after a
    later-stamped one leaves the registrations' state as it was. The entrants kept are then read again once they
    are `KEPT_SECONDS` old, as the rendered tables are, not served as they were for as long as the process lives."""
    from tests.factories import make_player, make_registration
    from tournament.models import Registration
    from tournament.results import standings

    ana = make_registration(event, make_player("Ana"))
    clock = [1000.0]
    monkeypatch.setattr(standings.time, "monotonic", lambda: clock[0])
    assert [e.name for e in standings.entrants(event).values()] == ["Ana"]
    stamped = Registration.objects.get(pk=ana.pk).updated_at
    Registration.objects.filter(pk=ana.pk).update(name="Ana María", updated_at=stamped)  # the state as it was
    clock[0] += standings.KEPT_SECONDS - 1
    assert [e.name for e in standings.entrants(event).values()] == ["Ana"]
    clock[0] += 1
    assert [e.name for e in standings.entrants(event).values()] == ["Ana María"]
