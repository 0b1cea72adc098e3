"""Changing the scoring after results: locked on the edit form, previewed, confirmed or refused, and then every
confirmed game (and every round's table) rescored in one transaction with an audit entry."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration
from tests.simulated_events import add_round
from tournament.models import AuditEntry, Seat
from tournament.results.scoring import bye_score, score_game, with_points
from tournament.results.shorthand import seats_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(event):
    """The conftest event (NASAMW 3.0), two rounds of results and a bye."""
    regs = [make_registration(event, make_player(n)) for n in ["Ana", "Bruno", "Carla", "Dario", "Elena"]]
    add_round(event, 1, [(regs[0], regs[1], "5G-1"), (regs[2], regs[3], "4-2"), (regs[4], None, None)])
    add_round(event, 2, [(regs[0], regs[2], "4-3"), (regs[1], regs[4], "2-1 T"), (regs[3], None, None)])
    return event


def all_scored_with(event, preset: str, points: str) -> bool:
    scoring = with_points(preset, points)
    for seat in Seat.objects.filter(round__event=event).select_related("game"):
        game = seat.game
        if game.is_bye:
            expected = bye_score(scoring)
        else:
            a, b = sorted(game.seats.all(), key=lambda s: s.side)
            expected = score_game(seats_result(a, b, game.outcome), scoring)[0 if seat.side == "a" else 1]
        if seat.score != expected:
            return False
    return True


def scoring_url(event):
    return reverse("tournament:event_scoring", args=[event.slug])


def standings_points(client, event, query="") -> list[str]:
    html = client.get(reverse("tournament:standings", args=[event.slug]) + query).text
    tbody = html.split("<tbody>", 1)[1]
    return [re.sub(r"<[^>]+>", "", row.split("</td>")[4]).strip() for row in tbody.split("<tr>")[1:]]


def test_the_edit_form_locks_the_scoring_and_says_why(organizer_client, played):
    html = organizer_client.get(reverse("tournament:event_edit", args=[played.slug])).text
    assert re.search(r'<select name="scoring_preset"[^>]*disabled', html)
    assert "Locked because results are confirmed" in html and scoring_url(played) in html
    data = {"name": played.name, "slug": played.slug, "date": "2026-05-09", "edition": "3.0", "rounds_planned": 3,
            "round_minutes": 90, "scoring_preset": "wdl", "wdl_points": "3/1/0", "round_one_method": "random"}
    response = organizer_client.post(reverse("tournament:event_edit", args=[played.slug]), data)
    assert response.status_code == 302  # saved, but the locked scoring is not taken from the post
    played.refresh_from_db()
    assert played.scoring_preset == "nasamw-3.0" and all_scored_with(played, "nasamw-3.0", "3/1/0")


def test_the_preview_shows_the_top_before_and_after_and_writes_nothing(organizer_client, played):
    response = organizer_client.post(scoring_url(played), {"scoring_preset": "wdl", "wdl_points": "3/1/0",
                                                             "action": "preview"})
    html = response.text
    before, after = html.split('id="before"')[1].split("</table>")[0], html.split('id="after"')[1].split("</table>")[0]
    assert "<td>25</td>" in before or "<td>24</td>" in before  # NASAMW totals
    assert "<td>6</td>" in after and "<td>25</td>" not in after  # two wins at 3 points
    assert "Keep the current scoring" in html and "Rescore and change the scoring" in html
    played.refresh_from_db()
    assert played.scoring_preset == "nasamw-3.0" and all_scored_with(played, "nasamw-3.0", "3/1/0")
    assert not AuditEntry.objects.filter(action="event.rescore").exists()


def confirm(client, event, preset, points):
    preview = client.post(scoring_url(event), {"scoring_preset": preset, "wdl_points": points, "action": "preview"}).text
    state = re.search(r'name="state" value="([0-9a-f]+)"', preview).group(1)
    return client.post(scoring_url(event), {"scoring_preset": preset, "wdl_points": points, "action": "confirm",
                                            "state": state, "previewed": f"{preset}|{points}"})


def test_confirming_rescores_every_game_and_every_rounds_table(organizer_client, client, played):
    assert "25" in standings_points(client, played, "?round=1") + standings_points(client, played)  # cached now
    response = confirm(organizer_client, played, "wdl", "3/1/0")
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.scoring_preset == "wdl" and all_scored_with(played, "wdl", "3/1/0")
    assert played.tiebreaks == ["head_to_head", "elements_destroyed", "fewest_lost", "seeded_random"]  # the preset's
    assert standings_points(client, played, "?round=1") == ["3", "3", "3", "0", "0"]  # round 1's table too
    assert standings_points(client, played)[0] == "6"
    entry = AuditEntry.objects.get(action="event.rescore")
    assert entry.before["scoring_preset"] == "nasamw-3.0" and entry.after["games_rescored"] == 6


def test_changing_the_win_draw_loss_points_rescores_too(organizer_client, client, played):
    confirm(organizer_client, played, "wdl", "3/1/0")
    assert standings_points(client, played)[0] == "6"  # cached until the scoring changes
    confirm(organizer_client, played, "wdl", "2/1/0")
    assert standings_points(client, played)[0] == "4"
    played.refresh_from_db()
    assert played.wdl_points == "2/1/0" and all_scored_with(played, "wdl", "2/1/0")
    assert AuditEntry.objects.filter(action="event.rescore").count() == 2


def test_a_result_entered_after_the_preview_asks_for_a_new_preview(organizer_client, played):
    preview = organizer_client.post(scoring_url(played), {"scoring_preset": "wdl", "wdl_points": "3/1/0",
                                                          "action": "preview"}).text
    state = re.search(r'name="state" value="([0-9a-f]+)"', preview).group(1)
    seat = Seat.objects.filter(round__event=played, game__is_bye=False).first()
    seat.game.version += 1  # someone corrects a result meanwhile
    seat.game.save()
    response = organizer_client.post(scoring_url(played), {"scoring_preset": "wdl", "wdl_points": "3/1/0",
                                                           "action": "confirm", "state": state, "previewed": "wdl|3/1/0"})
    assert "Results changed since the preview" in response.text
    played.refresh_from_db()
    assert played.scoring_preset == "nasamw-3.0" and all_scored_with(played, "nasamw-3.0", "3/1/0")


def test_only_the_organizer_changes_the_scoring(umpire_client, client, played):
    assert umpire_client.post(scoring_url(played), {"scoring_preset": "wdl", "action": "confirm"}).status_code == 403
    assert client.get(scoring_url(played)).status_code == 302


def test_the_audit_log_says_the_rescoring_in_words(organizer_client, played):
    confirm(organizer_client, played, "wdl", "3/1/0")
    log = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", organizer_client.get(
        reverse("tournament:audit", args=[played.slug])).text))
    assert "Scoring changed from NASAMW (DBA 3.0 adaptation) to win/draw/loss 3/1/0: 6 games rescored." in log
    assert "Event changed." not in log
    spanish = organizer_client.get(reverse("tournament:audit", args=[played.slug]), headers={"Accept-Language": "es"})
    assert "a victoria/empate/derrota 3/1/0: 6 partidas recalculadas." in spanish.text


def sch_presets() -> list[tuple[str, str]]:
    """Every preset or template that scores Scythed Chariots destroyed (entered apart, "+1S"), with the edition."""
    from tournament.results.scoring import templates
    from tournament.results.shorthand import parse_shorthand

    return [(key, edition) for key in templates() for edition in ("2.2", "3.0")
            if score_game(parse_shorthand("4+1S-1", edition), key, edition)
            != score_game(parse_shorthand("4-1", edition), key, edition)]


def test_some_preset_scores_scythed_chariots():
    assert ("nasamw-v4", "2.2") in sch_presets()


@pytest.mark.parametrize(("key", "edition"), sch_presets())
def test_rescoring_keeps_the_scythed_chariots_points_of_the_entered_result(key, edition, organizer):
    """`4+1S-1` under NASAMW v4 is (24, 1) when entered; rescoring it (and the preview, and the standings read
    from the seats) gives the same, not (23, 1) with the chariot dropped."""
    from tournament.models import Game, Round
    from tournament.results.entry import result_enter
    from tournament.results.rescoring import ScoringChange, preview, rescore
    from tournament.results.scoring import preset
    from tournament.results.shorthand import parse_shorthand
    from tournament.results.standings import event_standings

    event = make_event(edition=edition, scoring_preset=key, tiebreaks=list(preset(key).tiebreaks))
    ana, bruno = make_registration(event, make_player("Ana")), make_registration(event, make_player("Bruno"))
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
    game = Game.objects.create(round=rnd, table=1)
    Seat.objects.create(game=game, round=rnd, registration=ana, side="a")
    Seat.objects.create(game=game, round=rnd, registration=bruno, side="b")
    result = parse_shorthand("4+1S-1", edition)
    result_enter(game, result, organizer)
    entered = score_game(result, key, edition)
    assert entered != score_game(parse_shorthand("4-1", edition), key, edition)  # the chariot scores
    assert [s.score for s in game.seats.order_by("side")] == list(entered)

    change = ScoringChange(key, event.wdl_points, tuple(event.tiebreaks))
    assert preview(event, change).changed == 0
    rescore(event, change, organizer)
    assert [s.score for s in game.seats.order_by("side")] == list(entered)
    assert [row.points for row in event_standings(event)] == sorted(entered, reverse=True)


def test_the_scoring_locks_for_this_events_confirmed_results_only(organizer_client, organizer, played):
    """Another event's results, or a round paired and published but not played, leave the scoring open."""
    from tournament.models import EventRole, Game, Round

    other = make_event(slug="other-event")
    EventRole.objects.create(event=other, user=organizer, role=EventRole.Role.ORGANIZER)
    ana, bruno = make_registration(other, make_player("Ana")), make_registration(other, make_player("Bruno"))
    rnd = Round.objects.create(event=other, number=1, status=Round.Status.PUBLISHED)
    game = Game.objects.create(round=rnd, table=1)
    Seat.objects.create(game=game, round=rnd, registration=ana, side="a")
    Seat.objects.create(game=game, round=rnd, registration=bruno, side="b")
    html = organizer_client.get(reverse("tournament:event_edit", args=[other.slug])).text
    assert not re.search(r'<select name="scoring_preset"[^>]*disabled', html)
    assert "Locked because results are confirmed" not in html


