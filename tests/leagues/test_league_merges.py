"""Merges seen as the people they join (first written by a review): a chain of merges never gives one person
two entries of one event; an account holder confirms, and takes back, every entry a suggestion gives them;
an account holder whose played entries were merged into them reports ladder games."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import make_event, make_player, make_registration, make_user
from tests.leagues.test_league_play import client_for, make_league
from tests.leagues.test_leagues import join, played_event
from tournament.leagues import ladder, merges
from tournament.leagues.table import load_league
from tournament.models import LadderGame, LadderPair, LeagueEvent, LeagueMerge

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "es", "it")


@pytest.fixture
def owner():
    return make_user("leaguer")


@pytest.fixture
def league(owner):
    return make_league(owner)


@pytest.fixture
def spring_pair(league, owner):
    """Ann played Ann S. at the spring event (two people); A. Smith played Bob in autumn. The league
    organizer merged Ann into A. Smith: one person with the spring and the autumn events."""
    org = make_user("org")
    ann, ann_s, smith, bob = make_player("Ann"), make_player("Ann S."), make_player("A. Smith"), make_player("Bob")
    join(league, played_event(org, {"Ann": ann, "Ann S.": ann_s}, [[("Ann", "Ann S.", "4-1")]],
                              date=datetime.date(2026, 3, 1), name="Spring Open"))
    join(league, played_event(org, {"A. Smith": smith, "Bob": bob}, [[("A. Smith", "Bob", "4-1")]],
                              date=datetime.date(2026, 9, 1), name="Autumn Open"))
    merges.merge(owner, league, ann.pk, smith.pk)
    return ann, ann_s, smith


def _one_entry_per_event(league, person_id) -> None:
    row = load_league(league).row_for(person_id)
    events = [r.event for r in row.results]
    assert len(events) == len(set(events)), f"one person, places {[(r.event, r.place) for r in row.results]}"


def test_a_second_merge_never_gives_one_person_two_entries_of_the_same_event(league, owner, spring_pair):
    """Merging Ann S. into A. Smith (who already holds Ann's spring entry) is refused, naming the spring
    event; the table keeps one place per event for A. Smith."""
    _ann, ann_s, smith = spring_pair
    with pytest.raises(merges.MergeRefused) as refused:
        merges.merge(owner, league, ann_s.pk, smith.pk)
    assert str(refused.value) == "same_event_merged" and refused.value.event == "Spring Open"
    # The other way round too: A. Smith, with Ann's spring entry, into Ann S.
    with pytest.raises(merges.MergeRefused):
        merges.merge(owner, league, smith.pk, ann_s.pk)
    assert LeagueMerge.objects.count() == 1
    _one_entry_per_event(league, smith.pk)
    assert load_league(league).row_for(ann_s.pk) is not None  # Ann S. is still her own person


def test_a_suggestion_never_gives_an_account_holder_two_entries_of_the_same_event(league, owner, spring_pair):
    """Ann S. has an account; A. Smith (holding Ann's spring entry) is suggested to her: refused at once, and
    if the clash comes later (a suggestion waiting while the organizer merges), her confirmation is refused."""
    _ann, ann_s, smith = spring_pair
    ann_s.user = make_user("ann-s")
    ann_s.save()
    with pytest.raises(merges.MergeRefused):
        merges.suggest(owner, league, smith.pk, ann_s.pk)
    # Dee (winter) is suggested to Ann S. while still apart from A. Smith ...
    dee, eve = make_player("Dee"), make_player("Eve")
    join(league, played_event(make_user("org2"), {"Dee": dee, "Eve": eve}, [[("Dee", "Eve", "4-1")]],
                              date=datetime.date(2026, 11, 1), name="Winter Open"))
    merges.suggest(owner, league, dee.pk, ann_s.pk)
    merges.merge(owner, league, smith.pk, dee.pk)  # ... then A. Smith (and Ann's spring entry) merge into Dee
    with pytest.raises(merges.MergeRefused):
        merges.answer(ann_s.user, league, dee.pk, confirm=True)
    _one_entry_per_event(league, ann_s.pk)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_merge_page_names_the_event_a_chain_of_merges_would_give_twice(league, owner, spring_pair, lang):
    """The organizer's preview of merging Ann S. into A. Smith says why not, naming the spring event."""
    _ann, ann_s, smith = spring_pair
    sentence = {
        "en": "Both already count an entry at Spring Open (one of them through a person merged into them), "
              "so they are two people.",
        "es": "Los dos ya cuentan una inscripción en Spring Open (uno de ellos a través de una persona unida a "
              "él), así que son dos personas.",
        "it": "Entrambi contano già un&#x27;iscrizione a Spring Open (uno dei due tramite una persona unita a "
              "lui), quindi sono due persone.",
    }[lang]
    client = client_for(owner)
    for method in (client.get, client.post):
        response = method("/leagues/club-ladder/merge/", {"player": ann_s.pk, "into": smith.pk},
                          headers={"Accept-Language": lang})
        assert response.status_code == 400
        assert sentence in response.content.decode()
    assert LeagueMerge.objects.count() == 1


@pytest.fixture
def followers(league, owner):
    """Ann (account) played the summer event. "A. Smith" (spring) and "Anne Smyth" (winter) have no account;
    the league organizer merged Smyth into Smith, then suggested Smith to Ann."""
    org = make_user("org")
    ann = make_player("Ann", user=make_user("ann"))
    smith, smyth, bob, cid, dee = (make_player(n) for n in ("A. Smith", "Anne Smyth", "Bob", "Cid", "Dee"))
    join(league, played_event(org, {"A. Smith": smith, "Bob": bob}, [[("A. Smith", "Bob", "4-1")]],
                              date=datetime.date(2026, 3, 1), name="Spring Open"))
    join(league, played_event(org, {"Ann": ann, "Cid": cid}, [[("Ann", "Cid", "4-1")]],
                              date=datetime.date(2026, 6, 1), name="Summer Open"))
    join(league, played_event(org, {"Anne Smyth": smyth, "Dee": dee}, [[("Anne Smyth", "Dee", "4-1")]],
                              date=datetime.date(2026, 11, 1), name="Winter Open"))
    merges.merge(owner, league, smyth.pk, smith.pk)
    merges.suggest(owner, league, smith.pk, ann.pk)
    return ann, smith, smyth


def _events_of(league, person_id) -> set[str]:
    data = load_league(league)
    return {data.events[r.event].name for r in data.row_for(person_id).results}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_account_holder_sees_every_entry_a_suggestion_would_give_them(league, followers, lang):
    """Ann's "Are these entries yours?" page lists A. Smith's spring entry and the winter entry the organizer
    had merged into A. Smith, saying so; confirming gives her exactly what the page listed."""
    ann, smith, _smyth = followers
    label = {"en": "suggested: the league organizer merged it with A. Smith",
             "es": "propuesta: el organizador de la liga la unió a A. Smith",
             "it": "proposta: l'organizzatore della lega l'ha unita a A. Smith"}[lang]
    page = client_for(ann.user).get("/leagues/merges/", headers={"Accept-Language": lang}).content.decode()
    assert "Spring Open" in page and "Winter Open" in page and "Summer Open" in page
    assert "Anne Smyth" in page and label in page
    assert page.count(label) == 1  # the spring entry is A. Smith's own
    merges.answer(ann.user, league, smith.pk, confirm=True)
    assert _events_of(league, ann.pk) == {"Spring Open", "Summer Open", "Winter Open"}


def test_undoing_a_confirmed_suggestion_takes_back_every_entry_it_gave(league, followers):
    """Ann confirms, then says "A. Smith is not me": the spring and the winter entries both leave her, and
    A. Smith is again the person the organizer made of the two."""
    ann, smith, smyth = followers
    client = client_for(ann.user)
    assert client.post(f"/leagues/club-ladder/merge/{smith.pk}/answer/confirm/").status_code == 302
    assert client.post(f"/leagues/club-ladder/merge/{smith.pk}/mine/undo/").status_code == 302
    assert _events_of(league, ann.pk) == {"Summer Open"}
    assert _events_of(league, smith.pk) == {"Spring Open", "Winter Open"}
    assert list(LeagueMerge.objects.values_list("player_id", "into_id", "via")) == [(smyth.pk, smith.pk, None)]


def test_the_league_organizer_undoing_it_takes_back_every_entry_too(league, owner, followers):
    ann, smith, _smyth = followers
    merges.answer(ann.user, league, smith.pk, confirm=True)
    assert client_for(owner).post(f"/leagues/club-ladder/merge/{smith.pk}/undo/").status_code == 302
    assert _events_of(league, ann.pk) == {"Summer Open"}
    assert _events_of(league, smith.pk) == {"Spring Open", "Winter Open"}


def test_undoing_merges_one_by_one_gives_each_back_to_whom_it_came_with(league, owner, followers):
    """After Ann confirms, the organizer takes Anne Smyth alone out (she is not Ann): A. Smith's spring entry
    stays with Ann, the winter one is Smyth's own again; Ann's undo then takes back A. Smith only."""
    ann, smith, smyth = followers
    merges.answer(ann.user, league, smith.pk, confirm=True)
    merges.unmerge(owner, league, smyth.pk)  # Anne Smyth alone is not Ann: she leaves, A. Smith stays
    assert _events_of(league, ann.pk) == {"Spring Open", "Summer Open"}
    assert _events_of(league, smyth.pk) == {"Winter Open"}
    merges.unmerge(ann.user, league, smith.pk)
    assert _events_of(league, ann.pk) == {"Summer Open"} and not LeagueMerge.objects.exists()


def test_undoing_an_organizers_merge_takes_back_the_people_merged_into_it_before(league, owner):
    """P1 was merged into P2, then P2 into P3: undoing P2's merge leaves P3 alone again, and P1 with P2."""
    org = make_user("org")
    people = [make_player(f"P{n}") for n in (1, 2, 3)]
    for n, (person, month) in enumerate(zip(people, (3, 6, 9), strict=True), start=1):
        join(league, played_event(org, {f"P{n}": person, f"Q{n}": make_player(f"Q{n}")}, [[(f"P{n}", f"Q{n}", "4-1")]],
                                  date=datetime.date(2026, month, 1), name=f"Open {n}"))
    p1, p2, p3 = people
    merges.merge(owner, league, p1.pk, p2.pk)
    merges.merge(owner, league, p2.pk, p3.pk)
    assert _events_of(league, p3.pk) == {"Open 1", "Open 2", "Open 3"}
    merges.unmerge(owner, league, p2.pk)
    assert _events_of(league, p3.pk) == {"Open 3"}
    assert _events_of(league, p2.pk) == {"Open 1", "Open 2"}


@pytest.fixture
def played_through_a_merge(league, owner):
    """Ann's game in the league was entered without her account ("A. Smith", against Bob); she confirmed it
    is hers. Her own account's entry is at a later event, not played yet."""
    ann = make_player("Ann", user=make_user("ann"))
    bob = make_player("Bob", user=make_user("bob"))
    smith = make_player("A. Smith")
    join(league, played_event(make_user("org"), {"A. Smith": smith, "Bob": bob}, [[("A. Smith", "Bob", "4-1")]],
                              date=datetime.date(2026, 3, 1)))
    upcoming = make_event(date=datetime.date(2026, 11, 1))
    make_registration(upcoming, ann, name="Ann")
    LeagueEvent.objects.create(league=league, event=upcoming, state=LeagueEvent.State.ACCEPTED)
    merges.suggest(owner, league, smith.pk, ann.pk)
    merges.answer(ann.user, league, smith.pk, confirm=True)
    assert load_league(league).row_for(ann.pk).games == 1  # the league counts the game as hers
    return ann, bob


def test_an_account_holder_whose_played_entries_were_merged_into_them_may_report_ladder_games(played_through_a_merge):
    """Ann opens the ladder page and finds the report form (not "only players who played in one of the
    league's events"); her game against Bob counts once he confirms, without waiting for the organizer:
    she met Bob at the event, as A. Smith."""
    ann, bob = played_through_a_merge
    client = client_for(ann.user)
    page = client.get("/leagues/club-ladder/ladder/").content.decode()
    assert 'name="opponent"' in page and f'value="{bob.pk}"' in page
    assert client.post("/leagues/club-ladder/ladder/", {"opponent": bob.pk, "played_on": "2026-04-02", "outcome": "a",
                                                        "points_a": 6, "points_b": 1}).status_code == 302
    game = LadderGame.objects.get()
    assert (game.player_a_id, game.player_b_id, game.state) == (ann.pk, bob.pk, LadderGame.State.PENDING)
    assert LadderPair.objects.get().state == LadderPair.State.APPROVED
    assert ann in ladder.ladder_players(game.league)  # Bob may report against her too
    ladder.confirm(bob.user, game.league, game.pk)
    assert [g.pk for g in ladder.games_of(game.league, ann.pk)] == [game.pk]
