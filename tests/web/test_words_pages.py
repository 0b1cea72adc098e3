"""Words a reader meets on event pages (issue 27, items 12-16): tie-breaks named in the reader's language in
the scoring-change preview, a standing's head-to-head and lot in plain words, registration names, Italian
dates and the rulings log's time zone, and accents in the printed order. In en, es and it."""

from __future__ import annotations

import pytest

from tests.pdfs.test_printing import text
from tournament.pdfs.data import GameSlip, RoundSheet, Side
from tournament.pdfs.round_docs import round_pdf

LANGUAGES = ("en", "es", "it")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_printed_pairings_by_name_ignore_accents(lang):
    names = ["Tomás Ruiz", "Íñigo Larrañaga", "Zoë Müller", "Ana Peña", "Ángel Sanz", "Marco Bianchi"]
    games = tuple(GameSlip(t + 1, Side(a, "", "I/1", "http://x/a/"), Side(b, "", "I/2", "http://x/b/"))
                  for t, (a, b) in enumerate(zip(names[::2], names[1::2], strict=True)))
    content = text(round_pdf(RoundSheet("Torneo", 1, "3.0", games), kind="pairings", lang=lang))
    by_name = content[content.rindex({"en": "By name", "es": "Por nombre", "it": "Per nome"}[lang]):]
    lines = by_name.splitlines()
    order = [line for line, after in zip(lines, lines[1:], strict=False) if after.isdigit()]  # each row: the name, then the table
    assert order == ["Ana Peña", "Ángel Sanz", "Íñigo Larrañaga", "Marco Bianchi", "Tomás Ruiz", "Zoë Müller"]


# --- registration: the name field and the similar-name message ------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_registration_starts_from_the_accounts_full_name_never_its_username(client, event, lang):
    from django.urls import reverse

    from tests.factories import make_user

    url = reverse("tournament:register", args=[event.slug])
    client.force_login(make_user("giocatore2"))
    page = client.get(url, headers={"Accept-Language": lang}).content.decode()
    assert 'name="name"' in page and "giocatore2" not in page.split('name="name"', 1)[1].split(">", 1)[0]
    client.force_login(make_user("gp3", first_name="Niccolò"))
    page = client.get(url, headers={"Accept-Language": lang}).content.decode()
    assert 'value="Niccolò"' in page.split('name="name"', 1)[1].split(">", 1)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_similar_name_message_names_the_checkbox_by_its_label(client, event, lang):
    import re
    from html import unescape

    from django.urls import reverse

    from tests.factories import make_player, make_registration, make_user

    make_registration(event, make_player("Giocatore Uno"))
    client.force_login(make_user("giocatore-due"))
    url = reverse("tournament:register", args=[event.slug])
    page = unescape(client.post(url, {"name": "Giocatore Uno"}, headers={"Accept-Language": lang}).content.decode())
    label = re.search(r'<label for="id_different_person">(.*?):?</label>', page).group(1)
    assert len(label) > 20 and (f"“{label}”" in page or f"«{label}»" in page)


# --- the scoring-change preview names the tie-breaks --------------------------------------------

@pytest.mark.parametrize("lang, words", [("en", ("Tie-breaks after the change", "Head-to-head", "Lot")),
                                         ("es", ("Desempates tras el cambio", "Enfrentamiento directo", "Sorteo")),
                                         ("it", ("Spareggi dopo il cambio", "Scontro diretto", "Sorteggio"))])
def test_the_scoring_preview_names_the_tiebreaks_in_the_readers_language(organizer_client, event, lang, words):
    import re

    from django.urls import reverse

    from tests.factories import make_player, make_registration
    from tests.simulated_events import add_round

    regs = [make_registration(event, make_player(n)) for n in ["Ana", "Bruno", "Carla", "Dario"]]
    add_round(event, 1, [(regs[0], regs[1], "5G-1"), (regs[2], regs[3], "4-2")])
    html = organizer_client.post(reverse("tournament:event_scoring", args=[event.slug]),
                                 {"scoring_preset": "wdl", "wdl_points": "3/1/0", "action": "preview"},
                                 headers={"Accept-Language": lang}).text
    line = re.search(rf"<p>{re.escape(words[0])}: ([^<]*)</p>", html).group(1)
    names = line.split(", ")
    assert words[1] in names and words[2] in names
    assert not [n for n in names if "_" in n or n == n.lower()]  # no code names such as camps_and_generals or margin


# --- a player's standing: head-to-head without oneself, the lot in plain words first --------------

