"""What organizers, umpires, players and the admin change in an event, each through the app's own services and
views, for the page oracle (tests/page_oracle.py, tests/web/test_no_stale_pages.py). Each change in `CHANGES` (the
entries' own are in tests/page_entries.py) takes the world (tests/page_world.py) and a random generator, makes one
change the way the app makes it, and says what it did; or returns None when it does not apply now (no draft to
publish, no tie to settle)."""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.page_entries import (
    change_army,
    change_entry_club,
    change_person,
    delete_club,
    import_players,
    register_new,
    remove_entry,
    rename_club,
    rename_entry,
    set_status,
)
from tests.page_ratings import RATINGS_CHANGES
from tests.page_world import (
    RESULTS,
    World,
    correct_past_result,
    edit_event,
    join_league,
    merge_people,
    open_games,
    unreported,
)
from tournament.models import Game, Registration, Round, Stage
from tournament.pairing.clock import clock_start
from tournament.pairing.finish import event_finish, event_finish_after_round, progress, round_pair_extra
from tournament.pairing.manager import RoundError, has_results, round_delete, round_pair, round_publish, seats_swap
from tournament.results.entry import result_enter, result_report, stored_result
from tournament.results.rescoring import proposed, rescore
from tournament.results.shorthand import parse_shorthand, to_shorthand
from tournament.results.tie_decisions import current_ties, record_tie_decision, remove_tie_decision
from tournament.stages.service import StageError, stage_delete, stage_draw, stage_pair, stage_save

ARMIES = ("II/33", "II/56", "I/48", "III/40a")
PRESETS = ("nasamw-3.0", "5-2-1-0", "wdl", "spanish")
TIEBREAKS = ("wins", "sos", "generals_killed", "camps_taken", "elements_destroyed", "fewest_lost", "margin", "countback")


# --- results ------------------------------------------------------------------------------------------------------

def confirm_by_staff(world: World, rng: random.Random) -> str | None:
    games = open_games(world)
    if not games:
        return None
    game, code = rng.choice(games), rng.choice(RESULTS)
    result_enter(game, parse_shorthand(code, world.event.edition), world.organizer)
    return f"umpire confirms round {game.round.number} table {game.table}: {code}"


def _reported(world: World, rng: random.Random, sides: str) -> str | None:
    """An unreported game reported by the players of `sides` ("ab": both, so it is confirmed; "a": one), or None."""
    games = unreported(world)
    if not games:
        return None
    game, code = rng.choice(games), rng.choice(RESULTS)
    result = parse_shorthand(code, world.event.edition)
    for side in sides:
        result_report(game.seats.get(side=side), result, reporter=f"phone-{side}-{world.next()}")
    who = "both players report" if len(sides) == 2 else "one player reports"
    return f"{who} round {game.round.number} table {game.table}: {code}"


def confirm_by_players(world: World, rng: random.Random) -> str | None:
    return _reported(world, rng, "ab")


def half_report(world: World, rng: random.Random) -> str | None:
    return _reported(world, rng, "a")


def dispute(world: World, rng: random.Random) -> str | None:
    games = unreported(world)
    if not games:
        return None
    game = rng.choice(games)
    edition = world.event.edition
    result_report(game.seats.get(side="a"), parse_shorthand("4-1", edition), reporter=f"p-{world.next()}")
    result_report(game.seats.get(side="b"), parse_shorthand("1-4", edition), reporter=f"p-{world.next()}")
    return f"the players' reports differ on round {game.round.number} table {game.table}"


def _swapped(code: str) -> str:
    a, b = code.split("-", 1)
    return f"{b.removesuffix(' T')}-{a}{' T' if code.endswith(' T') else ''}"


def correct_result(world: World, rng: random.Random) -> str | None:
    games = world.games(status=Game.Status.CONFIRMED)
    if not games:
        return None
    game = rng.choice(games)
    now = to_shorthand(stored_result(game))
    code = rng.choice([c for c in RESULTS if c != now])
    result_enter(game, parse_shorthand(code, world.event.edition), world.organizer)
    return f"umpire corrects round {game.round.number} table {game.table}: {now} to {code}"


def swap_sides(world: World, rng: random.Random) -> str | None:
    games = [g for g in world.games(status=Game.Status.CONFIRMED)
             if to_shorthand(stored_result(g)) != _swapped(to_shorthand(stored_result(g)))]
    if not games:
        return None
    game = rng.choice(games)
    now = to_shorthand(stored_result(game))
    result_enter(game, parse_shorthand(_swapped(now), world.event.edition), world.organizer)
    return f"umpire swaps the sides of round {game.round.number} table {game.table}: {now} to {_swapped(now)}"


