"""Pages for a signed-in account acting for itself, or for whoever holds a player's own link: their home, entering
an event, their army and army sheet, checking in, their game and its report links; answering staff invitations
and merge suggestions; the ladder; creating events and leagues (whoever creates one organizes it)."""

from django.urls import path

from tournament.web.views import backups, events, home, imports, league_play, leagues, pdf, registration, results, staff

events_patterns = [
    path("me/", home.me, name="me"),
    path("events/new/", events.event_create, name="event_create"),
    path("events/import/", backups.backup_upload, name="backup_upload"),
    path("events/import-results/", imports.results_import, name="results_import"),
    path("me/staff-invitations/<int:pk>/", staff.invitation, name="staff_invitation"),
    path("me/staff-invitations/<int:pk>/accept/", staff.invitation_answer, {"answer": "accept"}, name="staff_accept"),
    path("me/staff-invitations/<int:pk>/decline/", staff.invitation_answer, {"answer": "decline"}, name="staff_decline"),
    path("e/<slug:slug>/register/", registration.register, name="register"),
    path("e/<slug:slug>/entries/<int:pk>/army/", registration.army, name="army"),
    path("e/<slug:slug>/entries/<int:pk>/army.pdf", pdf.army_sheet, name="army_sheet_pdf"),
    path("e/<slug:slug>/entries/<int:pk>/check-in/", home.check_in_self, name="check_in_self"),
    path("e/<slug:slug>/entries/<int:pk>/game/", results.own_game, name="own_game"),
    path("report/<str:token>/", results.report, name="report"),
    path("game/<str:token>/", results.my_game, name="my_game"),
]

leagues_patterns = [
    path("new/", leagues.league_create, name="create"),
    path("merges/", league_play.my_merges, name="my_merges"),
    path("<slug:slug>/ladder/", league_play.ladder_page, name="ladder"),
    path("<slug:slug>/ladder/<int:pk>/<str:answer>/", league_play.ladder_answer, name="ladder_answer"),
    path("<slug:slug>/merge/<int:player>/answer/<str:answer>/", league_play.merge_answer, name="merge_answer"),
    path("<slug:slug>/merge/<int:player>/mine/undo/", league_play.merge_undo_own, name="merge_undo_own"),
]
