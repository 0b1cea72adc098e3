"""A waiting staff invitation typed as an email was bound to an account that merely gave that address at sign-up
(found by a review): it is unbound unless that account confirmed the address, and waits for the account that
confirms it (tournament.accounts.emails.confirm)."""

from django.db import migrations


def unbind(apps, schema_editor):
    StaffInvitation = apps.get_model("tournament", "StaffInvitation")
    ConfirmedEmail = apps.get_model("tournament", "ConfirmedEmail")
    waiting = StaffInvitation.objects.filter(state="pending", user__isnull=False, invited_as__contains="@")
    for invitation in waiting.select_related("user"):
        address = invitation.invited_as.casefold()
        confirmed = ConfirmedEmail.objects.filter(user_id=invitation.user_id).values_list("email", flat=True).first()
        if not (confirmed and confirmed.casefold() == address and (invitation.user.email or "").casefold() == address):
            invitation.user = None
            invitation.save(update_fields=["user"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0034_league_merge_via"),
    ]

    operations = [
        migrations.RunPython(unbind, migrations.RunPython.noop),
    ]
