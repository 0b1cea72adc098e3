"""Events run in stages, through the organizer's pages: groups with a round robin then semi-finals, a
final, a third-place game and a Plate (the English DBA Open 2015 shape); a single and a double
elimination bracket; each to its final placings, on public pages, in a PDF, in the audit and exports."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_event, make_player, make_registration, make_user
from tests.pairing.test_rounds import enter, games, publish
from tournament.models import AuditEntry, EventRole, Game, Round, Seat, Stage, StageEntry


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def pdf_text(body: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages).split())


def field(event, n):
    """Players 01..n; a lower number is the stronger player (wins every game)."""
    regs = [make_registration(event, make_player(f"Player {i:02d}")) for i in range(1, n + 1)]
    return regs, {r.pk: i for i, r in enumerate(regs, 1)}


def add_stage(client, event, **fields):
    data = {"third_place": "on", "seeding": "standings", "entrants": "all", **fields}
    if not data.get("third_place"):
        data.pop("third_place")
    response = client.post(reverse("tournament:stage_setup", args=[event.slug]), data)
    assert response.status_code == 302, text_of(response.text)[:2000]
    return event.stages.order_by("-number").first()


def draw(client, event, stage):
    response = client.post(reverse("tournament:stage_draw", args=[event.slug, stage.number]), follow=True)
    assert response.status_code == 200
    stage.refresh_from_db()
    assert stage.drawn_at is not None, text_of(response.text)
    return response


def play_round(client, event, strength) -> Round:
    response = client.post(reverse("tournament:stage_pair", args=[event.slug]))
    assert response.status_code == 302, response
    rnd = event.rounds.order_by("-number").first()
    assert response["Location"] == reverse("tournament:round", args=[event.slug, rnd.number])
    publish(client, event, rnd)
    for game in games(rnd):
        a, b = game.seats.order_by("side")
        shorthand = "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4"
        assert enter(client, event, game, shorthand).status_code == 302
    return rnd


def play_until_done(client, event, strength, limit=20) -> int:
    played = 0
    for _ in range(limit):
        response = client.post(reverse("tournament:stage_pair", args=[event.slug]), follow=True)
        if "No stage has a game to play" in response.text:
            return played
        rnd = event.rounds.order_by("-number").first()
        publish(client, event, rnd)
        for game in games(rnd):
            a, b = game.seats.order_by("side")
            shorthand = "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4"
            assert enter(client, event, game, shorthand).status_code == 302
        played += 1
    raise AssertionError("the stages never ended")


def groups_then_drawn_play_offs(client, event, players: int = 8, groups: int = 2):
    """`players` in `groups` groups played to their end by the stronger, then placement play-offs between them drawn:
    the two stages and the players' strengths."""
    _regs, strength = field(event, players)
    group_stage = add_stage(client, event, name="Groups", kind="groups", groups=groups)
    playoffs = add_stage(client, event, name="Play-offs", kind="placement", source=group_stage.pk)
    draw(client, event, group_stage)
    play_until_done(client, event, strength)
    draw(client, event, playoffs)
    return group_stage, playoffs, strength


def placings(client, event) -> list[tuple[str, str, str]]:
    page = client.get(reverse("tournament:stages", args=[event.slug]))
    table = re.search(r'<table id="placings">(.*?)</table>', page.text, re.S)
    assert table, "no final placings on the stages page"
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", table.group(1), re.S)
    return [tuple(unescape(c).strip() for c in row) for row in rows]


# --- English DBA Open 2015: groups of 5-6, winners and best runners-up to semi-finals, a final ----------

