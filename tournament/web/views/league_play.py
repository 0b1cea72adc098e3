"""League pages beyond the table: ladder games (report, confirm, reject), merges that the account holder
confirms, importing a backup into a league, and the printable table. Thin: writing through
tournament/leagues/ladder.py, merges.py and imports.py."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.leagues import ladder, merges
from tournament.leagues.imports import import_into_league
from tournament.leagues.service import is_league_organizer
from tournament.leagues.table import load_league
from tournament.models import LadderGame, League, LeagueMerge
from tournament.pdfs.league import league_table_pdf
from tournament.transfer.backup import BackupError, parse_backup
from tournament.web.forms.league_play import LadderForm, LeagueImportForm, SuggestForm
from tournament.web.input_guard import takes_uploads
from tournament.web.league_access import league_in_url

MAX_BACKUP_BYTES = 20 * 1024 * 1024

LADDER_REFUSALS = {
    "outcome": gettext_lazy("Choose a result."),
    "season": gettext_lazy("The game must be played within the league's season, and not in the future."),
    "not_a_player": gettext_lazy("Only players with an account who played in one of the league's events may report games."),
    "opponent": gettext_lazy("Choose another player of the league, with an account of their own."),
    "missing": gettext_lazy("No such game."),
    "answered": gettext_lazy("This game has already been answered."),
    "not_opponent": gettext_lazy("Only the opponent, with their own account, may confirm or reject this game."),
    "pair_refused": gettext_lazy("The league organizer did not approve ladder games between you two."),
    "pair_month": gettext_lazy("You two have reported as many ladder games played that month as the league "
                               "allows."),
}
MERGE_REFUSALS = {
    "same": gettext_lazy("Choose two different people."),
    "account": gettext_lazy("The first must be a person without an account, the second a player with one."),
    "not_in_league": gettext_lazy("Both people must have played in the league's events."),
    "same_event": gettext_lazy("Both played the same event, so they are two people."),
    "same_event_merged": gettext_lazy("Both already count an entry at %(event)s (one of them through a person merged "
                                           "into them), so they are two people."),
    "already": gettext_lazy("These entries are already merged or suggested."),
    "missing": gettext_lazy("This suggestion is no longer waiting."),
}


def merge_refusal(refused: merges.MergeRefused) -> str:
    """The sentence for a refused merge, naming the event both would hold when there is one."""
    text = MERGE_REFUSALS.get(str(refused), MERGE_REFUSALS["missing"])
    return text % {"event": refused.event} if refused.event else str(text)


def _league_for_member(request: HttpRequest, slug: str) -> League:
    """The league in the URL for a signed-in player: a private league too, when they play in it or an
    organizer suggested entries to them there."""
    league = get_object_or_404(League, slug=slug)
    if league.public or is_league_organizer(request.user, league) or ladder.own_player(request.user, league) \
            or LeagueMerge.objects.filter(league=league, into__user=request.user).exists():
        return league
    raise Http404


@login_required
def ladder_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's ladder games; a player of the league reports one, their opponent answers."""
    league = _league_for_member(request, slug)
    me = ladder.own_player(request.user, league)
    opponents = [(p.pk, p.name) for p in ladder.ladder_players(league) if me and p.pk != me.pk]
    form = LadderForm(request.POST or None, opponents=opponents)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                game = ladder.report(request.user, league, data["opponent"], data["played_on"], data["outcome"],
                                     data["points_a"], data["points_b"])
            except ladder.LadderRefused as refused:
                form.add_error(None, LADDER_REFUSALS[str(refused)])
            else:
                messages.success(request, _("Game reported. It counts once your opponent confirms it."))
                if ladder.pair_waiting(game):
                    messages.info(request, _("You two have not met at one of the league's events: your ladder games "
                                             "count once the league organizer approves this pair."))
                return redirect("leagues:ladder", slug=league.slug)
        status = 400
    games = LadderGame.objects.filter(league=league).exclude(state=LadderGame.State.REJECTED) \
        .select_related("player_a", "player_b").order_by("-played_on", "-pk")[:200]
    organizer = is_league_organizer(request.user, league)
    return render(request, "leagues/ladder.html", {
        "league": league, "me": me, "form": form if me else None, "games": games,
        "waiting": ladder.waiting_for(request.user, league), "is_organizer": organizer,
        "pairs": ladder.pairs_of(league) if organizer else None,
    }, status=status)


@require_POST
@login_required
def ladder_pair(request: HttpRequest, slug: str, pk: int, answer: str) -> HttpResponse:
    """A league organizer approves or refuses a new pair of ladder players."""
    league = league_in_url(request, slug, organizer=True)
    if answer not in ("approve", "refuse"):
        raise Http404
    try:
        ladder.decide_pair(request.user, league, pk, approve=answer == "approve")
    except ladder.LadderRefused as refused:
        raise Http404 from refused
    messages.success(request, _("Pair approved: its ladder games count.") if answer == "approve"
                     else _("Pair refused: its ladder games do not count."))
    return redirect("leagues:ladder", slug=league.slug)


