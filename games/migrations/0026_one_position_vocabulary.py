"""Stored positions in the one vocabulary of games/engine/positions.py.

Hand histories named the middle seats of seven to ten players UTG+1, UTG+2, MP and MP+1,
counting from the first to act; the coach named the seat three before the button LJ. Both now
count back from the button (CO, HJ, LJ) and forward from UTG. A stored name is changed by its
place in the table's order, which the hand's player count gives; nothing else changes.
"""

from django.db import migrations

OLD_EARLY = ["UTG", "UTG+1", "UTG+2", "MP", "MP+1"]
CHANGED = {"UTG+1", "UTG+2", "MP", "MP+1"}  # the only names whose seat may be renamed


def old_names(count):
    """The names hand histories used before, in position order (as this migration found them)."""
    if count == 2:
        return ["BB", "BTN"]
    middle = count - 3
    late = ["HJ", "CO"][-middle:] if middle else []
    early = OLD_EARLY[: max(0, middle - 2)]
    return ["SB", "BB", *early, *late, "BTN"]


def new_names(count):
    """games/engine/positions.py's names_for as this migration was written."""
    if count == 2:
        return ["BB", "BTN"]
    middle = count - 3
    near = ["HJ", "CO"][-middle:] if middle else []
    if middle >= 4:
        near = ["LJ", *near]
    early = [f"UTG+{k}" if k else "UTG" for k in range(middle - len(near))]
    return ["SB", "BB", *early, *near, "BTN"]


def renamed(position, players):
    old = old_names(players)
    if position not in old:
        return position
    return new_names(players)[old.index(position)]


def rename(apps, schema_editor):
    ImportedHand = apps.get_model("games", "ImportedHand")
    HandFacts = apps.get_model("games", "HandFacts")
    for row in ImportedHand.objects.filter(position__in=CHANGED):
        row.position = renamed(row.position, row.player_count)
        row.save(update_fields=["position"])
    facts = HandFacts.objects.filter(position__in=CHANGED).select_related("hand", "imported")
    for row in facts:
        if row.hand_id is not None:
            players = len(row.hand.state["players"])
        else:
            players = row.imported.player_count
        row.position = renamed(row.position, players)
        row.save(update_fields=["position"])


class Migration(migrations.Migration):
    dependencies = [("games", "0025_tournament_private_invite")]

    operations = [migrations.RunPython(rename, migrations.RunPython.noop)]