def test_groups_then_semi_finals_final_third_place_and_a_plate(organizer_client, client, event):
    regs, strength = field(event, 11)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    finals = add_stage(organizer_client, event, name="Finals", kind="single", entrants="winners", source=groups.pk,
                       cut=4)
    plate = add_stage(organizer_client, event, name="Plate", kind="single", entrants="rest", source=groups.pk,
                      third_place="")
    # The cut cannot be drawn before the groups are played.
    early = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, finals.number]), follow=True)
    assert "“Groups” is not finished yet" in text_of(early.text)
    draw(organizer_client, event, groups)
    sizes = sorted(StageEntry.objects.filter(stage=groups).values_list("group", flat=True))
    assert sizes.count(1) == 5 and sizes.count(2) == 6  # seeded in a snake: 1, 4, 5, 8, 9 in A

    # Five rounds of round robin: everyone meets everyone in their group once, one game per round each.
    for _ in range(5):
        rnd = play_round(organizer_client, event, strength)
        assert Game.objects.filter(round=rnd, stage=groups).count() == 5  # 2 games in A (one bye) + 3 in B
    met = [frozenset(g.seats.values_list("registration_id", flat=True)) for g in Game.objects.filter(stage=groups)]
    assert len(met) == len(set(met)) == 10 + 15
    members = {g: sorted(StageEntry.objects.filter(stage=groups, group=g).values_list("registration__name", flat=True))
               for g in (1, 2)}  # by name = by strength
    page = client.get(reverse("tournament:stage", args=[event.slug, groups.number]))
    group_a = text_of(re.search(r'<section class="card group" id="group-A">(.*?)</section>', page.text, re.S).group(1))
    table_a = group_a.split("Round-robin schedule")[0]
    assert table_a.startswith("Group A Rank Player")
    assert [table_a.index(name) for name in members[1]] == sorted(table_a.index(name) for name in members[1])
    assert f"{members[1][-1]}: bye" in group_a  # the odd group's byes, in its schedule

    # Swiss pairing is closed once the event is in its stages.
    swiss = organizer_client.post(reverse("tournament:round_pair", args=[event.slug]), follow=True)
    assert "The event has moved on to its stages" in swiss.text

    # The Plate takes those the cut leaves: the cut is drawn first.
    early = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, plate.number]), follow=True)
    assert "Draw “Finals” first: this stage takes the players it leaves." in text_of(early.text)
    draw(organizer_client, event, finals)
    draw(organizer_client, event, plate)
    seeds = dict(StageEntry.objects.filter(stage=finals).values_list("seed", "registration__name"))
    # Winners first, then the best runners-up by points per game (group A plays 4 games, group B 5).
    a, b = members[1], members[2]
    assert {seeds[1], seeds[2]} == {a[0], b[0]} and {seeds[3], seeds[4]} == {a[1], b[1]}
    assert set(StageEntry.objects.filter(stage=plate).values_list("registration__name", flat=True)) == {
        *a[2:], *b[2:]}
    semis = play_round(organizer_client, event, strength)
    assert {g.slot for g in Game.objects.filter(round=semis, stage=finals)} == {"W1-1", "W1-2"}
    assert Game.objects.filter(round=semis, stage=plate).count() == 3  # 7 players: the top seed has a bye
    # The round and the public pairings say which stage and which match each game is.
    public = text_of(client.get(reverse("tournament:pairings_round", args=[event.slug, semis.number])).text)
    assert public.count("Finals · Semi-finals") == 2 and public.count("Plate · Quarter-finals") == 3
    first = text_of(organizer_client.get(reverse("tournament:round", args=[event.slug, 1])).text)
    assert first.count("Groups · Group A") == 2 and first.count("Groups · Group B") == 3
    play_until_done(organizer_client, event, strength)
    final = Game.objects.get(stage=finals, slot="W2-1")
    assert sorted(final.seats.values_list("registration__name", flat=True)) == sorted([a[0], b[0]])

    top = sorted([a[0], b[0]]) + sorted([a[1], b[1]])
    rest = sorted([*a[2:], *b[2:]])
    assert placings(client, event)[:6] == [
        ("1", top[0], "Finals"), ("2", top[1], "Finals"), ("3", top[2], "Finals"),
        ("4", top[3], "Finals"), ("5", rest[0], "Plate"), ("6", rest[1], "Plate")]
    bracket = client.get(reverse("tournament:stage", args=[event.slug, finals.number]))
    assert 'id="match-3P"' in bracket.text and "Third-place game" in bracket.text
    assert re.search(r'id="match-W2-1".*?class="won">Player 01<', bracket.text, re.S)

    # The same games in the exports and the audit as any round's.
    export = organizer_client.get(reverse("tournament:results_export", args=[event.slug, "csv"]))
    assert export.content.decode().count("\n") - 1 == Game.objects.filter(round__event=event).count()
    assert AuditEntry.objects.filter(event=event, action="event.stage_draw").count() == 3
    log = text_of(organizer_client.get(reverse("tournament:audit", args=[event.slug])).text)
    assert "Stage “Groups” drawn: 11 players." in log and "Stage “Plate” added." in log
    # Printable: the groups and the bracket read back from the PDF.
    groups_pdf = pdf_text(client.get(reverse("tournament:stage_pdf", args=[event.slug, groups.number])).content)
    assert "Group A" in groups_pdf and "Group B" in groups_pdf and "Player 11" in groups_pdf
    finals_pdf = pdf_text(client.get(reverse("tournament:stage_pdf", args=[event.slug, finals.number])).content)
    assert "Semi-finals" in finals_pdf and "Final" in finals_pdf and "Placings" in finals_pdf
    assert finals_pdf.index("Placings") < finals_pdf.rindex("Player 01")


