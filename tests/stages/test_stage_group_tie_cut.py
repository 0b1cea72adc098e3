"""A cut after groups through a group's tie that nothing settles: like the cut after the Swiss rounds, it is
refused until the tie is settled on the ties page (a playoff, a lot...), not drawn in the order of the names; so is
a cut through players of one place in different groups level on everything the event compares them by (the best
runner-up of two identical groups), not drawn in the order of the groups' letters."""
from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tests.stages.service_play import play_until_done, stage
from tournament.models import StageEntry
from tournament.results.tie_decisions import current_ties, record_tie_decision
from tournament.stages import tables
from tournament.stages.service import StageError, stage_draw

NAMES = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


def level_at_the_top(event, organizer):
    """Two groups of four; in each, the first two drew their game on time (2-2) and beat the others 4-1: level on
    every tie-break (no drawn lot among the event's tie-breaks)."""
    event.tiebreaks = ["generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in NAMES}
    name_of = {r.pk: n for n, r in regs.items()}
    strength = {r.pk: i for i, r in enumerate(regs.values())}
    groups = stage(event, 1, kind="groups", groups=2, seeding="organizer")
    final = stage(event, 2, kind="single", entrants="winners", source=groups, cut=2)
    stage_draw(groups, organizer, {r.pk: 1 if n[0] == "A" else 2 for n, r in regs.items()})

    def result(game, a, b):
        if {name_of[a], name_of[b]} in ({"A1", "A2"}, {"B1", "B2"}):
            return "2-2T"
        return "4-1" if strength[a] < strength[b] else "1-4"

    play_until_done(event, organizer, strength, result)
    return regs, name_of, groups, final


def test_the_group_winners_final_is_not_drawn_through_an_unsettled_tie_for_a_groups_first_place(event, organizer):
    regs, name_of, groups, final = level_at_the_top(event, organizer)
    # Group A's tie settled by a playoff game (A2 won it); group B's left unsettled.
    record_tie_decision(event, organizer, kind="playoff", players=[regs["A1"].pk, regs["A2"].pk], result="1-4",
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    event.refresh_from_db()
    group_b = tables.group_tables(groups)[1]
    assert [(name_of[r.registration_id], r.shared) for r in group_b.rows[:2]] == [("B1", True), ("B2", True)]
    with pytest.raises(StageError, match="B1.*B2|B2.*B1"):
        stage_draw(final, organizer)  # B1 would be group B's winner only because "B1" sorts before "B2"
    assert not StageEntry.objects.filter(stage=final).exists()


def test_the_group_winners_final_draws_once_each_groups_tie_is_decided(event, organizer):
    regs, _name_of, _groups, final = level_at_the_top(event, organizer)
    ties = lambda e: [tie for _where, tie in tables.group_ties(e)]  # noqa: E731
    record_tie_decision(event, organizer, kind="playoff", players=[regs["A1"].pk, regs["A2"].pk], result="1-4",
                        also=ties)
    record_tie_decision(event, organizer, kind="playoff", players=[regs["B1"].pk, regs["B2"].pk], result="1-4",
                        also=ties)
    event.refresh_from_db()
    stage_draw(final, organizer)
    assert set(StageEntry.objects.filter(stage=final).values_list("registration_id", flat=True)) == {
        regs["A2"].pk, regs["B2"].pk}


SAYS = {
    "en": ("share a place in their group (S1, group B)", "settle their tie on the ties page first"),
    "es": ("comparten un puesto en su grupo (S1, grupo B)", "resuelve antes su empate en la página de empates"),
    "it": ("condividono un posto nel loro girone (S1, girone B)", "risolvi prima la loro parità"),
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_draw_page_says_which_groups_tie_to_settle_in_the_readers_language(organizer_client, event, organizer,
                                                                             language):
    regs, _name_of, _groups, final = level_at_the_top(event, organizer)  # the groups stage is "S1"
    record_tie_decision(event, organizer, kind="playoff", players=[regs["A1"].pk, regs["A2"].pk], result="1-4",
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, final.number]), follow=True)
    assert response.status_code == 200
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())
    assert all(words in said for words in SAYS[language]), said[:3000]
    assert "B1, B2" in said
    final.refresh_from_db()
    assert final.drawn_at is None


# --- runners-up of different groups level on everything the event compares them by ------------------------------

RUNNERS_UP = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


def identical_groups(event, organizer, cut=3):
    """Two groups of four played to the same results: in each, 1 beats everyone 4-1, 2 beats 3 and 4, 3 beats 4. The
    group winners and the best runner-up (K=3): A2 and B2 have the same record, game for game, and nothing the
    event ranks by tells them apart (no drawn lot among its tie-breaks)."""
    event.tiebreaks = ["generals_killed", "elements_destroyed"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in RUNNERS_UP}
    strength = {r.pk: int(n[1]) for n, r in regs.items()}
    groups = stage(event, 1, kind="groups", groups=2, seeding="organizer")
    final = stage(event, 2, kind="single", entrants="winners", source=groups, cut=cut, third_place=False)
    stage_draw(groups, organizer, {r.pk: 1 if n[0] == "A" else 2 for n, r in regs.items()})
    play_until_done(event, organizer, strength)
    return regs, groups, final


