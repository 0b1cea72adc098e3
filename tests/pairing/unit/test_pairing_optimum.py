"""The pairing engine reaches the exact optimum: hypothesis fields of every size, the sparse window and its
widening, the networkx fallback, and a brute force over tiny fields (which checks the oracle itself).

Slow (seconds per test), so the mutation room runs the fixed fields of test_pairing.py instead.

    .venv/bin/python -m pytest tests/pairing/unit/test_pairing_optimum.py -q -p no:django
"""

from __future__ import annotations

import itertools
import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pairing_oracle import check_against_dense, swiss_field, written_cost
from tournament.pairing import engine as pairing
from tournament.pairing.engine import Entrant, pair_round


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Overrides the Django cache fixture of conftest.py: these tests need no Django."""
    yield


@st.composite
def events(draw, low=2, high=24):
    """A field after a few Swiss-like rounds: scores (or wins, then a margin), opponents, clubs, byes and tables."""
    n = draw(st.integers(min_value=low, max_value=high))
    seed, played = draw(st.integers(0, 10**6)), draw(st.integers(0, 4))
    return swiss_field(n, seed, played, avoid_civil_war=draw(st.booleans()), avoid_same_club=draw(st.booleans()),
                       round1=draw(st.sampled_from(["random", "date", "enemies"])), wins_first=draw(st.booleans()))


@settings(max_examples=150, deadline=None)
@given(events())
def test_small_fields_reach_the_exact_optimum(case):
    check_against_dense(*case)


@settings(max_examples=150, deadline=None)
@given(events(low=6), st.integers(2, 4))
def test_the_sparse_window_and_its_widening_reach_the_exact_optimum(case, window):
    with mock.patch.object(pairing, "DENSE_UP_TO", 0), mock.patch.object(pairing, "WINDOW", window):
        check_against_dense(*case)


@settings(max_examples=10, deadline=None)
@given(events(low=50, high=80))
def test_larger_fields_on_the_default_window_reach_the_exact_optimum(case):
    with mock.patch.object(pairing, "DENSE_UP_TO", 0):  # the sparse candidate graph, default window
        check_against_dense(*case)


@settings(max_examples=30, deadline=None)
@given(events(low=3, high=16))
def test_the_networkx_fallback_for_wide_weights_agrees(case):
    expected = pair_round(*case).cost
    with mock.patch.object(pairing, "MAX_BITS", 1):
        assert pair_round(*case).cost == expected


@pytest.mark.parametrize("n", [3, 5, 7, 8])
def test_brute_force_agrees_on_tiny_fields(n):
    rng = random.Random(n)
    scored = sorted(((rng.choice([0, 3, 6]), i) for i in range(n)), reverse=True)
    people = [Entrant(i, s, r, club=rng.choice(["A", "B", None, ""]), opponents=frozenset({rng.randrange(n)} - {i}),
                      had_bye=rng.random() < 0.3) for r, (s, i) in enumerate(scored)]
    people = [Entrant(e.id, e.score, e.rank, club=e.club, had_bye=e.had_bye,
                      opponents=e.opponents | {o.id for o in people if e.id in o.opponents}) for e in people]
    result = pair_round(people, 2)
    ids = [e.id for e in people] + ([None] if n % 2 else [])
    eligible = {e.id for e in people if not e.had_bye} or {e.id for e in people}
    best = None
    for perm in itertools.permutations(ids):
        pairs = [tuple(sorted(perm[k:k + 2], key=lambda x: (x is None, x))) for k in range(0, len(perm), 2)]
        if any(b is None and a not in eligible for a, b in pairs):
            continue
        cost = written_cost(people, pairs, 2, pairing.DEFAULT_OPTIONS)
        best = cost if best is None or cost < best else best
    assert written_cost(people, [(p.a, p.b) for p in result.pairings], 2, pairing.DEFAULT_OPTIONS) == best
