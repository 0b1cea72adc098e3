"""Swiss rounds then a top-4 cut: the players the cut left are placed after it by the Swiss standings."""
from __future__ import annotations

from tests.stages.service_play import field, play_until_done, stage
from tournament.models import Registration
from tournament.pairing.manager import round_pair, round_publish
from tournament.registration.services import registration_set_status
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.results.standings import event_standings
from tournament.stages import tables
from tournament.stages.service import stage_draw


def swiss(event, organizer, strength, rounds, before_round=None):
    for n in range(1, rounds + 1):
        if before_round:
            before_round(n)
        rnd = round_pair(event, organizer)
        round_publish(rnd, organizer)
        for game in rnd.games.filter(is_bye=False):
            a, b = game.seats.order_by("side")
            text = "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4"
            result_enter(game, parse_shorthand(text, event.edition), organizer)


def test_the_players_the_cut_left_keep_their_swiss_order_in_the_final_placings(event, organizer):
    _regs, strength = field(event, 10)
    swiss(event, organizer, strength, 3)
    swiss_order = [row.registration_id for row in event_standings(event)]
    cut = stage(event, 1, kind="single", entrants="top", cut=4)
    stage_draw(cut, organizer)
    play_until_done(event, organizer, strength)
    final = tables.final_placings(event)
    rest = [p for _place, p, name in final if not name]
    # The players placed by no stage: in the order the Swiss rounds left them (the cut's games are not theirs).
    assert [strength[p] for p in rest] == [strength[p] for p in swiss_order[4:]]


def test_a_player_who_dropped_in_the_swiss_leaves_no_gap_in_the_final_placings(event, organizer):
    regs, strength = field(event, 10)

    def drop(n):
        if n == 3:  # Player 02 leaves after two rounds
            registration_set_status(reg=regs[1], status=Registration.Status.DROPPED, user=organizer)

    swiss(event, organizer, strength, 3, drop)
    cut = stage(event, 1, kind="single", entrants="top", cut=4)
    stage_draw(cut, organizer)
    play_until_done(event, organizer, strength)
    final = tables.final_placings(event)
    assert regs[1].pk not in [p for _place, p, _s in final]
    # Ten players, one gone: places 1 to 9, the best player the cut left is 5th (not 6th after an empty 5th).
    assert [place for place, _p, _s in final] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
