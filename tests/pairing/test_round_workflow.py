"""The organizer's round workflow as the organizer reads it: true pairing explanations after a swap,
a clean swap confirmed, the clock apart from publishing (pause, extend, end), results in DBA notation,
the end of the event (final standings, PDFs, an extra round only on purpose), and htmx fragments only
for real htmx requests."""

from __future__ import annotations

import datetime
import io
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.factories import make_player, make_registration
from tests.pairing.test_rounds import enter, flashes, game_row, games, pair, publish, round_warnings
from tournament.models import Game, Round, Seat

CLUBS = ["Dracs", "Dracs", "Ludópatas", "Ludópatas", "Circolo", "Circolo", "Gruppo", "Gruppo"]


@pytest.fixture
def eight(event):
    return [make_registration(event, make_player(f"Jugador {i + 1} Peña", club)) for i, club in enumerate(CLUBS)]


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def play(client, event, rnd, shorthand="4-1"):
    publish(client, event, rnd)
    for game in games(rnd):
        assert enter(client, event, game, shorthand).status_code == 302


def swap(client, event, rnd, first, second):
    url = reverse("tournament:seats_swap", args=[event.slug, rnd.number])
    return client.post(url, {"first": first.pk, "second": second.pk}, follow=True)


def message_classes(response) -> list[tuple[str, str]]:
    block = re.search(r'<ul class="messages"[^>]*>(.*?)</ul>', response.text, re.S)
    return [(cls, unescape(text).strip()) for cls, text in re.findall(r'<li class="([^"]*)">(.*?)</li>', block.group(1), re.S)]


# --- pairing explanations after a swap -----------------------------------------------------------

def test_a_swap_creating_a_rematch_is_a_warning_and_swapping_back_clears_it(organizer_client, event, eight):
    rnd1 = pair(organizer_client, event)
    play(organizer_client, event, rnd1)
    met = {frozenset(g.seats.values_list("registration_id", flat=True)) for g in games(rnd1)}
    rnd2 = pair(organizer_client, event)
    seats = list(Seat.objects.filter(round=rnd2, game__is_bye=False).select_related("game", "registration__player"))
    # Find a swap of two players from different games that makes a round-1 pair meet again.
    first, second = next((x, y) for x in seats for y in seats if x.game_id != y.game_id and frozenset(
        {x.registration_id, next(s.registration_id for s in seats if s.game_id == y.game_id and s.pk != y.pk)}) in met)
    organizer_client.get(reverse("tournament:round", args=[event.slug, 2]))
    response = swap(organizer_client, event, rnd2, second, first)
    texts = [text for cls, text in message_classes(response) if "rematch" in text]
    assert texts and all(cls == "warning" for cls, text in message_classes(response) if text in texts)
    assert texts[0].startswith("Swapped by the organizer: creates a rematch (")
    assert texts[0] in round_warnings(response)
    page = response.text
    assert "no other pairing was possible" not in page and "no better pairing" not in page
    changed = Game.objects.get(pk=first.game_id)
    assert "⚠ Swapped by the organizer: creates a rematch" in game_row(response, changed)
    # Swapping back restores the engine's pairing: no more rematch warning for the round.
    a, b = (Seat.objects.get(round=rnd2, registration_id=s.registration_id) for s in (first, second))
    back = swap(organizer_client, event, rnd2, a, b)
    assert not [w for w in round_warnings(back) if "rematch" in w]


def test_a_clean_swap_is_confirmed(organizer_client, event, eight):
    rnd = pair(organizer_client, event)
    seats = list(Seat.objects.filter(round=rnd).select_related("registration__player__club", "game"))
    club = {s.pk: s.registration.player.club_id for s in seats}
    partner = {s.pk: next(o for o in seats if o.game_id == s.game_id and o.pk != s.pk) for s in seats}
    first, second = next((x, y) for x in seats for y in seats if x.game_id != y.game_id
                         and club[x.pk] != club[partner[y.pk].pk] and club[y.pk] != club[partner[x.pk].pk])
    response = swap(organizer_client, event, rnd, first, second)
    names = first.registration.player.name, second.registration.player.name
    assert message_classes(response) == [
        ("success", f"Swapped {names[0]} ↔ {names[1]}. No rematch, no club mates, no repeated table.")]
    row = game_row(response, first.game)
    assert "Swapped by the organizer." in row and "Score group 0." in row


