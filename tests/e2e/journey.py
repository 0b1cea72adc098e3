"""What the journeys share: the languages and screens they run in, the words a user reads in each
language (taken from the project's own catalogues, and checked to be translated), and a signed-in tab.

Every journey runs in en, es and it; across the set both a desktop and a phone (390 × 844) are used.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

SCREENS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BROWSER_LOCALES = {"en": "en-GB", "es": "es-ES", "it": "it-IT"}
PASSWORD = "pw-Tornei-2026!"

# (language, screen): each journey in all three languages, each on both screens somewhere in the set.
LANGUAGE_SCREENS = [
    pytest.param("en", "desktop", id="en-desktop"),
    pytest.param("es", "phone", id="es-phone"),
    pytest.param("it", "desktop", id="it-desktop"),
]
# The journeys of a new organizer, player and umpire (issue 27): Spanish and Italian on a phone, English on a desktop.
LANGUAGE_SCREENS_ON_PHONES = [
    pytest.param("en", "desktop", id="en-desktop"),
    pytest.param("es", "phone", id="es-phone"),
    pytest.param("it", "phone", id="it-phone"),
]
LANGUAGE_SCREENS_PHONE_FIRST = [
    pytest.param("en", "phone", id="en-phone"),
    pytest.param("es", "desktop", id="es-desktop"),
    pytest.param("it", "phone", id="it-phone"),
]


def tr(language: str, msgid: str, *, same_ok: bool = False, **values) -> str:
    """The words the page shows in `language` for `msgid` (with its %(name)s values filled in).

    In es and it the words must differ from the English original, unless `same_ok` (e.g. "No"): an
    untranslated label fails the journey.
    """
    with translation.override(language):
        words = translation.gettext(msgid)
    if language != "en" and not same_ok:
        assert words != msgid, f"{msgid!r} is not translated into {language}"
    return words % values if values else words


def tr_n(language: str, singular: str, plural: str, n: int, **values) -> str:
    with translation.override(language):
        words = translation.ngettext(singular, plural, n)
    if language != "en":
        assert words not in (singular, plural), f"{plural!r} is not translated into {language}"
    return words % {"n": n, **values}


def signed_in_page(browser, live_server, language: str, screen: str, username: str | None = None,
                   entry: str = "/"):
    """A new browser (its own cookies) in `language` on `screen`, opened at ONE entry address (the site's
    home page unless told: a link the person really receives, such as a report link); from there a
    journey only clicks what the person sees. With a username, the person signs in through the header's
    "Log in" link and the login form, which brings them back to the entry page. Confirmation dialogs are
    accepted."""
    context = browser.new_context(locale=BROWSER_LOCALES[language], viewport=SCREENS[screen])
    watch_console(context)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{live_server.url}{entry}")
    if username:
        page.locator("header").get_by_role("link", name=tr(language, "Log in")).click()
        page.fill("#id_username", username)
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


def fits(page, screen: str) -> bool:
    """No sideways scrolling of the whole page on a phone."""
    return screen == "desktop" or page.evaluate("document.documentElement.scrollWidth") <= SCREENS[screen]["width"]


# The browser's own note of an answer the test asked for (a 400 naming the wrong field) is not an error of
# the page; anything else in the console is: a script error, a Content Security Policy refusal, a 5xx.
EXPECTED_CONSOLE = re.compile(r"^Failed to load resource: the server responded with a status of 4\d\d")
_CONSOLE: dict[int, list[str]] = {}


def watch_console(context) -> None:
    """Keep every console error and uncaught script error of the pages of `context`, for `check`."""
    errors = _CONSOLE.setdefault(id(context), [])
    errors.clear()

    def console(message) -> None:
        if message.type == "error" and not EXPECTED_CONSOLE.match(message.text):
            errors.append(f"{message.text} at {message.location.get('url', '')}")

    context.on("console", console)
    context.on("weberror", lambda error: errors.append(f"uncaught: {error.error}"))


def console_errors(page) -> list[str]:
    """The console errors of the page's context so far (forgotten once read)."""
    errors = _CONSOLE.get(id(page.context), [])
    found = list(errors)
    errors.clear()
    return found


WIDEST = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll("body *")].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.right > width + 1 && !el.closest(".table-wrap, pre");
  }).slice(0, 6).map((el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className ? "." +
    String(el.className).trim().replace(/\\s+/g, ".") : ""} to ${Math.round(el.getBoundingClientRect().right)}px`);
}"""


def assert_no_sideways_scroll(page, where: str) -> None:
    """The whole page never scrolls sideways (a wide table scrolls inside its own frame)."""
    width = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{where} is {scroll} px wide on a {width} px screen: {page.evaluate(WIDEST)}"


SMALL_TARGETS = """() => {
  const words = /[^\\s·|,;:\\/()\\[\\]–—-]/;
  const inSentence = (el) => {
    const block = el.parentElement;
    if (!block || !/^(P|LI|TD|TH|DD|DT|SPAN|SMALL|LABEL|H[1-6]|STRONG|EM|FIGCAPTION|CAPTION)$/.test(block.tagName)) return false;
    return [...block.childNodes].some((node) => node.nodeType === 3 && words.test(node.textContent));
  };
  const small = [];
  for (const el of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, summary, textarea")) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || el.closest(".visually-hidden, .skip")) continue;
    if (box.width >= 23.5 && box.height >= 23.5) continue;
    if (el.tagName === "A" && inSentence(el)) continue;
    small.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${(el.textContent || el.name || "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small.slice(0, 8);
}"""


def assert_tap_targets(page, where: str) -> None:
    """WCAG 2.2 target size (2.5.8): every link or control that stands alone is at least 24 × 24 px (a link
    inside a sentence is exempt)."""
    small = page.evaluate(SMALL_TARGETS)
    assert not small, f"{where}: targets under 24 × 24 px: {small}"


RAW = ("{'", '{"', "%(", "[object ", "<built-in", "undefined", "Traceback")


def check(page, where: str) -> None:
    """A main page of a journey: no console error since the last check (a script error, a blocked inline
    style), no sideways scrolling, no tap target under 24 × 24 px, axe finds nothing serious, and the page shows no developer output
    (a dict, an unfilled %(placeholder)s, a JavaScript object)."""
    from tests.e2e.axe import assert_accessible

    # A page still arriving has no document to measure: wait until it has one, whole (this survives a navigation).
    page.wait_for_function("() => document.readyState === 'complete' && document.documentElement !== null")
    errors = console_errors(page)
    assert not errors, f"{where}: the console shows errors: {errors}"
    assert_no_sideways_scroll(page, where)
    assert_tap_targets(page, where)
    assert_accessible(page, where)
    text = page.locator("main").inner_text()
    leaked = [raw for raw in RAW if raw in text]
    assert not leaked, f"{where} shows developer output {leaked}: {text[:300]}"
