"""The create-event form: edition and scoring agree, tie-breaks by name in an order, a suggested short name."""

from __future__ import annotations

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.factories import make_user
from tournament.models import AuditEntry, Event

BASE = {"name": "Torneo di Città", "date": "2026-09-12", "edition": "3.0", "rounds_planned": 3,
        "round_minutes": 90, "round_one_method": "random"}


def _selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)[0]
    return re.search(r'<option value="([^"]*)"[^>]*selected', select)[1]


def test_new_event_scoring_agrees_with_the_edition(client, db):
    client.force_login(make_user("org"))
    html = client.get(reverse("tournament:event_create")).text
    assert _selected(html, "edition") == "3.0" and _selected(html, "scoring_preset") == "nasamw-3.0"
    # each edition-specific preset says which edition it is for, so the page can filter them
    assert re.search(r'<option value="nasamw-v4" data-edition="2.2"', html)


def test_scoring_for_the_other_edition_is_refused(client, db):
    client.force_login(make_user("org"))
    response = client.post(reverse("tournament:event_create"), {**BASE, "slug": "x", "scoring_preset": "nasamw-v4"})
    assert response.status_code == 200
    assert "This scoring is for DBA 2.2, but the event plays DBA 3.0." in response.text
    assert not Event.objects.exists()


def test_tiebreaks_are_named_choices_in_the_organizers_order(client, db):
    client.force_login(make_user("org"))
    html = client.get(reverse("tournament:event_create"), headers={"Accept-Language": "es"}).text
    assert '<select name="tiebreak_1"' in html and "Enfrentamiento directo" in html
    response = client.post(reverse("tournament:event_create"), {
        **BASE, "slug": "t", "scoring_preset": "wdl", "tiebreak_1": "generals_killed", "tiebreak_2": "head_to_head"})
    assert response.status_code == 302, response.text
    assert Event.objects.get(slug="t").tiebreaks == ["generals_killed", "head_to_head"]


def test_a_tiebreak_chosen_twice_is_named(client, db):
    client.force_login(make_user("org"))
    response = client.post(reverse("tournament:event_create"), {
        **BASE, "slug": "t", "scoring_preset": "wdl", "tiebreak_1": "wins", "tiebreak_2": "wins"})
    assert "“Wins” is already chosen above." in response.text


def test_short_name_is_made_from_the_name_when_left_empty(client, db):
    client.force_login(make_user("org"))
    response = client.post(reverse("tournament:event_create"), {**BASE, "slug": "", "scoring_preset": "wdl"})
    assert response.status_code == 302, response.text
    assert Event.objects.get().slug == "torneo-di-citta"


class _FormValues(HTMLParser):
    """What a browser would send back from the page's form with id `form_id`, untouched."""

    def __init__(self, form_id: str):
        super().__init__()
        self.form_id, self.inside, self.values, self._select, self._textarea = form_id, False, {}, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.values[a["name"]] = a.get("value", "on")
            elif a.get("type") != "submit":
                self.values[a["name"]] = a.get("value", "")
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and "selected" in a:
            self.values[self._select] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = a.get("name")
            self.values[self._textarea] = ""

    def handle_data(self, data):
        if self._textarea:
            self.values[self._textarea] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def form_values(html: str, form_id: str) -> dict:
    parser = _FormValues(form_id)
    parser.feed(html)
    return parser.values


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_editing_an_event_keeps_its_date_in_every_language(organizer_client, event, lang):
    """The date goes to `<input type=date>` in ISO form, which the browser shows in the reader's format; a
    localized value ("09/05/2026") is dropped by the browser, and saving the untouched form said the date
    was required."""
    url = reverse("tournament:event_edit", args=[event.slug])
    html = organizer_client.get(url, headers={"Accept-Language": lang}).text
    assert re.search(r'<input type="date" name="date" value="2026-05-09"', html), html
    values = form_values(html, "event-form")
    values["rounds_planned"] = "2"
    response = organizer_client.post(url, values, headers={"Accept-Language": lang})
    assert response.status_code == 302, response.text
    event.refresh_from_db()
    assert event.date == datetime.date(2026, 5, 9) and event.rounds_planned == 2


@pytest.mark.parametrize("lang", ["es", "it"])
def test_league_and_ladder_dates_are_iso_in_every_language(lang):
    from django.utils import translation

    from tournament.models import League
    from tournament.web.forms.league_play import LadderForm
    from tournament.web.forms.leagues import LeagueForm

    with translation.override(lang):
        league = LeagueForm(instance=League(season_start=datetime.date(2026, 1, 31), season_end=datetime.date(2026, 12, 1)))
        assert 'value="2026-01-31"' in str(league["season_start"]) and 'value="2026-12-01"' in str(league["season_end"])
        ladder = LadderForm(initial={"played_on": datetime.date(2026, 3, 4)}, opponents=[])
        assert 'value="2026-03-04"' in str(ladder["played_on"])


