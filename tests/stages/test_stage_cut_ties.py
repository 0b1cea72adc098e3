"""A top-K cut of the standings through a place its players still share: nothing orders them (no drawn lot among the
tie-breaks, no recorded decision), so the draw is refused, naming them and pointing to the ties page, rather than
taking the players whose names sort first; a drawn lot or a recorded decision lets it draw, in that order."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tournament.models import Stage
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.results.standings import event_standings
from tournament.results.tie_decisions import record_tie_decision
from tournament.stages.service import StageError, stage_draw

NO_LOT = ["head_to_head", "generals_killed", "elements_destroyed"]  # English Open 2015: no drawn lot


def three_level_winners(event, organizer, tiebreaks=NO_LOT) -> list[int]:
    """Six players, one round, three identical 4-1 wins: the three winners share 1st place (in the table's order)."""
    event.tiebreaks = tiebreaks
    event.rounds_planned = 1
    event.save()
    for i in range(1, 7):
        make_registration(event, make_player(f"Player {i:02d}"))
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    for game in rnd.games.filter(is_bye=False):
        result_enter(game, parse_shorthand("4-1", event.edition), organizer)
    rows = event_standings(event)
    assert [r.shared for r in rows[:4]] == [True, True, True, True]  # 1st shared by three, 4th by the other three
    assert rows[2].rank != rows[3].rank
    return [r.registration_id for r in rows[:3]]


def top(event, k) -> Stage:
    return Stage.objects.create(event=event, number=1, name="Finals", kind="single", entrants="top", cut=k,
                                seeding="standings", third_place=False)


def names(event, players) -> list[str]:
    by_pk = {r.pk: r.name for r in event.registrations.all()}
    return [by_pk[p] for p in players]


def drawn(stage) -> list[int]:
    return list(stage.entries.order_by("seed").values_list("registration_id", flat=True))


def test_a_cut_through_an_unsettled_shared_place_is_refused_naming_the_tied_players(event, organizer):
    tied = three_level_winners(event, organizer)
    cut = top(event, 2)
    with pytest.raises(StageError) as refused:
        stage_draw(cut, organizer)
    message = str(refused.value)
    assert all(name in message for name in names(event, tied)), message
    assert "ties page" in message
    cut.refresh_from_db()
    assert cut.drawn_at is None and not cut.entries.exists()


def test_a_cut_that_takes_every_player_of_the_shared_place_draws(event, organizer):
    tied = three_level_winners(event, organizer)
    cut = top(event, 3)
    stage_draw(cut, organizer)
    assert set(drawn(cut)) == set(tied)


def test_a_drawn_lot_among_the_tie_breaks_orders_the_cut(event, organizer):
    tied = three_level_winners(event, organizer, [*NO_LOT, "seeded_random"])
    rows = event_standings(event)
    assert rows[0].shared and rows[1].shared and rows[0].rank == rows[1].rank  # level: the lot only orders them
    cut = top(event, 2)
    stage_draw(cut, organizer)
    assert drawn(cut) == tied[:2]  # the two the lot puts first


@pytest.mark.parametrize(("kind", "fields"), [("lot", {"record": "d6: 6, 4, 2"}),
                                              ("umpire", {"reason": "Best army list"})])
def test_a_recorded_decision_orders_the_cut(event, organizer, kind, fields):
    tied = three_level_winners(event, organizer)
    order = list(reversed(tied))
    record_tie_decision(event, organizer, kind=kind, players=tied, order=order, **fields)
    cut = top(event, 2)
    stage_draw(cut, organizer)
    assert drawn(cut) == order[:2]


def test_a_recorded_shared_place_still_needs_an_order_for_the_cut(event, organizer):
    tied = three_level_winners(event, organizer)
    record_tie_decision(event, organizer, kind="shared", players=tied)
    with pytest.raises(StageError):
        stage_draw(top(event, 2), organizer)


SAYS = {
    "en": "settle their tie on the ties page first",
    "es": "resuelve antes su empate en la página de empates",
    "it": "risolvi prima la loro parità nella pagina delle parità",
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_draw_page_says_why_in_the_readers_language(organizer_client, event, organizer, language):
    tied = three_level_winners(event, organizer)
    cut = top(event, 2)
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, cut.number]), follow=True)
    assert response.status_code == 200
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())
    assert SAYS[language] in said, said[:3000]
    assert all(name in said for name in names(event, tied))
    cut.refresh_from_db()
    assert cut.drawn_at is None
