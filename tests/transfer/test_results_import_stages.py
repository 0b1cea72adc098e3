"""A finished event run in stages, imported from a table of its games (issue #25.5): an English-DBA-Open-2015-shaped
event (two groups with a round robin, semi-finals, a final, a third-place game and a Plate) played by hand through
the organizer's pages, written out as rows and imported: the same group tables and final placings. A bad stage
value or a bracket that does not hold names its row and column, in en, es and it, and nothing is written."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.pairing.test_rounds import enter, games, publish
from tests.stages.test_stage_events import add_stage, draw, field, placings, text_of
from tournament.models import Event, Game, Stage
from tournament.results.scoring import templates
from tournament.results.shorthand import seats_result, to_shorthand
from tournament.stages import brackets
from tournament.stages.played import Played, Unfit, fit
from tournament.stages.tables import event_placings
from tournament.transfer.exports import read_table
from tournament.transfer.results_import import ImportRejected, import_results

HEADER = "round,table,player_a,club_a,player_b,club_b,result,stage\n"


def shorthand(strength, a, b, number) -> str:
    """Varied results: the stronger wins, on time or level on time now and then."""
    stronger = strength[a] < strength[b]
    kind = (strength[a] + strength[b] + number) % 4
    win = ("4-1", "4G-2", "3-1 T", "2-2 T")[kind]
    if win == "2-2 T":
        return win
    return win if stronger else "-".join(reversed(win.split(" ")[0].split("-"))) + (" T" if " T" in win else "")


def play_all(client, event, strength) -> None:
    for _ in range(20):
        response = client.post(reverse("tournament:stage_pair", args=[event.slug]), follow=True)
        if "No stage has a game to play" in response.text:
            return
        rnd = event.rounds.order_by("-number").first()
        publish(client, event, rnd)
        for game in games(rnd):
            a, b = game.seats.order_by("side")
            # In the cut, seed 4 beats seed 1, and the final and the third-place game end on time level: the
            # better seed goes through, so the import must give back the app's own seeds.
            result = {"W1-1": "1-4", "W2-1": "2-2 T", "3P": "2-2 T"}.get(game.slot) if game.stage.cut else None
            assert enter(client, event, game, result or shorthand(strength, a.registration_id, b.registration_id,
                                                                    rnd.number)).status_code == 302
    raise AssertionError("the stages never ended")


def label(game) -> str:
    if game.stage.kind == Stage.Kind.GROUPS:
        group = game.stage.entries.get(registration=game.seats.first().registration).group
        return f"group:{'AB'[group - 1]}"
    if game.stage.entrants == Stage.Entrants.REST:
        return "plate"
    return {"W1-1": "semi-final", "W1-2": "semi-final", "W2-1": "final", "3P": "third-place"}[game.slot]


def rows_of(event) -> str:
    """The by-hand event's games as the import's rows (what a club's record of the event would hold)."""
    lines = [HEADER]
    for game in Game.objects.filter(round__event=event, is_bye=False).order_by("round__number", "table"):
        a, b = game.seats.order_by("side")
        result = to_shorthand(seats_result(a, b, game.outcome))
        lines.append(f"{game.round.number},{game.table},{a.registration.name},,{b.registration.name},,{result},"
                     f"{label(game)}\n")
    return "".join(lines)


def imported(data: str, slug: str = "open-2015", **kwargs) -> Event:
    return import_results(read_table(data.encode(), "open.csv"), slug=slug, name="English DBA Open 2015",
                          date=datetime.date(2015, 5, 9), edition="3.0", scoring=templates()["5-2-1-0"], **kwargs)


def group_table(client, event, letter: str) -> str:
    stage = event.stages.get(kind=Stage.Kind.GROUPS)
    page = client.get(reverse("tournament:stage", args=[event.slug, stage.number])).text
    section = re.search(rf'<section class="card group" id="group-{letter}">(.*?)</section>', page, re.S).group(1)
    return text_of(section).split("Round-robin schedule")[0]


def bracket_page(client, event, number: int) -> tuple[str, str]:
    page = client.get(reverse("tournament:stage", args=[event.slug, number])).text
    bracket = re.search(r'<div class="bracket" id="bracket">(.*?)</div></div>', page, re.S).group(1)
    placed = re.search(r'<table id="stage-placings">(.*?)</table>', page, re.S).group(1)
    return re.sub(r"\s+", " ", bracket), text_of(placed)


@pytest.mark.django_db
def test_an_imported_event_in_stages_has_the_group_tables_and_placings_of_the_same_event_played_by_hand(
        organizer_client, client, event):
    event.scoring_preset = "5-2-1-0"
    event.tiebreaks = list(templates()["5-2-1-0"].tiebreaks)
    event.save()
    _regs, strength = field(event, 11)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    finals = add_stage(organizer_client, event, name="Finals", kind="single", entrants="winners", source=groups.pk, cut=4)
    add_stage(organizer_client, event, name="Plate", kind="single", entrants="rest", source=groups.pk, third_place="")
    draw(organizer_client, event, groups)
    play_all(organizer_client, event, strength)
    draw(organizer_client, event, finals)
    draw(organizer_client, event, event.stages.get(name="Plate"))
    play_all(organizer_client, event, strength)
    assert Game.objects.filter(stage__event=event, outcome="time").exists()

    rows = rows_of(event)
    assert "2-2 T" in rows and ",final\n" in rows and ",third-place\n" in rows and ",plate\n" in rows
    copy = imported(rows)
    assert [(s.name, s.kind, s.entrants) for s in copy.stages.order_by("number")] == [
        ("Groups", "groups", "all"), ("Finals", "single", "winners"), ("Plate", "single", "rest")]
    for letter in "AB":
        assert group_table(client, copy, letter) == group_table(client, event, letter)
        assert group_table(client, copy, letter).startswith(f"Group {letter} Rank Player")
    by_hand = placings(client, event)
    assert len(by_hand) == 11 and placings(client, copy) == by_hand
    assert [p[2] for p in by_hand] == ["Finals"] * 4 + ["Plate"] * 7
    seeds = dict(finals.entries.values_list("seed", "registration__name"))
    assert by_hand[0][1] in (seeds[2], seeds[3])  # seed 4 won the semi-final, then lost the level final
    # The bracket pages: the same matches, players, winners and scores, and the same placings, seeds included.
    for number in (2, 3):
        assert bracket_page(client, copy, number) == bracket_page(client, event, number)
    bracket = client.get(reverse("tournament:stage", args=[copy.slug, 2])).text
    assert re.search(rf'id="match-W2-1".*?class="won">{by_hand[0][1]}<', bracket, re.S)
    assert 'id="match-3P"' in bracket


GROUPS = [  # group A: Ana, Bea, Cris, Dani (3 rounds); group B: Eva, Fede, Gael, Hugo
    (1, "Ana", "Dani", "4-1", "group:A"), (1, "Bea", "Cris", "4-1", "group:A"),
    (1, "Eva", "Hugo", "4-1", "group:B"), (1, "Fede", "Gael", "4-1", "group:B"),
    (2, "Ana", "Cris", "4-1", "group:A"), (2, "Dani", "Bea", "1-4", "group:A"),
    (2, "Eva", "Gael", "4-1", "group:B"), (2, "Hugo", "Fede", "1-4", "group:B"),
    (3, "Ana", "Bea", "4-1", "group:A"), (3, "Cris", "Dani", "4-1", "group:A"),
    (3, "Eva", "Fede", "4-1", "group:B"), (3, "Gael", "Hugo", "4-1", "group:B"),
]


def csv_of(games) -> str:
    return HEADER + "".join(f"{r},{t},{a},,{b},,{res},{stage}\n" for t, (r, a, b, res, stage) in enumerate(games, 1))


@pytest.mark.django_db
def test_semi_finals_and_a_final_after_groups_are_the_finals_bracket():
    event = imported(csv_of([*GROUPS, (4, "Ana", "Fede", "4-1", "semi-final"), (4, "Eva", "Bea", "1-4", "semi-final"),
                             (5, "Ana", "Bea", "1-4", "final"), (5, "Fede", "Eva", "4-1", "third-place")]))
    finals = event.stages.get(name="Finals")
    assert finals.third_place and finals.cut == 4 and finals.source.name == "Groups"
    assert set(Game.objects.filter(stage=finals).values_list("slot", flat=True)) == {"W1-1", "W1-2", "W2-1", "3P"}
    assert [(p, event.registrations.get(pk=r).name) for p, r, _s in event_placings(event)][:4] == [
        (1, "Bea"), (2, "Ana"), (3, "Fede"), (4, "Eva")]


@pytest.mark.django_db
@pytest.mark.parametrize(("games", "found", "words"), [
    # The final is played by a player who lost their semi-final.
    ([(4, "Ana", "Fede", "4-1", "semi-final"), (4, "Eva", "Bea", "1-4", "semi-final"),
      (5, "Ana", "Eva", "4-1", "final")], [(16, "player_b")], "Eva lost on row 15 and cannot play on"),
    # The third-place game is not between the semi-finals' losers.
    ([(4, "Ana", "Fede", "4-1", "semi-final"), (4, "Eva", "Bea", "1-4", "semi-final"),
      (5, "Ana", "Bea", "4-1", "final"), (5, "Fede", "Cris", "4-1", "third-place")], [(17, "stage")],
     "the third-place game is played by the two losers of the semi-finals"),
    # A game labelled final is not the bracket's last.
    ([(4, "Ana", "Fede", "4-1", "final"), (4, "Eva", "Bea", "1-4", "semi-final"),
      (5, "Ana", "Bea", "4-1", "semi-final")], [(14, "stage"), (16, "stage")], "the final is the bracket's last game"),
    # A bad stage value, a group of two and a Swiss round after the groups.
    ([(4, "Ana", "Fede", "4-1", "quarter-final"), (5, "Ana", "Bea", "4-1", "group:"), (5, "Cris", "Gael", "4-1", ""),
      (6, "Iris", "Juan", "4-1", "group:C")],
     [(14, "stage"), (15, "stage"), (16, "round"), (17, "stage")], "use swiss, group:&lt;name&gt;, semi-final"),
    # A player in two groups, two players meeting twice in a group.
    ([(4, "Ana", "Eva", "4-1", "group:A"), (4, "Bea", "Cris", "4-1", "group:A")],
     [(14, "player_b"), (15, "player_b")], "this player plays in group B (row 4)"),
])
def test_a_bad_stage_or_an_inconsistent_bracket_names_the_row_and_column_and_writes_nothing(games, found, words):
    with pytest.raises(ImportRejected) as error:
        imported(csv_of([*GROUPS, *games]))
    problems = error.value.problems
    assert [(p.row, p.column) for p in problems] == found
    assert any(words.replace("&lt;", "<").replace("&gt;", ">") in p.message for p in problems), problems
    assert not Event.objects.filter(slug="open-2015").exists() and not Stage.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "words"), [
    ("en", ("Row 16, <code>player_b</code>: Eva lost on row 15 and cannot play on in this bracket.",
            "Row 17, <code>stage</code>: use swiss, group:&lt;name&gt;, semi-final")),
    ("es", ("Fila 16, <code>player_b</code>: Eva perdió en la fila 15 y no puede seguir en este cuadro.",
            "Fila 17, <code>stage</code>: usa swiss, group:&lt;nombre&gt;, semi-final")),
    ("it", ("Riga 16, <code>player_b</code>: Eva ha perso alla riga 15 e non può proseguire in questo tabellone.",
            "Riga 17, <code>stage</code>: usa swiss, group:&lt;nome&gt;, semi-final")),
])
def test_the_upload_page_names_the_stage_problems_in_each_language(organizer_client, language, words):
    from tests.transfer.test_results_import import _upload

    data = csv_of([*GROUPS, (4, "Ana", "Fede", "4-1", "semi-final"), (4, "Eva", "Bea", "1-4", "semi-final"),
                   (5, "Ana", "Eva", "4-1", "final"), (6, "Ana", "Bea", "4-1", "semifinal")])
    response = _upload(organizer_client, data.encode(), language)
    assert response.status_code == 400
    for expected in words:
        assert expected in response.text
    assert not Event.objects.filter(slug="club-2019").exists()


