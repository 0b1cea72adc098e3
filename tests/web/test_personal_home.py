"""A person's home: the page after login and in every header. A player sees their game (table, opponent,
their army, the clock) and reports it from there as their account; an organizer finds their unlisted event
with its state; a player checks in once the organizer opens check-in. In en, es and it."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration, make_user
from tests.pairing.test_rounds import flashes, games, pair, publish
from tournament.models import EventRole, Game, Registration

ME = "/me/"


def text(response) -> str:
    main = response.text.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", main)).replace(" :", ":").split())


@pytest.fixture
def paired(organizer_client, event):
    """Four entries, two of them owned by accounts (Marta, Tomás); round 1 published."""
    marta, tomas = make_user("marta", "Marta"), make_user("tomas", "Tomás")
    make_registration(event, make_player("Marta Núñez", user=marta), army_ref="II/56", army_name="Tang Chinese")
    make_registration(event, make_player("Tomás Ruiz", user=tomas), army_ref="I/24a", army_name="Sea Peoples")
    make_registration(event, make_player("Ana Uno"), army_ref="I/1a", army_name="Early Sumerian")
    make_registration(event, make_player("Bruno Dos"), army_ref="III/1", army_name="Khmer")
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    return rnd


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def own(user, event) -> Registration:
    return Registration.objects.get(event=event, player__user=user)


def opponent_of(reg):
    seat = reg.seats.get()
    return seat, seat.game.seats.exclude(pk=seat.pk).select_related("registration").get()


def test_login_lands_on_the_home_and_every_header_links_it(db):
    make_user("marta", "Marta")
    response = Client().post(reverse("login"), {"username": "marta", "password": "pw-Tornei-2026!"})
    assert response.status_code == 302 and response["Location"] == ME
    client = Client()
    client.force_login(make_user("other"))
    for url in ("/", "/leagues/", "/rulings/"):
        assert f'<a class="nav-me" href="{ME}"' in client.get(url).text, url


def test_the_home_needs_an_account(client, db):
    response = client.get(ME)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Round 1: table {t} against {name}", "Their army: {army}", "Clock: not started", "Report the result")),
    ("es", ("Ronda 1: mesa {t} contra {name}", "Su ejército: {army}", "Reloj: sin empezar", "Envía el resultado")),
    ("it", ("Turno 1: tavolo {t} contro {name}", "Il suo esercito: {army}", "Orologio: non avviato", "Invia il risultato")),
])
def test_a_player_sees_their_game_on_their_home(event, paired, lang, words):
    marta = own(make_user_lookup("marta"), event)
    seat, other = opponent_of(marta)
    page = text(client_for(marta.player.user).get(ME, headers={"Accept-Language": lang}))
    army = f"{other.registration.army_ref} {other.registration.army_name}"
    for sentence in words:
        sentence = sentence.format(t=seat.game.table, name=other.registration.name, army=army)
        assert sentence in page, (sentence, page)
    assert event.name in page


def make_user_lookup(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=username)


def test_a_player_reports_from_home_and_the_opponent_confirms_from_theirs(event, paired):
    marta_user, tomas_user = make_user_lookup("marta"), make_user_lookup("tomas")
    marta, tomas = own(marta_user, event), own(tomas_user, event)
    seat, other = opponent_of(marta)
    url = reverse("tournament:own_game", args=[event.slug, marta.pk])
    assert f'href="{url}"' in client_for(marta_user).get(ME).text
    shorthand = "4-1" if seat.side == "a" else "1-4"  # Marta won, losing 1
    response = client_for(marta_user).post(url, {"shorthand": shorthand}, follow=True)
    assert "Thanks. The result is confirmed when your opponent reports the same." in flashes(response)
    report = seat.game.reports.get()
    assert report.submitted_by == marta_user and report.seat == seat
    # the opponent, from a slip or their own home: a second person, so the result is confirmed
    if other.registration_id == tomas.pk:
        client_for(tomas_user).post(reverse("tournament:own_game", args=[event.slug, tomas.pk]), {"shorthand": shorthand})
    else:
        Client().post(reverse("tournament:report", args=[other.report_token]), {"shorthand": shorthand})
    seat.game.refresh_from_db()
    assert seat.game.status == Game.Status.CONFIRMED


def test_one_account_reporting_both_sides_is_not_a_confirmation(event, paired):
    """The account is the person: the same account on the opponent's slip link does not confirm."""
    marta_user = make_user_lookup("marta")
    marta = own(marta_user, event)
    seat, other = opponent_of(marta)
    shorthand = "4-1" if seat.side == "a" else "1-4"
    client = client_for(marta_user)
    client.post(reverse("tournament:own_game", args=[event.slug, marta.pk]), {"shorthand": shorthand})
    fresh = Client()
    fresh.force_login(marta_user)  # another browser, the same account
    fresh.post(reverse("tournament:report", args=[other.report_token]), {"shorthand": shorthand})
    seat.game.refresh_from_db()
    assert seat.game.status == Game.Status.DISPUTED and seat.game.review_reason == Game.Review.SAME_REPORTER


