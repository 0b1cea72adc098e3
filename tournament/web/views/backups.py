"""Whole-event backups: download, and upload as a new event of the importer's."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.models import Event
from tournament.transfer.backup import BackupError, export_event, import_event, parse_backup
from tournament.web.input_guard import takes_uploads
from tournament.web.permissions import ORGANIZER, event_view

MAX_BACKUP_BYTES = 20 * 1024 * 1024


@require_GET
@event_view(role=ORGANIZER)
def backup_download(request: HttpRequest, event: Event) -> HttpResponse:
    body = json.dumps(export_event(event), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-backup.json"'
    return response


@login_required
@takes_uploads(max_bytes=MAX_BACKUP_BYTES + 2**16)
def backup_upload(request: HttpRequest) -> HttpResponse:
    """Import an event from a backup as a new event of the importer's; nothing outside it is touched."""
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("file")
        slug = request.POST.get("slug", "").strip() or None
        try:
            if upload is None:
                raise BackupError(_("Choose a backup file."))
            if upload.size > MAX_BACKUP_BYTES:
                raise BackupError(_("The file is too large."))
            imported = import_event(parse_backup(upload.read()), slug=slug, importer=request.user)
        except BackupError as exc:
            error = str(exc)
        else:
            messages.success(request, _("Event imported."))
            _tell_what_was_not_carried(request, imported)
            return redirect(imported.event)
    return render(request, "tournament/backup_upload.html", {"error": error}, status=400 if error else 200)


def _tell_what_was_not_carried(request: HttpRequest, imported) -> None:
    if imported.roles:
        people = ", ".join(f"{username} ({role})" for username, role in imported.roles)
        messages.info(request, _("The backup names these roles; they were not granted. Invite these people "
                                 "if they should help run the event: %(people)s.") % {"people": people})
    if imported.accounts:
        people = ", ".join(f"{name} ({username})" for name, username in imported.accounts)
        messages.info(request, _("These players had accounts where the backup was made; their entries are not "
                                 "linked to any account here: %(people)s.") % {"people": people})
