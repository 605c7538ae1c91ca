"""A learner's progress: every answer (``Attempt``), a score per drill theme
(``ThemeScore``), the review queue of cards (``Review``: questions they got wrong and
decisions of their hands the coach graded Wrong or Blunder) and each rated answer to a card
(``Rated``).

Guests are users too (``games.accounts``), so a guest's progress is theirs, and stays theirs
when they keep the account. Only ``learning.progress`` writes these rows.
"""

from django.conf import settings
from django.db import models

from learning.card_themes import card_choices
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
    """A card in the learner's review queue, scheduled by FSRS (``learning.schedule``).

    Either a drill question they got wrong (``seed``) or a decision of their own hand that
    the coach graded Wrong or Blunder (``hand`` and ``decision``, the action's place in the
    hand; ``spot`` keeps what they saw then and the coach's options, see
    ``learning.mistakes``). ``state``, ``step``, ``stability``, ``difficulty`` and
    ``last_review`` are the fsrs card's; ``due_at`` is its due date.
    """

    class State(models.IntegerChoices):  # fsrs.State's values
        LEARNING = 1
        REVIEW = 2
        RELEARNING = 3

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="learning_reviews")
    theme = models.CharField(max_length=20, choices=card_choices)
    seed = models.BigIntegerField(null=True, blank=True)
    hand = models.ForeignKey("games.Hand", on_delete=models.CASCADE, null=True, blank=True,
                             related_name="drill_cards")
    decision = models.PositiveSmallIntegerField(null=True, blank=True)
    spot = models.JSONField(default=dict, blank=True)
    state = models.PositiveSmallIntegerField(choices=State.choices, default=State.LEARNING)
    step = models.PositiveSmallIntegerField(null=True, blank=True, default=0)
    stability = models.FloatField(null=True, blank=True)
    difficulty = models.FloatField(null=True, blank=True)
    last_review = models.DateTimeField(null=True, blank=True)
    due_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "theme", "seed"],
                                    name="one_review_per_question"),
            models.UniqueConstraint(fields=["user", "hand", "decision"],
                                    condition=models.Q(hand__isnull=False),
                                    name="one_card_per_decision"),
            models.CheckConstraint(
                condition=(models.Q(seed__isnull=False, hand__isnull=True, decision__isnull=True)
                           | models.Q(seed__isnull=True, hand__isnull=False,
                                      decision__isnull=False)),
                name="a_card_is_a_question_or_a_decision"),
        ]
        ordering = ["due_at", "id"]

    def __str__(self) -> str:
        what = f"#{self.seed}" if self.seed is not None else f"hand {self.hand_id}:{self.decision}"
        return f"{self.user} {self.theme} {what} due {self.due_at:%Y-%m-%d %H:%M}"


class Rated(models.Model):
    """One answer to a due card and its FSRS rating (the progress page counts them)."""

    class Rating(models.IntegerChoices):  # fsrs.Rating's values
        AGAIN = 1
        HARD = 2
        GOOD = 3
        EASY = 4

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="ratings")
    rating = models.PositiveSmallIntegerField(choices=Rating.choices)
    answer = models.CharField(max_length=40)
    answered_at = models.DateTimeField()

    class Meta:
        ordering = ["-answered_at", "-id"]

    def __str__(self) -> str:
        return f"{self.review}: {self.get_rating_display()}"
