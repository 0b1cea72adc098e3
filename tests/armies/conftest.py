"""What the army room's request tests share: a player with an account and their entry in the event."""

from __future__ import annotations

import pytest

from tests.factories import make_player, make_registration, make_user


@pytest.fixture
def player_user(db):
    return make_user("pietro", "Pietro")


@pytest.fixture
def own_reg(event, player_user):
    return make_registration(event, make_player("Pietro Rossi", user=player_user))
