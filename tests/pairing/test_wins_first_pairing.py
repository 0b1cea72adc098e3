"""Swiss pairing of an event whose scoring ranks by wins first (`ranking: [wins, points]`): the score groups are
the standings' own, wins and then points."""

from __future__ import annotations

from tests.factories import make_player, make_registration
from tournament.models import Round
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import result_enter
from tournament.results.scoring import preset_data
from tournament.results.shorthand import parse_shorthand
from tournament.results.standings import event_standings


def test_round_two_pairs_the_winners_together_when_wins_rank_first(event, organizer):
    """The organizer of a Southern Battle Gamers event (wins first, then the element margin) sees the two winners
    of round 1 on top of the standings and meeting each other in round 2, not the player who was 3 elements up
    when time was called (a bigger margin, but no win) pulled up against one of them."""
    event.scoring_definition = preset_data("southern-battle-gamers")
    event.tiebreaks = ["seeded_random"]
    event.save()
    for i in range(6):
        make_registration(event, make_player(f"Player {i + 1}"))
    rnd1 = round_pair(event, organizer)
    round_publish(rnd1, organizer)
    games = list(rnd1.games.filter(is_bye=False).order_by("table"))
    # two narrow wins (margin +1) and a game on time, one side 3 elements ahead (margin +3, no win)
    for game, text in zip(games, ["4-3", "4-3", "3-0 T"], strict=True):
        result_enter(game, parse_shorthand(text, event.edition), organizer)
    winners = {g.seats.get(side="a").registration_id for g in games[:2]}
    assert {row.registration_id for row in event_standings(event)[:2]} == winners

    rnd2 = round_pair(event, organizer)
    assert rnd2.number == 2 and rnd2.status == Round.Status.DRAFT
    by_pair = {frozenset(g.seats.values_list("registration_id", flat=True)): g for g in rnd2.games.filter(is_bye=False)}
    assert frozenset(winners) in by_pair, list(by_pair)
    assert by_pair[frozenset(winners)].explanation[0] == {"code": "score_group", "score": 1, "wins": 1}
