from django.contrib import admin

from games.models import Table


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["name", "small_blind", "big_blind", "max_seats", "status", "is_private"]
    list_filter = ["status", "is_private"]
    search_fields = ["name"]
