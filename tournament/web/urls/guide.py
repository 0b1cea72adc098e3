"""The guide's URLs (namespace "guide")."""

from django.urls import path

from tournament.web.views.guide import guide

app_name = "guide"

urlpatterns = [path("", guide, name="index")]
