"""Events with confirmed results written straight to the database (bulk, fast), for standings tests.

Pairings are random (a permutation, paired in order, the odd one out gets the bye); results are plausible
DBA results (simulate_event's generator), scored with the event's preset as the result service does.
"""

from __future__ import annotations

import datetime
import itertools
import random

from tournament.management.commands.simulate_event import random_result
from tournament.models import Club, Event, Game, Player, Registration, Round, Seat
from tournament.results.scoring import bye_score, event_scoring, score_game, with_points

_serial = itertools.count(1)


def build_event(players: int, rounds: int, *, preset: str = "nasamw-3.0", tiebreaks=None, seed: int = 1,
                wdl_points: str = "3/1/0", h2h: str = "all_met", drops: dict[int, int] | None = None,
                names=None) -> Event:
    """`drops`: {player index: round after which they dropped} (they are not paired later)."""
    rng = random.Random(seed)
    n = next(_serial)
    event = Event.objects.create(slug=f"sim-{n}", name=f"Simulated {n}", date=datetime.date(2026, 3, 1),
                                 edition="3.0", scoring_preset=preset, wdl_points=wdl_points, seed=seed,
                                 tiebreaks=list(tiebreaks) if tiebreaks is not None else [], head_to_head_rule=h2h)
    clubs = [Club.objects.get_or_create(name=f"Club {c}")[0] for c in range(3)]
    people = Player.objects.bulk_create([
        Player(name=(names[i] if names else f"Player {n}-{i:03d}"), name_key=(names[i] if names else f"player {n}-{i:03d}").lower(),
               club=clubs[i % 3]) for i in range(players)])
    drops = drops or {}
    regs = Registration.objects.bulk_create([
        Registration(event=event, player=p, name=p.name, name_key=p.name_key, club=p.club,  # bulk: no save() snapshot
                     army_ref=f"I/{i % 60 + 1}", status="dropped" if i in drops else "registered",
                     dropped_after_round=drops.get(i)) for i, p in enumerate(people)])
    scoring = with_points(preset, wdl_points)
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(event=event, number=number, status=Round.Status.COMPLETED, seed=seed + number)
        present = [r for i, r in enumerate(regs) if drops.get(i) is None or drops[i] >= number]
        order = rng.sample(present, len(present))
        games, seat_rows = [], []
        for table, k in enumerate(range(0, len(order) - 1, 2), 1):
            result = random_result(rng, "3.0")
            games.append((Game(round=rnd, table=table, status=Game.Status.CONFIRMED, outcome=result.outcome),
                          [(order[k], "a", result.a), (order[k + 1], "b", result.b)], score_game(result, scoring)))
        if len(order) % 2:
            games.append((Game(round=rnd, table=None, is_bye=True, status=Game.Status.CONFIRMED), [(order[-1], "a", None)],
                          (bye_score(scoring),)))
        Game.objects.bulk_create([g for g, _seats, _points in games])
        for game, seats, points in games:
            for (reg, side, lost), score in zip(seats, points, strict=True):
                seat_rows.append(Seat(game=game, round=rnd, registration=reg, side=side, score=score,
                                      elements_lost=lost.elements_lost if lost else 0,
                                      general_lost=lost.general_lost if lost else False,
                                      camp_lost=lost.camp_lost if lost else False))
        Seat.objects.bulk_create(seat_rows)
    return event


def add_round(event: Event, number: int, games, *, status: str = Round.Status.COMPLETED) -> Round:
    """`games`: (registration A, registration B or None for a bye, shorthand A first), confirmed and scored."""
    from tournament.results.shorthand import parse_shorthand

    scoring = event_scoring(event)
    rnd = Round.objects.create(event=event, number=number, status=status)
    for table, (a, b, text) in enumerate(games, 1):
        if b is None:
            game = Game.objects.create(round=rnd, is_bye=True, status=Game.Status.CONFIRMED)
            Seat.objects.create(game=game, round=rnd, registration=a, side="a", score=bye_score(scoring))
            continue
        result = parse_shorthand(text, event.edition)
        game = Game.objects.create(round=rnd, table=table, status=Game.Status.CONFIRMED, outcome=result.outcome)
        points = score_game(result, scoring, event.edition)
        for reg, side, lost, score in ((a, "a", result.a, points[0]), (b, "b", result.b, points[1])):
            Seat.objects.create(game=game, round=rnd, registration=reg, side=side, score=score,
                                elements_lost=lost.elements_lost, general_lost=lost.general_lost, camp_lost=lost.camp_lost,
                                sch_lost=lost.sch_lost)
    return rnd
