"""Ratings used in events: round 1 by rating, ratings on the pairings page, strength of field; the global
rating (accounts only, never names); a league's about page with honest predictions; constant queries."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration, make_user
from tests.leagues.test_leagues import SECRET_EMAIL, SECRET_REGION, join, played_event, played_round
from tournament.leagues import service
from tournament.leagues.event_ratings import event_ratings
from tournament.leagues.global_rating import global_table
from tournament.leagues.ratings import rate
from tournament.leagues.table import load_league
from tournament.models import Event, EventRole, Game, League
from tournament.pairing.manager import round_pair, round_publish
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand

pytestmark = pytest.mark.django_db

SEASON = [[("A", "B", "4-1"), ("C", "D", "4-1")], [("A", "C", "4-1"), ("B", "D", "4-1")],
          [("A", "D", "4-1"), ("B", "C", "4-1")]]  # A 3 wins, B 2, C 1, D 0


@pytest.fixture
def league(db):
    league = League(slug="liga", name="Liga Ibérica", season_start=datetime.date(2026, 1, 1),
                    season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5")
    return service.create_league(make_user("leaguer"), league)


@pytest.fixture
def people():
    return {label: make_player(f"Person {label}") for label in "ABCD"}


def next_event(organizer, people, **fields):
    event = make_event(date=datetime.date(2026, 9, 1), name="Otoño", **fields)
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    regs = {label: make_registration(event, player, name=label) for label, player in people.items()}
    return event, regs


def games_of_round(event) -> set[frozenset]:
    rnd = event.rounds.get(number=1)
    return {frozenset(g.seats.values_list("registration_id", flat=True)) for g in rnd.games.all()}


def test_round_one_by_rating_folds_the_league_ratings_and_the_page_shows_them(client, league, organizer, people):
    past = played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1))
    join(league, past)
    newcomer = make_player("Person E")
    event, regs = next_event(organizer, {**people, "E": newcomer}, round_one_method="rating_fold")
    join(league, event)
    staff = Client()
    staff.force_login(organizer)
    staff.post(reverse("tournament:round_pair", kwargs={"slug": event.slug}))  # the view hands pairing the ratings
    rnd = event.rounds.get(number=1)
    draft = staff.get(reverse("tournament:round", kwargs={"slug": event.slug, "number": 1})).content.decode()
    assert "rating in Liga Ibérica before this event" in draft and "±" in draft
    # A B C D by rating, E unrated and last: A v C, B v D, E takes the bye
    assert games_of_round(event) == {frozenset((regs["A"].pk, regs["C"].pk)), frozenset((regs["B"].pk, regs["D"].pk)),
                                     frozenset((regs["E"].pk,))}
    round_publish(rnd, organizer)
    page = client.get(reverse("tournament:pairings", kwargs={"slug": event.slug})).content.decode()
    rated = event_ratings(event).ratings
    assert f"{rated[regs['A'].pk].rating:.0f} ± {rated[regs['A'].pk].deviation:.0f}" in page
    assert "rating in Liga Ibérica before this event" in page
    detail = client.get(event.get_absolute_url()).content.decode()
    strength = sum(r.rating for r in rated.values()) / 4
    assert f"Strength of field: {strength:.0f}" in detail and "4 of 5 players have a rating" in detail


@pytest.mark.parametrize("action", ["round_pair", "round_regenerate"])
def test_the_rounds_view_seeds_round_one_by_the_ratings(league, organizer, people, action):
    """Names sort against the ratings here (W X Y Z is A C B D), so a round paired without them differs."""
    past = played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1))
    join(league, past)
    event, regs = next_event(organizer, {"W": people["A"], "Y": people["B"], "X": people["C"], "Z": people["D"]},
                             round_one_method="rating_fold")
    join(league, event)
    staff = Client()
    staff.force_login(organizer)
    staff.post(reverse("tournament:round_pair", kwargs={"slug": event.slug}))
    # by rating W Y X Z: folded W v X, Y v Z (by name it would be W v Y, X v Z; shuffled, any of three)
    by_rating = {frozenset((regs["W"].pk, regs["X"].pk)), frozenset((regs["Y"].pk, regs["Z"].pk))}
    assert games_of_round(event) == by_rating
    for again in range(2, 6) if action == "round_regenerate" else ():
        staff.post(reverse("tournament:round_regenerate", kwargs={"slug": event.slug, "number": 1}))
        assert event.rounds.get(number=1).seed == event.seed * 1000 + again  # paired again, with a new seed
        assert games_of_round(event) == by_rating


def test_random_round_one_and_events_without_ratings_show_no_ratings(client, organizer, people):
    event, _regs = next_event(organizer, people)
    assert event_ratings(event) is None
    round_publish(round_pair(event, organizer, ratings=event_ratings), organizer)
    page = client.get(reverse("tournament:pairings", kwargs={"slug": event.slug})).content.decode()
    assert "±" not in page and "Strength of field" not in client.get(event.get_absolute_url()).content.decode()


def test_ratings_follow_a_corrected_past_result(league, organizer, people):
    past = played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1))
    join(league, past)
    event, regs = next_event(organizer, people, round_one_method="rating_fold")
    join(league, event)
    before = event_ratings(event).ratings
    assert before[regs["A"].pk].rating > before[regs["B"].pk].rating
    game = Game.objects.get(round__event=past, round__number=1, table=1)  # A beat B; the umpire corrects: B won
    result_enter(game, parse_shorthand("1-4", past.edition), organizer)
    after = event_ratings(event).ratings
    assert after[regs["B"].pk].rating > after[regs["A"].pk].rating
    data = load_league(league)
    scratch, _history = rate(data.games)
    assert {row.player_id: round(row.rating, 6) for row in data.rows} == {p: round(r.rating, 6) for p, r in scratch.items()}
    assert data.row_for(people["B"].pk).rating == pytest.approx(scratch[people["B"].pk].rating)
    round_pair(event, organizer, ratings=event_ratings)  # round 1 now seeds B first: B v C, A v D
    assert games_of_round(event) == {frozenset((regs["B"].pk, regs["C"].pk)), frozenset((regs["A"].pk, regs["D"].pk))}


@pytest.mark.parametrize(("lang", "rated"), [("en", "{} of 4 players have a rating"), ("es", "{} de 4 jugadores tienen rating"),
                                             ("it", "{} giocatori su 4 hanno un rating")])
def test_a_suggested_merge_lends_no_rating_until_the_account_holder_confirms_it(client, league, organizer, people, lang,
                                                                              rated):
    """A league organizer suggests that the newcomer E is the account holder A: until A confirms, E's entry is
    unrated on the event's pages (as in the league table), not shown with A's rating; once A confirms, it is A's."""
    from django.contrib.auth import get_user_model

    from tournament.leagues import merges

    holder = make_user("holder")
    type(people["A"]).objects.filter(pk=people["A"].pk).update(user=holder)
    past = played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1))
    join(league, past)
    newcomer = make_player("Person E")
    event, regs = next_event(organizer, {"B": people["B"], "C": people["C"], "D": people["D"], "E": newcomer})
    join(league, event)
    merges.suggest(get_user_model().objects.get(username="leaguer"), league, newcomer.pk, people["A"].pk)
    page = {"path": event.get_absolute_url(), "HTTP_ACCEPT_LANGUAGE": lang}
    assert regs["E"].pk not in event_ratings(event).ratings
    assert rated.format(3) in client.get(**page).text
    merges.answer(holder, league, newcomer.pk, confirm=True)
    ratings = event_ratings(event).ratings
    assert ratings[regs["E"].pk].rating > ratings[regs["B"].pk].rating  # A won all three games of the past event
    assert rated.format(4) in client.get(**page).text

