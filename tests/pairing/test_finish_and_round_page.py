"""Ending an event early ("finish after this round", without editing the planned rounds) and the organizer's
round page on a phone: the pairing reasons shown, no dangling "Club ·", "Delete round" kept away from the
exports of a published round."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tests.pairing.test_round_workflow import CLUBS
from tests.pairing.test_rounds import enter, flashes, games, pair, publish


@pytest.fixture
def eight(event):
    event.rounds_planned = 4
    event.save()
    regs = [make_registration(event, make_player(f"Jugador {i + 1} Peña", club), army_ref="II/56" if i % 2 else "")
            for i, club in enumerate(CLUBS)]
    return regs


@pytest.mark.parametrize(("lang", "button", "later"), [
    ("en", "Finish after round 1", "The event ends after round 1. Once its results are in, finish it here."),
    ("es", "Terminar tras la ronda 1", "El evento termina tras la ronda 1. Cuando estén sus resultados, termínalo aquí."),
    ("it", "Concludi dopo il turno 1", "L'evento finisce dopo il turno 1. Quando ci sono i suoi risultati, concludilo qui."),
])
def test_finish_after_this_round_while_it_is_played(organizer_client, event, eight, lang, button, later):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    rounds = reverse("tournament:rounds", args=[event.slug])
    assert button in organizer_client.get(rounds, headers={"Accept-Language": lang}).text
    response = organizer_client.post(reverse("tournament:event_finish_early", args=[event.slug]), follow=True,
                                     headers={"Accept-Language": lang})
    assert later in flashes(response)
    event.refresh_from_db()
    assert event.rounds_planned == 1 and event.finished_at is None
    for game in games(rnd):
        enter(organizer_client, event, game, "4-1")
    page = organizer_client.get(rounds).text
    assert "Finish the event and publish the final standings" in page and "Pair the next round" not in page
    from tournament.models import AuditEntry

    entry = AuditEntry.objects.get(event=event, action="event.edit")
    assert entry.before == {"rounds_planned": 4} and entry.after == {"rounds_planned": 1}


def test_finish_after_a_completed_round_finishes_at_once(organizer_client, event, eight, umpire_client):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    for game in games(rnd):
        enter(organizer_client, event, game, "4-1")
    url = reverse("tournament:event_finish_early", args=[event.slug])
    assert umpire_client.post(url).status_code == 403
    done = organizer_client.post(url, follow=True)
    assert "The event is finished. These are the final standings." in flashes(done)
    event.refresh_from_db()
    assert event.finished_at is not None and event.rounds_planned == 1


def test_finish_early_refuses_a_draft_round_and_no_round(organizer_client, event, eight):
    url = reverse("tournament:event_finish_early", args=[event.slug])
    assert "No round has been played yet." in flashes(organizer_client.post(url, follow=True))
    pair(organizer_client, event)
    assert "Round 1 is still a draft: publish it or delete it first." in flashes(organizer_client.post(url, follow=True))
    event.refresh_from_db()
    assert event.rounds_planned == 4 and event.finished_at is None


def test_round_page_names_clubs_and_armies_without_dangling_separators(organizer_client, event, eight):
    rnd = pair(organizer_client, event)
    page = unescape(organizer_client.get(reverse("tournament:round", args=[event.slug, rnd.number])).text)
    shown = re.findall(r'<span class="muted entry-facts">([^<]*)</span>', page)
    assert shown and all(s.strip() and not s.strip().endswith("·") and not s.strip().startswith("·") for s in shown)
    assert "Dracs" in shown and "Dracs · II/56" in shown


def test_delete_round_is_apart_from_the_exports_on_a_published_round(organizer_client, event, eight):
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, rnd.number])).text
    exports = re.search(r'<div class="row no-print" id="round-actions">(.*?)</div>', page, re.S).group(1)
    assert "XLSX" in exports and "Delete round" not in exports
    assert re.search(r'<details class="card danger-zone no-print" id="round-delete">.*Delete round', page, re.S)