def test_the_bye_players_swap_option_says_bye(organizer_client, event, eight):
    lone = make_registration(event, make_player("Solitario Uno", "Solo"))
    rnd = pair(organizer_client, event)
    bye = rnd.games.get(is_bye=True).seats.get()
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, 1]))
    options = re.findall(rf'<option value="{bye.pk}"[^>]*>(.*?)</option>', page.text)
    assert options and all(unescape(o) == f"{bye.registration.player.name} (bye)" for o in options)
    assert lone.pk in set(Seat.objects.filter(round=rnd).values_list("registration_id", flat=True))


def test_club_mates_note_when_the_event_does_not_avoid_them(organizer_client, event):
    event.avoid_same_club = False
    event.save()
    for name in ("Ana Ruiz", "Bea Sola"):
        make_registration(event, make_player(name, "Dracs"))
    pair(organizer_client, event)
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, 1]))
    assert "Same club (Dracs). This event does not avoid club mates." in page.text
    assert "no better pairing" not in page.text and not round_warnings(page)


# --- results in DBA notation -----------------------------------------------------------------------

def test_results_show_dba_notation_and_the_bye_says_bye(client, organizer_client, event, eight):
    make_registration(event, make_player("Solitario Uno", "Solo"))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    game = games(rnd)[0]
    enter(organizer_client, event, game, "4G-1C")
    a, b = Seat.objects.filter(game=game).order_by("side")
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, 1]))
    assert f"Confirmed {a.score}–{b.score} 4G-1C" in game_row(page, game)
    bye = rnd.games.get(is_bye=True)
    points = bye.seats.get().score
    assert f"Bye ({points} points)" in game_row(page, bye)
    public = text_of(client.get(reverse("tournament:pairings", args=[event.slug])).text)
    assert f"{a.score}–{b.score} 4G-1C" in public and f"Bye ({points} points)" in public


# --- the round clock -----------------------------------------------------------------------------

def clock_json(client, event, number=1) -> dict:
    return client.get(reverse("tournament:round_clock", args=[event.slug, number]), {"format": "json"}).json()


def control(client, event, action, number=1, **data):
    return client.post(reverse("tournament:clock_control", args=[event.slug, number, action]), data, follow=True)


def test_publishing_does_not_start_the_clock_and_the_organizer_runs_it(client, organizer_client, event, eight):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    assert Round.objects.get(pk=rnd.pk).clock_started_at is None
    assert clock_json(client, event)["state"] == "waiting"
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, 1]))
    assert "Start the clock" in page.text and "Not started" in text_of(page.text)
    control(organizer_client, event, "start")
    assert clock_json(client, event)["state"] == "running"
    paused = control(organizer_client, event, "pause")
    assert "The clock is paused." in flashes(paused)
    first, second = clock_json(client, event), clock_json(client, event)
    assert first["state"] == "paused" and first["remaining"] == second["remaining"]  # a pause stops the clock
    control(organizer_client, event, "resume")
    extended = control(organizer_client, event, "extend", minutes="10")
    assert "10 minutes added." in flashes(extended) and clock_json(client, event)["minutes"] == 100
    ended = control(organizer_client, event, "end")
    called = Round.objects.get(pk=rnd.pk).clock_ended_at
    when = timezone.localtime(called).strftime("%H:%M (Europe/Madrid)")  # the event's zone, named
    assert clock_json(client, event)["state"] == "called"
    assert f"Time called at {when}." in text_of(ended.text)
    big = client.get(reverse("tournament:round_clock", args=[event.slug, 1]))
    assert f"Time called at {when}." in big.text and 'id="clock-time"' in big.text
    log = text_of(organizer_client.get(reverse("tournament:audit", args=[event.slug])).text)
    for sentence in ("Round 1: clock started (90 minutes).", "Round 1: clock paused.", "Round 1: clock running again.",
                     "Round 1: 10 minutes added.", "Round 1: time called."):
        assert sentence in log


def test_the_clock_calls_time_when_it_runs_out(client, organizer_client, event, eight):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    control(organizer_client, event, "start")
    start = timezone.now() - datetime.timedelta(minutes=95)
    Round.objects.filter(pk=rnd.pk).update(clock_started_at=start)
    state = clock_json(client, event)
    expected = timezone.localtime(start + datetime.timedelta(minutes=90)).strftime("%H:%M (Europe/Madrid)")
    assert state["state"] == "called" and state["remaining"] == 0 and state["text"] == f"Time called at {expected}."