def test_a_single_elimination_bracket_to_its_placings(organizer_client, client, event):
    _regs, strength = field(event, 6)
    bracket = add_stage(organizer_client, event, name="Knockout", kind="single", third_place="")
    draw(organizer_client, event, bracket)
    organizer_client.post(reverse("tournament:stage_pair", args=[event.slug]))
    draft = event.rounds.get(number=1)
    seats = list(Seat.objects.filter(round=draft).order_by("game__table"))
    swap = organizer_client.post(reverse("tournament:seats_swap", args=[event.slug, 1]),
                                 {"first": seats[0].pk, "second": seats[-1].pk}, follow=True)
    assert "Games of groups and brackets follow their tables" in text_of(swap.text)
    assert list(Seat.objects.filter(round=draft).order_by("game__table")) == seats
    first = play_round(organizer_client, event, strength)
    assert Game.objects.filter(round=first).count() == 2  # seeds 1 and 2 go through without a game
    rounds = organizer_client.get(reverse("tournament:rounds", args=[event.slug])).text
    assert "Pair the next stage round" in rounds and "Pair the next round" not in rounds
    assert 'id="finish-form"' not in rounds
    assert play_until_done(organizer_client, event, strength) == 2
    rounds = organizer_client.get(reverse("tournament:rounds", args=[event.slug])).text
    assert 'id="finish-form"' in rounds and "Pair the next stage round" not in rounds
    placed = placings(client, event)
    # Seeded by the standings before any game: the recorded lot. The strongest wins; the semi-final
    # losers share 3rd and the first-round losers 5th (no third-place game).
    assert [p[0] for p in placed] == ["1", "2", "3", "3", "5", "5"] and placed[0][1] == "Player 01"
    assert sorted(p[1] for p in placed) == [f"Player {i:02d}" for i in range(1, 7)]
    final = Game.objects.get(stage=bracket, slot="W3-1")
    assert sorted(final.seats.values_list("registration__name", flat=True)) == sorted([placed[0][1], placed[1][1]])


def test_a_double_elimination_bracket_to_its_placings(organizer_client, client, event):
    _regs, strength = field(event, 5)
    bracket = add_stage(organizer_client, event, name="Double", kind="double")
    draw(organizer_client, event, bracket)
    play_until_done(organizer_client, event, strength)
    assert Game.objects.filter(stage=bracket).count() == 2 * 5 - 2  # the champion never lost: 2n - 2 games
    losses = {}
    for game in Game.objects.filter(stage=bracket).prefetch_related("seats__registration"):
        loser = [s for s in game.seats.all() if s.score is not None and s.registration.name != min(
            x.registration.name for x in game.seats.all())]
        for s in loser:
            losses[s.registration.name] = losses.get(s.registration.name, 0) + 1
    assert "Player 01" not in losses and all(count == 2 for count in losses.values())
    placed = placings(client, event)
    # The strongest never loses; the second loses only to them, so twice: in the winners' bracket or
    # the grand final, and it reaches the grand final from either bracket.
    assert [p[:2] for p in placed[:2]] == [("1", "Player 01"), ("2", "Player 02")]
    assert sorted(p[1] for p in placed) == [f"Player {i:02d}" for i in range(1, 6)]
    assert [int(p[0]) for p in placed] == sorted(int(p[0]) for p in placed)


