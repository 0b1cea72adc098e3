""""Pair again" on a stage round's draft pairs the stages' next games again (a player dropped meanwhile leaves
their game out), instead of refusing with the Swiss pairing's "pair their rounds from the stages page", where
"Pair the next stage round" only gave the same draft back."""

from __future__ import annotations

from django.urls import reverse

from tests.pairing.test_rounds import flashes
from tests.stages.test_stage_events import add_stage, draw, field
from tournament.models import AuditEntry, Round, Seat


def test_pair_again_on_a_stage_draft_pairs_the_stage_round_again(organizer_client, event):
    regs, _strength = field(event, 8)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    draw(organizer_client, event, groups)
    assert organizer_client.post(reverse("tournament:stage_pair", args=[event.slug])).status_code == 302
    draft = event.rounds.get()
    assert draft.method == "stage" and draft.games.count() == 4
    dropped = Seat.objects.filter(round=draft).first().registration
    organizer_client.post(reverse("tournament:entry_status", args=[event.slug, dropped.pk]), {"status": "dropped"})

    response = organizer_client.post(reverse("tournament:round_regenerate", args=[event.slug, 1]), follow=True)
    assert response.status_code == 200
    assert not [f for f in flashes(response) if "stages page" in f], flashes(response)
    again = event.rounds.get()
    assert again.status == Round.Status.DRAFT and again.method == "stage"
    assert again.pk != draft.pk
    assert again.games.count() == 3  # the dropped player's group game is left out
    assert not Seat.objects.filter(round=again, registration=dropped).exists()
    assert all(g.stage_id == groups.pk and g.slot in ("g1", "g2") for g in again.games.all())
    assert list(AuditEntry.objects.filter(event=event, action__in=["round.delete", "round.pair"])
                .order_by("pk").values_list("action", flat=True)) == ["round.pair", "round.delete", "round.pair"]


def test_pair_again_refuses_a_published_stage_round(organizer_client, event):
    field(event, 8)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    draw(organizer_client, event, groups)
    organizer_client.post(reverse("tournament:stage_pair", args=[event.slug]))
    organizer_client.post(reverse("tournament:round_publish", args=[event.slug, 1]))
    published = event.rounds.get()
    response = organizer_client.post(reverse("tournament:round_regenerate", args=[event.slug, 1]), follow=True)
    assert "Only a draft can be paired again; delete a published round first." in flashes(response)
    assert event.rounds.get().pk == published.pk


def test_a_stage_draft_published_while_its_pairing_again_waited_is_kept(organizer_client, organizer, event):
    """"Pair again" asked on the draft, then the round published (another tab) before the worker ran the job: the
    job sees the published round under the event's lock and refuses; the published round and its games stay."""
    import pytest

    from tournament.pairing.manager import RoundError
    from tournament.pairing_jobs import _stage_again

    field(event, 8)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    draw(organizer_client, event, groups)
    organizer_client.post(reverse("tournament:stage_pair", args=[event.slug]))
    draft = event.rounds.get()  # as the job read it: a draft
    organizer_client.post(reverse("tournament:round_publish", args=[event.slug, 1]))
    with pytest.raises(RoundError):
        _stage_again(draft, organizer)
    kept = event.rounds.get()
    assert kept.pk == draft.pk and kept.status == Round.Status.PUBLISHED and kept.games.count() == 4