# --- the event ----------------------------------------------------------------------------------------------------

def _setting(*names: str):
    """The organizer changes one of these settings of the event's form (chosen at random)."""
    def change(world: World, rng: random.Random) -> str | None:
        n, what = world.next(), rng.choice(names)
        value = {"name": f"Torneo Oráculo {n}", "venue": f"Sala {n}", "date": f"2026-05-{n % 27 + 1:02d}",
                 "time_zone": rng.choice(["Europe/Madrid", "America/Santiago", "Asia/Tokyo", "UTC"]),
                 "rounds_planned": str(max(world.event.rounds.count(), 1) + rng.randint(0, 2)),
                 "registration_open": rng.choice(["on", None]), "slug": f"oracle-{world.event.seed}-{n}"}[what]
        old = world.event.slug
        edit_event(world, **{what: value})
        if world.event.slug != old:
            world.pages.gone.append(old)  # its old address must answer 404, not the kept page
        return f"event's {what}: {value}"
    return change


def change_tiebreaks(world: World, rng: random.Random) -> str | None:
    order = rng.sample(TIEBREAKS, rng.randint(0, 3))
    edit_event(world, **{f"tiebreak_{n}": (order[n - 1] if n <= len(order) else "") for n in range(1, 7)})
    return f"tie-breaks: {order}"


def few_tiebreaks(world: World, rng: random.Random) -> str | None:
    """Head-to-head alone, so that players level on points who did not meet stay tied (ties to settle). Every slot
    left empty is the scoring's own order, as the form's legend says: the form cannot clear them."""
    if world.event.tiebreaks == ["head_to_head"]:
        return None
    edit_event(world, **{f"tiebreak_{n}": "head_to_head" if n == 1 else "" for n in range(1, 7)})
    return "tie-breaks: head-to-head alone"


def change_scoring(world: World, rng: random.Random) -> str | None:
    event = world.fresh()
    preset = rng.choice([p for p in PRESETS if p != event.scoring_preset])
    wdl = rng.choice(["3/1/0", "2/1/0"])
    rescore(event, proposed(event, preset, wdl), world.organizer)
    return f"scoring: {preset} {wdl}"


def settle_tie(world: World, rng: random.Random) -> str | None:
    ties = current_ties(world.fresh())
    if not ties:
        return None
    group = list(rng.choice(ties))
    kind = rng.choice(["shared", "umpire", "lot"] + (["playoff"] if len(group) == 2 else []))
    order = rng.sample(group, len(group))
    record_tie_decision(world.event, world.organizer, kind=kind, players=group, order=order,
                        reason="Mejor deportividad" if kind == "umpire" else "",
                        record="5 contra 2" if kind == "lot" else "", result="4-1" if kind == "playoff" else "")
    return f"tie of {group} settled: {kind}"


def unsettle_tie(world: World, rng: random.Random) -> str | None:
    decisions = world.fresh().tie_decisions or []
    if not decisions:
        return None
    players = rng.choice(decisions)["players"]
    remove_tie_decision(world.event, world.organizer, players)
    return f"decision for {players} removed"


def finish(world: World, rng: random.Random) -> str | None:
    event = world.fresh()
    state = progress(event)
    if event.finished_at or not state.last or not state.last_complete or world.draft():
        return None
    (event_finish if rng.random() < 0.5 else event_finish_after_round)(event, world.organizer)
    return "event finished"


def add_stage(world: World, rng: random.Random) -> str | None:
    if world.event.stages.exists():
        return None
    stage_save(Stage(event=world.event, name=f"Finales {world.next()}", kind=Stage.Kind.GROUPS, groups=1),
               world.organizer, created=True)
    return "a stage set up"


def draw_stage(world: World, rng: random.Random) -> str | None:
    """The stage's players are drawn (every game so far confirmed): the next rounds are its round robin."""
    stage = world.event.stages.filter(drawn_at__isnull=True).first()
    if stage is None or world.draft() or open_games(world) or world.event.finished_at:
        return None
    stage_draw(stage, world.organizer)
    return "the stage drawn"


def remove_stage(world: World, rng: random.Random) -> str | None:
    stage = world.event.stages.filter(drawn_at__isnull=True).first()
    if stage is None:
        return None
    stage_delete(stage, world.organizer)
    return "the stage removed"


# --- rounds -------------------------------------------------------------------------------------------------------

def pair_draft(world: World, rng: random.Random) -> str | None:
    event = world.fresh()
    if world.draft():
        return None
    if event.stages.filter(drawn_at__isnull=False).exists():
        try:
            return f"stage round {stage_pair(event, world.organizer).number} paired (draft)"
        except StageError:
            return None
    try:
        if event.finished_at or event.rounds.count() >= event.rounds_planned:
            rnd = round_pair_extra(event, world.organizer)
        else:
            rnd = round_pair(event, world.organizer)
    except RoundError:
        return None
    return f"round {rnd.number} paired (draft)"


