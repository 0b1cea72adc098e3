"""Root URLconf."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path

from rulings.views.calculators import calc_api
from tournament.web.views import accounts, offline, ratings
from tournament.web.views.language import language_switch
from tournament.web.views.registration import signup

urlpatterns = [
    path("", include("tournament.web.urls.events")),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/password-reset/", accounts.password_reset, name="password_reset"),
    path("accounts/password-reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", accounts.password_reset_confirm, name="password_reset_confirm"),
    path("accounts/reset/done/", accounts.password_reset_complete, name="password_reset_complete"),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/desk-code/", accounts.desk_code_page, name="desk_code"),
    path("accounts/confirm-email/", accounts.email_confirm_request, name="confirm_email_request"),
    path("accounts/confirm-email/<str:token>/", accounts.email_confirm, name="confirm_email"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("leagues/", include("tournament.web.urls.leagues")),
    path("guide/", include("tournament.web.urls.guide")),
    path("ratings/", ratings.global_ratings, name="global_ratings"),
    path("i18n/setlang/", language_switch, name="set_language"),
    path("rulings/", include("rulings.urls")),
    path("api/calc/<str:name>/", calc_api, name="calc_api"),
    # The admin's own login, with the same one-try-at-a-time lock (django-axes limits it like every login).
    path("admin/login/", accounts.admin_login_view),
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page links: send them to the static icon (resolved per
    # request: with DEBUG off the hashed name comes from the collected manifest).
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline, name="offline"),
    path("favicon.ico", lambda request: HttpResponsePermanentRedirect(static("img/favicon.svg"))),
]

handler400 = "tournament.web.errors.bad_request"
