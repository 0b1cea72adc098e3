"""Problems reading an uploaded table (codes from tournament/transfer/exports.py) as sentences, and the refusal of
an import that would bring an event more people than it may hold."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.transfer.exports import TableError


def table_error_message(error: TableError) -> str:
    p = error.params
    messages = {
        "empty": _("The file is empty."),
        "not_xlsx": _("The file is not a readable XLSX workbook."),
        "not_text": _("The file is not text (CSV) in UTF-8 or Windows encoding."),
        "unreadable_csv": _("The CSV file cannot be read: %(detail)s") % {"detail": p.get("detail", "")},
        "unpacked_too_large": _("The workbook is too large once unpacked (%(size)s MB; the limit is %(limit)s MB).")
        % {"size": p.get("size"), "limit": p.get("limit")},
        "too_many_rows": _("Too many rows: the limit is %(limit)s.") % {"limit": p.get("limit")},
        "too_many_columns": _("Too many columns: the limit is %(limit)s.") % {"limit": p.get("limit")},
        "duplicate_column": _("The column “%(column)s” appears twice.") % {"column": p.get("column", "")},
        "too_many_cells": _("The workbook holds more than %(rows)s rows of %(columns)s columns.")
        % {"rows": p.get("rows"), "columns": p.get("columns")},
        "extra_cells": _("Line %(line)s has more cells than the header.") % {"line": p.get("line")},
    }
    return messages.get(error.code, str(error))


def entries_cap_message(people: int) -> str:
    """An import refused for bringing a new event more people than settings.MAX_EVENT_ENTRIES (as the players file
    import refuses them: tournament/registration/player_import.py, `check_import_allowed`)."""
    most = settings.MAX_EVENT_ENTRIES
    return ngettext("An event takes at most %(max)s player: the file has %(n)s.",
                    "An event takes at most %(max)s players: the file has %(n)s.", most) % {"max": most, "n": people}
