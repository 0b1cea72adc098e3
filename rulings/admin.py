"""Admin for the rules library (documents are imported; edit only glossary links by hand)."""

from __future__ import annotations

from django.contrib import admin

from rulings.models import Clause, Document, DoubtDecision, RulingLogEntry, Section, Term


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ["slug", "short_title", "language", "game", "edition", "authority"]
    list_filter = ["language", "game", "authority"]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["key", "title", "document", "line_start", "line_end"]
    list_filter = ["document"]
    search_fields = ["key", "title"]


@admin.register(Clause)
class ClauseAdmin(admin.ModelAdmin):
    list_display = ["key", "number", "kind", "document", "line_start", "line_end"]
    list_filter = ["document", "kind", "phil_barker", "translator_note"]
    search_fields = ["key", "text"]
    readonly_fields = ["search_text", "terms"]


@admin.register(Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ["slug", "term", "abbreviation"]
    search_fields = ["slug", "term", "abbreviation"]
    filter_horizontal = ["clauses"]


@admin.register(RulingLogEntry)
class RulingLogEntryAdmin(admin.ModelAdmin):
    list_display = ["event", "table", "flow_id", "ruling_node", "recorded_by", "created_at"]
    list_filter = ["event", "flow_id"]
    search_fields = ["players", "note", "table"]


@admin.register(DoubtDecision)
class DoubtDecisionAdmin(admin.ModelAdmin):
    list_display = ["event", "doubt_id", "recorded_by", "updated_at"]
    list_filter = ["event"]
    search_fields = ["doubt_id", "decision"]
