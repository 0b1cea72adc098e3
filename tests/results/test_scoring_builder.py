"""The event's own scoring built in the structured form, without YAML: the English DBA Open 2015 and the French
Trophée Alexandre built from form posts only give the templates' live table and saved definition; the Trophée's
conditional rule goes through the advanced editor, and a definition the form cannot show opens it; a bad value is
refused naming the field, in en, es and it; only the organizer may use it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.factories import make_user
from tests.results.test_own_scoring import cells, url
from tournament.models import AuditEntry
from tournament.results.definition import definition_text
from tournament.results.scoring import OUTCOMES, preset_data

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def form_post(**values) -> dict:
    """What the page posts: its form fields, blank unless given."""
    return {"builder": "1", "ranking": "points", "counts_element": "1", **{k: str(v) for k, v in values.items()}}


def english_open() -> dict:
    t = preset_data("english-open-2015")
    return form_post(name=t["name"], source=t["source"], doubtful=t["doubtful"], win_points=5, loss_points=0,
                     time_points=1, time_ahead_points=2, bye=5, tiebreak_1="head_to_head",
                     tiebreak_2="generals_killed", tiebreak_3="elements_destroyed")


def trophee_without_rule() -> dict:
    t = preset_data("trophee-alexandre")
    return form_post(name=t["name"], source=t["source"], doubtful=t["doubtful"], win_points=4, loss_points=0,
                     time_points=1, bye=4, tiebreak_1="head_to_head", tiebreak_2="elements_destroyed",
                     tiebreak_3="seeded_random")


def table(html: str) -> list[list[str]]:
    return [cells(html, shorthand) for shorthand in OUTCOMES if f"<code>{shorthand}</code>" in html]


def template_table(client, event, key: str, language: str = "en") -> list[list[str]]:
    text = definition_text(preset_data(key))
    return table(client.post(url(event), {"definition": text, "action": "preview"},
                             headers={**HX, "Accept-Language": language}).text)


def test_the_english_open_built_in_the_form_scores_and_saves_as_its_template(organizer_client, event):
    live = organizer_client.post(url(event), {**english_open(), "action": "preview"}, headers=HX)
    assert live.status_code == 200 and "<html" not in live.text
    assert table(live.text) == template_table(organizer_client, event, "english-open-2015")
    assert cells(live.text, "2-1 T")[2:] == ["2", "1"] and cells(live.text, "4-0")[2:] == ["5", "0"]
    oob = re.search(r'<textarea name="definition"[^>]*hx-swap-oob="true"[^>]*>(.*?)</textarea>', live.text, re.S)
    assert oob and "time_ahead:" in oob[1]  # the advanced editor follows the form (it never holds a stale YAML)
    saved = organizer_client.post(url(event), {**english_open(), "action": "save"})
    assert saved.status_code == 302
    event.refresh_from_db()
    assert event.scoring_definition == preset_data("english-open-2015")
    page = organizer_client.get(url(event)).text  # the saved scoring fills the form again
    assert re.search(r'name="time_ahead_points" value="2"', page) and 'id="advanced" open' not in page


def test_the_trophee_alexandre_without_its_rule_then_with_it_through_the_advanced_editor(organizer_client, event):
    template = preset_data("trophee-alexandre")
    without = {k: v for k, v in template.items() if k != "rules"}
    live = organizer_client.post(url(event), {**trophee_without_rule(), "action": "preview"}, headers=HX)
    assert cells(live.text, "6-4")[2:] == ["4", "0"]  # the winner's 4 points: no rule yet
    assert organizer_client.post(url(event), {**trophee_without_rule(), "action": "save"}).status_code == 302
    event.refresh_from_db()
    assert event.scoring_definition == without

    page = organizer_client.get(url(event)).text
    yaml_text = re.search(r'<textarea name="definition"[^>]*>(.*?)</textarea>', page, re.S)[1]
    from html import unescape

    with_rule = unescape(yaml_text) + "rules:\n  - when: {outcome: win, both_lost_at_least: 4}\n    points: 3\n"
    advanced = {**trophee_without_rule(), "advanced": "on", "definition": with_rule}
    live = organizer_client.post(url(event), {**advanced, "action": "preview"}, headers=HX)
    assert table(live.text) == template_table(organizer_client, event, "trophee-alexandre")
    assert cells(live.text, "6-4")[2:] == ["3", "0"]
    assert organizer_client.post(url(event), {**advanced, "action": "save"}).status_code == 302
    event.refresh_from_db()
    assert event.scoring_definition == template
    page = organizer_client.get(url(event)).text  # the form cannot show the rule: the advanced editor is open
    assert 'id="advanced" open' in page and 'id="id_advanced" checked' in page
    assert "the form cannot show (rules)" in page and "both_lost_at_least: 4" in page


def test_loading_a_zero_sum_template_opens_the_advanced_editor_and_keeps_it(organizer_client, event):
    loaded = organizer_client.post(url(event), {**form_post(), "start": "template:zero-sum-25", "action": "load"})
    assert loaded.status_code == 200 and 'id="advanced" open' in loaded.text and "split: 25" in loaded.text
    nswc = organizer_client.post(url(event), {**form_post(), "start": "template:nswc-10", "action": "load"}).text
    assert 'id="advanced" open' not in nswc  # the margin table shows it all
    assert re.search(r'name="split_2_winner"[^>]*value="9"', nswc) and re.search(r'name="split_2_other"[^>]*value="1"',
                                                                                 nswc)


def test_a_bad_value_is_refused_naming_the_field_and_nothing_is_written(organizer_client, event):
    response = organizer_client.post(url(event), {**english_open(), "win_points": "three", "action": "save"})
    assert response.status_code == 400
    assert "A win (the victory conditions met) · Points: Enter a whole number." in response.text
    floor = organizer_client.post(url(event), {**english_open(), "loss_floor": "3", "loss_cap": "1",
                                               "action": "save"})
    assert floor.status_code == 400 and "A loss · At least (floor): the floor is above the cap." in floor.text
    uneven = organizer_client.post(url(event), {**english_open(), "split_1_at_least": "4", "split_1_winner": "10",
                                                "split_1_other": "0", "split_2_winner": "6", "split_2_other": "3",
                                                "action": "save"})
    assert uneven.status_code == 400 and "Margin table, row 1 · Points for the other side: every row" in uneven.text
    event.refresh_from_db()
    assert event.scoring_definition == {} and not AuditEntry.objects.filter(action="event.rescore").exists()
    live = organizer_client.post(url(event), {**english_open(), "bye": "5000", "action": "preview"}, headers=HX)
    assert "Points for a bye: Ensure this value is less than or equal to 1000." in live.text


def test_only_the_organizer_may_build_it(client, umpire_client, event):
    assert umpire_client.post(url(event), {**english_open(), "action": "save"}).status_code == 403
    other = Client()
    other.force_login(make_user("someone"))
    assert other.post(url(event), {**english_open(), "action": "preview"}, headers=HX).status_code == 403
    assert client.post(url(event), {**english_open(), "action": "save"}).status_code == 302  # to the login
    event.refresh_from_db()
    assert event.scoring_definition == {}


@pytest.mark.parametrize(("language", "field", "message", "legend"), [
    ("es", "Una victoria (condiciones de victoria cumplidas) · Puntos", "Introduzca un número entero.",
     "Qué cuenta como elemento destruido"),
    ("it", "Una vittoria (condizioni di vittoria raggiunte) · Punti", "Inserisci un numero intero.",
     "Cosa conta come elemento distrutto"),
])
def test_the_form_in_spanish_and_italian(organizer_client, event, language, field, message, legend):
    page = organizer_client.get(url(event), headers={"Accept-Language": language}).text
    assert legend in page
    live = organizer_client.post(url(event), {**english_open(), "action": "preview"},
                                 headers={**HX, "Accept-Language": language})
    assert table(live.text) == template_table(organizer_client, event, "english-open-2015", language)
    assert cells(live.text, "4-0")[1] != "Win"
    bad = organizer_client.post(url(event), {**english_open(), "win_points": "three", "action": "save"},
                                headers={"Accept-Language": language})
    assert bad.status_code == 400 and f"{field}: {message}" in bad.text


def test_every_template_the_form_can_show_comes_back_unchanged_and_the_others_say_why():
    from tournament.results.definition_fields import definition_fields, fields_definition
    from tournament.results.scoring import templates
    from tournament.results.tiebreaks import REGISTRY

    beyond = {}
    for key in templates():
        data = preset_data(key)
        fit = definition_fields(data, set(REGISTRY))
        if fit.beyond:
            beyond[key] = fit.beyond
        else:
            assert fields_definition(fit.values) == data, key
    assert beyond == {"trophee-alexandre": ("rules",), "zero-sum-25": ("split",)}


def test_starting_from_another_of_ones_events_fills_the_form(organizer, organizer_client, event):
    from tests.factories import make_event
    from tournament.models import EventRole

    mine = make_event(slug="mine", name="My other", scoring_definition=preset_data("toronto-2016"))
    EventRole.objects.create(event=mine, user=organizer, role=EventRole.Role.ORGANIZER)
    loaded = organizer_client.post(url(event), {**form_post(), "start": "event:mine", "action": "load"}).text
    assert re.search(r'name="win_points"[^>]*value="20"', loaded) and re.search(r'name="win_per_lost"[^>]*value="-1"',
                                                                                   loaded)
    assert re.search(r'name="counts_general"[^>]*value="1"', loaded) and 'id="advanced" open' not in loaded
