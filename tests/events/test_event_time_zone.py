"""An event's time zone (issue 27 item 15): chosen in the event form from the zone names, the site's zone by
default; the event's pages show their times in it, the zone named beside them, in en, es and it."""

from __future__ import annotations

import datetime
import re
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from tests.factories import make_player, make_registration, make_user
from tournament.models import Event, Round

CREATE = {"name": "Torneo di Città", "date": "2026-09-12", "edition": "3.0", "rounds_planned": 3,
          "round_minutes": 90, "round_one_method": "random", "scoring_preset": "wdl", "slug": "citta"}
AT_0905_UTC = datetime.datetime(2026, 12, 20, 9, 5, tzinfo=datetime.UTC)
LANGS = ["en", "es", "it"]


def _selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)[0]
    return re.search(r'<option value="([^"]*)"[^>]*selected', select)[1]


@pytest.mark.parametrize("lang, label", [("en", "Time zone"), ("es", "Zona horaria"), ("it", "Fuso orario")])
def test_the_event_form_offers_the_zones_with_the_sites_own_chosen(client, db, settings, lang, label):
    client.force_login(make_user("org"))
    html = client.get(reverse("tournament:event_create"), headers={"Accept-Language": lang}).text
    assert f'<label for="id_time_zone">{label}' in html
    assert _selected(html, "time_zone") == settings.TIME_ZONE == "Europe/Madrid"
    assert '<option value="America/New_York">' in html and '<option value="Europe/Rome">' in html
    assert 'value="posix/' not in html and 'value="Etc/' not in html


def test_a_new_event_takes_the_chosen_zone_and_an_unknown_one_is_refused_by_name(client, db):
    client.force_login(make_user("org"))
    refused = client.post(reverse("tournament:event_create"), {**CREATE, "time_zone": "Mars/Olympus_Mons"},
                          headers={"Accept-Language": "es"})
    assert refused.status_code == 200 and not Event.objects.exists()
    assert "Escoja una opción válida. Mars/Olympus_Mons no es una de las opciones disponibles." in refused.text
    created = client.post(reverse("tournament:event_create"), {**CREATE, "time_zone": "America/New_York"})
    assert created.status_code == 302, created.text
    assert Event.objects.get(slug="citta").time_zone == "America/New_York"


def test_an_event_without_a_chosen_zone_has_the_sites(db, settings):
    from tests.factories import make_event

    assert make_event().time_zone == settings.TIME_ZONE


@pytest.mark.parametrize("lang, zone", [("en", "time in America/New_York"), ("es", "hora de America/New_York"),
                                        ("it", "ora di America/New_York")])
def test_the_rulings_log_shows_its_times_in_the_events_zone(umpire_client, event, umpire, lang, zone):
    from rulings.models import RulingLogEntry

    Event.objects.filter(pk=event.pk).update(time_zone="America/New_York")
    entry = RulingLogEntry.objects.create(event=event, table="3", players="A v B", flow_id="nasamw-pip-cost",
                                          path=[], ruling_node="r-x", recorded_by=umpire)
    RulingLogEntry.objects.filter(pk=entry.pk).update(created_at=AT_0905_UTC)
    html = umpire_client.get(reverse("rulings:log", args=[event.slug]), headers={"Accept-Language": lang}).text
    table = html.split('id="rulings-log"', 1)[1].split("</table>", 1)[0]
    assert zone in table
    assert '<time datetime="2026-12-20T04:05:00-05:00">' in table and "04:05 EST" in table  # 09:05 UTC in New York


@pytest.mark.parametrize("lang", LANGS)
def test_a_step_through_lists_the_rulings_already_given_in_the_events_zone(umpire_client, event, umpire, lang):
    from rulings.models import RulingLogEntry

    Event.objects.filter(pk=event.pk).update(time_zone="Asia/Tokyo")
    entry = RulingLogEntry.objects.create(event=event, table="3", players="A v B", flow_id="nasamw-pip-cost",
                                          path=["q-tactical.yes", "q-first.yes"], ruling_node="r-first", recorded_by=umpire)
    RulingLogEntry.objects.filter(pk=entry.pk).update(created_at=AT_0905_UTC)
    url = reverse("rulings:flow", args=["nasamw-pip-cost"]) + f"?a=q-tactical.yes&a=q-first.yes&event={event.slug}"
    html = umpire_client.get(url, headers={"Accept-Language": lang}).text
    earlier = html.split('class="rl-previous"', 1)[1].split("</ul>", 1)[0]
    assert '<time datetime="2026-12-20T18:05:00+09:00">' in earlier and "18:05 JST" in earlier


def _round_with_time_called(event, organizer) -> Round:
    from tournament.pairing.manager import round_pair, round_publish

    for name in ("Ana", "Bruno"):
        make_registration(event, make_player(name))
    rnd = round_publish(round_pair(event, organizer), organizer)
    Round.objects.filter(pk=rnd.pk).update(clock_started_at=AT_0905_UTC - datetime.timedelta(minutes=60),
                                           clock_minutes=90, clock_ended_at=AT_0905_UTC)
    return rnd


