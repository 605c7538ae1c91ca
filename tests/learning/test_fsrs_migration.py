"""Migration 0090 moves the Leitner queue's rows to fsrs cards: a row at step 0 stays a new
card due when it was; a row at step k becomes a card in review whose stability is the
interval it was waiting (1, 3, 7, 21 days), last reviewed that long before its due date."""

from __future__ import annotations

import importlib
from datetime import timedelta

import fsrs
import pytest
from django.apps import apps
from django.utils import timezone

from learning.drills import judge_answer, make_question
from learning.models import Review
from learning.progress import record
from tests.games.conftest import make_user

pytestmark = pytest.mark.django_db
MIGRATION = importlib.import_module("learning.migrations.0003_fsrs_drill_cards")


def test_leitner_rows_become_fsrs_cards_and_back():
    user = make_user("ada")
    due = timezone.now() + timedelta(hours=5)
    for step in range(5):
        Review.objects.create(user=user, theme="outs", seed=100 + step, step=step, due_at=due)
    MIGRATION.to_fsrs(apps, None)
    first, *rest = Review.objects.order_by("seed")
    assert (first.state, first.step, first.stability, first.due_at) == (
        fsrs.State.Learning.value, 0, None, due)
    good, _log = fsrs.Scheduler(enable_fuzzing=False).review_card(fsrs.Card(), fsrs.Rating.Good)
    for review, days in zip(rest, (1, 3, 7, 21), strict=True):
        assert (review.state, review.step, review.stability, review.difficulty) == (
            fsrs.State.Review.value, None, days, good.difficulty)
        assert review.due_at == due and review.last_review == due - timedelta(days=days)
    MIGRATION.to_leitner(apps, None)  # and back
    assert list(Review.objects.order_by("seed").values_list("step", flat=True)) == [
        0, 1, 2, 3, 4]
    MIGRATION.to_fsrs(apps, None)
    # A migrated card is scheduled by fsrs from there: a right answer when due (Good, no
    # time known) moves it as the library moves the same card.
    question = make_question("outs", 103)
    right = next(str(n) for n in range(question.low, question.high + 1)
                 if judge_answer(question, str(n)).right)
    record(user, question, right, judge_answer(question, right), due)
    mine, _log = fsrs.Scheduler(enable_fuzzing=False).review_card(
        fsrs.Card(state=fsrs.State.Review, step=None, stability=7.0,
                  difficulty=good.difficulty, due=due, last_review=due - timedelta(days=7)),
        fsrs.Rating.Good, review_datetime=due)
    card = Review.objects.get(seed=103)
    assert (card.due_at, card.stability, card.difficulty) == (
        mine.due, mine.stability, mine.difficulty)
    assert card.due_at - due > timedelta(days=7)
