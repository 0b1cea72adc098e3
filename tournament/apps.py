from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def create_cache_table(sender, using="default", verbosity=1, **kwargs) -> None:
    """`migrate` also makes the database cache's table (when the cache is the database's), so a fresh
    deployment needs no extra step. Idempotent, like `createcachetable`."""
    from django.core.management import call_command

    call_command("createcachetable", database=using, verbosity=max(0, verbosity - 1))


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        post_migrate.connect(create_cache_table, sender=self, dispatch_uid="tournament-cache-table")
        from tournament.events import cache_keys

        cache_keys.connect()
