"""The round workflow through its pages: pair a draft, swap with warnings, publish, enter and
report results, correct a past result, standings and exports."""

from __future__ import annotations

import io
import re
from html import unescape

import pandas as pd
import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_player, make_registration, make_user
from tournament.models import AuditEntry, Game, Registration, Round, Seat
from tournament.results.standings import event_standings

CLUBS = ["Dracs", "Dracs", "Ludópatas", "Ludópatas", "Circolo", "Circolo", "Gruppo", "Gruppo"]


@pytest.fixture
def field(event):
    """Eight players from four clubs (two per club)."""
    return [make_registration(event, make_player(f"Jugador {i + 1} Peña", club)) for i, club in enumerate(CLUBS)]


def pair(client, event) -> Round:
    response = client.post(reverse("tournament:round_pair", args=[event.slug]))
    assert response.status_code == 302, response.content
    return event.rounds.order_by("-number").first()


def publish(client, event, rnd):
    assert client.post(reverse("tournament:round_publish", args=[event.slug, rnd.number])).status_code == 302


def games(rnd):
    return list(rnd.games.filter(is_bye=False).prefetch_related("seats").order_by("table"))


def enter(client, event, game, shorthand="4G-1C", **extra):
    url = reverse("tournament:game_result", args=[event.slug, game.pk])
    return client.post(url, {"shorthand": shorthand, **extra})


def flashes(response) -> list[str]:
    """The messages shown at the top of the page (not the page's own text)."""
    block = re.search(r'<ul class="messages"[^>]*>(.*?)</ul>', response.text, re.S)
    return [unescape(m).strip() for m in re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S)] if block else []


def round_warnings(response) -> list[str]:
    block = re.search(r'<ul[^>]*id="round-warnings"[^>]*>(.*?)</ul>', response.text, re.S)
    return [unescape(m).strip() for m in re.findall(r"<li>(.*?)</li>", block.group(1), re.S)] if block else []


def game_row(response, game) -> str:
    """The text of one game's row on the round page, tags stripped."""
    row = re.search(rf'<tr id="game-{game.pk}"[^>]*>(.*?)</tr>', response.text, re.S)
    assert row, f"no row for game {game.pk}"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", row.group(1))).split())


def test_draft_has_every_player_once_and_avoids_club_mates(organizer_client, event, field):
    rnd = pair(organizer_client, event)
    assert rnd.status == Round.Status.DRAFT
    seats = Seat.objects.filter(round=rnd).select_related("registration__player__club")
    assert sorted(s.registration_id for s in seats) == sorted(r.pk for r in field)
    for game in games(rnd):
        clubs = {s.registration.player.club_id for s in game.seats.select_related("registration__player")}
        assert len(clubs) == 2
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, 1]))
    assert page.status_code == 200 and "Jugador 1 Peña" in page.text


def test_pairing_twice_returns_the_same_draft(organizer_client, event, field):
    first = pair(organizer_client, event)
    second = pair(organizer_client, event)
    assert first.pk == second.pk and event.rounds.count() == 1


def test_draft_is_not_public(client, organizer_client, event, field):
    pair(organizer_client, event)
    page = client.get(reverse("tournament:pairings", args=[event.slug]))
    assert "Jugador 1 Peña" not in page.text
    assert client.get(reverse("tournament:pairings_round", args=[event.slug, 1])).status_code == 404


