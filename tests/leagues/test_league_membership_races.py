"""A waiting membership answered by both sides at once (found by a review of 2026-11-28, the day it could be declined).

`decline` deletes the waiting LeagueEvent row. Both membership views check that the row exists *before* the service
takes its locks (`membership_accept`, `membership_decline`: `LeagueEvent.objects.filter(pk=pk).exists()`, then the
service's `LeagueEvent.objects...get(pk=pk)` under the League lock). Until today no membership row was ever deleted,
so the gap was harmless; now the two sides of a request can answer at once (the event's organizer withdraws it while
the league's organizer accepts it, or a double click on "Decline"), and the second request finds the row gone inside
the service: LeagueEvent.DoesNotExist, a 500. Now the page says the invitation is no longer waiting, in the
reader's language.

The race is reproduced deterministically: the other side's click is run at the moment the view hands over to the
service, i.e. after the view's `exists()` check passed."""
from __future__ import annotations

import pytest
from django.test import Client

from tests.leagues.test_leagues import league, league_organizer, people, requested  # noqa: F401 (fixtures)
from tournament.leagues import service
from tournament.models import LeagueEvent

pytestmark = pytest.mark.django_db


def test_the_league_accepting_a_request_the_event_withdraws_at_the_same_moment_is_no_server_error(
        league, league_organizer, organizer, people, monkeypatch):  # noqa: F811
    membership = requested(league, organizer, people, name="Spring Open")[1]
    assert membership.state == LeagueEvent.State.REQUESTED
    real_accept = service.accept

    def withdrawn_meanwhile(user, pk):
        service.decline(organizer, pk)  # the event's organizer withdraws the request, a moment before
        return real_accept(user, pk)

    monkeypatch.setattr(service, "accept", withdrawn_meanwhile)
    owner = Client(raise_request_exception=False)
    owner.force_login(league_organizer)
    answer = owner.post(f"/leagues/invitations/{membership.pk}/accept/")
    assert answer.status_code != 500, "accepting a request withdrawn meanwhile answers 500 (LeagueEvent.DoesNotExist)"
    assert answer.status_code == 302
    page = owner.get(answer.url).text
    assert "This invitation or request is no longer waiting" in page
    assert not LeagueEvent.objects.filter(pk=membership.pk).exists()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "This invitation or request is no longer waiting"),
    ("es", "Esta invitación o solicitud ya no está pendiente"),
    ("it", "Questo invito o questa richiesta non è più in attesa"),
])
def test_a_double_click_on_decline_is_no_server_error(league, league_organizer, organizer, people, monkeypatch,  # noqa: F811
                                                      language, words):
    membership = requested(league, organizer, people, name="Spring Open")[1]
    real_decline = service.decline
    calls = []

    def first_click_done_meanwhile(user, pk):
        if not calls:
            calls.append(pk)
            real_decline(user, pk)  # the first click's request, served a moment before
        return real_decline(user, pk)

    monkeypatch.setattr(service, "decline", first_click_done_meanwhile)
    owner = Client(raise_request_exception=False)
    owner.force_login(league_organizer)
    answer = owner.post(f"/leagues/invitations/{membership.pk}/decline/", follow=True,
                        headers={"Accept-Language": language})
    assert answer.status_code != 500, "the second click of 'Decline' answers 500 (LeagueEvent.DoesNotExist)"
    assert words in answer.text
    assert not LeagueEvent.objects.filter(pk=membership.pk).exists()