# --- the setup pages -------------------------------------------------------------------------------

def test_only_the_events_organizer_sets_up_stages(client, umpire_client, event):
    field(event, 6)
    url = reverse("tournament:stage_setup", args=[event.slug])
    data = {"name": "Groups", "kind": "groups", "entrants": "all", "groups": "2", "seeding": "random"}
    assert client.get(url).status_code == 302  # to the login page
    assert umpire_client.get(url).status_code == 403
    assert umpire_client.post(url, data).status_code == 403
    stranger = make_user("stranger")
    other = make_event(slug="other-event")
    EventRole.objects.create(event=other, user=stranger, role=EventRole.Role.ORGANIZER)
    client.force_login(stranger)
    assert client.post(url, data).status_code == 403
    assert not Stage.objects.exists()
    # Nor can another event's organizer pair, draw or delete this event's stages.
    stage = Stage.objects.create(event=event, number=1, name="Groups", kind="groups", groups=2)
    for name in ("stage_draw", "stage_delete"):
        assert client.post(reverse(f"tournament:{name}", args=[event.slug, stage.number])).status_code == 403
    assert client.post(reverse("tournament:stage_pair", args=[event.slug])).status_code == 403
    assert not StageEntry.objects.exists() and Stage.objects.count() == 1


def test_a_bad_stage_is_refused_naming_the_field(organizer_client, event):
    field(event, 6)
    url = reverse("tournament:stage_setup", args=[event.slug])
    response = organizer_client.post(url, {"name": "Groups", "kind": "groups", "entrants": "all", "seeding": "random"})
    assert response.status_code == 400 and "Say how many groups." in response.text
    response = organizer_client.post(url, {"name": "Pools", "kind": "placement", "entrants": "all", "seeding": "standings"})
    assert response.status_code == 400 and "need a stage of two or more groups before them" in response.text
    response = organizer_client.post(url, {"name": "Cut", "kind": "single", "entrants": "top", "seeding": "standings",
                                           "cut": "1"})
    assert response.status_code == 400 and 'id="id_cut"' in response.text
    assert not Stage.objects.exists()
    # Groups that cannot be made (6 players in 3 groups of 2) are refused at the draw, nothing written.
    stage = add_stage(organizer_client, event, name="Groups", kind="groups", groups=3)
    response = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, stage.number]), follow=True)
    assert "6 players do not make 3 groups of 3 to 8." in text_of(response.text)
    assert not StageEntry.objects.exists()


def test_the_organizer_chooses_the_groups(organizer_client, event):
    regs, _strength = field(event, 7)
    stage = add_stage(organizer_client, event, name="Period groups", kind="groups", groups=2, seeding="organizer")
    url = reverse("tournament:stage_draw", args=[event.slug, stage.number])
    form = organizer_client.get(url)
    assert form.status_code == 200 and all(f'name="group-{r.pk}"' in form.text for r in regs)
    bad = organizer_client.post(url, {f"group-{r.pk}": "1" for r in regs[:5]} | {f"group-{r.pk}": "2" for r in regs[5:]})
    assert bad.status_code == 400 and "Group 2 has 2 players: a group needs 3 to 8." in text_of(bad.text)
    assert not StageEntry.objects.exists()
    chosen = {f"group-{r.pk}": "1" if i % 2 else "2" for i, r in enumerate(regs)}
    assert organizer_client.post(url, chosen).status_code == 302
    assert {(e.registration_id, e.group) for e in StageEntry.objects.filter(stage=stage)} == {
        (r.pk, 1 if i % 2 else 2) for i, r in enumerate(regs)}


