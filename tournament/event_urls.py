"""Event pages: home, event, registration and players."""

from django.urls import path

from .views import events, players, registration

app_name = "tournament"

urlpatterns = [
    path("", events.home, name="home"),
    path("events/new/", events.event_create, name="event_create"),
    path("e/<slug:slug>/", events.event_detail, name="event"),
    path("e/<slug:slug>/edit/", events.event_edit, name="event_edit"),
    path("e/<slug:slug>/register/", registration.register, name="register"),
    path("e/<slug:slug>/lock-armies/", registration.lock_armies, name="lock_armies"),
    path("e/<slug:slug>/army-defaults/", registration.army_defaults, name="army_defaults"),
    path("e/<slug:slug>/entries/<int:pk>/army/", registration.army, name="army"),
    path("e/<slug:slug>/entries/<int:pk>/edit/", players.entry_edit, name="entry_edit"),
    path("e/<slug:slug>/entries/<int:pk>/row/", players.entry_row, name="entry_row"),
    path("e/<slug:slug>/entries/<int:pk>/status/", players.entry_status, name="entry_status"),
    path("e/<slug:slug>/players/", players.player_list, name="players"),
    path("e/<slug:slug>/players/add/", players.player_add, name="player_add"),
    path("e/<slug:slug>/players/import/", players.player_import, name="player_import"),
    path("e/<slug:slug>/players/export.<str:fmt>", players.player_export, name="player_export"),
]
