"""Sign-up: one account per normalised username, and an optional email for password resets; the reset form mails
one account per request."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from tournament.accounts.emails import confirmed_account
from tournament.registration.usernames import username_key


def username_taken(username: str) -> bool:
    """True if an account exists whose username is the same after NFKC and casefolding.

    The database cannot casefold (SQLite's LIKE folds ASCII only), so the usernames are compared here; sign-up is
    rare and the user table small, and only the names are read.
    """
    key = username_key(username)
    names = get_user_model()._default_manager.values_list(get_user_model().USERNAME_FIELD, flat=True)
    return any(username_key(name) == key for name in names.iterator(chunk_size=2000))


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("Email (optional)"), required=False, max_length=254,
                             help_text=_("Only used to send you a link if you forget your password."))

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean_username(self):
        username = super().clean_username()  # already NFKC-normalised by the field
        if username and username_taken(username):
            raise forms.ValidationError(_("That username is taken (or one that differs only in case or width)."),
                                        code="unique")
        return username


class OneMailPasswordResetForm(PasswordResetForm):
    """Django mails every account that gives the address; anyone may give anyone's address, so ten accounts would
    turn one request into ten mails and the per-address limit into nothing. One mail per request: to the account
    whose username is given with the address, if it gives that address (else to none); without a username, to the
    account that confirmed the address, or else to the oldest account that gives it. So the owner of an address that
    a stranger signed up with first still resets their own account, by their username."""

    username = forms.CharField(
        label=_("Username (optional)"), required=False, max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "username"}),
        help_text=_("If more than one account uses this address, enter your username: the link is then for your "
                    "account alone."))

    def get_users(self, email):
        users = list(super().get_users(email))
        wanted = (self.cleaned_data.get("username") or "").strip()
        if wanted:
            key = username_key(wanted)
            return [user for user in users if username_key(user.get_username()) == key][:1]
        owner = confirmed_account(email)
        if owner is not None and any(user.pk == owner.pk for user in users):
            return [owner]
        return sorted(users, key=lambda user: (user.date_joined, user.pk))[:1]