@pytest.mark.django_db
def test_an_imported_stage_event_shows_its_stages_in_spanish(organizer_client):
    from tests.transfer.test_results_import import _upload

    data = csv_of([*GROUPS, (4, "Ana", "Fede", "4-1", "semi-final"), (4, "Eva", "Bea", "1-4", "semi-final"),
                   (5, "Ana", "Bea", "1-4", "final")])
    assert _upload(organizer_client, data.encode(), "es").status_code == 302
    event = Event.objects.get(slug="club-2019")
    assert list(event.stages.values_list("name", flat=True)) == ["Grupos", "Finales"]


# --- the bracket rebuilt from its games (pure) ------------------------------------------------------------

@given(n=st.integers(2, 16), third=st.booleans(), data=st.data())
def test_any_played_single_elimination_bracket_is_rebuilt_with_the_same_placings(n, third, data):
    """Play a seeded bracket with random results (some ended on time level on points: the better seed goes
    through), forget the seeds, rebuild it from the games and the order the app seeded from: the same seeds,
    the same matches and the same placings."""
    players = [f"p{i}" for i in range(n)]
    order = data.draw(st.permutations(players))
    bracket = brackets.single(n, third_place=third)
    seed = {p: i for i, p in enumerate(order, 1)}
    won: dict[str, str] = {}
    main, third_games = [], []
    while playable := brackets.playable(brackets.resolve(bracket, order, won)):
        for state in playable:
            how = data.draw(st.sampled_from(["a", "b", "level"]))
            winner = {"a": state.a, "b": state.b}.get(how) or min((state.a, state.b), key=seed.__getitem__)
            won[state.match.code] = winner
            game = Played(len(main) + len(third_games) + 2, state.match.column, state.a, state.b,
                          None if how == "level" else winner)
            (third_games if state.match.code == "3P" else main).append(game)
    fitted = fit(main, third_games, rank=order)
    assert fitted.seeds == list(order)
    rebuilt = {fitted.slots[g.key]: g for g in [*main, *third_games]}
    again = {code: g.winner or min((g.a, g.b), key=fitted.seeds.index) for code, g in rebuilt.items()}
    expected = sorted(brackets.placings(bracket, brackets.resolve(bracket, order, won)))  # shared places in any order
    assert sorted(brackets.placings(bracket, brackets.resolve(bracket, fitted.seeds, again))) == expected
    assert len(expected) == n
    assert len(fitted.semis) == (2 if n >= 4 else 1 if n == 3 else 0)


def test_games_that_make_no_bracket_are_refused_without_searching_for_long():
    """32 players in a full bracket, 32 more beaten one after the other by one player, then a final: no bracket
    of 64 holds that, and the search for one stops (at a bounded number of steps) with the row to name."""
    order = [f"p{i}" for i in range(32)]
    bracket, won, games = brackets.single(32, False), {}, []
    while playable := brackets.playable(brackets.resolve(bracket, order, won)):
        for state in playable:
            won[state.match.code] = state.a
            games.append(Played(len(games) + 2, state.match.column, state.a, state.b, state.a))
    games += [Played(len(games) + 2 + i, i, "q0", f"q{i}", "q0") for i in range(1, 32)]
    games.append(Played(200, 40, "p0", "q0", "p0"))
    with pytest.raises(Unfit) as error:
        fit(games)
    assert (error.value.code, error.value.key, error.value.params) == ("shape", 200, {"players": 64})
