"""No English left in Spanish and Italian pages, and no untranslated or fuzzy catalogue entry.

The page check renders the main pages of a small event (paired, published, reported, disputed,
corrected, in a league, with a ruling logged) and the rules pages, in es and in it, and looks in what
the reader sees for English originals: every catalogue msgid whose translation differs, common English
UI words, and English function words ("the", "of", "none"…) that find English no catalogue holds (data,
Django's own strings). Names (players, clubs, the event) and the glossary's names for the language are
not English to fix; nor is text marked with another `lang` (the sources themselves). An army list's name
is its English title: it must be marked lang="en", and no paragraph of the page's own prose may be."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from config.paths import BASE_DIR
from rulings.importer import import_rules
from rulings.sources.glossary import load_glossary
from tests.factories import make_event, make_player, make_registration, make_user
from tests.pairing.test_rounds import enter, games, pair, publish
from tests.untranslated import (
    ENGLISH_FUNCTION_WORDS,
    ENGLISH_UI_WORDS,
    PLACEHOLDER,
    english_found,
    english_fragments,
    po_entries,
    visible_text,
)
from tournament.armies.service import army_name

LANGUAGES = ("es", "it")
CATALOGUES = sorted((BASE_DIR / "locale").glob("*/*/LC_MESSAGES/django.po"))
NAMES = ["Jugador Uno Peña", "Giocatrice Due Rossi", "Íñigo Tres", "Àlex Quattro", "Lucía Cinco",
         "Marco Sei", "Ana Siete", "Bruno Otto"]
CLUBS = ["Círculo Norte", "Circolo Sud", "Círculo Norte", "Circolo Sud", "Club Este", "Club Este",
         "Circolo Ovest", "Circolo Ovest"]


# --- the catalogues -------------------------------------------------------------------------------

def test_there_are_catalogues_for_both_languages():
    assert {p.parent.parent.name for p in CATALOGUES} == set(LANGUAGES)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(BASE_DIR / "locale")))
def test_every_catalogue_entry_is_translated_and_not_fuzzy(path: Path):
    bad = [f"{'fuzzy' if fuzzy else 'untranslated'}: {msgid!r}" for msgid, msgstrs, fuzzy in po_entries(path)
           if fuzzy or not msgstrs or not all(s.strip() for s in msgstrs)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(BASE_DIR / "locale")))
def test_the_compiled_catalogue_matches_its_source(path: Path):
    import gettext

    with open(path.with_suffix(".mo"), "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = [msgid for msgid, msgstrs, _fuzzy in po_entries(path)
             if msgstrs and compiled._catalog.get(msgid, compiled._catalog.get((msgid, 0))) != msgstrs[0]]
    assert not stale, f"{path.relative_to(BASE_DIR)}: recompile (make messages); stale: {stale[:10]}"


# --- what each language may show ------------------------------------------------------------------

def _kept_names(language: str) -> set[str]:
    """Words the language keeps from English: the glossary's names and forms for it, and every word
    the language's own translations use (Italian keeps "Blades", "overlap", "Light Horse")."""
    kept: set[str] = set()
    for entry in load_glossary():
        kept.add(entry.names.get(language, ""))
        kept.update(entry.abbreviations)
        for form in entry.forms.get(language, ()):
            kept.add(form)
    return {k for k in kept if k}


def needles(language: str) -> set[str]:
    translations = []
    found: set[str] = set(ENGLISH_UI_WORDS) | set(ENGLISH_FUNCTION_WORDS)
    for path in CATALOGUES:
        if path.parent.parent.name != language:
            continue
        for msgid, msgstrs, _fuzzy in po_entries(path):
            translations.extend(msgstrs)
            msgid = msgid.rsplit("\x04", 1)[-1]
            if msgstrs and msgstrs[0] != msgid:
                found.update(english_fragments(msgid))
    own = PLACEHOLDER.sub(" ", " ".join(translations)) + " " + " ".join(_kept_names(language))
    return {n for n in found if n not in own or not re.search(rf"(?<!\w){re.escape(n)}(?!\w)", own)}


# --- the demo event -------------------------------------------------------------------------------

