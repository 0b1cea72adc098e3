"""Random and hostile values thrown at forms, imports and APIs: a clear 4xx or a form error, never a
500, and nothing changes in the database unless the input was valid."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import make_player, make_registration
from tournament.models import AuditEntry, Event, Game, Registration, Seat
from tournament.pairing.manager import round_pair, round_publish

NASTY = st.one_of(  # "\x00" included: PostgreSQL text cannot hold it
    st.text(max_size=60),
    st.sampled_from(["<script>alert(1)</script>", "' OR 1=1 --", "4G-1C" * 50, "\x00", "9999999999999999999999",
                     "-1", "١٢", "4G–1C T", "NaN", "{{ 7*7 }}", "%(x)s", "../../etc/passwd"]),
)
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def live_round(event, organizer):
    for name in ("Ana", "Bea"):
        make_registration(event, make_player(name))
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    return rnd.games.get(is_bye=False)


def snapshot():
    return (Event.objects.count(), Registration.objects.count(), Seat.objects.count(),
            list(Game.objects.values_list("status", "version").order_by("pk")))


def test_result_form(organizer_client, live_round):
    """Valid forms with hostile values in some of the fields, sent with the form's real version: the hostile
    ones are refused with nothing written, and the fuzz also reaches successful saves (and corrections)."""
    url = reverse("tournament:game_result", args=[live_round.round.event.slug, live_round.pk])
    losses = st.integers(0, 3).map(str)  # below the 4 that ends a game: always a plausible time-out
    valid = st.one_of(st.sampled_from([{"shorthand": "4-1"}, {"shorthand": "1G-4"}, {"shorthand": "2-2 T"}]),
                      st.fixed_dictionaries({"outcome": st.just("time"), "a_elements_lost": losses,
                                             "b_elements_lost": losses}))
    saved = []

    @FUZZ
    @given(base=valid, hostile=st.one_of(st.just({}), st.dictionaries(
        st.sampled_from(["shorthand", "outcome", "a_elements_lost", "b_elements_lost"]), NASTY, min_size=1, max_size=2)))
    def post(base, hostile):
        before = snapshot()
        version = Game.objects.get(pk=live_round.pk).version
        response = organizer_client.post(url, {**base, **hostile, "version": str(version)})
        assert response.status_code in (200, 302, 400)
        if response.status_code == 302:
            game = Game.objects.get(pk=live_round.pk)
            assert game.status == Game.Status.CONFIRMED and game.version == version + 1
            assert None not in live_round.seats.values_list("score", flat=True)
            saved.append(version)
        else:
            assert snapshot() == before

    post()
    assert len(saved) >= 3  # the fuzz reached the save, again and again (each time a correction)


@FUZZ
@given(shorthand=NASTY, token=st.text(max_size=40))
def test_report_link(client, live_round, shorthand, token):
    before = snapshot()
    response = client.post(reverse("tournament:report", args=[token or "x"]) if "/" not in token else "/report/x/",
                           {"shorthand": shorthand})
    assert response.status_code in (404, 400)
    assert snapshot() == before


@FUZZ
@given(data=st.dictionaries(st.sampled_from(["name", "slug", "date", "edition", "rounds_planned", "round_minutes",
                                             "scoring_preset", "wdl_points", "tiebreak_order", "troop_minimums",
                                             "allowed_books", "date_from"]), NASTY))
def test_event_form(organizer_client, data):
    before = Event.objects.count()
    response = organizer_client.post(reverse("tournament:event_create"), data)
    assert response.status_code in (200, 302, 400)
    if response.status_code in (200, 400):
        assert Event.objects.count() == before


@FUZZ
@given(body=st.binary(max_size=300), name=st.sampled_from(["p.csv", "p.xlsx", "p.txt", "p"]))
def test_player_import(organizer_client, event, body, name):
    before = (Registration.objects.count(), AuditEntry.objects.count())
    url = reverse("tournament:player_import", args=[event.slug])
    response = organizer_client.post(url, {"file": SimpleUploadedFile(name, body)})
    assert response.status_code in (200, 302, 400)
    if response.status_code in (200, 400):
        assert (Registration.objects.count(), AuditEntry.objects.count()) == before


@FUZZ
@given(ref=NASTY, elements=st.lists(NASTY, max_size=13), general=NASTY)
def test_army_form(organizer_client, event, ref, elements, general):
    reg = make_registration(event, make_player())
    data = {"army_ref": ref, "general": general, "camp": "", "allies": ""}
    data.update({f"e{i}": code for i, code in enumerate(elements)})
    response = organizer_client.post(reverse("tournament:army", args=[event.slug, reg.pk]), data)
    assert response.status_code in (200, 302, 400)
    reg.refresh_from_db()
    if response.status_code in (200, 400):
        assert reg.elements == []


@FUZZ
@given(q=NASTY)
def test_rules_search(client, db, q):
    response = client.get(reverse("rulings:search"), {"q": q, "format": "json"})
    assert response.status_code in (200, 400)


@FUZZ
@given(body=st.binary(max_size=200))
def test_backup_upload(organizer_client, body):
    before = Event.objects.count()
    response = organizer_client.post(reverse("tournament:backup_upload"), {"file": SimpleUploadedFile("b.json", body)})
    assert response.status_code in (400, 302)
    if response.status_code == 400:
        assert Event.objects.count() == before


@FUZZ
@given(name=st.sampled_from(["dba-combat", "dba-pip-cost", "dba-victory", "wfb-terrain-move", "wfb-stand-and-shoot",
                             "rumbo-third-column", "asl-night-ambush"]),
       params=st.dictionaries(st.sampled_from(["a", "b", "mode", "a_die", "b_overlaps", "elements", "move", "m", "open",
                                               "bound", "pips", "attacker_dr", "defender_dr", "edition", "a_lost",
                                               "charge_move", "distance", "a_general", "general_in"]), NASTY))
def test_calculator_api(client, db, name, params):
    response = client.get(reverse("calc_api", args=[name]), params)
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        body = response.json()
        assert body["param"] and body["error"]


@FUZZ
@given(data=st.dictionaries(st.sampled_from(["name", "club", "region", "email", "confirm_new"]), NASTY))
def test_player_add_form(organizer_client, event, data):
    before = Registration.objects.count()
    response = organizer_client.post(reverse("tournament:player_add", args=[event.slug]), data)
    assert response.status_code in (200, 302, 400)
    if response.status_code in (200, 400):
        assert Registration.objects.count() == before


@FUZZ
@given(data=st.dictionaries(st.sampled_from(["name", "club", "status", "fixed_table", "notes"]), NASTY))
def test_entry_edit_form(organizer_client, event, data):
    reg = make_registration(event, make_player("Fija"))
    response = organizer_client.post(reverse("tournament:entry_edit", args=[event.slug, reg.pk]), data)
    assert response.status_code in (200, 302, 400)
    if response.status_code in (200, 400):
        reg.refresh_from_db()
        assert reg.player.name == "Fija"


@FUZZ
@given(data=st.dictionaries(st.sampled_from(["username", "password1", "password2"]), NASTY))
def test_signup_form(client, db, data):
    from django.contrib.auth import get_user_model

    before = get_user_model().objects.count()
    response = client.post(reverse("signup"), data)
    assert response.status_code in (200, 302, 400)
    if response.status_code in (200, 400):
        assert get_user_model().objects.count() == before


@FUZZ
@given(first=NASTY, second=NASTY)
def test_swap_form(organizer_client, event, organizer, first, second):
    for name in ("Uno", "Dos", "Tres", "Cuatro"):
        make_registration(event, make_player(name))
    rnd = event.rounds.first() or round_pair(event, organizer)
    before = sorted(Seat.objects.filter(round=rnd).values_list("pk", "registration_id"))
    response = organizer_client.post(reverse("tournament:seats_swap", args=[event.slug, rnd.number]),
                                     {"first": first, "second": second})
    assert response.status_code in (302, 400, 404)
    if response.status_code != 302:
        assert sorted(Seat.objects.filter(round=rnd).values_list("pk", "registration_id")) == before
