"""A learner's progress: every answer (``Attempt``), a score per drill theme
(``ThemeScore``), and the review queue of questions they got wrong (``Review``).

Guests are users too (``games.accounts``), so a guest's progress is theirs, and stays theirs
when they keep the account. Only ``learning.progress`` writes these rows.
"""

from django.conf import settings
from django.db import models

from learning.drills import drill_choices


class Attempt(models.Model):
    """One answer to one question (a theme and a seed name the question exactly)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="learning_attempts")
    theme = models.CharField(max_length=20, choices=drill_choices)
    seed = models.BigIntegerField()
    answer = models.CharField(max_length=20)
    right = models.BooleanField()
    from_review = models.BooleanField(default=False)  # the question came from the queue
    answered_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["user", "theme", "seed"])]
        ordering = ["-answered_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} {self.theme} #{self.seed}: {'right' if self.right else 'wrong'}"


class ThemeScore(models.Model):
    """A learner's running score in one drill theme (and so in the lesson that ends in it)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="learning_scores")
    theme = models.CharField(max_length=20, choices=drill_choices)
    attempts = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)  # right answers in a row, now
    best_streak = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "theme"],
                                               name="one_score_per_user_and_theme"),
                       models.CheckConstraint(condition=models.Q(right__lte=models.F("attempts")),
                                              name="no_more_right_than_attempts")]

    def __str__(self) -> str:
        return f"{self.user} {self.theme}: {self.right}/{self.attempts}"

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.attempts) if self.attempts else 0


class Review(models.Model):
    """A question the learner got wrong, due again at ``due_at``; ``step`` counts the right
    answers since (the intervals are in ``learning.progress``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="learning_reviews")
    theme = models.CharField(max_length=20, choices=drill_choices)
    seed = models.BigIntegerField()
    step = models.PositiveSmallIntegerField(default=0)
    due_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "theme", "seed"],
                                               name="one_review_per_question")]
        ordering = ["due_at", "id"]

    def __str__(self) -> str:
        return f"{self.user} {self.theme} #{self.seed} due {self.due_at:%Y-%m-%d %H:%M}"