def test_nobody_reports_someone_elses_game_from_their_home(event, paired, organizer_client):
    marta = own(make_user_lookup("marta"), event)
    url = reverse("tournament:own_game", args=[event.slug, marta.pk])
    assert client_for(make_user_lookup("tomas")).post(url, {"shorthand": "4-1"}).status_code == 403
    assert organizer_client.post(url, {"shorthand": "4-1"}).status_code == 403  # an organizer enters results elsewhere
    other_event = make_event(slug="other")
    assert client_for(marta.player.user).get(reverse("tournament:own_game", args=[other_event.slug, marta.pk])).status_code == 404
    anonymous = Client().post(url, {"shorthand": "4-1"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert not marta.seats.get().game.reports.exists()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Events I run", "Unlisted", "Round 1: being played", "1 game waits for an umpire")),
    ("es", ("Eventos que organizo", "No listado", "Ronda 1: en juego", "1 partida espera a un árbitro")),
    ("it", ("Eventi che organizzo", "Non elencato", "Turno 1: in corso", "1 partita attende un arbitro")),
])
def test_an_organizer_finds_their_unlisted_event_and_its_state(event, paired, organizer, lang, words):
    event.listed = False
    event.save()
    game = games(paired)[0]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.DISPUTED)
    page = text(client_for(organizer).get(ME, headers={"Accept-Language": lang}))
    for sentence in words:
        assert sentence in page, (sentence, page)
    assert event.name in page
    # another organizer's home does not show it
    stranger = make_user("stranger")
    assert event.name not in text(client_for(stranger).get(ME))


def test_a_league_invitation_is_accepted_from_the_home(event, organizer):
    from tournament.leagues.service import create_league, invite_event
    from tournament.models import League, LeagueEvent

    boss = make_user("boss")
    league = create_league(boss, League(name="Liga Norte", slug="liga-norte", edition="3.0",
                                        season_start=datetime.date(2026, 1, 1), season_end=datetime.date(2026, 12, 31)))
    invite_event(boss, league, event)
    page = client_for(organizer).get(ME).text
    membership = LeagueEvent.objects.get()
    assert "Liga Norte invites Torneo de prueba." in unescape(page)
    assert reverse("leagues:accept", args=[membership.pk]) in page
    assert "Liga Norte" in text(client_for(boss).get(ME))  # the league organizer's own leagues


@pytest.mark.parametrize(("lang", "button", "done"), [
    ("en", "Check in: I am here", "You are checked in for Torneo de prueba."),
    ("es", "Confirmar mi asistencia: estoy aquí", "Tu asistencia a Torneo de prueba está confirmada."),
    ("it", "Registra la mia presenza: sono qui", "La tua presenza a Torneo de prueba è registrata."),
])
def test_a_player_checks_in_from_home_once_the_organizer_opens_check_in(event, organizer_client, lang, button, done):
    user = make_user("marta")
    reg = make_registration(event, make_player("Marta Núñez", user=user))
    client = client_for(user)
    url = reverse("tournament:check_in_self", args=[event.slug, reg.pk])
    assert button not in text(client.get(ME, headers={"Accept-Language": lang}))
    refused = client.post(url, follow=True, headers={"Accept-Language": lang})
    assert refused.status_code == 200 and reg.__class__.objects.get(pk=reg.pk).status == "registered"

    organizer_client.post(reverse("tournament:check_in_open", args=[event.slug]), {"open": "1"})
    assert button in text(client.get(ME, headers={"Accept-Language": lang}))
    response = client.post(url, follow=True, headers={"Accept-Language": lang})
    assert done in flashes(response)
    reg.refresh_from_db()
    assert reg.status == Registration.Status.CHECKED_IN
    assert button not in text(response)