@pytest.mark.parametrize(("language", "words"), [
    ("es", ("Fases", "Añadir una fase", "Grupos")),
    ("it", ("Fasi", "Aggiungi una fase", "Gironi")),
])
def test_the_stage_pages_in_spanish_and_italian(organizer_client, client, event, language, words):
    from tests.house.test_untranslated_strings import needles
    from tests.untranslated import english_found, visible_text

    _regs, strength = field(event, 6)
    stage = add_stage(organizer_client, event, name="Knockout", kind="single")
    draw(organizer_client, event, stage)
    play_until_done(organizer_client, event, strength)
    organizer_client.cookies["django_language"] = language
    client.cookies["django_language"] = language
    setup = organizer_client.get(reverse("tournament:stage_setup", args=[event.slug]))
    for word in words[:2]:
        assert word in setup.text
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    groups = Stage.objects.create(event=event, number=2, name="Pools", kind="groups", groups=2, seeding="organizer")
    pages = [setup, client.get(reverse("tournament:stage", args=[event.slug, stage.number])),
             client.get(reverse("tournament:stages", args=[event.slug])),
             organizer_client.get(reverse("tournament:stage_edit", args=[event.slug, stage.number])),
             organizer_client.get(reverse("tournament:stage_draw", args=[event.slug, groups.number])),
             organizer_client.get(reverse("tournament:round", args=[event.slug, 1])),
             client.get(reverse("tournament:final", args=[event.slug]))]
    ignore = {f"Player {i:02d}" for i in range(1, 7)} | {event.name, "Knockout", "Pools", "Organizer Uno"}
    wanted = needles(language)
    for page in pages:
        assert page.status_code == 200
        assert english_found(visible_text(page.text, language), wanted, ignore) == []
    pdf = pdf_text(client.get(reverse("tournament:stage_pdf", args=[event.slug, stage.number])).content)
    assert ("Semifinales" if language == "es" else "Semifinali") in pdf


def test_stage_games_are_reported_by_both_players_and_corrections_hold_the_bracket(organizer_client, client, event):
    from django.test import Client

    regs, strength = field(event, 4)
    stage = add_stage(organizer_client, event, name="Knockout", kind="single", third_place="")
    draw(organizer_client, event, stage)
    assert organizer_client.post(reverse("tournament:stage_pair", args=[event.slug])).status_code == 302
    semis = event.rounds.order_by("-number").first()
    publish(organizer_client, event, semis)
    # Each semi-final confirmed by its two players' own reports, from two browsers.
    for game in games(semis):
        a, b = game.seats.order_by("side")
        result = "4-1" if strength[a.registration_id] < strength[b.registration_id] else "1-4"
        for seat in (a, b):
            Client().post(reverse("tournament:report", args=[seat.report_token]), {"shorthand": result})
        game.refresh_from_db()
        assert game.status == Game.Status.CONFIRMED
    final_round = play_round(organizer_client, event, strength)
    final = games(final_round)[0]
    assert final.slot == "W2-1"
    # The umpire corrects a semi-final after the final was played: the final no longer fits the bracket.
    semi = next(g for g in games(semis) if "Player 01" in g.seats.values_list("registration__name", flat=True))
    a, b = semi.seats.order_by("side")
    flipped = "1-4" if strength[a.registration_id] < strength[b.registration_id] else "4-1"
    assert enter(organizer_client, event, semi, flipped).status_code == 302
    page = client.get(reverse("tournament:stage", args=[event.slug, stage.number]))
    assert page.status_code == 200 and "An earlier result was corrected after this game was played" in page.text
    assert "Final placings" not in client.get(reverse("tournament:stages", args=[event.slug])).text
    # The final is played again, by the corrected semi-final's winner.
    replay = play_round(organizer_client, event, strength)
    again = games(replay)[0]
    assert again.slot == "W2-1" and set(again.seats.values_list("registration__name", flat=True)) == {
        "Player 02", a.registration.name if flipped == "4-1" else b.registration.name}
    placed = placings(client, event)
    assert placed[0][1] == "Player 02" and "Player 01" in {p[1] for p in placed[2:]}


