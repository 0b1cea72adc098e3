"""The public event home, pairings and standings: anonymous readers get a rendering cached per event state,
with ETag/Last-Modified and 304 answers; nobody's CSRF token, name or messages are shared; every page reads
a constant number of queries whatever the event's size, for the public and for an organizer."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.simulated_events import build_event
from tournament.models import EventRole, Game
from tournament.results.entry import result_enter
from tournament.results.shorthand import parse_shorthand
from tournament.web import page_caches

PAGES = ["tournament:event", "tournament:pairings", "tournament:standings"]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def url(page: str, event) -> str:
    return reverse(page, args=[event.slug])


@pytest.fixture
def small(db):
    return build_event(8, 2)


@pytest.mark.parametrize("players", [8, 120])
@pytest.mark.parametrize("page", PAGES)
def test_anonymous_pages_read_a_constant_number_of_queries(db, client, django_assert_max_num_queries, players, page):
    event = build_event(players, 3)
    with django_assert_max_num_queries(8):  # the first reader renders the page (cache miss)
        first = client.get(url(page, event))
    assert first.status_code == 200 and "Player" in first.text
    with django_assert_max_num_queries(0):  # the event's page generation and the page: both from the cache
        again = Client().get(url(page, event))
    assert again.text == first.text


@pytest.mark.parametrize("players", [8, 120])
@pytest.mark.parametrize("page", PAGES)
def test_organizer_pages_read_a_constant_number_of_queries(organizer_client, organizer, django_assert_max_num_queries,
                                                           players, page):
    event = build_event(players, 3)
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    for _ in range(2):  # a signed-in reader's page is rendered for them each time
        # session, user, event, roles, state, the tables' reads; the pairings also look for the reader's own game
        with django_assert_max_num_queries(11 if page == "tournament:pairings" else 10):
            response = organizer_client.get(url(page, event))
        assert response.status_code == 200 and "Organizer Uno" not in response.text and "org" in response.text
        assert "ETag" not in response


@pytest.mark.parametrize("page", PAGES)
def test_if_none_match_gives_304_until_a_result_changes(client, small, page):
    first = client.get(url(page, small))
    assert first["ETag"] and first["Last-Modified"] and "no-cache" in first["Cache-Control"]
    assert {"Cookie", "Accept-Language", "HX-Request"} <= {v.strip() for v in first["Vary"].split(",")}
    unchanged = client.get(url(page, small), headers={"If-None-Match": first["ETag"]})
    assert unchanged.status_code == 304 and unchanged.content == b"" and unchanged["ETag"] == first["ETag"]

    game = Game.objects.filter(round__event=small, is_bye=False).order_by("-round__number", "table").first()
    result_enter(game, parse_shorthand("1-4G", small.edition), None)
    changed = client.get(url(page, small), headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    if page != "tournament:event":  # the event home shows the players, not the results
        assert changed.text != first.text


def test_the_language_is_part_of_the_page_and_its_tag(client, small):
    english = client.get(url("tournament:standings", small))
    spanish = client.get(url("tournament:standings", small), headers={"Accept-Language": "es",
                                                                       "If-None-Match": english["ETag"]})
    assert spanish.status_code == 200 and spanish["ETag"] != english["ETag"]
    assert "Clasificación" in spanish.text and "Clasificación" not in english.text
    italian = client.get(url("tournament:standings", small), headers={"Accept-Language": "it"})
    assert italian.text != spanish.text and italian["Content-Language"] == "it"


def test_an_htmx_swap_gets_the_table_and_a_page_load_the_page(client, small):
    fragment = client.get(url("tournament:pairings", small), headers={"HX-Request": "true"})
    page = client.get(url("tournament:pairings", small), headers={"If-None-Match": fragment["ETag"]})
    assert "<html" not in fragment.text and "<table" in fragment.text
    assert page.status_code == 200 and "<html" in page.text and page["ETag"] != fragment["ETag"]
    restore = client.get(url("tournament:pairings", small), headers={"HX-Request": "true",
                                                                      "HX-History-Restore-Request": "true"})
    assert "<html" in restore.text


@pytest.mark.parametrize("name", ["pairings", "standings"])
def test_an_anonymous_page_and_its_htmx_swap_share_one_table_kept_by_the_page_generation(client, small, name,
                                                                                          monkeypatch):
    """The anonymous page is kept by the event's page generation, and so is its table: the page and the htmx
    swap of its table render the table once between them, and neither reads the event state (a query over every
    game and seat of the event, which only the signed-in readers' tables are kept by)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tables = []
    real = page_caches.render_to_string
    monkeypatch.setattr(page_caches, "render_to_string", lambda *args: tables.append(args[0]) or real(*args))
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url(f"tournament:{name}", small))
        swap = client.get(url(f"tournament:{name}", small), headers={"HX-Request": "true"})
    assert page.status_code == swap.status_code == 200 and "<html" not in swap.text
    assert tables == [f"tournament/{name}.html#table"] and swap.text in page.text
    assert not [q for q in queries.captured_queries if 'SUM("tournament_game"."version")' in q["sql"]]  # the state


