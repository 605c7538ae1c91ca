"""The Django admin for running the room. Every change to a table or seat goes through the
single writer (games/services/hosting.py), so it takes effect safely at a live table, is
broadcast to its pages and is recorded in the admin log."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.models import LogEntry
from django.db.models import Count, Q, Sum
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from games.engine import HandState, export_phh
from games.host_settings import HOST_SETTINGS, number_settings_problem
from games.models import (
    Hand,
    HandAction,
    HandPlayer,
    LedgerEntry,
    Player,
    Seat,
    Table,
    Tournament,
    TournamentEntry,
)
from games.rotation_field import RotationField, check_rotation
from games.services import ServiceError, hosting


def _run_for_each(request, objects, action, done: str) -> None:
    for obj in objects:
        try:
            action(obj.pk, request.user)
        except ServiceError as error:
            messages.error(request, f"{obj}: {error}")
        else:
            messages.success(request, f"{obj}: {done}")


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("number", "user", "stack", "sitting_out", "leave_after_hand")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


class TableAdminForm(forms.ModelForm):
    """The table's settings, the home-game ones too (as the host sets them from the felt); a
    change that cannot be made now (seats taken beyond a smaller table) is refused next to
    the field, with the writer's own sentence."""

    dealers_choice_games = RotationField(
        label="Dealer's choice games, in order", required=False,
        help_text="Dealt an orbit each when the game is dealer's choice; \"none\" is skipped.",
    )

    class Meta:
        model = Table
        # Every setting a host may change (games/host_settings.py), here for staff.
        fields = [setting.name for setting in HOST_SETTINGS]

    def clean(self):
        data = super().clean()
        check_rotation(self, data)
        problem = hosting.game_settings_problem(data) or number_settings_problem(data)
        if problem and not self.errors:
            raise forms.ValidationError(problem)
        if self.instance.pk and not self.errors:
            changes = {name: data[name] for name in self.changed_data if name in data}
            if changes:
                try:
                    hosting.check_settings(self.instance.pk, changes)
                except ServiceError as error:
                    raise forms.ValidationError(str(error)) from None
        return data


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """Tables change only through the writer (games/services/hosting.py): locked, versioned,
    broadcast and logged. A table with players cannot be deleted, only closed."""

    form = TableAdminForm
    list_display = ["name", "stakes", "status", "players", "hand_count", "is_private", "host"]
    list_filter = ["status", "is_private"]
    search_fields = ["name"]
    readonly_fields = ["status", "version", "button", "hands_played", "next_hand_at", "invite_code"]
    inlines = [SeatInline]
    actions = ["pause", "resume", "close", "delete_empty"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("host")
            .annotate(player_count=Count("seats", distinct=True))
        )

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # replaced by delete_empty, through the writer
        return actions

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.seats.exists():
            return False  # close it instead: its stacks go back to the bankrolls
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        values = {name: form.cleaned_data[name] for name in form.changed_data}
        if not change:
            host = values.pop("host", None)
            created = hosting.create_table(host, **values)
            obj.pk = created.pk
            obj.refresh_from_db()
            return
        if values:
            try:
                hosting.update_settings(obj.pk, request.user, values)
            except ServiceError as error:  # changed by someone else since the form was read
                messages.error(request, str(error))
        obj.refresh_from_db()

    def delete_model(self, request, obj):
        hosting.delete_table(obj.pk, request.user)

    @admin.display(description="Blinds")
    def stakes(self, table):
        ante = f" ante {table.ante}" if table.ante else ""
        return f"{table.small_blind}/{table.big_blind}{ante}"

    @admin.display(description="Players", ordering="player_count")
    def players(self, table):
        return table.player_count

    @admin.display(description="Hands", ordering="hands_played")
    def hand_count(self, table):
        return table.hands_played

    @admin.action(description="Pause (after the current hand)")
    def pause(self, request, queryset):
        _run_for_each(request, queryset, hosting.pause, "paused.")

    @admin.action(description="Resume")
    def resume(self, request, queryset):
        _run_for_each(request, queryset, hosting.resume, "resumed.")

    @admin.action(description="Close (stacks go back to bankrolls)")
    def close(self, request, queryset):
        _run_for_each(request, queryset, hosting.close, "closed.")

    @admin.action(description="Delete (empty tables only; close a table with players first)")
    def delete_empty(self, request, queryset):
        _run_for_each(request, queryset, hosting.delete_table, "deleted.")


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "user", "stack", "sitting_out", "leave_after_hand"]
    list_select_related = ["table", "user"]
    search_fields = ["user__username", "table__name"]
    readonly_fields = [
        "table", "user", "number", "stack", "sitting_out", "entry", "consecutive_timeouts",
        "leave_after_hand", "busted_at", "time_bank_used_in_hand",
    ]
    actions = ["remove", "sit_out"]

    def has_add_permission(self, request):
        return False  # players sit down themselves

    def has_delete_permission(self, request, obj=None):
        return False  # removing goes through the action, which cashes the stack out

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description="Remove from the table (at the end of the hand)")
    def remove(self, request, queryset):
        _run_for_each(request, queryset, hosting.remove_seat, "removed.")

    @admin.action(description="Sit out")
    def sit_out(self, request, queryset):
        _run_for_each(request, queryset, hosting.sit_out_seat, "sat out.")