def test_only_the_owner_checks_in_and_only_the_organizer_opens_it(event, organizer_client, umpire_client):
    user = make_user("marta")
    reg = make_registration(event, make_player("Marta Núñez", user=user))
    assert umpire_client.post(reverse("tournament:check_in_open", args=[event.slug]), {"open": "1"}).status_code == 403
    organizer_client.post(reverse("tournament:check_in_open", args=[event.slug]), {"open": "1"})
    url = reverse("tournament:check_in_self", args=[event.slug, reg.pk])
    assert client_for(make_user("tomas")).post(url).status_code == 403
    assert Client().post(url).status_code == 302
    reg.refresh_from_db()
    assert reg.status == Registration.Status.REGISTERED
    organizer_client.post(reverse("tournament:check_in_open", args=[event.slug]), {"open": "0"})
    client_for(user).post(url)
    reg.refresh_from_db()
    assert reg.status == Registration.Status.REGISTERED


def test_the_players_page_opens_and_closes_self_check_in(event, organizer_client):
    page = organizer_client.get(reverse("tournament:players", args=[event.slug])).text
    assert reverse("tournament:check_in_open", args=[event.slug]) in page and "Open self check-in" in page
    organizer_client.post(reverse("tournament:check_in_open", args=[event.slug]), {"open": "1"})
    assert "Close self check-in" in organizer_client.get(reverse("tournament:players", args=[event.slug])).text
    assert EventRole.objects.filter(event=event).exists()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "You are at table {t} against {name}."),
    ("es", "Juegas en la mesa {t} contra {name}."),
    ("it", "Giochi al tavolo {t} contro {name}."),
])
def test_the_pairings_mark_a_signed_in_players_own_game_for_them_alone(event, paired, lang, words):
    """The mark is rendered for the signed-in reader only: the anonymous copy, cached and shared, never has it."""
    url = reverse("tournament:pairings", args=[event.slug])
    marta_user = make_user_lookup("marta")
    seat, other = opponent_of(own(marta_user, event))
    anonymous = Client()
    assert 'id="own-game"' not in anonymous.get(url, headers={"Accept-Language": lang}).text  # cached now
    page = client_for(marta_user).get(url, headers={"Accept-Language": lang})
    sentence = words.format(t=seat.game.table, name=other.registration.name)
    assert sentence in text(page)
    assert f'href="#table-{seat.game.table}"' in page.text and f'id="table-{seat.game.table}"' in page.text
    for reader in (anonymous, Client()):
        shared = reader.get(url, headers={"Accept-Language": lang}).text
        assert 'id="own-game"' not in shared and sentence not in unescape(shared)
    tomas_seat, tomas_other = opponent_of(own(make_user_lookup("tomas"), event))
    tomas_page = text(client_for(make_user_lookup("tomas")).get(url, headers={"Accept-Language": lang}))
    assert sentence not in tomas_page
    assert words.format(t=tomas_seat.game.table, name=tomas_other.registration.name) in tomas_page
    assert 'id="own-game"' not in client_for(make_user("nobody")).get(url).text


def test_the_home_refreshes_itself_and_is_answered_304_until_something_changes(event, paired, organizer_client):
    marta_user = make_user_lookup("marta")
    marta = own(marta_user, event)
    client = client_for(marta_user)
    first = client.get(ME)
    etag = first["ETag"]
    assert 'hx-trigger="every 30s"' in first.text and "private" in first["Cache-Control"]
    etag = client.get(ME, headers={"HX-Request": "true", "If-None-Match": etag})["ETag"]  # the poll's own ETag
    poll = client.get(ME, headers={"HX-Request": "true", "If-None-Match": etag})
    assert poll.status_code == 304 and "HX-Request" in poll["Vary"]
    seat, other = opponent_of(marta)
    Client().post(reverse("tournament:report", args=[other.report_token]),
                  {"shorthand": "4-1" if seat.side == "a" else "1-4"})  # the opponent reports: the game moves on
    fresh = client.get(ME, headers={"HX-Request": "true", "If-None-Match": etag})
    assert fresh.status_code == 200 and fresh["ETag"] != etag
    assert "<html" not in fresh.text and 'id="me-live"' in fresh.text and "Reported" in text_fragment(fresh)


