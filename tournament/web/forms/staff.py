"""Inviting an account to an event's staff."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import EventRole


class StaffInviteForm(forms.Form):
    invited_as = forms.CharField(label=_("Username or email"), max_length=254,
                                 help_text=_("The account accepts the invitation from its own page."))
    role = forms.ChoiceField(label=_("Role"), choices=[(EventRole.Role.UMPIRE, _("Umpire")),
                                                       (EventRole.Role.ORGANIZER, _("Co-organizer"))],
                             widget=forms.RadioSelect, initial=EventRole.Role.UMPIRE)

    def clean_invited_as(self) -> str:
        value = self.cleaned_data["invited_as"].strip()
        if not value:
            raise forms.ValidationError(_("Type a username or an email."))
        return value
