"""League URLs (namespace "leagues"), under /leagues/, put together from the audiences' modules: the fixed paths
(`new/`, `merges/`, `invitations/`) before the public "<slug>/" that would take them."""

from tournament.web.urls import player, public, staff

app_name = "leagues"

urlpatterns = player.leagues_patterns + staff.leagues_patterns + public.leagues_patterns
