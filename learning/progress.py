"""The one writer of drill progress: record an answer, and pick the next question.

The review queue is scheduled by FSRS (``learning.schedule``). A wrong answer to a new
question files it as a new card, due at once: it is the next question of its theme. Each
answer to a queued question when it is due is rated (wrong: Again; right: Good, Easy when
fast, Hard when slow) and FSRS sets when it comes back. Cards stay in the queue, further
apart as they are remembered.

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
from learning.models import Attempt, Rated, Review, ThemeScore
from learning.schedule import new_card, rate, rating

SEED_LIMIT: Final = 2**48  # fits a BigIntegerField and a signed token


@dataclass(frozen=True)
class Recorded:
    """What recording an answer did."""

    counted: bool  # False: this question was answered before and is not due again
    queued: bool  # the question is in the review queue after this answer
    due_at: datetime | None  # when it comes back (None: it never was in the queue)
    rating: str = ""  # the FSRS rating of an answer to a due card ("Again" ... "Easy")


def new_seed() -> int:
    """A fresh question's seed."""
    return secrets.randbelow(SEED_LIMIT)


def next_question_seed(user: User | None, theme: str, now: datetime
                       ) -> tuple[int, bool]:
    """The seed of the next question of ``theme`` and whether it comes from the review
    queue: a due review first, else a new question."""
    if user is not None:
        due = Review.objects.filter(user=user, theme=theme, seed__isnull=False,
                                    due_at__lte=now).first()
        if due is not None and due.seed is not None:
            return due.seed, True
    return new_seed(), False


def is_due(user: User, theme: str, seed: int, now: datetime) -> bool:
    """Whether this question waits in the user's queue now."""
    return Review.objects.filter(user=user, theme=theme, seed=seed, due_at__lte=now).exists()


def record(user: User, question: Question, answer: str, verdict: Verdict,
           now: datetime, elapsed: timedelta | None = None) -> Recorded:
    """Save an answer, update the theme's score and the review queue, in one transaction
    (``elapsed``: the time the learner took, which the rating of a due card reads)."""
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
        return _reschedule(user, question, review, verdict.right, now, answer, elapsed)


def _reschedule(user: User, question: Question, review: Review | None, right: bool,
                now: datetime, answer: str, elapsed: timedelta | None) -> Recorded:
    if review is None:  # a new question: a wrong answer files it, due at once
        if right:
            return Recorded(True, False, None)
        review = Review(user=user, theme=question.theme, seed=question.seed)
        new_card(review, now)
        review.save()
        return Recorded(True, True, review.due_at)
    given = rating(right, elapsed)
    rate(review, given, now)
    review.save()
    Rated.objects.create(review=review, rating=given.value, answer=answer[:40], answered_at=now)
    return Recorded(True, True, review.due_at, given.name)