def text_fragment(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())


def test_the_home_is_not_answered_304_once_the_players_global_rank_has_moved(db):
    """Ann's home says she is 1st of 2 in the global rating. Another approved event, where Ann did not play, puts
    two more players in the table: her home answers with the new page, not 304 (found by a review on 2026-11-28:
    the browser kept showing "1 of 2", the key read only her own events)."""
    import datetime

    from tests.leagues.test_event_ratings import global_event

    organizer = make_user("org")
    ann = make_player("Ann", user=make_user("ann"))
    bob = make_player("Bob", user=make_user("bob"))
    global_event(organizer, {"Ann": ann, "Bob": bob}, [[("Ann", "Bob", "4-1")]], datetime.date(2026, 3, 1))
    home = Client()
    home.force_login(ann.user)
    first = home.get(reverse("tournament:me"))
    assert ", 1 of 2 (" in my_rating(first.text)
    assert home.get(reverse("tournament:me"), headers={"If-None-Match": first["ETag"]}).status_code == 304
    cid = make_player("Cid", user=make_user("cid"))
    dee = make_player("Dee", user=make_user("dee"))
    global_event(organizer, {"Cid": cid, "Dee": dee}, [[("Cid", "Dee", "4-0")]] * 3, datetime.date(2026, 4, 1))
    again = home.get(reverse("tournament:me"), headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200
    assert " of 4 (" in my_rating(again.text) and "of 2" not in my_rating(again.text)


def my_rating(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html.split('id="my-rating">', 1)[1].split("</p>", 1)[0])).split())


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "1 point.", "23 points."), ("es", "1 punto.", "23 puntos."), ("it", "1 punto.", "23 punti."),
])
def test_the_home_says_one_point_in_the_singular(event, paired, organizer, lang, one, many):
    """NASAMW scores a 4-1 loss 1 point: the player's place reads "1 point", not "1 points"."""
    from tournament.results.entry import result_enter
    from tournament.results.shorthand import parse_shorthand

    marta = own(make_user_lookup("marta"), event)
    seat, other = opponent_of(marta)
    result_enter(seat.game, parse_shorthand("1-4" if seat.side == "a" else "4-1", event.edition), organizer)
    page = text(client_for(marta.player.user).get(ME, headers={"Accept-Language": lang}))
    assert one in page and many not in page, page
    if other.registration.player.user_id:  # the winner, if they have an account: the plural
        assert many in text(client_for(other.registration.player.user).get(ME, headers={"Accept-Language": lang}))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Leagues I play in (my points and rating there):"),
    ("es", "Ligas en las que juego (mis puntos y mi rating en cada una):"),
    ("it", "Leghe in cui gioco (i miei punti e il mio rating in ciascuna):")])
def test_a_player_finds_the_leagues_counting_their_games_on_their_home(organizer, lang, words):
    """Ann played an event that counts in a public league, and one in a private league: her home links the public
    league's table (where her points and rating are), not the private one (which she could not open), nor a
    league whose season her event falls outside."""
    from tests.leagues.test_leagues import join, played_event
    from tournament.leagues import service
    from tournament.models import League

    ann = make_user("ann", "Ann")
    people = {"Ann": make_player("Ann", user=ann), "Bob": make_player("Bob")}
    event = played_event(organizer, people, [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 3, 1))
    owner = make_user("leaguer")
    leagues = {}
    for slug, public, start in (("open", True, 2026), ("closed", False, 2026), ("next", True, 2027)):
        leagues[slug] = service.create_league(owner, League(
            slug=slug, name=f"League {slug}", public=public, season_start=datetime.date(start, 1, 1),
            season_end=datetime.date(start, 12, 31), scoring_preset="soa-best5"))
        join(leagues[slug], event)
    home = client_for(ann).get(ME, headers={"Accept-Language": lang})
    assert home.status_code == 200
    page = text(home)
    assert f"{words} League open" in page, page
    assert "League closed" not in page and "League next" not in page
    assert 'href="/leagues/open/"' in home.text
    assert client_for(ann).get("/leagues/open/").status_code == 200


