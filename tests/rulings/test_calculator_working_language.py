"""A calculator's working is read in the page's language.

The "Rumbo de colisión" third-column calculator wrote its working as plain English strings, so a Spanish umpire
checking a forced entry against rule 4 (rumbo L35-39, Spanish in the seed) read "a PIP roll of 6 in any bound after
the first, with a column still off, obliges it to begin entering" and "doubtful: the rule does not say…" on the
Spanish page, the Italian one the same. The PIP calculator named the general's terrain by its form value ("el
general está en: wood")."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse


def working(html: str) -> list[str]:
    block = re.search(r"<ul>((?:<li[^>]*>.*?</li>)+)</ul>", html, re.S)
    items = re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S) if block else []
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", item)).split()) for item in items]


FORCED = {"bound": "3", "pips": "6", "second_column_on": "1", "third_column_off": "1"}
ENGLISH = ("obliges it to begin entering", "bringing the third column on", "doubtful:", "partly off the table",
           "the rule does not say")


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "seed_words"), [
    # rumbo L37-39, the seed's own words; the Italian in the words of the catalogue's own translation of the doubt
    ("es", ["si se obtienen 6 PIPs en cualquier turno posterior al primero", "debe comenzar a entrar",
            "dudoso:", "debe gastarse al menos 1 PIP en moverla hacia dentro"]),
    ("it", ["deve cominciare a entrare", "dubbio:", "almeno 1 PIP"]),
])
def test_the_rumbo_working_is_in_the_readers_language(client, language, seed_words):
    response = client.get(reverse("rulings:calc", args=["rumbo-third-column"]), FORCED,
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    lines = working(response.text)
    assert lines, "the page shows no working"
    english = [item for item in lines if any(words in item for words in ENGLISH)]
    assert not english, f"the {language} working is in English: {english}"
    text = " ".join(lines)
    for words in seed_words:
        assert words in text, f"{words!r} not in the {language} working: {lines}"


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "place", "said"), [
    ("es", "wood", "el general está en: un bosque"),
    ("es", "marsh", "el general está en: un pantano"),
    ("it", "bua", "il generale è in: una BUA"),
])
def test_the_generals_terrain_is_named_in_the_readers_language(client, language, place, said):
    response = client.get(reverse("rulings:calc", args=["dba-pip-cost"]), {"elements": "3Cv", "general_in": place},
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert any(said in item for item in working(response.text)), working(response.text)


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "said"), [
    # aslnight L39, the seed's own words
    ("es", ["durante la noche la emboscada para el ATACANTE ocurre con éxito si su dr es dos menos que la del "
            "DEFENSOR", "el ATACANTE embosca"]),
    ("it", ["l'ATTACCANTE tende l'imboscata"]),
])
def test_the_night_ambush_working_is_in_the_readers_language(client, language, said):
    response = client.get(reverse("rulings:calc", args=["asl-night-ambush"]),
                          {"attacker_dr": "2", "defender_dr": "5", "attacker_cloaked": "1"},
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    lines = working(response.text)
    english = [item for item in lines if "ATTACKER" in item or "DEFENDER" in item or "cloak marker" in item]
    assert not english, f"the {language} working is in English: {english}"
    for words in said:
        assert any(words in item for item in lines), f"{words!r} not in the {language} working: {lines}"


WFB_ENGLISH = ("half the charge move", "the charger", "stand and shoot", "allowed", "doubtful:", "cm of M",
               "ground", "halves the distance", "quarters the distance", "counts in full", "left unspent")


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "name", "query", "said"), [
    # wfbmove L87-92 and L18, the seed's own words (Spanish); the Italian in the app's Warhammer words
    # (the forms' "terreno difficile", "Warhammer: mantenere e tirare", "movimento di carica")
    ("es", "wfb-terrain-move", {"m": "20", "open": "10", "difficult": "6", "very_difficult": "3.5"},
     ["terreno libre:", "terreno difícil: 6 cm de M", "verán su movimiento reducido a la mitad",
      "terreno muy difícil: 3,5 cm de M", "reduce el movimiento de la unidad a ¼", "0,5 cm de M sin gastar",
      "dudoso:"]),
    ("it", "wfb-terrain-move", {"m": "20", "open": "10", "difficult": "6", "very_difficult": "3.5"},
     ["terreno aperto:", "terreno difficile: 6 cm di M", "terreno molto difficile: 3,5 cm di M", "dimezza",
      "non spesi", "dubbio:"]),
    ("es", "wfb-stand-and-shoot", {"charge_move": "40", "distance": "20"},
     ["la mitad del movimiento de carga: 20 cm", "aguantar y disparar",
      "a más de la mitad de distancia de su movimiento de carga", "no permitido", "dudoso: exactamente la mitad"]),
    ("it", "wfb-stand-and-shoot", {"charge_move": "40", "distance": "25"},
     ["metà del movimento di carica: 20 cm", "mantenere e tirare", "l'unità che carica è a 25 cm", "permesso"]),
])
def test_the_warhammer_working_is_in_the_readers_language(client, language, name, query, said):
    response = client.get(reverse("rulings:calc", args=[name]), query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    lines = working(response.text)
    assert lines, "the page shows no working"
    english = [item for item in lines if any(words in item for words in WFB_ENGLISH)]
    assert not english, f"the {language} working is in English: {english}"
    text = " ".join(lines)
    for words in said:
        assert words in text, f"{words!r} not in the {language} working: {lines}"


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "pips", "said", "wrong"), [
    # rumbo L35, L37: 4 PIPs come off the roll; one left is singular, two plural
    ("it", "5", "La terza colonna può entrare: costa 4 PIP, ne resta 1", "ne restano 1"),
    ("it", "6", "La terza colonna deve entrare: costa 4 PIP, ne restano 2", "ne resta 2"),
    ("es", "5", "La tercera columna puede entrar: cuesta 4 PIP, queda 1", "quedan 1"),
    ("es", "6", "La tercera columna debe entrar: cuesta 4 PIP, quedan 2", "queda 2"),
])
def test_the_rumbo_summary_counts_the_pips_left_in_the_readers_grammar(client, language, pips, said, wrong):
    response = client.get(reverse("rulings:calc", args=["rumbo-third-column"]),
                          {**FORCED, "pips": pips}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split())
    assert said in text
    assert wrong not in text


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "said"), [
    ("es", ["terreno muy difícil: 3,5 cm de M → 0,875 cm", "0,5 cm de M sin gastar", "La unidad recorre 13,88 cm",
            "la mitad del movimiento de carga: 7,5 cm", "13/36 (36,1%)"]),
    ("it", ["terreno molto difficile: 3,5 cm di M → 0,875 cm", "0,5 cm di M", "13,88 cm",
            "metà del movimento di carica: 7,5 cm", "13/36 (36,1%)"]),
])
def test_the_working_and_the_result_write_decimals_as_the_readers_language_does(client, language, said):
    """A calculator's error already read "12,5 cm" to a Spanish or Italian umpire, but its working and its result
    wrote "3.5 cm", "0.5 cm" and "36.1%" on the same page."""
    pages = [("wfb-terrain-move", {"m": "20", "open": "10", "difficult": "6", "very_difficult": "3.5"}),
             ("wfb-stand-and-shoot", {"charge_move": "15", "distance": "20"}),
             ("dba-combat", {"a": "4Bd", "b": "3Kn"})]
    text = ""
    for name, query in pages:
        response = client.get(reverse("rulings:calc", args=[name]), query, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200
        text += " ".join(unescape(re.sub(r"<[^>]+>", " ", response.text)).split()) + " "
    for words in said:
        assert words in text, f"{words!r} not on the {language} pages"
    assert not re.findall(r"(?<!DBA )(?<![\w.])\d+\.\d+(?![\w.])", text), "a decimal point on a page in " + language