def global_event(organizer, people, rounds, date, opt_in=True):
    """An event that asked to count (`opt_in`) and that the site's staff approved."""
    event = played_event(organizer, people, rounds, date=date)
    Event.objects.filter(pk=event.pk).update(global_rating=opt_in, global_rating_approved=True)
    return event


def test_global_rating_lists_account_holders_by_their_account_only(client, organizer):
    ann = make_player("Ann Account", user=account("ann"))
    bob = make_player("Bob Account", user=account("bob"))
    cid = make_player("Cid Noaccount")
    global_event(organizer, {"Annie": ann, "Bob": bob, "Cid": cid}, [[("Annie", "Bob", "4-1")], [("Annie", "Cid", "4-1")]],
                 datetime.date(2026, 3, 1))
    # someone else who typed Ann's name, without an account: never her, never listed
    impostor = make_player("Ann Account")
    global_event(organizer, {"Ann Account": impostor, "Bob": bob}, [[("Bob", "Ann Account", "4-1")]],
                 datetime.date(2026, 4, 1))
    global_event(organizer, {"Ann": ann, "Bob": bob}, [[("Bob", "Ann", "4-1")]] * 1, datetime.date(2026, 5, 1),
                 opt_in=False)  # not opted in: does not count
    page = client.get("/ratings/").content.decode()
    assert page.count("Ann Account") == 1 and "Bob Account" in page
    assert "Cid" not in page and "Annie" not in page
    assert SECRET_EMAIL not in page and SECRET_REGION not in page
    assert page.index("Ann Account") < page.index("Bob Account")  # two wins; Bob won only against the impostor
    assert "<td class=\"num hide-sm\">2</td>" in page  # Ann: her two games, not the impostor's