def drawn_into(final) -> set[int]:
    return set(StageEntry.objects.filter(stage=final).values_list("registration_id", flat=True))


def test_a_cut_after_groups_through_runners_up_of_different_groups_level_on_everything_is_refused(event, organizer):
    regs, groups, final = identical_groups(event, organizer)
    tabled = {t.letter: t for t in tables.group_tables(groups)}
    a2, b2 = tabled["A"].rows[1], tabled["B"].rows[1]
    assert (a2.registration_id, b2.registration_id) == (regs["A2"].pk, regs["B2"].pk) and a2.values == b2.values
    # Not A2 because group A comes before group B: refused, naming them.
    with pytest.raises(StageError, match="A2, B2 are level across the groups of S1 and the cut splits them"):
        stage_draw(final, organizer)
    assert not drawn_into(final)
    # The ties page offers them: here as the standings' own tie (level there too), and as the cut's.
    assert (regs["A2"].pk, regs["B2"].pk) in [tuple(sorted(t)) for t in current_ties(event)]
    assert [(where, set(tie)) for where, tie in tables.cut_ties(event)] == [
        ("S2: level across the groups of S1", {regs["A2"].pk, regs["B2"].pk})]


def test_a_decision_recorded_for_the_level_runners_up_in_the_standings_orders_the_cut(event, organizer):
    regs, _groups, final = identical_groups(event, organizer)
    record_tie_decision(event, organizer, kind="playoff", players=[regs["B2"].pk, regs["A2"].pk], result="4-1")
    event.refresh_from_db()
    stage_draw(final, organizer)
    assert drawn_into(final) == {regs["A1"].pk, regs["B1"].pk, regs["B2"].pk}


def test_a_decision_recorded_for_the_cuts_tie_orders_it_and_a_shared_place_does_not(event, organizer):
    regs, _groups, final = identical_groups(event, organizer)
    cut_ties = lambda e: [tie for _where, tie in tables.cut_ties(e)]  # noqa: E731
    record_tie_decision(event, organizer, kind="shared", players=[regs["A2"].pk, regs["B2"].pk], also=cut_ties,
                        within="group")
    event.refresh_from_db()
    with pytest.raises(StageError, match="A2, B2"):
        stage_draw(final, organizer)  # a shared place is no order for the cut
    record_tie_decision(event, organizer, kind="lot", players=[regs["A2"].pk, regs["B2"].pk], record="B2 5, A2 2",
                        order=[regs["B2"].pk, regs["A2"].pk], also=cut_ties, within="group")
    event.refresh_from_db()
    stage_draw(final, organizer)
    assert drawn_into(final) == {regs["A1"].pk, regs["B1"].pk, regs["B2"].pk}


ACROSS = {
    "en": ("A2, B2 are level across the groups of S1 and the cut splits them",
           "settle their tie on the ties page first"),
    "es": ("A2, B2 están empatados entre los grupos de S1 y el corte los divide",
           "resuelve antes su empate en la página de empates"),
    "it": ("A2, B2 sono in parità tra i gironi di S1 e il taglio li divide", "risolvi prima la loro parità"),
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_draw_page_names_the_runners_up_level_across_the_groups_in_the_readers_language(
        organizer_client, event, organizer, language):
    _regs, _groups, final = identical_groups(event, organizer)
    organizer_client.cookies["django_language"] = language
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, final.number]), follow=True)
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())
    assert all(words in said for words in ACROSS[language]), said[:3000]
    final.refresh_from_db()
    assert final.drawn_at is None


@pytest.mark.parametrize(("language", "words", "group_words"), [
    ("en", "across the groups, for the cut", "in their group's table"),
    ("es", "entre los grupos, para el corte", "en la clasificación de su grupo"),
    ("it", "tra i gironi, per il taglio", "nella classifica del loro girone"),
])
def test_the_ties_page_lists_a_decision_for_the_cut_as_across_the_groups_not_in_a_group(
        organizer_client, event, organizer, language, words, group_words):
    """A decision for runners-up level across the groups is kept as a groups-stage decision; the page said it was
    "in their group's table" until 2026-11-28, though they are in two groups."""
    regs, _groups, _final = identical_groups(event, organizer)
    cut_ties = lambda e: [tie for _where, tie in tables.cut_ties(e)]  # noqa: E731
    record_tie_decision(event, organizer, kind="lot", players=[regs["A2"].pk, regs["B2"].pk], record="B2 5, A2 2",
                        order=[regs["B2"].pk, regs["A2"].pk], also=cut_ties, within="group")
    organizer_client.cookies["django_language"] = language
    page = unescape(organizer_client.get(reverse("tournament:ties", args=[event.slug])).text)
    recorded = page[page.rindex("<h2>"):]  # the recorded decisions, last on the page
    assert "B2 5, A2 2" in recorded and f"({words})" in recorded and group_words not in recorded
