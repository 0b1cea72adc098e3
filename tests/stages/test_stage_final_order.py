"""An event decided in its stages is ordered by its final placings everywhere the end of the event is shown:
the final page's podium, the final-standings PDF and the podium certificate follow the bracket's places, not
the points (the Swiss leader can lose the final)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.pairing.test_rounds import enter, games, pair, publish
from tests.stages.test_stage_events import add_stage, draw, field, pdf_text, play_until_done, text_of

WORDS = {
    "en": {"place": "Place", "placed_by": "Placed by", "swiss": "Swiss rounds", "first": "First place",
           "third": "Third place"},
    "es": {"place": "Puesto", "placed_by": "Puesto decidido en", "swiss": "Rondas suizas", "first": "Primer puesto",
           "third": "Tercer puesto"},
    "it": {"place": "Piazzamento", "placed_by": "Piazzamento deciso in", "swiss": "Turni svizzeri", "first": "Primo posto",
           "third": "Terzo posto"},
}


def swiss_then_a_cut_won_by_upsets(organizer_client, event):
    """8 players, 2 Swiss rounds won by the stronger, then a top-4 cut where the weaker side wins every game."""
    event.rounds_planned = 2
    event.save()
    _regs, strength = field(event, 8)
    cut = add_stage(organizer_client, event, name="Top 4", kind="single", entrants="top", cut=4)
    for _ in range(2):
        rnd = pair(organizer_client, event)
        publish(organizer_client, event, rnd)
        for game in games(rnd):
            a, b = game.seats.order_by("side")
            stronger = strength[a.registration_id] < strength[b.registration_id]
            assert enter(organizer_client, event, game, "4-1" if stronger else "1-4").status_code == 302
    draw(organizer_client, event, cut)
    upsets = {pk: -s for pk, s in strength.items()}
    play_until_done(organizer_client, event, upsets)
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302


def final_placings(client, event) -> list[tuple[str, str, str]]:
    page = client.get(reverse("tournament:final", args=[event.slug]))
    table = re.search(r'<table id="placings">(.*?)</table>', page.text, re.S).group(1)
    return re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td><td>([^<]+)</td></tr>", table)


def by_points(client, event, upto=None) -> list[str]:
    url = reverse("tournament:standings", args=[event.slug]) + (f"?round={upto}" if upto else "")
    table = client.get(url).text
    return re.findall(r'/standings/\d+/[^"]*">([^<]+)</a>', table)


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_final_page_and_both_pdfs_follow_the_stage_placings(organizer_client, client, event, language):
    swiss_then_a_cut_won_by_upsets(organizer_client, event)
    words = WORDS[language]
    client.cookies["django_language"] = language
    placed = final_placings(client, event)
    names = [name for _place, name, _stage in placed]
    points_order = by_points(client, event, upto=2)  # the standings after the two Swiss rounds
    assert names[:4] != points_order[:4]  # the upsets: the bracket's order is not the points'
    assert [p[0] for p in placed[:4]] == ["1", "2", "3", "4"] and {p[2] for p in placed[:4]} == {"Top 4"}
    assert {p[2] for p in placed[4:]} == {words["swiss"]}
    assert names[4:] == [n for n in points_order if n not in names[:4]]  # the rest by the Swiss standings

    page = text_of(client.get(reverse("tournament:final", args=[event.slug])).text)
    podium = page.split(words["first"], 1)[1]
    assert podium.index(names[0]) < podium.index(names[1]) < podium.index(names[2])
    assert words["third"] in podium and "Top 4" in podium

    certificate = pdf_text(client.get(reverse("tournament:podium_pdf", args=[event.slug])).content)
    assert certificate.index(names[0]) < certificate.index(names[1]) < certificate.index(names[2])
    assert names[3] not in certificate and words["first"] in certificate

    final = pdf_text(client.get(reverse("tournament:final_pdf", args=[event.slug])).content)
    assert words["place"] in final and words["placed_by"] in final
    assert [final.index(n) for n in names] == sorted(final.index(n) for n in names)


def test_an_event_without_stages_keeps_the_standings_order(organizer_client, client, event):
    event.rounds_planned = 1
    event.save()
    _regs, strength = field(event, 4)
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    for game in games(rnd):
        a, b = game.seats.order_by("side")
        assert enter(organizer_client, event, game, "4-1" if strength[a.registration_id] < strength[b.registration_id]
                     else "1-4").status_code == 302
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    order = by_points(client, event)
    final = pdf_text(client.get(reverse("tournament:final_pdf", args=[event.slug])).content)
    assert [final.index(n) for n in order] == sorted(final.index(n) for n in order) and "Placed by" not in final
