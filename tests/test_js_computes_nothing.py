"""The browser draws what the server computed (issue 27): the scripts in static/js/ restate
no money formatting, no stack or pot arithmetic and no rule the server already works out.

The positive rule: a script reads only fields that docs/protocol.md documents. A server field
is snake_case (the scripts' own names are camelCase), so every ``.name_with_underscore`` or
``["name"]`` a script reads, and every field it reads of the view's parts (``hand.x``,
``you.x``, ``view.x``, ``tournament.x``, ``viewer.x``, ``seat.x``), must be named in the
document; a field the server starts sending is documented before a page may draw it.

Each pattern below is a computation that was moved to the server, with where it lives now;
the test reads every script and names the file and line that brings one back.
"""

import re
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parent.parent / "static" / "js").glob("*.js"))

# (what it is, a pattern that finds it, where the server computes it)
FORBIDDEN = [
    ("money written with decimals", r"FractionDigits|\.scale\b|\.places\b|\bsymbol\b",
     "Money.format: the replayer's `amounts`"),
    ("winnings subtracted from a stack", r"\bstack\s*-|-\s*\(?\s*won\b|\bwinnings\s*\(",
     "games/felt.py: `stack_before_result`"),
    ("chip fields added up or taken apart",
     r"\b(?:stack|bet|committed|total_pot|amount)\s*[-+]=|"
     r"\.(?:stack|bet|committed|total_pot|amount|max_buy_in|min_buy_in|top_up_queued)\s*[-+*/]\s*\w|"
     r"\w\s*[-+*/]\s*(?:\w+\.)+(?:stack|bet|committed|total_pot|top_up_queued)\b",
     "the engine (replay steps: visibility.chips_now), games/bet_sizes.py"),
    ("the pot measured for a bet size", r"potAfterCall|pot\s*/\s*2|total_pot\s*\+",
     "games/bet_sizes.py: `hand.bet_sizes`"),
    ("the add-chips range worked out", r"max_buy_in\s*-|room\s*=|top_up_queued\s*\|\|",
     "games/add_chips_rule.py: `you.add_chips`"),
    ("the players needed to deal", r"two are ready|>=\s*2\b.*(?:ready|players)",
     "games/engine/lineup.py: `table_state.waiting`"),
]


def code_lines(script: Path) -> list[str]:
    """The script's lines without comments (a comment may name what it no longer does)."""
    text = script.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.DOTALL)
    return [line.split("//", 1)[0] for line in text.splitlines()]


def offending_lines(pattern: str) -> list[str]:
    found = []
    for script in SCRIPTS:
        for number, code in enumerate(code_lines(script), 1):
            if re.search(pattern, code):
                found.append(f"{script.name}:{number}: {code.strip()}")
    return found


def test_there_are_scripts_to_read():
    names = {script.name for script in SCRIPTS}
    assert {"felt.js", "replayer.js", "runout.js", "status.js", "table.js", "actions.js"} <= names


@pytest.mark.parametrize(("what", "pattern", "server"), FORBIDDEN, ids=[f[0] for f in FORBIDDEN])
def test_no_script_computes_what_the_server_sends(what, pattern, server):
    found = offending_lines(pattern)
    assert not found, f"{what} in static/js/ (the server's is in {server}):\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("pattern", "line"),
    [
        (FORBIDDEN[0][1], "const value = Number(n) / money.scale;"),
        (FORBIDDEN[0][1], "minimumFractionDigits: money.places,"),
        (FORBIDDEN[1][1], "stack: seat.stack - (won.get(seat.number) || 0),"),
        (FORBIDDEN[2][1], "player.stack -= event.amount;"),
        (FORBIDDEN[2][1], "const left = seat.stack + seat.bet;"),
        (FORBIDDEN[2][1], "const room = table.max_buy_in - me.stack;"),
        (FORBIDDEN[3][1], "const potAfterCall = hand.total_pot + call;"),
        (FORBIDDEN[4][1], "const room = table.max_buy_in - (table.you.top_up_queued || 0);"),
        (FORBIDDEN[5][1], 'return "Waiting for players: the next hand deals when two are ready.";'),
    ],
)
def test_each_pattern_finds_the_code_it_replaced(pattern, line):
    """The old lines (from before issue 27) are caught: the guard is not empty."""
    assert re.search(pattern, line)


def test_the_replayer_takes_its_chips_from_the_engine():
    """Its steps' stacks, bets and pots are the engine's (visibility.chips_now), not moved
    by the event amounts in games/history/replay/replayer.py."""
    root = SCRIPTS[0].parent.parent.parent
    source = (root / "games" / "history" / "replay" / "replayer.py").read_text()
    assert "chips_now" in source
    moved = re.findall(r'\[\s*"(?:stack|bet|committed)"\s*\]\s*[-+]=', source)
    assert not moved, moved


PROTOCOL = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
VIEW_PARTS = r"\b(?:hand|you|view|tournament|viewer|seat)\.([a-z][a-z0-9_]*)\b"
# A bracket read follows a name or a closing bracket (``["sign"]`` alone is an array).
SERVER_FIELD = r"\.([a-z][a-z0-9]*_[a-z0-9_]+)\b|(?<=[\w)\]])\[\"([a-z][a-z0-9_]*)\"\]"


def fields_read(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, field) for each server field the lines read."""
    found = []
    for number, code in enumerate(lines, 1):
        for match in re.finditer(f"{SERVER_FIELD}|{VIEW_PARTS}", code):
            found.append((number, next(group for group in match.groups() if group)))
    return found


def undocumented(documentation: str, lines: list[str], name: str) -> list[str]:
    documented = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", documentation))
    return [f"{name}:{number}: {field}" for number, field in fields_read(lines)
            if field not in documented]


def test_every_field_a_script_reads_is_documented_in_the_protocol():
    documentation = PROTOCOL.read_text(encoding="utf-8")
    found = [line for script in SCRIPTS
             for line in undocumented(documentation, code_lines(script), script.name)]
    assert not found, "fields read by scripts but not in docs/protocol.md:\n" + "\n".join(found)


def test_the_rule_finds_a_field_the_document_does_not_name():
    """Broken on purpose: a script reading a field nobody documented."""
    lines = ["const label = hand.game_label;", "if (you.secret_plan) draw(view.made_up);",
             "// hand.in_a_comment is not read", 'row["undocumented_key"]']
    documentation = "`hand.game_label`"
    assert undocumented(documentation, code_lines_of("\n".join(lines)), "x.js") == [
        "x.js:2: secret_plan", "x.js:2: made_up", "x.js:4: undocumented_key"]


def code_lines_of(text: str) -> list[str]:
    return [line.split("//", 1)[0] for line in text.splitlines()]
