"""Ties settled the way the event settles them: a playoff game, the umpire's decision with its reason, a recorded
die roll or lot, or a shared place; audited, shown in "how this table is ordered"."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_player, make_registration, make_user
from tests.pairing.test_rounds import enter, games
from tests.simulated_events import add_round
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied(event):
    """Ana and Carla each won 4-1 against opponents who scored the same: level on points and countback."""
    event.tiebreaks = ["countback"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in ("Ana", "Bruno", "Carla", "Dario")}
    add_round(event, 1, [(regs["Ana"], regs["Bruno"], "4-1"), (regs["Carla"], regs["Dario"], "4-1")])
    return event, regs


def url(event) -> str:
    return reverse("tournament:ties", args=[event.slug])


def post(client, event, regs, names, **data):
    players = ",".join(str(regs[n].pk) for n in names)
    prefix = f"t{min(regs[n].pk for n in names)}"
    fields = {f"{prefix}-{k}": v for k, v in data.items()}
    return client.post(url(event), {"players": players, "action": "settle", **fields})


def standings(event, language="en") -> str:
    return Client().get(reverse("tournament:standings", args=[event.slug]), headers={"Accept-Language": language}).text


def ranks(html: str) -> list[tuple[str, str]]:
    tbody = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    out = []
    for tr in tbody.split("<tr")[1:]:
        tds = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        out.append((tds[0], tds[1]))
    return out


def test_a_playoff_game_orders_the_tied_players_and_the_page_says_so(umpire_client, tied):
    event, regs = tied
    assert ranks(standings(event))[:2] == [("=1", "Ana"), ("=1", "Carla")]
    page = umpire_client.get(url(event)).text
    assert "Ana, Carla" in page
    response = post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="1-4")
    assert response.status_code == 302
    html = standings(event)
    assert ranks(html)[:2] == [("1", "Carla"), ("2", "Ana")]
    assert "Carla, Ana were level after every tie-break: a playoff game (1-4) decided the order." in html
    entry = AuditEntry.objects.get(action="event.tie_settle")
    assert entry.after["players"] == [regs["Carla"].pk, regs["Ana"].pk] and entry.after["kind"] == "playoff"


def test_the_umpires_decision_needs_a_reason_that_is_shown_and_audited(organizer_client, umpire_client, tied):
    event, regs = tied
    refused = post(umpire_client, event, regs, ["Ana", "Carla"], kind="umpire",
                   place_1=regs["Carla"].pk, place_2=regs["Ana"].pk)
    assert refused.status_code == 400 and "needs its reason" in refused.text
    event.refresh_from_db()
    assert event.tie_decisions == []
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="umpire", place_1=regs["Carla"].pk, place_2=regs["Ana"].pk,
         reason="Ana arrived late to round 1.")
    html = standings(event)
    assert ranks(html)[:2] == [("1", "Carla"), ("2", "Ana")]
    assert "the umpire decided the order. Reason: Ana arrived late to round 1." in html
    log = organizer_client.get(reverse("tournament:audit", args=[event.slug])).text
    assert "Tie settled by the umpire&#x27;s decision: Carla, Ana. Ana arrived late to round 1." in log


def test_a_recorded_lot_and_a_shared_place(umpire_client, tied):
    event, regs = tied
    refused = post(umpire_client, event, regs, ["Ana", "Carla"], kind="lot", place_1=regs["Ana"].pk,
                   place_2=regs["Carla"].pk)
    assert refused.status_code == 400 and "Write down the roll" in refused.text
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="lot", place_1=regs["Ana"].pk, place_2=regs["Carla"].pk,
         record="Ana 5, Carla 2")
    assert ranks(standings(event))[:2] == [("1", "Ana"), ("2", "Carla")]
    assert "a die roll or lot decided the order (Ana 5, Carla 2)." in standings(event)
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="shared")  # replaces the lot
    html = standings(event)
    assert ranks(html)[:2] == [("=1", "Ana"), ("=1", "Carla")] and "and share the place." in html
    event.refresh_from_db()
    assert [d["kind"] for d in event.tie_decisions] == ["shared"]


def test_a_decision_no_longer_applies_once_a_correction_breaks_the_tie(organizer_client, umpire_client, tied):
    event, regs = tied
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="4-1")
    game = next(g for g in games(event.rounds.get(number=1)) if regs["Carla"].pk in [s.registration_id for s in g.seats.all()])
    assert enter(organizer_client, event, game, "4G-1").status_code == 302
    html = standings(event)
    assert ranks(html)[0] == ("1", "Carla")
    assert "A decision recorded for Ana, Carla does not apply: they are no longer level." in html


def test_only_tied_players_and_only_staff(client, umpire_client, tied):
    event, regs = tied
    refused = post(umpire_client, event, regs, ["Ana", "Bruno"], kind="shared")
    assert refused.status_code == 400 and "do not share a place" in refused.text
    two = post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="2-2 T")
    assert two.status_code == 400 and "needs a winner" in two.text
    player = Client()
    player.force_login(make_user("player"))
    assert player.get(url(event)).status_code == 403
    assert post(player, event, regs, ["Ana", "Carla"], kind="shared").status_code == 403
    assert client.get(url(event)).status_code == 302
    event.refresh_from_db()
    assert event.tie_decisions == []


@pytest.mark.parametrize(("language", "words"), [
    ("es", "Carla, Ana estaban igualados tras todos los desempates: una partida de desempate (1-4) decidió el orden."),
    ("it", "Carla, Ana erano pari dopo tutti gli spareggi: una partita di spareggio (1-4) ha deciso l'ordine."),
])
def test_the_decision_in_spanish_and_italian(umpire_client, tied, language, words):
    event, regs = tied
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="1-4")
    assert words.replace("'", "&#x27;") in standings(event, language)
    page = umpire_client.get(url(event), headers={"Accept-Language": language}).text
    assert {"es": "Empates", "it": "Parità"}[language] in page


def test_a_backup_carries_the_decisions_and_the_own_scoring(umpire_client, organizer, tied):
    from tournament.results.scoring import preset_data
    from tournament.transfer.backup import export_event, import_event

    event, regs = tied
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="lot", place_1=regs["Carla"].pk, place_2=regs["Ana"].pk,
         record="Carla 6, Ana 1")
    event.refresh_from_db()
    event.scoring_definition = preset_data("trophee-alexandre")
    event.save()
    data = export_event(event)
    copy = import_event(data, slug="copy", importer=organizer).event
    assert copy.scoring_definition == event.scoring_definition
    names = dict(copy.registrations.values_list("pk", "name"))
    assert [names[p] for p in copy.tie_decisions[0]["players"]] == ["Carla", "Ana"]
    assert copy.tie_decisions[0]["record"] == "Carla 6, Ana 1"
    bad = {**data, "tie_decisions": [{"kind": "coin", "players": ["p1", "p2"]}]}
    from tournament.transfer.backup_checks import BackupError

    with pytest.raises(BackupError, match=r"tie_decisions\[0\]\.kind"):
        import_event(bad, slug="copy2", importer=organizer)
    broken = {**data, "event": {**data["event"], "scoring_definition": {"name": "x", "win": "3", "loss": 0, "time": 0}}}
    with pytest.raises(BackupError, match=r"event\.scoring_definition\.win"):
        import_event(broken, slug="copy3", importer=organizer)


def test_a_league_places_the_players_as_the_event_settled_their_tie(umpire_client, organizer, tied):
    import datetime

    from tournament.leagues.table import load_league
    from tournament.models import League, LeagueEvent

    event, regs = tied
    league = League.objects.create(slug="l", name="L", season_start=datetime.date(2026, 1, 1),
                                   season_end=datetime.date(2026, 12, 31), scoring_preset="soa-best5")
    LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.ACCEPTED)
    before = {row.name: row.points for row in load_league(league).rows}
    assert before["Ana"] == before["Carla"] == 15  # level: both placed first
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="1-4")
    after = {row.name: row.points for row in load_league(league).rows}
    assert (after["Carla"], after["Ana"]) == (15, 12)


def test_the_standings_pdf_says_how_the_tie_was_settled(umpire_client, tied):
    import io

    from pypdf import PdfReader

    event, regs = tied
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="1-4")
    pdf = Client().get(reverse("tournament:standings_pdf", args=[event.slug])).content
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Ties settled by the event" in text and "a playoff game (1-4) decided the order" in text


def test_a_playoff_result_is_read_with_the_events_camp_reading(organizer):
    """A playoff game between two tied players is read with the event's camp reading, as a round's result. In DBA 2.2
    with "a lost camp counts only toward 'more elements lost than the enemy'" (Event.victory_camp_reading), 2C-0
    is not a win: the loser lost 2 troop elements, short of "al menos cuatro elementos de tropas" (seed
    002_76b3017b4c7c00bd.txt L1577; the camp as two elements, L1583, counts only toward L1578). The same result
    entered for a round is time called; as a playoff it is no win either (it was taken as Ana's, with the default
    reading)."""
    from tests.factories import make_event
    from tournament.models import CampReading
    from tournament.results.shorthand import parse_shorthand
    from tournament.results.tie_decisions import TieRejected, record_tie_decision

    event = make_event(edition="2.2", scoring_preset="nasamw-v4", tiebreaks=["head_to_head", "countback"],
                       victory_camp_reading=CampReading.COMPARISON)
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "2-2 T")])
    assert parse_shorthand("2C-0", "2.2", camp_reading=event.victory_camp_reading).outcome == "time"
    with pytest.raises(TieRejected):  # "A playoff game needs a winner."
        record_tie_decision(event, organizer, kind="playoff", players=[ana.pk, bruno.pk], result="2C-0")


def test_the_order_section_follows_the_round_chosen_by_htmx(umpire_client, event):
    """"How this table is ordered" lists the event's tie decisions that order the table shown: Ana and Carla are level
    after round 2 (a win and a loss each, against the same two opponents), not after round 1, so round 1's table
    lists no decision. Choosing another round swaps #standings' inner HTML with the htmx fragment: the section must
    come with it, in the page as the browser holds it after the swap, whichever of the two renderings the cache had
    kept first."""
    event.tiebreaks = ["countback"]
    event.save()
    regs = {n: make_registration(event, make_player(n)) for n in ("Ana", "Bruno", "Carla", "Dario")}
    add_round(event, 1, [(regs["Ana"], regs["Bruno"], "4-1"), (regs["Carla"], regs["Dario"], "1-4")])
    add_round(event, 2, [(regs["Ana"], regs["Dario"], "1-4"), (regs["Carla"], regs["Bruno"], "4-1")])  # level now
    assert post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="1-4").status_code == 302
    words = "a playoff game (1-4) decided the order"
    address = reverse("tournament:standings", args=[event.slug])
    htmx = {"HX-Request": "true"}

    def swapped(page: str, fragment: str) -> str:
        """The page with #standings' inner HTML replaced by `fragment`."""
        start = page.index(">", page.index('<div id="standings"')) + 1
        depth, end = 1, start
        for tag in re.finditer(r"<(/?)div\b", page[start:]):
            depth += -1 if tag[1] else 1
            if depth == 0:
                end = start + tag.start()
                break
        return page[:start] + fragment + page[end:]

    for reader in (Client(), umpire_client):  # the anonymous page's cache and the signed-in reader's
        latest, earlier = reader.get(address).text, reader.get(address, {"round": "1"}).text
        assert words in latest and words not in earlier
        assert latest.count('id="order"') == earlier.count('id="order"') == 1
        to_earlier = reader.get(address, {"round": "1"}, headers=htmx)
        to_latest = reader.get(address, headers=htmx)
        assert "HX-Request" in to_earlier["Vary"] and "<html" not in to_earlier.text
        for page, fragment, shown in ((latest, to_earlier.text, False), (earlier, to_latest.text, True)):
            after = swapped(page, fragment)
            assert (words in after) == shown and after.count('id="order"') == 1
        assert 'id="order"' in to_earlier.text and words not in to_earlier.text
        assert 'id="order"' in to_latest.text and words in to_latest.text


