""""Pair again" on a draft and "Play an extra round" run on the task worker, as "Pair the next round" does (issue
29.4): the request queues a pairing job and answers at once with its progress page, and the request pairs nothing
itself (a 1,000-player round held a web worker, and on SQLite the database's one write lock, for 0.4-5.4 s);
a double click or a second organizer gets the job under way; "Pair again" still refuses a round published
meanwhile, now when the worker takes the job; a refusal is told in the organizer's language; a job whose worker
died is queued again and pairs its round once.

With the real task backend (`queue`), nothing runs until the test runs the worker."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_player, make_registration, make_user
from tests.pairing.test_rounds import enter, flashes, games
from tournament import pairing_jobs
from tournament.leagues.event_ratings import event_ratings
from tournament.models import AuditEntry, EventRole, PairingJob, Round
from tournament.pairing.manager import round_pair, round_publish

NAMES = ("Ana", "Bea", "Carla", "Dora", "Elena", "Fina")


@pytest.fixture
def players(event):
    for name in NAMES:
        make_registration(event, make_player(name))


def pair_again(client, event, number: int = 1, **headers):
    return client.post(reverse("tournament:round_regenerate", args=[event.slug, number]), headers=headers)


def extra(client, event, **headers):
    return client.post(reverse("tournament:round_extra", args=[event.slug]), {"confirm": "extra"}, headers=headers)


@pytest.fixture
def last_round_played(organizer_client, event, organizer, players):
    """The one planned round, published and every result in: the organizer may finish or play an extra round."""
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    first = round_pair(event, organizer)
    round_publish(first, organizer)
    for game in games(first):
        assert enter(organizer_client, event, game, "4-1").status_code == 302
    return first


# --- "Pair again" ------------------------------------------------------------------------------------

def test_pair_again_answers_at_once_with_the_jobs_page_and_pairs_nothing_in_the_request(organizer_client, event,
                                                                                        organizer, players, queue):
    draft = round_pair(event, organizer)
    response = pair_again(organizer_client, event, draft.number)
    jobs = list(PairingJob.objects.filter(event=event))
    paired_here = Round.objects.filter(event=event).exclude(pk=draft.pk).exists()
    assert jobs and not paired_here, (
        f"'Pair again' paired the round in the web request (answer {response.status_code} -> "
        f"{response.get('Location')}), with no pairing job")
    assert response["Location"] == reverse("tournament:pairing_job", args=[event.slug, jobs[0].pk])
    assert Round.objects.get(pk=draft.pk).seed == draft.seed  # the draft is still the one the organizer saw


@pytest.mark.parametrize(("language", "title"), [
    ("en", "Pairing round 1 again"), ("es", "Emparejando de nuevo la ronda 1"), ("it", "Nuovo abbinamento del turno 1"),
])
def test_pair_again_shows_its_progress_then_opens_the_new_draft(organizer_client, event, organizer, players, queue,
                                                                language, title):
    draft = round_pair(event, organizer)
    url = pair_again(organizer_client, event).url
    page = organizer_client.get(url, headers={"Accept-Language": language})
    assert title in page.text and 'hx-trigger="every 2s"' in page.text
    queue()
    job = PairingJob.objects.get()
    again = event.rounds.get()
    assert (job.kind, job.redo, job.status, job.round_id) == ("again", 1, "done", again.pk)
    assert (again.number, again.status, again.seed) == (1, "draft", draft.seed + 1)  # paired anew, a new seed
    assert organizer_client.get(url).url == reverse("tournament:round", args=[event.slug, 1])
    assert organizer_client.get(url, headers={"HX-Request": "true"})["HX-Redirect"] == reverse(
        "tournament:round", args=[event.slug, 1])


def test_a_double_click_or_a_second_organizer_on_pair_again_pairs_the_draft_again_once(organizer_client, event,
                                                                                       organizer, players, queue):
    from django_tasks_db.models import DBTaskResult

    other = make_user("org2", "Organizer Due")
    EventRole.objects.create(event=event, user=other, role=EventRole.Role.ORGANIZER)
    second = Client()
    second.force_login(other)
    draft = round_pair(event, organizer)
    urls = {pair_again(organizer_client, event).url, pair_again(organizer_client, event).url,
            pair_again(second, event).url,
            second.post(reverse("tournament:round_pair", args=[event.slug])).url}  # the job under way, whatever kind
    assert len(urls) == 1
    assert PairingJob.objects.count() == 1 and DBTaskResult.objects.count() == 1
    queue()
    assert event.rounds.get().seed == draft.seed + 1  # paired again once, not three times


@pytest.mark.parametrize(("language", "words", "back"), [
    ("en", "Only a draft can be paired again; delete a published round first.", "Round 1"),
    ("es", "Solo un borrador se puede emparejar de nuevo; borra antes la ronda publicada.", "Ronda 1"),
    ("it", "Solo una bozza può essere riabbinata; elimina prima il turno pubblicato.", "Turno 1"),
])
def test_pair_again_of_a_round_published_meanwhile_keeps_it_and_says_why(organizer_client, event, organizer, players,
                                                                        queue, language, words, back):
    """Two organizers: one presses "Pair again", the other "Publish" before the worker takes the job. The worker
    reads the round under the event's lock, finds it published, and throws nothing away."""
    draft = round_pair(event, organizer)
    url = pair_again(organizer_client, event, **{"Accept-Language": language}).url
    round_publish(Round.objects.get(pk=draft.pk), organizer)
    queue()
    job = PairingJob.objects.get()
    assert job.status == "failed"
    assert Round.objects.filter(pk=draft.pk, status=Round.Status.PUBLISHED, seed=draft.seed).exists()
    assert event.rounds.count() == 1
    page = organizer_client.get(url, headers={"Accept-Language": language})
    assert words in page.text and 'id="pairing-error"' in page.text
    assert 'http-equiv="refresh"' not in page.text  # it stops polling
    way_back = f'<a class="button" href="{reverse("tournament:round", args=[event.slug, 1])}">← {back}</a>'
    assert way_back in page.text  # its way back: the round, named so


