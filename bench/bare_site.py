"""The baseline of bench/capacity.py: a one-view Django project (no database, no apps), served by the
same gunicorn setup as the app. `gunicorn bare_site:application` from bench/."""

import secrets

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.http import HttpResponse
from django.urls import path

settings.configure(
    DEBUG=False, SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__, MIDDLEWARE=["django.middleware.security.SecurityMiddleware",
                                       "django.middleware.common.CommonMiddleware"],
)


def page(request):
    return HttpResponse("<!doctype html><title>Bare</title><p>A bare Django page.</p>")


urlpatterns = [path("", page)]
application = get_wsgi_application()
