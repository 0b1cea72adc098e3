"""An imported event's knockout games fitted to a bracket, worked out by hand: the seeds the import gives (the
champion's side the upper half; the better-ranked side first when the app's order is known), a game ended on
time level on points going to whoever played on (who must then hold the better seed), and the refusals the
upload page names by row: a player who plays on after losing, games that are not one bracket, a third-place
game that is not between the semi-finals' losers, and a bracket over 64 players."""

from __future__ import annotations

import pytest

from tournament.stages.played import Played, Unfit, fit


def _game(key, rnd, a, b, winner):
    return Played(key, rnd, a, b, winner)


# Ann beats Dan and Bob beats Cat in the semi-finals; Ann beats Bob in the final.
SEMIS_AND_FINAL = [_game(1, 1, "Ann", "Dan", "Ann"), _game(2, 1, "Cat", "Bob", "Bob"), _game(3, 2, "Bob", "Ann", "Ann")]


def test_without_the_apps_order_the_champion_is_seed_one_and_each_winner_the_better_seed():
    fitted = fit(SEMIS_AND_FINAL)
    # Ann's half is the upper one (seed 1 v 4), Bob's the lower (seed 2 v 3); each game's winner on the better seed.
    assert fitted.seeds == ["Ann", "Bob", "Cat", "Dan"]
    assert fitted.slots == {1: "W1-1", 2: "W1-2", 3: "W2-1"}
    assert (fitted.final, fitted.semis) == (3, (2, 1))  # the final's side A (Bob) came from game 2


def test_the_apps_order_puts_the_better_ranked_side_first():
    fitted = fit(SEMIS_AND_FINAL, rank=["Bob", "Ann", "Cat", "Dan"])
    # Bob's semi-final (Bob 1st, Cat 3rd) is the upper half: Bob seed 1, Cat seed 4; Ann seed 2, Dan seed 3.
    assert fitted.seeds == ["Bob", "Ann", "Dan", "Cat"]
    assert fitted.slots == {2: "W1-1", 1: "W1-2", 3: "W2-1"}


def test_players_missing_from_the_apps_order_come_after_those_in_it():
    # Only Dan is ranked: his semi-final is the upper half and he its better seed, though Ann beat him.
    fitted = fit(SEMIS_AND_FINAL, rank=["Dan"])
    assert fitted.seeds == ["Dan", "Bob", "Cat", "Ann"]


def test_a_game_level_on_time_goes_to_whoever_played_on_who_must_hold_the_better_seed():
    # Ann and Dan ended level on time; Ann played on, so she went through: she must be the better seed of the two,
    # even though the app's order ranks Dan first (that placing would have sent Dan through).
    games = [_game(1, 1, "Ann", "Dan", None), _game(2, 1, "Bob", "Cat", "Bob"), _game(3, 2, "Ann", "Bob", "Ann")]
    fitted = fit(games, rank=["Dan", "Ann", "Bob", "Cat"])
    assert fitted.seeds == ["Ann", "Bob", "Cat", "Dan"]
    # Side B played on: the same.
    games = [_game(1, 1, "Dan", "Ann", None), _game(2, 1, "Bob", "Cat", "Bob"), _game(3, 2, "Ann", "Bob", "Ann")]
    assert fit(games, rank=["Dan", "Ann", "Bob", "Cat"]).seeds == ["Ann", "Bob", "Cat", "Dan"]


def test_a_final_level_on_time_goes_to_the_better_seed_the_apps_order_gives():
    games = [_game(1, 1, "Ann", "Dan", "Ann"), _game(2, 1, "Bob", "Cat", "Bob"), _game(3, 2, "Ann", "Bob", None)]
    assert fit(games, rank=["Bob", "Ann", "Cat", "Dan"]).seeds[0] == "Bob"
    assert fit(games, rank=["Ann", "Bob", "Cat", "Dan"]).seeds[0] == "Ann"


def test_three_players_the_champion_through_on_the_bye():
    games = [_game(1, 1, "Bob", "Cat", "Cat"), _game(2, 2, "Ann", "Cat", "Ann")]
    fitted = fit(games)
    assert fitted.seeds == ["Ann", "Cat", "Bob"]
    assert fitted.slots == {1: "W1-2", 2: "W2-1"} and fitted.semis == (1,)


def test_a_third_place_game_between_the_semi_finals_losers_is_the_3p_match():
    third = [_game(4, 2, "Cat", "Dan", "Dan")]
    games = [_game(1, 1, "Ann", "Dan", "Ann"), _game(2, 1, "Bob", "Cat", "Bob"), _game(3, 2, "Ann", "Bob", "Ann")]
    fitted = fit(games, third)
    assert fitted.seeds == ["Ann", "Bob", "Cat", "Dan"]
    assert fitted.slots == {1: "W1-1", 2: "W1-2", 3: "W2-1", 4: "3P"}


