"""Issue 30: one permission rule per question (tournament/web/permissions.py), asked by the page and, for an army,
again by the service on its locked row; every refusal of an anonymous visitor is Django's `redirect_to_login`,
which keeps the whole address (query string included) for after the login."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.armies.catalogue import load_catalogue
from tournament.armies.service import ArmyInput
from tournament.armies.validation import default_army
from tournament.models import EventRole
from tournament.pairing.manager import round_pair, round_publish
from tournament.registration.services import ArmyLocked, army_save
from tournament.web.permissions import army_change_allowed

LOCKED = {"en": "Armies are locked for this event.", "es": "Los ejércitos de este evento están bloqueados.",
          "it": "Gli eserciti di questo evento sono bloccati."}


@pytest.fixture
def players(event):
    army = default_army(load_catalogue().get("II/33"))
    regs = []
    for name in ("Ana Peña", "Bruno Sala", "Carla Neri", "Dario Voss"):
        regs.append(make_registration(event, make_player(name, user=make_user()), army_ref="II/33",
                                      elements=list(army.elements), general=army.general))
    return regs


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def next_of(response) -> str:
    assert response.status_code == 302
    location = urlsplit(response["Location"])
    assert location.path == reverse("login")
    return parse_qs(location.query)["next"][0]


def test_anonymous_refusals_send_to_the_login_and_back_to_the_whole_address(client, event, organizer, players):
    rnd = round_pair(event, organizer)
    addresses = [
        reverse("tournament:army", args=[event.slug, players[0].pk]) + "?lang=it&tab=list",
        reverse("tournament:army_sheet_pdf", args=[event.slug, players[0].pk]) + "?size=A5&copy=2",
        reverse("tournament:round_pdf", args=[event.slug, rnd.number, "pairings"]) + "?size=A5&copy=2",
        reverse("tournament:round_pdf", args=[event.slug, rnd.number, "slips"]) + "?size=A5&copy=2",
        reverse("tournament:players", args=[event.slug]) + "?sort=club&page=2",
    ]
    for address in addresses:
        assert next_of(client.get(address)) == address


def test_signed_in_strangers_are_refused_not_sent_to_the_login(event, organizer, umpire, players):
    rnd = round_pair(event, organizer)
    stranger = login(players[1].player.user)
    assert stranger.get(reverse("tournament:army", args=[event.slug, players[0].pk])).status_code == 403
    assert stranger.get(reverse("tournament:army_sheet_pdf", args=[event.slug, players[0].pk])).status_code == 403
    assert stranger.get(reverse("tournament:round_pdf", args=[event.slug, rnd.number, "pairings"])).status_code == 403
    # an umpire prints anyone's sheet but does not edit their army (organizers and the player do)
    assert login(umpire).get(reverse("tournament:army_sheet_pdf", args=[event.slug, players[0].pk])).status_code == 200
    assert login(umpire).get(reverse("tournament:army", args=[event.slug, players[0].pk])).status_code == 403
    round_publish(rnd, organizer)
    assert stranger.get(reverse("tournament:round_pdf", args=[event.slug, rnd.number, "pairings"])).status_code == 200
    assert stranger.get(reverse("tournament:round_pdf", args=[event.slug, rnd.number, "slips"])).status_code == 403


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_a_locked_army_page_offers_only_what_the_save_accepts(event, players, lang):
    """Locked, with option changes allowed: the player still gets the form, and may save the same list's options
    but not another list; the refusal is in the player's language."""
    reg = players[0]
    event.armies_locked, event.allow_option_changes = True, True
    event.save()
    player = login(reg.player.user)
    player.cookies["django_language"] = lang
    url = reverse("tournament:army", args=[event.slug, reg.pk])
    assert 'name="army_ref"' in player.get(url).text
    other = default_army(load_catalogue().get("I/1a"))
    data = {"army_ref": "I/1a", "general": str(other.general), "camp": "", "allies": ""}
    data.update({f"e{i}": code for i, code in enumerate(other.elements)})
    refused = player.post(url, data)
    assert refused.status_code == 403 and LOCKED[lang] in refused.text
    reg.refresh_from_db()
    assert reg.army_ref == "II/33"
    event.allow_option_changes = False
    event.save()
    assert 'name="army_ref"' not in player.get(url).text