def test_swap_warns_of_club_mates_and_is_logged(organizer_client, event, field):
    rnd = pair(organizer_client, event)
    g1, g2 = games(rnd)[:2]
    a1, b1 = g1.seats.order_by("side")
    a2, b2 = g2.seats.order_by("side")
    # Put a1 with their club mate by swapping that mate into a1's game.
    mate = Seat.objects.filter(round=rnd, registration__player__club=a1.registration.player.club).exclude(pk=a1.pk).get()
    response = organizer_client.post(reverse("tournament:seats_swap", args=[event.slug, 1]),
                                     {"first": b1.pk, "second": mate.pk}, follow=True)
    assert response.status_code == 200
    club = a1.registration.player.club.name
    # A hand-made game: the warning says the organizer did it, names the club, and does not claim that
    # nothing better was possible; the round page repeats it among the round's warnings.
    assert f"Swapped by the organizer: club mates ({club}) meet." in flashes(response)
    assert f"Swapped by the organizer: club mates ({club}) meet." in round_warnings(response)
    assert "no better pairing" not in response.text and "no other pairing" not in response.text
    game = Game.objects.get(pk=g1.pk)
    assert game.manual
    assert AuditEntry.objects.filter(action="round.swap").exists()


def test_publish_shows_pairings_publicly_with_htmx_partial(client, organizer_client, event, field):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    publish(organizer_client, event, rnd)  # a double click changes nothing
    assert AuditEntry.objects.filter(action="round.publish").count() == 1
    page = client.get(reverse("tournament:pairings", args=[event.slug]))
    assert "Jugador 1 Peña" in page.text and "<html" in page.text
    partial = client.get(reverse("tournament:pairings", args=[event.slug]), headers={"HX-Request": "true"})
    assert "Jugador 1 Peña" in partial.text and "<html" not in partial.text
    clock = client.get(reverse("tournament:round_clock", args=[event.slug, 1]))  # publishing does not start it
    assert clock.status_code == 200 and "The clock has not started yet: 90 minutes." in clock.text


def test_result_entry_by_shorthand_scores_nasamw(organizer_client, event, field):
    event.scoring_preset = "nasamw-v4"
    event.edition = "2.2"
    event.save()
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    game = games(rnd)[0]
    response = enter(organizer_client, event, game, "4G-1C")
    assert response.status_code == 302
    a, b = Seat.objects.filter(game=game).order_by("side")
    assert (a.score, b.score) == (23, 3)
    assert Game.objects.get(pk=game.pk).status == Game.Status.CONFIRMED


def test_implausible_result_is_explained(organizer_client, event, field):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    game = games(rnd)[0]
    response = enter(organizer_client, event, game, "", outcome="a", a_elements_lost="0", b_elements_lost="1")
    assert response.status_code == 200 and 'id="result-problems"' in response.text
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING


def test_players_reports_confirm_or_dispute(client, organizer_client, event, field):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    first, second = games(rnd)[:2]
    a, b = first.seats.order_by("side")
    for seat in (a, b):  # each player on their own phone (one browser reporting both sides does not confirm)
        assert Client().post(reverse("tournament:report", args=[seat.report_token]), {"shorthand": "4-1"}).status_code == 302
    assert Game.objects.get(pk=first.pk).status == Game.Status.CONFIRMED
    a, b = second.seats.order_by("side")
    client.post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    assert Game.objects.get(pk=second.pk).status == Game.Status.REPORTED
    response = Client().post(reverse("tournament:report", args=[b.report_token]), {"shorthand": "1-4"}, follow=True)
    assert flashes(response)[-1] == "Your report differs from your opponent's: an umpire will settle it."
    assert Game.objects.get(pk=second.pk).status == Game.Status.DISPUTED
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, 1]))
    assert "Reports differ: umpire needed" in game_row(page, second)
    assert "Reports differ" not in game_row(page, first) and "Confirmed" in game_row(page, first)


def test_revoked_or_unknown_report_link_is_refused(client, organizer_client, event, field):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    seat = games(rnd)[0].seats.first()
    Seat.objects.filter(pk=seat.pk).update(token_revoked=True)
    assert client.get(reverse("tournament:report", args=[seat.report_token])).status_code == 404
    assert client.get(reverse("tournament:report", args=["nope"])).status_code == 404


def play_round(client, event, rnd, shorthand="4-1"):
    publish(client, event, rnd)
    for game in games(rnd):
        assert enter(client, event, game, shorthand).status_code == 302


