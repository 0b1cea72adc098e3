"""A semi-final corrected after the event finished: the bracket wants its final and third-place game played again
by other players, and a finished event refuses to pair. The stages page (and the rounds page) offer the
organizer's explicit choice instead, as the extra round does for Swiss rounds: "Reopen the event and pair them"
reopens it (audited, worded in the audit log) and pairs those games as a draft round; once they are played the
event is finished again as usual. Nobody else can, nor can anyone when there is nothing to play again. Until
then, the final standings PDF says the bracket places no one, and the podium PDF prints that notice, not names."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_event, make_user
from tests.pairing.test_rounds import flashes
from tests.stages.test_stage_bracket_paired_from_an_old_result import (
    STALE,
    semi_final,
    stale_warnings,
    top_four_to_its_semi_finals,
)
from tests.stages.test_stage_draw_after_a_correction import correct
from tests.stages.test_stage_events import play_round
from tournament.models import AuditEntry, EventRole, Game, Registration, Round
from tournament.stages.service import StageError, next_games, stage_pair
from tournament.stages.tables import bracket_state

REOPEN = {
    "en": ("A corrected result left “Finals” with games to play again: pairing them reopens the event.",
           "Reopen the event and pair them"),
    "es": ("Un resultado corregido dejó a «Finals» con partidas que jugar de nuevo: emparejarlas reabre el evento.",
           "Reabrir el evento y emparejarlas"),
    "it": ("Un risultato corretto ha lasciato «Finals» con partite da rigiocare: abbinarle riapre l'evento.",
           "Riapri l'evento e abbinale"),
}
AUDITED = {
    "en": "Event reopened to play again the games of “Finals” in round {n}: its standings are no longer final.",
    "es": "Evento reabierto para jugar de nuevo las partidas de «Finals» en la ronda {n}: su clasificación ya no es "
          "definitiva.",
    "it": "Evento riaperto per rigiocare le partite di «Finals» nel turno {n}: la sua classifica non è più definitiva.",
}
NOTHING = "No stage has a game to play again: the event stays finished."
PODIUM_NOTICE = "No podium is printed until then."


def finished_then_a_semi_final_corrected(organizer_client, event):
    """The bracket played to its end, the event finished, then a semi-final's winner corrected: the bracket, the
    players' strength and the corrected semi-final's new winner (its old loser)."""
    finals, strength = top_four_to_its_semi_finals(organizer_client, event)
    play_round(organizer_client, event, strength)  # the final and the third-place game
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    game, _winner, loser, other_way = semi_final(finals)
    correct(organizer_client, event, game, other_way)
    event.refresh_from_db()
    assert event.finished_at is not None and next_games(finals)
    return finals, strength, loser


def reopen_form(response) -> str:
    found = re.search(r'<form method="post" action="([^"]*)" class="card stack" id="stage-reopen">(.*?)</form>',
                      response.text, re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(2)))).strip() if found else ""


def state(event):
    event.refresh_from_db()
    return (event.finished_at, list(event.rounds.values_list("number", "status")),
            AuditEntry.objects.filter(event=event).count())


def pdf_text(body: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages).split())


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_stages_page_offers_the_organizer_to_reopen_the_event(organizer_client, client, umpire_client, event,
                                                                   language):
    finished_then_a_semi_final_corrected(organizer_client, event)
    url = reverse("tournament:stages", args=[event.slug])
    sentence, button = REOPEN[language]
    form = reopen_form(organizer_client.get(url, headers={"Accept-Language": language}))
    assert form == f"{sentence} {button}"
    assert 'name="csrfmiddlewaretoken"' in organizer_client.get(url).text.split('id="stage-reopen"')[1]
    for other in (client, umpire_client):  # the warning, but not the organizer's choice
        response = other.get(url)
        assert stale_warnings(response) == [STALE] and not reopen_form(response)
    # The rounds page offers it too, instead of pairing, which a finished event refuses.
    rounds = organizer_client.get(reverse("tournament:rounds", args=[event.slug]), headers={"Accept-Language": language})
    assert reopen_form(rounds) == f"{sentence} {button}"
    assert reverse("tournament:stage_pair", args=[event.slug]) not in rounds.text


def test_the_stage_page_points_at_the_reopening_on_a_finished_event(organizer_client, client, event):
    finished_then_a_semi_final_corrected(organizer_client, event)
    page = client.get(reverse("tournament:stage", args=[event.slug, 1])).text
    assert "pair the next stage round to play it again" not in page
    assert ("An earlier result was corrected after this game was played: to play it again with the right players, "
            f'the organizer reopens the event on the <a href="{reverse("tournament:stages", args=[event.slug])}">'
            "stages page</a>.") in page
    for language, words in (("es", "el organizador reabre el evento en la <a href"),
                            ("it", "l'organizzatore riapre l'evento nella <a href")):
        assert words in client.get(reverse("tournament:stage", args=[event.slug, 1]),
                                   headers={"Accept-Language": language}).text


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_reopening_pairs_the_final_again_between_the_right_players(organizer_client, organizer, event, language):
    finals, strength, new_winner = finished_then_a_semi_final_corrected(organizer_client, event)
    last = event.rounds.order_by("-number").first().number
    response = organizer_client.post(reverse("tournament:stage_reopen", args=[event.slug]))
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament:round", args=[event.slug, last + 1])
    event.refresh_from_db()
    assert event.finished_at is None
    rnd = event.rounds.get(number=last + 1)
    assert rnd.status == Round.Status.DRAFT
    _bracket, states = bracket_state(finals)
    paired = {g.slot: frozenset(g.seats.values_list("registration_id", flat=True)) for g in rnd.games.all()}
    assert paired == {code: frozenset((states[code].a, states[code].b)) for code in paired}
    final = Game.objects.get(round=rnd, slot="W2-1")
    assert new_winner in final.seats.values_list("registration__name", flat=True)
    assert len(paired) == 2  # the final and the third-place game
    entry = AuditEntry.objects.get(event=event, action="event.stage_reopen")
    assert entry.user == organizer and entry.round_number == last + 1
    assert entry.before["finished_at"] and entry.after == {"finished_at": None, "stages": ["Finals"]}
    assert AuditEntry.objects.filter(event=event, action="round.pair", round_number=last + 1).exists()
    log = organizer_client.get(reverse("tournament:audit", args=[event.slug]), headers={"Accept-Language": language})
    assert AUDITED[language].format(n=last + 1) in unescape(log.text)
    # A second click (the draft is there) leads to the same draft.
    again = organizer_client.post(reverse("tournament:stage_reopen", args=[event.slug]))
    assert again["Location"] == response["Location"] and event.rounds.count() == last + 1
    # Played, the event is finished again as usual: the rounds page offers it, and nothing is stale any more.
    assert play_round(organizer_client, event, strength) == rnd  # the draft, published and played
    rounds = organizer_client.get(reverse("tournament:rounds", args=[event.slug])).text
    assert 'id="finish-form"' in rounds and not reopen_form_in(rounds)
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    event.refresh_from_db()
    assert event.finished_at is not None
    assert not stale_warnings(organizer_client.get(reverse("tournament:final", args=[event.slug])))


def reopen_form_in(text: str) -> bool:
    return 'id="stage-reopen"' in text


def test_only_the_events_organizer_reopens_it(organizer_client, client, umpire_client, event):
    finished_then_a_semi_final_corrected(organizer_client, event)
    url = reverse("tournament:stage_reopen", args=[event.slug])
    before = state(event)
    anonymous = client.post(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert umpire_client.post(url).status_code == 403
    stranger = make_user("stranger")
    other = make_event(slug="other-event")
    EventRole.objects.create(event=other, user=stranger, role=EventRole.Role.ORGANIZER)
    client.force_login(stranger)
    assert client.post(url).status_code == 403
    assert organizer_client.get(url).status_code == 405
    assert state(event) == before


def test_reopening_with_nothing_to_play_again_is_refused(organizer_client, event):
    _finals, strength = top_four_to_its_semi_finals(organizer_client, event)
    play_round(organizer_client, event, strength)
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    assert not reopen_form(organizer_client.get(reverse("tournament:stages", args=[event.slug])))
    before = state(event)
    response = organizer_client.post(reverse("tournament:stage_reopen", args=[event.slug]), follow=True)
    assert NOTHING in flashes(response)
    assert state(event) == before


def test_pairing_without_the_choice_still_refuses_a_finished_event(organizer_client, organizer, event):
    finished_then_a_semi_final_corrected(organizer_client, event)
    before = state(event)
    with pytest.raises(StageError, match="The event is finished: its standings are final."):
        stage_pair(event, organizer)
    response = organizer_client.post(reverse("tournament:stage_pair", args=[event.slug]), follow=True)
    assert "The event is finished: its standings are final." in flashes(response)
    assert state(event)[:2] == before[:2]


def test_the_final_standings_and_podium_pdfs_say_the_bracket_places_no_one(organizer_client, client, event):
    finals, _strength, _new_winner = finished_then_a_semi_final_corrected(organizer_client, event)
    final = pdf_text(client.get(reverse("tournament:final_pdf", args=[event.slug])).content)
    assert STALE in final
    assert final.index(STALE) < final.index("Player")  # above the table
    podium = pdf_text(client.get(reverse("tournament:podium_pdf", args=[event.slug])).content)
    assert STALE in podium and PODIUM_NOTICE in podium
    assert "First place" not in podium and not any(
        name in podium for name in event.registrations.values_list("name", flat=True))
    es = pdf_text(client.get(reverse("tournament:podium_pdf", args=[event.slug]),
                             headers={"Accept-Language": "es"}).content)
    assert "No se imprime ningún podio hasta entonces." in es and "«Finals»" in es


def test_the_pdfs_of_a_settled_bracket_say_nothing_of_it(organizer_client, client, event):
    _finals, strength = top_four_to_its_semi_finals(organizer_client, event)
    play_round(organizer_client, event, strength)
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    final = pdf_text(client.get(reverse("tournament:final_pdf", args=[event.slug])).content)
    podium = pdf_text(client.get(reverse("tournament:podium_pdf", args=[event.slug])).content)
    assert "was corrected" not in final + podium and PODIUM_NOTICE not in podium and "First place" in podium


@pytest.mark.parametrize(("language", "words"), [
    ("en", ("No podium is shown until then.", "Reopen the event on the stages page")),
    ("es", ("No se muestra ningún podio hasta entonces.", "Reabre el evento en la página de fases")),
    ("it", ("Nessun podio viene mostrato fino ad allora.", "Riapri l'evento nella pagina delle fasi"))])
def test_the_final_standings_page_shows_no_podium_by_points_while_the_bracket_is_undecided(
        organizer_client, client, event, language, words):
    """As the podium PDF: the page named a podium by points (a player who lost their semi-final second) under the
    warning. The organizer is pointed at the reopening; the public is not."""
    finished_then_a_semi_final_corrected(organizer_client, event)
    url = reverse("tournament:final", args=[event.slug])
    page = unescape(organizer_client.get(url, headers={"Accept-Language": language}).text)
    assert 'id="podium"' not in page and words[0] in page and words[1] in page
    assert reverse("tournament:stages", args=[event.slug]) in page
    public = unescape(client.get(url, headers={"Accept-Language": language}).text)
    assert 'id="podium"' not in public and words[0] in public and words[1] not in public


def test_an_old_reopen_form_posted_on_an_ordinary_draft_is_refused_not_called_a_reopening(organizer_client, event):
    """A reopen form left open in another tab, posted while the event runs and its next round is an ordinary draft:
    it said "The event is reopened" over that draft."""
    _finals, strength = top_four_to_its_semi_finals(organizer_client, event)
    assert organizer_client.post(reverse("tournament:stage_pair", args=[event.slug])).status_code == 302
    draft = event.rounds.order_by("-number").first()
    assert draft.status == Round.Status.DRAFT
    before = state(event)
    response = organizer_client.post(reverse("tournament:stage_reopen", args=[event.slug]), follow=True)
    said = flashes(response)
    assert "The event is not finished: pair the next stage round as usual." in said
    assert not [f for f in said if "reopened" in f]
    assert state(event) == before and not AuditEntry.objects.filter(action="event.stage_reopen").exists()


def test_a_new_finalist_who_went_home_gives_a_walkover_and_the_reopening_pairs_only_who_is_there(
        organizer_client, organizer, event):
    """The corrected semi-final's new winner had gone home (dropped) when the organizer reopened: the final was paired
    with them, and nothing afterwards took them out of it (deleting the draft paired it again; finishing left the
    bracket undecided for good, with no podium). The final is now the other finalist's walkover, and only the
    third-place game is played again."""
    from tournament.registration.services import registration_set_status

    finals, strength, new_winner = finished_then_a_semi_final_corrected(organizer_client, event)
    gone = event.registrations.get(name=new_winner)
    registration_set_status(reg=gone, status=Registration.Status.DROPPED, user=organizer)
    assert organizer_client.post(reverse("tournament:stage_reopen", args=[event.slug])).status_code == 302
    rnd = event.rounds.order_by("-number").first()
    assert list(rnd.games.values_list("slot", flat=True)) == ["3P"]
    assert not Game.objects.filter(round=rnd, seats__registration=gone).exists()
    assert play_round(organizer_client, event, strength) == rnd
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    page = organizer_client.get(reverse("tournament:final", args=[event.slug]))
    assert not stale_warnings(page) and 'id="podium"' in page.text


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_no_final_standings_file_ranks_by_points_while_the_bracket_is_undecided(organizer_client, client, event, fmt):
    """The CSV and XLSX gave ranks 1-2-3 by points (a semi-final's loser second) while the page and the PDFs said no
    podium until the organizer or umpire decides: they are refused (409, naming why) and the page offers no link."""
    finished_then_a_semi_final_corrected(organizer_client, event)
    url = reverse("tournament:final_export", args=[event.slug, fmt])
    refused = client.get(url, headers={"Accept-Language": "es"})
    assert refused.status_code == 409 and "«Finals»" in refused.content.decode()
    assert url not in client.get(reverse("tournament:final", args=[event.slug])).text


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_correction_on_a_finished_event_lands_on_the_stages_page_with_the_reopening(organizer_client, event,
                                                                                       language):
    """It landed on the round page, with no action offered: on a phone the organizer had to find the stages page."""
    finals, _strength = top_four_to_its_semi_finals(organizer_client, event)
    play_round(organizer_client, event, _strength)
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    game, _winner, _loser, other_way = semi_final(finals)
    landed = correct(organizer_client, event, game, other_way, language)
    assert landed.redirect_chain[-1][0] == reverse("tournament:stages", args=[event.slug])
    assert reopen_form(landed) and [f for f in flashes(landed) if "«Finals»" in f or "“Finals”" in f]


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Games of “Finals” were played again after a correction: the placings follow the games played again, "
           "and the earlier ones still count in the points and tie-breaks below."),
    ("es", "Partidas de «Finals» se volvieron a jugar tras una corrección"),
    ("it", "Partite di «Finals» sono state giocate di nuovo dopo una correzione")])
def test_the_final_page_says_the_replaced_games_still_count_in_the_points(organizer_client, client, event, language,
                                                                        words):
    """After a reopening and a replay, the points table counts the final and third-place game played between the
    wrong players too (four finalists with five games): the page said nothing of it."""
    _finals, strength, _new_winner = finished_then_a_semi_final_corrected(organizer_client, event)
    final = reverse("tournament:final", args=[event.slug])
    assert words not in unescape(client.get(final, headers={"Accept-Language": language}).text)
    assert organizer_client.post(reverse("tournament:stage_reopen", args=[event.slug])).status_code == 302
    play_round(organizer_client, event, strength)
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    assert words in unescape(client.get(final, headers={"Accept-Language": language}).text)
