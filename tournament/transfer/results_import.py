"""A finished event imported from a table of its games (CSV or XLSX, one row per game), so leagues and ratings
can start from a club's history (issue #25.5).

Columns: `round`, `table`, `player_a`, `club_a`, `player_b`, `club_b`, `result` (the result form's shorthand, side
A's figures first; empty with no `player_b` for a bye); optional `stage` (`swiss`, the default; `group:<name>`,
`semi-final`, `final`, `third-place`, `plate`: the stages of tournament/transfer/stage_rows.py; or `playoff`: a
game outside the rounds that orders two players level after every tie-break), `army_a`, `army_b`, `points_a`,
`points_b` (checked against the scoring). Every problem is listed with its row and column, and nothing is
written until the file is clean: `check_rows` finds the problems, `import_results` writes the event in one
transaction (and undoes it all if a playoff row settles no tie). `check_rows` holds every value to what its
column in the database takes (the model fields' lengths, the event's most rounds, one game a table in a round,
settings.MAX_EVENT_ENTRIES people), so that no row meets a database rule only while the event is being written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.accounts.emails import require_confirmed_email
from tournament.events.audit import audit
from tournament.events.services import check_event_quota
from tournament.models import Club, Event, EventRole, Game, Player, Registration, Round, Seat
from tournament.models.events import MAX_ROUNDS
from tournament.results.definition import definition_data
from tournament.results.scoring import Preset, bye_score, presets, score_game
from tournament.results.shorthand import GameResult, ResultError, check_result, parse_shorthand
from tournament.results.tie_decisions import TieRejected, record_tie_decision
from tournament.transfer import stage_rows
from tournament.transfer.messages import entries_cap_message

REQUIRED = ("round", "table", "player_a", "club_a", "player_b", "club_b", "result")
OPTIONAL = ("stage", "army_a", "army_b", "points_a", "points_b")
STAGES = ("swiss", *stage_rows.KNOCKOUT, "playoff")  # and group:<name>
MAX_NAME = Player._meta.get_field("name").max_length  # a registration's name holds as many
MAX_CLUB = Club._meta.get_field("name").max_length
MAX_ARMY = Registration._meta.get_field("army_ref").max_length  # `army_a`, `army_b`: the list, e.g. II/56a
MAX_TABLE = 9_999  # as `_int` reads
MAX_GROUP_NAME = 20


@dataclass(frozen=True)
class Problem:
    row: int  # the file's line (the header is line 1); 0: the whole file
    column: str
    message: str


class ImportRejected(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__(problems)
        self.problems = problems


@dataclass
class Row:
    line: int
    stage: str
    round: int | None
    table: int | None
    a: tuple[str, str]  # (name, club)
    b: tuple[str, str] | None  # None: a bye
    result: GameResult | None
    text: str
    armies: tuple[str, str] = ("", "")
    group: str = ""  # the group's name, for a `group:<name>` row


@dataclass
class Checked:
    rows: list[Row] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    plan: stage_rows.Plan = field(default_factory=stage_rows.Plan)


def _int(value: str, line: int, column: str, problems: list[Problem], *, required: bool) -> int | None:
    text = value.strip()
    if not text:
        if required:
            problems.append(Problem(line, column, _("required.")))
        return None
    if not (text.isascii() and text.lstrip("-").isdigit()) or not -10_000 < int(text) < 10_000:
        problems.append(Problem(line, column, _("expected a whole number.")))
        return None
    return int(text)


def _person(row: pd.Series, side: str, line: int, problems: list[Problem]) -> tuple[str, str] | None:
    name = " ".join(str(row.get(f"player_{side}", "")).split())
    club = " ".join(str(row.get(f"club_{side}", "")).split())
    too_long = [(column, most) for column, value, most in ((f"player_{side}", name, MAX_NAME),
                                                           (f"club_{side}", club, MAX_CLUB)) if len(value) > most]
    for column, most in too_long:
        problems.append(Problem(line, column, _("at most %(n)s characters.") % {"n": most}))
    return (name, club) if name else None  # a name too long is a problem of its own, not a missing one


def _numbers(row: pd.Series, stage: str, line: int, problems: list[Problem]) -> tuple[int | None, int | None]:
    """The row's round (1 to the most an event plays) and table (none, or 1 to MAX_TABLE)."""
    number = _int(row["round"], line, "round", problems, required=stage != "playoff")
    if number is not None and not 1 <= number <= MAX_ROUNDS:
        problems.append(Problem(line, "round", _("expected a whole number from 1 to %(n)s.") % {"n": MAX_ROUNDS}))
        number = None
    table = _int(row["table"], line, "table", problems, required=False)
    if table is not None and not 1 <= table <= MAX_TABLE:
        problems.append(Problem(line, "table", _("expected a whole number from 1 to %(n)s.") % {"n": MAX_TABLE}))
        table = None
    return number, table


