"""The player's report page: what they reported, in words and with names; a dispute side by side."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.pairing.test_rounds import field, games, pair, publish  # noqa: F401  (field is a fixture)


@pytest.fixture
def game(organizer_client, event, field):  # noqa: F811
    rnd = pair(organizer_client, event)
    publish(organizer_client, event, rnd)
    return games(rnd)[0]


def _text(response) -> str:
    """What the reader sees in the page's main part: tags dropped, spaces collapsed."""
    main = response.text.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", main)).replace(" :", ":").split())


def test_after_reporting_the_page_says_what_you_reported_with_names(game):
    a, b = game.seats.order_by("side")
    url = reverse("tournament:report", args=[b.report_token])
    page = _text(Client().post(url, {"shorthand": "4-1"}, follow=True))
    me, them = b.registration.name, a.registration.name
    assert f"You reported: you lost 4, {them} lost 1: {them} won" in page
    assert f"The result is confirmed when {them} reports the same" in page
    assert f"Elements lost by {me}" in page and "Elements lost by B" not in page


def test_a_dispute_shows_both_reports_in_words_and_what_happens_next(game):
    a, b = game.seats.order_by("side")
    Client().post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    page = _text(Client().post(reverse("tournament:report", args=[b.report_token]), {"shorthand": "1-4"}, follow=True))
    them = a.registration.name
    assert "Your report" in page and "you lost 1, " + them + " lost 4: you won" in page
    assert f"{them}'s report" in page and f"you lost 4, {them} lost 1: {them} won" in page
    assert "What happens next: an umpire will talk to both of you" in page
    assert "a · A" not in page


def test_confirmed_result_in_words_for_the_opponent(game):
    a, b = game.seats.order_by("side")
    Client().post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4G-1"})
    Client().post(reverse("tournament:report", args=[b.report_token]), {"shorthand": "4G-1"})
    page = _text(Client().get(reverse("tournament:report", args=[a.report_token])))
    assert f"Result: you lost 1, {b.registration.name} lost 4 (including the general): you won" in page


def test_report_in_spanish(game):
    a, b = game.seats.order_by("side")
    url = reverse("tournament:report", args=[b.report_token])
    page = _text(Client().post(url, {"shorthand": "4-1"}, follow=True, headers={"Accept-Language": "es"}))
    assert f"perdiste 4, {a.registration.name} perdió 1: ganó {a.registration.name}" in page


def test_umpire_sees_the_reports_in_words(organizer_client, event, game):
    a, b = game.seats.order_by("side")
    Client().post(reverse("tournament:report", args=[a.report_token]), {"shorthand": "4-1"})
    Client().post(reverse("tournament:report", args=[b.report_token]), {"shorthand": "1-4"})
    page = _text(organizer_client.get(reverse("tournament:game_result", args=[event.slug, game.pk])))
    one, two = a.registration.name, b.registration.name
    assert f"{one}: {one} lost 1, {two} lost 4: {one} won" in page
    assert f"{two}: {one} lost 4, {two} lost 1: {two} won" in page
    assert "· A 1 · B 4" not in page


def _labels(response) -> list[str]:
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", label)).split()).rstrip(":")
            for label in re.findall(r"<label[^>]*>(.*?)</label>", response.text, re.S)]


@pytest.mark.parametrize("who", ["player", "umpire"])
def test_every_result_field_names_the_players_never_a_or_b(organizer_client, event, game, who):
    """Issue 13: the Scythed Chariots fields said "lost by A/B" when the rest of the form named the players."""
    a, b = game.seats.order_by("side")
    one, two = a.registration.name, b.registration.name
    if who == "player":
        response = Client().get(reverse("tournament:report", args=[b.report_token]))
    else:
        response = organizer_client.get(reverse("tournament:game_result", args=[event.slug, game.pk]))
    labels = _labels(response)
    assert f"Scythed Chariots lost by {one} (not in the elements above)" in labels
    assert f"Scythed Chariots lost by {two} (not in the elements above)" in labels
    assert not [text for text in labels if re.search(r"\b(by|lost by) [AB]\b|^[AB] lost", text)]


