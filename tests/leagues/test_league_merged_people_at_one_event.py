"""One person plays an event once, in the league too (first written by a review). A merge is checked against the
league's events of the moment; an event joining afterwards (or an entry added afterwards to a member event) could hold
both merged records, and the league counted that event twice for one person, with a rated game against themselves.

- An event holding both records of a confirmed merge does not join (invited, asked or accepted): the page names the
  merge and says how to undo it, in en, es and it; once undone, the event joins.
- An entry added to a member event after the merge: the league counts the person's best-placed entry there only, and
  never a rated game of a person against themselves.
- An entry withdrawn before it played a game is no second place and no game against oneself: the event joins, and the
  merge can be undone and made again; one that played a round before dropping is refused as any other."""

from __future__ import annotations

import datetime
import html

import pytest

from tests.factories import make_player, make_user
from tests.leagues.test_league_play import client_for, make_league
from tests.leagues.test_leagues import played_event, played_round
from tournament.leagues import merges, service
from tournament.leagues.table import load_league
from tournament.models import EventRole, LeagueEvent, Registration
from tournament.registration.services import player_register, registration_set_status

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "es", "it")
REFUSAL = {
    "en": ("Ann and A. Smith both have an entry at Autumn, but this league counts them as one person: Ann was merged "
           "into A. Smith.", "undo it under “Merge two people”"),
    "es": ("Ann y A. Smith tienen los dos una inscripción en Autumn, pero esta liga los cuenta como una sola persona: "
           "Ann se fusionó con A. Smith.", "deshacerla en «Fusionar dos personas»"),
    "it": ("Ann e A. Smith hanno entrambi un'iscrizione a Autumn, ma questa lega li conta come una sola persona: Ann è "
           "stato unito a A. Smith.", "annullarla in «Unisci due persone»"),
}


@pytest.fixture
def owner():
    return make_user("leaguer")


@pytest.fixture
def merged_league(owner, organizer):
    """Ann (Spring) and A. Smith (April), each an event of the league, merged as one person (Ann into A. Smith)."""
    league = make_league(owner)
    people = {n: make_player(n) for n in ("Ann", "A. Smith", "Bob", "Cid")}
    for event in (
        played_event(organizer, {"Ann": people["Ann"], "Bob": people["Bob"]}, [[("Ann", "Bob", "4-1")]],
                     date=datetime.date(2026, 3, 1), name="Spring"),
        played_event(organizer, {"A. Smith": people["A. Smith"], "Cid": people["Cid"]}, [[("A. Smith", "Cid", "4-1")]],
                     date=datetime.date(2026, 4, 1), name="April"),
    ):
        EventRole.objects.create(event=event, user=owner, role=EventRole.Role.ORGANIZER)
        service.invite_event(owner, league, event)
    merges.merge(owner, league, people["Ann"].pk, people["A. Smith"].pk)
    return league, people


def _autumn(organizer, people, *, league_organizer=None):
    """The autumn event where the organizer entered both records again: they played each other there."""
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1"), ("A. Smith", "Cid", "4-1")],
                                             [("Ann", "A. Smith", "4-1"), ("Bob", "Cid", "4-1")]],
                         date=datetime.date(2026, 9, 1), name="Autumn")
    if league_organizer is not None:
        EventRole.objects.create(event=event, user=league_organizer, role=EventRole.Role.ORGANIZER)
    return event


def _page(response) -> str:
    return html.unescape(response.content.decode())


def test_an_event_joining_after_a_merge_is_refused_while_it_holds_both_merged_records(owner, organizer, merged_league):
    """The autumn event, where both records played (each other too), does not join the league: one person would have
    two places there (A. Smith 1st *and* 2nd, 15 + 12 points) and a rated game against themselves."""
    league, people = merged_league
    autumn = _autumn(organizer, people, league_organizer=owner)
    with pytest.raises(merges.MergeClash) as refused:
        service.invite_event(owner, league, autumn)
    assert (refused.value.player, refused.value.other, refused.value.into, refused.value.event) == (
        "Ann", "A. Smith", "A. Smith", "Autumn")
    assert not LeagueEvent.objects.filter(league=league, event=autumn).exists()
    assert autumn.pk not in load_league(league).events