def _armies(row: pd.Series, line: int, problems: list[Problem]) -> tuple[str, str]:
    """The army list of each side, as an entry holds it: never cut."""
    armies = (row.get("army_a", "").strip(), row.get("army_b", "").strip())
    for column, army in zip(("army_a", "army_b"), armies, strict=True):
        if len(army) > MAX_ARMY:
            problems.append(Problem(line, column, _("at most %(n)s characters.") % {"n": MAX_ARMY}))
    return armies


def _header_problems(frame: pd.DataFrame) -> list[Problem]:
    problems = [Problem(1, column, _("this column is missing from the header.")) for column in REQUIRED
                if column not in frame.columns]
    problems += [Problem(1, column, _("unknown column; the known ones are: %(columns)s.")
                         % {"columns": ", ".join(REQUIRED + OPTIONAL)})
                 for column in frame.columns if column not in REQUIRED + OPTIONAL]
    return problems


def _stage(row: pd.Series, line: int, problems: list[Problem]) -> tuple[str, str]:
    """(stage, group name) of a row: swiss, a knockout stage, playoff, or `group:<name>`."""
    stage = row.get("stage", "").strip().lower() or "swiss"
    group = ""
    if stage.startswith("group:"):
        stage, group = stage_rows.GROUP, " ".join(row["stage"].strip()[6:].split())
        if len(group) > MAX_GROUP_NAME:
            problems.append(Problem(line, "stage", _("at most %(n)s characters.") % {"n": MAX_GROUP_NAME}))
    if stage not in (*STAGES, stage_rows.GROUP) or (stage == stage_rows.GROUP and not group):
        problems.append(Problem(line, "stage", _("use swiss, group:<name>, semi-final, final, third-place, "
                                                 "plate or playoff.")))
    return stage, group


def _result(text: str, b: tuple[str, str] | None, stage: str, edition: str, line: int,
            problems: list[Problem]) -> GameResult | None:
    """The row's result; a bye has none (and a knockout or playoff row cannot be a bye)."""
    if b is None:
        if stage in ("playoff", *stage_rows.KNOCKOUT):
            problems.append(Problem(line, "player_b", _("required.")))
        elif text:
            problems.append(Problem(line, "result", _("a bye has no result.")))
        return None
    try:
        result = parse_shorthand(text, edition)
    except ResultError:
        problems.append(Problem(line, "result", _("not a result in shorthand, e.g. 4G-1C or 3-1 T.")))
        return None
    if check_result(result, edition) or (stage == "playoff" and result.outcome == "time"):
        problems.append(Problem(line, "result", _("not a possible DBA %(edition)s result.") % {"edition": edition}))
    return result


def _people_problems(a, b, stage: str, number: int | None, line: int, clubs: dict[str, str],
                     seen: dict[tuple[int, str], int], problems: list[Problem]) -> None:
    """One club per player across the file, one game per player and round, nobody playing themselves."""
    for person, side in ((a, "a"), (b, "b")):
        if person is None:
            continue
        if clubs.setdefault(person[0], person[1]) != person[1]:
            problems.append(Problem(line, f"club_{side}", _("this player has another club on an earlier row.")))
        if stage != "playoff" and number is not None:
            first = seen.setdefault((number, person[0]), line)
            if first != line:
                problems.append(Problem(line, f"player_{side}",
                                        _("this player already plays in this round (row %(row)s).") % {"row": first}))
    if a is not None and b is not None and a[0] == b[0]:
        problems.append(Problem(line, "player_b", _("a player cannot play themselves.")))


