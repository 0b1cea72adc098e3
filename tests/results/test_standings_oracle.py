"""Every cell of the standings against an independent recomputation from the public results export
(tests/standings_oracle.py), on simulated events of 4-200 players, every preset and tie-break order."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.simulated_events import build_event
from tests.standings_oracle import oracle
from tournament.results.scoring import presets
from tournament.results.standings import DASH, standings_table
from tournament.results.tiebreaks import REGISTRY

TIEBREAKS = sorted(set(REGISTRY) - {"points"})


def production(event, upto=None) -> list[dict]:
    table = standings_table(event, upto)
    keys = [c.key for c in table.columns]
    return [{k: v for k, v in zip(keys, cells, strict=True) if k not in ("club", "army")} for _pk, cells in table.rows]


def expected(event, upto=None) -> list[dict]:
    export = Client().get(reverse("tournament:results_export", args=[event.slug, "csv"]), headers={"Accept-Language": "en"})
    assert export.status_code == 200
    body = export.content
    if upto is not None:  # the export filtered to the first `upto` rounds, as a reader would
        lines = body.decode("utf-8-sig").splitlines(keepends=True)
        body = "".join([lines[0]] + [line for line in lines[1:] if int(line.split(",", 1)[0]) <= upto]).encode()
    rows = oracle(body, preset=event.scoring_preset, wdl_points=event.wdl_points, tiebreaks=event.tiebreaks,
                  h2h_all_met=event.head_to_head_rule == "all_met", seed=event.seed)
    return [{k: (DASH if v is None else v) for k, v in row.items()} for row in rows]


@st.composite
def orders(draw, preset):
    if draw(st.booleans()):
        return list(presets()[preset].tiebreaks)
    return draw(st.permutations(TIEBREAKS))  # every metric in some order: each column is compared


@pytest.mark.django_db
@settings(max_examples=12, deadline=None)
@given(st.integers(4, 200), st.integers(1, 5), st.sampled_from(sorted(presets())), st.data(),
       st.sampled_from(["all_met", "any_games"]), st.integers(0, 10**6), st.sampled_from(["3/1/0", "2/1/0", "5/2/0"]))
def test_every_cell_matches_the_oracle(players, rounds, preset, data, h2h, seed, points):
    tiebreaks = data.draw(orders(preset))
    event = build_event(players, rounds, preset=preset, tiebreaks=tiebreaks, seed=seed, h2h=h2h, wdl_points=points)
    for upto in sorted({1, rounds}):
        assert production(event, upto) == expected(event, upto), (upto, tiebreaks)
