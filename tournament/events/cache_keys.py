"""The keys an event's page caches are kept under (`tournament.web.page_caches`): each changes whenever
anything shown on the event's pages changes, so a cached rendering is never invalidated, only left behind.

**The event state** (`event_state`): one short key read from the database. The rendered tables (standings,
pairings, stage tables) and the other caches of an event's data are keyed by it, so a result entered or
corrected, a report, a swap, a publish, a drop, a player or club renamed (their registrations are marked as
changed) or a change of the event's settings (scoring preset, tie-breaks, name) is visible on the next
request, in every server process. The key reads the event row and four aggregates, whatever the event's size,
in one database round trip.

**The page generation** (`page_generation`): a short random token in the shared cache, no query. The
anonymous event home, pairings and standings are served from a rendering keyed by it, so a cached page costs
one cache read. The token is replaced by model signals on every row those pages show (the event, its rounds,
games, seats and registrations, and the players and clubs registered) when the transaction that wrote it
commits: a reader who rendered the old rows while it was open cached them under the old token, and the next
request has a new key and renders the committed rows. Inside the writing transaction itself (a test, a
command) the count of its writes is part of the key, so that its own reads see them and nobody else's do.
One write is passed over: a player's half report (or a hold for the umpire) on a game that is not confirmed,
which these pages do not show; on an event day those are two thirds of the writes. The ratings beside the names
(the event home's strength of field, the pairings) are the players' ratings before the event, made from other
events (`leagues.event_ratings`): a write to an event renews the pages of the other members of its leagues, and
of the events on the global rating from its date on when it asked to count toward it; a save that changes its date
or its place in the global rating (asking to count, the staff's approval) renews these as its old values made them
too, and a delete renews them as they were before its row went; a league's membership or merge, or a ladder
game or pair of its players, renews its members' pages. The pairings table is kept by the page generation too, for
them.

A fresh random token, never an increment, so that two writers racing cannot leave a key that one of them
has already used. A token that is lost (the cache evicted or restarted) is replaced on the next read, and a
token lives at most `SECONDS`: a write that reaches the database without a model signal (a queryset
`update()`, raw SQL) shows within that time, as a renamed club did before."""

from __future__ import annotations

import hashlib
import secrets

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Count, Max, Q, Subquery, Sum, Value
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save
from django.utils import timezone
from django.utils.translation import get_language

from tournament.events.statements import Statement
from tournament.models import (
    Club,
    Event,
    Game,
    LadderGame,
    LadderPair,
    LeagueEvent,
    LeagueMerge,
    Player,
    ProvidedArmy,
    Registration,
    Round,
    Seat,
    Stage,
)

# --- the event state: one query ------------------------------------------------------------------------

# What stands for the event's key while the statement is compiled, once per database (`events.statements`).
_SENTINEL = -7_340_221
_compiled: dict[str, tuple[Statement, list[list[str]]]] = {}
_COLUMNS = [field.attname for field in Event._meta.concrete_fields]


def _aggregates(queryset, **aggregates):
    """`queryset.aggregate(**aggregates)` as SQL and parameters, always one row (no GROUP BY, no ORDER BY)."""
    query = queryset.order_by().annotate(_one=Value(1)).values("_one").annotate(**aggregates).values(*aggregates)
    return query.query.sql_with_params(), list(aggregates)


def _compile() -> tuple[Statement, list[list[str]]]:
    """One statement for the four aggregates of the event whose key stands where `_SENTINEL` is."""
    event = {"event_id": _SENTINEL}
    of_round = {f"round__{key}": value for key, value in event.items()}
    parts = [
        _aggregates(Game.objects.filter(**of_round),
                    v=Sum("version"), n=Count("pk"), t=Max("entered_at"), last=Max("pk"),
                    reported=Count("pk", filter=Q(status=Game.Status.REPORTED)),
                    disputed=Count("pk", filter=Q(status=Game.Status.DISPUTED))),
        # A swap deletes and recreates two seats: the newest seat key moves on.
        _aggregates(Seat.objects.filter(**of_round), n=Count("pk"), last=Max("pk"), s=Sum("score")),
        _aggregates(Registration.objects.filter(**event), t=Max("updated_at"), n=Count("pk")),
        _aggregates(Round.objects.filter(**event),
                    n=Count("pk"), last=Max("pk"), p=Max("published_at"), c=Max("clock_started_at"),
                    done=Count("pk", filter=Q(status=Round.Status.COMPLETED))),
    ]
    sql = " CROSS JOIN ".join(f"({part_sql}) AS s{k}" for k, ((part_sql, _), _) in enumerate(parts))
    params = [p for (_, part_params), _ in parts for p in part_params]
    statement = Statement.of(f"SELECT * FROM {sql}", params, {_SENTINEL: len(parts)})  # noqa: S608 - ORM-compiled
    return statement, [names for _, names in parts]