@pytest.mark.parametrize("lang", LANGUAGES)
def test_inviting_an_event_with_both_merged_records_names_the_merge_to_undo_and_joins_once_undone(
        lang, owner, organizer, merged_league):
    league, people = merged_league
    autumn = _autumn(organizer, people, league_organizer=owner)
    client = client_for(owner)
    headers = {"Accept-Language": lang}
    response = client.post(f"/leagues/{league.slug}/manage/", {"event": autumn.slug}, headers=headers)
    assert response.status_code == 400
    for words in REFUSAL[lang]:
        assert words in _page(response), _page(response)
    assert not LeagueEvent.objects.filter(league=league, event=autumn).exists()

    # What the page says to do: undo the merge (the management page's Undo), then invite again.
    assert client.post(f"/leagues/{league.slug}/merge/{people['Ann'].pk}/undo/", headers=headers).status_code == 302
    assert client.post(f"/leagues/{league.slug}/manage/", {"event": autumn.slug}, headers=headers).status_code == 302
    data = load_league(league)
    assert autumn.pk in data.events
    assert [r.place for r in data.row_for(people["Ann"].pk).results if r.event == autumn.pk] == [1]
    assert [r.place for r in data.row_for(people["A. Smith"].pk).results if r.event == autumn.pk] == [2]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_accepting_an_invitation_once_a_merge_puts_one_person_there_twice_says_which_merge(
        lang, owner, organizer, merged_league):
    """Invited before the merge (another organizer's event, waiting for them), accepted after it: still refused."""
    league, people = merged_league
    merges.unmerge(owner, league, people["Ann"].pk)
    autumn = _autumn(organizer, people)
    membership = service.invite_event(owner, league, autumn)
    assert membership.state == LeagueEvent.State.INVITED
    # Autumn is not a member yet, so the merge is allowed: Spring and April hold one record each.
    merges.merge(owner, league, people["Ann"].pk, people["A. Smith"].pk)

    response = client_for(organizer).post(f"/leagues/invitations/{membership.pk}/accept/", follow=True,
                                          headers={"Accept-Language": lang})
    for words in REFUSAL[lang]:
        assert words in _page(response), _page(response)
    membership.refresh_from_db()
    assert membership.state == LeagueEvent.State.INVITED
    assert autumn.pk not in load_league(league).events


@pytest.mark.parametrize("lang", LANGUAGES)
def test_asking_to_join_with_both_merged_records_says_which_merge(lang, owner, organizer, merged_league):
    league, people = merged_league
    autumn = _autumn(organizer, people)
    response = client_for(organizer).post(f"/leagues/{league.slug}/join/", {"event": autumn.pk}, follow=True,
                                          headers={"Accept-Language": lang})
    for words in REFUSAL[lang]:
        assert words in _page(response), _page(response)
    assert not LeagueEvent.objects.filter(league=league, event=autumn).exists()


def test_an_entry_added_after_the_event_joined_gives_one_person_one_place_and_no_game_against_themselves(
        owner, organizer, merged_league):
    """Autumn joins with Ann, Bob, Cid and Dee (no clash then). Its organizer then enters A. Smith as well, who plays
    round 2 against Ann: the league counts the person's better place there (Ann's 1st), and rates neither the game of
    A. Smith against A. Smith nor any other game of the second entry; its opponents keep their game points."""
    league, people = merged_league
    dee = make_player("Dee")
    autumn = played_event(organizer, {"Ann": people["Ann"], "Bob": people["Bob"], "Cid": people["Cid"], "Dee": dee},
                          [[("Ann", "Bob", "4-1"), ("Cid", "Dee", "4-1")]], date=datetime.date(2026, 9, 1),
                          name="Autumn")
    EventRole.objects.create(event=autumn, user=owner, role=EventRole.Role.ORGANIZER)
    service.invite_event(owner, league, autumn)
    assert autumn.pk in load_league(league).events

    regs = {reg.player.name: reg for reg in autumn.registrations.select_related("player")}
    regs["A. Smith"] = player_register(event=autumn, player=people["A. Smith"], user=organizer)
    regs["Eve"] = player_register(event=autumn, player=make_player("Eve"), user=organizer)
    played_round(autumn, 2, [("Ann", "A. Smith", "4-1"), ("Bob", "Cid", "4-1"), ("Eve", "Dee", "4-1")], regs, organizer)
    played_round(autumn, 3, [("A. Smith", "Eve", "4-1"), ("Ann", "Cid", "4-1"), ("Bob", "Dee", "4-1")], regs, organizer)

    data = load_league(league)
    row = data.row_for(people["A. Smith"].pk)
    at_autumn = [(r.place, r.points) for r in row.results if r.event == autumn.pk]
    assert [place for place, _points in at_autumn] == [1], f"A. Smith at Autumn: {at_autumn}; points {row.points}"
    assert data.row_for(people["Ann"].pk) is None  # merged: counted as A. Smith
    assert not [g for g in data.games if g.a == g.b], "a rated game of one person against themselves"
    autumn_games = [g for g in data.games if g.period[1] == autumn.pk]
    # Rated: round 1's two games, round 2's Bob-Cid and Eve-Dee, round 3's Ann-Cid and Bob-Dee; not the second
    # entry's two games (against Ann, against Eve).
    assert len(autumn_games) == 6, autumn_games
    assert row.games == 2 + 3  # Spring and April, and the three games of the entry that counts at Autumn
    assert data.row_for(regs["Eve"].player_id).games == 2  # Eve keeps the game she lost to the second entry


