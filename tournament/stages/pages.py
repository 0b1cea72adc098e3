"""What the stage pages and PDFs show, with names and words in the reader's language (Django)."""

from __future__ import annotations

from django.core.cache import cache
from django.utils.translation import gettext as _

from tournament.events.cache_keys import event_state
from tournament.models import Event, Stage
from tournament.results import explain, standings
from tournament.stages import brackets
from tournament.stages.bracket_corrections import played_again, stale_brackets
from tournament.stages.messages import across_groups_sentence, column_name, match_label, replay, stale_bracket
from tournament.stages.messages import played_again as played_again_sentence
from tournament.stages.reopen import stages_to_replay
from tournament.stages.tables import (
    across_groups,
    bracket_of,
    bracket_state,
    entry_seeds,
    final_placings,
    group_letter,
    group_tables,
    stage_finished,
    stage_placings,
)


def _names(event: Event) -> dict[int, str]:
    return {r.pk: standings.entry_as_shown(r).name for r in event.registrations.select_related("club")}


def _points(game) -> dict[int, int]:
    return {s.registration_id: s.score for s in game.seats}


def _group_context(stage: Stage, data: standings.EventData, names: dict[int, str]) -> list[dict]:
    result = []
    for table in group_tables(stage, data):
        games = {frozenset(s.registration_id for s in g.seats): g
                 for g in data.games if g.stage_id == stage.pk and g.slot == f"g{table.number}"}
        rounds = []
        for number, pairs in enumerate(table.schedule, 1):
            lines = []
            for a, b in pairs:
                if b is None:
                    lines.append({"a": names[a], "bye": True})
                    continue
                game = games.get(frozenset((a, b)))
                points = _points(game) if game else {}
                lines.append({"a": names[a], "b": names[b],
                              "score": f"{points[a]}–{points[b]}" if game else ""})
            rounds.append({"number": number, "games": lines})
        result.append({"letter": table.letter, "table": table.table, "rounds": rounds})
    return result


def _who(player: int | None, names: dict[int, str]) -> str:
    if player is None:
        return _("to be decided")
    if player == brackets.BYE:
        return _("(bye)")
    return names[player]


def _bracket_context(stage: Stage, data: standings.EventData, names: dict[int, str]) -> list[dict]:
    bracket, states = bracket_state(stage, data)
    played = {g.slot: g for g in data.games if g.stage_id == stage.pk}
    columns: dict[tuple[str, int], dict] = {}
    order = {brackets.MAIN: 0, brackets.THIRD: 1, brackets.PLACEMENT: 0, brackets.LOSERS: 2, brackets.GRAND: 3,
             brackets.RESET: 4}
    for state in states.values():
        if not state.needed:  # a grand final's reset game, shown only once the losers' bracket player won the final
            continue
        m = state.match
        key = (m.side, m.column)
        column = columns.setdefault(key, {"name": column_name(bracket, m.side, m.column), "matches": [],
                                          "sort": (order[m.side], m.column)})
        game = played.get(m.code)
        points = _points(game) if game else {}
        dropped = f" ({_('dropped')})"  # a walkover for the other player (`MatchState.forfeit`)
        column["matches"].append({
            "code": m.code, "label": match_label(bracket, m),
            "a": _who(state.a, names) + (dropped if state.forfeit and state.loser == state.a else ""),
            "b": _who(state.b, names) + (dropped if state.forfeit and state.loser == state.b else ""),
            "a_won": state.winner is not None and state.winner == state.a and state.a != brackets.BYE,
            "b_won": state.winner is not None and state.winner == state.b and state.b != brackets.BYE,
            "score": f"{points.get(state.a, '')}–{points.get(state.b, '')}" if game else "",
            "walkover": state.walkover, "conflict": state.conflict,
        })
    return [c for _k, c in sorted(columns.items(), key=lambda kv: kv[1]["sort"])]


