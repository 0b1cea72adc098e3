"""Pages anyone may open, signed in or not: an event's public pages (published pairings, standings, final
standings, stages, the round clock) and their exports, and the leagues' tables. A few views here answer more
to the event's staff (a draft round's sheet, slips and packs: `permissions.may_print_round`)."""

from django.urls import path

from tournament.web.urls import converters  # noqa: F401  (registers the "table" converter)
from tournament.web.views import (
    clock,
    events,
    final,
    league_play,
    leagues,
    pdf,
    ratings,
    registration,
    results,
    rounds,
    stages,
)

events_patterns = [
    path("", events.home, name="home"),
    path("e/<slug:slug>/", events.event_detail, name="event"),
    path("e/<slug:slug>/army-defaults/", registration.army_defaults, name="army_defaults"),
    path("e/<slug:slug>/rounds/<int:number>/clock/", clock.round_clock, name="round_clock"),
    path("e/<slug:slug>/final/", final.final_standings, name="final"),
    path("e/<slug:slug>/final-standings.pdf", final.final_standings_pdf_view, name="final_pdf"),
    path("e/<slug:slug>/final-standings.<table:fmt>", final.final_export, name="final_export"),
    path("e/<slug:slug>/podium.pdf", final.podium_pdf_view, name="podium_pdf"),
    path("e/<slug:slug>/rounds/<int:number>/pairings.<table:fmt>", results.pairings_export, name="pairings_export"),
    path("e/<slug:slug>/pairings/", rounds.pairings, name="pairings"),
    path("e/<slug:slug>/pairings/<int:number>/", rounds.pairings, name="pairings_round"),
    path("e/<slug:slug>/standings/", results.standings, name="standings"),
    path("e/<slug:slug>/standings/<int:pk>/", results.player_standing, name="player_standing"),
    path("e/<slug:slug>/standings.<table:fmt>", results.standings_export, name="standings_export"),
    path("e/<slug:slug>/results.<table:fmt>", results.results_export, name="results_export"),
    path("e/<slug:slug>/rounds/<int:number>/<str:kind>.pdf", pdf.round_print, name="round_pdf"),
    path("e/<slug:slug>/standings.pdf", pdf.standings_print, name="standings_pdf"),
    path("e/<slug:slug>/stages/", stages.stage_index, name="stages"),
    path("e/<slug:slug>/stages/<int:number>/", stages.stage_detail, name="stage"),
    path("e/<slug:slug>/stages/<int:number>.pdf", stages.stage_pdf_view, name="stage_pdf"),
]

# After the player's and staff's fixed paths (`new/`, `invitations/`, `merges/`), which "<slug>/" would take.
leagues_patterns = [
    path("", leagues.league_list, name="list"),
    path("<slug:slug>/", leagues.league_detail, name="league"),
    path("<slug:slug>/about/", ratings.league_about, name="about"),
    path("<slug:slug>/table.pdf", league_play.league_pdf, name="pdf"),
    path("<slug:slug>/players/<int:player>/", leagues.league_player, name="player"),
    path("<slug:slug>/table.<table:fmt>", leagues.league_export, name="export"),
]
