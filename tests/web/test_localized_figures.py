"""Figures and dates on Spanish and Italian pages written as the rest of the site writes them (found by a review on
2026-11-28): the league's "about" page wrote a coin's figures as 50.0% and 0.693 beside the rating's 50,0% and
0,693, and the own-scoring page named the organizer's other events with an ISO date."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.house.test_untranslated_strings import demo  # noqa: F401  (the played demo event in a league)
from tests.untranslated import visible_text


@pytest.mark.parametrize("language", ["es", "it"])
def test_the_league_about_page_writes_every_figure_with_a_decimal_comma(demo, client, language):  # noqa: F811
    response = client.get(reverse("leagues:about", args=[demo["league"].slug]), headers={"Accept-Language": language})
    assert response.status_code == 200
    text = visible_text(response.content.decode(), language)
    assert "50,0%" in text and "0,693" in text
    assert not re.findall(r"(?<!DBA )\b\d+\.\d+\b", text)  # "DBA 3.0" is an edition's name


@pytest.mark.parametrize(("language", "shown"), [("en", "May 9, 2026"), ("es", "9 de mayo de 2026"),
                                                 ("it", "9 maggio 2026")])
def test_own_scoring_names_the_organizers_other_events_with_the_sites_dates(demo, organizer_client, language,  # noqa: F811
                                                                            shown):
    response = organizer_client.get(reverse("tournament:own_scoring", args=[demo["event"].slug]),
                                    headers={"Accept-Language": language})
    assert response.status_code == 200
    assert f"Otro Torneo ({shown})" in response.text and "(2026-05-09)" not in response.text