def test_the_last_round_chosen_by_number_says_how_its_tie_was_settled(umpire_client, tied):
    """Every table, a chosen round's included, is ordered by the event's decisions: choosing the last round by
    number (the same table as the latest) says how its tie was settled, by htmx and in full, for any reader."""
    import html

    words = "Carla, Ana were level after every tie-break: a playoff game (1-4) decided the order."
    event, regs = tied
    add_round(event, 2, [(regs["Ana"], regs["Dario"], "4-1"), (regs["Carla"], regs["Bruno"], "4-1")])  # still level
    assert post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="1-4").status_code == 302
    address = reverse("tournament:standings", args=[event.slug])
    for reader in (Client(), umpire_client):
        latest = html.unescape(reader.get(address).text)
        assert ranks(latest)[:2] == [("1", "Carla"), ("2", "Ana")] and words in latest
        for headers in ({}, {"HX-Request": "true"}):
            chosen = html.unescape(reader.get(address, {"round": "2"}, headers=headers).text)
            assert ranks(chosen)[:2] == [("1", "Carla"), ("2", "Ana")]  # the decision orders this table too
            assert words in chosen, (headers, chosen[chosen.index('id="order"'):][:1500])


def test_the_standings_pdf_with_a_settled_tie_reads_the_games_once(umpire_client, tied):
    """The table and its "ties settled by the event" come from one read of the games: a decision recorded adds no
    query to the PDF (it is on the event's row)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event, regs = tied
    pdf_url = reverse("tournament:standings_pdf", args=[event.slug])
    Client().get(pdf_url)  # the per-process tables filled
    with CaptureQueriesContext(connection) as before:
        Client().get(pdf_url)
    post(umpire_client, event, regs, ["Ana", "Carla"], kind="playoff", result="1-4")
    with CaptureQueriesContext(connection) as after:
        answer = Client().get(pdf_url)
    assert answer.status_code == 200
    assert len(after.captured_queries) == len(before.captured_queries), [q["sql"] for q in after.captured_queries]