def test_event_form_opts_into_the_global_rating_and_seeds_by_rating(client, db):
    client.force_login(make_user("org2"))
    data = {"name": "Global", "slug": "global", "date": "2026-09-12", "edition": "3.0", "rounds_planned": 3,
            "round_minutes": 90, "round_one_method": "rating_accel", "global_rating": "on", "scoring_preset": "nasamw-3.0"}
    page = client.get(reverse("tournament:event_create")).content.decode()
    assert "Counts toward the global rating" in page and "By rating, folded" in page
    assert client.post(reverse("tournament:event_create"), data).status_code == 302
    event = Event.objects.get(slug="global")
    assert event.global_rating and event.round_one_method == "rating_accel"


def test_about_page_measures_predictions_on_the_league_history(client, league, organizer, people):
    join(league, played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1)))
    join(league, played_event(organizer, people, SEASON, date=datetime.date(2026, 4, 1)))
    page = client.get("/leagues/liga/about/").content.decode()
    assert "How well do the ratings predict?" in page and "Higher points so far wins" in page
    assert "12 decisive games" in page and "0.693" in page
    assert 'id="calibration"' in page and "Favourite won" in page
    assert client.get("/leagues/liga/").content.decode().count("/leagues/liga/about/") == 1
    spanish = client.get("/leagues/liga/about/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Más puntos hasta ahora gana" in spanish
    League.objects.filter(pk=league.pk).update(public=False)
    assert client.get("/leagues/liga/about/").status_code == 404


def account(username: str):
    """A user without a password (hashing one per player would only slow the test down)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create(username=username)


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def _count_cold(client, url: str) -> int:
    """Queries of a page rendered from nothing (the anonymous event page is otherwise served whole
    from the cache)."""
    from django.core.cache import cache

    from tournament.web.page_caches import forget_local

    cache.clear()
    forget_local()
    return _count(client, url)


def test_about_and_global_pages_run_a_constant_number_of_queries(client, league, organizer, django_assert_max_num_queries):
    def season(month: int, size: int):
        people = {f"P{month}-{i}": make_player(f"P{month}-{i}", user=account(f"u{month}-{i}")) for i in range(size)}
        labels = list(people)
        rounds = [[(labels[i], labels[i + 1], "4-1") for i in range(0, size, 2)],
                  [(labels[i], labels[(i + 3) % size], "4-2") for i in range(0, size, 2)]]
        event = global_event(organizer, people, rounds, datetime.date(2026, month, 1))
        join(league, event)

    target = make_event(date=datetime.date(2026, 12, 1), name="Final")
    join(league, target)
    make_registration(target, make_player("Someone"))
    pages = ("/leagues/liga/about/", "/ratings/", target.get_absolute_url())
    season(2, 4)
    few = [_count_cold(client, url) for url in pages]
    for month in range(3, 7):
        season(month, 10)
    assert [_count_cold(client, url) for url in pages] == few
    assert _count(client, target.get_absolute_url()) < few[2]  # the event's ratings come from the cache
    with django_assert_max_num_queries(6):
        assert client.get("/leagues/liga/about/").status_code == 200
    with django_assert_max_num_queries(7):  # from nothing: 3 for the "games changed" key (games, entries, the
        assert client.get("/ratings/").status_code == 200  # counted events' dates), 4 to compute
    with django_assert_max_num_queries(3):  # then from the cache
        assert client.get("/ratings/").status_code == 200


@pytest.mark.parametrize(("lang", "words"), [("es", ("Rating global", "Nivel del torneo", "Acierto")),
                                              ("it", ("Rating globale", "Livello del torneo", "Accuratezza"))])
def test_ratings_pages_in_spanish_and_italian(client, league, organizer, people, lang, words):
    join(league, played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1)))
    event, _regs = next_event(organizer, people)
    join(league, event)
    header = {"HTTP_ACCEPT_LANGUAGE": lang}
    assert words[0] in client.get("/ratings/", **header).content.decode()
    assert words[1] in client.get(event.get_absolute_url(), **header).content.decode()
    assert words[2] in client.get("/leagues/liga/about/", **header).content.decode()


@pytest.mark.parametrize(("lang", "words"), [("en", "My global rating:"), ("es", "Mi rating global:"),
                                             ("it", "Il mio rating globale:")])
def test_a_player_follows_their_global_rating_on_their_home(organizer, lang, words):
    """Issue 27: "my standing and rating" on the player's home, as the global table shows it."""
    ann = make_player("Ann Account", user=account("ann"))
    bob = make_player("Bob Account", user=account("bob"))
    global_event(organizer, {"Ann": ann, "Bob": bob}, [[("Ann", "Bob", "4-1")]], datetime.date(2026, 3, 1))
    row = next(r for r in global_table() if r.player_id == ann.pk)
    home = Client()
    home.force_login(ann.user)
    page = home.get(reverse("tournament:me"), headers={"Accept-Language": lang}).content.decode()
    assert f"{words} {round(row.rating)} ± {round(row.deviation)}" in page
    home.force_login(make_user("no-games"))
    assert words not in home.get(reverse("tournament:me"), headers={"Accept-Language": lang}).content.decode()


@pytest.mark.django_db(transaction=True)
def test_an_event_joining_a_league_renews_every_members_pages_in_queries_the_leagues_size_does_not_change():
    """The members' pages show the league's ratings: each one's page generation is renewed when the membership
    commits, and reading which pages costs the same for a league of 2 members as for one of 12."""
    from django.core.cache import cache

    from tournament.events.cache_keys import page_generation
    from tournament.models import LeagueEvent

    def joined(size: int) -> tuple[int, set[str]]:
        league = service.create_league(make_user(f"leaguer{size}"), League(
            slug=f"liga-{size}", name=f"Liga {size}", season_start=datetime.date(2026, 1, 1),
            season_end=datetime.date(2026, 12, 31)))
        members = [make_event(slug=f"m{size}-{n}", name=f"Member {n}", date=datetime.date(2026, 3, n + 1))
                   for n in range(size)]
        for member in members:
            LeagueEvent.objects.create(league=league, event=member, state=LeagueEvent.State.ACCEPTED)
        newcomer = make_event(slug=f"new-{size}", name="Newcomer", date=datetime.date(2026, 9, 1))
        slugs = [event.slug for event in [*members, newcomer]]
        before = {slug: page_generation(slug) for slug in slugs}
        with CaptureQueriesContext(connection) as queries:
            LeagueEvent.objects.create(league=league, event=newcomer, state=LeagueEvent.State.ACCEPTED)
        return len(queries), {slug for slug in slugs if page_generation(slug) == before[slug]}

    cache.clear()
    small, kept_small = joined(2)
    large, kept_large = joined(12)
    assert kept_small == kept_large == set()  # every member's pages and the newcomer's are rendered anew
    assert large == small


def test_the_global_table_follows_a_counted_event_dated_anew(organizer):
    """Glicko-2 reads the rating periods in date order: a counted event moved before another one changes the table,
    and `/ratings/` shows the change at once (its key holds the counted events' dates)."""
    from tournament.leagues.global_rating import compute_global_table

    ann, bob = make_player("Ann Account", user=account("ann")), make_player("Bob Account", user=account("bob"))
    global_event(organizer, {"Ann": ann, "Bob": bob}, [[("Ann", "Bob", "4-1")]] * 2, datetime.date(2026, 3, 1))
    later = global_event(organizer, {"Ann": ann, "Bob": bob}, [[("Bob", "Ann", "4-1")]], datetime.date(2026, 5, 1))
    before = global_table()
    later = Event.objects.get(pk=later.pk)  # as approved
    later.date = datetime.date(2026, 2, 1)  # Bob's win now comes first
    later.save()
    assert global_table() == compute_global_table() != before
    assert [row.games for row in global_table()] == [3, 3]  # still counted: moved, not withdrawn


def test_an_events_own_games_never_move_its_ratings_before_it(league, organizer, people):
    """The ratings an event shows and seeds by are those before it: an earlier event of the same day counts (it was
    created first), the event's own results, confirmed as it is played, never do."""
    morning = played_event(organizer, people, SEASON, date=datetime.date(2026, 9, 1))
    join(league, morning)
    event, regs = next_event(organizer, people)  # the same day, created after it
    join(league, event)
    before = event_ratings(event)
    assert before is not None and set(before.ratings) == {reg.pk for reg in regs.values()}
    assert before.ratings[regs["A"].pk].rating > before.ratings[regs["D"].pk].rating  # the morning's results count
    played_round(event, 1, [("D", "A", "4-1"), ("C", "B", "4-1")], regs, organizer)  # upsets here, now
    assert event_ratings(event).ratings == before.ratings


@pytest.mark.parametrize(("lang", "private_words"), [
    ("en", ("ratings in a private league before this event", "rating in a private league before this event")),
    ("es", ("ratings en una liga privada antes de este evento", "rating del jugador en una liga privada")),
    ("it", ("rating in una lega privata prima di questo evento", "rating del giocatore in una lega privata"))])
def test_a_private_leagues_name_stays_off_a_member_events_public_pages(client, league, organizer, people, lang,
                                                                          private_words):
    """A private league is seen by its organizers alone: the event it rates says "a private league" on its public
    page and pairings (a public league is named there: the first test)."""
    League.objects.filter(pk=league.pk).update(public=False)
    join(league, played_event(organizer, people, SEASON, date=datetime.date(2026, 3, 1)))
    event, _regs = next_event(organizer, people, round_one_method="rating_fold")
    join(league, event)
    round_publish(round_pair(event, organizer), organizer)
    header = {"Accept-Language": lang}
    detail = client.get(event.get_absolute_url(), headers=header).content.decode()
    pairings = client.get(reverse("tournament:pairings", kwargs={"slug": event.slug}), headers=header).content.decode()
    assert "Liga Ibérica" not in detail and "Liga Ibérica" not in pairings
    assert private_words[0] in detail and private_words[1] in pairings