def _read(event_id: int) -> list[dict]:
    if connection.alias not in _compiled:
        _compiled[connection.alias] = _compile()
    statement, names = _compiled[connection.alias]
    row = statement.run({_SENTINEL: event_id})[0]
    values, start = [], 0
    for part in names:
        values.append(dict(zip(part, row[start:start + len(part)], strict=True)))
        start += len(part)
    return values


def event_state(event: Event, *parts) -> str:
    """The event's state with `parts` (what else the cached rendering depends on), in the active language."""
    settings = [getattr(event, field) for field in _COLUMNS]
    values = [get_language(), settings, *_read(event.pk), *parts]
    return hashlib.sha256(repr(values).encode()).hexdigest()


# --- the page generation: one cache read, renewed by model signals ------------------------------------

SECONDS = 60
_PREFIX = "event-pages:"
# What a player's half report or a hold for the umpire writes on a game that is not confirmed: the public
# pages show a game's result only once it is confirmed (`results.entry.stored_result`), so these leave
# them as they are (tests/web/test_public_pages.py compares the kept page with one rendered afresh).
_UNSHOWN_FIELDS = frozenset({"status", "review_reason"})
_CONFIRMED = "confirmed"


def _key(slug: str) -> str:
    return _PREFIX + slug


# What stands for a written event's key while the statement of the events whose pages it renews is compiled.
_WRITTEN = -7_340_227
_shown: dict[str, Statement] = {}


def _shown_query(event_id: int):
    """The slugs of this event and of the events whose ratings before them its rows make (`leagues.event_ratings`):
    the other accepted members of its leagues, and, when it asked to count toward the global rating, the events
    on it dated from its date on."""
    accepted = LeagueEvent.State.ACCEPTED
    leagues = LeagueEvent.objects.filter(event_id=event_id, state=accepted).values("league_id")
    counted_on = Event.objects.filter(pk=event_id, global_rating=True).values("date")
    return Event.objects.filter(
        Q(pk=event_id)
        | Q(pk__in=LeagueEvent.objects.filter(league_id__in=leagues, state=accepted).values("event_id"))
        | Q(global_rating=True, date__gte=Subquery(counted_on))
    ).values_list("slug", flat=True)


def _shown_slugs(event_ids) -> set[str]:
    """The slugs of the events whose pages show these events' rows (`_shown_query`): one query per event."""
    if connection.alias not in _shown:
        sql, params = _shown_query(_WRITTEN).query.sql_with_params()
        _shown[connection.alias] = Statement.of(sql, params, {_WRITTEN: 3})
    statement = _shown[connection.alias]
    return {slug for event_id in event_ids for (slug,) in statement.run({_WRITTEN: event_id})}


def renew(slugs) -> None:
    """A new generation for these events, now."""
    tokens = {_key(slug): secrets.token_hex(8) for slug in slugs}
    if tokens:
        cache.set_many(tokens, SECONDS)


class _Pending:
    """The events written in the open transaction; renewed when it commits."""

    def __init__(self) -> None:
        self.event_ids: set[int] = set()
        self.slugs: set[str] = set()
        self.writes = 0
        self.round_events: dict[int, int] = {}  # only within the transaction: a rolled-back key can be reused

    def __call__(self) -> None:
        renew(set(self.slugs) | _shown_slugs(self.event_ids))


