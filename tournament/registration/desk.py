"""What an organizer does for one of their players at the desk.

- A password reset link: a one-time link to set a new password. Only for an account linked to a registration of
  the organizer's own event, and never for an account that holds staff rights or a role in any event (such an
  account resets its password by email). Issuing a link also lifts the account's login lockout, and leaves an
  audit entry (without the link).
- A new "my game" link: the old one (QR on printed army sheets) stops working; reprint the sheet.
"""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.models import Event, EventRole, Registration
from tournament.models.registrations import new_game_token
from tournament.registration.usernames import username_key


class DeskResetRefused(Exception):
    """No desk link for this entry; the message says why."""


@transaction.atomic
def desk_reset_link(*, event: Event, registration: Registration, user) -> str:
    """The path of a one-time password reset link for the registration's account."""
    if registration.event_id != event.pk:
        raise DeskResetRefused(_("This player is not registered in this event."))
    account = registration.player.user
    if account is None:
        raise DeskResetRefused(_("This player has no account: there is no password to reset."))
    if account.is_staff or account.is_superuser or EventRole.objects.filter(user=account).exists():
        raise DeskResetRefused(_("This account organizes or umpires events: it must reset its password by email."))
    if not account.is_active:
        raise DeskResetRefused(_("This account is inactive."))
    uid = urlsafe_base64_encode(force_bytes(account.pk))
    token = default_token_generator.make_token(account)
    axes_reset(username=username_key(account.get_username()))
    audit(event=event, user=user, action="account.desk_reset", target=str(registration.player))
    return reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})


@transaction.atomic
def game_link_renew(*, event: Event, registration: Registration, user) -> Registration:
    reg = Registration.objects.select_for_update().get(pk=registration.pk, event=event)
    reg.game_token = new_game_token()
    reg.save(update_fields=["game_token"])
    audit(event=event, user=user, action="registration.game_link", target=str(reg.player))
    return reg