CACHE_SECONDS = 60
STAGE_FIELDS = ("pk", "number", "name", "kind", "entrants", "source_id", "cut", "groups", "seeding", "third_place",
                "grand_final_reset", "drawn_at")


def _key(event: Event, name: str, *parts) -> str:
    """A cache key that moves on with every result, entry and language (event_state) and every stage change."""
    stages = [tuple(getattr(s, f) for f in STAGE_FIELDS) for s in event.stages.order_by("number")]
    return f"stages:{name}:" + event_state(event, repr(stages), *parts)


def stage_context(stage: Stage) -> dict:
    """The stage page's content (cached until a result, an entry or a stage changes; at most a minute)."""
    key = _key(stage.event, "stage", stage.pk)
    context = cache.get(key)
    if context is None:
        context = _stage_context(stage)
        cache.set(key, context, CACHE_SECONDS)
    return {**context, "stage": stage}


def _stage_context(stage: Stage) -> dict:
    data = standings.load(stage.event)
    names = _names(stage.event)
    context: dict = {"stage": stage, "drawn": stage.drawn_at is not None, "finished": stage_finished(stage, data)}
    if stage.drawn_at is None:
        return context
    if stage.kind == Stage.Kind.GROUPS:
        context["groups"] = _group_context(stage, data, names)
        context["across"] = across_groups_sentence([explain.label(k, stage.event) for k in across_groups(stage.event)])
    else:
        context["columns"] = _bracket_context(stage, data, names)
    if context["finished"]:
        context["placings"] = [{"place": place, "name": names[p]} for place, p in stage_placings(stage, data)]
    return context


def placings_context(event: Event) -> dict:
    """The final placings, once every stage is played (cached like `stage_context`)."""
    key = _key(event, "placings")
    context = cache.get(key)
    if context is None:
        context = _placings_context(event)
        cache.set(key, context, CACHE_SECONDS)
    return context


def _placings_context(event: Event) -> dict:
    """The final placings, and a word on each bracket with a game paired from a result corrected since (it is not
    finished by the corrected results, so it places no one: the final standings fall back to the points)."""
    data = standings.load(event) if event.stages.exists() else None  # no stages: no placings, no bracket
    rows = final_placings(event, data)
    names = _names(event) if rows else {}
    return {"placings": [{"place": place, "name": names[p], "stage": stage} for place, p, stage in rows],
            "stale_brackets": [stale_bracket(stage.name) for stage in stale_brackets(event, data)],
            "played_again": [played_again_sentence(name) for name in played_again(event)] if data else []}


def replay_sentences(event: Event) -> list[str]:
    """A finished event's stages with games to play (again, after a corrected result): one sentence each, for the
    organizer's choice to reopen the event and pair them (`stages.reopen`). Not cached: read when finished."""
    stages = stages_to_replay(event)
    stale = {s.pk for s in stale_brackets(event)} if stages else set()
    return [replay(stage.name, stage.pk in stale) for stage in stages]


def game_labels(games) -> dict[int, str]:
    """What each stage game of a round is, for the round and pairings pages: "Finals · Semi-finals",
    "Groups · Group B" (Swiss games have none)."""
    labels: dict[int, str] = {}
    brackets_of: dict[int, brackets.Bracket] = {}
    for game in games:
        if not game.stage_id:
            continue
        stage = game.stage
        if game.slot.startswith("g") and game.slot[1:].isdigit():
            part = _("Group %(letter)s") % {"letter": group_letter(int(game.slot[1:]))}
        else:
            if stage.pk not in brackets_of:
                brackets_of[stage.pk] = bracket_of(stage, len(entry_seeds(stage)[0]))
            bracket = brackets_of[stage.pk]
            match = next((m for m in bracket.matches if m.code == game.slot), None)
            part = match_label(bracket, match) if match else game.slot
        labels[game.pk] = f"{stage.name} · {part}"
    return labels