def _pending(*, register: bool) -> _Pending | None:
    """This transaction's writes, registered for its commit; None outside a transaction (or, when not
    `register`ing, when it has written nothing yet)."""
    if not connection.in_atomic_block:
        return None
    pending = getattr(connection, "_event_pages_pending", None)
    # Django drops the callbacks of a transaction or savepoint rolled back: then this one is no longer queued.
    if pending is None or not any(func is pending for _, func, _ in connection.run_on_commit):
        if not register:
            return None
        pending = _Pending()
        connection._event_pages_pending = pending
        transaction.on_commit(pending)
    return pending


def page_generation(slug: str) -> str:
    """The generation of the event with this slug: one cache read (a new token if there is none). Read
    inside a transaction that has written (a test, a command), it also counts those writes: they are not
    committed, so no other process may see a page rendered from them, and this one must (nor one rendered
    inside a savepoint since rolled back)."""
    key = _key(slug)
    token = cache.get(key)
    if token is None:
        cache.add(key, secrets.token_hex(8), SECONDS)  # two readers at once: the first one's token stays
        token = cache.get(key) or ""
    pending = _pending(register=False)
    if pending is None:
        return token
    # The open savepoints too: a page rendered inside one that is rolled back showed rows that are gone.
    return f"{token}:uncommitted:{id(pending)}:{pending.writes}:{','.join(connection.savepoint_ids)}"


def written(*, event_id: int | None = None, slug: str | None = None) -> None:
    """Something an event's pages show was written (by id, or by slug when the event row is gone)."""
    pending = _pending(register=True)
    if pending is not None:
        pending.writes += 1
        if slug is None:
            pending.event_ids.add(event_id)
        else:
            pending.slugs.add(slug)
        return
    # autocommit: the write is already committed
    renew([slug] if slug is not None else _shown_slugs([event_id]))


def _event_of_round_child(instance) -> int | None:
    """The event of a game or seat: from its round when loaded with it, else one query (once per round
    in a transaction)."""
    field = type(instance).round
    if field.is_cached(instance):
        return instance.round.event_id
    pending = _pending(register=True)
    if pending is not None and instance.round_id in pending.round_events:
        return pending.round_events[instance.round_id]
    event_id = Round.objects.filter(pk=instance.round_id).values_list("event_id", flat=True).first()
    if pending is not None and event_id is not None:
        pending.round_events[instance.round_id] = event_id
    return event_id


# What decides which events' ratings before them read an event's games (`_shown_query`, `leagues.event_ratings`).
_RATED_FIELDS = ("date", "global_rating", "global_rating_approved")


