"""The bots' registry is checked at start-up (games/bots/checks.py): each incomplete
declaration, made on purpose here, is an error that names it."""

import dataclasses

from django.core import checks

from games.bots.checks import roster_problems
from games.bots.roster import BOT_STYLES, STRENGTHS, BotStyle, Strength
from games.bots.styles import calling_station


def ids(found: list[checks.CheckMessage]) -> list[str]:
    return [message.id or "" for message in found]


def test_the_roster_as_declared_has_no_problem():
    assert roster_problems(BOT_STYLES, STRENGTHS) == []


def test_a_style_with_too_few_names_for_a_full_table_is_an_error():
    short = BotStyle("shy", "Shy", calling_station, ("Sam", "Sue"))
    found = roster_problems({**BOT_STYLES, "shy": short}, STRENGTHS)
    assert ids(found) == ["bots.E003"] and "'shy' has 2 names" in found[0].msg


def test_a_name_of_two_styles_a_key_too_long_to_store_and_a_misfiled_style_are_errors():
    copycat = dataclasses.replace(BOT_STYLES["random"], key="a_style_name_longer_than_twenty",
                                  names=BOT_STYLES["coach"].names)
    found = roster_problems({**BOT_STYLES, "copycat": copycat}, STRENGTHS)
    assert sorted(ids(found)) == ["bots.E001", "bots.E002", "bots.E004"]
    assert "Coco" in next(m.msg for m in found if m.id == "bots.E004")


def test_a_strength_naming_a_style_that_does_not_exist_is_an_error():
    strengths = {**STRENGTHS, "wild": Strength("wild", "Wild", ("maniac",))}
    found = roster_problems(BOT_STYLES, strengths)
    assert ids(found) == ["bots.E005"] and "'maniac'" in found[0].msg


def test_the_check_is_registered_with_django():
    registered = checks.registry.registry.get_checks()
    assert any(check.__module__ == "games.bots.checks" for check in registered)