@pytest.fixture
def demo(event, organizer, umpire, organizer_client, umpire_client):
    from tournament.leagues import service as leagues
    from tournament.models import EventRole, League, LeagueEvent

    import_rules()
    regs = []
    for i, (name, club) in enumerate(zip(NAMES, CLUBS, strict=True)):  # army lists with their English names
        ref = f"I/{i + 20}"
        regs.append(make_registration(event, make_player(name, club), army_ref=ref, army_name=army_name(event.edition, ref)))
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    played = games(rnd)
    a, b = played[0].seats.order_by("side")
    anon = Client()
    anon.post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4G-1"})
    anon.post(reverse("tournament:report", args=[b.report_token]), {"shorthand": "4G-1"})
    c, d = played[1].seats.order_by("side")
    anon.post(reverse("tournament:report", args=[c.report_token]), {"shorthand": "4-1"})
    anon.post(reverse("tournament:report", args=[d.report_token]), {"shorthand": "1-4"})
    enter(organizer_client, event, played[2], "4-2")
    enter(organizer_client, event, played[2], "2-4")  # a correction
    umpire_client.post(reverse("rulings:log_record", args=[event.slug]),
                       {"flow": "nasamw-pip-cost", "a": ["q-tactical.yes", "q-first.no", "q-extras.none"],
                        "table": "2", "players": f"{NAMES[0]} v {NAMES[1]}", "note": "-"})
    league = leagues.create_league(organizer, League(slug="liga-2026", name="Liga Sud 2026",
                                                     season_start=event.date.replace(month=1, day=1),
                                                     season_end=event.date.replace(month=12, day=31)))
    LeagueEvent.objects.create(league=league, event=event, state=LeagueEvent.State.ACCEPTED)
    other = make_event(slug="otro-torneo", name="Otro Torneo", date=event.date)  # the organizer's, offered to join
    EventRole.objects.create(event=other, user=organizer, role=EventRole.Role.ORGANIZER)
    staff_page = reverse("tournament:staff", args=[event.slug])
    for who in ("giudice-sud", "arbitro-norte"):  # one waits, one is withdrawn: the staff page and the audit log
        organizer_client.post(staff_page, {"invited_as": who, "role": "umpire"})
    withdrawn = event.staff_invitations.get(invited_as="arbitro-norte")
    organizer_client.post(reverse("tournament:staff_withdraw", args=[event.slug, withdrawn.pk]))
    for client in (organizer_client, umpire_client):  # the flashes of the set-up were written in English
        client.get(reverse("tournament:event", args=[event.slug]))
    ignore = set(NAMES) | set(CLUBS) | {event.name, league.name, organizer.first_name, umpire.first_name,
                                        "giudice-sud", "arbitro-norte"}
    ignore |= {"Society of Ancients"}  # a society's own name, in a league scoring's name
    ignore |= {seat.report_token for game in played for seat in game.seats.all()}  # random: never a match
    armies = {reg.army_name for reg in regs if reg.army_name}
    return {"event": event, "round": rnd, "games": played, "regs": regs, "report": b.report_token, "disputed": d.report_token,
            "league": league, "ignore": ignore, "armies": armies}


