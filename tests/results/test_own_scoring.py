"""The event's own scoring page: start from a template or another event, see every outcome's points as the
definition is typed (htmx), save it (rescoring every confirmed game, audited), refuse a bad definition naming
its field; and a small event played under each example of issue 25 through to its final standings."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration, make_user
from tests.pairing.test_rounds import enter, games, pair, publish
from tournament.models import AuditEntry, EventRole
from tournament.results.definition import definition_text
from tournament.results.scoring import preset_data

pytestmark = pytest.mark.django_db

BASE = {"name": "Open", "date": "2026-09-12", "edition": "3.0", "rounds_planned": 3, "round_minutes": 90,
        "round_one_method": "random"}


def url(event) -> str:
    return reverse("tournament:own_scoring", args=[event.slug])


def cells(html: str, shorthand: str) -> list[str]:
    """The table row of one outcome: its cells as text."""
    row = re.search(rf"<tr><td><code>{re.escape(shorthand)}</code>.*?</tr>", html, re.S)[0]
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)]


def test_the_page_shows_the_current_scoring_and_every_outcome(organizer_client, event):
    html = organizer_client.get(url(event)).text
    assert "win:" in html and "points: 20" in html  # NASAMW (DBA 3.0) as a definition
    assert cells(html, "4-0") == ["4-0", "Win", "24", "0"] and cells(html, "4G-0") == ["4G-0", "Win", "25", "0"]
    assert cells(html, "2-1 T")[1:] == ["Time called, ahead on the margin", "2", "1"]
    assert "4+1S-1" not in html  # this scoring does not score Scythed Chariots


def test_typing_a_definition_updates_the_table_as_a_fragment(organizer_client, event):
    text = definition_text(preset_data("nswc-10"))
    response = organizer_client.post(url(event), {"definition": text, "action": "preview"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "<html" not in response.text
    assert "HX-Request" in response.headers["Vary"]
    assert cells(response.text, "4-1")[2:] == ["9", "1"] and cells(response.text, "4-3")[2:] == ["6", "4"]
    restore = organizer_client.post(url(event), {"definition": text}, headers={"HX-Request": "true",
                                                                                "HX-History-Restore-Request": "true"})
    assert "<html" in restore.text  # a history restore gets the whole page


def test_a_bad_definition_is_refused_naming_the_field_and_nothing_is_written(organizer_client, event):
    text = "name: Mine\nwin: {points: three}\nloss: 0\ntime: 1\n"
    response = organizer_client.post(url(event), {"definition": text, "action": "save"})
    assert response.status_code == 400
    assert "win.points: expected a whole number." in response.text
    event.refresh_from_db()
    assert event.scoring_definition == {} and not AuditEntry.objects.filter(action="event.rescore").exists()
    live = organizer_client.post(url(event), {"definition": "name: x\nloss: 0\ntime: 1", "action": "preview"},
                                 headers={"HX-Request": "true"})
    assert "win: required." in live.text  # the live table says what is missing instead


def test_a_yaml_bomb_is_refused(organizer_client, event):
    text = "a: &a [x, x]\nb: &b [*a, *a]\nname: n\nwin: 1\nloss: 0\ntime: 0\n"
    response = organizer_client.post(url(event), {"definition": text, "action": "save"})
    assert response.status_code == 400 and "aliases" in response.text
    deep = organizer_client.post(url(event), {"definition": "[" * 9000, "action": "save"})
    assert deep.status_code == 400 and "nested more than 12 levels" in deep.text


def test_loading_a_template_and_saving_it_rescores_and_audits(organizer_client, event):
    ana, bruno = make_registration(event, make_player("Ana")), make_registration(event, make_player("Bruno"))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    enter(organizer_client, event, games(rnd)[0], "4-1")
    loaded = organizer_client.post(url(event), {"start": "template:nswc-10", "action": "load"})
    assert loaded.status_code == 200 and "NSWC, New Zealand" in loaded.text and "split: 10" in loaded.text
    text = re.search(r'<textarea name="definition"[^>]*>(.*?)</textarea>', loaded.text, re.S)[1]
    from html import unescape

    response = organizer_client.post(url(event), {"definition": unescape(text), "action": "save"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.scoring_definition["name"] == "NSWC, New Zealand (10 points split by margin)"
    assert sorted(s.score for s in games(rnd)[0].seats.all()) == [1, 9]
    entry = AuditEntry.objects.get(action="event.rescore")
    assert entry.after["definition"]["split"] == 10
    standings = Client().get(reverse("tournament:standings", args=[event.slug])).text
    assert "NSWC, New Zealand" in standings and "Zero-sum" in standings
    assert {ana.pk, bruno.pk} == set(event.registrations.values_list("pk", flat=True))


def test_copying_from_another_of_ones_events_but_not_from_a_strangers(organizer, organizer_client, event):
    mine = make_event(slug="mine", name="My other", scoring_definition=preset_data("trophee-alexandre"))
    EventRole.objects.create(event=mine, user=organizer, role=EventRole.Role.ORGANIZER)
    stranger = make_event(slug="theirs", name="Not mine", scoring_definition=preset_data("zero-sum-25"))
    page = organizer_client.get(url(event)).text
    assert "event:mine" in page and "event:theirs" not in page
    loaded = organizer_client.post(url(event), {"start": "event:mine", "action": "load"}).text
    assert "Trophée Alexandre" in loaded and "both_lost_at_least: 4" in loaded
    refused = organizer_client.post(url(event), {"start": f"event:{stranger.slug}", "action": "load"})
    assert refused.status_code == 400 and "split: 25" not in refused.text
    assert re.search(r'id="id_start".*?</select>\s*<ul class="errorlist', refused.text, re.S)  # under "Start from"


def test_only_the_organizer_may_open_or_save_it(client, umpire_client, event):
    text = definition_text(preset_data("wdl"))
    assert umpire_client.get(url(event)).status_code == 403
    assert umpire_client.post(url(event), {"definition": text, "action": "save"}).status_code == 403
    other = Client()
    other.force_login(make_user("someone"))
    assert other.post(url(event), {"definition": text, "action": "save"}).status_code == 403
    response = client.get(url(event))
    assert response.status_code == 302 and "/login" in response["Location"]
    event.refresh_from_db()
    assert event.scoring_definition == {}


@pytest.mark.parametrize(("language", "heading", "outcome"), [
    ("es", "La puntuación propia del torneo", "Victoria"),
    ("it", "Il punteggio proprio del torneo", "Vittoria"),
])
def test_the_page_in_spanish_and_italian(organizer_client, event, language, heading, outcome):
    html = organizer_client.get(url(event), headers={"Accept-Language": language}).text
    assert heading in html and cells(html, "4-0")[1] == outcome
    bad = organizer_client.post(url(event), {"definition": "name: x\nwin: 1.5\nloss: 0\ntime: 0", "action": "save"},
                                headers={"Accept-Language": language})
    assert bad.status_code == 400 and "win:" in bad.text and "expected a whole number" not in bad.text


# --- a small event under each example, through to the final standings -------------------------------------

# Four players, three rounds: the pairing avoids rematches, so every pair meets once whatever the order.
# Results from the first-named player's side.
RESULTS = {("Ana", "Bruno"): "4-3", ("Ana", "Carla"): "4G-0", ("Ana", "Dario"): "2-1 T",
           ("Bruno", "Carla"): "5-4", ("Bruno", "Dario"): "4-2", ("Carla", "Dario"): "1-3 T"}
# The final points, worked by hand from each event's published rule (docs/scoring.md).
EXPECTED = {
    # 5 a win; a draw 2 having destroyed more, else 1
    "english-open-2015": {"Ana": 12, "Bruno": 10, "Dario": 3, "Carla": 1},
    # 4/1/0; Bruno's 5-4 win (both sides lost 4 or more) scores 3
    "trophee-alexandre": {"Ana": 9, "Bruno": 7, "Dario": 2, "Carla": 1},
    # every game's element margin; ranked by wins first
    "southern-battle-gamers": {"Ana": 6, "Bruno": 2, "Dario": -1, "Carla": -7},
    # 4-3 6-4, 4G-0 10-0, 2-1 T 6-4, 5-4 6-4, 4-2 8-2, 1-3 T 4-6
    "nswc-10": {"Ana": 22, "Bruno": 18, "Dario": 12, "Carla": 8},
    # winner 15 + margin, time ahead 12 + margin, the other 25 minus that
    "zero-sum-25": {"Ana": 48, "Bruno": 42, "Dario": 34, "Carla": 26},
    # 20 + destroyed − lost; a general 1
    "toronto-2016": {"Ana": 48, "Bruno": 46, "Dario": 6, "Carla": 5},
    # today's presets, picked on the event form
    "nasamw-3.0": {"Ana": 48, "Bruno": 46, "Dario": 6, "Carla": 5},
    "wdl": {"Ana": 7, "Bruno": 6, "Dario": 2, "Carla": 1},
}


def _result_for(game) -> str:
    a, b = (s.registration.name for s in game.seats.order_by("side").select_related("registration"))
    if (a, b) in RESULTS:
        return RESULTS[(a, b)]
    left, right = re.match(r"(\S+)-(\S+?)( T)?$", RESULTS[(b, a)]).group(1, 2)
    return f"{right}-{left}" + (" T" if RESULTS[(b, a)].endswith(" T") else "")


def _standings(html: str) -> list[tuple[str, str]]:
    tbody = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for tr in tbody.split("<tr")[1:]:
        tds = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        rows.append(tds)
    return rows


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_a_small_event_under_each_example_to_its_final_standings(key):
    owner = make_user("newcomer")
    client = Client()
    client.force_login(owner)
    preset = key if key in ("nasamw-3.0", "wdl") else "nasamw-3.0"
    assert client.post(reverse("tournament:event_create"), {**BASE, "slug": "open", "scoring_preset": preset,
                                                            "wdl_points": "3/1/0"}).status_code == 302
    from tournament.models import Event

    event = Event.objects.get(slug="open")
    if key != preset:
        saved = client.post(url(event), {"definition": definition_text(preset_data(key)), "action": "save"})
        assert saved.status_code == 302, saved.text
    for name in EXPECTED[key]:
        make_registration(event, make_player(name))
    for _round in range(3):
        rnd = pair(client, event)
        publish(client, event, rnd)
        for game in games(rnd):
            assert enter(client, event, game, _result_for(game)).status_code == 302
    html = client.get(reverse("tournament:standings", args=[event.slug])).text
    header = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', html.split("<thead>", 1)[1].split("</thead>")[0], re.S)
    points_at = next(i for i, h in enumerate(header) if re.sub(r"<[^>]+>", "", h).strip().startswith("Points"))
    rows = _standings(html)
    names = [row[1] for row in rows]
    assert names == list(EXPECTED[key]), names
    assert [int(row[points_at]) for row in rows] == list(EXPECTED[key].values())
    if key == "southern-battle-gamers":
        assert "Players are ranked by wins first, then by points." in html


def test_choosing_a_preset_on_the_event_form_replaces_the_own_scoring(organizer_client, event):
    event.scoring_definition = preset_data("nswc-10")
    event.save()
    data = {**BASE, "name": event.name, "slug": event.slug, "scoring_preset": "wdl", "wdl_points": "3/1/0"}
    assert organizer_client.post(reverse("tournament:event_edit", args=[event.slug]), data).status_code == 302
    event.refresh_from_db()
    assert event.scoring_preset == "wdl" and event.scoring_definition == {}
    same = {**data, "name": "Renamed"}
    event.scoring_definition = preset_data("nswc-10")
    event.save()
    organizer_client.post(reverse("tournament:event_edit", args=[event.slug]), same)
    event.refresh_from_db()
    assert event.name == "Renamed" and event.scoring_definition["split"] == 10  # other edits keep it


def test_an_own_scoring_can_go_back_to_its_preset_through_the_rescoring_page(organizer_client, event):
    for name in ("Ana", "Bruno"):
        make_registration(event, make_player(name))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    enter(organizer_client, event, games(rnd)[0], "4-1")
    organizer_client.post(url(event), {"definition": definition_text(preset_data("nswc-10")), "action": "save"})
    scoring = reverse("tournament:event_scoring", args=[event.slug])
    shown = organizer_client.post(scoring, {"scoring_preset": event.scoring_preset, "wdl_points": "3/1/0",
                                            "action": "preview"})
    assert shown.status_code == 200 and "already uses" not in shown.text
    previewed = re.search(r'name="previewed" value="([^"]+)"', shown.text)[1]
    state = re.search(r'name="state" value="([^"]+)"', shown.text)[1]
    organizer_client.post(scoring, {"scoring_preset": event.scoring_preset, "wdl_points": "3/1/0", "action": "confirm",
                                    "previewed": previewed, "state": state})
    event.refresh_from_db()
    assert event.scoring_definition == {}
    assert sorted(s.score for s in games(rnd)[0].seats.all()) == [1, 23]  # NASAMW (DBA 3.0) again


@pytest.mark.parametrize("language, notice", [
    ("en", "The event uses its own scoring, “NSWC”: choosing another scoring here replaces it."),
    ("es", "El torneo usa su puntuación propia, «NSWC»: elegir aquí otra puntuación la sustituye."),
    ("it", "Il torneo usa il suo punteggio proprio, «NSWC»: scegliere qui un altro punteggio lo sostituisce.")])
def test_the_event_form_says_the_event_uses_its_own_scoring_and_keeps_it(organizer_client, event, language, notice):
    """The edit page showed the preset the own scoring started from, as if it were the scoring, and a new
    win/draw/loss points box (shown for every event) dropped the own scoring although the scoring stayed a preset
    that has no such points."""
    event.scoring_definition = {**preset_data("nswc-10"), "name": "NSWC"}
    event.save()
    page = organizer_client.get(reverse("tournament:event_edit", args=[event.slug]),
                                headers={"Accept-Language": language})
    assert notice in page.text.replace("&#x27;", "'")
    data = {**BASE, "name": event.name, "slug": event.slug, "scoring_preset": event.scoring_preset,
            "wdl_points": "2/1/0", "venue": "Sala"}
    assert organizer_client.post(reverse("tournament:event_edit", args=[event.slug]), data).status_code == 302
    event.refresh_from_db()
    assert event.venue == "Sala" and event.scoring_definition["name"] == "NSWC"


def test_a_tiebreak_order_set_on_the_edit_page_is_the_own_scorings_and_a_later_save_keeps_it(organizer_client, event):
    """The own scoring's definition names tie-breaks, and the edit page sets the event's order: the two drifted
    apart, so the own-scoring page showed the old order and saving it there (a points change) put it back."""
    from html import unescape

    from tests.events.test_event_form import form_values

    text = definition_text({**preset_data("nswc-10"), "tiebreaks": ["sos", "generals_killed"]})
    assert organizer_client.post(url(event), {"definition": text, "action": "save"}).status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks == ["sos", "generals_killed"]
    edit = reverse("tournament:event_edit", args=[event.slug])
    values = {**form_values(organizer_client.get(edit).text, "event-form"), "tiebreak_1": "generals_killed",
              "tiebreak_2": "sos"}
    assert organizer_client.post(edit, values).status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks[:2] == ["generals_killed", "sos"]
    page = organizer_client.get(url(event)).text
    shown = unescape(re.search(r'<textarea name="definition"[^>]*>(.*?)</textarea>', page, re.S)[1])
    assert "tiebreaks: [generals_killed, sos" in shown, shown  # the order in effect
    assert organizer_client.post(url(event), {"definition": shown.replace("split: 10", "split: 12"),
                                              "action": "save"}).status_code == 302
    event.refresh_from_db()
    assert event.scoring_definition["split"] == 12 and event.tiebreaks[:2] == ["generals_killed", "sos"]


def test_wins_set_as_a_tiebreak_on_the_edit_page_outlives_a_save_of_the_own_scoring(organizer_client, event):
    """A definition cannot name "wins" among its tie-breaks (it is a ranking key), so the order written into it
    from the edit page leaves it out, and a save on the own-scoring page replaced the event's order by the
    definition's, dropping "wins"."""
    from html import unescape

    from tests.events.test_event_form import form_values

    text = definition_text({**preset_data("nswc-10"), "tiebreaks": ["sos"]})
    assert organizer_client.post(url(event), {"definition": text, "action": "save"}).status_code == 302
    edit = reverse("tournament:event_edit", args=[event.slug])
    values = {**form_values(organizer_client.get(edit).text, "event-form"), "tiebreak_1": "wins", "tiebreak_2": "sos"}
    values.update({f"tiebreak_{n}": "" for n in range(3, 7)})
    assert organizer_client.post(edit, values).status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks == ["wins", "sos"]
    page = organizer_client.get(url(event)).text
    shown = unescape(re.search(r'<textarea name="definition"[^>]*>(.*?)</textarea>', page, re.S)[1])
    assert organizer_client.post(url(event), {"definition": shown.replace("split: 10", "split: 12"),
                                              "action": "save"}).status_code == 302
    event.refresh_from_db()
    assert event.scoring_definition["split"] == 12 and event.tiebreaks == ["wins", "sos"]
    # A definition that names its own order still sets it.
    changed = shown.replace("tiebreaks: [sos]", "tiebreaks: [generals_killed, sos]")
    assert organizer_client.post(url(event), {"definition": changed, "action": "save"}).status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks == ["generals_killed", "sos"]
