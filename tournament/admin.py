from django import forms
from django.contrib import admin
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournament.models import (
    AuditEntry,
    Club,
    ConfirmedEmail,
    Event,
    EventRole,
    Game,
    LadderGame,
    LadderPair,
    League,
    LeagueEvent,
    LeagueMerge,
    LeagueRole,
    LimitHit,
    PairingJob,
    Player,
    PlayerImportJob,
    PrintJob,
    ProvidedArmy,
    Registration,
    ResultReport,
    Round,
    Seat,
    StaffInvitation,
    Stage,
    StageEntry,
)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "region", "country"]
    search_fields = ["name", "region"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "region", "email", "user"]
    list_filter = ["club"]
    search_fields = ["name", "email"]
    autocomplete_fields = ["club", "user"]


class EventRoleInline(admin.TabularInline):
    model = EventRole
    extra = 0
    autocomplete_fields = ["user"]


class EventAdminForm(forms.ModelForm):
    """A changed date or edition must still fit the leagues the event is in or waiting to join, as on the
    organizer's form (`events.services.keeps_its_leagues`, inside the admin's own transaction: it saves after)."""

    def clean(self):
        from tournament.events.services import LeagueMisfit, keeps_its_leagues
        from tournament.web.forms.events import league_misfit

        cleaned = super().clean()
        changes = {f: cleaned[f] for f in ("date", "edition") if f in self.changed_data and cleaned.get(f) is not None}
        if self.instance.pk and changes:
            try:
                keeps_its_leagues(self.instance, changes)
            except LeagueMisfit as refused:
                self.add_error(refused.field, league_misfit(refused))
        return cleaned


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    form = EventAdminForm
    list_display = ["name", "slug", "date", "edition", "rounds_planned", "scoring_preset", "armies_locked",
                    "global_rating", "global_rating_approved"]
    list_filter = ["edition", "armies_locked", "global_rating", "global_rating_approved"]
    actions = ["approve_global_rating", "withdraw_global_rating"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EventRoleInline]

    def get_readonly_fields(self, request, obj=None):
        """Once results are confirmed, the edition, the camp reading and the scoring are read-only here too, as on
        the organizer's form: their points were counted and their winners decided under them, and a change here
        would not rescore them ("Change the scoring" does, showing the table before and after). A bye alone locks
        the scoring here (its points are the scoring's, and a save here would not score it again), not the other
        two."""
        from tournament.results.rescoring import has_played_results, has_scores

        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.pk and has_scores(obj):
            fields += ["scoring_preset", "wdl_points", "scoring_definition"]
            if has_played_results(obj):
                fields += ["edition", "victory_camp_reading"]
        return fields

    @admin.action(description=_("Approve for the global rating (the events that asked to count)"),
                  permissions=["change"])
    def approve_global_rating(self, request, queryset):
        self._approve(request, queryset.filter(global_rating=True), True)

    @admin.action(description=_("Withdraw from the global rating"), permissions=["change"])
    def withdraw_global_rating(self, request, queryset):
        self._approve(request, queryset, False)

    def _approve(self, request, queryset, approved: bool) -> None:
        from tournament.events.audit import audit

        with transaction.atomic():
            for event in queryset.select_for_update().filter(global_rating_approved=not approved):
                event.global_rating_approved = approved
                event.save(update_fields=["global_rating_approved"])
                audit(event=event, user=request.user, action="event.global_rating", target=event.slug,
                      before={"approved": not approved}, after={"approved": approved})


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "army_ref", "army_name", "status"]
    list_filter = ["event", "status"]
    search_fields = ["name", "army_ref", "army_name"]
    autocomplete_fields = ["player"]
    list_select_related = ["player", "event"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["registration"]
    exclude = ["report_token"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "published_at"]
    list_filter = ["event", "status"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "is_bye", "status", "outcome"]
    list_filter = ["round__event", "status"]
    inlines = [SeatInline]


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    list_display = ["game", "source", "submitted_by", "created_at"]
    list_filter = ["source"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "event", "user", "action", "target"]
    list_filter = ["event", "action"]
    readonly_fields = ["at", "event", "user", "action", "target", "before", "after"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PrintJob)
class PrintJobAdmin(admin.ModelAdmin):
    """Print jobs are made by the pages and the task worker; the admin shows them and can delete them."""

    list_display = ["event", "kind", "status", "requested_by", "attempts", "created_at"]
    list_filter = ["status", "kind"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class LeagueRoleInline(admin.TabularInline):
    model = LeagueRole
    extra = 0
    raw_id_fields = ["user"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "season_start", "season_end", "edition", "public", "scoring_preset"]
    list_filter = ["public", "edition"]
    search_fields = ["name", "slug"]
    inlines = [LeagueRoleInline]


@admin.register(LeagueRole)
class LeagueRoleAdmin(admin.ModelAdmin):
    list_display = ["league", "user", "role"]
    raw_id_fields = ["user"]


@admin.register(LeagueEvent)
class LeagueEventAdmin(admin.ModelAdmin):
    list_display = ["league", "event", "state", "premier", "accepted_at"]
    list_filter = ["state", "premier"]
    raw_id_fields = ["event", "created_by"]


@admin.register(StaffInvitation)
class StaffInvitationAdmin(admin.ModelAdmin):
    list_display = ["event", "invited_as", "user", "role", "state", "created_at"]
    list_filter = ["state", "role"]
    raw_id_fields = ["event", "user", "invited_by"]


@admin.register(LeagueMerge)
class LeagueMergeAdmin(admin.ModelAdmin):
    list_display = ["league", "player", "into", "created_by", "created_at"]
    raw_id_fields = ["player", "into", "created_by"]


@admin.register(LadderGame)
class LadderGameAdmin(admin.ModelAdmin):
    list_display = ["league", "played_on", "player_a", "player_b", "outcome", "state"]
    list_filter = ["state"]
    raw_id_fields = ["player_a", "player_b", "reported_by", "confirmed_by"]


@admin.register(ConfirmedEmail)
class ConfirmedEmailAdmin(admin.ModelAdmin):
    """Which address each account confirmed (by the link mailed to it); staff may remove one to ask again."""

    list_display = ["user", "email", "confirmed_at"]
    search_fields = ["user__username", "email"]
    raw_id_fields = ["user"]


@admin.register(LimitHit)
class LimitHitAdmin(admin.ModelAdmin):
    """Tries counted against the limits (hashed keys, kept a day): shown, cleared, never written by hand."""

    list_display = ["scope", "key", "at"]
    list_filter = ["scope"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
@admin.register(LadderPair)
class LadderPairAdmin(admin.ModelAdmin):
    list_display = ["league", "player_low", "player_high", "state", "decided_by", "created_at"]
    list_filter = ["state"]
    raw_id_fields = ["player_low", "player_high", "decided_by"]


class StageEntryInline(admin.TabularInline):
    model = StageEntry
    extra = 0
    raw_id_fields = ["registration"]


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    """An event's stages (groups, brackets, finals); the organizer sets them up on the event's pages."""

    list_display = ["event", "number", "name", "kind", "entrants", "drawn_at"]
    list_filter = ["kind"]
    raw_id_fields = ["event", "source"]
    inlines = [StageEntryInline]


@admin.register(ProvidedArmy)
class ProvidedArmyAdmin(admin.ModelAdmin):
    list_display = ["event", "round_number", "table", "army_a", "army_b"]
    raw_id_fields = ["event"]


@admin.register(PairingJob)
class PairingJobAdmin(admin.ModelAdmin):
    """Pairing jobs are made by the rounds page and run by the task worker; the admin shows them."""

    list_display = ["event", "kind", "status", "requested_by", "attempts", "created_at"]
    list_filter = ["status", "kind"]
    raw_id_fields = ["event", "requested_by", "round"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PlayerImportJob)
class PlayerImportJobAdmin(admin.ModelAdmin):
    """Player import jobs are made by the import page and run by the task worker; the admin shows them."""

    list_display = ["event", "filename", "rows", "status", "added", "requested_by", "attempts", "created_at"]
    list_filter = ["status"]
    raw_id_fields = ["event", "requested_by"]
    exclude = ["table"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