def test_pair_again_refused_without_a_worker_in_between_is_told_on_the_rounds_own_page(organizer_client, event,
                                                                                      organizer, players):
    round_publish(round_pair(event, organizer), organizer)
    refused = pair_again(organizer_client, event, **{"Accept-Language": "es"})
    assert refused.url == reverse("tournament:round", args=[event.slug, 1])
    page = organizer_client.get(refused.url, headers={"Accept-Language": "es"})
    assert "Solo un borrador se puede emparejar de nuevo" in " ".join(flashes(page))


def test_pair_again_of_a_draft_deleted_meanwhile_says_so(organizer_client, event, organizer, players, queue):
    draft = round_pair(event, organizer)
    url = pair_again(organizer_client, event, **{"Accept-Language": "it"}).url
    Round.objects.filter(pk=draft.pk).delete()
    queue()
    page = organizer_client.get(url, headers={"Accept-Language": "it"})
    assert "Il turno 1 è stato eliminato nel frattempo" in page.text
    assert not event.rounds.exists()
    assert reverse("tournament:rounds", args=[event.slug]) in page.text


def test_pair_again_of_a_round_that_is_not_there_is_not_found(organizer_client, event, players):
    assert pair_again(organizer_client, event, 3).status_code == 404
    assert not PairingJob.objects.exists()


class _Killed(BaseException):
    """The worker's process killed (not an error the job could tell the organizer)."""


def test_pair_again_whose_worker_died_pairs_the_draft_again_once(organizer_client, event, organizer, players, queue,
                                                                 monkeypatch):
    """The worker dies after throwing the draft away and pairing it anew, before the job is marked done: all of it
    goes with the transaction (the organizer's draft is still there), and the retry pairs it again once."""
    draft = round_pair(event, organizer)
    url = pair_again(organizer_client, event).url
    real = pairing_jobs.round_regenerate

    def pair_then_die(*args, **kwargs):
        real(*args, **kwargs)
        raise _Killed

    monkeypatch.setattr(pairing_jobs, "round_regenerate", pair_then_die)
    queue()
    monkeypatch.setattr(pairing_jobs, "round_regenerate", real)
    assert list(event.rounds.values_list("pk", "seed")) == [(draft.pk, draft.seed)]
    job = PairingJob.objects.get()
    PairingJob.objects.filter(pk=job.pk).update(status="running",
                                                heartbeat_at=timezone.now() - datetime.timedelta(hours=1))
    assert pairing_jobs.recover_lost_pairing_jobs() == 1
    queue()
    job.refresh_from_db()
    again = event.rounds.get()
    assert (job.status, job.attempts, job.round_id, again.seed) == ("done", 2, again.pk, draft.seed + 1)
    assert AuditEntry.objects.filter(action="round.delete").count() == 1
    assert organizer_client.get(url).url == reverse("tournament:round", args=[event.slug, 1])


