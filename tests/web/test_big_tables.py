"""The big public tables' rows (standings, pairings, the event home's players) are written in Python (tournament/web/table_rows.py) for speed: they must be
the very bytes the templates' row loops wrote, in every language, for every kind of row (a bye, a game
without a result, a dropped player, names to escape, ratings beside the names, ?round=). Numbers go through
the template engine's own localization (`render_value_in_context`) in both."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.template import engines
from django.urls import reverse
from django.utils import translation

from tests.simulated_events import build_event
from tournament.models import Game, Round
from tournament.results.standings import standings_table
from tournament.web.table_rows import pairings_rows, roster_rows, standings_rows
from tournament.web.views.rounds import _public_games

# The row loops as the templates had them (templates/tournament/standings.html and pairings.html).
STANDINGS_LOOP = """{% load i18n %}{% for pk, cells in table.rows %}<tr>{% for value in cells %}{% if forloop.counter == 2 %}<td><a href="{% url 'tournament:player_standing' slug pk %}{% if upto %}?round={{ upto }}{% endif %}">{{ value }}</a></td>{% else %}<td>{{ value }}</td>{% endif %}{% endfor %}</tr>{% endfor %}"""
PAIRINGS_LOOP = """{% load i18n %}{% for item in games %}{% with game=item.game %}
      <tr{% if not game.is_bye %} id="table-{{ game.table }}"{% endif %}><td>{% if game.is_bye %}{% translate "Bye" %}{% else %}{{ game.table }}{% endif %}{% if item.stage %} <small class="muted stage-label">{{ item.stage }}</small>{% endif %}</td>
        {% for seat in item.seats %}<td>{{ seat.registration.name }}{% if seat.rating %} <small class="rating" title="{% translate 'Rating ± deviation' %}">{{ seat.rating.rating|floatformat:0 }} ± {{ seat.rating.deviation|floatformat:0 }}</small>{% endif %} <span class="muted">{{ seat.registration.army_ref }}</span></td>{% endfor %}
        {% if game.is_bye %}<td>—</td>{% endif %}
        <td class="result">{% if game.is_bye %}{% translate "Bye" %} <span class="muted">({{ item.result.points }})</span>{% elif item.result.dba %}<span class="points">{{ item.result.points }}</span> <span class="dba" title="{% translate 'DBA result, side A first' %}">{{ item.result.dba }}</span>{% endif %}</td></tr>
    {% endwith %}{% endfor %}"""

ROSTER_LOOP = """{% for reg in registrations %}
    <tr><td>{{ reg.name }}</td><td>{{ reg.club.name|default:"" }}</td><td>{{ reg.army_ref }} <span lang="en">{{ reg.army_name }}</span></td></tr>
  {% empty %}
    <tr><td colspan="3" class="muted">{% translate "No players yet." %}</td></tr>
  {% endfor %}"""


def rendered(source: str, context: dict) -> str:
    return engines["django"].from_string(source).render(context)


@pytest.fixture
def event(db):
    event = build_event(24, 3, names=[f"Jugador <{i}> & O'Brien “{i}”" for i in range(24)], drops={4: 1},
                        tiebreaks=["sos", "margin"])
    last = event.rounds.get(number=3)
    Round.objects.filter(pk=last.pk).update(status=Round.Status.PUBLISHED)
    Game.objects.filter(pk=last.games.filter(is_bye=False).order_by("table").first().pk).update(status="pending")
    return event


@pytest.mark.parametrize("language", ["en", "es", "it"])
@pytest.mark.parametrize("upto", [None, 2])
def test_standings_rows_are_the_template_loop(event, language, upto):
    with translation.override(language):
        table = standings_table(event, upto=upto)
        expected = rendered(STANDINGS_LOOP, {"table": table, "slug": event.slug, "upto": upto})
        assert standings_rows(table.rows, event.slug, upto) == expected
        assert "&lt;3&gt; &amp; O&#x27;Brien" in expected


@pytest.mark.parametrize("language", ["en", "es", "it"])
@pytest.mark.parametrize("rated", [False, True])
def test_pairings_rows_are_the_template_loop(event, language, rated):
    games = _public_games(event.rounds.get(number=3))
    assert any(item["game"].is_bye for item in games) and any(not item["result"] for item in games)
    for k, item in enumerate(games if rated else []):
        for seat in item["seats"][: 1 + k % 2]:
            seat.rating = SimpleNamespace(rating=1512.5 + k, deviation=87.49)
    with translation.override(language):
        expected = rendered(PAIRINGS_LOOP, {"games": games})
        assert pairings_rows(games) == expected
        assert ("± 87" in expected) == rated


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_rows_group_thousands_as_the_template_loop_did(event, language, settings):
    """With thousands grouped (`USE_THOUSAND_SEPARATOR`), a table number or a rank of 1,000 or more is localized
    like the template's, and a player's link keeps its key's digits, as `{% url %}` wrote them."""
    settings.USE_THOUSAND_SEPARATOR = True
    game = event.rounds.get(number=3).games.filter(is_bye=False, status="confirmed").first()
    Game.objects.filter(pk=game.pk).update(table=1234)
    games = _public_games(event.rounds.get(number=3))
    with translation.override(language):
        table = standings_table(event)
        table = SimpleNamespace(rows=[(pk + 100_000, (rank + 1000 if isinstance(rank, int) else rank, *cells))
                                      for pk, (rank, *cells) in table.rows])
        expected = rendered(STANDINGS_LOOP, {"table": table, "slug": event.slug, "upto": 1200})
        assert standings_rows(table.rows, event.slug, 1200) == expected
        # the key in digits, the round and the ranks grouped
        assert f"/{table.rows[0][0]}/?round=1" in expected and "round=1200" not in expected
        expected = rendered(PAIRINGS_LOOP, {"games": games})
        assert pairings_rows(games) == expected
        assert 'id="table-1' in expected and 'id="table-1234"' not in expected