def test_next_round_avoids_rematches_and_needs_results(organizer_client, event, field):
    rnd1 = pair(organizer_client, event)
    publish(organizer_client, event, rnd1)
    response = organizer_client.post(reverse("tournament:round_pair", args=[event.slug]), follow=True)
    assert event.rounds.count() == 1
    assert flashes(response) == ["Every game of the previous rounds needs a confirmed result before pairing the next."]
    for game in games(rnd1):
        enter(organizer_client, event, game, "4-1")
    rnd2 = pair(organizer_client, event)
    met = {frozenset(g.seats.values_list("registration_id", flat=True)) for g in games(rnd1)}
    assert all(frozenset(g.seats.values_list("registration_id", flat=True)) not in met for g in games(rnd2))


def test_correcting_a_past_result_recomputes_and_reports_changed_pairings(organizer_client, event, field):
    rnd1 = pair(organizer_client, event)
    play_round(organizer_client, event, rnd1)
    rnd2 = pair(organizer_client, event)
    play_round(organizer_client, event, rnd2)
    game = games(rnd1)[0]
    a = game.seats.get(side="a")
    before = organizer_client.get(reverse("tournament:standings", args=[event.slug])).text
    response = enter(organizer_client, event, game, "1-4", version=str(Game.objects.get(pk=game.pk).version))
    assert response.status_code == 302
    response = organizer_client.get(response["Location"])
    assert "recomputed" in response.text.lower()
    after = organizer_client.get(reverse("tournament:standings", args=[event.slug])).text
    assert before != after
    assert Seat.objects.get(pk=a.pk).score < Seat.objects.get(game=game, side="b").score
    assert AuditEntry.objects.filter(action="result.enter").count() == 9


def test_stale_form_does_not_overwrite_a_newer_result(organizer_client, event, field):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    game = games(rnd)[0]
    enter(organizer_client, event, game, "4-1", version="0")
    response = enter(organizer_client, event, game, "1-4", version="0")
    assert response.status_code == 200 and "changed this result" in response.text


def test_delete_round_only_before_results(organizer_client, event, field):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    enter(organizer_client, event, games(rnd)[0], "4-1")
    organizer_client.post(reverse("tournament:round_delete", args=[event.slug, 1]))
    assert event.rounds.count() == 1
    event.rounds.get().games.filter(is_bye=False).update(status=Game.Status.PENDING)
    organizer_client.post(reverse("tournament:round_delete", args=[event.slug, 1]))
    assert event.rounds.count() == 0


def test_standings_and_exports(client, organizer_client, event, field):
    rnd = pair(organizer_client, event)
    play_round(organizer_client, event, rnd)
    page = client.get(reverse("tournament:standings", args=[event.slug]))
    assert page.status_code == 200 and "Jugador 1 Peña" in page.text
    partial = client.get(reverse("tournament:standings", args=[event.slug]), {"round": "1"}, headers={"HX-Request": "true"})
    assert "<html" not in partial.text and "<table" in partial.text
    csv = client.get(reverse("tournament:standings_export", args=[event.slug, "csv"]))
    frame = pd.read_csv(io.BytesIO(csv.content), encoding="utf-8-sig")
    assert len(frame) == 8 and "Jugador 1 Peña" in set(frame["Player"])
    xlsx = client.get(reverse("tournament:pairings_export", args=[event.slug, 1, "xlsx"]))
    assert len(pd.read_excel(io.BytesIO(xlsx.content))) == 8
    results = client.get(reverse("tournament:results_export", args=[event.slug, "csv"]))
    assert len(pd.read_csv(io.BytesIO(results.content), encoding="utf-8-sig")) == 4


@pytest.mark.parametrize("name", ["round_pair"])
def test_only_organizers_pair(client, event, field, name):
    url = reverse(f"tournament:{name}", args=[event.slug])
    assert client.post(url).status_code == 302 and event.rounds.count() == 0  # to login
    stranger = Client()
    stranger.force_login(make_user())
    assert stranger.post(url).status_code == 403


