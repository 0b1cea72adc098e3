"""Issue #26, low 10: `/ratings/` recomputed every opted-in game on each request, and any stranger's
event, or any backup file, could opt into the global rating.

Now: the table is cached under a "games changed" key (recomputed only after a counted game or entry
changed); an event counts only once the site's staff approve it (admin action, audited in the event);
a backup import never brings the opt-in flag."""

from __future__ import annotations

import datetime
import html

import pytest
from django.contrib.admin import helpers
from django.test import Client
from django.urls import reverse

from tests.factories import make_player, make_user
from tests.leagues.test_leagues import played_event
from tests.security.test_backup_import import backup, upload
from tournament.leagues import ratings as glicko
from tournament.models import AuditEntry, Event, Game
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand

pytestmark = pytest.mark.django_db


def accounts(*names):
    return {name: make_player(name, user=make_user(name.lower())) for name in names}


def asked(organizer, people, rounds, *, approved: bool) -> Event:
    event = played_event(organizer, people, rounds, date=datetime.date(2026, 4, 1))
    Event.objects.filter(pk=event.pk).update(global_rating=True, global_rating_approved=approved)
    return event


def table(client) -> str:
    page = client.get("/ratings/").content.decode()
    return page[page.index('id="global-ratings"'):page.index("</table>")]


@pytest.fixture
def computed(monkeypatch):
    calls = []
    real = glicko.rate_state

    def spy(games):
        calls.append(1)
        return real(games)

    monkeypatch.setattr(glicko, "rate_state", spy)
    return calls


def test_the_table_is_computed_again_only_when_a_counted_game_changed(client, organizer, computed):
    event = asked(organizer, accounts("Ann", "Bob", "Cid", "Dee"),
                  [[("Ann", "Bob", "4-1"), ("Cid", "Dee", "4-1")]], approved=True)
    first = table(client)
    for _ in range(5):
        assert table(client) == first
    assert len(computed) == 1  # six requests, one computation
    game = Game.objects.filter(round__event=event, seats__registration__name="Ann").get()
    result_enter(game, parse_shorthand("1-4", event.edition), organizer)  # a correction: Bob won
    rows = table(client)
    assert len(computed) == 2 and rows != first
    assert rows.index("Bob") < rows.index("Ann")  # the corrected result is on the table


def test_a_strangers_event_counts_only_once_staff_approve_it(client, organizer, admin_user):
    event = asked(organizer, accounts("Mallory", "Trent"), [[("Mallory", "Trent", "4-0")]] * 1, approved=False)
    assert "Mallory" not in client.get("/ratings/").content.decode()
    staff = Client()
    staff.force_login(admin_user)
    changelist = reverse("admin:tournament_event_changelist")
    done = staff.post(changelist, {"action": "approve_global_rating", helpers.ACTION_CHECKBOX_NAME: [event.pk]})
    assert done.status_code == 302
    event.refresh_from_db()
    assert event.global_rating_approved
    assert "Mallory" in client.get("/ratings/").content.decode()
    entry = AuditEntry.objects.get(event=event, action="event.global_rating")
    assert entry.user == admin_user and entry.after == {"approved": True}
    staff.post(changelist, {"action": "withdraw_global_rating", helpers.ACTION_CHECKBOX_NAME: [event.pk]})
    assert "Mallory" not in client.get("/ratings/").content.decode()


def test_approval_is_only_for_events_that_asked(organizer, admin_user):
    event = played_event(organizer, accounts("Quiet", "Shy"), [[("Quiet", "Shy", "4-1")]])
    staff = Client()
    staff.force_login(admin_user)
    staff.post(reverse("admin:tournament_event_changelist"),
               {"action": "approve_global_rating", helpers.ACTION_CHECKBOX_NAME: [event.pk]})
    event.refresh_from_db()
    assert not event.global_rating_approved


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Approved for the global rating by the site's staff."),
    ("es", "Aprobado para el rating global por el equipo del sitio."),
    ("it", "Approvato per il rating globale dallo staff del sito."),
])
def test_the_organizer_reads_the_approval_in_the_audit(organizer, organizer_client, admin_user, language, words):
    event = asked(organizer, accounts("Ann", "Bob"), [[("Ann", "Bob", "4-1")]], approved=False)
    staff = Client()
    staff.force_login(admin_user)
    staff.post(reverse("admin:tournament_event_changelist"),
               {"action": "approve_global_rating", helpers.ACTION_CHECKBOX_NAME: [event.pk]})
    page = organizer_client.get(reverse("tournament:audit", args=[event.slug]), headers={"Accept-Language": language})
    assert words in html.unescape(page.content.decode())


def test_the_organizer_cannot_approve_their_own_event(organizer, organizer_client):
    event = asked(organizer, accounts("Ann", "Bob"), [[("Ann", "Bob", "4-1")]], approved=False)
    form = organizer_client.get(reverse("tournament:event_edit", args=[event.slug])).content.decode()
    assert "global_rating_approved" not in form
    data = {"name": event.name, "slug": event.slug, "date": "2026-04-01", "edition": event.edition,
            "rounds_planned": 3, "round_minutes": 90, "round_one_method": "random", "global_rating": "on",
            "global_rating_approved": "on", "scoring_preset": event.scoring_preset}
    organizer_client.post(reverse("tournament:event_edit", args=[event.slug]), data)
    event.refresh_from_db()
    assert not event.global_rating_approved


def test_a_backup_never_opts_into_the_global_rating(stranger_client):
    assert upload(stranger_client, backup(global_rating=True)).status_code == 302
    event = Event.objects.get(slug="imported")
    assert not event.global_rating and not event.global_rating_approved