def test_a_new_preset_keeps_the_organizers_own_tiebreak_order(organizer, played):
    """The organizer had put countback first: rescoring to another preset keeps their order, not the preset's."""
    from tournament.results.rescoring import proposed, rescore

    own = ["countback", "head_to_head", "seeded_random"]
    type(played).objects.filter(pk=played.pk).update(tiebreaks=own)
    played.refresh_from_db()
    rescore(played, proposed(played, "wdl", "3/1/0"), organizer)
    played.refresh_from_db()
    assert played.scoring_preset == "wdl" and played.tiebreaks == own


@pytest.mark.parametrize(("key", "points"), [("wdl", "3/1/0"), ("nasamw-v4", "3/1/0"), ("spanish", "3/1/0")])
def test_the_preview_shows_the_table_the_rescoring_then_gives(organizer, played, key, points):
    """Byes, the players of each game and their results: the preview's "after" is what the standings become."""
    from tournament.results.rescoring import preview, proposed, rescore

    def scores():
        return {s.pk: s.score for s in Seat.objects.filter(round__event=played)}

    change = proposed(played, key, points)
    promised, before = preview(played, change), scores()
    rescore(played, change, organizer)
    played.refresh_from_db()
    assert preview(played, change).before == promised.after
    after = scores()
    changed = {s.game_id for s in Seat.objects.filter(round__event=played) if before[s.pk] != after[s.pk]}
    assert promised.games == 6 and promised.changed == len(changed) > 0