def swap_in_draft(world: World, rng: random.Random) -> str | None:
    rnd = world.draft()
    games = list(rnd.games.filter(is_bye=False)) if rnd else []
    if len(games) < 2:
        return None
    first, second = (rng.choice(list(g.seats.all())) for g in rng.sample(games, 2))
    seats_swap(rnd, first, second, world.organizer)
    return f"a swap in draft round {rnd.number}"


def publish(world: World, rng: random.Random) -> str | None:
    rnd = world.draft()
    if rnd is None:
        return None
    round_publish(rnd, world.organizer)
    return f"round {rnd.number} published"


def confirm_round(world: World, rng: random.Random) -> str | None:
    """The umpire confirms every game still open."""
    games = open_games(world)
    for game in games:
        result_enter(game, parse_shorthand(rng.choice(RESULTS), world.event.edition), world.organizer)
    return f"the umpire confirms {len(games)} games" if games else None


def publish_new_round(world: World, rng: random.Random) -> str | None:
    """Every open game confirmed by the umpire, the next round paired and published."""
    confirm_round(world, rng)
    paired = world.draft() is not None or pair_draft(world, rng)
    return publish(world, rng) if paired else None


def delete_last_round(world: World, rng: random.Random) -> str | None:
    rnd = world.event.rounds.order_by("-number").first()
    if rnd is None or has_results(rnd):
        return None
    round_delete(rnd, world.organizer)
    return f"round {rnd.number} deleted"


def start_clock(world: World, rng: random.Random) -> str | None:
    rnd = world.event.rounds.filter(status=Round.Status.PUBLISHED, clock_started_at__isnull=True).first()
    if rnd is None:
        return None
    clock_start(rnd, world.organizer)
    return f"round {rnd.number}'s clock started"


Change = Callable[[World, random.Random], "str | None"]
# The changes that need the league (`build_world(league=True)`), or the earlier rated event (`rated=True`,
# tests/page_ratings.py's `RATED_CHANGES`).
LEAGUE_CHANGES = {"join the league", "correct an earlier event's result", "merge two people in the league",
                  "move the league's earlier event after this one", "move the league's later event before this one"}
CHANGES: dict[str, Change] = {
    "confirm by staff": confirm_by_staff,
    "confirm by players": confirm_by_players,
    "half report": half_report,
    "dispute": dispute,
    "correct a result": correct_result,
    "swap a result's sides": swap_sides,
    "drop": set_status(Registration.Status.DROPPED),
    "undrop": set_status(Registration.Status.REGISTERED, among=Registration.Status.DROPPED),
    "check in": set_status(Registration.Status.CHECKED_IN, among=Registration.Status.REGISTERED),
    "rename an entry": rename_entry,
    "change an entry's club": change_entry_club,
    "rename a club": rename_club,
    "delete a club": delete_club,
    "change a person": change_person,
    "register a player": register_new,
    "import players": import_players,
    "remove an entry": remove_entry,
    "change an army": change_army,
    "rename the event": _setting("name"),
    "change the time zone": _setting("time_zone"),
    "change the address": _setting("slug"),
    "edit the event": _setting("venue", "date", "rounds_planned", "registration_open"),
    "change the tie-breaks": change_tiebreaks,
    "head-to-head alone": few_tiebreaks,
    "change the scoring": change_scoring,
    "settle a tie": settle_tie,
    "unsettle a tie": unsettle_tie,
    "finish the event": finish,
    "add a stage": add_stage,
    "draw the stage": draw_stage,
    "remove a stage": remove_stage,
    "pair a draft": pair_draft,
    "swap in a draft": swap_in_draft,
    "publish the draft": publish,
    "confirm the round": confirm_round,
    "publish a new round": publish_new_round,
    "delete the last round": delete_last_round,
    "start the clock": start_clock,
    "join the league": join_league,
    "correct an earlier event's result": correct_past_result,
    "merge two people in the league": merge_people,
    **RATINGS_CHANGES,
}


def apply(world: World, kind: str, rng: random.Random, *, check: bool = True) -> str | None:
    """One change of this kind, then (if `check`) every page checked by the oracle; None, and nothing read, when it
    does not apply now."""
    done = CHANGES[kind](world, rng)
    if done is not None:
        world.fresh()
        world.done.append(done)
        if check:
            world.pages.check(world.event, f"{kind} ({done}; before it: {world.done[-4:-1]})")
    return done
