"""The organizer's home (/me/): an account that organizes an event is shown as its organizer there. Found by a review:
"Events I run" read each account's role per event as a dict of (event, role) ordered by role, so an account that holds
both roles in one event (an umpire who accepted an invitation to co-organize it: the invitation adds the organizer
role beside the umpire one) was listed as "Umpire", without the "Edit event" and "Staff" links, though they organize
the event."""

from __future__ import annotations

from django.urls import reverse

from tests.web.test_personal_home import ME, client_for, text
from tournament.models import EventRole, StaffInvitation


def test_an_umpire_promoted_to_organizer_is_shown_as_organizer_on_their_home(event, organizer_client, umpire):
    response = organizer_client.post(reverse("tournament:staff", args=[event.slug]),
                                     {"invited_as": umpire.username, "role": "organizer"})
    assert response.status_code == 302
    invitation = StaffInvitation.objects.get(user=umpire, state=StaffInvitation.State.PENDING)
    client = client_for(umpire)
    assert client.post(reverse("tournament:staff_accept", args=[invitation.pk])).status_code == 302
    assert EventRole.objects.filter(event=event, user=umpire, role=EventRole.Role.ORGANIZER).exists()
    assert client.get(reverse("tournament:event_edit", args=[event.slug])).status_code == 200  # they organize it

    home = client.get(ME)
    page = text(home)
    assert f"{event.name} May 9, 2026 · Organizer" in page, page
    assert reverse("tournament:event_edit", args=[event.slug]) in home.text, "no 'Edit event' link on their home"