def _table_problem(number: int | None, table: int | None, line: int, tables: dict[tuple[int, int], int],
                   problems: list[Problem]) -> None:
    """One game a table in a round (the caller leaves out byes and playoffs: they are written without a table)."""
    if number is None or table is None:
        return
    first = tables.setdefault((number, table), line)
    if first != line:
        problems.append(Problem(line, "table", _("this table already has a game in this round (row %(row)s).")
                                % {"row": first}))


def _points_problems(row: pd.Series, result: GameResult, scoring: Preset, edition: str, line: int,
                     problems: list[Problem]) -> None:
    """Points given in the file must be the scoring's."""
    points = score_game(result, scoring, edition)
    for column, expected in (("points_a", points[0]), ("points_b", points[1])):
        given = _int(row.get(column, ""), line, column, problems, required=False)
        if given is not None and given != expected:
            problems.append(Problem(line, column, _("the scoring gives %(n)s.") % {"n": expected}))


def check_rows(frame: pd.DataFrame, scoring: Preset, edition: str) -> Checked:
    """The rows as games, or every problem with its row and column."""
    out = Checked(problems=_header_problems(frame))
    if out.problems:
        return out
    clubs: dict[str, str] = {}  # every player named, with their club
    seen: dict[tuple[int, str], int] = {}
    tables: dict[tuple[int, int], int] = {}
    for index, row in frame.fillna("").astype(str).iterrows():
        line = int(index) + 2
        before = len(out.problems)
        stage, group = _stage(row, line, out.problems)
        number, table = _numbers(row, stage, line, out.problems)
        a, b = _person(row, "a", line, out.problems), _person(row, "b", line, out.problems)
        if a is None:
            out.problems.append(Problem(line, "player_a", _("required.")))
        text = row["result"].strip()
        result = _result(text, b, stage, edition, line, out.problems)
        _people_problems(a, b, stage, number, line, clubs, seen, out.problems)
        if b is not None and stage != "playoff":
            _table_problem(number, table, line, tables, out.problems)
        if result is not None:
            _points_problems(row, result, scoring, edition, line, out.problems)
        armies = _armies(row, line, out.problems)
        if len(out.problems) == before and a is not None:
            out.rows.append(Row(line, stage, number, table, a, b, result, text, armies, group))
    if not frame.shape[0]:
        out.problems.append(Problem(0, "", _("The file has no games.")))
    if len(clubs) > settings.MAX_EVENT_ENTRIES:  # as the players file: the most entries an import may make
        out.problems.append(Problem(0, "file", entries_cap_message(len(clubs))))
    out.plan = stage_rows.check_stages(out.rows, lambda r: score_game(r.result, scoring, edition),
                                       lambda line, column, message: out.problems.append(Problem(line, column, message)))
    out.problems.sort(key=lambda p: p.row)
    return out


def _registrations(event: Event, rows: list[Row]) -> dict[str, Registration]:
    clubs: dict[str, Club | None] = {}
    regs: dict[str, Registration] = {}
    for row in rows:
        for side, (name, club) in enumerate([row.a, *([row.b] if row.b else [])]):
            if name in regs:
                continue
            if club not in clubs:
                clubs[club] = (Club.objects.filter(name__iexact=club).first() or Club.objects.create(name=club)) if club else None
            # a person of this event's own, as a players file or a backup makes: never another event's person found
            # by name (their account, email and region would become this event's)
            player = Player.objects.create(name=name, club=clubs[club])
            regs[name] = Registration.objects.create(event=event, player=player, army_ref=row.armies[side])
    return regs


