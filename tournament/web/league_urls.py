"""League URLs (namespace "leagues"), under /leagues/."""

from django.urls import path

from tournament.web.event_urls import TableFormat  # noqa: F401  (registers the "table" converter)
from tournament.web.views import league_play, leagues, ratings

app_name = "leagues"

urlpatterns = [
    path("", leagues.league_list, name="list"),
    path("new/", leagues.league_create, name="create"),
    path("invitations/", leagues.invitations, name="invitations"),
    path("invitations/<int:pk>/accept/", leagues.membership_accept, name="accept"),
    path("merges/", league_play.my_merges, name="my_merges"),
    path("<slug:slug>/", leagues.league_detail, name="league"),
    path("<slug:slug>/about/", ratings.league_about, name="about"),
    path("<slug:slug>/ladder/", league_play.ladder_page, name="ladder"),
    path("<slug:slug>/ladder/<int:pk>/<str:answer>/", league_play.ladder_answer, name="ladder_answer"),
    path("<slug:slug>/ladder/pairs/<int:pk>/<str:answer>/", league_play.ladder_pair, name="ladder_pair"),
    path("<slug:slug>/merge/suggest/", league_play.merge_suggest, name="merge_suggest"),
    path("<slug:slug>/merge/<int:player>/answer/<str:answer>/", league_play.merge_answer, name="merge_answer"),
    path("<slug:slug>/merge/<int:player>/mine/undo/", league_play.merge_undo_own, name="merge_undo_own"),
    path("<slug:slug>/import/", league_play.league_import, name="import"),
    path("<slug:slug>/table.pdf", league_play.league_pdf, name="pdf"),
    path("<slug:slug>/manage/", leagues.league_manage, name="manage"),
    path("<slug:slug>/join/", leagues.league_join, name="join"),
    path("<slug:slug>/merge/", leagues.league_merge, name="merge"),
    path("<slug:slug>/merge/<int:player>/undo/", leagues.league_unmerge, name="unmerge"),
    path("<slug:slug>/events/<int:pk>/premier/", leagues.membership_premier, name="premier"),
    path("<slug:slug>/players/<int:player>/", leagues.league_player, name="player"),
    path("<slug:slug>/table.<table:fmt>", leagues.league_export, name="export"),
]