def test_scythed_chariot_labels_name_the_players_in_italian(game):
    a, b = game.seats.order_by("side")
    response = Client().get(reverse("tournament:report", args=[b.report_token]), headers={"Accept-Language": "it"})
    labels = _labels(response)
    assert f"Scythed Chariots persi da {a.registration.name} (non inclusi negli elementi)" in labels


@pytest.mark.parametrize(("lang", "choices", "mismatch"), [
    ("en", ("I won", "I lost", "Time was called: no winner"), "The figures do not match the result you chose."),
    ("es", ("He ganado", "He perdido", "Tiempo agotado: sin ganador"), "Las cifras no coinciden con el resultado que has elegido."),
    ("it", ("Ho vinto", "Ho perso", "Tempo scaduto: nessun vincitore"), "Le cifre non corrispondono al risultato che hai scelto."),
])
def test_a_player_chooses_the_outcome_in_words_first_and_the_figures_must_agree(game, lang, choices, mismatch):
    """Side B's player who lost and types their own losses first ("4-1" read as side A's) is stopped: the
    shorthand says B won. Before, the report was stored the other way round, and two such reports confirmed."""
    a, b = game.seats.order_by("side")
    url = reverse("tournament:report", args=[b.report_token])
    client = Client()
    page = client.get(url, headers={"Accept-Language": lang}).text
    first = [page.index(choice) for choice in choices]
    assert max(first) < page.index('name="shorthand"')  # the outcome comes before the figures
    wrong = client.post(url, {"mine": "lost", "shorthand": "1-4"}, headers={"Accept-Language": lang})
    assert mismatch in unescape(wrong.text) and a.registration.name in unescape(wrong.text)
    assert not game.reports.exists()
    client.post(url, {"mine": "lost", "shorthand": "4-1"})  # side A's figures first: A lost 1, B lost 4
    assert game.reports.get().payload["outcome"] == "a"


def test_the_figures_alone_follow_the_outcome_the_player_chose(game):
    a, b = game.seats.order_by("side")
    Client().post(reverse("tournament:report", args=[b.report_token]),
                  {"mine": "lost", "a_elements_lost": "1", "b_elements_lost": "4"})
    assert game.reports.get().payload["outcome"] == "a"
    nothing = Client().post(reverse("tournament:report", args=[a.report_token]), {"a_elements_lost": "1"})
    assert "Choose your result (I won, I lost or time was called), then the figures." in unescape(nothing.text)
    assert game.reports.count() == 1


@pytest.mark.parametrize(("lang", "hint"), [
    ("en", "In the shorthand {a}'s figures come first: what they destroyed, a dash, what the opponent destroyed."),
    ("es", "En la abreviatura van primero las cifras de {a}: lo que destruyó, un guion, lo que destruyó el oponente."),
    ("it", "Nell'abbreviazione vengono prima le cifre di {a}: ciò che ha distrutto, un trattino, ciò che ha distrutto "
           "l'avversario."),
])
def test_the_hint_after_figures_in_the_wrong_order_names_the_right_order(game, lang, hint):
    """Side B's player who won 4-1 and types their own kills first ("4-1", which reads as side A destroying 4) is
    stopped, and told that the first figure is what side A destroyed: typing "1-4" as told is taken. Before, the
    hint said side A's losses came first, so following it the player typed "4-1" again and was stopped again."""
    a, b = game.seats.order_by("side")
    url = reverse("tournament:report", args=[b.report_token])
    client = Client()
    wrong = client.post(url, {"mine": "won", "shorthand": "4-1"}, headers={"Accept-Language": lang})
    assert wrong.status_code == 400
    assert hint.format(a=a.registration.name) in _text(wrong)
    assert not game.reports.exists()
    client.post(url, {"mine": "won", "shorthand": "1-4"}, headers={"Accept-Language": lang})
    assert game.reports.get().payload["outcome"] == "b"
