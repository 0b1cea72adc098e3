"""No public event page is ever served stale: after each change an organizer, umpire, player or the admin makes,
every public page read through the caches is the page rendered with every cache empty (tests/page_oracle.py).

The changes are made through the app's own services and views, committed for real (the page generation is
renewed when a transaction commits, as on a server); tests/page_changes.py makes them. Each kind is tried on its
own, and in a seeded random sequence of them."""

from __future__ import annotations

import random

import pytest

from tests.page_changes import CHANGES, apply
from tests.page_world import build_world
from tournament.results import standings
from tournament.web import table_rows

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_kept_rows():
    """The rows and entrants this process kept for other tests' events are no part of these."""
    table_rows._KEPT_ROWS.clear()
    standings._KEPT_ENTRANTS.clear()
    yield
    table_rows._KEPT_ROWS.clear()
    standings._KEPT_ENTRANTS.clear()


# What makes a kind apply (a draft to swap in, a tie to settle), done first.
DRAFT = ["confirm the round", "pair a draft"]
NEW_ROUND = ["publish a new round"]
BEFORE = {"pair a draft": ["confirm the round"], "swap in a draft": DRAFT, "publish the draft": DRAFT,
          "delete the last round": DRAFT, "finish the event": ["confirm the round"], "undrop": ["drop"],
          "settle a tie": ["clear the tie-breaks"], "unsettle a tie": ["clear the tie-breaks", "settle a tie"],
          "remove a stage": ["add a stage"], "remove an entry": ["register a player"], "half report": NEW_ROUND,
          "confirm by players": NEW_ROUND, "dispute": NEW_ROUND, "start the clock": NEW_ROUND,
          "draw the stage": ["add a stage", "confirm the round"]}


@pytest.mark.parametrize("kind", list(CHANGES))
def test_each_change_shows_on_every_page_at_once(kind):
    world = build_world(seed=sum(map(ord, kind)))
    rng = random.Random(kind)
    for first in BEFORE.get(kind, []):
        assert apply(world, first, rng, check=False) is not None, first
    world.pages.warm(world.event)  # the readers have the pages as they were
    assert apply(world, kind, rng) is not None, f"{kind} did not apply"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_sequence_of_changes_never_leaves_a_stale_page(seed):
    world = build_world(seed=seed)
    world.pages.check(world.event, "the event was built")
    rng = random.Random(seed)
    kinds = list(CHANGES)
    while world.pages.checks < 10:
        apply(world, rng.choice(kinds), rng)

