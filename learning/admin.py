"""Learning progress in the admin: read it, search it by user; the site writes it."""

from django.contrib import admin

from learning.models import Attempt, Rated, Review, ThemeScore


@admin.register(ThemeScore)
class ThemeScoreAdmin(admin.ModelAdmin):
    list_display = ("user", "theme", "right", "attempts", "streak", "best_streak")
    list_filter = ("theme",)
    search_fields = ("user__username",)


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("user", "theme", "seed", "answer", "right", "from_review", "answered_at")
    list_filter = ("theme", "right", "from_review")
    search_fields = ("user__username",)


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    list_display = ("user", "theme", "seed", "hand", "decision", "state", "stability", "due_at")
    list_filter = ("theme", "state")
    search_fields = ("user__username",)


@admin.register(Rated)
class RatedAdmin(admin.ModelAdmin):
    list_display = ("review", "rating", "answer", "answered_at")
    list_filter = ("rating",)
    search_fields = ("review__user__username",)