@pytest.mark.parametrize("lang, plain, how", [
    ("en", "No other player is level at that point", "How is this computed?"),
    ("es", "Ningún otro jugador está igualado en ese punto", "¿Cómo se calcula?"),
    ("it", "Nessun altro giocatore è alla pari a quel punto", "Come si calcola?")])
def test_a_players_standing_never_ties_them_with_themselves_and_keeps_the_lots_proof_behind_a_disclosure(
        client, db, lang, plain, how):
    import re

    from django.urls import reverse

    from tests.factories import make_event, make_player, make_registration
    from tests.simulated_events import add_round

    event = make_event(slug="h2h", scoring_preset="5-2-1-0", seed=77, tiebreaks=["head_to_head", "seeded_random"])
    names = ["Álvaro Muñoz", "Bruno Bosco", "Carla Conti", "Dario Duce"]
    regs = [make_registration(event, make_player(name)) for name in names]
    add_round(event, 1, [(regs[0], regs[1], "4-0"), (regs[2], regs[3], "4-1")])  # Álvaro and Carla level on points
    add_round(event, 2, [(regs[0], regs[2], "4-1"), (regs[1], regs[3], "4-2")])  # Álvaro alone on top; Bruno level with Carla
    html = client.get(reverse("tournament:player_standing", args=[event.slug, regs[0].pk]),
                      headers={"Accept-Language": lang}).text
    figures = html.split('<dl class="figures">', 1)[1].split("</dl>", 1)[0]
    assert plain in figures and not re.search(r"Álvaro Muñoz[.,]", figures)  # alone: not tied with himself
    outside = re.sub(r"<details>.*?</details>", "", figures, flags=re.S)
    assert "SHA-256" not in outside  # plain words first
    proof = re.search(r"<details><summary>(.*?)</summary>(.*?)</details>", figures, re.S)
    assert proof.group(1) == how and "SHA-256" in proof.group(2) and "alvaro munoz" in proof.group(2)
    # Two players level at that point: each is told the other's name, never their own.
    html = client.get(reverse("tournament:player_standing", args=[event.slug, regs[1].pk]),
                      headers={"Accept-Language": lang}).text
    figures = html.split('<dl class="figures">', 1)[1].split("</dl>", 1)[0]
    assert "Carla Conti" in figures and not re.search(r": [^<]*Bruno Bosco", figures)


# --- dates and times ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, shown", [("en", "Dec. 20, 2026"), ("es", "20 de diciembre de 2026"), ("it", "20 dicembre 2026")])
def test_an_events_date_is_written_as_each_language_writes_it(client, event, lang, shown):
    import datetime

    event.date = datetime.date(2026, 12, 20)
    event.save()
    html = client.get(event.get_absolute_url(), headers={"Accept-Language": lang}).text
    assert shown in html and "Dicembre" not in html


@pytest.mark.parametrize("lang, zone", [("en", "time in Europe/Madrid"), ("es", "hora de Europe/Madrid"),
                                        ("it", "ora di Europe/Madrid")])
def test_the_rulings_log_names_the_time_zone_of_its_times(umpire_client, event, umpire, lang, zone):
    import datetime

    from django.urls import reverse

    from rulings.models import RulingLogEntry

    entry = RulingLogEntry.objects.create(event=event, table="3", players="A v B", flow_id="nasamw-pip-cost",
                                          path=[], ruling_node="r-x", recorded_by=umpire)
    RulingLogEntry.objects.filter(pk=entry.pk).update(created_at=datetime.datetime(2026, 12, 20, 9, 5, tzinfo=datetime.UTC))
    html = umpire_client.get(reverse("rulings:log", args=[event.slug]), headers={"Accept-Language": lang}).text
    table = html.split('id="rulings-log"', 1)[1].split("</table>", 1)[0]
    assert zone in table
    assert '<time datetime="2026-12-20T10:05:00+01:00">' in table and "10:05 CET" in table  # 09:05 UTC, in Madrid


# --- the event form names each tie-break for what it counts --------------------------------------------

@pytest.mark.parametrize("lang, label", [("en", "Countback (the sum of the opponents' points)"),
                                         ("es", "Suma de puntos de los oponentes (countback)"),
                                         ("it", "Somma dei punti degli avversari (countback)")])
def test_the_event_form_says_countback_is_the_opponents_points(organizer_client, event, lang, label):
    """Countback is the sum of the opponents' final points (results/tiebreaks.py); the form called it "best results
    first", another tie-break, until 2026-11-28."""
    import re
    from html import unescape

    from django.urls import reverse

    page = unescape(organizer_client.get(reverse("tournament:event_edit", args=[event.slug]),
                                         headers={"Accept-Language": lang}).text)
    assert set(re.findall(r'<option value="countback"[^>]*>([^<]*)</option>', page)) == {label}