@require_POST
@login_required
def ladder_answer(request: HttpRequest, slug: str, pk: int, answer: str) -> HttpResponse:
    league = _league_for_member(request, slug)
    if answer not in ("confirm", "reject"):
        raise Http404
    try:
        if answer == "confirm":
            ladder.confirm(request.user, league, pk)
            messages.success(request, _("Game confirmed. It now counts in the league."))
        else:
            ladder.reject(request.user, league, pk)
            messages.success(request, _("Game rejected. It does not count."))
    except ladder.LadderRefused as refused:
        if str(refused) == "not_opponent":
            raise PermissionDenied from refused
        messages.error(request, LADDER_REFUSALS[str(refused)])
    return redirect("leagues:ladder", slug=league.slug)


@require_POST
@login_required
def merge_suggest(request: HttpRequest, slug: str) -> HttpResponse:
    """A league organizer suggests that an account-less person's entries are an account holder's."""
    league = league_in_url(request, slug, organizer=True)
    form = SuggestForm(request.POST, people=merges.league_people(league),
                       holders=merges.league_people(league, with_account=True))
    if not form.is_valid():
        messages.error(request, _("Choose a person without an account and a player with one."))
        return redirect("leagues:manage", slug=league.slug)
    try:
        merges.suggest(request.user, league, form.cleaned_data["player"], form.cleaned_data["into"])
    except merges.MergeRefused as refused:
        messages.error(request, merge_refusal(refused))
    else:
        messages.success(request, _("Suggestion sent. It counts once the player confirms the entries are theirs."))
    return redirect("leagues:manage", slug=league.slug)


@login_required
def my_merges(request: HttpRequest) -> HttpResponse:
    """Is this you? Entries an organizer suggested are this account holder's, with what would merge."""
    waiting = []
    for row in merges.suggestions_for(request.user).select_related("player"):
        # Every entry the confirmation gives: the suggested person's, and those merged into them before.
        entries = merges.person_entries(row.league, [row.player_id, row.into_id])
        waiting.append((row, entries[row.player_id], entries[row.into_id]))
    confirmed = LeagueMerge.objects.filter(state=LeagueMerge.State.CONFIRMED, into__user=request.user).select_related("league")
    return render(request, "leagues/my_merges.html", {"waiting": waiting, "confirmed": confirmed})


@require_POST
@login_required
def merge_answer(request: HttpRequest, slug: str, player: int, answer: str) -> HttpResponse:
    league = _league_for_member(request, slug)
    if answer not in ("confirm", "decline"):
        raise Http404
    try:
        row = merges.answer(request.user, league, player, confirm=answer == "confirm")
    except merges.MergeRefused as refused:
        messages.error(request, merge_refusal(refused))
        return redirect("leagues:my_merges")
    if row is None:
        messages.success(request, _("Thank you: those entries stay apart from yours."))
    else:
        messages.success(request, _("Confirmed: the league now counts those entries as yours."))
    return redirect("leagues:my_merges")


@require_POST
@login_required
def merge_undo_own(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    """The account holder undoes a merge they confirmed."""
    league = _league_for_member(request, slug)
    if not LeagueMerge.objects.filter(league=league, player_id=player, into__user=request.user).exists():
        raise Http404
    merges.unmerge(request.user, league, player)
    messages.success(request, _("Merge undone."))
    return redirect("leagues:my_merges")


@login_required
@takes_uploads(max_bytes=MAX_BACKUP_BYTES + 2**16)
def league_import(request: HttpRequest, slug: str) -> HttpResponse:
    """The league organizer imports an earlier event from its backup straight into the league."""
    league = league_in_url(request, slug, organizer=True)
    form = LeagueImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > MAX_BACKUP_BYTES:
                raise BackupError(_("The file is too large."))
            imported = import_into_league(request.user, league, parse_backup(upload.read()),
                                          slug=form.cleaned_data["slug"] or None, premier=form.cleaned_data["premier"])
        except BackupError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("%(event)s imported into the league. Its players are new people without "
                                        "accounts: merge them or suggest them to their players.")
                             % {"event": imported.event.name})
            return redirect("leagues:manage", slug=league.slug)
    return render(request, "leagues/import.html", {"league": league, "form": form},
                  status=400 if request.method == "POST" else 200)


@require_GET
def league_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_in_url(request, slug)
    response = HttpResponse(league_table_pdf(load_league(league), lang=get_language()), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{league.slug}-table.pdf"'
    return response
