"""What the pairing engine tells the organizer about each game, read as the sentences the round page shows:
why a player did not meet the obvious opponent (rematch, club, army list), and what keeping club mates or a
civil war apart would have cost instead (a rematch, the bye, another civil war).

Pure engine, no database: `note_message` only needs Django's translation machinery.
"""

from __future__ import annotations

from tournament.pairing.engine import Entrant, PairingOptions, pair_round
from tournament.pairing.manager import note_data
from tournament.pairing.messages import note_message

NAMES = {0: "Ana", 1: "Bruno", 2: "Carla", 3: "Dario", 4: "Elena", 5: "Fabio"}


def sentences(result, player):
    """The sentences under the game of `player`."""
    game = next(p for p in result.pairings if player in (p.a, p.b))
    return [note_message(note_data(n), NAMES) for n in game.notes]


def warnings(result):
    return [note_message(note_data(w), NAMES) for w in result.warnings]


def test_players_who_did_not_meet_their_club_mate_are_told_why():
    people = [Entrant(0, 0, 0, club="Dracs"), Entrant(1, 0, 1, club="Dracs"), Entrant(2, 0, 2), Entrant(3, 0, 3)]
    result = pair_round(people, 2)
    assert "Ana did not meet Bruno: same club." in sentences(result, 0)
    assert "Bruno did not meet Ana: same club." in sentences(result, 1)
    assert not result.warnings


def test_players_who_did_not_meet_the_same_army_list_are_told_why():
    people = [Entrant(0, 0, 0, army_ref="II/56"), Entrant(1, 0, 1, army_ref="II/56"), Entrant(2, 0, 2, army_ref="I/1a"),
              Entrant(3, 0, 3, army_ref="I/4a")]
    result = pair_round(people, 2, PairingOptions(avoid_civil_war=True))
    assert "Ana did not meet Bruno: same army list." in sentences(result, 0)
    # an event that allows civil wars pairs neighbours and explains nothing away
    allowed = pair_round(people, 2, PairingOptions(avoid_civil_war=False))
    assert {allowed.pairings[0].a, allowed.pairings[0].b} == {0, 1}
    assert not any("did not meet" in s for s in sentences(allowed, 0))


def test_club_mates_paired_to_avoid_a_second_rematch_say_so():
    # Elena and Fabio have met everyone: their rematch is forced. Ana has met Carla and Dario, so keeping
    # the club mates Ana and Bruno apart would cost one more rematch.
    everyone = frozenset(range(6))
    people = [Entrant(0, 0, 0, club="Dracs", opponents=frozenset({2, 3, 4, 5})),
              Entrant(1, 0, 1, club="Dracs", opponents=frozenset({4, 5})),
              Entrant(2, 0, 2, opponents=frozenset({0, 4, 5})), Entrant(3, 0, 3, opponents=frozenset({0, 4, 5})),
              Entrant(4, 0, 4, opponents=everyone - {4}), Entrant(5, 0, 5, opponents=everyone - {5})]
    result = pair_round(people, 3)
    assert "Same club (Dracs). Avoiding it would have meant a rematch: Ana v Carla." in sentences(result, 0)
    assert warnings(result) == [
        "Same club (Dracs). Avoiding it would have meant a rematch: Ana v Carla.",
        "Rematch: these players have already met; no pairing of this round avoids every rematch."]


def test_club_mates_paired_to_keep_the_bye_at_the_bottom_say_who_would_have_had_it():
    people = [Entrant(0, 0, 0, club="Dracs"), Entrant(1, 0, 1, club="Dracs"), Entrant(2, 0, 2)]
    result = pair_round(people, 2)
    assert sentences(result, 2) == ["Bye: lowest-ranked player without a bye so far."]
    assert "Same club (Dracs). Avoiding it would have given the bye to Bruno." in sentences(result, 0)


def test_a_civil_war_paired_to_avoid_another_names_the_other_one():
    people = [Entrant(i, 0, i, army_ref="II/56" if i < 3 else "I/1a") for i in range(4)]
    result = pair_round(people, 2, PairingOptions(avoid_civil_war=True))
    (war,) = [s for s in sentences(result, 0) if s.startswith("Civil war")]
    assert war == "Civil war: both play II/56. Avoiding it would have meant another civil war instead: Ana v Carla."
    assert warnings(result) == [war]