def test_umpire_enters_results_but_cannot_publish(umpire_client, organizer_client, event, field):
    rnd = pair(organizer_client, event)
    assert umpire_client.post(reverse("tournament:round_publish", args=[event.slug, 1])).status_code == 403
    publish(organizer_client, event, rnd)
    assert enter(umpire_client, event, games(rnd)[0], "4-1").status_code == 302


def test_odd_field_gets_a_bye_scored_by_the_preset(organizer_client, event, field):
    make_registration(event, make_player("Ninth Player", "Solo"))
    rnd = pair(organizer_client, event)
    bye = rnd.games.get(is_bye=True)
    assert bye.status == Game.Status.CONFIRMED and bye.seats.get().score is not None
    assert Seat.objects.filter(round=rnd).count() == 9


def test_win_draw_loss_points_are_the_events_own(organizer_client, event, field):
    event.scoring_preset, event.wdl_points = "wdl", "2/1/0"
    event.save()
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    game = games(rnd)[0]
    enter(organizer_client, event, game, "4-1")
    assert sorted(Seat.objects.filter(game=game).values_list("score", flat=True)) == [0, 2]


def test_event_form_orders_tiebreaks_and_checks_points(organizer_client, event):
    from tournament.web.forms.events import EventForm

    data = {"name": event.name, "slug": event.slug, "date": "2026-06-01", "edition": "3.0", "rounds_planned": 3,
            "round_minutes": 90, "scoring_preset": "wdl", "wdl_points": "3/1/0", "round_one_method": "random",
            "tiebreak_1": "countback", "tiebreak_2": "head_to_head"}
    form = EventForm(data, instance=event)
    assert form.is_valid(), form.errors
    assert form.save().tiebreaks == ["countback", "head_to_head"]
    bad = EventForm({**data, "tiebreak_1": "luck", "wdl_points": "three"}, instance=event)
    assert not bad.is_valid() and {"tiebreak_1", "wdl_points"} <= set(bad.errors)


@pytest.mark.parametrize(("language", "words"), [("es", ["Clasificación", "Puntos", "Jugador"]),
                                                  ("it", ["Classifica", "Punti", "Giocatore"])])
def test_standings_speak_the_players_language(client, organizer_client, event, field, language, words):
    rnd = pair(organizer_client, event)
    play_round(organizer_client, event, rnd)
    page = client.get(reverse("tournament:standings", args=[event.slug]), headers={"Accept-Language": language})
    assert all(word in page.text for word in words)


def test_drops_and_late_entries_between_rounds(organizer_client, event, field):
    from tournament.models import Registration
    from tournament.registration.services import player_register, registration_set_status

    rnd1 = pair(organizer_client, event)
    play_round(organizer_client, event, rnd1)
    registration_set_status(reg=field[0], status=Registration.Status.DROPPED, user=None)
    late = player_register(event=event, player=make_player("Llegada Tardía", "Nuevo"), user=None)
    assert late.late_entry_round == 2
    rnd2 = pair(organizer_client, event)
    seated = set(Seat.objects.filter(round=rnd2).values_list("registration_id", flat=True))
    assert field[0].pk not in seated and late.pk in seated and len(seated) == 8
    standings = organizer_client.get(reverse("tournament:standings", args=[event.slug])).text
    assert "dropped" in standings  # a dropped player stays in the standings, marked


def test_umpires_swap_only_when_the_event_allows(umpire_client, organizer_client, event, field):
    rnd = pair(organizer_client, event)
    g1, g2 = games(rnd)[:2]
    first, second = g1.seats.first(), g2.seats.first()
    url = reverse("tournament:seats_swap", args=[event.slug, 1])
    assert umpire_client.post(url, {"first": first.pk, "second": second.pk}).status_code == 403
    event.umpires_may_swap = True
    event.save()
    assert umpire_client.post(url, {"first": first.pk, "second": second.pk}).status_code == 302
    assert Game.objects.get(pk=g1.pk).manual


