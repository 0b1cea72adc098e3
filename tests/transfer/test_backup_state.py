"""Whole-event backup: the event's state that organizers and umpires rely on comes back after an import
(finished, self check-in, each round's clock, why a game waits for the umpire); older backups without it
still import, and a bad value is refused, naming it, with nothing written."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_player, make_registration
from tournament.models import Event, Game, Round, Seat
from tournament.transfer.backup import BackupError, export_event, import_event


@pytest.fixture
def disputed(event):
    """A round whose only game waits for the umpire: both sides were reported from the same browser."""
    regs = [make_registration(event, make_player(name), name=name) for name in ("Ana", "Bea")]
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
    game = Game.objects.create(round=rnd, table=1, status=Game.Status.DISPUTED, review_reason=Game.Review.SAME_REPORTER)
    for reg, side in zip(regs, "ab", strict=True):
        Seat.objects.create(game=game, round=rnd, registration=reg, side=side)
    return event


def _restored(event: Event) -> Event:
    return import_event(export_event(event), slug="restored").event


def test_backup_of_a_finished_event_imports_finished(client, played):
    """A finished event restored from its backup is still finished: its final standings page is there."""
    played.finished_at = timezone.now()
    played.save(update_fields=["finished_at"])
    copy = _restored(played)
    assert copy.finished_at == played.finished_at
    assert client.get(reverse("tournament:final", args=[copy.slug])).status_code == 200


def test_backup_keeps_self_check_in(played):
    """The organizer's "players may check themselves in" setting is still on after the import."""
    played.self_check_in = True
    played.save(update_fields=["self_check_in"])
    assert _restored(played).self_check_in is True


def test_backup_keeps_the_round_clock(played):
    """A round's own length, its extra minutes and the moment time was called come back: the restored
    round's clock does not fall back to the event's default length, and time stays called."""
    rnd = played.rounds.get(number=1)
    now = timezone.now()
    rnd.clock_started_at, rnd.clock_minutes, rnd.clock_extra_minutes, rnd.clock_ended_at = now, 75, 10, now
    rnd.save()
    copy = _restored(played).rounds.get(number=1)
    assert (copy.clock_started_at, copy.clock_minutes, copy.clock_extra_minutes, copy.clock_ended_at) == (now, 75, 10, now)


def test_backup_keeps_why_a_game_waits_for_the_umpire(disputed):
    """After the import the umpire still sees why a disputed game waits for them."""
    copy = _restored(disputed)
    assert Game.objects.get(round__event=copy).review_reason == Game.Review.SAME_REPORTER


def test_an_older_backup_without_these_values_still_imports(played):
    """A backup written before these values were kept imports as before: not finished, no self check-in,
    the round on the event's length with no extra minutes and time not called, no review reason."""
    data = export_event(played)
    for key in ("finished_at", "self_check_in"):
        data["event"].pop(key, None)
    for rnd in data["rounds"]:
        for key in ("clock_minutes", "clock_extra_minutes", "clock_paused_seconds", "clock_paused_at", "clock_ended_at"):
            rnd.pop(key, None)
        for game in rnd["games"]:
            game.pop("review_reason", None)
    copy = import_event(data, slug="restored").event
    assert copy.finished_at is None and copy.self_check_in is False
    rnd = copy.rounds.get(number=1)
    assert (rnd.clock_minutes, rnd.clock_extra_minutes, rnd.clock_ended_at) == (None, 0, None)
    assert set(Game.objects.filter(round__event=copy).values_list("review_reason", flat=True)) == {""}


@pytest.mark.parametrize(("mutate", "named"), [
    (lambda d: d["event"].update(finished_at="yesterday"), "event.finished_at"),
    (lambda d: d["event"].update(self_check_in="yes"), "event.self_check_in"),
    (lambda d: d["rounds"][0].update(clock_minutes=0), "rounds[0].clock_minutes"),
    (lambda d: d["rounds"][0].update(clock_minutes="75"), "rounds[0].clock_minutes"),
    (lambda d: d["rounds"][0].update(clock_extra_minutes=-5), "rounds[0].clock_extra_minutes"),
    (lambda d: d["rounds"][0].update(clock_extra_minutes=1000), "rounds[0].clock_extra_minutes"),
    (lambda d: d["rounds"][0].update(clock_ended_at=12), "rounds[0].clock_ended_at"),
    (lambda d: d["rounds"][0]["games"][0].update(review_reason="bribed"), "rounds[0].games[0].review_reason"),
])
def test_a_bad_value_is_refused_naming_it(disputed, mutate, named):
    """A backup with a bad finished date, setting, clock or review reason is refused with a message naming
    the value, and nothing is written."""
    data = export_event(disputed)
    mutate(data)
    counts = (Event.objects.count(), Round.objects.count(), Game.objects.count())
    with pytest.raises(BackupError, match=re.escape(named)):
        import_event(data, slug="restored")
    assert (Event.objects.count(), Round.objects.count(), Game.objects.count()) == counts