def test_an_own_scoring_brings_its_tiebreak_order_or_keeps_the_events(organizer, played):
    from tournament.results.rescoring import proposed_definition, rescore

    own = {"name": "Own", "win": 3, "loss": 0, "time": 1, "tiebreaks": ["countback", "head_to_head"]}
    rescore(played, proposed_definition(played, own), organizer)
    played.refresh_from_db()
    assert played.tiebreaks == ["countback", "head_to_head"] and played.scoring_definition == own
    rescore(played, proposed_definition(played, {"name": "Plain", "win": 3, "loss": 0, "time": 1}), organizer)
    played.refresh_from_db()
    assert played.tiebreaks == ["countback", "head_to_head"] and played.scoring_definition["name"] == "Plain"
    names = [(e.before["scoring_name"], e.after["scoring_name"])  # the audit log names each scoring
             for e in AuditEntry.objects.filter(action="event.rescore").order_by("pk")]
    assert names == [("NASAMW (DBA 3.0 adaptation)", "Own"), ("Own", "Plain")]


def test_the_preview_ranks_the_after_table_as_the_new_scoring_ranks(organizer, event):
    """A scoring that ranks by wins first (Southern Battle Gamers' published one, the margin as points): the
    preview's "after" is ranked by the new scoring's order, not by the event's old one, so it is the table the
    rescoring then gives. Ana won twice by one element, Carla once by four: Ana first on wins, Carla on points."""
    import yaml

    from tournament.results.rescoring import preview, proposed_definition, rescore
    from tournament.results.scoring import TEMPLATES_PATH

    ana, bruno, carla, dario = (make_registration(event, make_player(n)) for n in ["Ana", "Bruno", "Carla", "Dario"])
    add_round(event, 1, [(ana, bruno, "4-3"), (carla, dario, "4-0")])
    add_round(event, 2, [(ana, dario, "4-3"), (carla, bruno, "3-4")])
    definition = yaml.safe_load(TEMPLATES_PATH.read_text(encoding="utf-8"))["presets"]["southern-battle-gamers"]
    change = proposed_definition(event, {k: v for k, v in definition.items() if k not in ("source", "doubtful")})
    promised = preview(event, change)
    assert [(name, points) for _rank, name, points in promised.after] == [
        ("Ana", 2), ("Carla", 3), ("Bruno", 0), ("Dario", -5)]
    rescore(event, change, organizer)
    event.refresh_from_db()
    assert preview(event, change).before == promised.after


