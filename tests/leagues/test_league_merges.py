"""Merges seen as the people they join (first written by a review): a chain of merges never gives one person
two entries of one event; an account holder confirms, and takes back, every entry a suggestion gives them;
an account holder whose played entries were merged into them reports ladder games."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import make_player, make_user
from tests.leagues.test_league_play import client_for, make_league
from tests.leagues.test_leagues import join, played_event
from tournament.leagues import merges
from tournament.leagues.table import load_league
from tournament.models import LeagueMerge

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