def _with_a_withdrawn_entry(organizer, owner, people, *, ann_plays_round_1: bool):
    """Autumn, with both records entered: Ann withdrawn (before round 1, or after playing it), A. Smith playing on."""
    everyone = {**people, "Dee": make_player("Dee")}
    autumn = played_event(organizer, everyone, [], date=datetime.date(2026, 9, 1), name="Autumn")
    EventRole.objects.create(event=autumn, user=owner, role=EventRole.Role.ORGANIZER)
    regs = {reg.name: reg for reg in autumn.registrations.all()}
    if ann_plays_round_1:
        played_round(autumn, 1, [("Ann", "Dee", "4-1"), ("A. Smith", "Bob", "4-1")], regs, organizer)
        registration_set_status(reg=regs["Ann"], status=Registration.Status.DROPPED, user=organizer)
        played_round(autumn, 2, [("A. Smith", "Cid", "4-1"), ("Bob", "Dee", "4-1")], regs, organizer)
    else:
        registration_set_status(reg=regs["Ann"], status=Registration.Status.DROPPED, user=organizer)
        played_round(autumn, 1, [("A. Smith", "Bob", "4-1"), ("Cid", "Dee", "4-1")], regs, organizer)
    return autumn


def test_an_event_where_one_merged_record_withdrew_before_playing_joins_and_counts_the_person_once(
        owner, organizer, merged_league):
    """Ann, merged into A. Smith, was entered at Autumn too and withdrawn before round 1 (a duplicate entry, or a
    late cancellation): she has no place and no game there, so Autumn holds the person once. It joins from the
    management page; A. Smith's win counts, once; the merge can be undone and made again."""
    league, people = merged_league
    autumn = _with_a_withdrawn_entry(organizer, owner, people, ann_plays_round_1=False)
    response = client_for(owner).post(f"/leagues/{league.slug}/manage/", {"event": autumn.slug}, follow=True)
    assert "The event is in the league now." in _page(response), _page(response)
    assert LeagueEvent.objects.get(league=league, event=autumn).state == LeagueEvent.State.ACCEPTED

    data = load_league(league)
    row = data.row_for(people["A. Smith"].pk)
    assert [r.place for r in row.results if r.event == autumn.pk] == [1]
    assert row.games == 1 + 1 + 1  # Spring (as Ann), April and Autumn
    assert not [g for g in data.games if g.a == g.b]

    merges.unmerge(owner, league, people["Ann"].pk)
    merges.merge(owner, league, people["Ann"].pk, people["A. Smith"].pk)  # Autumn gives Ann no second entry


def test_an_event_where_one_merged_record_played_before_withdrawing_is_still_refused(owner, organizer, merged_league):
    """Ann played Autumn's round 1 and then withdrew; A. Smith played both rounds: the person would have two places
    there and two results in round 1, so Autumn does not join while the merge stands."""
    league, people = merged_league
    autumn = _with_a_withdrawn_entry(organizer, owner, people, ann_plays_round_1=True)
    with pytest.raises(merges.MergeClash):
        service.invite_event(owner, league, autumn)
    assert not LeagueEvent.objects.filter(league=league, event=autumn).exists()