def _pages(demo) -> list[tuple[str, str, str, int]]:
    """(page, who, url, expected status)."""
    slug, first = demo["event"].slug, demo["regs"][0]
    return [
        ("event home", "organizer", reverse("tournament:event", args=[slug]), 200),
        ("event home (public)", "anonymous", reverse("tournament:event", args=[slug]), 200),
        ("players", "organizer", reverse("tournament:players", args=[slug]), 200),
        ("new event form", "organizer", reverse("tournament:event_create"), 200),
        ("event settings", "organizer", reverse("tournament:event_edit", args=[slug]), 200),
        ("scoring", "organizer", reverse("tournament:event_scoring", args=[slug]), 200),
        ("add a player", "organizer", reverse("tournament:player_add", args=[slug]), 200),
        ("import players", "organizer", reverse("tournament:player_import", args=[slug]), 200),
        ("rounds", "organizer", reverse("tournament:rounds", args=[slug]), 200),
        ("round", "organizer", reverse("tournament:round", args=[slug, demo["round"].number]), 200),
        ("pairings", "anonymous", reverse("tournament:pairings", args=[slug]), 200),
        ("standings", "anonymous", reverse("tournament:standings", args=[slug]), 200),
        ("player standing", "anonymous", reverse("tournament:player_standing", args=[slug, first.pk]), 200),
        ("results form", "organizer", reverse("tournament:game_result", args=[slug, demo["games"][3].pk]), 200),
        ("report page", "anonymous", reverse("tournament:report", args=[demo["report"]]), 200),
        ("disputed report page", "anonymous", reverse("tournament:report", args=[demo["disputed"]]), 200),
        ("army page", "organizer", reverse("tournament:army", args=[slug, first.pk]), 200),
        ("audit log", "organizer", reverse("tournament:audit", args=[slug]), 200),
        ("staff", "organizer", reverse("tournament:staff", args=[slug]), 200),
        ("calculators", "anonymous", reverse("rulings:calc_index"), 200),
        ("calculator with a result", "anonymous", reverse("rulings:calc", args=["dba-combat"]) + "?a=4Bd&b=3Kn", 200),
        ("victory calculator", "anonymous", reverse("rulings:calc", args=["dba-victory"])
         + "?a_lost=4Bd,4Bd&a_camp_lost=true&b_lost=Ps", 200),
        ("recoil calculator", "anonymous", reverse("rulings:calc", args=["dba-recoil"])
         + "?recoiler=4Bd&behind=friend&friend=4Sp", 200),
        ("PIP calculator", "anonymous", reverse("rulings:calc", args=["dba-pip-cost"])
         + "?elements=El&beyond_command=true&general_in=bua", 200),
        ("step-throughs", "anonymous", reverse("rulings:flows"), 200),
        ("step-through step", "umpire", reverse("rulings:flow", args=["nasamw-pip-cost"]) + "?a=q-tactical.yes", 200),
        ("step-through ruling", "umpire", reverse("rulings:flow", args=["nasamw-pip-cost"])
         + "?a=q-tactical.yes&a=q-first.no&a=q-extras.none", 200),
        ("rules library", "anonymous", reverse("rulings:index"), 200),
        ("document", "anonymous", reverse("rulings:document", args=["rumbo"]), 200),
        ("clarification", "anonymous", reverse("rulings:clause", args=["nasamw22:out.rec.6"]), 200),
        ("search", "anonymous", reverse("rulings:search") + "?q=overlap", 200),
        ("glossary", "anonymous", reverse("rulings:glossary"), 200),
        ("doubts", "anonymous", reverse("rulings:doubts"), 200),
        ("rulings log", "umpire", reverse("rulings:log", args=[slug]), 200),
        ("home", "anonymous", reverse("tournament:home"), 200),
        ("backup import", "organizer", reverse("tournament:backup_upload"), 200),
        ("clock", "anonymous", reverse("tournament:round_clock", args=[slug, demo["round"].number]), 200),
        ("leagues", "anonymous", reverse("leagues:list"), 200),
        ("league", "anonymous", reverse("leagues:league", args=[demo["league"].slug]), 200),
        ("league, to its organizer", "organizer", reverse("leagues:league", args=[demo["league"].slug]), 200),
        ("managing the league", "organizer", reverse("leagues:manage", args=[demo["league"].slug]), 200),
        ("new league", "organizer", reverse("leagues:create"), 200),
        ("login", "anonymous", reverse("login"), 200),
        ("signup", "anonymous", reverse("signup"), 200),
        ("403", "intruder", reverse("tournament:army", args=[slug, first.pk]), 403),
        ("404", "anonymous", "/e/no-such-event/", 404),
    ]


def test_no_english_in_spanish_and_italian_pages(demo, organizer_client, umpire_client):
    intruder = Client()
    intruder.force_login(make_user("intruder"))
    clients = {"organizer": organizer_client, "umpire": umpire_client, "anonymous": Client(), "intruder": intruder}
    problems, shown = [], []
    for language in LANGUAGES:
        wanted = needles(language)
        for page, who, url, status in _pages(demo):
            response = clients[who].get(url, headers={"Accept-Language": language})
            shown.append(response.content.decode())
            assert response.status_code == status, (page, language, response.status_code)
            html = response.content.decode()
            text = visible_text(html, language)
            for english in english_found(text, wanted, demo["ignore"]):
                problems.append(f"{language} · {page} ({url}): {english!r}")
            # An army list's name is its English title: shown, but marked as English (lang="en").
            problems += [f"{language} · {page}: army name not marked as English: {army!r}"
                         for army in sorted(demo["armies"]) if army in text]
            # Text marked English is a source's words or a name, never the page's own prose.
            problems += [f"{language} · {page}: a paragraph left in English: {p[:80]!r}"
                         for p in re.findall(r'<p lang="en">(.*?)</p>', html, re.S)]
    assert any(army in html for army in demo["armies"] for html in shown), "no army name on the pages"
    assert not problems, "English in es/it pages:\n" + "\n".join(problems)