def test_the_shared_rendering_holds_no_token_and_no_name(client, organizer_client, organizer, small):
    EventRole.objects.create(event=small, user=organizer, role=EventRole.Role.ORGANIZER)
    page_caches._local.clear()
    for page in PAGES:
        html = organizer_client.get(url(page, small)).text
        assert "Log out" in html and TOKEN.search(html) and "x-csrftoken" in html  # the organizer's page posts
    assert not page_caches._local  # a signed-in reader's page is never kept
    for page in PAGES:
        reader = Client(enforce_csrf_checks=True)
        response = reader.get(url(page, small))
        assert "Log out" not in response.text and ">org<" not in response.text
        # no token in the page, none minted for the reader: nothing of theirs is in the shared page
        assert not TOKEN.search(response.text) and "x-csrftoken" not in response.text
        assert "csrftoken" not in response.cookies
        # and the language switch still works for them (it needs no token)
        switched = reader.post(reverse("set_language"), {"language": "it", "next": url(page, small)})
        assert switched.status_code == 302 and switched["Location"] == url(page, small)
        assert "Classifica" in reader.get(url("tournament:standings", small)).text
    stored = [kept[0] for _, kept in page_caches._local.values()]
    assert len(stored) >= 3 and not any(">org<" in html or "Log out" in html or TOKEN.search(html) for html in stored)
    assert all("htmx" in html and "nonce=" not in html for html in stored)  # no CSP nonce kept for everyone


def test_the_language_switch_goes_only_to_this_site(client):
    away = client.post(reverse("set_language"), {"language": "es", "next": "https://evil.example/"})
    assert away.status_code == 302 and "evil" not in away["Location"]


def test_a_reader_with_a_message_waiting_sees_it_once(client, small):
    client.get(url("tournament:event", small))  # cached without messages
    request = RequestFactory().get("/")
    storage = CookieStorage(request)
    client.cookies["messages"] = storage._encode([Message(constants.SUCCESS, "Registration received")])
    shown = client.get(url("tournament:event", small))
    assert "Registration received" in shown.text
    assert "Registration received" not in client.get(url("tournament:event", small)).text


def test_an_unknown_query_is_rendered_for_that_reader(client, small):
    response = client.get(url("tournament:standings", small) + "?utm_source=poster")
    assert response.status_code == 200 and "ETag" not in response
    assert client.get(url("tournament:standings", small) + "?round=1")["ETag"]


def test_a_half_report_keeps_the_pages_and_loses_nothing(client, organizer):
    """A player's half report (and a hold for the umpire) is not shown on the public pages: they are not
    rendered again for it, and the page kept is the page a fresh rendering gives."""
    from tests.factories import make_event, make_registration
    from tournament.models import Seat
    from tournament.pairing.manager import round_pair, round_publish
    from tournament.results.entry import result_report

    event = make_event(slug="half-report")
    for _ in range(6):
        make_registration(event, army_ref="II/33")
    round_publish(round_pair(event, organizer), organizer)
    first, second = Seat.objects.filter(game__round__event=event, game__is_bye=False).order_by("game__table", "side")[:3:2]
    before = {page: client.get(url(page, event)) for page in PAGES}
    kept = {page: response.text for page, response in before.items()}
    result_report(first, parse_shorthand("4G-1", event.edition), reporter="phone-1")  # reported, not confirmed
    result_report(second, parse_shorthand("4G-1", event.edition), reporter="phone-2")
    result_report(second, parse_shorthand("2-4", event.edition), reporter="phone-2")  # held for the umpire
    assert set(Game.objects.filter(round__event=event).values_list("status", flat=True)) >= {"reported", "disputed"}
    for page in PAGES:  # the same pages: not rendered again
        assert client.get(url(page, event), headers={"If-None-Match": before[page]["ETag"]}).status_code == 304
    page_caches.forget_local()
    cache.clear()
    for page in PAGES:  # and a fresh rendering says the same
        assert client.get(url(page, event)).text == kept[page]

    game = first.game
    result_report(Seat.objects.get(game=game, side="b"), parse_shorthand("4G-1", event.edition), reporter="phone-3")
    game.refresh_from_db()
    assert game.status == "confirmed"
    assert client.get(url("tournament:standings", event)).text != kept["tournament:standings"]