def test_the_service_asks_the_same_rule_on_its_locked_row(event, organizer, players):
    """The page read the army open; the organizer locks armies before the save: the service refuses, nothing saved."""
    reg = players[0]
    user = reg.player.user
    army = default_army(load_catalogue().get("II/33"))
    change = ArmyInput(ref="II/33", elements=tuple(army.elements), general=army.general, camp="Seguidores", allies=())
    assert army_change_allowed(user, reg, change.ref)
    type(event).objects.filter(pk=event.pk).update(armies_locked=True)
    with pytest.raises(ArmyLocked):
        army_save(reg=reg, army=change, user=user, allowed=lambda locked, ref: army_change_allowed(user, locked, ref))
    reg.refresh_from_db()
    assert reg.camp != "Seguidores"
    assert army_save(reg=reg, army=change, user=organizer,
                     allowed=lambda locked, ref: army_change_allowed(organizer, locked, ref)) == []


def test_a_player_prints_their_own_army_sheet_and_only_the_organizer_changes_anothers_army(event, umpire, players):
    reg = players[0]
    assert login(reg.player.user).get(reverse("tournament:army_sheet_pdf", args=[event.slug, reg.pk])).status_code == 200
    assert not army_change_allowed(umpire, reg) and not army_change_allowed(players[1].player.user, reg)


def test_a_result_page_opens_this_events_game_and_no_other_events(event, organizer, umpire, players):
    """Two games in the round: each page is its own table's; another event's game is not found under this one."""
    rnd = round_publish(round_pair(event, organizer), organizer)
    for game in rnd.games.filter(is_bye=False):
        names = [s.registration.name for s in game.seats.all()]
        page = login(umpire).get(reverse("tournament:game_result", args=[event.slug, game.pk])).text
        assert all(name in page for name in names)
        assert not any(reg.name in page for reg in players if reg.name not in names)
    other = make_event(slug="elsewhere")
    EventRole.objects.create(event=other, user=umpire, role=EventRole.Role.UMPIRE)
    game = rnd.games.filter(is_bye=False).first()
    assert login(umpire).get(reverse("tournament:game_result", args=[other.slug, game.pk])).status_code == 404


def test_staff_print_a_drafts_slips_and_the_organizer_swaps_though_umpires_may_not(event, organizer, umpire, players):
    rnd = round_pair(event, organizer)
    assert login(umpire).get(reverse("tournament:round_pdf", args=[event.slug, rnd.number, "slips"])).status_code == 200
    first, second = (game.seats.first() for game in rnd.games.filter(is_bye=False).order_by("table"))
    swap = reverse("tournament:seats_swap", args=[event.slug, rnd.number])
    assert not event.umpires_may_swap
    assert login(organizer).post(swap, {"first": first.pk, "second": second.pk}).status_code == 302
    assert rnd.games.filter(manual=True).exists()


def test_a_player_opens_their_own_game_from_home_and_nobody_elses(event, organizer, players):
    round_publish(round_pair(event, organizer), organizer)
    ana, bruno = players[0], players[1]
    url = reverse("tournament:own_game", args=[event.slug, ana.pk])
    assert login(ana.player.user).get(url).status_code == 200
    assert login(bruno.player.user).get(url).status_code == 403
    elsewhere = make_event(slug="elsewhere")
    assert login(ana.player.user).get(reverse("tournament:own_game", args=[elsewhere.slug, ana.pk])).status_code == 404


def test_a_role_at_one_event_gives_nothing_at_another_and_a_superuser_organizes_every_event(event, players):
    elsewhere_organizer = make_user()
    other = make_event(slug="elsewhere")
    EventRole.objects.create(event=other, user=elsewhere_organizer, role=EventRole.Role.ORGANIZER)
    army = reverse("tournament:army", args=[event.slug, players[0].pk])
    assert login(elsewhere_organizer).get(army).status_code == 403
    root = make_user()
    type(root).objects.filter(pk=root.pk).update(is_superuser=True)
    root.refresh_from_db()
    assert login(root).get(army).status_code == 200
