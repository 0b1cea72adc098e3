"""An event decided in its stages is ordered by its final placings everywhere the end of the event is shown:
the final page's podium, the final-standings PDF and the podium certificate follow the bracket's places, not
the points (the Swiss leader can lose the final); players sharing their place in a group share it there too."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tests.pairing.test_rounds import enter, games, pair, publish
from tests.stages.service_play import play_until_done as play_until_done_by_services
from tests.stages.service_play import stage
from tests.stages.test_stage_events import add_stage, draw, field, pdf_text, placings, play_until_done, text_of
from tournament.results.tie_decisions import record_tie_decision
from tournament.stages import tables
from tournament.stages.service import stage_draw
from tournament.transfer.exports import read_table

WORDS = {
    "en": {"place": "Place", "placed_by": "Placed by", "swiss": "Swiss rounds", "first": "First place",
           "second": "Second place", "third": "Third place", "shared": "shared"},
    "es": {"place": "Puesto", "placed_by": "Puesto decidido en", "swiss": "Rondas suizas", "first": "Primer puesto",
           "second": "Segundo puesto", "third": "Tercer puesto", "shared": "compartido"},
    "it": {"place": "Piazzamento", "placed_by": "Piazzamento deciso in", "swiss": "Turni svizzeri", "first": "Primo posto",
           "second": "Secondo posto", "third": "Terzo posto", "shared": "a pari merito"},
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

    page = client.get(reverse("tournament:final", args=[event.slug])).text  # its CSV and XLSX: the same order
    for fmt in ("csv", "xlsx"):
        url = reverse("tournament:final_export", args=[event.slug, fmt])
        assert f'href="{url}"' in page
        sheet = read_table(client.get(url).content, f"final.{fmt}")
        assert list(sheet.columns[:3]) == [words["place"], sheet.columns[1], words["placed_by"]]
        assert list(sheet.iloc[:, 1]) == names and [str(p) for p in sheet.iloc[:4, 0]] == ["1", "2", "3", "4"]


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


def round_robin_with_a_tie(event, organizer):
    """One group of four, the whole event: Ana beats everyone 4-1; Bruno and Carla draw on time 2-2 and each beat
    Dario 4-1. Bruno and Carla are level on points, head-to-head, generals and elements (no drawn lot)."""
    event.tiebreaks = ["head_to_head", "generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in ["Ana", "Bruno", "Carla", "Dario"]}
    name_of = {r.pk: n for n, r in regs.items()}
    strength = {r.pk: i for i, r in enumerate(regs.values())}
    groups = stage(event, 1, kind="groups", groups=1)
    stage_draw(groups, organizer)

    def result(_game, a, b):
        if {name_of[a], name_of[b]} == {"Bruno", "Carla"}:
            return "2-2T"
        return "4-1" if strength[a] < strength[b] else "1-4"

    play_until_done_by_services(event, organizer, strength, result)
    return regs, name_of, groups


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_players_sharing_their_group_place_share_it_on_the_final_page_its_pdf_and_the_podium(
        organizer_client, client, event, organizer, language):
    regs, name_of, groups = round_robin_with_a_tie(event, organizer)
    (table,) = tables.group_tables(groups)
    assert [(name_of[r.registration_id], r.rank, r.shared) for r in table.rows] == [
        ("Ana", 1, False), ("Bruno", 2, True), ("Carla", 2, True), ("Dario", 4, False)]
    # The organizer records on the ties page that they share 2nd place (as nothing else would, before too).
    record_tie_decision(event, organizer, kind="shared", players=[regs["Bruno"].pk, regs["Carla"].pk],
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    event.refresh_from_db()
    assert [(place, name_of[p]) for place, p, _stage in tables.final_placings(event)] == [
        (1, "Ana"), (2, "Bruno"), (2, "Carla"), (4, "Dario")]  # not 2nd and 3rd by their names
    assert {name: place for place, name, _stage in placings(client, event)} == {
        "Ana": "1", "Bruno": "2", "Carla": "2", "Dario": "4"}  # the stage's own page
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    client.cookies["django_language"] = language
    words = WORDS[language]
    assert [(place, name) for place, name, _stage in final_placings(client, event)] == [
        ("1", "Ana"), ("2", "Bruno"), ("2", "Carla"), ("4", "Dario")]
    podium = text_of(client.get(reverse("tournament:final", args=[event.slug])).text).split(words["first"], 1)[1]
    assert podium.count(f"{words['second']} ({words['shared']})") == 2 and "Dario" not in podium.split("Carla")[0]
    certificate = pdf_text(client.get(reverse("tournament:podium_pdf", args=[event.slug])).content)
    assert certificate.count(f"{words['second']} ({words['shared']})") == 2 and words["third"] not in certificate
    final = pdf_text(client.get(reverse("tournament:final_pdf", args=[event.slug])).content)
    assert re.search(r"2\s+Bruno.*2\s+Carla.*4\s+Dario", final, re.S), final