def test_the_homes_poll_shows_a_league_that_starts_counting_the_players_event(organizer):
    """The home polls itself and is answered 304 while nothing it shows changed: a league accepting the player's
    event changes it (the league appears), so the poll is answered with the new page."""
    from tests.leagues.test_leagues import join, played_event
    from tournament.leagues import service
    from tournament.models import League

    ann = make_user("ann", "Ann")
    event = played_event(organizer, {"Ann": make_player("Ann", user=ann), "Bob": make_player("Bob")},
                         [[("Ann", "Bob", "4-1")]], date=datetime.date(2026, 3, 1))
    league = service.create_league(make_user("leaguer"), League(
        slug="open", name="League open", public=True, season_start=datetime.date(2026, 1, 1),
        season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5"))
    client = client_for(ann)
    etag = client.get(ME)["ETag"]
    assert client.get(ME, headers={"If-None-Match": etag}).status_code == 304
    join(league, event)
    again = client.get(ME, headers={"If-None-Match": etag})
    assert again.status_code == 200 and "League open" in again.text


def test_the_home_page_its_poll_and_each_language_have_their_own_etag(event, paired):
    """A browser revalidates what it holds for /me/ with that response's ETag, even when the request differs in a
    header the response varies on (the poll's HX-Request, the language cookie). Had the page, the polled fragment
    and each language one ETag, a 304 would hand back the wrong one: the whole page swapped into the home's live
    part, the bare fragment shown as the page, or the old language after switching."""
    client = client_for(make_user_lookup("marta"))
    page = client.get(ME)
    poll = client.get(ME, headers={"HX-Request": "true", "If-None-Match": page["ETag"]})
    assert poll.status_code == 200 and "<html" not in poll.text and 'id="me-live"' in poll.text
    back = client.get(ME, headers={"If-None-Match": poll["ETag"]})
    assert back.status_code == 200 and "<html" in back.text
    assert client.post(reverse("set_language"), {"language": "es", "next": ME}).status_code == 302
    spanish = client.get(ME, headers={"If-None-Match": page["ETag"]})
    assert spanish.status_code == 200 and '<html lang="es"' in spanish.text


def test_a_revoked_link_takes_the_report_button_off_the_home(event, paired, organizer_client):
    """The organizer revokes a player's report link (a lost phone, a link passed round): their home offers no
    "Report the result" any more (the own-game page would refuse it), and offers it again once a new link is issued."""
    marta = own(make_user_lookup("marta"), event)
    seat = marta.seats.get()
    home = client_for(marta.player.user)
    assert "Report the result" in text(home.get(ME))
    revoke = reverse("tournament:report_link", args=[event.slug, seat.pk])
    assert organizer_client.post(revoke).status_code == 302
    page = text(home.get(ME))
    assert "Report the result" not in page and f"table {seat.game.table} against" in page
    home.post(reverse("tournament:own_game", args=[event.slug, marta.pk]), {"shorthand": "4-1"})
    assert not seat.game.reports.exists()  # the page the button led to takes no report
    organizer_client.post(revoke, {"action": "renew"})
    assert "Report the result" in text(home.get(ME))


def test_the_polled_home_drops_the_report_button_once_the_link_is_revoked(event, paired, organizer_client):
    """Marta's home is open and polls itself. The organizer revokes her report link: the next poll answers with the
    new page, without "Report the result", not 304 (the home's key read no seat's link, so her browser kept the
    button, which led to a page that takes no report); and again once a new link is issued."""
    marta = own(make_user_lookup("marta"), event)
    seat = marta.seats.get()
    home = client_for(marta.player.user)
    poll = {"HX-Request": "true"}
    etag = home.get(ME, headers=poll)["ETag"]
    assert home.get(ME, headers={**poll, "If-None-Match": etag}).status_code == 304
    revoke = reverse("tournament:report_link", args=[event.slug, seat.pk])
    organizer_client.post(revoke)
    revoked = home.get(ME, headers={**poll, "If-None-Match": etag})
    assert revoked.status_code == 200 and "Report the result" not in text_fragment(revoked)
    organizer_client.post(revoke, {"action": "renew"})
    renewed = home.get(ME, headers={**poll, "If-None-Match": revoked["ETag"]})
    assert renewed.status_code == 200 and "Report the result" in text_fragment(renewed)