def _on_event_saving(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    """Before an event's row changes: the pages its old values show on, renewed after the save (`_on_event`). Its old
    slug, when it changes (the old address must stop showing the event); and when its date or its place in the global
    rating changes, the events whose ratings read its games until now (`_shown_slugs`, from the row as it still is).
    One query, none when `update_fields` names none of these fields, two when the ratings' fields change."""
    instance._pages_before = set()
    watched = ("slug", *_RATED_FIELDS)
    if raw or instance.pk is None or (update_fields is not None and not set(watched) & set(update_fields)):
        return
    before = sender.objects.filter(pk=instance.pk).values_list(*watched).first()
    if before is None:
        return
    slug, *rated = before
    if slug != instance.slug:
        instance._pages_before.add(slug)
    if rated != [getattr(instance, name) for name in _RATED_FIELDS]:
        instance._pages_before |= _shown_slugs([instance.pk])


def _on_event_deleting(sender, instance, **kwargs) -> None:
    """Before an event's row goes: the pages it shows on (`_shown_slugs`, while the row and its league memberships
    still exist), renewed after the delete (`_on_event`)."""
    instance._pages_before = _shown_slugs([instance.pk])


def _on_event(sender, instance, raw=False, signal=None, **kwargs) -> None:
    """An event saved (by its key: the ratings of other events can read it) or deleted (by its slug: its row is gone),
    and the pages it showed on before (`_on_event_saving`, `_on_event_deleting`)."""
    if raw:
        return
    for slug in getattr(instance, "_pages_before", ()):
        written(slug=slug)
    instance._pages_before = set()
    if signal is post_delete:
        written(slug=instance.slug)
    else:
        written(event_id=instance.pk)


def _on_round(sender, instance, raw=False, **kwargs) -> None:
    if not raw:
        written(event_id=instance.event_id)


def _on_game_saving(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    if not raw and instance.pk is not None and update_fields is not None and set(update_fields) <= _UNSHOWN_FIELDS:
        instance._status_before = sender.objects.filter(pk=instance.pk).values_list("status", flat=True).first()


def _unshown(instance, update_fields) -> bool:
    """A save that changes nothing the public pages show: a game's status, neither before nor after confirmed."""
    if update_fields is None or not set(update_fields) <= _UNSHOWN_FIELDS:
        return False
    return _CONFIRMED not in (getattr(instance, "_status_before", _CONFIRMED), getattr(instance, "status", _CONFIRMED))


def _on_round_child(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    if raw or _unshown(instance, update_fields):
        return
    event_id = _event_of_round_child(instance)
    if event_id is not None:
        written(event_id=event_id)


def _on_registration(sender, instance, raw=False, **kwargs) -> None:
    if not raw:
        written(event_id=instance.event_id)


def _on_person(sender, instance, raw=False, created=False, **kwargs) -> None:
    """A player or club saved (renamed, say) or deleted: every event they are registered in. Their registrations are
    marked as changed there too (`updated_at`), so that the event state changes with the names the rendered tables
    show, not only the page generation (rare writes, two queries; none for a new one, which is in no event yet)."""
    if raw or created or instance.pk is None:
        return
    rows = Registration.objects.filter(club=instance) if sender is Club else Registration.objects.filter(player=instance)
    event_ids = set(rows.values_list("event_id", flat=True))
    if event_ids:
        rows.update(updated_at=timezone.now())
    for event_id in event_ids:
        written(event_id=event_id)


def _on_league(sender, instance, raw=False, **kwargs) -> None:
    """An event joining (or leaving) a league, two people merged in one, or a ladder game or pair of its players
    changed: the ratings its members' pages show (the league's: its members' pages only, by slug, read in one query
    whatever the league's size)."""
    if raw:
        return
    shown = Q(league_memberships__league_id=instance.league_id, league_memberships__state=LeagueEvent.State.ACCEPTED)
    if sender is LeagueEvent:
        shown |= Q(pk=instance.event_id)
    for slug in set(Event.objects.filter(shown).values_list("slug", flat=True)):
        written(slug=slug)


def connect() -> None:
    """Connect the signals (AppConfig.ready)."""
    uid = "event-pages-"
    pre_save.connect(_on_event_saving, sender=Event, dispatch_uid=uid + "event-slug")
    pre_delete.connect(_on_event_deleting, sender=Event, dispatch_uid=uid + "event-deleting")
    pre_save.connect(_on_game_saving, sender=Game, dispatch_uid=uid + "game-status")
    for signal in (post_save, post_delete):
        name = "save" if signal is post_save else "delete"
        signal.connect(_on_event, sender=Event, dispatch_uid=f"{uid}event-{name}")
        signal.connect(_on_round, sender=Round, dispatch_uid=f"{uid}round-{name}")
        signal.connect(_on_round_child, sender=Game, dispatch_uid=f"{uid}game-{name}")
        signal.connect(_on_round_child, sender=Seat, dispatch_uid=f"{uid}seat-{name}")
        signal.connect(_on_registration, sender=Registration, dispatch_uid=f"{uid}registration-{name}")
        # A stage or a provided army pair changes the event page's links and the pairings' armies.
        signal.connect(_on_registration, sender=Stage, dispatch_uid=f"{uid}stage-{name}")
        signal.connect(_on_registration, sender=ProvidedArmy, dispatch_uid=f"{uid}provided-army-{name}")
        signal.connect(_on_league, sender=LeagueEvent, dispatch_uid=f"{uid}league-event-{name}")
        signal.connect(_on_league, sender=LeagueMerge, dispatch_uid=f"{uid}league-merge-{name}")
        signal.connect(_on_league, sender=LadderGame, dispatch_uid=f"{uid}ladder-game-{name}")
        signal.connect(_on_league, sender=LadderPair, dispatch_uid=f"{uid}ladder-pair-{name}")
    for signal in (post_save, pre_delete):  # before a delete: the registrations still name the club
        name = "save" if signal is post_save else "delete"
        signal.connect(_on_person, sender=Player, dispatch_uid=f"{uid}player-{name}")
        signal.connect(_on_person, sender=Club, dispatch_uid=f"{uid}club-{name}")
