"""The guide's URLs (namespace "guide"): public, as the guide is for anyone."""

from django.urls import path

from tournament.web.views.guide import guide

app_name = "guide"

urlpatterns = [path("", guide, name="index")]
