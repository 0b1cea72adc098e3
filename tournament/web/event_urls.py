"""The tournament app's URLs (namespace "tournament"): home and events, registration, armies and
players; rounds, public pairings, results, players' report links, standings and exports; audit log
and backups; printed PDFs."""

from django.urls import path, register_converter

from tournament.web.views import (
    audit,
    backups,
    clock,
    desk,
    events,
    final,
    home,
    imports,
    pairing_jobs,
    pdf,
    player_imports,
    players,
    provided_armies,
    registration,
    report_links,
    results,
    rounds,
    scoring,
    staff,
    stages,
    ties,
)

app_name = "tournament"


class TableFormat:
    """csv or xlsx (so "standings.pdf" is not taken for a table export)."""

    regex = "csv|xlsx"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TableFormat, "table")

urlpatterns = [
    path("", events.home, name="home"),
    path("me/", home.me, name="me"),
    path("events/new/", events.event_create, name="event_create"),
    path("e/<slug:slug>/", events.event_detail, name="event"),
    path("e/<slug:slug>/edit/", events.event_edit, name="event_edit"),
    path("e/<slug:slug>/scoring/", events.event_scoring, name="event_scoring"),
    path("e/<slug:slug>/scoring/own/", scoring.own_scoring_page, name="own_scoring"),
    path("e/<slug:slug>/ties/", ties.ties, name="ties"),
    path("e/<slug:slug>/staff/", staff.staff_page, name="staff"),
    path("e/<slug:slug>/staff/invitations/<int:pk>/withdraw/", staff.staff_withdraw, name="staff_withdraw"),
    path("e/<slug:slug>/staff/<int:pk>/remove/", staff.staff_remove, name="staff_remove"),
    path("me/staff-invitations/<int:pk>/", staff.invitation, name="staff_invitation"),
    path("me/staff-invitations/<int:pk>/accept/", staff.invitation_answer, {"answer": "accept"}, name="staff_accept"),
    path("me/staff-invitations/<int:pk>/decline/", staff.invitation_answer, {"answer": "decline"}, name="staff_decline"),
    path("e/<slug:slug>/register/", registration.register, name="register"),
    path("e/<slug:slug>/lock-armies/", registration.lock_armies, name="lock_armies"),
    path("e/<slug:slug>/army-defaults/", registration.army_defaults, name="army_defaults"),
    path("e/<slug:slug>/entries/<int:pk>/army/", registration.army, name="army"),
    path("e/<slug:slug>/entries/<int:pk>/edit/", players.entry_edit, name="entry_edit"),
    path("e/<slug:slug>/entries/<int:pk>/row/", players.entry_row, name="entry_row"),
    path("e/<slug:slug>/entries/<int:pk>/status/", players.entry_status, name="entry_status"),
    path("e/<slug:slug>/entries/<int:pk>/reset-link/", desk.desk_reset, name="desk_reset"),
    path("e/<slug:slug>/entries/<int:pk>/game-link/", desk.game_link, name="game_link"),
    path("e/<slug:slug>/players/", players.player_list, name="players"),
    path("e/<slug:slug>/players/add/", players.player_add, name="player_add"),
    path("e/<slug:slug>/players/check-in/", players.check_in_bulk, name="check_in_bulk"),
    path("e/<slug:slug>/players/self-check-in/", home.check_in_open, name="check_in_open"),
    path("e/<slug:slug>/entries/<int:pk>/check-in/", home.check_in_self, name="check_in_self"),
    path("e/<slug:slug>/entries/<int:pk>/game/", results.own_game, name="own_game"),
    path("e/<slug:slug>/players/import/", player_imports.player_import, name="player_import"),
    path("e/<slug:slug>/players/import/<int:job>/", player_imports.player_import_job, name="player_import_job"),
    path("e/<slug:slug>/players/import/sample.csv", player_imports.player_import_sample, name="player_import_sample"),
    path("e/<slug:slug>/players/export.<str:fmt>", players.player_export, name="player_export"),
]

