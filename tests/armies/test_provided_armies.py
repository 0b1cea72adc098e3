"""Armies the organizer provides: per table, per round or both (the most specific applies), matched
pairs whose sides swap when two players meet again, on the organizer's page, the army sheets and the
table slips."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.stages.test_stage_events import add_stage, draw, field, pdf_text, play_round, text_of
from tournament.armies.provided import ProvidedPair, assign_event, pair_for
from tournament.models import AuditEntry, Game, ProvidedArmy

# --- pure -----------------------------------------------------------------------------------------

PAIRS = [ProvidedPair(None, 1, "I/1", "I/2"), ProvidedPair(2, None, "II/5", "II/6"), ProvidedPair(2, 1, "III/1", "III/2"),
         ProvidedPair(None, None, "IV/1", "IV/2")]


@pytest.mark.parametrize(("round_number", "table", "expected"), [
    (2, 1, "III/1"), (1, 1, "I/1"), (2, 3, "II/5"), (1, 3, "IV/1"), (3, None, "IV/1"),
])
def test_the_most_specific_pair_applies(round_number, table, expected):
    assert pair_for(PAIRS, round_number, table).army_a == expected


def test_two_players_meeting_again_on_a_pair_swap_sides():
    pairs = [ProvidedPair(None, None, "I/40", "I/42")]
    rounds = [(1, [(1, 10, 20)]), (2, [(1, 20, 10)]), (3, [(1, 10, 20)]), (4, [(1, 10, 30)])]
    got = assign_event(pairs, rounds)
    # Round 1: 10 plays I/40. Round 2: 20 is side A and takes I/40 as side A does, so 10 gets I/42. Round 3:
    # 10 is side A again but 20 had I/40 last time: no swap needed. Round 3 with 10 on side A twice in a row:
    assert (got[(1, 1)].a, got[(1, 1)].b) == ("I/40", "I/42")
    assert (got[(2, 1)].a, got[(2, 1)].b, got[(2, 1)].swapped) == ("I/40", "I/42", False)
    assert (got[(3, 1)].a, got[(3, 1)].b, got[(3, 1)].swapped) == ("I/40", "I/42", False)
    again = assign_event(pairs, [(1, [(1, 10, 20)]), (2, [(1, 10, 20)])])
    assert (again[(2, 1)].a, again[(2, 1)].b, again[(2, 1)].swapped) == ("I/42", "I/40", True)
    assert not got[(4, 1)].swapped  # a new opponent: side A plays the first army


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4)).filter(lambda t: t[0] != t[1]), min_size=1, max_size=12))
def test_each_meeting_again_gives_each_player_the_other_army(meetings):
    pairs = [ProvidedPair(None, None, "A", "B")]
    rounds = [(n, [(1, a, b)]) for n, (a, b) in enumerate(meetings, 1)]
    got = assign_event(pairs, rounds)
    had: dict[frozenset, dict[int, str]] = {}
    for n, (a, b) in enumerate(meetings, 1):
        armies = {a: got[(n, 1)].a, b: got[(n, 1)].b}
        before = had.get(frozenset((a, b)))
        if before is not None:
            assert armies[a] != before[a] and armies[b] != before[b]
        had[frozenset((a, b))] = armies


# --- the organizer's page ---------------------------------------------------------------------------

def url(event):
    return reverse("tournament:provided_armies", args=[event.slug])


def test_only_the_organizer_provides_armies(client, umpire_client, event):
    data = {"table": "1", "army_a": "II/56a", "army_b": "II/32a"}
    assert client.post(url(event), data).status_code == 302  # to the login page
    assert umpire_client.get(url(event)).status_code == 403
    assert umpire_client.post(url(event), data).status_code == 403
    assert not ProvidedArmy.objects.exists()


def test_an_unknown_army_is_refused_naming_the_field(organizer_client, event):
    response = organizer_client.post(url(event), {"table": "1", "army_a": "II/56", "army_b": "IX/999"})
    assert response.status_code == 400
    assert 'id="id_army_b"' in response.text and "IX/999" in response.text and "aria-invalid" in response.text
    assert not ProvidedArmy.objects.exists()


def test_matched_pairs_on_the_sheets_and_slips_and_swapped_at_a_rematch(organizer_client, client, event):
    regs, strength = field(event, 3)
    assert organizer_client.post(url(event), {"army_a": "II/32a", "army_b": "II/33"}).status_code == 302
    assert organizer_client.post(url(event), {"round_number": "1", "table": "1", "army_a": "I/40",
                                              "army_b": "I/42"}).status_code == 302
    assert AuditEntry.objects.filter(event=event, action="event.provided_army").count() == 2
    groups = add_stage(organizer_client, event, name="Pool", kind="groups", groups=1)
    final = add_stage(organizer_client, event, name="Final", kind="single", entrants="top", source=groups.pk, cut=2)
    draw(organizer_client, event, groups)
    rounds = [play_round(organizer_client, event, strength) for _ in range(3)]
    draw(organizer_client, event, final)
    last = play_round(organizer_client, event, strength)
    page = text_of(organizer_client.get(url(event)).text)
    assert "1 1 " in page and "I/40" in page  # round 1, table 1: its own pair
    # Carthage v Rome: the catalogue lists them as enemies; the Phrygians and the Neo-Elamites are not.
    assert "II/33 Polybian Roman Army 275-105 BC historical enemies" in page
    assert "I/42 Neo-Elamite Army 800-639 BC not listed as enemies" in page
    # The final is a rematch of a group game on the same pair: the players swap sides.
    game = Game.objects.get(round=last)
    a, b = game.seats.order_by("side")
    earlier = Game.objects.filter(stage=groups, seats__registration=a.registration).filter(
        seats__registration=b.registration).get()
    assert earlier.round.number != 1  # round 1's table 1 had its own pair
    assert "sides swapped: they met before" in page
    # The table slips of the final print the armies each side plays.
    slips = pdf_text(organizer_client.get(reverse("tournament:round_pdf", args=[event.slug, last.number, "slips"])).content)
    assert "II/32a" in slips and "II/33" in slips
    # The army sheet lists each of the player's games with the army given to them.
    sheet = pdf_text(organizer_client.get(reverse("tournament:army_sheet_pdf", args=[event.slug, regs[0].pk])).content)
    assert "Armies provided by the organizer" in sheet and "Your army" in sheet
    assert sheet.count("II/32a") + sheet.count("II/33") + sheet.count("I/40") + sheet.count("I/42") >= 2 * (len(rounds))


@pytest.mark.parametrize(("language", "title"), [("es", "Ejércitos proporcionados por el organizador"),
                                                   ("it", "Eserciti forniti dall'organizzatore")])
def test_the_page_in_spanish_and_italian(organizer_client, event, language, title):
    from tests.house.test_untranslated_strings import needles
    from tests.untranslated import english_found, visible_text
    from tournament.armies.service import army_choices

    organizer_client.cookies["django_language"] = language
    organizer_client.post(url(event), {"table": "2", "army_a": "II/32a", "army_b": "II/33"})
    page = organizer_client.get(url(event))
    assert title in text_of(page.text).replace("&#x27;", "'")
    ignore = {event.name, "Organizer Uno", "II/32a", "II/33"}
    ignore |= {f"{ref} {name}" for ref, name in army_choices(event.edition)}  # the lists' own (English) names
    assert english_found(visible_text(page.text, language), needles(language), ignore) == []


def test_an_organizer_deletes_their_own_events_pairs_and_never_another_events(organizer_client, event):
    """The delete button's address carries the pair's id: a pair of another event, whatever id is posted, stays."""
    from tests.factories import make_event, make_user
    from tournament.models import EventRole

    other = make_event(slug="other-event", name="Someone else's event")
    EventRole.objects.create(event=other, user=make_user("other-org"), role=EventRole.Role.ORGANIZER)
    theirs = ProvidedArmy.objects.create(event=other, table=1, army_a="II/56a", army_b="II/32a")
    mine = ProvidedArmy.objects.create(event=event, table=1, army_a="I/40", army_b="I/42")

    def delete(pk):
        return organizer_client.post(reverse("tournament:provided_army_delete", args=[event.slug, pk]))

    assert delete(theirs.pk).status_code == 302
    assert ProvidedArmy.objects.filter(pk=theirs.pk).exists()
    assert not AuditEntry.objects.filter(action="event.provided_army_delete").exists()
    assert delete(mine.pk).status_code == 302
    assert not ProvidedArmy.objects.filter(pk=mine.pk).exists()
    entry = AuditEntry.objects.get(action="event.provided_army_delete")
    assert entry.event_id == event.pk and entry.before == {"army_a": "I/40", "army_b": "I/42"}
