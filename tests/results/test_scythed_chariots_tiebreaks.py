"""Scythed Chariots lost are elements in the element tie-breaks where the edition counts them toward victory (DBA
3.0), and not in 2.2 (found by a review on 2026-11-28; before, they were left out in both).

In DBA 3.0 Scythed Chariots count toward victory (fixtures/scoring_presets.yaml `victory."3.0".sch_count: true`), so
"3+1S-0" is a win: the loser lost 4 elements, the threshold. The scoring's own rules count them as elements too
(docs/scoring.md: `both_lost_at_least` etc., "elements, Scythed Chariots included"). Yet the standings' tie-breaks
"Elements destroyed" ("Enemy elements destroyed in all the player's games"), "Elements lost" and "Margin" read only
`elements_lost` (tournament/results/tiebreaks.py, `Context.destroyed` / `Context.lost`), so the winner of 3+1S-0
showed 3 elements destroyed and ranked below a 4-0 winner with the same points.
"""

from __future__ import annotations

import pytest

from tests.factories import make_player, make_registration
from tests.simulated_events import add_round
from tournament.results.shorthand import parse_shorthand
from tournament.results.standings import event_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_wins(event):
    """DBA 3.0, win/draw/loss 3/1/0 ranked by elements destroyed then fewest lost: Ana wins 3+1S-0 (four enemy
    elements, one of them Scythed Chariots), Carla wins 4-0."""
    event.scoring_preset, event.wdl_points = "wdl", "3/1/0"
    event.tiebreaks = ["elements_destroyed", "fewest_lost", "margin"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in ("Ana", "Bruno", "Carla", "Dario")}
    add_round(event, 1, [(regs["Ana"], regs["Bruno"], "3+1S-0"), (regs["Carla"], regs["Dario"], "4-0")])
    return event, regs


def test_a_win_by_four_elements_including_scythed_chariots_counts_four_destroyed(two_wins):
    event, regs = two_wins
    # the app itself decides this game on four elements lost: Scythed Chariots count toward victory in 3.0
    assert parse_shorthand("3+1S-0", "3.0").outcome == "a"
    rows = {row.registration_id: row for row in event_standings(event)}
    ana, bruno, carla = rows[regs["Ana"].pk], rows[regs["Bruno"].pk], rows[regs["Carla"].pk]
    assert ana.points == carla.points == 3
    assert ana.values["elements_destroyed"] == 4  # observed: 3 (the chariot is not counted)
    assert bruno.values["fewest_lost"] == 4  # observed: 3
    assert ana.values["margin"] == 4  # observed: 3
    # both destroyed four elements and lost none: level on every tie-break, they share first place
    assert (ana.rank, ana.shared) == (carla.rank, carla.shared) == (1, True)  # observed: Carla 1, Ana 2

