"""The printed documents from the command line, for organizers preparing at home:

    python manage.py print_pdf --event SLUG --kind army-sheets|round|slips|standings [--round N] --out FILE
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import override

from tournament.models import Event, Registration
from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.data import army_sheets, round_sheet
from tournament.pdfs.round_docs import round_pdf, standings_pdf
from tournament.results.explain import ordering
from tournament.results.standings import load, tie_words
from tournament.transfer.frames import standings_frame

KINDS = ("army-sheets", "round", "slips", "standings")


class Command(BaseCommand):
    help = "Write an event's army sheets, round pack, result slips or standings as a PDF."

    def add_arguments(self, parser):
        parser.add_argument("--event", required=True)
        parser.add_argument("--kind", required=True, choices=KINDS)
        parser.add_argument("--round", type=int, help="round number (default: the latest)")
        parser.add_argument("--out", required=True)
        parser.add_argument("--lang", default="en", choices=["en", "es", "it"])
        parser.add_argument("--size", default="A4", choices=["A4", "A5"])
        parser.add_argument("--base-url", default="http://127.0.0.1:8000", help="for the QR codes")

    def handle(self, *args, **o):
        event = Event.objects.filter(slug=o["event"]).first()
        if event is None:
            raise CommandError(f"No event {o['event']!r}.")
        if o["kind"] == "army-sheets":
            regs = event.registrations.exclude(status=Registration.Status.DROPPED).order_by("name_key", "pk")
            body = army_sheets_pdf(army_sheets(event, regs, o["base_url"]), lang=o["lang"], size=o["size"])
        elif o["kind"] == "standings":
            with override(o["lang"]):
                data = load(event, o["round"])
                frame = standings_frame(event, o["round"], data)
                order = ordering(event, tie_words(event, o["round"], data))
            body = standings_pdf(event.name, frame, after_round=o["round"], lang=o["lang"], order=order)
        else:
            rounds = event.rounds.order_by("-number")
            rnd = rounds.filter(number=o["round"]).first() if o["round"] else rounds.first()
            if rnd is None:
                raise CommandError("That round does not exist.")
            kind = "pack" if o["kind"] == "round" else "slips"
            body = round_pdf(round_sheet(rnd, o["base_url"]), kind=kind, lang=o["lang"])
        with open(o["out"], "wb") as handle:
            handle.write(body)
        self.stdout.write(f"Wrote {o['out']} ({len(body) // 1024} KB)")
