"""The language switch in every page's header.

Django's `set_language`, without CSRF protection: choosing the language the site speaks is not an action
anyone can abuse (a forged switch only changes the words of the victim's next page; the `next` address is
still checked by Django), and a form without a token lets the public event pages be one shared rendering
for every first-time reader, with no CSRF secret minted and no cookie set for each of them
(`tournament.web.page_caches`)."""

from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

language_switch = csrf_exempt(set_language)
