"""Accounts: log in (limited by django-axes, see tournament/web/login_limits.py) and reset a password.

A password reset goes by email through Django's email backend (console unless SMTP is configured). At the desk an
organizer can instead hand a player a one-time reset link (tournament/registration/desk_reset.py).
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournament.models import Event, Registration
from tournament.registration.desk_reset import DeskResetRefused, desk_reset_link
from tournament.web.login_limits import one_login_at_a_time
from tournament.web.permissions import ORGANIZER, event_view

login_view = one_login_at_a_time(auth_views.LoginView.as_view())
admin_login_view = one_login_at_a_time(admin.site.login)

password_reset = auth_views.PasswordResetView.as_view(
    success_url=reverse_lazy("password_reset_done"),
    email_template_name="registration/password_reset_email.txt",
    subject_template_name="registration/password_reset_subject.txt",
)
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("password_reset_complete"))
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()


@never_cache
@require_POST
@event_view(role=ORGANIZER)
def desk_reset(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """Show a one-time password reset link for the account of one of this event's players."""
    reg = get_object_or_404(Registration.objects.select_related("player__user"), pk=pk, event=event)
    try:
        path = desk_reset_link(event=event, registration=reg, user=request.user)
    except DeskResetRefused as exc:
        messages.error(request, str(exc))
        return redirect("tournament:entry_edit", slug=event.slug, pk=reg.pk)
    context = {"event": event, "reg": reg, "link": request.build_absolute_uri(path)}
    return render(request, "tournament/desk_reset.html", context)
