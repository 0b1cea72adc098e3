"""Registration: players enter events, submit armies, organizers manage the list."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army
from tournament.models import AuditEntry, Player, Registration


def army_post(ref: str, elements, general: int, **extra) -> dict:
    data = {"army_ref": ref, "general": str(general), "camp": "", "allies": ""}
    for i, code in enumerate(elements):
        data[f"e{i}"] = code
    data.update(extra)
    return data


def legal_army(ref: str):
    choice = default_army(load_catalogue().get(ref))
    return list(choice.elements), choice.general


@pytest.fixture
def player_user(db):
    return make_user("pietro", "Pietro")


@pytest.fixture
def own_reg(event, player_user):
    return make_registration(event, make_player("Pietro Rossi", "Circolo Bolognese", user=player_user))


def test_signed_in_user_registers_and_gets_army_page(client, event, player_user):
    client.force_login(player_user)
    response = client.post(reverse("tournament:register", args=[event.slug]),
                           {"name": "Pietro Rossi", "club": "Circolo Bolognese"})
    reg = Registration.objects.get(event=event, player__user=player_user)
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament:army", args=[event.slug, reg.pk])


def test_registration_closed_is_refused_with_a_message(client, event, player_user):
    event.registration_open = False
    event.save()
    client.force_login(player_user)
    response = client.post(reverse("tournament:register", args=[event.slug]), {"name": "Pietro"}, follow=True)
    assert "closed" in response.text
    assert not Registration.objects.filter(event=event).exists()


def test_no_self_registration_into_a_finished_event(client, event, player_user):
    """The event page hides "Register for this event" once the event is finished; the register address still
    enters the player (a bookmark, the link from before, the back button)."""
    event.finished_at = timezone.now()
    event.save()
    client.force_login(player_user)
    client.post(reverse("tournament:register", args=[event.slug]), {"name": "Rev Player"})
    assert not Registration.objects.filter(event=event).exists()


@pytest.mark.parametrize(("language", "words"), [("en", "finished"), ("es", "ha terminado"), ("it", "terminato")])
def test_a_finished_event_says_why_registration_is_refused(client, event, player_user, language, words):
    event.finished_at = timezone.now()
    event.save()
    client.force_login(player_user)
    client.cookies["django_language"] = language
    response = client.post(reverse("tournament:register", args=[event.slug]), {"name": "Pietro"}, follow=True)
    assert words in response.text
    assert not Registration.objects.filter(event=event).exists()


def test_player_saves_a_legal_army(client, own_reg, player_user):
    elements, general = legal_army("II/33")
    client.force_login(player_user)
    url = reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])
    response = client.post(url, army_post("II/33", elements, general))
    assert response.status_code == 302
    own_reg.refresh_from_db()
    assert own_reg.army_ref == "II/33" and own_reg.elements == elements and own_reg.general == general
    assert own_reg.army_name.startswith("Polybian Roman")
    assert AuditEntry.objects.filter(action="registration.army").exists()


def test_illegal_army_is_explained_and_not_saved(client, own_reg, player_user):
    elements, general = legal_army("II/33")
    client.force_login(player_user)
    url = reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])
    response = client.post(url, army_post("II/33", elements[:11], general))
    assert response.status_code == 200
    assert "12" in response.text and 'id="army-problems"' in response.text
    own_reg.refresh_from_db()
    assert own_reg.elements == []


def test_army_errors_in_spanish(client, own_reg, player_user):
    elements, general = legal_army("II/33")
    client.force_login(player_user)
    client.cookies["django_language"] = "es"
    url = reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])
    response = client.post(url, army_post("II/33", elements[:11], general))
    assert "elementos" in response.text


def test_htmx_army_post_returns_only_the_form(client, own_reg, player_user):
    client.force_login(player_user)
    url = reverse("tournament:army", args=[own_reg.event.slug, own_reg.pk])
    response = client.post(url, army_post("II/33", ["4Bd"] * 12, 0), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "<html" not in response.text and 'id="army-form"' in response.text


def test_list_defaults_fill_the_boxes(client, own_reg, player_user):
    client.force_login(player_user)
    response = client.get(reverse("tournament:army_defaults", args=[own_reg.event.slug]), {"army_ref": "II/33"},
                          headers={"HX-Request": "true"})
    elements, _general = legal_army("II/33")
    assert f'value="{elements[0]}"' in response.text


def test_player_cannot_edit_another_players_army(client, event, own_reg):
    other = make_registration(event, make_player("Altro Giocatore"))
    intruder = own_reg.player.user
    client.force_login(intruder)
    url = reverse("tournament:army", args=[event.slug, other.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, army_post("II/33", ["4Bd"] * 12, 0)).status_code == 403


def test_anonymous_cannot_edit_anything(client, event, own_reg):
    url = reverse("tournament:army", args=[event.slug, own_reg.pk])
    response = client.post(url, army_post("II/33", ["4Bd"] * 12, 0))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for name in ("players", "player_add", "player_import"):
        response = client.get(reverse(f"tournament:{name}", args=[event.slug]))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    own_reg.refresh_from_db()
    assert own_reg.elements == []


def test_locked_army_cannot_change(client, own_reg, player_user):
    elements, general = legal_army("II/33")
    event = own_reg.event
    event.armies_locked = True
    event.save()
    client.force_login(player_user)
    url = reverse("tournament:army", args=[event.slug, own_reg.pk])
    response = client.post(url, army_post("II/33", elements, general))
    assert response.status_code == 403
    own_reg.refresh_from_db()
    assert own_reg.elements == []


def test_locked_armies_show_the_player_no_form_to_fill(client, own_reg, player_user):
    """The page itself reads the lock (issue 30 survivor): a form that only fails on save would lose the typing."""
    event = own_reg.event
    client.force_login(player_user)
    url = reverse("tournament:army", args=[event.slug, own_reg.pk])
    assert "Save army" in client.get(url).text
    event.armies_locked = True
    event.save()
    page = client.get(url).text
    assert "Save army" not in page and 'name="army_ref"' not in page


def test_locked_event_allowing_option_changes_keeps_the_list(client, own_reg, player_user, organizer):
    elements, general = legal_army("II/33")
    event = own_reg.event
    client.force_login(organizer)
    client.post(reverse("tournament:army", args=[event.slug, own_reg.pk]), army_post("II/33", elements, general))
    event.armies_locked, event.allow_option_changes = True, True
    event.save()
    client.force_login(player_user)
    url = reverse("tournament:army", args=[event.slug, own_reg.pk])
    other_elements, other_general = legal_army("I/1a")
    assert client.post(url, army_post("I/1a", other_elements, other_general)).status_code == 403
    assert client.post(url, army_post("II/33", elements, general)).status_code == 302


def test_organizer_filters_the_player_list_with_htmx(organizer_client, event):
    make_registration(event, make_player("Núria Puig", "Dracs"))
    make_registration(event, make_player("Bob Beattie", "Capital"))
    url = reverse("tournament:players", args=[event.slug])
    response = organizer_client.get(url, {"q": "nuria"}, headers={"HX-Request": "true", "HX-Target": "player-rows"})
    # icontains does not fold accents; the search term as typed by a Spanish keyboard works:
    response = organizer_client.get(url, {"q": "Núria"}, headers={"HX-Request": "true", "HX-Target": "player-rows"})
    assert "<html" not in response.text and "Núria Puig" in response.text and "Bob Beattie" not in response.text


def test_organizer_edits_a_row_in_place(organizer_client, event):
    reg = make_registration(event, make_player("Bob Beattie", "Capital"))
    url = reverse("tournament:entry_edit", args=[event.slug, reg.pk])
    form = organizer_client.get(url, headers={"HX-Request": "true"})
    assert form.text.lstrip().startswith("<tr") and 'name="name"' in form.text
    response = organizer_client.post(url, {"name": "Robert Beattie", "club": "Capital", "status": "checked_in",
                                           "fixed_table": "3", "notes": ""}, headers={"HX-Request": "true"})
    assert "Robert Beattie" in response.text and "<html" not in response.text
    reg.refresh_from_db()
    assert reg.name == "Robert Beattie" and reg.status == "checked_in" and reg.fixed_table == 3
    assert reg.player.name == "Bob Beattie"  # the entry changed, not the person's record


def test_the_rows_in_place_answer_a_fragment_only_to_htmx_and_say_so(organizer_client, event):
    """The row's edit form, the row again (cancel) and a status change: a `<tr>` for an htmx swap only, the whole
    page for a plain request or a history restore (a bare row there left the organizer on a piece of a table), and
    `Vary: HX-Request` on every answer (found by a review on 2026-11-28)."""
    reg = make_registration(event, make_player("Bob Beattie", "Capital"))
    edit = reverse("tournament:entry_edit", args=[event.slug, reg.pk])
    row = reverse("tournament:entry_row", args=[event.slug, reg.pk])
    status = reverse("tournament:entry_status", args=[event.slug, reg.pk])
    swap, restore = {"HX-Request": "true"}, {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    answers = {
        "edit, htmx": organizer_client.get(edit, headers=swap),
        "edit, plain": organizer_client.get(edit),
        "edit, restore": organizer_client.get(edit, headers=restore),
        "row, htmx": organizer_client.get(row, headers=swap),
        "row, plain": organizer_client.get(row),
        "row, restore": organizer_client.get(row, headers=restore),
        "status, htmx": organizer_client.post(status, {"status": "checked_in"}, headers=swap),
        "status, plain": organizer_client.post(status, {"status": "registered"}),
    }
    for name, response in answers.items():
        assert "HX-Request" in response.get("Vary", ""), name
    for name in ("edit, htmx", "row, htmx", "status, htmx"):
        assert answers[name].text.lstrip().startswith("<tr") and "Bob Beattie" in answers[name].text, name
    for name in ("edit, plain", "edit, restore"):
        assert "<html" in answers[name].text and 'name="name"' in answers[name].text, name
    for name in ("row, plain", "row, restore"):
        assert answers[name].status_code == 302
        assert answers[name]["Location"] == reverse("tournament:players", args=[event.slug]) + f"#entry-{reg.pk}"
    assert answers["status, plain"].status_code == 302


def test_drop_and_reinstate(organizer_client, event):
    reg = make_registration(event, make_player("Jane Whitfield"))
    url = reverse("tournament:entry_status", args=[event.slug, reg.pk])
    organizer_client.post(url, {"status": "dropped"})
    reg.refresh_from_db()
    assert reg.status == "dropped" and reg.dropped_after_round == 0
    organizer_client.post(url, {"status": "registered"})
    reg.refresh_from_db()
    assert reg.status == "registered" and reg.dropped_after_round is None


def test_near_duplicate_player_name_is_flagged(organizer_client, organizer, event):
    """Among the people this organizer has entered before (here in another of their events)."""
    from tournament.models import EventRole

    earlier = make_event(slug="earlier")
    EventRole.objects.create(event=earlier, user=organizer, role=EventRole.Role.ORGANIZER)
    jose = make_registration(earlier, make_player("José García", "Dracs")).player
    url = reverse("tournament:player_add", args=[event.slug])
    response = organizer_client.post(url, {"name": "Jose  Garcia", "club": "Dracs"})
    assert response.status_code == 200 and "similar name" in response.text
    assert f'name="existing" value="{jose.pk}"' in response.text
    assert Player.objects.count() == 1
    response = organizer_client.post(url, {"name": "Jose  Garcia", "club": "Dracs", "different_person": "on"})
    assert response.status_code == 302 and Player.objects.count() == 2


def test_late_entry_joins_at_the_next_round(organizer_client, event):
    """Once round 1 is out (published), a player added joins at round 2 (while it is a draft: at round 1 when it
    is paired again, tests/registration/test_drops.py)."""
    from tournament.models import Round

    Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
    organizer_client.post(reverse("tournament:player_add", args=[event.slug]), {"name": "Tardío Pérez"})
    reg = Registration.objects.get(player__name="Tardío Pérez")
    assert reg.late_entry_round == 2


@pytest.mark.parametrize("lang, words", [("en", "Forgotten password, “my game” link"),
                                         ("es", "Contraseña olvidada, enlace «Mi partida»"),
                                         ("it", "Password dimenticata, link «La mia partita»")])
def test_the_row_edited_in_place_leads_to_the_desk_reset_and_the_game_link(organizer_client, event, lang, words):
    """With JavaScript (any phone) "Edit" swaps the row for its form in place, and that form had no way to the
    entry's own page, where alone the desk's password reset link and the new "my game" link are: the organizer at
    the desk could not find them."""
    from django.contrib.auth import get_user_model

    account = get_user_model().objects.create_user("ana", password="x-Zorro-2026")
    reg = make_registration(event, make_player("Ana Peña", "Ludópatas", user=account))
    players = organizer_client.get(reverse("tournament:players", args=[event.slug]), headers={"Accept-Language": lang})
    edit = reverse("tournament:entry_edit", args=[event.slug, reg.pk])
    assert f'hx-get="{edit}"' in players.text  # "Edit" is swapped in place
    row = organizer_client.get(edit, headers={"HX-Request": "true", "Accept-Language": lang}).text
    link = re.search(rf'<a href="{edit}"[^>]*>([^<]+)</a>', row)
    assert link and link.group(1) == words and "hx-get" not in link.group(0)
    page = organizer_client.get(edit, headers={"Accept-Language": lang}).text
    assert 'id="desk-reset"' in page and 'id="game-link"' in page


def test_bulk_check_in_checks_in_only_this_events_entries(organizer_client, event):
    """The ticked ids come from the form: an id of another event's entry checks nobody in there, nor logs it here."""
    here = make_registration(event, make_player("Ana Here"))
    other = make_event(slug="elsewhere", name="Another event")
    there = make_registration(other, make_player("Bruno There"))
    url = reverse("tournament:check_in_bulk", args=[event.slug])
    response = organizer_client.post(url, {"entries": [there.pk]}, follow=True)
    assert "Nobody to check in" in response.text
    assert Registration.objects.get(pk=there.pk).status == Registration.Status.REGISTERED
    assert not AuditEntry.objects.filter(action="registration.checked_in").exists()
    organizer_client.post(url, {"entries": [here.pk, there.pk]})
    assert Registration.objects.get(pk=here.pk).status == Registration.Status.CHECKED_IN
    assert Registration.objects.get(pk=there.pk).status == Registration.Status.REGISTERED
    assert list(AuditEntry.objects.filter(action="registration.checked_in").values_list("event_id", "target")) == [
        (event.pk, "Ana Here")]