def test_a_game_swapped_by_hand_says_what_it_breaks_without_claiming_the_engine_chose_it():
    from tournament.pairing.notes import hand_made

    people = {0: Entrant(0, 6, 0, club="Dracs", army_ref="II/56", fixed_table=4, tables=frozenset({2})),
              1: Entrant(1, 3, 1, club="Dracs", army_ref="II/56", fixed_table=2, had_bye=True)}

    def swapped(a, b, table):
        return [note_message(note_data(n), NAMES) for n in hand_made(people, a, b, table, PairingOptions())]

    assert swapped(0, 1, 2) == [
        "Bruno was paired up from a lower score group.", "Ana was paired down to a lower score group.",
        "Swapped by the organizer: club mates (Dracs) meet.", "Swapped by the organizer: both play II/56.",
        "Ana has already played on table 2.", "Table 4 is fixed for Ana, but the swap put them at table 2.",
        "Table 2 is fixed for this player.", "Swapped by the organizer."]
    assert swapped(1, 0, None)[:2] == [  # named the other way round: still Bruno up and Ana down
        "Bruno was paired up from a lower score group.", "Ana was paired down to a lower score group."]
    assert swapped(0, 1, None)[-3:] == [
        "Swapped by the organizer: club mates (Dracs) meet.", "Swapped by the organizer: both play II/56.",
        "Swapped by the organizer."]  # no table yet: nothing about tables
    assert swapped(0, None, None) == ["Swapped by the organizer: Ana has the bye.", "Swapped by the organizer."]
    assert swapped(1, None, None) == ["Swapped by the organizer: Bruno gets a second bye.", "Swapped by the organizer."]
    assert swapped(7, 1, 3) == ["Swapped by the organizer."]  # a player no longer in the event


def test_two_games_swap_tables_when_that_makes_both_fresh():
    # The top game would sit at table 1 and the next at table 2, where Carla has played: swapped, nobody repeats.
    people = [Entrant(0, 6, 0), Entrant(1, 6, 1), Entrant(2, 3, 2, tables=frozenset({2})), Entrant(3, 3, 3)]
    result = pair_round(people, 2)
    assert [(p.a, p.b, p.table) for p in result.pairings] == [(2, 3, 1), (0, 1, 2)]
    assert "repeat_table" not in [n.code for p in result.pairings for n in p.notes]


def test_a_fixed_table_beyond_the_games_leaves_the_first_tables_to_the_others():
    people = [Entrant(0, 6, 0), Entrant(1, 6, 1), Entrant(2, 3, 2, fixed_table=5), Entrant(3, 3, 3)]
    result = pair_round(people, 2)
    assert [(p.a, p.b, p.table) for p in result.pairings] == [(0, 1, 1), (2, 3, 5)]
    assert sentences(result, 2)[-1] == "Table 5 is fixed for this player."


def test_the_traded_bye_is_told_in_spanish_and_italian():
    from django.utils import translation

    people = [Entrant(0, 0, 0, club="Dracs"), Entrant(1, 0, 1, club="Dracs"), Entrant(2, 0, 2)]
    result = pair_round(people, 2)
    expected = {"es": "Mismo club (Dracs). Evitarlo habría dado el descanso a Bruno.",
                "it": "Stesso club (Dracs). Evitarlo avrebbe dato il riposo a Bruno."}
    for language, sentence in expected.items():
        with translation.override(language):
            assert sentence in sentences(result, 0)


def test_the_engine_says_what_avoiding_club_mates_would_have_cost():
    names = {1: "Peter Smith", 2: "Luis Gómez", 3: "Hannah O'Brien", 4: "Marco Rossi"}
    people = [Entrant(1, 24, 0, club="Dracs"), Entrant(2, 24, 1, club="Dracs"), Entrant(3, 0, 2, club="Gruppo"),
              Entrant(4, 0, 3, club="Circolo")]
    top = pair_round(people, 3).pairings[0]
    assert {top.a, top.b} == {1, 2}
    assert [note_message(note_data(n), names) for n in top.notes] == [
        "Score group 24.",
        "Same club (Dracs). Avoiding it would have paired Peter Smith (24 points) with Hannah O'Brien (0 points)."]
    alone = pair_round([Entrant(1, 0, 0, club="Dracs"), Entrant(2, 0, 1, club="Dracs")], 1).pairings[0]
    assert note_message(note_data(alone.notes[-1]), names) == "Same club (Dracs). No other pairing was possible."
    three = [Entrant(i, 0, i - 1, club="Dracs") for i in (1, 2, 3)] + [Entrant(4, 0, 3, club="Gruppo")]
    mates = next(p for p in pair_round(three, 1).pairings if 4 not in (p.a, p.b))
    assert "Avoiding it would have paired club mates instead: " in note_message(note_data(mates.notes[-1]), names)
