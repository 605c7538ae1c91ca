"""The review queue scheduled by FSRS, with cards for the decisions the coach graded Wrong
or Blunder (issue 46).

The Leitner queue's rows become fsrs cards: one still at step 0 (due at once, never answered
right since) is a new card with its due date; one at step k (answered right k times, due
``INTERVALS[k]`` after that answer) is a card in the Review state whose stability is that
interval in days (FSRS's stability is the interval at which recall is 90%, its target),
reviewed last that interval before its due date, with the difficulty of a first Good
answer. Its due date is kept.
"""

from datetime import timedelta

import django.db.models.deletion
import fsrs
from django.db import migrations, models

import learning.card_themes

LEITNER_DAYS = (0, 1, 3, 7, 21)  # the old learning.progress.INTERVALS, in days


def good_difficulty() -> float:
    card, _log = fsrs.Scheduler(enable_fuzzing=False).review_card(fsrs.Card(), fsrs.Rating.Good)
    assert card.difficulty is not None
    return card.difficulty


def to_fsrs(apps, schema_editor):
    Review = apps.get_model("learning", "Review")
    difficulty = good_difficulty()
    for review in Review.objects.filter(step__gt=0):
        days = LEITNER_DAYS[min(review.step, len(LEITNER_DAYS) - 1)]
        review.state, review.step = fsrs.State.Review.value, None
        review.stability, review.difficulty = float(days), difficulty
        review.last_review = review.due_at - timedelta(days=days)
        review.save(update_fields=["state", "step", "stability", "difficulty", "last_review"])


def to_leitner(apps, schema_editor):
    """Back: a card in review goes to the Leitner step whose interval is nearest its
    stability; a learning card to step 0."""
    Review = apps.get_model("learning", "Review")
    Review.objects.filter(hand__isnull=False).delete()
    for review in Review.objects.all():
        if review.state == fsrs.State.Review.value and review.stability:
            review.step = min(range(1, len(LEITNER_DAYS)),
                              key=lambda k: abs(LEITNER_DAYS[k] - review.stability))
        else:
            review.step = 0
        review.save(update_fields=["step"])


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0035_hole_cards_of_up_to_six_cards"),
        ("learning", "0002_drill_themes_from_the_registry"),
    ]

    operations = [
        migrations.AlterField(
            model_name="review", name="theme",
            field=models.CharField(choices=learning.card_themes.card_choices, max_length=20),
        ),
        migrations.AlterField(
            model_name="review", name="seed",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="review", name="hand",
            field=models.ForeignKey(blank=True, null=True,
                                    on_delete=django.db.models.deletion.CASCADE,
                                    related_name="drill_cards", to="games.hand"),
        ),
        migrations.AddField(
            model_name="review", name="decision",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="review", name="spot",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="review", name="state",
            field=models.PositiveSmallIntegerField(
                choices=[(1, "Learning"), (2, "Review"), (3, "Relearning")], default=1),
        ),
        migrations.AlterField(
            model_name="review", name="step",
            field=models.PositiveSmallIntegerField(blank=True, default=0, null=True),
        ),
        migrations.AddField(
            model_name="review", name="stability",
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="review", name="difficulty",
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="review", name="last_review",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(to_fsrs, to_leitner),
        migrations.AddConstraint(
            model_name="review",
            constraint=models.UniqueConstraint(condition=models.Q(hand__isnull=False),
                                               fields=("user", "hand", "decision"),
                                               name="one_card_per_decision"),
        ),
        migrations.AddConstraint(
            model_name="review",
            constraint=models.CheckConstraint(
                condition=(models.Q(seed__isnull=False, hand__isnull=True, decision__isnull=True)
                           | models.Q(seed__isnull=True, hand__isnull=False,
                                      decision__isnull=False)),
                name="a_card_is_a_question_or_a_decision"),
        ),
        migrations.CreateModel(
            name="Rated",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                           serialize=False, verbose_name="ID")),
                ("rating", models.PositiveSmallIntegerField(
                    choices=[(1, "Again"), (2, "Hard"), (3, "Good"), (4, "Easy")])),
                ("answer", models.CharField(max_length=40)),
                ("answered_at", models.DateTimeField()),
                ("review", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                             related_name="ratings", to="learning.review")),
            ],
            options={"ordering": ["-answered_at", "-id"]},
        ),
    ]