def test_rows_written_before_are_kept_only_as_they_were_written(event, settings):
    """A standings row is kept by what it is written from: the same rows in another language, with thousands
    grouped, after a change of one player's cells or at another `?round=`, are written anew, each time the
    template loop's bytes."""
    table = standings_table(event)
    rows = [(pk, (rank, name, club, army, 1234.5, *rest)) for pk, (rank, name, club, army, _points, *rest) in table.rows]
    changed = [(rows[0][0], (rows[0][1][0], "Renamed <player>", *rows[0][1][2:])), *rows[1:]]
    as_floats = [(pk, (rank, name, club, army, *(float(v) if isinstance(v, int) else v for v in rest)))
                 for pk, (rank, name, club, army, *rest) in rows]  # equal to `rows`, but not written alike
    for language, grouped, shown_rows, upto in (("en", False, rows, None), ("es", False, rows, None),
                                                ("es", True, rows, None), ("en", False, changed, None),
                                                ("en", False, rows, 2), ("en", False, rows, None),
                                                ("en", False, as_floats, None)):
        settings.USE_THOUSAND_SEPARATOR = grouped
        with translation.override(language):
            expected = rendered(STANDINGS_LOOP, {"table": SimpleNamespace(rows=shown_rows), "slug": event.slug,
                                                 "upto": upto})
            assert standings_rows(shown_rows, event.slug, upto) == expected, (language, grouped, upto)
            assert ("<td>1234.5</td>" in expected) == (language == "en")
            assert ("<td>1234,5</td>" in expected) == (language == "es" and not grouped)  # grouped: "1 234,5"


def test_the_pages_show_the_rows(client, event):
    with translation.override("es"):
        table = standings_table(event)
        page = client.get(reverse("tournament:standings", args=[event.slug]), headers={"Accept-Language": "es"}).text
        assert rendered(STANDINGS_LOOP, {"table": table, "slug": event.slug, "upto": None}) in page
        games = _public_games(event.rounds.get(number=3))
        page = client.get(reverse("tournament:pairings", args=[event.slug]), headers={"Accept-Language": "es"}).text
        assert "<tbody>\n    " + rendered(PAIRINGS_LOOP, {"games": games}) + "\n    </tbody>" in page


def _roster(event) -> list[dict]:
    """The home's players as its view reads them."""
    from django.db.models import F

    return list(event.registrations.exclude(status="dropped").values("pk", "name", "army_ref", "army_name",
                                                                      club_name=F("club__name")))


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_event_home_shows_its_players_as_the_template_loop_did(client, event, language):
    """The home's players, with one without a club and one with an army name to escape, are the very bytes the
    template's loop wrote over the model instances."""
    from tournament.models import Registration

    first, second = event.registrations.exclude(status="dropped").order_by("pk")[:2]
    Registration.objects.filter(pk=first.pk).update(club=None)
    Registration.objects.filter(pk=second.pk).update(army_name="Hoplites <Greek> & “allies”")
    instances = event.registrations.select_related("club").exclude(status="dropped")
    with translation.override(language):
        expected = rendered("{% load i18n %}" + ROSTER_LOOP, {"registrations": instances})
        assert roster_rows(_roster(event)) == expected
        assert "<td></td>" in expected and "&lt;Greek&gt; &amp;" in expected
        page = client.get(reverse("tournament:event", args=[event.slug]), headers={"Accept-Language": language}).text
        assert "  <tbody>\n  " + expected + "\n  </tbody>" in page


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_an_event_home_without_players_says_so_as_before(client, db, language):
    event = build_event(0, 0)
    with translation.override(language):
        expected = rendered("{% load i18n %}" + ROSTER_LOOP, {"registrations": []})
        page = client.get(reverse("tournament:event", args=[event.slug]), headers={"Accept-Language": language}).text
        assert "  <tbody>\n  " + expected + "\n  </tbody>" in page
        assert translation.gettext("No players yet.") in page
