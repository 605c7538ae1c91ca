from django.contrib import admin

from clubs.models import (
    Club,
    Correction,
    JoinRequest,
    Membership,
    Night,
    NightResult,
    Season,
    Transfer,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created_at"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner"]
    inlines = [MembershipInline]


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    list_display = ["club", "user", "created_at"]
    raw_id_fields = ["user"]


class ResultInline(admin.TabularInline):
    model = NightResult
    extra = 0
    raw_id_fields = ["user"]
    readonly_fields = ["user", "chips", "played_cents", "carried_cents"]


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "chips", "cents", "currency", "settled_at"]
    list_filter = ["currency"]
    raw_id_fields = ["tables", "tournaments"]
    inlines = [ResultInline]


@admin.register(Transfer)
class TransferAdmin(admin.ModelAdmin):
    list_display = ["night", "payer", "payee", "cents", "paid_at", "carried_to"]
    raw_id_fields = ["payer", "payee", "paid_by", "night", "carried_to"]


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    """Disputes: a manager's correction of a night's result, with its reason."""

    list_display = ["night", "loser", "winner", "cents", "reason", "created_by", "created_at"]
    search_fields = ["reason", "loser__username", "winner__username"]
    raw_id_fields = ["night", "loser", "winner", "created_by"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "starts_on", "ends_on", "night_count", "currency", "points"]
