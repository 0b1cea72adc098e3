"""The rules library's generation: a short random token in the shared cache that the anonymous rules search
pages are kept under (`tournament.web.page_caches.shared_page`), replaced when an import of the rules commits
or a document, clause or glossary term is saved, or a document or term deleted (the admin), so that the next
search reads the new library: once per transaction, however many rows it wrote. A lost token (the cache
evicted or restarted) is replaced on the next read, and a token lives at most `SECONDS`: a write that sends no
signal (a clause deleted on its own, which keeps Django's fast delete of the importer's clauses; the importer's
bulk writes say so themselves) shows within that time."""

from __future__ import annotations

import secrets

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from rulings.models import Clause, Document, Term

KEY = "rules-library-generation"
SECONDS = 60


def library_generation() -> str:
    """The token the rules search's anonymous pages are kept under: one cache read."""
    token = cache.get(KEY)
    if token is None:
        cache.add(KEY, secrets.token_hex(8), SECONDS)  # two readers at once: the first one's token stays
        token = cache.get(KEY) or ""
    return token


def _renew() -> None:
    cache.set(KEY, secrets.token_hex(8), SECONDS)


def library_changed(**_) -> None:
    """The library was written: a new token once the writing transaction commits (one for the transaction)."""
    connection = transaction.get_connection()
    if not any(function is _renew for _, function, _ in connection.run_on_commit):
        transaction.on_commit(_renew)


for _model in (Document, Clause, Term):
    post_save.connect(library_changed, sender=_model, dispatch_uid=f"library-generation-save-{_model.__name__}")
for _model in (Document, Term):
    post_delete.connect(library_changed, sender=_model, dispatch_uid=f"library-generation-delete-{_model.__name__}")