def test_clashing_fixed_tables_say_who_kept_the_table(organizer_client, event, field):
    first, second = field[0], field[1]  # club mates: never paired together, so both games claim table 1
    Registration.objects.filter(pk__in=[first.pk, second.pk]).update(fixed_table=1)
    rnd = pair(organizer_client, event)
    at_one = Game.objects.get(round=rnd, table=1)
    holder, other = (first, second) if at_one.seats.filter(registration=first).exists() else (second, first)
    assert not at_one.seats.filter(registration=other).exists()
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, rnd.number]))
    assert round_warnings(page) == [f"Table 1 was fixed for {other.player.name}, but it went to {holder.player.name}, "
                                    "who has the same fixed table."]


def test_a_hand_made_bye_for_a_player_who_had_one_says_so(organizer_client, event):
    regs = [make_registration(event, make_player(name, club)) for name, club in
            [("Ana Ruiz", "Dracs"), ("Bea Sola", "Circolo"), ("Carla Pons", "Gruppo")]]
    rnd1 = pair(organizer_client, event)
    play_round(organizer_client, event, rnd1)
    had_bye = rnd1.games.get(is_bye=True).seats.get().registration
    rnd2 = pair(organizer_client, event)
    bye_seat = rnd2.games.get(is_bye=True).seats.get()
    assert bye_seat.registration != had_bye and had_bye in regs
    mover = Seat.objects.get(round=rnd2, registration=had_bye)
    organizer_client.get(reverse("tournament:round", args=[event.slug, rnd2.number]))  # shows the earlier messages
    response = organizer_client.post(reverse("tournament:seats_swap", args=[event.slug, rnd2.number]),
                                     {"first": mover.pk, "second": bye_seat.pk}, follow=True)
    assert rnd2.games.get(is_bye=True).seats.get().registration == had_bye
    a, b = (s.registration.player.name for s in mover.game.seats.order_by("side"))  # they met at table 1 in round 1
    assert mover.game.table == 1
    assert flashes(response) == [
        f"Swapped by the organizer: creates a rematch ({a} and {b} have already met).",
        f"{a} has already played on table 1.", f"{b} has already played on table 1.",
        f"Swapped by the organizer: {had_bye.player.name} gets a second bye."]


@pytest.mark.parametrize(("language", "expected"), [
    ("es", "Cambio del organizador: Ana recibe un segundo descanso."),
    ("it", "Scambio dell'organizzatore: Ana riceve un secondo riposo."),
])
def test_new_pairing_messages_are_translated(language, expected):
    from django.utils import translation

    from tournament.pairing.messages import note_message

    with translation.override(language):
        assert note_message({"code": "second_bye", "player": 1, "by_hand": True}, {1: "Ana"}) == expected
        fixed = note_message({"code": "fixed_table", "player": 1, "table": 2, "conflict": True, "other": 3,
                              "other_table": 4}, {1: "Ana", 3: "Bea"})
        assert "Ana" in fixed and "Bea" in fixed and "fixed" not in fixed


def test_standings_after_a_round_count_only_the_games_up_to_it(organizer_client, event, field):
    event.scoring_preset, event.wdl_points = "wdl", "3/1/0"
    event.save()
    rnd1 = pair(organizer_client, event)
    play_round(organizer_client, event, rnd1, "4-1")  # side A wins every game: 3 points, side B 0
    rnd2 = pair(organizer_client, event)
    play_round(organizer_client, event, rnd2, "1-4")  # now side B wins every game
    won = {rnd: set(Seat.objects.filter(round=rnd, side=side).values_list("registration_id", flat=True))
           for rnd, side in ((rnd1, "a"), (rnd2, "b"))}
    after_one = {r.registration_id: r.points for r in event_standings(event, upto=1)}
    assert after_one == {reg.pk: 3 if reg.pk in won[rnd1] else 0 for reg in field}
    after_two = {r.registration_id: r.points for r in event_standings(event)}
    assert after_two == {reg.pk: 3 * (reg.pk in won[rnd1]) + 3 * (reg.pk in won[rnd2]) for reg in field}