# An event's own scoring with an edition block (docs/scoring.md: "A block named after an edition ("2.2":, "3.0":)
# overrides some of these for that edition"): NASAMW-style, the general and the camp worth 1 in DBA 3.0 (Toronto).
OWN = {
    "name": "NASAMW, Toronto values in 3.0",
    "counts": {"element": 1, "general": 2, "camp": 2, "3.0": {"general": 1, "camp": 1}},
    "win": {"points": 20, "per_destroyed": 1, "per_lost": -1},
    "loss": {"per_destroyed": 1},
    "time": {"per_destroyed": 1},
    "bye": 10,
    "tiebreaks": ["head_to_head", "countback"],
}


def test_changing_the_edition_after_results_rescores_or_is_refused(organizer):
    """The edition picks the counts of an own scoring's edition block. Had the edit form locked only the scoring
    once results are confirmed, changing 3.0 -> 2.2 would leave every stored score as 3.0 counted it, while a
    result entered afterwards is counted as 2.2: one table mixing two scorings (what
    tournament/results/rescoring.py says must never happen). The edition is locked too, so the post keeps 3.0."""
    from django.test import Client

    from tests.factories import make_event, make_player, make_registration
    from tests.simulated_events import add_round
    from tournament.models import EventRole, Seat
    from tournament.results.scoring import event_scoring, score_game
    from tournament.results.shorthand import seats_result
    from tournament.results.standings import event_standings

    event = make_event(edition="3.0", scoring_preset="5-2-1-0", scoring_definition=OWN,
                       tiebreaks=["head_to_head", "countback"])
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4G-1C")])  # 3.0: Ana 20 + 5 - 2 = 23, Bruno 2
    client = Client()
    client.force_login(organizer)
    data = {"name": event.name, "slug": event.slug, "date": "2026-06-01", "edition": "2.2", "rounds_planned": 3,
            "round_minutes": 90, "scoring_preset": "5-2-1-0", "wdl_points": "", "round_one_method": "random",
            "tiebreak_1": "head_to_head", "tiebreak_2": "countback"}
    client.post(reverse("tournament:event_edit", args=[event.slug]), data)
    event.refresh_from_db()
    scoring = event_scoring(event)
    for seat in Seat.objects.filter(round__event=event, game__is_bye=False).select_related("game"):
        a, b = sorted(seat.game.seats.all(), key=lambda s: s.side)
        expected = score_game(seats_result(a, b, seat.game.outcome), scoring, event.edition)
        assert seat.score == expected[0 if seat.side == "a" else 1], (event.edition, seat.side, seat.score, expected)
    points = {row.registration_id: row.points for row in event_standings(event)}
    if event.edition == "2.2":  # the edition changed: Bruno's camp is worth 2 now (the 2.2 counts), so 3
        assert points[bruno.pk] == 3


def _locked_once_a_result_is_confirmed(client, event, select: str, lang: str) -> str:
    """The event form's `select` is free, then disabled once a result is confirmed: the form as the reader gets it."""
    from tests.factories import make_player, make_registration
    from tests.simulated_events import add_round

    url = reverse("tournament:event_edit", args=[event.slug])
    disabled = re.compile(rf'<select name="{select}"[^>]*disabled')
    assert not disabled.search(client.get(url).text)
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4-1")])
    html = client.get(url, headers={"Accept-Language": lang}).text
    assert disabled.search(html), html
    return html


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Locked because results are confirmed: their points were counted under this edition"),
    ("es", "Bloqueada porque hay resultados confirmados: sus puntos se contaron con esta edición"),
    ("it", "Bloccata perché ci sono risultati confermati: i loro punti sono stati contati con questa edizione"),
])
def test_the_edition_locks_with_the_scoring_and_says_why(organizer_client, event, lang, words):
    """Once a result is confirmed the edition select is disabled like the scoring's, with its reason in the
    reader's language; before, it is free."""
    assert words in _locked_once_a_result_is_confirmed(organizer_client, event, "edition", lang)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Locked because results are confirmed: who won each of them was decided under this reading"),
    ("es", "Bloqueada porque hay resultados confirmados: quién ganó cada uno se decidió con esta lectura"),
    ("it", "Bloccata perché ci sono risultati confermati: chi ha vinto ciascuno è stato deciso con questa lettura"),
])
def test_the_camp_reading_locks_once_results_are_confirmed(organizer_client, event, lang, words):
    """Whether a lost camp reaches the four-element threshold decided who won each confirmed game: once one is
    confirmed the reading is disabled, with its reason in the reader's language, and a form sent with another
    reading keeps it (before 2026-11-28 it changed, leaving the games decided under the old one)."""
    assert words in _locked_once_a_result_is_confirmed(organizer_client, event, "victory_camp_reading", lang)
    url = reverse("tournament:event_edit", args=[event.slug])
    event.refresh_from_db()
    data = {"name": event.name, "slug": event.slug, "date": "2026-06-01", "edition": event.edition,
            "rounds_planned": 3, "round_minutes": 90, "scoring_preset": event.scoring_preset,
            "wdl_points": event.wdl_points, "round_one_method": "random", "victory_camp_reading": "comparison",
            **{f"tiebreak_{n}": key for n, key in enumerate(event.tiebreaks, start=1)}}
    assert organizer_client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert event.victory_camp_reading == "counts"


