"""The army page checks an army against its list row as the row is written (review rev-reg): the years in the
list's name, allies as the list writes them, and how many of a type a row short of twelve still allows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.registration.test_registration import army_post, legal_army


# CSV line 267: "2,47,e,Marcomanni Army 9 BC - 19 AD" and line 273: "2,51,,Late Judaean Army 63 BC-6 AD".
# A one-digit year was not read: II/47e was dated 19 AD only and II/51 63 BC only.
@pytest.mark.parametrize(("ref", "date_from", "date_to"), [
    ("II/47e", -50, -1),   # an event for armies of the first century BC: the Marcomanni fought from 9 BC
    ("II/51", 1, 100),     # an event for armies of the first century AD: the Late Judaeans lasted to 6 AD
])
def test_an_army_within_the_events_years_is_accepted(client, own_reg, player_user, ref, date_from, date_to):
    event = own_reg.event
    event.restrictions = {"date_from": date_from, "date_to": date_to}
    event.save()
    elements, general = legal_army(ref)
    client.force_login(player_user)
    response = client.post(reverse("tournament:army", args=[event.slug, own_reg.pk]), army_post(ref, elements, general))
    assert response.status_code == 302, response.text[response.text.find("army-problems"):][:600]
    own_reg.refresh_from_db()
    assert own_reg.army_ref == ref


def test_an_ally_written_as_the_list_writes_it_is_accepted(client, own_reg, player_user):
    """CSV line for I/47 (Illyrian): Allies "I/63 or II/9 or 33". The player types II/9 and is told
    "The list I/47 cannot take II/9 as allies"."""
    event = own_reg.event
    elements, general = legal_army("I/47")
    client.force_login(player_user)
    response = client.post(reverse("tournament:army", args=[event.slug, own_reg.pk]),
                           army_post("I/47", elements, general, allies="II/9"))
    assert "cannot take" not in response.text
    assert response.status_code == 302
    own_reg.refresh_from_db()
    assert own_reg.allies == ["II/9"]


# CSV line 238: "2,35,,Later Macedonian Army 260-148 BC,...,Cv,1xCv,1xLH,2x4Pk,2x4Pk,2x4Ax or Ps,1xPs or 4Ax or 4Wb":
# the general and one more element are Cv, ten elements at most are listed (the row is short of two).
# Line 86: "1,37,b,...,HCh,1xCv/LH,5x3Ax,4xPs or 3Bw": at most 4 Ps (the row is short of one).
# A row flagged as not adding up to 12 takes any twelve elements of its types, however many of each.
@pytest.mark.parametrize(("ref", "elements"), [
    ("II/35", ["Cv"] * 12),
    ("I/37b", ["HCh"] + ["Ps"] * 11),
])
def test_a_short_list_row_still_limits_how_many_of_a_type(client, own_reg, player_user, ref, elements):
    event = own_reg.event
    client.force_login(player_user)
    response = client.post(reverse("tournament:army", args=[event.slug, own_reg.pk]), army_post(ref, elements, 0))
    assert response.status_code == 200 and 'id="army-problems"' in response.text
    own_reg.refresh_from_db()
    assert own_reg.elements == []
