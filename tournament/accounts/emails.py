"""Confirming an account's email, and (when REQUIRE_CONFIRMED_EMAIL is on) requiring it before the account
creates events or leagues.

A confirmation link carries the account and the address, signed, for CONFIRM_DAYS days; opening it (and pressing
the button: a mail scanner's visit confirms nothing) records the address as confirmed. Changing the account's
email makes it unconfirmed again. Links are mailed at sign-up and on request, at most CONFIRM_MAILS_PER_HOUR an
hour per account and as many to one address, however many accounts give it (anyone may type anyone's address).

A confirmed address names its account (`confirmed_account`): a staff invitation typed as that address waits for
the one account that confirmed it, and is given to it when it confirms.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from tournament.limits.counter import allow
from tournament.models import ConfirmedEmail, StaffInvitation

log = logging.getLogger(__name__)

SALT = "tournament.confirm-email"
CONFIRM_DAYS = 3
CONFIRM_MAILS_PER_HOUR = 3


class EmailNotConfirmed(Exception):
    """The account has no confirmed email, and this site asks for one before creating events or leagues."""


class TooManyConfirmationMails(Exception):
    pass


class MailNotSent(Exception):
    """The mail server refused or could not be reached (a venue has usually none): nothing was sent."""


def is_confirmed(user) -> bool:
    if user.is_superuser:
        return True
    row = ConfirmedEmail.objects.filter(user=user).first()
    return bool(row and user.email and row.email.casefold() == user.email.casefold())


def require_confirmed_email(user) -> None:
    """Raise EmailNotConfirmed when the site requires a confirmed email and `user` has none."""
    if settings.REQUIRE_CONFIRMED_EMAIL and not is_confirmed(user):
        raise EmailNotConfirmed


def confirmed_account(address: str):
    """The one active account that gives `address` as its email and confirmed it; None when none or several do.
    An address merely typed at sign-up names nobody: anyone may type anyone's address."""
    users = get_user_model().objects.filter(is_active=True, email__iexact=address,
                                            confirmed_email__email__iexact=address)
    matches = list(users[:2])
    return matches[0] if len(matches) == 1 else None


def send_confirmation(user, absolute) -> None:
    """Mail a confirmation link to the account's email; `absolute` turns a path into a full address."""
    if not user.email:
        return
    hour = timedelta(hours=1)
    if not (allow("confirm-mail", str(user.pk), limit=CONFIRM_MAILS_PER_HOUR, window=hour)
            and allow("confirm-mail-to", user.email.strip().casefold(), limit=CONFIRM_MAILS_PER_HOUR, window=hour)):
        raise TooManyConfirmationMails
    token = signing.dumps({"u": user.pk, "e": user.email}, salt=SALT)
    context = {"username": user.get_username(), "link": absolute(reverse("confirm_email", args=[token]))}
    try:
        send_mail(render_to_string("registration/confirm_email_subject.txt", context).strip(),
                  render_to_string("registration/confirm_email.txt", context), None, [user.email])
    except OSError as exc:  # smtplib's errors are OSErrors too
        log.warning("confirmation mail to account %s not sent", user.pk, exc_info=True)
        raise MailNotSent from exc


def confirm(token: str) -> bool:
    """Record the address of a valid link as confirmed; False for a bad, old or outdated link."""
    try:
        data = signing.loads(token, salt=SALT, max_age=timedelta(days=CONFIRM_DAYS))
    except signing.BadSignature:
        return False
    user = get_user_model().objects.filter(pk=data.get("u")).first()
    if user is None or not user.email or user.email.casefold() != str(data.get("e", "")).casefold():
        return False
    with transaction.atomic():
        ConfirmedEmail.objects.update_or_create(user=user, defaults={"email": user.email, "confirmed_at": timezone.now()})
        if confirmed_account(user.email) == user:  # staff invitations typed as this address, waiting for its owner
            (StaffInvitation.objects.filter(user=None, invited_as__iexact=user.email, state=StaffInvitation.State.PENDING)
             .update(user=user))
    return True
