from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = _("Rulings")

    def ready(self):
        from rulings.search import generation  # noqa: F401 - connects the library's writes to its generation
