"""Near-duplicate names: “different person” only beside similar names; a registered player is said to be registered."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import make_player, make_registration
from tournament.models import Registration


def test_different_person_is_offered_only_when_similar_names_are_shown(organizer_client, event):
    url = reverse("tournament:player_add", args=[event.slug])
    assert "different person" not in organizer_client.get(url).text
    make_registration(event, make_player("José García", "Dracs"))
    response = organizer_client.post(url, {"name": "Jose Garcia"})
    assert 'name="different_person"' in response.text


def test_similar_name_already_registered_is_said_to_be_registered(organizer_client, event):
    make_registration(event, make_player("José García", "Dracs"))
    url = reverse("tournament:player_add", args=[event.slug])
    response = organizer_client.post(url, {"name": "Jose Garcia"})
    text = response.text.replace("&#x27;", "'")
    assert "Already registered for this event: José García (Dracs)." in text
    assert "Register them instead" not in text
    assert Registration.objects.filter(event=event).count() == 1


def test_the_player_registering_themselves_sees_no_stray_checkbox(client, event):
    from tests.factories import make_user

    client.force_login(make_user("newcomer", "Ana"))
    page = client.get(reverse("tournament:register", args=[event.slug]))
    assert page.status_code == 200 and "different person" not in page.text
