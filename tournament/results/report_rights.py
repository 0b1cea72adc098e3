"""Who may report a player's game through their stable "my game" link (QR on the army sheet). Django side.

Opponents see each other's army sheets at the table, so the link alone only shows the game. It reports when it
comes with something only the player has: the PIN printed on their own half of this round's table slip (a new one
each round: `slip_pin`), or the
entry's own logged-in account. The per-round slip link (each half carries only its own) reports by itself.

`owns_entry` and `report_as_owner` are the rule for any page a logged-in player reports from (their home page
too): the account that owns the entry may report that entry's current game.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta

from tournament.limits.counter import allow, forget
from tournament.models import Game, Registration, Seat
from tournament.results.entry import ResultRejected, current_seat, result_report
from tournament.results.shorthand import GameResult, Problem

PIN_TRIES_PER_HOUR = 10  # 6 digits: 10 guesses an hour find a PIN once in 100,000 hours


class NotYourEntry(Exception):
    """The account does not own this entry."""


def owns_entry(user, registration: Registration) -> bool:
    """True when `user` is logged in as the account that owns the entry (its player's own profile)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return registration.player.user_id == user.pk


def slip_pin(seat: Seat) -> str:
    """The 6-digit PIN printed on the seat's own slip half: one round's, derived from the entry's secret (renewed
    with its "my game" link) and the seat's report token. An opponent who read it at one table cannot use it
    with the stable link in a later round."""
    digest = hmac.new(seat.registration.game_pin.encode(), seat.report_token.encode(), hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:8], 'big') % 10**6:06d}"


def pin_matches(seat: Seat, pin: str) -> bool | None:
    """Whether `pin` is the PIN of the seat's slip half; None when too many wrong PINs were sent for the entry this
    hour (nothing checked).

    Every try counts (one at a time) against the entry's hourly limit, so a million PINs are not tried one by one;
    the right PIN clears the count."""
    entry = str(seat.registration_id)
    if not allow("game-pin", entry, limit=PIN_TRIES_PER_HOUR, window=timedelta(hours=1)):
        return None
    if hmac.compare_digest(pin.strip().encode(), slip_pin(seat).encode()):
        forget("game-pin", entry)
        return True
    return False


def report_as_owner(user, registration: Registration, result: GameResult, *, reporter: str = "",
                    address: str | None = None) -> Game:
    """The entry's own account reports its current game (the same checks and confirmation as any report)."""
    if not owns_entry(user, registration):
        raise NotYourEntry
    seat = current_seat(registration)
    if seat is None or seat.token_revoked or seat.game.is_bye or not registration.event.player_reports:
        raise ResultRejected([Problem("round_not_open")])
    return result_report(seat, result, user, reporter=reporter, address=address)