@pytest.mark.parametrize("lang, called", [("en", "Time called at 04:05 (America/New_York)."),
                                          ("es", "Tiempo agotado a las 04:05 (America/New_York)."),
                                          ("it", "Tempo scaduto alle 04:05 (America/New_York).")])
def test_the_round_page_and_the_clock_say_when_time_was_called_in_the_events_zone(
        organizer_client, event, organizer, lang, called):
    Event.objects.filter(pk=event.pk).update(time_zone="America/New_York")
    event.refresh_from_db()
    rnd = _round_with_time_called(event, organizer)
    headers = {"Accept-Language": lang}
    page = organizer_client.get(reverse("tournament:round", args=[event.slug, rnd.number]), headers=headers).text
    assert called in page
    clock = organizer_client.get(reverse("tournament:round_clock", args=[event.slug, rnd.number]) + "?format=json",
                                 headers=headers).json()
    assert "04:05 (America/New_York)" in clock["text"]


@pytest.mark.parametrize("lang, zone", [("en", "time in Europe/Rome"), ("es", "hora de Europe/Rome"),
                                        ("it", "ora di Europe/Rome")])
def test_the_audit_log_names_the_events_zone(organizer_client, event, lang, zone):
    from tournament.models import AuditEntry

    Event.objects.filter(pk=event.pk).update(time_zone="Europe/Rome")
    entry = AuditEntry.objects.create(event=event, action="event.edit")
    AuditEntry.objects.filter(pk=entry.pk).update(at=AT_0905_UTC)
    html = organizer_client.get(reverse("tournament:audit", args=[event.slug]), headers={"Accept-Language": lang}).text
    assert zone in html and '<time datetime="2026-12-20T10:05:00+01:00">' in html


def test_a_backup_keeps_the_events_zone_and_refuses_an_unknown_one_by_name(event, organizer):
    import copy

    from tournament.transfer.backup import BackupError, export_event, import_event

    Event.objects.filter(pk=event.pk).update(time_zone="Europe/Rome")
    event.refresh_from_db()
    data = export_event(event)
    assert data["event"]["time_zone"] == "Europe/Rome"
    assert import_event(copy.deepcopy(data), slug="copia", importer=organizer).event.time_zone == "Europe/Rome"
    data["event"]["time_zone"] = "Mars/Olympus_Mons"
    with pytest.raises(BackupError) as refused:
        import_event(data, slug="marte", importer=organizer)
    assert "event.time_zone" in str(refused.value) and "Mars/Olympus_Mons" in str(refused.value)
    assert not Event.objects.filter(slug="marte").exists()


@pytest.mark.parametrize("lang, running", [("en", "running, ends at 18:05 (Asia/Tokyo)"),
                                           ("es", "en marcha, termina a las 18:05 (Asia/Tokyo)"),
                                           ("it", "in corso, finisce alle 18:05 (Asia/Tokyo)")])
def test_a_players_home_gives_the_clock_of_each_event_in_its_own_zone(client, event, organizer, lang, running):
    from tournament.pairing.manager import round_pair, round_publish

    Event.objects.filter(pk=event.pk).update(time_zone="Asia/Tokyo")
    event.refresh_from_db()
    marta = make_user("marta", "Marta")
    make_registration(event, make_player("Marta Núñez", user=marta))
    make_registration(event, make_player("Tomás Ruiz"))
    rnd = round_publish(round_pair(event, organizer), organizer)
    started = datetime.datetime.now(datetime.UTC).replace(microsecond=0) - datetime.timedelta(minutes=30)
    Round.objects.filter(pk=rnd.pk).update(clock_started_at=started, clock_minutes=90)
    ends = (started + datetime.timedelta(minutes=90)).astimezone(ZoneInfo("Asia/Tokyo"))
    client.force_login(marta)
    html = client.get(reverse("tournament:me"), headers={"Accept-Language": lang}).text
    assert " ".join(re.sub(r"<[^>]+>", " ", html).split()).count(running.replace("18:05", ends.strftime("%H:%M"))) == 1


@pytest.mark.parametrize("name", ["Europe", "Europe/" + "x" * 300])
def test_a_backup_with_a_folder_or_an_overlong_zone_name_is_refused_by_name(event, organizer, name):
    """ZoneInfo raises IsADirectoryError for "Europe" and OSError for a name too long for a path: both are a
    refusal naming the field, not a 500."""
    from tournament.transfer.backup import BackupError, export_event, import_event

    data = export_event(event)
    data["event"]["time_zone"] = name
    with pytest.raises(BackupError) as refused:
        import_event(data, slug="carpeta", importer=organizer)
    assert "event.time_zone" in str(refused.value)
    assert not Event.objects.filter(slug="carpeta").exists()


def test_a_stored_zone_this_machine_does_not_know_shows_the_sites_on_a_players_home(client, event, settings):
    """A name kept from another machine's backup: the home page falls back to the site's zone as the event's own
    pages do, rather than failing."""
    Event.objects.filter(pk=event.pk).update(time_zone="Mars/Olympus_Mons")
    marta = make_user("marta", "Marta")
    make_registration(event, make_player("Marta Núñez", user=marta))
    client.force_login(marta)
    page = client.get(reverse("tournament:me"))
    assert page.status_code == 200 and event.name in page.text