@pytest.mark.parametrize("third", [
    [_game(4, 2, "Cat", "Ann", "Cat")],  # the champion is no semi-final loser
    [_game(4, 2, "Cat", "Dan", "Dan"), _game(5, 3, "Cat", "Dan", "Cat")],  # two third-place games
])
def test_a_third_place_game_not_between_the_semi_finals_losers_is_refused_at_its_row(third):
    games = [_game(1, 1, "Ann", "Dan", "Ann"), _game(2, 1, "Bob", "Cat", "Bob"), _game(3, 2, "Ann", "Bob", "Ann")]
    with pytest.raises(Unfit) as refused:
        fit(games, third)
    assert (refused.value.code, refused.value.key, refused.value.params) == ("third", third[-1].key, {})


def test_a_third_place_game_after_a_final_of_three_is_refused():
    games = [_game(1, 1, "Bob", "Cat", "Cat"), _game(2, 2, "Ann", "Cat", "Ann")]
    with pytest.raises(Unfit) as refused:
        fit(games, [_game(3, 2, "Bob", "Cat", "Bob")])
    assert (refused.value.code, refused.value.key) == ("third", 3)


def test_a_player_who_plays_on_after_losing_is_named_with_both_rows():
    games = [_game(1, 1, "Ann", "Dan", "Ann"), _game(2, 1, "Bob", "Cat", "Bob"), _game(3, 2, "Ann", "Dan", "Ann")]
    with pytest.raises(Unfit) as refused:
        fit(games)
    # Dan lost row 1 and played row 3.
    assert (refused.value.code, refused.value.key, refused.value.params) == ("lost", 3, {"player": "Dan", "row": 1})
    assert str(refused.value) == "lost"


def test_a_level_game_after_which_both_played_on_is_not_one_bracket():
    games = [_game(1, 1, "Ann", "Dan", None), _game(2, 2, "Ann", "Bob", "Ann"), _game(3, 2, "Dan", "Cat", "Dan"),
             _game(4, 3, "Ann", "Dan", "Ann")]
    with pytest.raises(Unfit) as refused:
        fit(games)
    assert (refused.value.code, refused.value.key, refused.value.params) == ("shape", 4, {"players": 4})


def test_two_separate_finals_are_not_one_bracket():
    games = [_game(1, 1, "Ann", "Bob", "Ann"), _game(2, 1, "Cat", "Dan", "Cat")]
    with pytest.raises(Unfit) as refused:
        fit(games)
    assert (refused.value.code, refused.value.key, refused.value.params) == ("shape", 2, {"players": 4})


def test_no_games_at_all_are_refused_at_the_third_place_row_or_row_zero():
    with pytest.raises(Unfit) as refused:
        fit([])
    assert (refused.value.code, refused.value.key, refused.value.params) == ("shape", 0, {"players": 0})
    with pytest.raises(Unfit) as refused:
        fit([], [_game(7, 2, "Cat", "Dan", "Dan")])
    assert (refused.value.code, refused.value.key) == ("shape", 7)


def _full_bracket(players):
    """A bracket played by `players` (a power of two), the first named of each game winning: p0 is champion."""
    games, alive, rnd = [], list(players), 1
    while len(alive) > 1:
        first = len(games) + 1
        games += [_game(first + i // 2, rnd, alive[i], alive[i + 1], alive[i]) for i in range(0, len(alive), 2)]
        alive = alive[::2]
        rnd += 1
    return games


def test_a_bracket_of_sixty_four_fits_and_sixty_five_players_are_refused():
    players = [f"p{i:02}" for i in range(64)]
    fitted = fit(_full_bracket(players))
    assert fitted.seeds[0] == "p00" and sorted(fitted.seeds) == players
    # One more player: p63 first beats p64 in a game of their own (round 0).
    games = [_game(0, 0, "p63", "p64", "p63"), *_full_bracket(players)]
    with pytest.raises(Unfit) as refused:
        fit(games)
    assert (refused.value.code, refused.value.params) == ("shape", {"players": 65})


def test_a_search_past_its_limit_of_placings_is_refused_as_not_one_bracket():
    """Sixteen players, every game but the final level on time and won by whoever played on, with an order that
    ranks each game's loser first: every one of the fourteen games is first tried the wrong way round, so the one
    placing that holds is the 16,384th tried, past the 5,000 the import tries. It is refused, naming the last row
    (a bracket the app seeded from that order never looks like this: its level games went to the better seed)."""
    players = [f"p{i:02}" for i in range(16)]
    games = [Played(g.key, g.round, g.a, g.b, None) for g in _full_bracket(players)]
    with pytest.raises(Unfit) as refused:
        fit(games, rank=players[::-1])
    assert (refused.value.code, refused.value.key, refused.value.params) == ("shape", 15, {"players": 16})
    assert fit(games, rank=players).seeds[0] == "p00"  # in the order the app seeded them: found at once