@pytest.mark.parametrize(("lang", "standings"), [("en", "Standings"), ("es", "Clasificación"), ("it", "Classifica")])
def test_a_renamed_club_is_on_the_next_standings_for_everyone(client, organizer_client, small, lang, standings,
                                                              django_capture_on_commit_callbacks):
    """A club renamed shows on the next request, for an anonymous reader (whose page is kept by the page
    generation) and for a signed-in one (whose table is kept by the event state): the rendered standings table
    is not served as it was for another minute."""
    from tournament.models import Club

    club = Club.objects.get(name="Club 1")
    readers = {"anonymous": client, "signed in": organizer_client}
    page = url("tournament:standings", small)
    for reader in readers.values():
        text = reader.get(page, headers={"Accept-Language": lang}).text
        assert f"<h1>{standings}</h1>" in text and "<td>Club 1</td>" in text
    with django_capture_on_commit_callbacks(execute=True):
        club.name = "Club Uno"
        club.save()
    for who, reader in readers.items():
        text = reader.get(page, headers={"Accept-Language": lang}).text
        assert "<td>Club Uno</td>" in text and "<td>Club 1</td>" not in text, who


def test_threads_asking_for_the_same_new_page_render_it_once():
    """After a result, every thread of a gthread worker asks for the same new page at once: one renders it,
    the others wait for that rendering instead of each making their own."""
    import threading
    import time

    from django.contrib.auth.models import AnonymousUser
    from django.http import HttpResponse

    page_caches.forget_local()
    cache.clear()
    rendered = []
    start = threading.Barrier(8)

    @page_caches.public_page("threads")
    def view(request, slug):
        rendered.append(slug)
        time.sleep(0.2)  # a big page
        return HttpResponse(f"<p>{slug} page</p>")

    def ask(answers):
        request = RequestFactory().get("/e/busy/")
        request.user = AnonymousUser()
        start.wait()
        answers.append(view(request, "busy"))

    answers = []
    threads = [threading.Thread(target=ask, args=(answers,)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 8 and {a.content for a in answers} == {b"<p>busy page</p>"}
    assert rendered == ["busy"]


class _Undone(Exception):
    pass


def test_a_page_rendered_inside_a_savepoint_rolled_back_is_not_served_again(client, small):
    """Inside one transaction (a command, a test), a page and its table rendered from rows a savepoint wrote are
    not served once the savepoint is rolled back: the page generation names the open savepoints too."""
    from django.db import transaction

    from tournament.models import Registration

    page = url("tournament:standings", small)
    reg = Registration.objects.filter(event=small).first()
    with pytest.raises(_Undone), transaction.atomic():
        reg.name = "Rolled Back Name"
        reg.save()
        assert "Rolled Back Name" in client.get(page).text
        raise _Undone
    for headers in ({}, {"HX-Request": "true"}):
        assert "Rolled Back Name" not in client.get(page, headers=headers).text


@pytest.mark.parametrize(("lang", "label"), [("en", "After round"), ("es", "Tras la ronda"), ("it", "Dopo il turno")])
def test_the_standings_offer_the_rounds_that_are_not_drafts(client, small, lang, label):
    """The "after round" choice lists the rounds the table can be shown after: a draft round is not among them;
    the round asked for is the one chosen."""
    from tournament.models import Round

    Round.objects.create(event=small, number=3, status=Round.Status.DRAFT)
    page = url("tournament:standings", small)
    text = client.get(page, headers={"Accept-Language": lang}).text
    assert label in text
    assert re.findall(r'<option value="(\d+)"', text) == ["1", "2"]
    chosen = client.get(page + "?round=2", headers={"Accept-Language": lang}).text
    assert '<option value="2" selected>2</option>' in chosen and '<option value="1">1</option>' in chosen


@pytest.mark.parametrize(("lang", "words"), [("en", "This event has no published round {n}."),
                                              ("es", "Este evento no tiene una ronda {n} publicada."),
                                              ("it", "Questo evento non ha un turno {n} pubblicato.")])
def test_a_table_after_a_round_the_event_never_published_is_refused_naming_it(client, small, lang, words):
    """"After round 999" of a two-round event (or after a round still a draft) is not the latest table under a
    round it never had: the page, its htmx swap, a player's figures, the export and the PDF answer 400 and say so."""
    from tournament.models import Registration, Round

    Round.objects.create(event=small, number=3, status=Round.Status.DRAFT)
    player = Registration.objects.filter(event=small).first()
    pages = [url("tournament:standings", small), reverse("tournament:standings_pdf", args=[small.slug]),
             reverse("tournament:standings_export", args=[small.slug, "csv"]),
             reverse("tournament:player_standing", args=[small.slug, player.pk])]
    for page in pages:
        for number in (3, 999):
            for headers in ({}, {"HX-Request": "true"}):
                answer = client.get(f"{page}?round={number}", headers={"Accept-Language": lang, **headers})
                assert answer.status_code == 400 and words.format(n=number) in answer.text, (page, number)
        assert client.get(f"{page}?round=2", headers={"Accept-Language": lang}).status_code == 200, page
