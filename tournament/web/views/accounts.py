"""Accounts: log in (limited by django-axes, see tournament/web/login_limits.py) and reset a password.

A password reset goes by email through Django's mailer (console in development, SMTP otherwise). At the desk an
organizer can instead hand a player a one-time reset link (tournament/web/views/desk.py).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournament.accounts import emails
from tournament.limits import counter
from tournament.registration.desk import CODE_MINUTES, desk_code
from tournament.web.forms.accounts import OneMailPasswordResetForm
from tournament.web.login_limits import one_login_at_a_time
from tournament.web.request_values import client_address

login_view = one_login_at_a_time(auth_views.LoginView.as_view())
admin_login_view = one_login_at_a_time(admin.site.login)

class LimitedPasswordReset(auth_views.PasswordResetView):
    """Reset mails limited per client address and per email address; over a limit nothing is sent and the
    answer is the same "sent" page, so the limit tells nothing about the address either. A request mails one
    account (OneMailPasswordResetForm), so the limit per address is the number of mails it receives."""

    form_class = OneMailPasswordResetForm

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().casefold()
        hour = timedelta(hours=1)
        if (counter.allow("reset-client", client_address(self.request) or "-", limit=settings.RESET_MAILS_PER_CLIENT,
                          window=hour)
                and counter.allow("reset-email", email, limit=settings.RESET_MAILS_PER_EMAIL, window=hour)):
            return super().form_valid(form)
        return HttpResponseRedirect(self.get_success_url())


password_reset = LimitedPasswordReset.as_view(
    success_url=reverse_lazy("password_reset_done"),
    email_template_name="registration/password_reset_email.txt",
    subject_template_name="registration/password_reset_subject.txt",
)
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("password_reset_complete"))
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()


@login_required
def email_confirm_request(request: HttpRequest) -> HttpResponse:
    """Whether the account's email is confirmed; POST mails a new confirmation link."""
    if request.method == "POST":
        try:
            emails.send_confirmation(request.user, request.build_absolute_uri)
        except emails.TooManyConfirmationMails:
            messages.error(request, _("Several links were sent in the last hour: use one of them, or try later."))
        except emails.MailNotSent:
            messages.error(request, _("The confirmation mail could not be sent: this site cannot send mail just now. "
                                      "Try again later."))
        else:
            messages.success(request, _("A confirmation link is on its way to %(email)s.") % {"email": request.user.email})
        return redirect("confirm_email_request")
    context = {"confirmed": emails.is_confirmed(request.user), "required": settings.REQUIRE_CONFIRMED_EMAIL}
    return render(request, "registration/confirm_email_request.html", context)


@never_cache
def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The mailed link: a button, so that a mail scanner opening the link confirms nothing."""
    if request.method == "POST":
        if emails.confirm(token):
            messages.success(request, _("Your email is confirmed."))
            return redirect("tournament:home")
        return render(request, "registration/confirm_email.html", {"invalid": True}, status=400)
    return render(request, "registration/confirm_email.html", {"invalid": False})


@never_cache
@login_required
def desk_code_page(request: HttpRequest) -> HttpResponse:
    """The code a logged-in player shows the organizer to get a desk reset link (tournament/registration/desk.py)."""
    return render(request, "registration/desk_code.html", {"code": desk_code(request.user), "minutes": CODE_MINUTES})
