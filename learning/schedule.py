"""The review queue's schedule: FSRS (the ``fsrs`` package) over ``Review`` rows.

A card is filed new, due at once (a wrong drill answer, or a decision the coach graded Wrong
or Blunder). Each answer to it when due is rated Again, Hard, Good or Easy (``rating``) and
FSRS moves its due date, stability and difficulty. The rating rule (docs/learning.md):

- wrong (a drill's wrong answer, or a spot's option the coach grades Inaccuracy or worse): Again;
- right but slow (``SLOW`` or more), or a spot's close second option (graded Correct): Hard;
- right (a spot's best option, graded Best): Good;
- right within ``FAST``: Easy.

Fuzzing is off, so the same answers at the same times give the same schedule.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

import fsrs

from learning.models import Review

SCHEDULER: Final = fsrs.Scheduler(enable_fuzzing=False)
FAST: Final = timedelta(seconds=10)
SLOW: Final = timedelta(seconds=60)
RATING_NAMES: Final = {rating.value: rating.name for rating in fsrs.Rating}  # 1: "Again"


def rating(right: bool, elapsed: timedelta | None, close: bool = False) -> fsrs.Rating:
    """The rating of one answer (see the module docstring); ``elapsed`` is the time from
    showing the question to the answer (None: not known, never Easy nor slow).

    >>> rating(False, None).name, rating(True, timedelta(seconds=3)).name
    ('Again', 'Easy')
    >>> rating(True, timedelta(seconds=30)).name, rating(True, timedelta(minutes=5)).name
    ('Good', 'Hard')
    >>> rating(True, timedelta(seconds=3), close=True).name
    'Hard'
    """
    if not right:
        return fsrs.Rating.Again
    if close or (elapsed is not None and elapsed >= SLOW):
        return fsrs.Rating.Hard
    if elapsed is not None and elapsed < FAST:
        return fsrs.Rating.Easy
    return fsrs.Rating.Good


def new_card(review: Review, now: datetime) -> None:
    """Set ``review``'s schedule to a new card's, due at ``now`` (not saved)."""
    card = fsrs.Card(due=now)
    _store(review, card)


def card_of(review: Review) -> fsrs.Card:
    """The fsrs card a row holds."""
    return fsrs.Card(card_id=review.pk or 0, state=fsrs.State(review.state), step=review.step,
                     stability=review.stability, difficulty=review.difficulty,
                     due=review.due_at, last_review=review.last_review)


def rate(review: Review, given: fsrs.Rating, now: datetime) -> None:
    """Move ``review``'s schedule by one answer rated ``given`` at ``now`` (not saved)."""
    card, _log = SCHEDULER.review_card(card_of(review), given, review_datetime=now)
    _store(review, card)


def _store(review: Review, card: fsrs.Card) -> None:
    review.state, review.step = card.state.value, card.step
    review.stability, review.difficulty = card.stability, card.difficulty
    review.due_at, review.last_review = card.due, card.last_review
