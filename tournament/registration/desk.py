"""What an organizer does for one of their players at the desk.

- A password reset link: a one-time link to set a new password, for the account of a registration of the
  organizer's own event, in one of two cases:
  - the account was made for this event and never used anywhere: no other entry, no event or league role,
    no staff rights, never logged in (`desk_may_reset`); or
  - the player shows the desk code from their own logged-in session (`desk_code`, on /accounts/desk-code/):
    it proves that the person at the desk holds the account. Wrong codes are limited per account.
  Any other account resets its password by email. A desk reset lifts the account's login lockout, mails the
  account holder (when the account has an email) and is audited in every event the account plays in.
- A new "my game" link: the old one (QR on printed army sheets) and the old PIN stop working; reprint.
"""

from __future__ import annotations

import hmac
import logging
from datetime import timedelta

from axes.utils import reset as axes_reset
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.limits.counter import allow
from tournament.models import Event, EventRole, LeagueRole, Registration
from tournament.models.registrations import new_game_pin, new_game_token
from tournament.registration.usernames import username_key

log = logging.getLogger(__name__)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or typed from a phone
CODE_LENGTH = 8  # 40 bits
CODE_MINUTES = 10  # a code works in its ten-minute period and the next one
WRONG_CODES_PER_HOUR = 5


class DeskResetRefused(Exception):
    """No desk link for this entry; the message says why."""


def desk_may_reset(account, registration: Registration) -> bool:
    """An account made for this entry and never used elsewhere: the desk may reset it without a code."""
    return not (
        account.is_staff or account.is_superuser or account.last_login is not None
        or EventRole.objects.filter(user=account).exists() or LeagueRole.objects.filter(user=account).exists()
        or Registration.objects.filter(player__user=account).exclude(pk=registration.pk).exists()
    )


def _code_for(account, period: int) -> str:
    # Bound to the password hash: once the password changes, no earlier code works again.
    digest = salted_hmac("tournament.desk-code", f"{account.pk}:{account.password}:{period}",
                         algorithm="sha256").digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:CODE_LENGTH])


def _period(now=None) -> int:
    return int((now or timezone.now()).timestamp()) // (CODE_MINUTES * 60)


def desk_code(account) -> str:
    """The code a logged-in player shows at the desk (valid for 10 to 20 minutes, until the password changes)."""
    return _code_for(account, _period())


def _code_ok(account, code: str) -> bool:
    typed = "".join(code.split()).upper().replace("-", "")
    now = _period()
    return any(hmac.compare_digest(typed.encode(), _code_for(account, p).encode()) for p in (now, now - 1))


def _notify(account, event: Event, name: str) -> None:
    address = account.email or getattr(getattr(account, "player", None), "email", "")
    if not address:
        return
    context = {"event": event.name, "name": name, "username": account.get_username()}
    subject = render_to_string("registration/desk_reset_subject.txt", context).strip()
    body = render_to_string("registration/desk_reset_email.txt", context)
    try:
        send_mail(subject, body, None, [address])
    except OSError:  # no mail relay (a venue without one): the reset stands, the audit entries record it
        log.warning("desk reset mail to account %s not sent", account.pk, exc_info=True)


def desk_reset_link(*, event: Event, registration: Registration, user, code: str = "") -> str:
    """The path of a one-time password reset link for the registration's account (see the module's rules)."""
    if registration.event_id != event.pk:
        raise DeskResetRefused(_("This player is not registered in this event."))
    account = registration.player.user
    if account is None:
        raise DeskResetRefused(_("This player has no account: there is no password to reset."))
    if not account.is_active:
        raise DeskResetRefused(_("This account is inactive."))
    if account.is_staff or account.is_superuser:
        raise DeskResetRefused(_("This account has staff rights: it must reset its password by email."))
    if code.strip():
        if not allow("desk-code", str(account.pk), limit=WRONG_CODES_PER_HOUR, window=timedelta(hours=1)):
            raise DeskResetRefused(_("Too many wrong desk codes for this account: it must reset its password by "
                                     "email, or try again in an hour."))
        if not _code_ok(account, code):
            raise DeskResetRefused(_("That desk code is wrong or has expired. Ask the player to open “Desk code” "
                                     "in their own session and read you the code shown there."))
    elif not desk_may_reset(account, registration):
        raise DeskResetRefused(_("This account is used elsewhere (other events, roles or logins): the desk cannot "
                                 "reset it alone. The player resets the password by email (“Forgot your "
                                 "password?”), or shows the desk code from their own logged-in session."))
    with transaction.atomic():
        uid = urlsafe_base64_encode(force_bytes(account.pk))
        token = default_token_generator.make_token(account)
        axes_reset(username=username_key(account.get_username()))
        entries = Registration.objects.filter(player__user=account).select_related("event")
        for entry in entries:
            audit(event=entry.event, user=user, action="account.desk_reset", target=entry.name,
                  after={"at_event": event.slug, "with_code": bool(code.strip())}, people=[entry.pk])
    _notify(account, event, registration.name)
    return reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})


@transaction.atomic
def game_link_renew(*, event: Event, registration: Registration, user) -> Registration:
    reg = Registration.objects.select_for_update().get(pk=registration.pk, event=event)
    reg.game_token, reg.game_pin = new_game_token(), new_game_pin()
    reg.save(update_fields=["game_token", "game_pin"])
    audit(event=event, user=user, action="registration.game_link", target=str(reg.player))
    return reg