def test_a_backup_carries_the_stages_their_games_and_the_provided_armies(organizer_client, client, event):
    import copy
    import json

    from tests.transfer.test_backup import _without_links
    from tournament.transfer.backup import BackupError, export_event, import_event

    _regs, strength = field(event, 7)
    groups = add_stage(organizer_client, event, name="Groups", kind="groups", groups=2)
    add_stage(organizer_client, event, name="Finals", kind="single", entrants="winners", source=groups.pk, cut=2)
    organizer_client.post(reverse("tournament:provided_armies", args=[event.slug]), {"army_a": "II/32a", "army_b": "II/33"})
    draw(organizer_client, event, groups)
    play_until_done(organizer_client, event, strength)
    draw(organizer_client, event, event.stages.get(number=2))
    play_until_done(organizer_client, event, strength)
    first = export_event(event)
    assert [s["name"] for s in first["stages"]] == ["Groups", "Finals"] and first["stages"][1]["source"] == 1
    assert first["provided_armies"] == [{"round_number": None, "table": None, "army_a": "II/32a", "army_b": "II/33"}]
    copied = import_event(copy.deepcopy(first), slug="copia").event
    again = export_event(copied)
    again["event"]["slug"] = first["event"]["slug"]
    assert json.dumps(_without_links(again), sort_keys=True) == json.dumps(_without_links(first), sort_keys=True)
    assert placings(client, copied) == placings(client, event)
    # A game naming a stage the file does not have is refused, nothing written.
    bad = copy.deepcopy(first)
    bad["rounds"][-1]["games"][0]["stage"] = 9
    before = Stage.objects.count()
    with pytest.raises(BackupError, match=r"rounds\[\d+\]\.games\[0\]\.stage"):
        import_event(bad, slug="otra")
    assert Stage.objects.count() == before


def test_a_top_four_cut_after_swiss_rounds_and_the_final_page_shows_the_placings(organizer_client, client, event):
    from tests.pairing.test_rounds import pair

    event.rounds_planned = 2
    event.save()
    _regs, strength = field(event, 8)
    cut = add_stage(organizer_client, event, name="Top 4", kind="single", entrants="top", cut=4)
    for _ in range(2):
        rnd = pair(organizer_client, event)
        publish(organizer_client, event, rnd)
        early = organizer_client.post(reverse("tournament:stage_draw", args=[event.slug, cut.number]), follow=True)
        assert "Every game so far needs a confirmed result before the cut is drawn." in text_of(early.text)
        for game in games(rnd):
            a, b = game.seats.order_by("side")
            assert enter(organizer_client, event, game, "4-1" if strength[a.registration_id] < strength[b.registration_id]
                         else "1-4").status_code == 302
    # The Swiss standings decide the cut: read them from the public page.
    table = client.get(reverse("tournament:standings", args=[event.slug])).text
    swiss_top = re.findall(r'/standings/\d+/">([^<]+)</a>', table)[:4]
    draw(organizer_client, event, cut)
    assert list(StageEntry.objects.filter(stage=cut).order_by("seed").values_list("registration__name", flat=True)) == \
        swiss_top
    assert play_until_done(organizer_client, event, strength) == 2  # semi-finals, then final and third place
    assert Game.objects.filter(stage=cut).count() == 4
    assert organizer_client.post(reverse("tournament:event_finish", args=[event.slug])).status_code == 302
    final = client.get(reverse("tournament:final", args=[event.slug]))
    rows = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td><td>([^<]+)</td></tr>",
                      re.search(r'<table id="placings">(.*?)</table>', final.text, re.S).group(1))
    assert [r[2] for r in rows] == ["Top 4"] * 4 + ["Swiss rounds"] * 4
    assert rows[0][1] == "Player 01"
    # The podium is the bracket's: its first three places, placed by "Top 4".
    podium = text_of(re.search(r'<ol class="podium" id="podium".*?</ol>', final.text, re.S).group(0))
    assert podium.index(rows[0][1]) < podium.index(rows[1][1]) < podium.index(rows[2][1]) and "Top 4" in podium


