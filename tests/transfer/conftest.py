"""What the transfer tests share: an event with four players and one played round."""

from __future__ import annotations

import pytest

from tests.factories import make_player, make_registration
from tests.simulated_events import add_round


@pytest.fixture
def played(event):
    """Four players (II/33, a valid army each) and one played round: a win with a general killed, a loss."""
    regs = [make_registration(event, make_player(name), name=name, army_ref="II/33", elements=["Cv"] * 12, general=0)
            for name in ("Ana", "Bea", "Carla", "Dora")]
    add_round(event, 1, [(regs[0], regs[1], "4-2"), (regs[2], regs[3], "1-4g")])
    return event
