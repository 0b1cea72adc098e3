"""The baseline of bench/pages.py and bench/capacity.py: a one-view Django project (startproject's middleware, no database), served by
the same gunicorn as the app. `DJANGO_SETTINGS_MODULE=bare_page gunicorn bare_page` from this directory."""

from __future__ import annotations

import os
import secrets

from django.core.wsgi import get_wsgi_application
from django.http import HttpResponse
from django.urls import path

DEBUG = False
SECRET_KEY = os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50)
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = __name__
INSTALLED_APPS = ["django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions",
                  "django.contrib.messages"]
MIDDLEWARE = [  # what `django-admin startproject` writes
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
DATABASES: dict = {}
USE_TZ = True


def page(request):
    return HttpResponse("<!doctype html><title>Bare</title><p>A bare Django page.</p>")


urlpatterns = [path("", page)]
application = get_wsgi_application()
