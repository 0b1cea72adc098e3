"""The events' URLs (namespace "tournament"), put together from the audiences' modules."""

from tournament.web.urls import player, public, staff

app_name = "tournament"

urlpatterns = public.events_patterns + player.events_patterns + staff.events_patterns
