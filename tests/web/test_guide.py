"""The organizer's and umpire's guide (/guide/, issue 27 item 23): it renders in en, es and it with its
section headings in the reader's language, every screenshot it shows is a committed file of that
language, none of its English is left on the es and it pages, and the home page and every footer link to it.

The screenshots themselves are made by tests/e2e/test_guide_screenshots.py."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from config.paths import BASE_DIR
from tests.untranslated import po_entries, visible_text
from tournament.web.views.guide import SECTIONS

LANGUAGES = ("en", "es", "it")
GUIDE_CATALOGUE = {lang: BASE_DIR / "locale" / "guide" / lang / "LC_MESSAGES" / "django.po" for lang in ("es", "it")}
HEADINGS = {  # what a reader of each language sees, written out so that a lost translation fails
    "es": ["Preparar un torneo", "Llevar una ronda", "Grupos, fases finales y cuadros", "Resolver una disputa", "Terminar el torneo", "Crear una liga"],
    "it": ["Preparare un torneo", "Gestire un turno", "Gironi, fasi finali e tabelloni", "Risolvere una disputa", "Chiudere il torneo", "Creare una lega"],
    "en": ["Set up an event", "Run a round", "Groups, finals and brackets", "Settle a dispute", "Finish the event", "Start a league"],
}


def guide_page(client, lang: str) -> str:
    response = client.get(reverse("guide:index"), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    assert response["Content-Language"] == lang
    return response.content.decode()


def images(html: str) -> list[str]:
    return re.findall(r'<img[^>]* src="([^"]+)"', html)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guide_has_its_six_sections_in_the_readers_language(client, lang):
    html = guide_page(client, lang)
    headings = [unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in re.findall(r"<h2 id=\"[\w-]+-h\">(.*?)</h2>", html)]
    assert headings == HEADINGS[lang]
    with translation.override(lang):
        assert headings == [str(heading) for _anchor, heading, _template in SECTIONS]
        title = translation.gettext("Organizer's and umpire's guide")
    assert unescape(re.search(r"<h1>(.*?)</h1>", html).group(1)) == title
    # The contents link to each section on the page.
    for anchor, _heading, _template in SECTIONS:
        assert f'href="#{anchor}"' in html and f'id="{anchor}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screenshot_the_guide_shows_is_a_committed_file_of_its_language(client, lang):
    shown = images(guide_page(client, lang))
    assert len(shown) >= 10
    for src in shown:
        assert src.startswith(f"/static/guide/{lang}/") and src.endswith(".png"), src
        path = BASE_DIR / "static" / src.removeprefix("/static/")
        assert path.is_file(), f"{src} is missing: run tests/e2e/test_guide_screenshots.py"
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert path.stat().st_size < 150_000, f"{src} is {path.stat().st_size} bytes"
    # Each image has words for a reader who cannot see it.
    assert all(alt.strip() for alt in re.findall(r'<img[^>]* alt="([^"]*)"', guide_page(client, lang)))


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ("es", "it"))
def test_no_english_of_the_guide_is_left_on_the_spanish_and_italian_pages(client, lang):
    text = visible_text(guide_page(client, lang), lang)
    english = [msgid for msgid, _msgstrs, _fuzzy in po_entries(GUIDE_CATALOGUE[lang])
               if msgid and re.sub(r"<[^>]+>|%\(\w+\)s", "", msgid)[:40] in text]
    assert not english, english
    # The rules' words are the seeds' own: the camp and the general as the Spanish guide and the
    # Italian commentary call them.
    words = {"es": ["campamento", "general enemigo", "PIP", "árbitro"],
             "it": ["accampamento", "generale nemico", "PIP", "arbitr"]}[lang]
    for word in words:
        assert word in text, word


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_and_every_footer_link_to_the_guide(client, lang):
    guide = reverse("guide:index")
    home = client.get(reverse("tournament:home"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    main = home.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    assert f'href="{guide}"' in main
    with translation.override(lang):
        label = translation.gettext("Organizer's and umpire's guide")
    assert label in unescape(main)
    leagues = client.get(reverse("leagues:list"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    footer = leagues.split('<footer class="site-footer">', 1)[1]
    assert f'href="{guide}"' in footer


@pytest.mark.parametrize("lang", ("es", "it"))
def test_every_label_the_guide_quotes_is_the_apps_own_translated_label(lang):
    """The guide names buttons and fields through the app's catalogues ({% translate "…" as name %}), so a
    label is quoted as the page shows it; each must be translated."""
    quoted = {m for path in (BASE_DIR / "templates" / "guide").glob("*.html")
              for m in re.findall(r'{% translate "([^"]+)" as \w+ %}', path.read_text(encoding="utf-8"))}
    assert len(quoted) > 40
    with translation.override(lang):
        untranslated = sorted(label for label in quoted if translation.gettext(label) == label)
    assert not untranslated, untranslated