# --- "Play an extra round" ---------------------------------------------------------------------------

def test_an_extra_round_answers_at_once_with_the_jobs_page_and_pairs_nothing_in_the_request(organizer_client, event,
                                                                                            organizer, players,
                                                                                            queue):
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    first = round_pair(event, organizer)
    first.status, first.published_at = Round.Status.COMPLETED, timezone.now()
    first.save(update_fields=["status", "published_at"])
    first.games.update(status="confirmed")
    response = extra(organizer_client, event)
    jobs = list(PairingJob.objects.filter(event=event))
    assert jobs and not Round.objects.filter(event=event, number=2).exists(), (
        f"the extra round was paired in the web request (answer {response.status_code} -> "
        f"{response.get('Location')}), with no pairing job")
    assert response["Location"] == reverse("tournament:pairing_job", args=[event.slug, jobs[0].pk])
    event.refresh_from_db()
    assert event.rounds_planned == 1  # nothing chosen yet: the worker records the choice with the round


@pytest.mark.parametrize(("language", "title", "said"), [
    ("en", "Pairing an extra round", "Round 2 is an extra round, beyond the plan; it is recorded in the audit log."),
    ("es", "Emparejando una ronda extra", "La ronda 2 es una ronda extra"),
    ("it", "Abbinamento di un turno extra", "Il turno 2 è un turno extra"),
])
def test_an_extra_round_shows_its_progress_then_opens_and_says_it_is_extra(organizer_client, event, last_round_played,
                                                                           queue, language, title, said):
    url = extra(organizer_client, event).url
    page = organizer_client.get(url, headers={"Accept-Language": language})
    assert title in page.text
    queue()
    job = PairingJob.objects.get()
    second = event.rounds.get(number=2)
    assert (job.kind, job.status, job.round_id, second.status) == ("extra", "done", second.pk, "draft")
    event.refresh_from_db()
    assert event.rounds_planned == 2 and AuditEntry.objects.filter(action="event.extra_round").count() == 1
    opened = organizer_client.get(url, headers={"Accept-Language": language}, follow=True)
    assert opened.redirect_chain[-1][0] == reverse("tournament:round", args=[event.slug, 2])
    assert any(said in flash for flash in flashes(opened)), flashes(opened)


def test_an_extra_round_is_paired_with_the_events_ratings_as_the_next_round_is(organizer_client, event,
                                                                               last_round_played, monkeypatch):
    from tournament.pairing import finish

    real, given = finish.round_pair, []

    def spy(*args, **kwargs):
        given.append(kwargs.get("ratings"))
        return real(*args, **kwargs)

    monkeypatch.setattr(finish, "round_pair", spy)
    assert extra(organizer_client, event).url == reverse("tournament:round", args=[event.slug, 2])
    assert given == [event_ratings]


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Every game of round 1 needs a confirmed result first."),
    ("es", "Antes, cada partida de la ronda 1 necesita un resultado confirmado."),
    ("it", "Prima, ogni partita del turno 1 deve avere un risultato confermato."),
])
def test_an_extra_round_refused_is_told_in_the_organizers_language(organizer_client, event, organizer, players, queue,
                                                                   language, words):
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    round_publish(round_pair(event, organizer), organizer)  # its results are not in
    url = extra(organizer_client, event, **{"Accept-Language": language}).url
    queue()
    page = organizer_client.get(url, headers={"Accept-Language": language})
    assert words in page.text and 'id="pairing-error"' in page.text
    assert event.rounds.count() == 1
    event.refresh_from_db()
    assert event.rounds_planned == 1 and not AuditEntry.objects.filter(action="event.extra_round").exists()


def test_an_extra_round_is_asked_for_only_with_the_box_ticked(organizer_client, event, last_round_played, queue):
    unticked = organizer_client.post(reverse("tournament:round_extra", args=[event.slug]), follow=True)
    assert "Tick “Play an extra round” to pair a round beyond the plan." in flashes(unticked)
    assert not PairingJob.objects.exists()
