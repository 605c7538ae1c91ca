"""PokerStars hand histories that several test modules (and the browser tests) read."""

from pathlib import Path

# The real PokerStars files of tests/history/test_pokerstars_import.py.
DATA = Path(__file__).parent / "data" / "pokerstars"

# Hero's aces against kings, all in on the turn; a king comes on the river.
ACES_CRACKED = """\
PokerStars Hand #300000000001:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 20:00:00 ET
Table 'Test I' 6-max Seat #1 is the button
Seat 1: Hero ($100 in chips)
Seat 2: Villain ($100 in chips)
Hero: posts small blind $0.50
Villain: posts big blind $1
*** HOLE CARDS ***
Dealt to Hero [Ah As]
Hero: raises $2 to $3
Villain: calls $2
*** FLOP *** [2c 7d 9h]
Villain: checks
Hero: bets $4
Villain: calls $4
*** TURN *** [2c 7d 9h] [Jc]
Villain: bets $93 and is all-in
Hero: calls $93 and is all-in
*** SHOW DOWN ***
Villain: shows [Kd Kc] (a pair of Kings)
Hero: shows [Ah As] (a pair of Aces)
*** RIVER *** [2c 7d 9h Jc] [Kh]
Villain collected $199 from pot
*** SUMMARY ***
Total pot $200 | Rake $1
Board [2c 7d 9h Jc Kh]
Seat 1: Hero (button) (small blind) showed [Ah As] and lost with a pair of Aces
Seat 2: Villain (big blind) showed [Kd Kc] and won ($199) with three of a kind, Kings
"""
