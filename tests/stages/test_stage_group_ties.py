"""A tie inside a group, settled on the ties page like a tie in the standings (found by a review on 2026-11-28:
the page offered only the standings' ties, so three players level in a group stayed in the order of their
names, and the group's winner with them)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration
from tournament.models import Game, Stage
from tournament.pairing.manager import round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.results.standings import event_standings
from tournament.results.tie_decisions import TieRejected, record_tie_decision
from tournament.stages import tables
from tournament.stages.service import stage_draw, stage_pair


def played_cycles(event, organizer, name: str, groups: int) -> Stage:
    """A groups stage of `groups` groups of three, each played as a cycle (everyone wins once 4-1 and loses once
    1-4): level on every tie-break."""
    event.tiebreaks = ["head_to_head", "generals_killed", "elements_destroyed"]  # no drawn lot
    event.save()
    for i in range(1, 3 * groups + 1):
        make_registration(event, make_player(f"{name} {i:02d}"))
    stage = Stage.objects.create(event=event, number=1, name=name, kind="groups", groups=groups, entrants="all",
                                 seeding="standings")
    stage_draw(stage, organizer)
    for _ in range(3):
        rnd = stage_pair(event, organizer)
        round_publish(rnd, organizer)
        for game in rnd.games.filter(is_bye=False):
            result_enter(game, parse_shorthand("4-1", event.edition), organizer)
    return stage


@pytest.fixture
def cycles(event, organizer):
    """Two groups of three, each a cycle: level on every tie-break."""
    stage = played_cycles(event, organizer, "Pools", 2)
    group_a = tables.group_tables(stage)[0]
    assert [r.shared for r in group_a.rows] == [True, True, True]
    return stage, [r.registration_id for r in group_a.rows]


def test_the_service_settles_a_groups_tie_only_when_told_where_the_groups_are(event, organizer, cycles):
    stage, tied = cycles
    with pytest.raises(TieRejected):  # the standings alone: all six are level there, not these three
        record_tie_decision(event, organizer, kind="lot", players=tied, order=tied[::-1], record="d6: 6, 4, 2")
    record_tie_decision(event, organizer, kind="lot", players=tied, order=tied[::-1], record="d6: 6, 4, 2",
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    group_a = tables.group_tables(Stage.objects.get(pk=stage.pk))[0]  # the event read again, with its decision
    assert [(r.registration_id, r.shared, r.settled) for r in group_a.rows] == [(p, False, "lot") for p in tied[::-1]]


@pytest.mark.parametrize(("language", "where"), [("en", "Pools, group A"), ("es", "Pools, grupo A"),
                                                 ("it", "Pools, girone A")])
def test_the_ties_page_offers_a_groups_tie_and_its_decision_orders_the_group(event, organizer_client, cycles,
                                                                            language, where):
    stage, tied = cycles
    url = reverse("tournament:ties", args=[event.slug])
    page = organizer_client.get(url, headers={"Accept-Language": language}).text
    assert where in page
    prefix = f"g{tied[0]}"  # a group's tie
    response = organizer_client.post(url, {
        "players": ",".join(map(str, tied)), "action": "settle", f"{prefix}-kind": "lot",
        f"{prefix}-record": "d6: 6, 4, 2", **{f"{prefix}-place_{n}": pk for n, pk in enumerate(tied[::-1], 1)}},
        headers={"Accept-Language": language})
    assert response.status_code == 302
    assert [r.registration_id for r in tables.group_tables(Stage.objects.get(pk=stage.pk))[0].rows] == tied[::-1]
    event.refresh_from_db()
    assert [(d["kind"], d["players"], d["record"]) for d in event.tie_decisions] == [("lot", tied[::-1], "d6: 6, 4, 2")]


def test_a_groups_tie_decision_is_not_called_stale_under_the_standings(event, organizer, client, cycles):
    """The standings' "how this table is ordered" lists the standings' own decisions: a decision for a tie inside a
    group orders the group's table and is not announced there as "does not apply" (found by a review of this
    change); a backup keeps where the decision belongs."""
    from tournament.results.standings import tie_words
    from tournament.transfer.backup import export_event, import_event

    _stage, tied = cycles
    record_tie_decision(event, organizer, kind="lot", players=tied, order=tied[::-1], record="d6: 6, 4, 2",
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    event.refresh_from_db()
    assert event.tie_decisions[0]["within"] == "group"
    assert tie_words(event) == ()
    assert "does not apply: they are no longer level" not in client.get(reverse("tournament:standings", args=[event.slug])).text
    copy = import_event(export_event(event), slug="copy-of-pools", importer=organizer).event
    assert [d["within"] for d in copy.tie_decisions] == ["group"]


def test_a_groups_tie_decision_does_not_order_the_same_players_in_the_standings(event, organizer, cycles):
    """A lot drawn for three players level in their group orders the group's table; should the same three later be
    level in the event's standings too, that tie is the standings' own, still shared until it is settled there."""
    stage, tied = cycles
    record_tie_decision(event, organizer, kind="lot", players=tied, order=tied[::-1], record="d6: 6, 4, 2",
                        also=lambda e: [tie for _where, tie in tables.group_ties(e)])
    for game in Game.objects.filter(round__event=event, is_bye=False).exclude(seats__registration_id__in=tied):
        result_enter(game, parse_shorthand("4G-1", event.edition), organizer)  # group B now above, and level
    event.refresh_from_db()
    rows = [row for row in event_standings(event) if row.registration_id in tied]
    assert [(row.shared, row.settled) for row in rows] == [(True, "")] * 3
    assert len({row.rank for row in rows}) == 1 and rows[0].rank == 4
    group_a = tables.group_tables(Stage.objects.get(pk=stage.pk))[0]
    assert [(r.registration_id, r.settled) for r in group_a.rows] == [(p, "lot") for p in tied[::-1]]


def settled_in_the_group_then_in_the_standings(event, organizer, tied):
    """A lot drawn in the group orders the three C, B, A; the other games played, the same three are level in the
    standings, where another lot orders them A, B, C."""
    group_ties = lambda e: [tie for _where, tie in tables.group_ties(e)]  # noqa: E731
    record_tie_decision(event, organizer, kind="lot", players=tied, order=tied[::-1], record="d6: 6, 4, 2",
                        also=group_ties)
    for game in Game.objects.filter(round__event=event, is_bye=False).exclude(seats__registration_id__in=tied):
        result_enter(game, parse_shorthand("4G-1", event.edition), organizer)
    event.refresh_from_db()
    record_tie_decision(event, organizer, kind="lot", players=tied, order=tied, record="d6: 5, 3, 1",
                        also=group_ties)
    event.refresh_from_db()


def test_settling_the_standings_tie_keeps_the_groups_own_decision(event, organizer, cycles):
    """A lot drawn in group A put the three in the order C, B, A. Later the same three are level in the event's
    standings (the commit's own scenario) and the organizer settles that tie there with another lot: A, B, C.
    Group A's table still reads C, B, A: the group's lot was drawn and announced, the standings' lot is the
    standings' own."""
    stage, tied = cycles
    settled_in_the_group_then_in_the_standings(event, organizer, tied)
    in_standings = [row.registration_id for row in event_standings(event) if row.registration_id in tied]
    assert in_standings == tied  # the standings' lot orders the standings
    group_a = tables.group_tables(Stage.objects.get(pk=stage.pk))[0]
    assert [(r.registration_id, r.settled) for r in group_a.rows] == [(p, "lot") for p in tied[::-1]], \
        event.tie_decisions


def test_the_ties_page_removes_the_decision_of_the_table_it_names(event, organizer, organizer_client, cycles):
    """The same three players settled in their group's table and in the standings: two decisions, listed apart
    ("in their group's table"); removing one leaves the other."""
    stage, tied = cycles
    settled_in_the_group_then_in_the_standings(event, organizer, tied)
    url = reverse("tournament:ties", args=[event.slug])
    page = organizer_client.get(url).text
    assert page.count("in their group") == 1, page[page.find("Recorded"):][:1500]
    players = ",".join(map(str, tied))
    organizer_client.post(url, {"players": players, "action": "remove", "within": "group"})
    event.refresh_from_db()
    assert [(d["within"], d["record"]) for d in event.tie_decisions] == [("", "d6: 5, 3, 1")]


@pytest.mark.parametrize(("language", "where"), [("en", "Trio, group A"), ("es", "Trio, grupo A"), ("it", "Trio, girone A")])
def test_players_level_in_their_group_and_in_the_standings_at_once_are_settled_in_the_table_chosen(
        event, organizer, organizer_client, language, where):
    """Three players, one group: a cycle leaves them level in the group's table and in the standings at once. The
    ties page offers both; the group's form settles the group's table only, the standings' form the standings only."""
    from tournament.results.standings import event_standings

    stage = played_cycles(event, organizer, "Trio", 1)
    tied = [r.registration_id for r in tables.group_tables(stage)[0].rows]
    url = reverse("tournament:ties", args=[event.slug])
    page = organizer_client.get(url, headers={"Accept-Language": language}).text
    assert page.count('name="within" value="group"') == 1 and page.count('name="within" value=""') == 1
    assert where in page
    standings_lot = {"players": ",".join(map(str, tied)), "action": "settle", "within": "", f"t{tied[0]}-kind": "lot",
                     f"t{tied[0]}-record": "d6: 5, 3, 1", **{f"t{tied[0]}-place_{n}": p for n, p in enumerate(tied, 1)}}
    assert organizer_client.post(url, standings_lot, headers={"Accept-Language": language}).status_code == 302
    event.refresh_from_db()
    assert [row.registration_id for row in event_standings(event)] == tied  # the standings' own lot
    assert all(r.shared and not r.settled for r in tables.group_tables(Stage.objects.get(pk=stage.pk))[0].rows)
    group_lot = {"players": ",".join(map(str, tied)), "action": "settle", "within": "group", f"g{tied[0]}-kind": "lot",
                 f"g{tied[0]}-record": "d6: 6, 4, 2", **{f"g{tied[0]}-place_{n}": p for n, p in enumerate(tied[::-1], 1)}}
    assert organizer_client.post(url, group_lot, headers={"Accept-Language": language}).status_code == 302
    event.refresh_from_db()
    assert sorted(d["within"] for d in event.tie_decisions) == ["", "group"]
    assert [r.registration_id for r in tables.group_tables(Stage.objects.get(pk=stage.pk))[0].rows] == tied[::-1]
    assert [row.registration_id for row in event_standings(event)] == tied  # still the standings' own
