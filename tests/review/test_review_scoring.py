"""Review (scoring and ranking): failing tests for wrong numbers a player would see on the standings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration
from tests.simulated_events import add_round
from tournament.models import EventRole, Seat
from tournament.results.scoring import event_scoring, score_game
from tournament.results.shorthand import seats_result
from tournament.results.standings import event_standings

pytestmark = pytest.mark.django_db

# An event's own scoring with an edition block (docs/scoring.md: "A block named after an edition ("2.2":, "3.0":)
# overrides some of these for that edition"): NASAMW-style, the general and the camp worth 1 in DBA 3.0 (Toronto).
OWN = {
    "name": "NASAMW, Toronto values in 3.0",
    "counts": {"element": 1, "general": 2, "camp": 2, "3.0": {"general": 1, "camp": 1}},
    "win": {"points": 20, "per_destroyed": 1, "per_lost": -1},
    "loss": {"per_destroyed": 1},
    "time": {"per_destroyed": 1},
    "bye": 10,
    "tiebreaks": ["head_to_head", "countback"],
}


def test_changing_the_edition_after_results_rescores_or_is_refused(organizer):
    """The edit form locks the scoring once results are confirmed ("a new scoring must rescore every one of
    them"), but not the edition, which picks the counts of an own scoring's edition block. Changing 3.0 -> 2.2
    leaves every stored score as 3.0 counted it, while a result entered afterwards is counted as 2.2: one table
    mixing two scorings (what tournament/results/rescoring.py says must never happen)."""
    from django.test import Client

    event = make_event(edition="3.0", scoring_preset="5-2-1-0", scoring_definition=OWN,
                       tiebreaks=["head_to_head", "countback"])
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4G-1C")])  # 3.0: Ana 20 + 5 - 2 = 23, Bruno 2
    client = Client()
    client.force_login(organizer)
    data = {"name": event.name, "slug": event.slug, "date": "2026-06-01", "edition": "2.2", "rounds_planned": 3,
            "round_minutes": 90, "scoring_preset": "5-2-1-0", "wdl_points": "", "round_one_method": "random",
            "tiebreak_1": "head_to_head", "tiebreak_2": "countback"}
    client.post(reverse("tournament:event_edit", args=[event.slug]), data)
    event.refresh_from_db()
    scoring = event_scoring(event)
    for seat in Seat.objects.filter(round__event=event, game__is_bye=False).select_related("game"):
        a, b = sorted(seat.game.seats.all(), key=lambda s: s.side)
        expected = score_game(seats_result(a, b, seat.game.outcome), scoring, event.edition)
        assert seat.score == expected[0 if seat.side == "a" else 1], (event.edition, seat.side, seat.score, expected)
    points = {row.registration_id: row.points for row in event_standings(event)}
    if event.edition == "2.2":  # the edition changed: Bruno's camp is worth 2 now (the 2.2 counts), so 3
        assert points[bruno.pk] == 3


def test_a_playoff_result_is_read_with_the_events_camp_reading(organizer):
    """A playoff game between two tied players is read with the default camp reading, not the event's. In DBA 2.2
    with "a lost camp counts only toward 'more elements lost than the enemy'" (Event.victory_camp_reading), 2C-0
    is not a win: the loser lost 2 troop elements, short of "al menos cuatro elementos de tropas" (seed
    002_76b3017b4c7c00bd.txt L1577; the camp as two elements, L1583, counts only toward L1578). The same result
    entered for a round is time called; as a playoff it is taken as Ana's win and orders the standings."""
    from tournament.models import CampReading
    from tournament.results.shorthand import parse_shorthand
    from tournament.results.tie_decisions import TieRejected, record_tie_decision

    event = make_event(edition="2.2", scoring_preset="nasamw-v4", tiebreaks=["head_to_head", "countback"],
                       victory_camp_reading=CampReading.COMPARISON)
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "2-2 T")])
    assert parse_shorthand("2C-0", "2.2", camp_reading=event.victory_camp_reading).outcome == "time"
    with pytest.raises(TieRejected):  # "A playoff game needs a winner."
        record_tie_decision(event, organizer, kind="playoff", players=[ana.pk, bruno.pk], result="2C-0")


def test_the_results_export_keeps_the_scythed_chariots_that_score():
    """NASAMW v4 scores Scythed Chariots destroyed (fixtures/scoring_presets.yaml, counts.sch: 1; entered apart as
    "+1S"). The results export writes each side's elements lost, general and camp, and the points, but not the
    Scythed Chariots: a 4+1S-1 win reads "B lost 4" with 24 points, which nobody can get back from the file
    (20 + 4 - 1 = 23)."""
    from tournament.transfer.frames import results_frame

    event = make_event(edition="2.2", scoring_preset="nasamw-v4")
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4+1S-1")])
    row = results_frame(event).iloc[0].to_dict()
    assert row["A points"] == 24
    assert 1 in [value for key, value in row.items() if "B" in key and key not in ("B lost", "B points")
                 and not isinstance(value, bool)], row
