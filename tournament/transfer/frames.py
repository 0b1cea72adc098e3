"""The tables an event's downloads and PDFs are made of, as pandas frames: its standings (the very table the
standings page shows, `results.standings.standings_table`), a round's pairings and its results.

`transfer.exports` writes them out as CSV or XLSX (it stays plain Python: the leagues' sheets use it too); the
standings and final-standings PDFs lay them out. Read when asked for, never cached: a download is rare, and the
pages keep their own renderings."""

from __future__ import annotations

import pandas as pd
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournament.armies.handout import army_label, event_armies
from tournament.models import Event, Game, Round, Seat
from tournament.results.standings import EventData, build_table, entry_as_shown, load, standings_table


def standings_frame(event: Event, upto: int | None = None, data: EventData | None = None) -> pd.DataFrame:
    """The standings table as a frame, its columns labelled in the active language (exports, PDF); `data`: the
    event's games as `results.standings.load` read them, when the caller reads them for something else too."""
    table = standings_table(event, upto) if data is None else build_table(data, upto)
    return pd.DataFrame.from_records([cells for _pk, cells in table.rows], columns=[c.label for c in table.columns])


def _played_army(edition: str, given, seat: Seat, entry) -> str:
    """The army a seat plays: its side of the provided pair (`given`, None: none provided), else its own."""
    return army_label(edition, given.a if seat.side == "a" else given.b) if given else entry.army


def pairings_frame(rnd: Round) -> pd.DataFrame:
    """One row per player, sorted by table then name (for the wall). The armies are those played in this round,
    as the pairing sheet PDF prints them (`pdfs.data.round_sheet`): the pair the organizer provides for the
    table (`armies.handout.event_armies`), else each player's registered army."""
    records = []
    edition = rnd.event.edition
    handed = {g.table: g.armies for g in event_armies(rnd.event) if g.round == rnd.number}
    by_side = Seat.objects.select_related("registration__club").order_by("side")
    for game in rnd.games.prefetch_related(Prefetch("seats", queryset=by_side)):
        seats = list(game.seats.all())
        given = handed.get(game.table) if not game.is_bye else None
        for seat in seats:
            other = next((s for s in seats if s.pk != seat.pk), None)
            me, them = entry_as_shown(seat.registration), entry_as_shown(other.registration) if other else None
            records.append({
                _("Table"): game.table if not game.is_bye else _("Bye"),
                _("Player"): me.name, _("Club"): me.club, _("Army"): _played_army(edition, given, seat, me),
                _("Opponent"): them.name if them else "", _("Opponent's army"): _played_army(edition, given, other, them) if other else "",
            })
    frame = pd.DataFrame.from_records(records)
    if frame.empty:
        return frame
    frame["_bye"] = frame[_("Table")].map(lambda t: not isinstance(t, int))
    frame["_t"] = frame[_("Table")].map(lambda t: t if isinstance(t, int) else 0)
    return frame.sort_values(["_bye", "_t", _("Player")]).drop(columns=["_bye", "_t"]).reset_index(drop=True)


def results_frame(event: Event) -> pd.DataFrame:
    """One row per confirmed game, in round and table order. Each side's losses as entered: elements, general,
    camp, and the Scythed Chariots apart (not among the elements; the scorings that count them, e.g. NASAMW v4,
    give points for them), so the points can be followed from the file."""
    data = load(event)
    names = {pk: entry.name for pk, entry in data.registrations.items()}
    outcomes = dict(Game.Outcome.choices)
    records = []
    for game in data.games:
        a = game.seats[0]
        b = game.seats[1] if len(game.seats) > 1 else None
        records.append({
            _("Round"): game.round, _("Table"): game.table or "",
            _("Side A"): names[a.registration_id],
            _("Side B"): names[b.registration_id] if b else _("Bye"),
            _("Outcome"): str(outcomes.get(game.outcome, game.outcome)) if not game.is_bye else _("Bye"),
            _("A lost"): a.elements_lost, _("A general lost"): a.general_lost, _("A camp lost"): a.camp_lost,
            _("A Scythed Chariots lost"): a.sch_lost,
            _("B lost"): b.elements_lost if b else "", _("B general lost"): b.general_lost if b else "",
            _("B camp lost"): b.camp_lost if b else "", _("B Scythed Chariots lost"): b.sch_lost if b else "",
            _("A points"): a.score, _("B points"): b.score if b else "",
        })
    return pd.DataFrame.from_records(records)
