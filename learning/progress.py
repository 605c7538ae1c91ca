"""The one writer of learning progress: record an answer, and pick the next question.

The review queue is a small Leitner-style schedule. A wrong answer puts the question in
the queue due at once: it is the next question of its theme. Each right answer to a queued
question moves it one step along ``INTERVALS`` (due again 1, 3, 7 and 21 days later); after
the last step it leaves the queue. A wrong answer on the way sends it back to step 0.

Each question is counted once, unless it is due in the queue: posting an answer again (a
reload, a second tab) shows the verdict but changes nothing.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F

from learning.drills import Question, Verdict
from learning.models import Attempt, Review, ThemeScore

# Due again after each step: at once (the next question), then 1, 3, 7 and 21 days.
INTERVALS: Final = (timedelta(0), timedelta(days=1), timedelta(days=3), timedelta(days=7),
                    timedelta(days=21))
SEED_LIMIT: Final = 2**48  # fits a BigIntegerField and a signed token


@dataclass(frozen=True)
class Recorded:
    """What recording an answer did."""

    counted: bool  # False: this question was answered before and is not due again
    queued: bool  # the question is in the review queue after this answer
    due_at: datetime | None  # when it comes back (None: it left the queue, or never was)


def new_seed() -> int:
    """A fresh question's seed."""
    return secrets.randbelow(SEED_LIMIT)


def next_question_seed(user: User | None, theme: str, now: datetime
                       ) -> tuple[int, bool]:
    """The seed of the next question of ``theme`` and whether it comes from the review
    queue: a due review first, else a new question."""
    if user is not None:
        due = Review.objects.filter(user=user, theme=theme, due_at__lte=now).first()
        if due is not None:
            return due.seed, True
    return new_seed(), False


def is_due(user: User, theme: str, seed: int, now: datetime) -> bool:
    """Whether this question waits in the user's queue now."""
    return Review.objects.filter(user=user, theme=theme, seed=seed, due_at__lte=now).exists()


def record(user: User, question: Question, answer: str, verdict: Verdict,
           now: datetime) -> Recorded:
    """Save an answer, update the theme's score and the review queue, in one transaction."""
    theme, seed = question.theme, question.seed
    with transaction.atomic():
        # The score row is locked first: two tabs posting the same answer at once queue here,
        # and the second finds the first's attempt.
        score, _ = ThemeScore.objects.select_for_update().get_or_create(user=user, theme=theme)
        review = Review.objects.select_for_update().filter(user=user, theme=theme,
                                                           seed=seed).first()
        from_review = review is not None and review.due_at <= now
        seen = Attempt.objects.filter(user=user, theme=theme, seed=seed).exists()
        if seen and not from_review:
            return Recorded(False, review is not None, review.due_at if review else None)
        Attempt.objects.create(user=user, theme=theme, seed=seed, answer=answer,
                               right=verdict.right, from_review=from_review, answered_at=now)
        if verdict.right:
            ThemeScore.objects.filter(pk=score.pk).update(
                attempts=F("attempts") + 1, right=F("right") + 1, streak=F("streak") + 1)
            ThemeScore.objects.filter(pk=score.pk, best_streak__lt=F("streak")).update(
                best_streak=F("streak"))
        else:
            ThemeScore.objects.filter(pk=score.pk).update(attempts=F("attempts") + 1, streak=0)
        return _reschedule(user, question, review, verdict.right, now)


def _reschedule(user: User, question: Question, review: Review | None,
                right: bool, now: datetime) -> Recorded:
    if not right:
        if review is None:
            review = Review(user=user, theme=question.theme, seed=question.seed)
        review.step, review.due_at = 0, now + INTERVALS[0]
        review.save()
        return Recorded(True, True, review.due_at)
    if review is None:
        return Recorded(True, False, None)
    if review.step + 1 >= len(INTERVALS):
        review.delete()
        return Recorded(True, False, None)
    review.step += 1
    review.due_at = now + INTERVALS[review.step]
    review.save()
    return Recorded(True, True, review.due_at)