def test_a_bye_alone_leaves_the_edition_camp_reading_and_scoring_free(organizer_client, event):
    """Round 1 published with an odd field confirms its bye at once, but no game has been played: the organizer can
    still correct the edition, the camp reading and the scoring (a bye has no result for them to decide or count),
    even for the event's own default scoring, whose edition is the event's. A new scoring saved there scores the bye
    again. The first confirmed result of a real game locks all three."""
    from tests.factories import make_player, make_registration
    from tests.pairing.test_rounds import enter, games, pair, publish

    assert (event.edition, event.scoring_preset) == ("3.0", "nasamw-3.0")  # the defaults the form offers for 3.0
    for name in ("Ana", "Bruno", "Carla"):
        make_registration(event, make_player(name))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    bye = rnd.games.get(is_bye=True)
    assert bye.status == "confirmed" and bye.seats.get().score == 10
    url = reverse("tournament:event_edit", args=[event.slug])

    def disabled(html: str, select: str) -> bool:
        return bool(re.search(rf'<select name="{select}"[^>]*disabled', html))

    html = organizer_client.get(url).text
    assert not any(disabled(html, name) for name in ("edition", "victory_camp_reading", "scoring_preset")), html
    assert "A bye is already scored: a new scoring saved here scores it again." in html
    for lang, words in (("es", "Ya hay un descanso puntuado"), ("it", "Un turno di riposo ha già i suoi punti")):
        assert words in organizer_client.get(url, headers={"Accept-Language": lang}).text
    # the edition alone: its scoring no longer fits, and the scoring is there to change, beside the error
    values = {**form_values(html, "event-form"), "edition": "2.2", "victory_camp_reading": "comparison"}
    refused = organizer_client.post(url, values).text
    assert "This scoring is for DBA 3.0, but the event plays DBA 2.2." in refused
    assert not disabled(refused, "scoring_preset")
    # with the 2.2 scoring, as the page's script picks it when the edition changes
    assert organizer_client.post(url, {**values, "scoring_preset": "nasamw-v4"}).status_code == 302
    event.refresh_from_db()
    assert (event.edition, event.victory_camp_reading, event.scoring_preset) == ("2.2", "comparison", "nasamw-v4")
    assert bye.seats.get().score == 10  # the same points for a bye under the 2.2 scoring
    html = organizer_client.get(url).text
    assert organizer_client.post(url, {**form_values(html, "event-form"), "scoring_preset": "wdl",
                                       "wdl_points": "3/1/0"}).status_code == 302
    assert bye.seats.get().score == 3  # scored again: a win's 3
    assert AuditEntry.objects.filter(event=event, action="event.edit", after__byes_rescored=1).exists()

    assert enter(organizer_client, event, games(rnd)[0], "4-1").status_code == 302
    html = organizer_client.get(url).text
    assert all(disabled(html, name) for name in ("edition", "victory_camp_reading", "scoring_preset")), html
    assert "Locked because results are confirmed: their points were counted under this edition" in html


def test_tiebreaks_all_emptied_on_the_edit_page_go_back_to_the_scorings_own_order(client, db):
    """The legend says "Leave them all empty to use the scoring preset's own order"; on the edit page the emptied
    selects were ignored and the event kept the order chosen before, which the page then showed again."""
    from tournament.results.scoring import preset

    client.force_login(make_user("org"))
    client.post(reverse("tournament:event_create"), {
        **BASE, "slug": "t", "scoring_preset": "nasamw-3.0", "tiebreak_1": "sos", "tiebreak_2": "wins"})
    assert Event.objects.get(slug="t").tiebreaks == ["sos", "wins"]
    edit = {**BASE, "slug": "t", "scoring_preset": "nasamw-3.0", "wdl_points": "3/1/0",
            **{f"tiebreak_{n}": "" for n in range(1, 7)}}
    assert client.post(reverse("tournament:event_edit", args=["t"]), edit).status_code == 302
    own_order = list(preset("nasamw-3.0").tiebreaks)
    assert Event.objects.get(slug="t").tiebreaks == own_order
    html = client.get(reverse("tournament:event_edit", args=["t"])).text
    assert _selected(html, "tiebreak_1") == own_order[0]