def test_placement_play_offs_between_two_groups(organizer_client, client, event):
    groups, playoffs, strength = groups_then_drawn_play_offs(organizer_client, event)
    order = {g: list(StageEntry.objects.filter(stage=groups, group=g).order_by("registration__name")
                     .values_list("registration_id", flat=True)) for g in (1, 2)}
    rnd = play_round(organizer_client, event, strength)
    pairs = {g.slot: frozenset(g.seats.values_list("registration_id", flat=True)) for g in games(rnd)}
    # 1st v 1st, 2nd v 2nd, ...: four games, each between the same places of the two groups.
    assert pairs == {f"P{i + 1}": frozenset((order[1][i], order[2][i])) for i in range(4)}
    placed = placings(client, event)
    assert [p[0] for p in placed] == [str(i) for i in range(1, 9)] and placed[0][1] == "Player 01"
    assert all(p[2] == "Play-offs" for p in placed)


def test_the_organizer_edits_and_deletes_a_stage(organizer_client, event):
    field(event, 6)
    stage = add_stage(organizer_client, event, name="Pools", kind="groups", groups=2)
    draw(organizer_client, event, stage)
    public = reverse("tournament:stage", args=[event.slug, stage.number])
    assert 'id="group-B"' in organizer_client.get(public).text
    edit = reverse("tournament:stage_edit", args=[event.slug, stage.number])
    assert organizer_client.get(edit).status_code == 200
    response = organizer_client.post(edit, {"name": "Pools", "kind": "groups", "entrants": "all", "groups": "1",
                                            "seeding": "random"})
    assert response.status_code == 302
    stage.refresh_from_db()
    assert stage.groups == 1 and stage.drawn_at is None and not stage.entries.exists()  # the draw is cleared
    page = organizer_client.get(public).text  # the cached page moves on with the stage
    assert 'id="group-B"' not in page and "Not drawn yet." in page
    delete = reverse("tournament:stage_delete", args=[event.slug, stage.number])
    assert organizer_client.post(delete).status_code == 302
    assert not Stage.objects.exists()
    assert AuditEntry.objects.filter(event=event, action="event.stage_delete", target="Pools").exists()


def test_groups_seeded_by_rating_snake_the_strongest_apart(organizer_client, event, monkeypatch):
    from types import SimpleNamespace

    regs, _strength = field(event, 8)
    # Ratings: Player 08 the highest ... Player 01 the lowest; Player 05 unrated (seeded last).
    ratings = {r.pk: SimpleNamespace(rating=1500 + 10 * i) for i, r in enumerate(regs) if r.name != "Player 05"}
    from tournament.web.views import stages as view

    # The view passes the ratings source to the service (stages do not import the leagues).
    monkeypatch.setattr(view, "event_ratings", lambda event: SimpleNamespace(ratings=ratings))
    stage = add_stage(organizer_client, event, name="Pools", kind="groups", groups=2, seeding="rating")
    draw(organizer_client, event, stage)
    group = dict(StageEntry.objects.filter(stage=stage).values_list("registration__name", "group"))
    # By rating: 08, 07, 06, 04, 03, 02, 01, then 05; snake: A gets the 1st, 4th, 5th and 8th.
    assert sorted(n for n, g in group.items() if g == 1) == ["Player 03", "Player 04", "Player 05", "Player 08"]
    seeds = list(StageEntry.objects.filter(stage=stage, group=1).order_by("seed").values_list("registration__name",
                                                                                               flat=True))
    assert seeds == ["Player 08", "Player 04", "Player 03", "Player 05"]


def test_a_stage_another_stage_takes_its_players_from_is_not_deleted(organizer_client, event):
    """Deleting the groups a final is cut from is refused with a sentence that says why (not a server error), and
    both stages stay as they were."""
    field(event, 6)
    groups = add_stage(organizer_client, event, name="Pool", kind="groups", groups=2)
    add_stage(organizer_client, event, name="Final", kind="single", entrants="top", source=groups.pk, cut=4)
    response = organizer_client.post(reverse("tournament:stage_delete", args=[event.slug, groups.number]), follow=True)
    assert response.status_code == 200
    assert "Another stage takes its players from “Pool”." in text_of(response.text)
    assert sorted(event.stages.values_list("name", flat=True)) == ["Final", "Pool"]
    assert not AuditEntry.objects.filter(event=event, action="event.stage_delete").exists()