urlpatterns += [
    path("e/<slug:slug>/rounds/", rounds.round_list, name="rounds"),
    path("e/<slug:slug>/rounds/pair/", pairing_jobs.round_pair_view, name="round_pair"),
    path("e/<slug:slug>/rounds/pairing/<int:job>/", pairing_jobs.pairing_job, name="pairing_job"),
    path("e/<slug:slug>/rounds/<int:number>/", rounds.round_detail, name="round"),
    path("e/<slug:slug>/rounds/<int:number>/publish/", rounds.round_publish_view, name="round_publish"),
    path("e/<slug:slug>/rounds/<int:number>/delete/", rounds.round_delete_view, name="round_delete"),
    path("e/<slug:slug>/rounds/<int:number>/regenerate/", rounds.round_regenerate_view, name="round_regenerate"),
    path("e/<slug:slug>/rounds/<int:number>/swap/", rounds.seats_swap_view, name="seats_swap"),
    path("e/<slug:slug>/rounds/<int:number>/clock/", clock.round_clock, name="round_clock"),
    path("e/<slug:slug>/rounds/<int:number>/clock/<slug:action>/", clock.clock_control, name="clock_control"),
    path("e/<slug:slug>/rounds/extra/", final.round_extra, name="round_extra"),
    path("e/<slug:slug>/finish/", final.event_finish_view, name="event_finish"),
    path("e/<slug:slug>/finish-after-round/", final.event_finish_early, name="event_finish_early"),
    path("e/<slug:slug>/final/", final.final_standings, name="final"),
    path("e/<slug:slug>/final-standings.pdf", final.final_standings_pdf_view, name="final_pdf"),
    path("e/<slug:slug>/podium.pdf", final.podium_pdf_view, name="podium_pdf"),
    path("e/<slug:slug>/rounds/<int:number>/pairings.<table:fmt>", results.pairings_export, name="pairings_export"),
    path("e/<slug:slug>/pairings/", rounds.pairings, name="pairings"),
    path("e/<slug:slug>/pairings/<int:number>/", rounds.pairings, name="pairings_round"),
    path("e/<slug:slug>/games/<int:pk>/result/", results.game_result, name="game_result"),
    path("e/<slug:slug>/standings/", results.standings, name="standings"),
    path("e/<slug:slug>/standings/<int:pk>/", results.player_standing, name="player_standing"),
    path("e/<slug:slug>/standings.<table:fmt>", results.standings_export, name="standings_export"),
    path("e/<slug:slug>/results.<table:fmt>", results.results_export, name="results_export"),
    path("report/<str:token>/", results.report, name="report"),
    path("game/<str:token>/", results.my_game, name="my_game"),
]

urlpatterns += [
    path("events/import/", backups.backup_upload, name="backup_upload"),
    path("events/import-results/", imports.results_import, name="results_import"),
    path("e/<slug:slug>/audit/", audit.audit_log, name="audit"),
    path("e/<slug:slug>/backup.json", backups.backup_download, name="backup_download"),
    path("e/<slug:slug>/seats/<int:pk>/report-link/", report_links.report_link, name="report_link"),
]

urlpatterns += [
    path("e/<slug:slug>/entries/<int:pk>/army.pdf", pdf.army_sheet, name="army_sheet_pdf"),
    path("e/<slug:slug>/army-sheets.pdf", pdf.all_army_sheets, name="army_sheets_pdf"),
    path("e/<slug:slug>/rounds/<int:number>/<str:kind>.pdf", pdf.round_print, name="round_pdf"),
    path("e/<slug:slug>/standings.pdf", pdf.standings_print, name="standings_pdf"),
    path("e/<slug:slug>/print/<int:job>/", pdf.print_job, name="print_job"),
    path("e/<slug:slug>/print/<int:job>/retry/", pdf.print_job_retry, name="print_job_retry"),
    path("e/<slug:slug>/join-poster.pdf", pdf.join_poster, name="join_poster"),
]

urlpatterns += [
    path("e/<slug:slug>/stages/", stages.stage_index, name="stages"),
    path("e/<slug:slug>/stages/setup/", stages.stage_setup, name="stage_setup"),
    path("e/<slug:slug>/stages/pair/", pairing_jobs.stage_pair_view, name="stage_pair"),
    path("e/<slug:slug>/stages/<int:number>/", stages.stage_detail, name="stage"),
    path("e/<slug:slug>/stages/<int:number>.pdf", stages.stage_pdf_view, name="stage_pdf"),
    path("e/<slug:slug>/stages/<int:number>/edit/", stages.stage_edit, name="stage_edit"),
    path("e/<slug:slug>/stages/<int:number>/draw/", stages.stage_draw_view, name="stage_draw"),
    path("e/<slug:slug>/stages/<int:number>/delete/", stages.stage_delete_view, name="stage_delete"),
    path("e/<slug:slug>/armies/provided/", provided_armies.provided_armies, name="provided_armies"),
    path("e/<slug:slug>/armies/provided/<int:pk>/delete/", provided_armies.provided_army_delete,
         name="provided_army_delete"),
]