def _round(event: Event, number: int, rows: list[Row], regs: dict[str, Registration], scoring: Preset,
           stages: dict, games: dict[int, Game]) -> None:
    rnd = Round.objects.create(event=event, number=number, status=Round.Status.COMPLETED, published_at=timezone.now(),
                               method="stage" if any(r.stage != "swiss" for r in rows) else "")
    for row in rows:
        if row.b is None and row.stage == stage_rows.GROUP:
            continue  # a group's bye scores nothing, as in the app
        if row.b is None:
            game = Game.objects.create(round=rnd, is_bye=True, status=Game.Status.CONFIRMED)
            Seat.objects.create(game=game, round=rnd, registration=regs[row.a[0]], side="a", score=bye_score(scoring))
            continue
        points = score_game(row.result, scoring, event.edition)
        stage, slot = stages.get(row.line, (None, ""))
        game = Game.objects.create(round=rnd, table=row.table, status=Game.Status.CONFIRMED, outcome=row.result.outcome,
                                   entered_at=timezone.now(), stage=stage, slot=slot)
        games[row.line] = game
        for side, person, lost, score in (("a", row.a, row.result.a, points[0]), ("b", row.b, row.result.b, points[1])):
            Seat.objects.create(game=game, round=rnd, registration=regs[person[0]], side=side, score=score,
                                elements_lost=lost.elements_lost, general_lost=lost.general_lost,
                                camp_lost=lost.camp_lost, sch_lost=lost.sch_lost)


def _event(slug: str, name: str, date, edition: str, scoring: Preset, *, rounds_planned: int, user) -> Event:
    """The imported event, finished and unlisted; whoever imports it organizes it."""
    own = scoring.key not in presets()
    event = Event.objects.create(slug=slug, name=name, date=date, edition=edition, rounds_planned=rounds_planned,
                                 scoring_preset="nasamw-3.0" if own else scoring.key,
                                 scoring_definition=definition_data(scoring.definition) if own else {},
                                 tiebreaks=list(scoring.tiebreaks), listed=False, registration_open=False,
                                 finished_at=timezone.now())
    if user is not None:
        EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANIZER)
    return event


def _playoffs(event: Event, rows: list[Row], regs: dict[str, Registration], user) -> None:
    """Playoff rows settle ties, as the organizer would have on the ties page."""
    for row in (r for r in rows if r.stage == "playoff"):
        try:
            record_tie_decision(event, user, kind="playoff", players=[regs[row.a[0]].pk, regs[row.b[0]].pk],
                                result=row.text)
        except TieRejected as exc:
            raise ImportRejected([Problem(row.line, "stage", exc.message)]) from None


@transaction.atomic
def import_results(frame: pd.DataFrame, *, slug: str, name: str, date, edition: str, scoring: Preset, user=None) -> Event:
    """A finished event from the games of `frame`; ImportRejected (nothing written) lists every problem."""
    checked = check_rows(frame, scoring, edition)
    if Event.objects.filter(slug=slug).exists():
        checked.problems.insert(0, Problem(0, "event", _("An event with the short name “%(slug)s” already exists; "
                                                            "choose another.") % {"slug": slug}))
    if checked.problems:
        raise ImportRejected(checked.problems)
    if user is not None:  # as the event form and the backup: a confirmed email, then the daily quota
        require_confirmed_email(user)
        check_event_quota(user)
    swiss = [r for r in checked.rows if r.stage == "swiss"]
    played = [r for r in checked.rows if r.stage != "playoff"]
    rounds = sorted({r.round for r in played})
    event = _event(slug, name, date, edition, scoring, rounds_planned=max({r.round for r in swiss} or rounds or {1}),
                   user=user)
    regs = _registrations(event, checked.rows)
    groups, stages = stage_rows.write_groups(event, checked.plan, checked.rows, regs)
    games: dict[int, Game] = {}
    for number in rounds:
        _round(event, number, [r for r in played if r.round == number], regs, scoring, stages, games)
    try:
        stage_rows.write_brackets(event, checked.plan, games, regs, groups, max((r.round for r in swiss), default=None))
    except stage_rows.Unfit as exc:  # found by the check without the seeding order; undone with everything else
        raise ImportRejected([Problem(exc.key, "stage", _("these games do not make one single-elimination bracket of "
                                                          "%(n)s players.") % {"n": exc.params.get("players", 0)})]) from None
    audit(event=event, user=user, action="event.import_results", target=event.slug,
          after={"games": sum(1 for r in checked.rows if r.b is not None), "rounds": len(rounds), "scoring": scoring.name,
                 "stages": event.stages.count()})
    _playoffs(event, checked.rows, regs, user)
    event.refresh_from_db()
    return event

