"""A merge is checked against the league's events of the moment; an event that joins the league afterwards (or an
entry added afterwards) can hold both merged people. The league then counts that event twice for one person."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import make_player, make_user
from tests.leagues.test_league_play import make_league
from tests.leagues.test_leagues import played_event
from tournament.leagues import merges, service
from tournament.leagues.table import load_league
from tournament.models import EventRole

pytestmark = pytest.mark.django_db


def test_an_event_joining_after_a_merge_never_gives_one_person_two_places_there(organizer):
    """Ann (spring) and A. Smith (April) are merged as one person. The autumn event, where the organizer entered
    both records again (they played each other there), then joins the league. Either the join is refused, or the
    league counts one place per event: not A. Smith 1st *and* 2nd of the autumn event (15 + 12 points from one
    event), and not a rated game of A. Smith against A. Smith."""
    owner = make_user("leaguer")
    league = make_league(owner)
    ann, smith, bob, cid = (make_player(n) for n in ("Ann", "A. Smith", "Bob", "Cid"))
    for event in (
        played_event(organizer, {"Ann": ann, "Bob": bob}, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 3, 1),
                     name="Spring"),
        played_event(organizer, {"A. Smith": smith, "Cid": cid}, [[("A. Smith", "Cid", "4-1")]],
                     date=datetime.date(2026, 4, 1), name="April"),
    ):
        EventRole.objects.create(event=event, user=owner, role=EventRole.Role.ORGANIZER)
        service.invite_event(owner, league, event)
    merges.merge(owner, league, ann.pk, smith.pk)

    autumn = played_event(organizer, {"Ann": ann, "A. Smith": smith, "Bob": bob, "Cid": cid},
                          [[("Ann", "Bob", "4-1"), ("A. Smith", "Cid", "4-1")],
                           [("Ann", "A. Smith", "4-1"), ("Bob", "Cid", "4-1")]],
                          date=datetime.date(2026, 9, 1), name="Autumn")
    EventRole.objects.create(event=autumn, user=owner, role=EventRole.Role.ORGANIZER)
    try:
        service.invite_event(owner, league, autumn)
    except merges.MergeRefused:
        return  # refusing the event is a fine answer too
    data = load_league(league)
    row = data.row_for(smith.pk)
    at_autumn = [(r.place, r.points) for r in row.results if r.event == autumn.pk]
    assert len(at_autumn) <= 1, f"A. Smith has {len(at_autumn)} places at Autumn: {at_autumn}; points {row.points}"
    assert not [g for g in data.games if g.a == g.b], "a rated game of one person against themselves"