def test_change_the_scoring_refuses_a_scoring_for_the_other_edition(organizer_client, event):
    """As the event form refuses it: a DBA 3.0 event with a played game is not rescored under NASAMW's DBA 2.2
    scoring; the page says why, beside the scoring, and nothing changes."""
    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4-1")])
    event.refresh_from_db()
    assert (event.edition, event.scoring_preset) == ("3.0", "nasamw-3.0")
    for action in ("preview", "confirm"):
        answer = organizer_client.post(scoring_url(event), {"scoring_preset": "nasamw-v4", "wdl_points": "3/1/0",
                                                            "action": action})
        assert answer.status_code != 302
        assert "This scoring is for DBA 2.2, but the event plays DBA 3.0." in answer.text
    event.refresh_from_db()
    assert (event.edition, event.scoring_preset) == ("3.0", "nasamw-3.0")
    assert not AuditEntry.objects.filter(event=event, action="event.rescore").exists()


def test_byes_alone_are_scored_again_but_never_over_a_played_result(event):
    """`rescore_byes` is for a scoring changed on the edit form while byes are all that is scored; once a game
    between two players is confirmed, only "Change the scoring" (`rescore`, with its preview) may rescore."""
    from tournament.results.rescoring import rescore_byes

    ana, bruno = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno"))
    add_round(event, 1, [(ana, bruno, "4-1")])
    with pytest.raises(ValueError, match="rescore()"):
        rescore_byes(event)


def test_what_locks_the_scoring_and_the_edition_is_the_events_own_confirmed_games(event):
    """`has_scores` (a confirmed game, a bye included: the scoring locks) and `has_played_results` (a confirmed game
    between two players: the edition and the camp reading lock) read the event's own games: another event's results,
    a game still waiting for its result and a bye alone do not lock what they do not."""
    from tournament.models import Game
    from tournament.results.rescoring import has_played_results, has_scores

    other = make_event(slug="elsewhere")
    x, y = (make_registration(other, make_player(n)) for n in ("Xavi", "Yago"))
    add_round(other, 1, [(x, y, "4-1")])
    ana, bruno, carla = (make_registration(event, make_player(n)) for n in ("Ana", "Bruno", "Carla"))
    assert (has_scores(event), has_played_results(event)) == (False, False)
    rnd = add_round(event, 1, [(ana, bruno, "4-1")])
    rnd.games.update(status=Game.Status.PENDING)  # paired, no result yet
    assert (has_scores(event), has_played_results(event)) == (False, False)
    add_round(event, 2, [(carla, None, "")])  # a bye, confirmed when paired
    assert (has_scores(event), has_played_results(event)) == (True, False)
    rnd.games.update(status=Game.Status.CONFIRMED)
    assert (has_scores(event), has_played_results(event)) == (True, True)
