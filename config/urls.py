"""Root URLconf."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from rulings.views.calculators import calc_api
from tournament.web.views.accounts import RateLimitedLoginView
from tournament.web.views.registration import signup

urlpatterns = [
    path("", include("tournament.web.event_urls")),
    path("accounts/login/", RateLimitedLoginView.as_view(), name="login"),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("rulings/", include("rulings.urls")),
    path("api/calc/<str:name>/", calc_api, name="calc_api"),
    path("admin/", admin.site.urls),
]

handler400 = "tournament.web.errors.bad_request"