class AdjustmentForm(forms.Form):
    amount = forms.IntegerField(help_text="Chips to add (negative to take away).")
    reason = forms.CharField(max_length=200)

    def clean_amount(self):
        amount = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError("An adjustment of zero changes nothing.")
        return amount


class LedgerInline(admin.TabularInline):
    model = LedgerEntry
    fk_name = "user"
    fields = ("created_at", "kind", "amount", "bankroll_after", "table", "reason", "created_by")
    readonly_fields = fields
    extra = 0
    can_delete = False
    max_num = 0
    ordering = ["-created_at", "-id"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["user", "bankroll", "is_guest", "hands", "net", "adjust_link"]
    search_fields = ["user__username"]
    list_filter = ["is_guest"]
    readonly_fields = ["user", "bankroll", "is_guest", "last_top_up", "ledger"]

    def get_queryset(self, request):
        # Hands played with play chips only: a tournament's chips are not the bankroll's.
        done = Q(user__hands_played__finishing_stack__isnull=False,
                 user__hands_played__hand__table__is_tournament=False)
        return (
            super()
            .get_queryset(request)
            .select_related("user")
            .annotate(
                hand_count=Count("user__hands_played", filter=done),
                net_chips=Sum("user__hands_played__finishing_stack", filter=done)
                - Sum("user__hands_played__starting_stack", filter=done),
            )
        )

    def has_add_permission(self, request):
        return False

    @admin.display(description="Cash hands played", ordering="hand_count")
    def hands(self, player):
        return player.hand_count

    @admin.display(description="Net chips (cash tables)", ordering="net_chips")
    def net(self, player):
        return player.net_chips or 0

    @admin.display(description="Ledger")
    def ledger(self, player):
        rows = LedgerEntry.objects.filter(user_id=player.user_id)[:50]
        return format_html_join(
            "\n",
            "<div>{} · {} {} → {} {}</div>",
            (
                (f"{e.created_at:%Y-%m-%d %H:%M}", e.get_kind_display(), f"{e.amount:+}",
                 e.bankroll_after, e.reason)
                for e in rows
            ),
        )

    @admin.display(description="")
    def adjust_link(self, player):
        url = reverse("admin:games_player_adjust", args=[player.pk])
        return format_html('<a href="{}">Adjust bankroll</a>', url)

    def get_urls(self):
        return [
            path(
                "<int:player_id>/adjust/",
                self.admin_site.admin_view(self.adjust_view),
                name="games_player_adjust",
            ),
            *super().get_urls(),
        ]

    def adjust_view(self, request, player_id):
        player = get_object_or_404(Player.objects.select_related("user"), pk=player_id)
        if not self.has_change_permission(request, player):
            return HttpResponse("You may not adjust bankrolls.", status=403)
        form = AdjustmentForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                hosting.adjust_bankroll(
                    player.user, form.cleaned_data["amount"], form.cleaned_data["reason"],
                    request.user,
                )
            except Exception as error:  # ChipError: e.g. it would go below zero
                form.add_error(None, str(error))
            else:
                messages.success(request, f"Adjusted {player.user}'s bankroll.")
                return redirect("admin:games_player_change", player.pk)
        context = {
            **self.admin_site.each_context(request),
            "title": f"Adjust the bankroll of {player.user}",
            "player": player,
            "form": form,
            "opts": self.model._meta,
        }
        return render(request, "admin/games/player/adjust.html", context)


class HandPlayerInline(admin.TabularInline):
    model = HandPlayer
    fields = ("seat", "user", "cards", "starting_stack", "finishing_stack", "shown", "mucked")
    readonly_fields = fields
    extra = 0
    can_delete = False
    max_num = 0

    @admin.display(description="Hole cards")
    def cards(self, hand_player):
        # Staff see every hand's cards, but only once the hand is over.
        if hand_player.hand.status == Hand.Status.IN_PROGRESS:
            return "hidden until the hand ends"
        return hand_player.hole_cards


class HandActionInline(admin.TabularInline):
    model = HandAction
    fields = ("sequence", "street", "seat", "kind", "amount", "timed_out", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    max_num = 0


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table", "number", "status", "board", "started_at", "ended_at"]
    list_filter = ["status"]
    list_select_related = ["table"]
    search_fields = ["table__name", "players__user__username"]
    fields = ("table", "number", "button", "board", "status", "pots", "started_at", "ended_at",
              "phh_link")
    readonly_fields = fields
    inlines = [HandPlayerInline, HandActionInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="Hand history")
    def phh_link(self, hand):
        if hand.status != Hand.Status.COMPLETE:
            return "available once the hand is complete"
        url = reverse("admin:games_hand_phh", args=[hand.pk])
        return format_html('<a href="{}">Download PHH</a>', url)

    def get_urls(self):
        return [
            path(
                "<int:hand_id>/phh/",
                self.admin_site.admin_view(self.phh_view),
                name="games_hand_phh",
            ),
            *super().get_urls(),
        ]

    def phh_view(self, request, hand_id):
        hand = get_object_or_404(Hand.objects.select_related("table"), pk=hand_id)
        if not self.has_view_permission(request, hand):
            return HttpResponse("You may not view hands.", status=403)
        if hand.status != Hand.Status.COMPLETE:
            return HttpResponse("The hand is not complete yet.", status=409)
        names = dict(hand.players.values_list("seat", "user__username"))
        state = HandState.from_dict(hand.state)
        text = export_phh(
            state,
            players=[names[seat] for seat in state.seats],
            table=hand.table.name,
            hand=hand.number,
        )
        response = HttpResponse(text, content_type="application/toml; charset=utf-8")
        filename = f"table{hand.table_id}-hand{hand.number}.phh"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class TournamentEntryInline(admin.TabularInline):
    model = TournamentEntry
    fields = ("user", "status", "place", "place_worst", "prize", "busted_in_hand")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Sit-and-gos, read-only: they change only through the services (registration moves
    chips through the ledger; the table's writer plays it)."""

    list_display = ["name", "status", "entrants", "buy_in", "prize_pool", "starting_stack",
                    "payout", "level_shown", "host", "started_at", "finished_at"]
    list_filter = ["status", "payout"]
    list_select_related = ["host"]
    search_fields = ["name", "entries__user__username"]
    fields = ("name", "status", "host", "max_players", "buy_in", "starting_stack", "payout",
              "schedule_preset", "schedule", "action_seconds", "table", "level", "created_at",
              "started_at", "finished_at")
    readonly_fields = fields
    inlines = [TournamentEntryInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(entry_count=Count("entries"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="Players", ordering="entry_count")
    def entrants(self, tournament):
        return f"{tournament.entry_count}/{tournament.max_players}"

    @admin.display(description="Prize pool")
    def prize_pool(self, tournament):
        return tournament.prize_pool(tournament.entry_count)

    @admin.display(description="Level", ordering="level")
    def level_shown(self, tournament):
        return tournament.level + 1 if tournament.started_at else ""


@admin.register(LogEntry)
class StaffLogAdmin(admin.ModelAdmin):
    """Every staff change (who, what, when), read-only."""

    list_display = ["action_time", "user", "content_type", "object_repr", "change_message"]
    list_filter = ["content_type"]
    list_select_related = ["user", "content_type"]
    search_fields = ["object_repr", "change_message", "user__username"]
    date_hierarchy = "action_time"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