def test_clock_controls_refuse_bad_input_and_other_roles(umpire_client, organizer_client, event, eight):
    rnd = pair(organizer_client, event)
    assert "Publish the round before starting its clock." in flashes(control(organizer_client, event, "start"))
    publish(organizer_client, event, rnd)
    assert umpire_client.post(reverse("tournament:clock_control", args=[event.slug, 1, "start"])).status_code == 403
    control(organizer_client, event, "start")
    bad = organizer_client.post(reverse("tournament:clock_control", args=[event.slug, 1, "extend"]), {"minutes": "999"})
    assert bad.status_code == 400 and "Extra minutes" in bad.content.decode()
    assert Round.objects.get(pk=rnd.pk).clock_extra_minutes == 0


# --- the end of the event ------------------------------------------------------------------------

@pytest.fixture
def one_round_played(organizer_client, event, eight):
    event.rounds_planned = 1
    event.save()
    rnd = pair(organizer_client, event)
    play(organizer_client, event, rnd, "4G-1")
    return rnd


def test_after_the_last_round_the_event_finishes_instead_of_pairing(client, organizer_client, event, one_round_played):
    rounds = organizer_client.get(reverse("tournament:rounds", args=[event.slug]))
    assert "Pair the next round" not in rounds.text and "All 1 planned rounds" not in rounds.text
    assert "The 1 planned round is played." in rounds.text
    assert "Finish the event and publish the final standings" in rounds.text
    refused = organizer_client.post(reverse("tournament:round_pair", args=[event.slug]), follow=True)
    assert flashes(refused) == ["The 1 planned round has been paired. Finish the event, or choose to add an extra round."]
    assert event.rounds.count() == 1
    done = organizer_client.post(reverse("tournament:event_finish", args=[event.slug]), follow=True)
    assert "The event is finished. These are the final standings." in flashes(done)
    winners = Seat.objects.filter(round=one_round_played, side="a").select_related("registration__player")
    podium = re.search(r'<ol class="podium".*?</ol>', done.text, re.S).group(0)
    assert "First place" in podium and any(s.registration.player.name in podium for s in winners)
    assert client.get(reverse("tournament:final", args=[event.slug])).status_code == 200
    event_page = organizer_client.get(event.get_absolute_url()).text
    assert re.search(r'class="button primary" href="[^"]*/final/">Final standings<', event_page)
    final = pdf_text(client.get(reverse("tournament:final_pdf", args=[event.slug])).content)
    assert "Final standings" in final and all(s.registration.player.name in final for s in winners)
    certificate = pdf_text(client.get(reverse("tournament:podium_pdf", args=[event.slug])).content)
    assert "First place" in certificate and any(s.registration.player.name in certificate for s in winners)
    log = text_of(organizer_client.get(reverse("tournament:audit", args=[event.slug])).text)
    assert "Event finished after round 1: the standings are final." in log
    assert "Pair the next round" not in organizer_client.get(reverse("tournament:rounds", args=[event.slug])).text


def test_final_standings_are_not_shown_before_the_end(client, event, one_round_played):
    assert client.get(reverse("tournament:final", args=[event.slug])).status_code == 404
    assert client.get(reverse("tournament:final_pdf", args=[event.slug])).status_code == 404


def test_an_extra_round_only_by_an_explicit_logged_choice(organizer_client, event, one_round_played):
    url = reverse("tournament:round_extra", args=[event.slug])
    unticked = organizer_client.post(url, follow=True)
    assert event.rounds.count() == 1 and "Tick “Play an extra round” to pair a round beyond the plan." in flashes(unticked)
    extra = organizer_client.post(url, {"confirm": "extra"}, follow=True)
    assert event.rounds.count() == 2
    event.refresh_from_db()
    assert event.rounds_planned == 2
    assert "Round 2 is an extra round, beyond the plan; it is recorded in the audit log." in flashes(extra)
    log = text_of(organizer_client.get(reverse("tournament:audit", args=[event.slug])).text)
    assert "Extra round 2 chosen beyond the 1 planned." in log


# --- htmx: fragments only for real htmx requests ---------------------------------------------------

@pytest.mark.parametrize("name", ["round", "pairings_round", "audit", "standings"])
def test_fragments_only_for_htmx_and_never_on_history_restore(client, organizer_client, event, eight, name):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    args = [event.slug] if name in ("audit", "standings") else [event.slug, 1]
    url = reverse(f"tournament:{name}", args=args)
    shown = "Round 1 published." if name == "audit" else "Jugador 1 Peña"
    fragment = organizer_client.get(url, headers={"HX-Request": "true"})
    assert "<html" not in fragment.text and shown in fragment.text and "HX-Request" in fragment["Vary"]
    restore = organizer_client.get(url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in restore.text and "HX-Request" in restore["Vary"]
    assert "HX-Request" in organizer_client.get(url)["Vary"]
