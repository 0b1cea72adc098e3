"""Review of the final placings of an event decided in groups (2026-11-28, rev-formats): players level in their
group's table, even after the organizer recorded on the ties page that they share the place, are given two different
places in the final placings (the stages page, the final page and its PDF, the podium, a league's places), ordered
by their names."""

from __future__ import annotations

from tests.factories import make_player, make_registration
from tests.stages.service_play import play_until_done, stage
from tests.stages.test_stage_events import placings
from tournament.results.standings import event_standings
from tournament.results.tie_decisions import record_tie_decision
from tournament.stages import tables
from tournament.stages.service import stage_draw

NAMES = ["Ana", "Bruno", "Carla", "Dario"]


def round_robin_with_a_tie(event, organizer):
    """One group of four, the whole event: Ana beats everyone 4-1; Bruno and Carla draw on time 2-2 and each beat
    Dario 4-1. Bruno and Carla are level on points, head-to-head, generals and elements (no drawn lot)."""
    event.tiebreaks = ["head_to_head", "generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in NAMES}
    name_of = {r.pk: n for n, r in regs.items()}
    strength = {r.pk: i for i, r in enumerate(regs.values())}
    groups = stage(event, 1, kind="groups", groups=1)
    stage_draw(groups, organizer)

    def result(_game, a, b):
        if {name_of[a], name_of[b]} == {"Bruno", "Carla"}:
            return "2-2T"
        return "4-1" if strength[a] < strength[b] else "1-4"

    play_until_done(event, organizer, strength, result)
    return regs, name_of, groups


def test_players_sharing_a_place_in_the_group_share_it_in_the_final_placings(event, organizer, client):
    regs, name_of, groups = round_robin_with_a_tie(event, organizer)
    (table,) = tables.group_tables(groups)
    assert [(name_of[r.registration_id], r.rank, r.shared) for r in table.rows] == [
        ("Ana", 1, False), ("Bruno", 2, True), ("Carla", 2, True), ("Dario", 4, False)]
    # The organizer records it on the ties page: they share 2nd place.
    record_tie_decision(event, organizer, kind="shared", players=[regs["Bruno"].pk, regs["Carla"].pk],
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    event.refresh_from_db()
    (table,) = tables.group_tables(groups)
    assert [(name_of[r.registration_id], r.rank) for r in table.rows] == [
        ("Ana", 1), ("Bruno", 2), ("Carla", 2), ("Dario", 4)]
    assert [(r.rank, r.shared) for r in event_standings(event)][1:3] == [(2, True), (2, True)]

    place = {name_of[p]: place for place, p, _stage in tables.final_placings(event)}
    shown = {name: place for place, name, _stage in placings(client, event)}
    # Observed: Bruno 2nd and Carla 3rd (the group's order, i.e. their names), on the stages page too.
    assert place["Bruno"] == place["Carla"] == 2, place
    assert shown["Bruno"] == shown["Carla"], shown
    assert place["Dario"] == 4
